"""The shot from the map's request parser, shared by `havoc missile --map` and the phone's map
page: along a sight (`sight_request`), the shooter by name or a weapon, the target by name or a
defence, into a typed `ShotRequest`; each refusal a `companion.errors.FieldError` naming one of
`SHOT_FIELDS` (or the sight's `HORSE_FIELD`: a target on foot on a horseman's two hexes), which
each front end says in its own words. `shot` answers it (`map_fire.fire_on_map`).
"""

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from companion.dark_blades import combat as c
from companion.dark_blades import combat_form
from companion.dark_blades.completion import cell_source
from companion.dark_blades.crt import Crt
from companion.dark_blades.lookups import MissileRequest
from companion.dark_blades.map_fire import fire_on_map
from companion.dark_blades.missiles import TARGETS, load_weapons
from companion.dark_blades.request_fields import text, whole
from companion.dark_blades.sight import HORSE_FIELD, Sight
from companion.dark_blades.special import load_combat_rules
from companion.data import Cards
from companion.errors import FieldError

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
TWO_HEXES = "a target on foot stands on one hex (only a mounted character occupies two)"

if TYPE_CHECKING:  # the roster's names are read by `named_shot.by_name`, given by the phone
    from companion.dark_blades.fight import Fighter


class ShotRequest(NamedTuple):
    """A shot along a sight, parsed: the request (the map's range and cover put in by
    `shot`), and the two sides when named (empty: a weapon or a defence typed)."""

    sight: Sight
    request: MissileRequest
    shooters: "tuple[Fighter, ...]" = ()
    targets: "tuple[Fighter, ...]" = ()


def shot_request(
    cards: Cards,
    crt: Crt,
    sight: Sight,
    values: Mapping[str, Any],
    names: Callable[..., tuple[MissileRequest, list, list]] | None = None,
) -> ShotRequest:
    """The shot along ``sight`` (one with an open shot: `Sight.open_shot`) from its fields
    (`SHOT_FIELDS`): the shooter by name (his roster weapon) or a weapon; the target by name
    (the shooter's too) or a defence of kind ``target`` (blank: infantry; on a horseman's two
    hexes mounted, and infantry refused). ``names`` reads the roster's names
    (`named_shot.by_name`: the phone's map page takes them; without it a name is refused)."""
    shooter = text(values, "shooter")
    name = text(values, "target_name")
    weapon = text(values, "weapon")
    two = len(sight.targets) == 2
    kind = ""
    if text(values, "target"):
        kind = combat_form.choice(values, "target", TARGETS)
    if two and kind == "infantry":
        hexes = ",".join(sight.map.label(h) for h in sight.targets)
        raise FieldError(HORSE_FIELD, hexes, TWO_HEXES, echo=True)
    kind = kind or ("mounted" if two else "infantry")
    die = whole(values, "die", 0, "a face like 7 (0 is ten)")
    seed = whole(values, "seed", 0, "a whole number")
    if shooter:
        if names is None:
            raise FieldError("shooter", shooter, "a shooter by name: give his weapon", named=True)
        if weapon:
            why = f"shooter {shooter}: his weapon is the roster's; leave out {weapon}"
            raise FieldError("weapon", weapon, why, named=True)
        typed_defence = text(values, "defence")
        defence = combat_form.strengths(values, "defence") if typed_defence else ()
        request, by, at = names(cards, sight, shooter, name, defence, kind, die, seed)
        request = request._replace(
            magic_ring=bool(values.get("magic_ring")), fast_rider=bool(values.get("fast_rider"))
        )
        return ShotRequest(sight, request, tuple(by), tuple(at))
    if name:
        why = "target by name: give the shooter's name too"
        raise FieldError("target_name", name, why, named=True)
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
