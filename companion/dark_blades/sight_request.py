"""The line of sight's request parser, shared by `havoc los` (and `havoc missile --map`) and the
phone's map page: the firer's hex and the target's one hex or a horseman's two, as typed, on a
board (a map or a layout, `HexMap`; a layout names its hexes ``mill:C4`` and adds its reading)
into a typed `SightRequest`; each refusal a `companion.errors.FieldError` naming one of
`SIGHT_FIELDS`, which each front end says in its own words (the command its argument or option,
the page its label). `sight` answers it. As `fight_form` does for a fight by name.
"""

from collections.abc import Mapping
from typing import Any, NamedTuple

from companion.dark_blades.hexgrid import Hex
from companion.dark_blades.maps import HexMap
from companion.dark_blades.request_fields import text, words
from companion.dark_blades.sight import (
    HORSE_FIELD,
    Sight,
    check_horse,
    horse_sight,
    line_of_sight,
    load_sight,
)
from companion.data import Cards
from companion.errors import FieldError

SIGHT_FIELDS = ("origin", HORSE_FIELD)  # FROM, and TO: one hex or a horseman's two


class SightRequest(NamedTuple):
    """A line of sight, parsed: the board, the firer's hex and the target's one hex or a
    horseman's two neighbouring hexes (checked: passable to horses)."""

    board: HexMap
    origin: Hex
    targets: tuple[Hex, ...]


def sight_request(cards: Cards, board: HexMap, values: Mapping[str, Any]) -> SightRequest:
    """``origin`` (FROM) and ``target_hexes`` (TO: one hex, or a horseman's two, as ``K3,K4``
    in one string or one hex a string) on ``board``."""
    origin = text(values, "origin")
    if not origin:
        raise FieldError("origin", None, "give the firer's hex (D13)")
    start = board.hex(origin)
    parts = [p.strip() for t in words(values, HORSE_FIELD) for p in t.split(",")]
    hexes = tuple(board.hex(p) for p in parts)  # ``K3,``: a blank hex is refused
    if not hexes:
        raise FieldError(HORSE_FIELD, None, "give the target's hex (D13)")
    if start in hexes:  # no line to draw, and no shot: closer than adjacent
        here = ",".join(board.label(h) for h in hexes)
        raise FieldError(HORSE_FIELD, here, "the firer's own hex; give another hex", echo=True)
    if len(hexes) > 1:
        check_horse(board, cards, hexes)
    return SightRequest(board, start, hexes)


def sight(cards: Cards, asked: SightRequest) -> Sight:
    """Range, line of sight and cover for ``asked``; on a layout, its reading joins the
    sight's readings (which edges meet is the kit's)."""
    rules, m = load_sight(cards), asked.board
    if len(asked.targets) == 1:
        s = line_of_sight(m, rules, asked.origin, asked.targets[0])
    else:
        s = horse_sight(m, rules, asked.origin, (asked.targets[0], asked.targets[1]))
    return s if m.reading is None else s._replace(readings=(*s.readings, m.reading))
