"""Swimming on a Dark Blades map: which water table a character in the water rolls, what it
gives, and where the current carries him (crawling out, drowning, stopping on stepping stones,
swept off the map, or crushed in the mill wheel).

The tables are the rulebook's (``cards/dark-blades/tables/``: each row's ``effect`` code says
what it does on the map); ``cards/dark-blades/water.toml`` says which table each water rolls
first and holds the kit's readings where the rules leave the way open (labelled). The map is
any `HexMap`-like board: ``terrain``, ``on_map``, ``neighbour``, ``flow`` and ``wheel`` (a layout
of joined maps works as one map). Pure Python: the CLI and the web page present `Swim`.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from companion import dice, schema
from companion.dark_blades import hexgrid as hg
from companion.dark_blades.hexgrid import Hex
from companion.dark_blades.map_water import WATER
from companion.dark_blades.readings import Reading, reading_schema
from companion.dark_blades.states import HURT
from companion.data import MISSING, Cards
from companion.errors import DataError, FieldError, InputError
from companion.schema import Field, ListOf, MapOf, Table
from companion.tables import Table as DiceTable
from companion.tables import TableRow, read_table

GAME = "dark-blades"
WORDS = ("each_step", "wheel", "stones", "swept", "hurt")  # water.toml [words]: the rules' quotes
EFFECTS = ("crawl out", "drown", "nearest bank", "farthest bank", "hang on")  # + "downstream N"


class _Record:
    """A plain record: its ``__slots__`` set in order by ``__init__``, compared by value. (Not
    a NamedTuple or a dataclass: `havoc swim` starts faster without declaring those.)"""

    __slots__: tuple[str, ...] = ()

    def __init__(self, *values: Any) -> None:
        for name, value in zip(self.__slots__, values, strict=False):
            setattr(self, name, value)
        for name in self.__slots__[len(values) :]:
            setattr(self, name, None)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(
            getattr(self, n) == getattr(other, n) for n in self.__slots__
        )

    __hash__ = None  # type: ignore[assignment]


class Rules(_Record):
    """water.toml, checked, and where its tables are: ``roles`` names the first table of each
    (lake_shore, lake, river, stones); `table` reads one (by role or file name) when a swim
    needs it, so a river swim never reads the lake's."""

    __slots__ = ("path", "lake", "river", "roles", "readings", "cards", "words")
    path: Path
    lake: tuple[str, ...]
    river: tuple[str, ...]
    roles: dict[str, str]
    readings: dict[str, Reading]
    cards: Cards
    words: dict[str, str]  # the rulebook's words for each way a swim ends

    def first(self, role: str) -> DiceTable:
        """The first table of a role (``river``: the first roll in the river)."""
        return self.table(self.roles[role])

    def table(self, name: str) -> DiceTable:
        """A water table by its file name (``river``: tables/river.toml)."""
        table = read_table(self.cards.path(GAME, f"tables/{name}.toml"), GAME)
        _effects(table)
        return table


FILE = Table(
    (
        Field("source", str),
        Field("lake", ListOf(str)),
        Field("river", ListOf(str)),
        Field("lake_shore_table", str),
        Field("lake_table", str),
        Field("river_table", str),
        Field("stones_table", str),
        Field("words", Table(tuple(Field(k, str) for k in WORDS))),
        Field("readings", MapOf(reading_schema(lambda where: where.name))),
    )
)
NEEDED = ("lake-flow", "shore", "bank", "lake-six", "wheel", "fell-in-at", "stones-roll")


def _effects(table: DiceTable) -> None:
    for i, row in enumerate(table.rows):
        for code in (row.effect or "").split(", ") if row.effect else ():
            words = code.split()
            if code in EFFECTS or (
                len(words) == 2 and words[0] == "downstream" and words[1].isdigit()
            ):
                continue
            raise DataError(
                f"key 'rows[{i}].effect': {code!r} is not a water effect (expected "
                f"{', '.join(EFFECTS)} or downstream N, joined by ', ')",
                table.path,
            )


def _check(data: dict[str, Any], path: Path) -> dict[str, Any]:
    missing = [n for n in NEEDED if n not in data["readings"]]
    if missing:
        raise DataError(f"missing key 'readings.{missing[0]}' (the kit's reading)", path)
    return data


def load_rules(cards: Cards) -> Rules:
    """water.toml (read once while it is unchanged); its tables are read as a swim needs them."""
    path = cards.path(GAME, "water.toml")
    data = schema.load(path, FILE, _check)
    roles = {key: data[f"{key}_table"] for key in ("lake_shore", "lake", "river", "stones")}
    lake, river = tuple(data["lake"]), tuple(data["river"])
    return Rules(path, lake, river, roles, data["readings"], cards, data["words"])


# --------------------------------------------------------------------------- the answer


class Roll(_Record):
    """One die on one table: the face, whether the kit rolled it, the rows it gave."""

    __slots__ = ("table", "face", "rolled", "rows")
    table: DiceTable
    face: int
    rolled: bool
    rows: tuple[TableRow, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "table": self.table.name,
            "title": self.table.title,
            "face": self.face,
            "rolled": self.rolled,
            "results": [r.result for r in self.rows] or [MISSING],
        }


class Swim(_Record):
    """Where a swimmer ends: ``outcome`` (crawls out, drowns, crushed, swept off, on the stones,
    in the water, or roll: a die still to give), the hexes he is carried through (``path``,
    his own hex first), the rolls, the kit's readings applied, and for a lake 6 the other
    printed row's swim (``other``). ``where``: the hex he ends in (None: swept off the map);
    ``why``: the rule's words for the outcome; ``pending``: the table still to roll (the real
    dice given ran out)."""

    __slots__ = (
        "start", "water", "outcome", "where", "path", "rolls", "readings", "why", "pending",
        "other",
    )  # fmt: skip
    start: Hex
    water: str  # "lake" or "river"
    outcome: str
    where: Hex | None
    path: tuple[Hex, ...]
    rolls: tuple[Roll, ...]
    readings: tuple[Reading, ...]
    why: str
    pending: str | None
    other: Swim | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "hex": hg.name(self.start),
            "water": self.water,
            "outcome": self.outcome,
            "ends_in": hg.name(self.where) if self.where else None,
            "path": [hg.name(h) for h in self.path],
            "rolls": [r.as_dict() for r in self.rolls],
            "why": self.why,
            "roll_next": self.pending,
            "kits_readings": [r.as_dict() for r in self.readings],
            "other_printed_row": self.other.as_dict() if self.other else None,
        }


class _Dice:
    """Faces given first, in order; then rolls, if no face was given or a seed was."""

    def __init__(self, given: list[int], rng: random.Random | None) -> None:
        self.given, self.rng = list(given), rng
        self.taken = 0  # faces given that this swim used
        self.most = [0]  # the most any of the swims (a lake 6's other row too) used: shared

    def next(self, table: DiceTable) -> tuple[int, bool] | None:
        if self.given:
            self.taken += 1
            self.most[0] = max(self.most[0], self.taken)
            return dice.d10_face(self.given.pop(0), table.die), False
        if self.rng is None:
            return None
        return dice.roll_face(table.die, self.rng)[0], True

    def copy(self) -> _Dice:
        """The same faces to come (a seeded generator copied, so both draw alike)."""
        twin = _Dice(self.given, None)
        twin.taken, twin.most = self.taken, self.most
        if isinstance(self.rng, random.SystemRandom) or self.rng is None:
            twin.rng = self.rng
        else:
            twin.rng = random.Random()
            twin.rng.setstate(self.rng.getstate())
        return twin


def is_water(m: Any, h: Hex) -> bool:
    return m.on_map(h) and m.terrain[h] in WATER


def _land_distance(m: Any) -> dict[Hex, int]:
    """Hexes to the nearest land hex, for every hex (land: 0); water with no land: absent."""
    out = {h: 0 for h in m.terrain if m.terrain[h] not in WATER}
    todo = list(out)
    while todo:
        nxt = []
        for h in todo:
            for s in hg.SIDES:
                n = m.neighbour(h, s)
                if m.on_map(n) and n not in out:
                    out[n] = out[h] + 1
                    nxt.append(n)
        todo = nxt
    return out


class _Carry:
    """One swim being worked out: where he is, the hexes so far, how it ended."""

    def __init__(self, m: Any, rules: Rules, start: Hex) -> None:
        self.m, self.rules, self.at = m, rules, start
        self.path = [start]
        self.end: tuple[str, str] | None = None  # (outcome, why)
        self.readings: dict[str, Reading] = {}

    def read(self, name: str) -> None:
        self.readings.setdefault(name, self.rules.readings[name])

    def enter(self, h: Hex) -> bool:
        """Carried into ``h``: False when the move stops there (the wheel, the stones)."""
        self.at = h
        self.path.append(h)
        if self.m.terrain[h] == "bridge":
            self.read("fell-in-at")
        if h in self.m.wheel:
            self.read("wheel")
            self.end = ("crushed", self.rules.words["wheel"])
            return False
        if self.m.terrain[h] == "stepping-stones":
            self.end = ("stones", self.rules.words["stones"])
            return False
        return True

    def downstream(self, count: int) -> None:
        for _ in range(count):
            if self.at in self.m.wheel:  # carried on out of the wheel
                self.read("wheel")
                self.end = ("crushed", self.rules.words["wheel"])
                return
            side = self.m.flow.get(self.at)
            if side is None:
                raise InputError(f"{self.m.label(self.at)}: no flow on this map (cards/README.md)")
            down = self.m.neighbour(self.at, side)
            if not self.m.on_map(down):
                self.end = ("swept off", self.rules.words["swept"])
                return
            if not self.enter(down):
                return

    def bank(self, which: str) -> None:
        """One hex across the flow towards the nearest or farthest bank (the kit's reading)."""
        self.read("bank")
        flow = self.m.flow.get(self.at)
        if flow is None:
            return
        i = hg.SIDES.index(flow)
        land = _land_distance(self.m)
        options = []
        for side in sorted(hg.SIDES[(i + k) % 6] for k in (1, -1)):  # the forward diagonals
            n = self.m.neighbour(self.at, side)
            if self.m.on_map(n) and n in land:
                score = land[n] if which == "nearest" else -land[n]
                options.append((score, hg.SIDES.index(side), n))
        if not options:
            return
        _score, _clockwise, best = min(options)
        if is_water(self.m, best):
            self.enter(best)


def _first_table(m: Any, rules: Rules, h: Hex, c: _Carry) -> tuple[str, DiceTable]:
    kind = m.terrain[h]
    if kind in rules.lake:
        c.read("lake-flow")
        c.read("shore")
        shore = any(
            m.on_map(n) and m.terrain[n] not in WATER for n in (m.neighbour(h, s) for s in hg.SIDES)
        )
        return "lake", rules.first("lake_shore" if shore else "lake")
    if kind in rules.river:
        if kind in ("bridge", "stepping-stones"):
            c.read("fell-in-at")
        return "river", rules.first("river")
    raise InputError(f"{m.label(h)} is {kind}, not water: nobody swims there")


def _follow(c: _Carry, row: TableRow) -> None:
    for code in (row.effect or "").split(", "):
        words = code.split()
        if c.end is not None:
            return
        if code == "crawl out":
            c.end = ("crawls out", row.result)
        elif code == "drown":
            c.end = ("drowns", row.result)
        elif words and words[0] == "downstream":
            c.downstream(int(words[1]))
        elif code in ("nearest bank", "farthest bank"):
            c.bank(words[0])


def _swim(
    m: Any, rules: Rules, start: Hex, water: str, table: DiceTable, feed: _Dice, c: _Carry
) -> Swim:
    rolls: list[Roll] = []
    other: Swim | None = None
    pending = None
    current: DiceTable | None = table
    while current is not None and c.end is None:
        got = feed.next(current)
        if got is None:
            pending = current.name
            break
        face, rolled = got
        rows = tuple(current.lookup(face))
        rolls.append(Roll(current, face, rolled, rows))
        if not rows:
            c.end = ("missing", f"{current.title}: {face} is {MISSING}")
            break
        if len(rows) > 1:  # the lake's doubled 6: the first printed row; the other beside it
            c.read("lake-six")
            twin = _Carry(m, rules, c.at)
            twin.path, twin.readings = list(c.path), dict(c.readings)
            _follow(twin, rows[1])
            other = _finish(m, rules, start, water, rolls, feed.copy(), twin, None)
        row = rows[0]
        _follow(c, row)
        current = rules.table(row.next) if row.next else None
    if pending is None:
        return _finish(m, rules, start, water, rolls, feed, c, other)
    return Swim(
        start,
        water,
        "roll",
        c.at,
        tuple(c.path),
        tuple(rolls),
        tuple(c.readings.values()),
        rolls[-1].rows[0].result if rolls else rules.words["each_step"],
        pending,
        other,
    )


def _finish(
    m: Any,
    rules: Rules,
    start: Hex,
    water: str,
    rolls: list[Roll],
    feed: _Dice,
    c: _Carry,
    other: Swim | None,
) -> Swim:
    """After the table: on stepping stones, the hang-on roll; else where he is."""
    rolls = list(rolls)
    pending = None
    if c.end is not None and c.end[0] == "stones":
        c.read("stones-roll")
        stones = rules.first("stones")
        got = feed.next(stones)
        if got is None:
            pending = stones.name
            c.end = ("roll", rules.words["stones"])
        else:
            rows = tuple(stones.lookup(got[0]))
            rolls.append(Roll(stones, got[0], got[1], rows))
            if rows:
                c.end = ("hangs on", rows[0].result)
            elif "stones-unlisted" in rules.readings:  # the kit's: he does not hang on
                c.read("stones-unlisted")
                c.end = ("in the water", rules.words["each_step"])
            else:
                c.end = ("on the stones", f"{stones.title}: {got[0]} is {MISSING}")
    outcome, why = c.end or ("in the water", rules.words["each_step"])
    where = None if outcome == "swept off" else c.at
    return Swim(
        start,
        water,
        outcome,
        where,
        tuple(c.path),
        tuple(rolls),
        tuple(c.readings.values()),
        why,
        pending,
        other,
    )


def swim(
    m: Any,
    rules: Rules,
    start: Hex,
    given: list[int] | tuple[int, ...] = (),
    seed: int | None = None,
    hurt: str | None = None,
) -> Swim:
    """A character in the water at ``start``: the tables he rolls (``given`` faces first, then
    dice rolled, seeded by ``seed``, unless faces were given without a seed) and where he ends.
    ``hurt`` (wounded or stunned): he drowns, as the rules say."""
    if not m.on_map(start):
        raise InputError(f"{m.label(start)}: not on the map")
    if is_water(m, start) and not m.flow:
        raise InputError(
            f"{m.name}: no flow block: the map does not say which way its water runs "
            "(add one: cards/README.md, Maps)"
        )
    c = _Carry(m, rules, start)
    water, table = _first_table(m, rules, start, c)
    faces = " ".join(map(str, given))
    if hurt is not None:
        if hurt not in HURT:
            raise FieldError("hurt", hurt, f"expected {' or '.join(HURT)}, got {hurt!r}")
        if given:
            why = f"a {hurt} swimmer drowns and rolls no die: leave out {faces}"
            raise FieldError("die", faces, why)
        if water == "river":
            c.readings.update({"river-hurt": _river_hurt(rules)})
        why = rules.words["hurt"]
        return Swim(start, water, "drowns", start, (start,), (), tuple(c.readings.values()), why)
    rng = dice.make_rng(seed) if (seed is not None or not given) else None
    feed = _Dice(list(given), rng)
    result = _swim(m, rules, start, water, table, feed, c)
    used = feed.most[0]
    if used < len(given):  # a face nobody rolled: a slip of the finger, never silently dropped
        extra = " ".join(map(str, given[used:]))
        why = f"{len(given)} faces given, the swim rolls {used}: leave out {extra}"
        raise FieldError("die", faces, why)
    return result


def _river_hurt(rules: Rules) -> Reading:
    table = rules.first("river")
    return Reading("river-hurt", table.reading_short or "kit's reading", table.reading or "")
