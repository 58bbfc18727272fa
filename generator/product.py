"""What a game package declares to the generator: its `havoc-pnp` commands, what `build` makes
of it, and its reference sheets.

Each game package (`generator/<game>/__init__.py`) holds one `PRINTING = Printing(...)`; the
registry (`companion/registry.py`, read through `generator/registry.py`) lists the packages.
Commands and makers are named ``"module:attribute"`` and imported only when used.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from companion.data import Cards
    from generator.howto import Written
    from generator.sheet.options import SheetOptions


@dataclass(frozen=True)
class Run:
    """One `havoc-pnp build`, as every product's maker sees it.

    ``cards_dir``: the user's ``--cards DIR`` (None for the kit's own cards); ``margin_given``:
    ``--margin`` was given (else a product may use its own). Files go through ``stage`` (a
    `generator.sheet.staging.Staging`): `path` names where a file is written.
    """

    cards: Cards
    cards_dir: Path | None
    source_only: bool
    sheet: SheetOptions
    stage: Any
    out_dir: Path
    margin_given: bool = False

    def path(self, name: str) -> Path:
        """Where to write the build's file ``name`` (staged: moved into place at the end)."""
        return self.stage.path(self.out_dir / name)

    def folder(self) -> Path:
        """The staged output folder, for writers that name their own files."""
        return self.stage.folder(self.out_dir)


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
    ``"module:function"``, a function of a `Run` returning the files it made (`Made`)."""

    label: str
    make: str
    files: tuple[str, ...] = ()


AidKind = Literal["tables", "aid", "sheets"]


@dataclass(frozen=True)
class Aid:
    """A reference sheet, read at the table rather than cut.

    ``write`` is ``"module:function"``: ``(path, cards, page, source_only) -> (pages, what)``.
    ``kind`` orders them (every game's ``"tables"``, then each ``"aid"``, then ``"sheets"``;
    by file name within a kind): `havoc-pnp aids` writes the tables and aids, `build` all
    three. A sheet the paper cannot hold (`PaperTooSmall`) is left out of `build` with a
    warning (and removed from its folder); any other error fails the build.
    """

    file: str
    write: str
    kind: AidKind = "aid"
    what: str = ""  # a few words for `havoc-pnp aids --help`


@dataclass(frozen=True)
class Printing:
    """One game's contribution to the generator: ``commands`` (`havoc-pnp` subcommands,
    ``"name": "module:attribute"``), ``products`` (what `build` makes, in this order, after
    the games listed before it) and ``aids`` (its reference sheets)."""

    commands: dict[str, str] = field(default_factory=dict)
    products: tuple[Product, ...] = ()
    aids: tuple[Aid, ...] = ()
