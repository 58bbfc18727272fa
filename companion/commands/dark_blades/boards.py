"""The board a map lookup is played on, as the CLI names it: a map (by name or file) or a
layout (``--layout raid``: maps laid together, hexes named ``mill:C4``).

Shared by `havoc los` and `havoc missile --map` (`maps`, `map_shot`) and `havoc swim`, apart
from them so that `havoc swim` reads the board without importing the line of sight.
"""

from __future__ import annotations

from companion.dark_blades.layouts import find_layout, layout_by_path
from companion.dark_blades.maps import HexMap, is_file_path, map_named
from companion.data import Cards
from companion.errors import InputError


def board(cards: Cards, map_name: str | None, layout: str | None, source_only: bool) -> HexMap:
    """The map named, or the layout (maps laid together, hexes named ``mill:C4``); either by
    its name or as a file by its path (a layouts file: its one layout, or ``FILE#KEY``)."""
    if layout is not None:
        if map_name is not None:
            raise InputError(f"give a map or --layout {layout}, not both")
        if is_file_path(layout):
            return layout_by_path(cards, layout, source_only)
        return find_layout(cards, layout, source_only)
    if map_name is None:
        raise InputError("give a map (arena, mill) or --layout LAYOUT (raid)")
    return map_named(cards, map_name, source_only)
