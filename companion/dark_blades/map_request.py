"""One request parser per map lookup, shared by the `havoc` commands and the phone pages: the
line of sight (`havoc los`, the map page's tapped hexes), the shot from the map (`havoc missile
--map`, the map page's shooter and target) and the swim (`havoc swim`, the swim page).

Each parser takes the fields as the front end received them (strings, or a list of strings
where a command takes several words) on a board (a map or a layout, `HexMap`; a layout names
its hexes ``mill:C4`` and adds its reading) and returns a typed request; each refusal is a
`companion.errors.FieldError` naming one of `SIGHT_FIELDS`, `SHOT_FIELDS` or `SWIM_FIELDS`,
which each front end says in its own words (the command its option or argument, the page its
label). `sight`, `shot` and `swim_answer` answer the requests. As `fight_form` does for a fight
by name: the front ends gather strings and present the record, they cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.dark_blades import combat as c
from companion.dark_blades import combat_form, pieces
from companion.dark_blades.completion import cell_source
from companion.dark_blades.crt import Crt
from companion.dark_blades.fight import Fighter
from companion.dark_blades.hexgrid import Hex
from companion.dark_blades.lookups import MissileRequest
from companion.dark_blades.map_fire import fire_on_map, named_shot
from companion.dark_blades.maps import HexMap
from companion.dark_blades.missiles import TARGETS, load_weapons
from companion.dark_blades.sight import (
    HORSE_FIELD,
    Sight,
    check_horse,
    horse_sight,
    line_of_sight,
    load_sight,
)
from companion.dark_blades.special import load_combat_rules
from companion.dark_blades.water import HURT, Swim, load_rules, swim
from companion.data import Cards
from companion.errors import FieldError
from companion.numbers import is_whole

SIGHT_FIELDS = ("origin", HORSE_FIELD)
SHOT_FIELDS = (
    "shooter",  # by name: his roster weapon fires
    "target_name",  # by name: his defence and kind from the roster
    "weapon",  # without a shooter's name
    "defence",  # without a target's name
    "target",  # the kind on the tables (infantry, mounted), with a defence
    "magic_ring",
    "fast_rider",
    "die",
    "seed",
    "defender_state",
    "defender_kind",
)
SWIM_FIELDS = ("hex", "die", "hurt", "seed")
TWO_HEXES = "a target on foot stands on one hex (only a mounted character occupies two)"


def _texts(values: Mapping[str, Any], name: str) -> list[str]:
    """A field that may hold several words (a list, or one string): each word, trimmed."""
    value = values.get(name)
    words = [value] if isinstance(value, str) else list(value or ())
    return [str(w).strip()[:40] for w in words if str(w).strip()]


@dataclass(frozen=True)
class SightRequest:
    """A line of sight, parsed: the board, the firer's hex and the target's one hex or a
    horseman's two neighbouring hexes (checked: passable to horses)."""

    board: HexMap
    origin: Hex
    targets: tuple[Hex, ...]


def sight_request(cards: Cards, board: HexMap, values: Mapping[str, Any]) -> SightRequest:
    """``origin`` (FROM) and ``target_hexes`` (TO: one hex, or a horseman's two, as ``K3,K4``
    in one string or one hex a string) on ``board``."""
    origin = combat_form.text(values, "origin")
    if not origin:
        raise FieldError("origin", None, "give the firer's hex (D13)")
    start = board.hex(origin)
    parts = [p.strip() for t in _texts(values, "target_hexes") for p in t.split(",")]
    hexes = tuple(board.hex(p) for p in parts)  # ``K3,``: a blank hex is refused
    if not hexes:
        raise FieldError(HORSE_FIELD, None, "give the target's hex (D13)")
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


@dataclass(frozen=True)
class ShotRequest:
    """A shot along a sight, parsed: the request (the map's range and cover put in by
    `shot`), and the two sides when named (empty: a weapon or a defence typed)."""

    sight: Sight
    request: MissileRequest
    shooters: tuple[Fighter, ...] = ()
    targets: tuple[Fighter, ...] = ()


def shot_request(cards: Cards, crt: Crt, sight: Sight, values: Mapping[str, Any]) -> ShotRequest:
    """The shot along ``sight`` (one with an open shot: `Sight.open_shot`) from its fields
    (`SHOT_FIELDS`): the shooter by name (his roster weapon) or a weapon; the target by name
    (the shooter's too) or a defence of kind ``target`` (blank: infantry; on a horseman's two
    hexes mounted, and infantry refused)."""
    shooter = combat_form.text(values, "shooter")
    name = combat_form.text(values, "target_name")
    weapon = combat_form.text(values, "weapon")
    two = len(sight.targets) == 2
    kind = ""
    if combat_form.text(values, "target"):
        kind = combat_form.choice(values, "target", TARGETS)
    if two and kind == "infantry":
        hexes = ",".join(sight.map.label(h) for h in sight.targets)
        raise FieldError(HORSE_FIELD, hexes, TWO_HEXES, echo=True)
    kind = kind or ("mounted" if two else "infantry")
    die = combat_form.whole(values, "die", 0, "a face like 7 (0 is ten)")
    seed = combat_form.whole(values, "seed", 0, "a whole number")
    if shooter:
        if weapon:
            why = f"shooter {shooter}: his weapon is the roster's; leave out {weapon}"
            raise FieldError("weapon", weapon, why, named=True)
        typed_defence = combat_form.text(values, "defence")
        defence = combat_form.strengths(values, "defence") if typed_defence else ()
        roster = pieces.load(cards).roster
        request, by, at = named_shot(
            roster, load_weapons(cards), sight, shooter, name, defence, kind, die, seed
        )
        request = request._replace(
            magic_ring=bool(values.get("magic_ring")), fast_rider=bool(values.get("fast_rider"))
        )
        return ShotRequest(sight, request, tuple(by), tuple(at))
    if name:
        raise FieldError("target_name", name, "target by name: give the shooter's name too")
    fields = {**values, "range": sight.range, "cover": "", "target": kind}
    return ShotRequest(sight, combat_form.missile(cards, crt, fields))


def shot(
    cards: Cards, crt: Crt, asked: ShotRequest, source_only: bool = False
) -> c.Lookup | c.NoShot:
    """The record of the shot: the map's range, band and cover (`map_fire.fire_on_map`), with
    the cells (the kit's completion unless ``source_only``) and the special rules."""
    cells = cell_source(cards, crt, source_only)
    rules = load_combat_rules(cards)
    return fire_on_map(crt, load_weapons(cards), asked.request, asked.sight, cells, rules)


@dataclass(frozen=True)
class SwimRequest:
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
    typed = combat_form.text(values, "hex")
    if not typed:
        raise FieldError("hex", None, "give the swimmer's hex (G8)")
    start = board.hex(typed)
    faces = [f for t in _texts(values, "die") for f in t.replace(",", " ").split()]
    bad = [f for f in faces if not (is_whole(f) and len(f) <= 2)]
    if bad:
        raise FieldError("die", bad[0], f"expected die faces (whole numbers), got {bad[0]!r}")
    hurt = combat_form.text(values, "hurt") or None
    if hurt is not None and hurt not in HURT:
        raise FieldError("hurt", hurt, f"expected {' or '.join(HURT)}, got {hurt[:20]!r}")
    seed = combat_form.whole(values, "seed", 0, "a whole number")
    return SwimRequest(board, start, tuple(int(f) for f in faces), hurt, seed)


def swim_answer(cards: Cards, asked: SwimRequest) -> Swim:
    """Where the current takes the swimmer of ``asked`` (`water.swim`)."""
    return swim(asked.board, load_rules(cards), asked.start, asked.faces, asked.seed, asked.hurt)
