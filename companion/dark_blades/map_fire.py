"""A missile shot across a Dark Blades map: one function for `havoc missile --map` and the
phone map page.

`fire_on_map` puts the sight's range and cover (`companion.dark_blades.sight`) into a
`lookups.MissileRequest` and resolves it (`resolve.fire`); a sight with no shot (not seen,
infinite cover) is refused. `named_shot` builds that request from the roster's names
(pieces.csv, read by `companion.dark_blades.fight`): the shooter's weapon, and the target's
defence and kind, or a defence typed for a target not on the roster. A shooter whose roster
weapon is not a missile weapon is refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.dark_blades import combat as c
from companion.dark_blades.completion import CellSource
from companion.dark_blades.crt import Crt
from companion.dark_blades.lookups import MissileRequest
from companion.dark_blades.missiles import TARGETS, Missiles
from companion.dark_blades.resolve import fire
from companion.dark_blades.sight import Sight
from companion.errors import InputError

if TYPE_CHECKING:  # the roster's modules stay off `havoc missile --map`'s import path
    from companion.dark_blades.fight import Fighter
    from companion.dark_blades.pieces import Character


def on_map(request: MissileRequest, sight: Sight) -> MissileRequest:
    """``request`` with the map's range and cover (a range or cover it held is replaced);
    refused when the line allows no shot (not seen, infinite cover, a firing rule)."""
    if not sight.visible:
        raise InputError(f"no shot: not seen (blocked by {', '.join(sight.blocked_by)})")
    if not sight.open_shot:  # range 1 is the weapon's to refuse (the Breath reaches 1 hex)
        raise InputError(f"no shot: {sight.no_shot}")
    cover = None if sight.cover == "none" else sight.cover
    return request._replace(hexes=sight.range, cover=cover, cover_terrain=None)


def fire_on_map(
    crt: Crt,
    missiles: Missiles,
    request: MissileRequest,
    sight: Sight,
    cells: CellSource | None = None,
    rules: object | None = None,
) -> c.Lookup | c.NoShot:
    """The record of ``request`` fired along ``sight``: the map's range, band and cover, as
    `resolve.fire` resolves any shot (``cells`` and ``rules`` as there)."""
    return fire(crt, missiles, on_map(request, sight), cells, rules)  # type: ignore[arg-type]


def shooter(roster: tuple[Character, ...], missiles: Missiles, spec: str) -> Fighter:
    """The shooter by name (``elv``, ``black dwarf``, ``laberne:foot``); refused unless his
    roster weapon is one of missiles.toml's."""
    from companion.dark_blades import fight

    found = fight.side(roster, [spec], "shooter")
    if len(found) != 1:
        raise InputError("shooter: one name (one shooter fires)")
    f = found[0]
    missiles.carried(f"shooter {f.name}", f.weapon)
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
    from companion.dark_blades import fight
    from companion.dark_blades.fight import Fighter

    f = shooter(roster, missiles, shooter_spec)
    two_hexes = len(sight.targets) == 2
    if target_spec:
        if defence:
            raise InputError("target: give a name or a defence, not both")
        if two_hexes and ":" not in target_spec:  # two hexes tapped: a horseman, mounted
            target_spec += ":mounted"
        targets = fight.side(roster, [target_spec], "target")
        if len(targets) != 1:
            raise InputError("target: one name (a missile is fired at one target)")
        t = targets[0]
        if two_hexes and t.target != "mounted":
            raise InputError(f"target {t.label()}: on one hex (two hexes are a horseman's)")
        if t.mounted and not two_hexes:
            raise InputError(f"target {t.label()}: a horseman on two hexes: give his second hex")
        request = fight.shot([f], targets, sight.range, None, die, seed)
        return request, [f], targets
    if not defence:
        raise InputError("target: give his name or his defence")
    if kind not in TARGETS:
        raise InputError(f"target: expected {' or '.join(TARGETS)}")
    mounted = two_hexes or kind == "mounted"
    typed = Fighter("target", "mounted" if mounted else "foot", "healthy", mounted, None, 0, "")
    request = fight.shot([f], [typed], sight.range, None, die, seed)
    return request._replace(defence=defence), [f], []
