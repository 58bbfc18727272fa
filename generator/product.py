"""What a game package declares to the generator: its `havoc-pnp` commands, what `build` makes
of it, and its reference sheets; and the one protocol every product of `build` follows.

Each game package (`generator/<game>/__init__.py`) holds one `PRINTING = Printing(...)`; the
registry (`companion/registry.py`, read through `generator/registry.py`) lists the packages.
Commands and makers are named ``"module:attribute"`` and imported only when used.

The protocol: a `Product` names a maker, a function of the `Run` that returns one `Made` per
file it wrote, each made by `Run.made` (which gives it the path the user named). The kit's own
products (the calibration sheet, the reference sheets of every game) are `Product`s too
(`generator.registry.products`), so `build` runs one loop and prints one line per `Made`
(`generator.commands.common.say`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from companion.data import Cards
    from generator.howto import Written
    from generator.sheet.options import SheetOptions
    from generator.sheet.render_pdf import PdfStats


@dataclass(frozen=True)
class Run:
    """One `havoc-pnp build`, as every product's maker sees it.

    ``cards_dir``: the user's ``--cards DIR`` (None for the kit's own cards); ``margin_given``:
    ``--margin`` was given (else a product may use its own). Files go through ``stage`` (a
    `generator.sheet.staging.Staging`): `path` names where a file is written. ``skipped``:
    (file, why) of each file left out because the paper cannot hold it (`leave_out`).
    ``hexes``: the maps' ``--hex`` (roomy or tight).
    """

    cards: Cards
    cards_dir: Path | None
    source_only: bool
    sheet: SheetOptions
    stage: Any
    out_dir: Path
    margin_given: bool = False
    skipped: list[tuple[str, str]] = field(default_factory=list)
    hexes: str = "roomy"  # --hex: the maps' hex size (roomy or tight)

    def path(self, name: str) -> Path:
        """Where to write the build's file ``name`` (staged: moved into place at the end)."""
        return self.stage.path(self.out_dir / name)

    def folder(self) -> Path:
        """The staged output folder, for writers that name their own files."""
        return self.stage.folder(self.out_dir)

    def made(self, stats: PdfStats, what: str, said: str, **written: Any) -> Made:
        """The record of one file a maker wrote into the staged folder (``stats.path``, staged
        by `path` or written into `folder`): ``what`` for HOW-TO-PRINT, ``said`` for the line
        printed, ``written`` the rest of its `generator.howto.Written` (kind, duplex, notes...).
        Its stats name the file where the build puts it."""
        from generator.howto import Written

        final = self.stage.final(self.path(stats.path.name))
        return Made(Written(replace(stats, path=final), what, **written), said)

    def leave_out(self, files: tuple[str, ...], why: str) -> None:
        """Files the paper cannot hold: an earlier build's copies are removed when the build
        lands (none is left stale), and HOW-TO-PRINT says why (`skipped`)."""
        for name in files:
            self.stage.remove(self.out_dir / name)
            self.skipped.append((name, why))


@dataclass(frozen=True)
class Made:
    """One file `build` made: what HOW-TO-PRINT says of it, and the line printed for it."""

    written: Written  # its path the final one (not the staged one)
    said: str


@dataclass(frozen=True)
class Product:
    """Something `build` makes. ``label`` names it in the warning when the paper cannot hold
    it (`PaperTooSmall`: that product is left out, the rest is built, and its ``files`` from
    an earlier build are removed from the folder, so none is left stale); ``make`` is
    ``"module:function"``, a function of a `Run` returning one `Made` (`Run.made`) per file."""

    label: str
    make: str
    files: tuple[str, ...] = ()


SheetKind = Literal["tables", "aid", "sheets"]


@dataclass(frozen=True)
class ReferenceSheet:
    """A reference sheet, read at the table rather than cut: the results tables, a game's
    player aid, the scenario sheets. `build` makes them all as one product, "the reference
    sheets" (`generator.commands.build.build_reference_sheets`); `havoc-pnp aids` the tables
    and the player aids.

    ``write`` is ``"module:function"``: ``(path, cards, page, source_only) -> (pages, what)``.
    ``kind`` orders them (every game's ``"tables"``, then each ``"aid"``, then ``"sheets"``;
    by file name within a kind). A sheet the paper cannot hold (`PaperTooSmall`) is left out
    of `build` with a warning (and removed from its folder); any other error fails the build.
    """

    file: str
    write: str
    kind: SheetKind = "aid"
    what: str = ""  # a few words for `havoc-pnp aids --help`


@dataclass(frozen=True)
class Printing:
    """One game's contribution to the generator: ``commands`` (`havoc-pnp` subcommands,
    ``"name": "module:attribute"``), ``products`` (what `build` makes, in this order, after
    the games listed before it) and ``sheets`` (its reference sheets)."""

    commands: dict[str, str] = field(default_factory=dict)
    products: tuple[Product, ...] = ()
    sheets: tuple[ReferenceSheet, ...] = ()
