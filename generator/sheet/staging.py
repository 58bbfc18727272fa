"""All-or-nothing output: a command writes all its files or none of them.

Usage, for any command that writes several files (``build`` writes a dozen; ``counters --svg``
writes a PDF and a folder of SVGs)::

    with Staging() as stage:
        write_pieces_pdf(stage.path(out / "counters.pdf"), ...)
        write_calibration_pdf(stage.path(out / "calibration.pdf"), ...)
        stage.remove(out / "old-file.svg")      # deleted only if everything else lands
    # here every file is in place; on an exception none was touched

`Staging.path` returns where to write a file now: a hidden staging folder
(``.havoc-staging-*``) beside its final place, so the final move is a rename on the same file
system. Writers keep writing atomically there (render_pdf.atomic_file). Nothing is moved until
the ``with`` block ends without an error; then `commit` first checks every target (a directory
or a device in the way is refused, one line), moves each existing file aside, moves the new one
in, and if any move fails puts every old file back. Staging folders are always removed. A
failure in the last file of a build therefore leaves the previous build intact, HOW-TO-PRINT
included. `final` maps a staged path back to the path the user named (for messages).

`whole_folder` stages a folder that the run rewrites whole (an export's ``DIR/TARGET``): it is
written as a new folder beside the old one and swapped in on commit (the old one moved aside,
and deleted only once everything has landed), so the folder ends up holding exactly what this
run wrote, and a failure leaves the old folder as it was.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from types import TracebackType

from companion.errors import InputError
from generator.sheet.files import regular_target

PREFIX = ".havoc-staging-"


class Staging:
    """Files written aside and moved into place together (see the module docstring)."""

    def __init__(self) -> None:
        self._dirs: dict[Path, Path] = {}  # final folder -> its staging folder
        self._files: dict[Path, Path] = {}  # staged path -> final path (symlinks resolved)
        self._named: dict[Path, Path] = {}  # staged path -> the path as the user named it
        self._removals: list[Path] = []
        self._folders: dict[Path, Path] = {}  # staged folder -> the folder it replaces
        self._created: list[Path] = []  # folders made here, deepest first
        self._committed = False

    def __enter__(self) -> Staging:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        try:
            if kind is None:
                self.commit()
        finally:
            self.cleanup()

    def folder(self, directory: str | os.PathLike[str]) -> Path:
        """The staging folder for files that will end up in ``directory`` (made on demand);
        a ``directory`` that cannot be made or written is refused here, before any output."""
        final = Path(directory)
        key = Path(os.path.abspath(final))
        if key not in self._dirs:
            if final.exists() and not final.is_dir():
                raise InputError("cannot write there: it is a file, not a folder", final)
            missing = [p for p in (final, *final.parents) if not p.exists()]
            try:
                final.mkdir(parents=True, exist_ok=True)
                self._created += missing
                self._dirs[key] = Path(tempfile.mkdtemp(prefix=PREFIX, dir=final))
            except OSError as exc:
                raise InputError(f"cannot write there: {exc.strerror or exc}", final) from None
        return self._dirs[key]

    def path(self, target: str | os.PathLike[str]) -> Path:
        """Where to write ``target`` now; it is moved to ``target`` on commit. A symlink is
        written through (staged beside its final target); a directory or device in the way
        is refused now, before anything is written."""
        named = Path(target)
        self.folder(named.parent)  # the folder the user named must exist or be made
        final = regular_target(named)
        staged = self.folder(final.parent) / final.name
        self._files[staged] = final
        self._named[staged] = named
        return staged

    def whole_folder(self, directory: str | os.PathLike[str]) -> Path:
        """A new, empty folder to write ``directory``'s whole content into now; on commit it
        replaces ``directory`` (whatever that held is gone, once everything has landed)."""
        final = Path(directory)
        if final.is_symlink() or (final.exists() and not final.is_dir()):
            raise InputError("cannot write there: it is not a folder", final)
        staged = Path(tempfile.mkdtemp(prefix=final.name + "-", dir=self.folder(final.parent)))
        self._folders[staged] = final
        return staged

    def final(self, staged: str | os.PathLike[str]) -> Path:
        """The path the user named for a staged path (itself if it is not staged)."""
        return self._named.get(Path(staged), Path(staged))

    def remove(self, target: str | os.PathLike[str]) -> None:
        """Delete ``target`` on commit (a stale file from a previous run), not before."""
        self._removals.append(Path(target))

    def commit(self) -> None:
        """Move every staged file into place, or none (old files are restored on failure)."""
        moves = [
            (staged, regular_target(final))
            for staged, final in self._files.items()
            if staged.exists()
        ]
        removals = [p for p in self._removals if p.is_file() or p.is_symlink()]
        done: list[tuple[Path, Path | None]] = []  # (final, its backup or None)
        try:
            for index, (staged, final) in enumerate(self._folders.items()):
                backup = None
                if final.exists():
                    backup = staged.parent / f".old-folder-{index}"
                    os.replace(final, backup)
                done.append((final, backup))
                os.replace(staged, final)
            for index, (staged, final) in enumerate(moves):
                backup = None
                if final.exists() or final.is_symlink():
                    backup = staged.parent / f".old-{index}"
                    os.replace(final, backup)
                done.append((final, backup))
                os.replace(staged, final)
            for index, path in enumerate(removals):
                backup = self.folder(path.parent) / f".removed-{index}"
                os.replace(path, backup)
                done.append((path, backup))
        except OSError as exc:
            for final, backup in reversed(done):
                if final.is_dir() and not final.is_symlink():  # a swapped-in folder
                    shutil.rmtree(final, ignore_errors=True)
                elif backup is None:
                    final.unlink(missing_ok=True)
                if backup is not None and backup.exists():
                    os.replace(backup, final)
            raise InputError(f"cannot write: {exc.strerror or exc}; nothing was changed") from None
        self._committed = True

    def cleanup(self) -> None:
        """Remove every staging folder (and whatever is left in it); without a commit, also
        the (empty) output folders made for it."""
        for folder in self._dirs.values():
            shutil.rmtree(folder, ignore_errors=True)
        self._dirs.clear()
        if not self._committed:
            for folder in sorted(self._created, key=lambda f: -len(f.parts)):  # deepest first
                try:
                    folder.rmdir()
                except OSError:
                    pass
