"""A missile shot across a Dark Blades map: one function for `havoc missile --map` and the
phone map page.

`fire_on_map` puts the sight's range and cover (`companion.dark_blades.sight`) into a
`lookups.MissileRequest` and resolves it (`resolve.fire`); a sight with no shot (not seen,
infinite cover) is refused. The phone's shot by the roster's names builds that request in
`companion.dark_blades.named_shot` (not loaded by `havoc missile --map`, which takes none).
"""

from __future__ import annotations

from companion.dark_blades import combat as c
from companion.dark_blades.completion import CellSource
from companion.dark_blades.crt import Crt
from companion.dark_blades.lookups import MissileRequest
from companion.dark_blades.missiles import Missiles
from companion.dark_blades.resolve import fire
from companion.dark_blades.sight import Sight
from companion.errors import InputError


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
