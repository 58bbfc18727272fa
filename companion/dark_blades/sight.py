"""Line of sight, range and cover on a Dark Blades map, by the rules' own method.

The line runs from the centre of the firer's hex to the centre of the target's
(`hexgrid.lines`). Trees and buildings on it block it (the firer may see into a tree or
building hex, not through it); building walls and other walls along hex sides block it;
within one building, or from a hex next to a window or door into that building, the building's
own hexes do not. Cover comes from the target's hex: a tree light, a door medium, a window
medium through its aperture, a slope medium only when the line crosses the top lip of that
slope. A mounted target on two hexes (`horse_sight`): the heavier cover of the two counts (the
rules), seen if either hex is, range to the nearer (the kit's reading). What blocks and the
kit's readings are data: ``cards/dark-blades/sight.toml``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from companion import schema
from companion.dark_blades import hexgrid as hg
from companion.dark_blades.hexgrid import Hex
from companion.dark_blades.maps import APERTURES, BUILDING, HexMap
from companion.dark_blades.readings import Reading, reading_schema
from companion.data import Cards
from companion.schema import Field, ListOf, MapOf, Table

GAME = "dark-blades"
COVERS = ("none", "light", "medium", "infinite")  # lightest first
HEAVIER = "rules: a horseman's HEAVIER hex counts"  # the rules' line under a horseman's hexes


# The records here are NamedTuples, not dataclasses: they are on `havoc los`'s import path, and a
# dataclass costs about a millisecond to declare.


class SightRules(NamedTuple):
    """sight.toml, checked: what blocks a line, the rules' words and the kit's readings."""

    path: Path
    source: str
    blocks: frozenset[str]
    rules: tuple[str, ...]
    readings: dict[str, Reading]


SIGHT_FILE = Table(
    (
        Field("source", str),
        Field("blocks", ListOf(str)),
        Field("rules", ListOf(str)),
        Field("readings", MapOf(reading_schema(lambda where: where.name))),
    )
)


def _build(d: dict[str, Any], p: Path) -> SightRules:
    return SightRules(p, d["source"], frozenset(d["blocks"]), tuple(d["rules"]), d["readings"])


def load_sight(cards: Cards) -> SightRules:
    """Read and check ``cards/dark-blades/sight.toml`` (once while it is unchanged: the build
    function is one object, as `schema.load` keys its cache on it)."""
    return schema.load(cards.path(GAME, "sight.toml"), SIGHT_FILE, _build)


class Side(NamedTuple):
    """What one of the two lines just either side of the exact line meets."""

    hexes: tuple[Hex, ...]
    blocked_by: tuple[str, ...]
    cover: str
    why: str
    readings: tuple[str, ...]  # names of readings applied


class Sight(NamedTuple):
    """The answer to `havoc los`: range, whether the firer sees the target, cover, and how."""

    map: HexMap
    origin: Hex
    target: Hex
    range: int
    visible: bool
    cover: str  # none, light, medium, infinite
    why: str  # the cover's reason
    blocked_by: tuple[str, ...]
    line: tuple[Hex, ...]  # the hexes crossed (both sides' where the line runs along sides)
    along_side: bool
    readings: tuple[Reading, ...]
    parts: tuple[Sight, ...] = ()  # a mounted target: the sight to each of his two hexes

    @property
    def targets(self) -> tuple[Hex, ...]:
        """The target's hexes: one, or a horseman's two."""
        return tuple(p.target for p in self.parts) or (self.target,)

    @property
    def can_fire(self) -> bool:
        """A missile may be fired: the target is seen and not in infinite cover."""
        return self.visible and self.cover != "infinite"

    def as_dict(self) -> dict[str, Any]:
        """For --json; a horseman's two hexes joined by a comma, each hex's own answer in
        ``hexes`` (empty for a target on one hex)."""
        return {
            "map": self.map.name,
            "map_design": self.map.design,
            "from": self.map.label(self.origin),
            "to": ",".join(self.map.label(h) for h in self.targets),
            "range": self.range,
            "visible": self.visible,
            "can_fire": self.can_fire,
            "blocked_by": list(self.blocked_by),
            "cover": self.cover,
            "cover_why": self.why,
            "target_terrain": ",".join(self.map.terrain[h] for h in self.targets),
            "line": [self.map.label(h) for h in self.line],
            "along_hex_side": self.along_side,
            "kits_readings": [r.as_dict() for r in self.readings],
            "hexes": [
                {k: v for k, v in p.as_dict().items() if k not in ("map", "map_design", "hexes")}
                for p in self.parts
            ],
        }


def part_words(s: Sight) -> list[str]:
    """A horseman's two hexes, each as `havoc los` and the map page say it (``K3: range 2,
    medium cover``), then the rules' `HEAVIER` line; nothing for a target on one hex."""
    words = []
    for p in s.parts:
        cover = "no cover" if p.cover == "none" else f"{p.cover} cover"
        seen = cover if p.visible else f"not seen ({', '.join(p.blocked_by)})"
        words.append(f"{p.map.label(p.target)}: range {p.range}, {seen}")
    return [*words, HEAVIER] if words else []


def _heavier(a: str, b: str) -> str:
    return max(a, b, key=COVERS.index)


def _inside_ok(m: HexMap, path: tuple[Hex, ...]) -> int | None:
    """The building whose own hexes do not block this line: the firer's own building, or the
    building he stands next to a window or door of, when the line goes in through it."""
    origin = path[0]
    if origin in m.buildings:
        return m.buildings[origin]
    if len(path) > 2 and m.terrain.get(path[1]) in APERTURES:
        return m.buildings[path[1]]
    return None


def _walk(m: HexMap, rules: SightRules, path: tuple[Hex, ...], sides: tuple[str, ...]) -> Side:
    blocked: list[str] = []
    readings: list[str] = []
    inside = _inside_ok(m, path)
    terrain, buildings = m.terrain, m.buildings
    for h in path[1:-1]:
        kind = terrain.get(h, "open")  # a line along the map's edge may run half off it
        if kind in rules.blocks:
            if kind in BUILDING and buildings[h] == inside:
                continue
            blocked.append(f"{'building' if kind in BUILDING else kind} {m.label(h)}")
    behind_wall = []
    blocking = m.blocking_sides
    for a, side in zip(path, sides, strict=False):
        wall = blocking.get((a, side))
        if wall == "building wall":
            blocked.append(f"building wall {m.label(a)}/{side}")
        elif wall is not None:
            behind_wall.append(f"wall {m.label(a)}/{side}")
    target = path[-1]
    kind = terrain[target]
    cover, why = "none", f"{kind}: no cover"
    if behind_wall:
        cover, why = "infinite", f"behind {behind_wall[0]}"
        readings.append("wall")
    elif kind == "tree":
        cover, why = "light", "tree: light cover"
    elif kind == "door":
        cover, why = "medium", "door: medium cover"
    elif kind == "window":
        before = path[-2] if len(path) > 1 else target
        if buildings.get(before) != buildings[target]:
            cover, why = "medium", "window: medium, through the aperture"
        else:
            why = "window: no cover (not through the aperture)"
    elif kind == "slope":
        region = m.slope_region(target)
        crossed = [
            f"{m.label(b)}/{hg.OPPOSITE[side]}" if b in region else f"{m.label(a)}/{side}"
            for a, b, side in zip(path, path[1:], sides, strict=False)
            if (a in region and (a, side) in m.lips)
            or (b in region and (b, hg.OPPOSITE[side]) in m.lips)
        ]
        readings.append("lip-of-own-slope")
        if crossed:
            cover, why = "medium", f"slope: medium, crosses the top lip at {crossed[0]}"
        else:
            why = "slope: no cover (does not cross the top lip)"
    elif kind not in ("open", "house"):
        readings.append("no-row-cover")
    return Side(path, tuple(blocked), cover, why, tuple(readings))


def line_of_sight(m: HexMap, rules: SightRules, origin: Hex, target: Hex) -> Sight:
    """Range, sight and cover from ``origin`` to ``target`` on ``m`` (both on the map)."""
    return _judge(m, rules, origin, target)[0]


def _judge(m: HexMap, rules: SightRules, origin: Hex, target: Hex) -> tuple[Sight, Side]:
    """The sight, and the side of the line its cover comes from (seen or not)."""
    one, two = (_walk(m, rules, p, sides) for p, sides in hg.paths(origin, target))
    along = one.hexes != two.hexes
    names = ["characters"] if len(one.hexes) > 2 else []
    if along:
        names.insert(0, "along-side")
        clear = [s for s in (one, two) if not s.blocked_by]
        visible = bool(clear)
        pick = clear if clear else [one, two]
        best = max(pick, key=lambda s: COVERS.index(s.cover))
        blocked = () if visible else tuple(dict.fromkeys(one.blocked_by + two.blocked_by))
        start = one.hexes[0]
        line = tuple(sorted(set(one.hexes + two.hexes), key=lambda h: hg.distance(start, h)))
        for s in pick:
            names.extend(s.readings)
    else:
        best, visible, blocked, line = one, not one.blocked_by, one.blocked_by, one.hexes
        names.extend(one.readings)
    readings = tuple(rules.readings[n] for n in dict.fromkeys(names) if n in rules.readings)
    if not visible:
        readings = tuple(r for r in readings if r.name in ("along-side",))
    sight = Sight(
        m,
        origin,
        target,
        hg.distance(origin, target),
        visible,
        best.cover if visible else "none",
        best.why if visible else "not seen",
        blocked,
        line,
        along,
        readings,
    )
    return sight, best


def check_horse(m: HexMap, cards: Cards, hexes: tuple[Hex, ...], option: str) -> None:
    """Refuse, with the rule, a mounted target that is not on two neighbouring hexes or
    stands in a hex impassable to horses (tree, window, house interior)."""
    from companion.dark_blades.terrain import check_position, load_terrain
    from companion.errors import InputError

    names = ",".join(m.label(h) for h in hexes)
    if len(hexes) != 2 or hg.distance(*hexes) != 1:
        raise InputError(
            f"{option} {names}: a mounted character occupies two neighbouring hexes (K3,K4)"
        )
    rows = load_terrain(cards).rows
    found = tuple(rows[m.terrain[h]] for h in hexes if m.terrain[h] in rows)
    check_position(found, True, "target", f"{option} {names}")


def horse_sight(m: HexMap, rules: SightRules, origin: Hex, hexes: tuple[Hex, Hex]) -> Sight:
    """A mounted target on two neighbouring hexes (``check_horse``). The rules: "A mounted
    character occupies two hexes. For cover classification he is considered to be totally in
    cover of the HEAVIER type." The kit's reading (sight.toml, ``horseman``): he is seen if
    either hex is; the range is counted to the nearer hex; each hex's cover is worked out as
    for a target standing there, seen or not, and the heavier counts."""
    judged = [_judge(m, rules, origin, h) for h in hexes]
    parts = tuple(s for s, _ in judged)
    visible = any(s.visible for s in parts)
    heavy, side = max(judged, key=lambda j: COVERS.index(j[1].cover))
    names = ["horseman"]
    for s, _ in judged:
        names.extend(r.name for r in s.readings if s.visible)
    names.extend(side.readings)
    readings = tuple(rules.readings[n] for n in dict.fromkeys(names) if n in rules.readings)
    blocked = () if visible else tuple(dict.fromkeys(b for s in parts for b in s.blocked_by))
    line = tuple(
        sorted(
            set(h for s in parts for h in s.line) - set(hexes),
            key=lambda h: hg.distance(origin, h),
        )
    )
    return Sight(
        m,
        origin,
        hexes[0],
        min(s.range for s in parts),
        visible,
        side.cover if visible else "none",
        f"{m.label(heavy.target)} {side.why}" if visible else "not seen",
        blocked,
        (*line, *hexes),
        any(s.along_side for s in parts),
        readings,
        parts,
    )
