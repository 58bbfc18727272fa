"""The shot from the map by the roster's names, the phone map page's (`havoc missile --map`
takes a weapon and a defence, and does not load the roster): the shooter by name fires his
roster weapon (refused unless it is a missile weapon), at a target by name (his defence and kind
from pieces.csv, read by `companion.dark_blades.fight`) or at a defence typed for a target not
on the roster. `by_name` is what `shot_request.shot_request` is given to read the names with;
a refusal names its field: ``shooter``, ``target_name``, ``defence``, ``target`` (the kind on
the tables), as `shot_request` reads them.
"""

from __future__ import annotations

from companion.dark_blades import fight, pieces
from companion.dark_blades.fight import Fighter
from companion.dark_blades.lookups import MissileRequest
from companion.dark_blades.missiles import TARGETS, Missiles, load_weapons
from companion.dark_blades.pieces import Character
from companion.dark_blades.sight import Sight
from companion.dark_blades.states import Health
from companion.data import Cards
from companion.errors import FieldError, InputError


def by_name(
    cards: Cards,
    sight: Sight,
    shooter_spec: str,
    target_spec: str,
    defence: tuple[int, ...],
    kind: str,
    die: int | None,
    seed: int | None,
) -> tuple[MissileRequest, list[Fighter], list[Fighter]]:
    """`named_shot` with the roster and the weapons of ``cards``."""
    roster = pieces.load(cards).roster
    return named_shot(
        roster, load_weapons(cards), sight, shooter_spec, target_spec, defence, kind, die, seed
    )


def shooter(roster: tuple[Character, ...], missiles: Missiles, spec: str) -> Fighter:
    """The shooter by name (``elv``, ``black dwarf``, ``laberne:foot``); refused unless his
    roster weapon is one of missiles.toml's."""
    found = fight.side(roster, [spec], "shooter")
    if len(found) != 1:
        raise FieldError("shooter", spec, "shooter: one name (one shooter fires)", named=True)
    f = found[0]
    try:
        missiles.carried(f"shooter {f.name}", f.weapon)
    except InputError as e:
        raise FieldError("shooter", spec, e.message, named=True) from None
    return f


def named_shot(
    roster: tuple[Character, ...],
    missiles: Missiles,
    sight: Sight,
    shooter_spec: str,
    target_spec: str = "",
    defence: tuple[int, ...] = (),
    kind: str = "infantry",
    die: int | None = None,
    seed: int | None = None,
) -> tuple[MissileRequest, list[Fighter], list[Fighter]]:
    """The shot of the named shooter along ``sight``: at the named target (his defence and
    kind from the roster; a horseman on two hexes must be mounted, and a mounted target on two
    hexes), else at ``defence`` of ``kind``. Also the two sides, for their names."""
    f = shooter(roster, missiles, shooter_spec)
    two_hexes = len(sight.targets) == 2

    def refused(field: str, why: str) -> FieldError:
        return FieldError(field, target_spec or None, why, named=True)

    if target_spec:
        if defence:
            raise refused("defence", "target: give a name or a defence, not both")
        if "," in target_spec:
            raise refused("target_name", "target: one name (a missile is fired at one target)")
        piece = fight.chosen(roster, target_spec.strip(), "target", "target_name")
        if two_hexes and piece.mount is None:  # two hexes tapped: a horseman, mounted
            piece = piece._replace(mount="mounted")
        t = fight.side(roster, [piece], "target", field="target_name")[0]
        if two_hexes and t.target != "mounted":
            raise refused(
                "target_name", f"target {t.label()}: on one hex (two hexes are a horseman's)"
            )
        if t.mounted and not two_hexes:
            why = f"target {t.label()}: a horseman on two hexes: give his second hex"
            raise refused("target_name", why)
        request = fight.shot([f], [t], sight.range, None, die, seed, field="shooter")
        return request, [f], [t]
    if not defence:
        raise refused("target_name", "target: give his name or his defence")
    if kind not in TARGETS:
        raise refused("target", f"target: expected {' or '.join(TARGETS)}")
    mounted = two_hexes or kind == "mounted"
    typed = Fighter(
        "target", "mounted" if mounted else "foot", Health.HEALTHY, mounted, None, 0, ""
    )
    request = fight.shot([f], [typed], sight.range, None, die, seed, field="shooter")
    return request._replace(defence=defence), [f], []
