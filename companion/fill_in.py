"""Where a user fills in what the source rules lost, without editing the kit's own files.

The kit's cards/ lies inside the installed package (site-packages after a wheel install) and is
replaced on upgrade, so for a kit file the advice is: copy it to YOUR-CARDS/<game>/<file>, fill
the cell in there and point the companion at YOUR-CARDS. A file that is already the user's own
copy is filled in where it is. Paths are shown relative to the cards root. This module names
the values (the file, whose it is, where to copy it); the advice in words, with the option that
points at the copy, is the front ends' (`companion.text.fill_in`).
"""

from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from companion.data import Cards, kit_cards_dir
from companion.errors import display_path

YOURS = "YOUR-CARDS"


class FillIn(NamedTuple):
    """One gap to fill in: the file (relative to the cards root), where it is, whose it is."""

    relative: str  # e.g. "dark-blades/crt.toml"
    path: Path  # the file read
    own: bool  # the user's copy: fill it in there; else copy the kit's first

    def target(self) -> str:
        """The file to edit: the user's copy, or YOUR-CARDS/<relative> for a kit file."""
        return display_path(self.path) if self.own else f"{YOURS}/{self.relative}"


def locate(cards: Cards, path: Path) -> FillIn:
    """Where ``path`` (a file ``cards`` found) sits: relative to its cards root, and whose."""
    return _located(cards.root, cards.default, path)


@lru_cache(maxsize=64)
def _located(root: Path, default: Path, path: Path) -> FillIn:
    """`locate`, worked out once per cards and file (a lookup on the phone asks it on every
    request). A path `Cards.path` made lies under one of the roots as written; another is
    compared with each root resolved (links followed)."""
    resolved = path.resolve()
    kit = kit_cards_dir()
    own = not resolved.is_relative_to(kit.resolve())
    roots = (root, default, kit)
    for base in roots:
        if path.is_relative_to(base):
            return FillIn(path.relative_to(base).as_posix(), path, own)
    for base in roots:
        if resolved.is_relative_to(base.resolve()):
            return FillIn(resolved.relative_to(base.resolve()).as_posix(), path, own)
    return FillIn(path.name, path, own)
