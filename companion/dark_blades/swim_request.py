"""The swim's request parser, shared by `havoc swim` and the phone's swim page: the swimmer's
hex on a board, real dice's faces, hurt or not, a seed, into a typed `SwimRequest`; each
refusal a `companion.errors.FieldError` naming one of `SWIM_FIELDS`, which each front end says
in its own words. `swim_answer` answers it (`water.swim`).
"""

from collections.abc import Mapping
from typing import Any, NamedTuple

from companion.dark_blades.hexgrid import Hex
from companion.dark_blades.maps import HexMap
from companion.dark_blades.request_fields import text, whole, words
from companion.dark_blades.water import Swim, load_rules, swim
from companion.data import Cards
from companion.errors import FieldError
from companion.numbers import is_whole

SWIM_FIELDS = ("hex", "die", "hurt", "seed")


class SwimRequest(NamedTuple):
    """A swim, parsed: the board, the swimmer's hex, real dice's faces in the order rolled
    (the rest rolled, by ``seed``), and whether he is wounded or stunned."""

    board: HexMap
    start: Hex
    faces: tuple[int, ...] = ()
    hurt: str | None = None
    seed: int | None = None


def swim_request(board: HexMap, values: Mapping[str, Any]) -> SwimRequest:
    """``hex`` on ``board``; ``die``: real dice's faces, in the order rolled (a list of words,
    or one string of faces apart by spaces or commas; `water.swim` refuses faces no table
    rolls); ``hurt`` (blank: neither); ``seed``."""
    typed = text(values, "hex")
    if not typed:
        raise FieldError("hex", None, "give the swimmer's hex (G8)")
    start = board.hex(typed)
    faces = [f for t in words(values, "die") for f in t.replace(",", " ").split()]
    bad = [f for f in faces if not (is_whole(f) and len(f) <= 2)]
    if bad:
        raise FieldError("die", bad[0], f"expected die faces (whole numbers), got {bad[0]!r}")
    hurt = text(values, "hurt") or None  # `water.swim` refuses any but wounded, stunned
    seed = whole(values, "seed", 0, "a whole number")
    return SwimRequest(board, start, tuple(int(f) for f in faces), hurt, seed)


def swim_answer(cards: Cards, asked: SwimRequest) -> Swim:
    """Where the current takes the swimmer of ``asked`` (`water.swim`)."""
    return swim(asked.board, load_rules(cards), asked.start, asked.faces, asked.seed, asked.hurt)
