"""One side of a line of sight, hex by hex: what blocks it, the firing rules of buildings, and
the target's cover (`companion.dark_blades.sight` walks both sides of the exact line and
answers).

The walk follows the rulebook's Missile Attacks and Cover, quoted in
``cards/dark-blades/sight.toml`` (``[rules.NAME]``; the names are returned, for the answer to
quote): trees and buildings block a line (one sees into their hexes, not through them); a house
hex's outer side is building wall (infinite cover, no firing through it); a window's or door's
outer side is its aperture (the kit's reading ``aperture-sides``). The map's own walls block the
line where it crosses them: a garden or courtyard wall ("Characters behind walls receive
infinite cover and may not be fired upon"; that it hides them from sight is the kit's reading
``wall``), a wall between two hexes of one building as a building wall (the kit's reading
``interior-wall``); a wall along the line, or meeting it at a corner, is judged on each side
of the line (`sight`, the kit's reading ``along-side``). A line through a window may
pass no other window or door ("A character may not fire through one window and then through
another window or door"; a door first: the kit's reading ``door-first``; a door and then a
door, no window, the rules allow: "in or out of a door hex at any angle"). It goes on into a
building past the window or door it came in at only when the firer stands directly adjacent to
that window; from further off it may only hit the window's occupant, and in at a door only the
door's ("inside or in a doorway hex of the same building"). Inside his own building a firer
sees every hex of it (``in-window``: a window hex is inside); out of it only from the window or
door hex he stands in (``out-from-aperture``).

What the line sees follows "a character may see into a tree or building hex, but not through
it" whatever the firing rules allow: a line that goes on past a window or door hex it came in at
(from further off than beside it), or out of a building hex the firer does not stand in (but to
the hex just beside that window or door, who sees in as a firer there does), is blocked there:
not seen (and the rulebook has spells "use the visibility rules in the missile fire section").
"""

from typing import NamedTuple

from companion.dark_blades import hexgrid as hg
from companion.dark_blades.hexgrid import Hex
from companion.dark_blades.maps import APERTURES, BUILDING, HexMap


class Side(NamedTuple):
    """What one of the two lines just either side of the exact line meets."""

    hexes: tuple[Hex, ...]
    blocked_by: tuple[str, ...]
    cover: str
    why: str
    readings: tuple[str, ...]  # names of the kit's readings applied
    no_shot: str = ""  # why a firing rule refuses the shot ("" when none does)
    rules: tuple[str, ...] = ()  # names of the rules applied


# the map's walls that block a line (`HexMap.blocking_sides`'s kinds, less building walls):
# the rule quoted and the kit's reading that it hides what lies beyond
WALLS = {"wall": ("walls", "wall"), "interior wall": ("building-walls", "interior-wall")}


def _rule(kind: str) -> str:
    return "from-window" if kind == "window" else "door"


def walk(m: HexMap, blocks: frozenset[str], path: tuple[Hex, ...], sides: tuple[str, ...]) -> Side:
    """One side of the line: ``path`` the hexes from the firer to the target, ``sides`` the
    side through which it leaves each (`hexgrid.paths`); ``blocks`` the terrains that block."""
    terrain, buildings, label = m.terrain, m.buildings, m.label
    origin, target = path[0], path[-1]
    home = buildings.get(origin)  # the firer's building (None: outside)
    seen_inside = {home}  # the building the line is in, when its own hexes do not block it
    unseen: set[object] = set()  # the buildings the line stopped in (named once in blocked)
    blocked: list[str] = []
    readings: list[str] = []
    rules: list[str] = []
    crossed: list[Hex] = []  # the windows and doors the line goes through, in order
    walls: list[tuple[str, str]] = []  # the walls crossed: where, and the kit's reading
    building_wall = ""
    no_shot = ""
    left_home = False
    last = len(path) - 1
    for i in range(last):
        a, b, side = path[i], path[i + 1], sides[i]
        ba, bb = buildings.get(a), buildings.get(b)
        if ba != bb:  # across a building's outline: wall or aperture
            readings.append("aperture-sides")
            ka, kb = terrain.get(a), terrain.get(b)
            left_home = left_home or ba == home
            seen_inside.discard(ba)  # out of it: its hexes block again, should it come back
            if ka == "house" or kb == "house":
                at = f"{label(a)}/{side}" if ka == "house" else f"{label(b)}/{hg.OPPOSITE[side]}"
                blocked.append(f"building wall {at}")
                building_wall = building_wall or f"building wall {at}"
                rules.append("building-walls")
            refused: tuple[str, str] | None = None  # a firing rule against the shot: why, rule
            beside = b == target and ka in APERTURES and ba == home  # out to the hex beside it
            if ba is not None and a != origin and ba not in unseen and not beside:
                # out of a building hex the firer does not stand in: the line saw into it, and
                # may not see through it ("may see into a tree or building hex, but not
                # through it"); it is not seen beyond, whatever the firing rules say (the
                # target beside the window sees in, as a firer there does: seen both ways)
                unseen.add(ba)
                blocked.append(f"building {label(a)}")
                rules.append("see-into")
            if ba is not None and ka in APERTURES:  # out through a's aperture
                if a != origin and ba == home:
                    refused = f"out at {ka} {label(a)}; the firer is not in it", _rule(ka)
                    readings.append("out-from-aperture")
                elif a == origin:
                    rules.append(_rule(ka))
                if a not in crossed:
                    crossed.append(a)
            if bb is not None and kb in APERTURES:  # in through b's aperture
                if b not in crossed:
                    crossed.append(b)
                if len(crossed) < 2 and b == target:
                    rules.append("into-window" if kb == "window" else "door")
                elif len(crossed) < 2 and buildings.get(path[i + 2]) == bb:  # on inside
                    if i == 0:  # beside the window or door, he sees into the building
                        seen_inside.add(bb)
                    if kb == "window" and i == 0:
                        rules.append("beside-window")
                    elif kb == "window":
                        refused = f"in at window {label(b)}; the target is not in it", "into-window"
                    else:
                        refused = f"in at door {label(b)}; the firer is not inside", "interior"
            windows = [h for h in crossed if terrain[h] == "window"]
            if len(crossed) >= 2 and windows and not refused:  # door then door: "any angle"
                first = crossed[0]
                then = windows[0] if first != windows[0] else crossed[1]
                kinds = terrain[first], terrain[then]
                why = f"through {kinds[0]} {label(first)}, then {kinds[1]} {label(then)}"
                refused = why, "window-then"
                if kinds[0] == "door" and not no_shot:
                    readings.append("door-first")
            if refused and not no_shot:  # the first refusal answers; the walk goes on for
                no_shot = refused[0]  # what blocks the line (not seen outranks no shot)
                rules.insert(0, refused[1])
        wall = m.blocking_sides.get((a, side))
        if wall in WALLS:  # a garden wall, or a wall between two hexes of one building
            at = f"{wall} {label(a)}/{side}"
            walls.append((at, WALLS[wall][1]))
            blocked.append(at)
            rules.append(WALLS[wall][0])
            readings.append(WALLS[wall][1])
        if i + 1 < last:
            kind = terrain.get(b, "open")  # a line along the map's edge may run half off it
            if kind in blocks:
                if kind not in BUILDING:
                    blocked.append(f"{kind} {label(b)}")
                elif buildings[b] not in seen_inside and buildings[b] not in unseen:
                    unseen.add(buildings[b])  # named once: the hex the line stops in
                    blocked.append(f"building {label(b)}")
                    rules.append("see-into")
    if home is not None and not left_home and buildings.get(target) == home:
        rules.append("interior")  # inside or in a doorway hex: "fire at anyone in the building"
        if terrain[origin] == "window":
            readings.append("in-window")
    cover, why, more = _cover(m, path, sides, building_wall, walls)
    readings.extend(more)
    if terrain[target] == "window":
        rules.append("window-cover")
    return Side(
        path,
        tuple(blocked),
        cover,
        why,
        tuple(dict.fromkeys(readings)),
        no_shot,
        tuple(dict.fromkeys(rules)),
    )


def _cover(
    m: HexMap,
    path: tuple[Hex, ...],
    sides: tuple[str, ...],
    building_wall: str,
    walls: list[tuple[str, str]],
) -> tuple[str, str, list[str]]:
    """The target's cover on this side, its reason, and the kit's readings it took."""
    target = path[-1]
    kind = m.terrain[target]
    if building_wall:
        return "infinite", f"behind {building_wall}", []
    if walls:
        return "infinite", f"behind {walls[0][0]}", [walls[0][1]]
    if kind == "tree":
        return "light", "tree: light cover", []
    if kind == "door":
        return "medium", "door: medium cover", []
    if kind == "window":
        before = path[-2] if len(path) > 1 else target
        if m.buildings.get(before) != m.buildings[target]:
            return "medium", "window: medium, through the aperture", []
        return "none", "window: no cover (not through the aperture)", []
    if kind == "slope":
        region = m.slope_region(target)
        crossed = [
            f"{m.label(b)}/{hg.OPPOSITE[side]}" if b in region else f"{m.label(a)}/{side}"
            for a, b, side in zip(path, path[1:], sides, strict=False)
            if (a in region and (a, side) in m.lips)
            or (b in region and (b, hg.OPPOSITE[side]) in m.lips)
        ]
        if crossed:
            why = f"slope: medium, crosses the top lip at {crossed[0]}"
            return "medium", why, ["lip-of-own-slope"]
        return "none", "slope: no cover (does not cross the top lip)", ["lip-of-own-slope"]
    if kind not in ("open", "house"):
        return "none", f"{kind}: no cover", ["no-row-cover"]
    return "none", f"{kind}: no cover", []
