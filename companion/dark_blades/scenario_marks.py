"""Where each scenario's set-up areas, entry edges and exit points lie on the maps:
``cards/dark-blades/scenario-maps.toml``, the kit's reading of the scenario texts on its maps.

Each mark names a map, a kind (area, entry, exit), a short label, who it is for (`name`), its
hexes, the place in a few words (`place`) and the rulebook's words (`what`); `reading` marks
where the text is vague and the kit chose the hexes. `hex_runs` writes a set of hexes compactly
(``E1-E4 F1-F3``; ``A1-M4``: columns A to M, rows 1 to 4) for `havoc scenario` and the phone.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion import schema
from companion.dark_blades import hexgrid as hg
from companion.dark_blades.hexgrid import Hex
from companion.dark_blades.maps import HexMap, _hexes
from companion.data import Cards
from companion.schema import Field, ListOf, Table, Where

GAME = "dark-blades"
KINDS = ("area", "entry", "exit")


@dataclass(frozen=True)
class Mark:
    map: str
    kind: str
    label: str
    hexes: frozenset[Hex]
    what: str
    reading: bool
    name: str = ""  # who sets up, enters or leaves here ("Rescue party"); "" = the label
    place: str = ""  # the place in a few words ("the trees by the mill")

    @property
    def runs(self) -> str:
        """The hexes, compactly: `hex_runs`."""
        return hex_runs(self.hexes)


MARK = Table(
    (
        Field("map", str),
        Field("kind", str, choices=KINDS),
        Field("label", str),
        Field("hexes", str),
        Field("what", str),
        Field("reading", bool, False, False),
        Field("name", str, False, ""),
        Field("place", str, False, ""),
    )
)
FILE = Table(
    (
        Field(
            "scenario",
            ListOf(
                Table(
                    (
                        Field("key", str),
                        Field("maps", ListOf(str)),
                        Field("mark", ListOf(MARK), False, []),
                    )
                )
            ),
        ),
    )
)


def _build(data: dict[str, Any], path: Path) -> dict[str, Any]:
    return {s["key"]: s for s in data["scenario"]}


def scenario_marks(
    cards: Cards, key: str, maps: dict[str, HexMap]
) -> tuple[list[HexMap], list[Mark]] | None:
    """The maps (in order) and marks of scenario ``key`` on ``maps`` (by file key); None when
    the file has no entry for it or one of its maps is missing (e.g. --source-only)."""
    path = cards.path(GAME, "scenario-maps.toml")
    table = schema.load(path, FILE, _build)
    entry = table.get(key)
    if entry is None or any(name not in maps for name in entry["maps"]):
        return None
    where = Where(path).child("scenario")
    marks = []
    for i, raw in enumerate(entry["mark"]):
        m = maps.get(raw["map"])
        at = where.child(key).child("mark").child(i)
        if m is None or raw["map"] not in entry["maps"]:
            raise at.child("map").error(f"expected one of {', '.join(entry['maps'])}")
        hexes = _hexes(raw["hexes"], m.width, m.height, at.child("hexes"))
        marks.append(
            Mark(
                raw["map"],
                raw["kind"],
                raw["label"],
                hexes,
                raw["what"],
                raw["reading"],
                raw["name"] or raw["label"],
                raw["place"],
            )
        )
    return [maps[n] for n in entry["maps"]], marks


def hex_runs(hexes: frozenset[Hex] | set[Hex]) -> str:
    """Hexes as runs down each column, neighbouring columns with the same runs joined into one
    block: ``{E1..E4, F1..F3}`` -> ``"E1-E4 F1-F3"``; columns A to M, rows 1 to 4 -> ``"A1-M4"``;
    one hex alone -> ``"K7"``. Blocks in column order, then row order."""
    columns: dict[int, list[tuple[int, int]]] = {}
    for col in sorted({c for c, _ in hexes}):
        rows = sorted(r for c, r in hexes if c == col)
        runs: list[tuple[int, int]] = []
        for r in rows:
            if runs and runs[-1][1] == r - 1:
                runs[-1] = (runs[-1][0], r)
            else:
                runs.append((r, r))
        columns[col] = runs
    blocks: list[list[int]] = []  # [first column, last column, first row, last row]
    open_: dict[tuple[int, int], list[int]] = {}
    for col in sorted(columns):
        now: dict[tuple[int, int], list[int]] = {}
        for run in columns[col]:
            block = open_.get(run)
            if block is not None and block[1] == col - 1 and columns.get(col - 1) == columns[col]:
                block[1] = col
            else:
                block = [col, col, *run]
                blocks.append(block)
            now[run] = block
        open_ = now
    words = []
    for c1, c2, r1, r2 in sorted(blocks):
        first, last = hg.name((c1, r1)), hg.name((c2, r2))
        words.append(first if first == last else f"{first}-{last}")
    return " ".join(words)


def parse_runs(text: str) -> frozenset[Hex]:
    """The hexes `hex_runs` wrote: its inverse (``"A1-M4"``: the block, ``"K7"``: one hex)."""
    out: set[Hex] = set()
    for word in text.split():
        ends = [hg.parse_hex(t) for t in word.split("-")]
        if not 1 <= len(ends) <= 2 or any(e is None for e in ends):
            raise ValueError(f"expected hexes like K7 or runs like E1-E4, got {word!r}")
        (c1, r1), (c2, r2) = ends[0], ends[-1]  # type: ignore[misc]
        out.update((c, r) for c in range(c1, c2 + 1) for r in range(r1, r2 + 1))
    return frozenset(out)


VERBS = {"area": "", "entry": "enter at ", "exit": "leave at "}
STAR_NOTE = "* where exactly: the kit's reading"


def mark_line(mark: Mark) -> str:
    """``Rescue party*: E1-E4 F1-F3, the trees`` (``*``: the hexes are the kit's reading)."""
    star = "*" if mark.reading else ""
    place = f", {VERBS[mark.kind]}{mark.place}" if mark.place else ""
    return f"{mark.name}{star}: {mark.runs}{place}"


def where_lines(maps: list[HexMap], marks: list[Mark]) -> list[str]:
    """Every set-up area, entry and exit as hexes, map by map, for a 40-column screen."""
    kit = any(m.is_kit for m in maps)
    lines = ["Where (hexes" + (", on the kit's maps):" if kit else "):")]
    for m in maps:
        mine = [k for k in marks if k.map == m.key]
        if mine:
            lines.append(f"{m.name} map:")
            lines += [f"- {mark_line(k)}" for k in mine]
    if len(maps) > 1:
        names = " above ".join(m.name for m in maps)
        lines.append(f"Lay {names} (the kit's reading).")
    if any(k.reading for k in marks):
        lines.append(STAR_NOTE)
    note = block_note([k for m in maps for k in marks if k.map == m.key])  # as listed
    return lines + ([note] if note else [])


def block_note(marks: list[Mark]) -> str:
    """How to read a block over several columns, on the first one listed (``"(A1-M4:
    columns A to M, rows 1 to 4)"``); "" when every run lies down one column."""
    block = next((w for k in marks for w in k.runs.split() if _block(w)), None)
    if block is None:
        return ""
    (c1, r1), (c2, r2) = (hg.parse_hex(end) for end in block.split("-"))  # type: ignore[misc]
    rows = f"row {r1}" if r1 == r2 else f"rows {r1} to {r2}"
    return f"({block}: columns {hg.LETTERS[c1]} to {hg.LETTERS[c2]}, {rows})"


def _block(word: str) -> bool:
    """A run over more than one column (``A1-M4``), not down one (``E1-E4``)."""
    ends = word.split("-")
    return len(ends) == 2 and ends[0].rstrip("0123456789") != ends[1].rstrip("0123456789")


def marks_for(
    cards: Cards, key: str, source_only: bool = False
) -> tuple[list[HexMap], list[Mark]] | None:
    """`scenario_marks` on every map the cards hold (``source_only``: the rulebook's maps
    only, so None where a scenario lies on the kit's stand-in maps)."""
    from companion.dark_blades.maps import load_maps

    return scenario_marks(cards, key, {m.key: m for m in load_maps(cards, source_only)})


def scenario_maps(cards: Cards) -> dict[str, list[str]]:
    """Each scenario's maps (file keys), in order: the first laid above the next."""
    table = schema.load(cards.path(GAME, "scenario-maps.toml"), FILE, _build)
    return {key: list(entry["maps"]) for key, entry in table.items()}
