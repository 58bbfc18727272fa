"""The board a map lookup is played on, as the CLI names it: a map (by name or file) or a
layout (``--layout raid``: maps laid together, hexes named ``mill:C4``).

Shared by `havoc los` and `havoc missile --map` (`maps`, `map_shot`) and `havoc swim`, apart
from them so that `havoc swim` reads the board without importing the line of sight.
"""

from __future__ import annotations

import os

from companion.dark_blades.layouts import find_layout
from companion.dark_blades.maps import HexMap, find_map, map_by_path
from companion.data import Cards
from companion.errors import InputError


def board(cards: Cards, map_name: str | None, layout: str | None, source_only: bool) -> HexMap:
    """The map named, or the layout (maps laid together, hexes named ``mill:C4``)."""
    if layout is not None:
        if map_name is not None:
            raise InputError(f"give a map or --layout {layout}, not both")
        return find_layout(cards, layout, source_only)
    if map_name is None:
        raise InputError("give a map (arena, mill) or --layout LAYOUT (raid)")
    if map_name.endswith(".toml") or "/" in map_name or os.sep in map_name:
        return map_by_path(cards, map_name, source_only)
    return find_map(cards, map_name, source_only)
