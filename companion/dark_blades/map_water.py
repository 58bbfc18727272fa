"""The water of a map file: each water hex's flow (``flow``) and the mill wheel (``wheel``).

``flow`` is a block of ``HEX/SIDE`` tokens (``I8/ne``: the water in I8 runs out through its
north-east side) or ``BLOCK/SIDE`` (``L5:L8/s``: every hex of the block). Every water hex of the
map (lake, river, stepping stones, a bridge over the water) gets exactly one; its downstream
neighbour is water again or off the map (where a swimmer is swept off), and a river never
runs in a circle (a lake with no outlet may turn in itself). A map with no
``flow`` block at all loads (sight needs no flow); `havoc swim` refuses it. ``wheel`` names the
hexes of the mill wheel: water hexes. The format is described in cards/README.md ("Maps").

Every problem is one `DataError` line: file, line, and what was expected.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from companion.dark_blades import hexgrid as hg
from companion.dark_blades.hexgrid import Hex
from companion.errors import DataError

# The terrains the water runs through: the hexes that take a flow (a bridge's water runs under it)
WATER = ("lake", "river", "stream", "water", "stepping-stones", "bridge")


def read_flow(
    text: str,
    terrain: dict[Hex, str],
    on_map: Callable[[Hex], bool],
    path: Path,
    block_line: Callable[[str], int],
    row_line: Callable[[int], int],
) -> dict[Hex, str]:
    """The ``flow`` block: each water hex → the side its water leaves by.

    ``block_line(key)`` is the file line of the first line of a block, ``row_line(row)`` the
    file line of a map row (both for errors; 0 when unknown)."""
    flow: dict[Hex, str] = {}
    lines: dict[Hex, int] = {}  # each hex's line in the block (for errors)

    def error(message: str, offset: int) -> DataError:  # the file is read again only here
        start = block_line("flow")
        return DataError(message, path, start + offset if start else None)

    for at, raw in enumerate(text.split("\n")):
        for token in raw.split("#", 1)[0].split():
            spec, _, side = token.partition("/")  # no regular expression: one less to compile
            side = side.lower()
            ends = [hg.parse_hex(t) for t in spec.split(":")] if spec.count(":") < 2 else [None]
            if None in ends or side not in hg.SIDES:
                raise error(
                    f"flow: expected a hex or block and the side its water leaves by, like I8/ne "
                    f"or L5:L8/s (sides: {' '.join(hg.SIDES)}), got {token!r}",
                    at,
                )
            (c1, r1), (c2, r2) = ends[0], ends[-1]  # type: ignore[misc]
            for c in range(min(c1, c2), max(c1, c2) + 1):
                for r in range(min(r1, r2), max(r1, r2) + 1):
                    h = (c, r)
                    if not on_map(h):
                        raise error(f"flow: {token}: {hg.name(h)} is not on the map", at)
                    if terrain[h] not in WATER:
                        raise error(
                            f"flow: {token}: {hg.name(h)} is {terrain[h]}, expected a water hex "
                            f"({', '.join(WATER)})",
                            at,
                        )
                    if h in flow:
                        raise error(f"flow: {token}: {hg.name(h)} is given a flow twice", at)
                    down = aground(h, side, terrain, on_map)
                    if down is not None:
                        raise error(
                            f"flow: {token}: {hg.name(h)} runs onto {terrain[down]} at "
                            f"{hg.name(down)} (expected water downstream, or the map's edge)",
                            at,
                        )
                    flow[h] = side
                    lines[h] = at
    if not flow:
        return flow  # no flow block: the map draws and answers sight, but no swim
    for h in sorted(terrain, key=lambda x: (x[1], x[0])):
        if terrain[h] in WATER and h not in flow:
            raise DataError(
                f"rows: {hg.name(h)} is {terrain[h]} with no flow (expected it in the flow "
                f"block, like {hg.name(h)}/se)",
                path,
                row_line(h[1]) or None,
            )
    loop = river_loop(flow, terrain, on_map)
    if loop:
        raise error(
            f"flow: {' -> '.join(hg.name(h) for h in loop)} runs in a circle (expected a "
            "river to run off the map's edge or into a lake)",
            lines[loop[0]],
        )
    return flow


def aground(
    h: Hex, side: str, terrain: dict[Hex, str], on_map: Callable[[Hex], bool]
) -> Hex | None:
    """The dry hex the water of ``h`` runs onto, leaving by ``side``, or None when it runs on
    into water or off the map's edge (where a swimmer is swept off)."""
    down = hg.neighbour(h, side)
    return down if on_map(down) and terrain[down] not in WATER else None


def river_loop(
    flow: dict[Hex, str], terrain: dict[Hex, str], on_map: Callable[[Hex], bool]
) -> list[Hex]:
    """The first loop of the water's flow that runs through a hex other than a lake's (its
    hexes, the first again at the end), or [] when there is none. A lake with no outlet may
    turn in itself (the kit's reading gives each lake hex a flow); a river may not."""
    done: set[Hex] = set()
    for start in sorted(flow, key=lambda x: (x[1], x[0])):
        path: list[Hex] = []
        seen: dict[Hex, int] = {}
        h: Hex | None = start
        while h is not None and h not in done and on_map(h) and h in flow:
            if h in seen:
                loop = path[seen[h] :]
                if any(terrain[x] != "lake" for x in loop):
                    return [*loop, h]
                break
            seen[h] = len(path)
            path.append(h)
            h = hg.neighbour(h, flow[h])
        done.update(path)
    return []


def read_wheel(
    text: str,
    terrain: dict[Hex, str],
    on_map: Callable[[Hex], bool],
    path: Path,
    line: Callable[[], int],
) -> frozenset[Hex]:
    """The ``wheel`` key: the mill wheel's hexes (``"I8"``), each a water hex; ``line()``: the
    key's file line, looked up only for an error."""
    out = set()
    for token in text.split():
        h = hg.parse_hex(token)
        if h is None or not on_map(h):
            raise DataError(
                f"wheel: expected hexes on the map like I8, got {token!r}", path, line() or None
            )
        if terrain[h] not in WATER:
            raise DataError(
                f"wheel: {token} is {terrain[h]}, expected a water hex ({', '.join(WATER)})",
                path,
                line() or None,
            )
        out.add(h)
    return frozenset(out)
