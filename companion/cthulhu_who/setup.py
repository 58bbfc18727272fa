"""Cthulhu Who? set-ups: the five set-up tables, the roller, and the exact set-up odds.

Every number comes from ``cards/cthulhu-who/setup.toml``; this module only checks that file,
rolls on it (with an injected ``random.Random``) and enumerates it. A rolled set-up is a plain
`SetUp` record: `SetUp.pieces()` lists the counters a game needs.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, NamedTuple

from companion import schema
from companion.cthulhu_who.ranges import GAME, parse_range
from companion.data import Cards
from companion.errors import InputError
from companion.schema import Field, ListOf, MapOf, Where

SETUP_FILE = "setup.toml"
MAX_FACES = 20  # a set-up die of more faces makes the enumerations (faces**4) too big to list
MAX_CELL = 99  # monsters, cultists or heroes in one cell: more is a typo, not a set-up

# --------------------------------------------------------------------------- set-up records


class MonsterSize(NamedTuple):
    """One row of the Monster Size table."""

    roll: int
    name: str
    squares: int


class SetupDice(NamedTuple):
    """Every die rolled for one set-up, step by step."""

    size: int
    monsters: int
    cultists: int
    heroes: int
    weapons: tuple[int, ...]


KINDS = ("hero", "cultist", "monster")  # the kinds of figure (`PieceNeed.kind`, figures.toml)


class PieceNeed(NamedTuple):
    """``count`` pieces of one kind a set-up needs on the board."""

    count: int  # type: ignore[assignment]  # a NamedTuple field may shadow tuple.count
    kind: str  # "monster", "cultist" or "hero"
    name: str
    squares: int = 1
    weapon: str | None = None


class SetUp(NamedTuple):
    """One rolled set-up: the table results, and the dice that produced them."""

    size: MonsterSize
    monsters: int
    cultists: int
    heroes: int
    weapons: tuple[str, ...]
    dice: SetupDice
    band: str  # the Danger Score column of the heroes table that was used

    @property
    def danger(self) -> int:
        """The Danger Score: the three dice rolled before the heroes (not the table results)."""
        return self.dice.size + self.dice.monsters + self.dice.cultists

    def pieces(self) -> list[PieceNeed]:
        """The counters this game needs: the monsters, the cultists, the heroes by weapon."""
        needs = [
            PieceNeed(self.monsters, "monster", self.size.name, self.size.squares),
            PieceNeed(self.cultists, "cultist", "Cultist"),
        ]
        by_weapon = Counter(self.weapons)
        for weapon in dict.fromkeys(self.weapons):
            needs.append(PieceNeed(by_weapon[weapon], "hero", "Hero", 1, weapon))
        return needs

    def to_dict(self) -> dict[str, Any]:
        """The set-up for ``--json``: exactly the keys the CLI documents."""
        return {
            "monster_size": {
                "name": self.size.name,
                "squares": self.size.squares,
            },
            "monsters": self.monsters,
            "cultists": self.cultists,
            "danger": self.danger,
            "heroes": self.heroes,
            "weapons": list(self.weapons),
            "dice": {
                "size": self.dice.size,
                "monsters": self.dice.monsters,
                "cultists": self.dice.cultists,
                "heroes": self.dice.heroes,
                "weapons": list(self.dice.weapons),
            },
        }


class Band(NamedTuple):
    """A Danger Score column of the heroes table, e.g. ``9-11``."""

    label: str
    low: int
    high: int


# --------------------------------------------------------------------------- set-up tables


class WeaponRow(NamedTuple):
    """One row of the Heros Weapons table as printed: the roll (``"5-6"``) and the weapon."""

    roll: str
    weapon: str


@dataclass
class SetupTables:
    """The five set-up tables, checked, keyed for lookups."""

    path: Path
    faces: tuple[int, ...]
    sizes: dict[int, MonsterSize]
    monsters: dict[tuple[int, int], int]  # (size die, monsters die) -> how many
    cultists: dict[tuple[int, int], int]  # (size die, cultists die) -> how many
    bands: tuple[Band, ...]
    heroes: dict[tuple[int, int], int]  # (band index, heroes die) -> how many
    weapons: dict[int, str]  # weapon die -> weapon
    weapon_rows: tuple[WeaponRow, ...]  # as printed: ("5-6", "Shotgun")

    def band_index(self, danger: int) -> int:
        """Which Danger Score column ``danger`` falls in."""
        for index, band in enumerate(self.bands):
            if band.low <= danger <= band.high:
                return index
        raise InputError(f"danger score {danger} is in no column of the heroes table")

    def from_dice(
        self, size: int, monsters: int, cultists: int, heroes: int, weapons: tuple[int, ...]
    ) -> SetUp:
        """The set-up these dice give (weapons: one die per hero, as many as the table says)."""
        for name, value in (
            ("size", size),
            ("monsters", monsters),
            ("cultists", cultists),
            ("heroes", heroes),
            *(("weapon", w) for w in weapons),
        ):
            if value not in self.sizes:
                raise InputError(f"{name} die {value}: expected {self.faces[0]}-{self.faces[-1]}")
        band = self.band_index(size + monsters + cultists)
        count = self.heroes[band, heroes]
        if len(weapons) != count:
            raise InputError(f"{count} heroes need {count} weapon dice, got {len(weapons)}")
        return SetUp(
            self.sizes[size],
            self.monsters[size, monsters],
            self.cultists[size, cultists],
            count,
            tuple(self.weapons[w] for w in weapons),
            SetupDice(size, monsters, cultists, heroes, tuple(weapons)),
            self.bands[band].label,
        )

    @functools.cached_property
    def _lookups(self) -> tuple[list[Any], list[Any]]:
        """`roll_many`'s precomputed tables (built once per SetupTables, not once per call):
        every roll of the four step dice, and every group of up to four weapon dice."""
        base = []
        for s, m, c, h in itertools.product(self.faces, repeat=4):
            band = self.band_index(s + m + c)
            base.append(
                (
                    self.sizes[s],
                    self.monsters[s, m],
                    self.cultists[s, c],
                    self.heroes[band, h],
                    self.bands[band].label,
                    s,
                    m,
                    c,
                    h,
                )
            )
        group = 4
        weapon_sets: list[list[tuple[tuple[int, ...], tuple[str, ...]]]] = [[((), ())]]
        for k in range(1, group + 1):
            weapon_sets.append(
                [
                    (dice, tuple(self.weapons[d] for d in dice))
                    for dice in itertools.product(self.faces, repeat=k)
                ]
            )
        return base, weapon_sets

    def roll(self, rng: random.Random) -> SetUp:
        """Roll one set-up."""
        return self.roll_many(rng, 1)[0]

    def roll_many(self, rng: random.Random, n: int) -> list[SetUp]:
        """Roll ``n`` set-ups.

        For speed, the four step dice are drawn as one uniform number below faces**4 (the same
        as four independent dice) and looked up in a precomputed list; the weapon dice likewise
        in groups of up to four.
        """
        faces = len(self.faces)
        rand = rng.random
        base, weapon_sets = self._lookups
        group = 4
        span = [faces**k for k in range(group + 1)]
        whole = span[4]
        out: list[SetUp] = []
        append = out.append
        for _ in range(n):
            size, monsters, cultists, count, label, s, m, c, h = base[int(rand() * whole)]
            if count <= group:
                wd, wn = weapon_sets[count][int(rand() * span[count])]
            else:
                wd, wn = weapon_sets[group][int(rand() * whole)]
                rest = count - group
                while rest:
                    k = min(rest, group)
                    more_d, more_n = weapon_sets[k][int(rand() * span[k])]
                    wd, wn = wd + more_d, wn + more_n
                    rest -= k
            append(SetUp(size, monsters, cultists, count, wn, SetupDice(s, m, c, h, wd), label))
        return out


def _cell(cell: int, where: Where) -> int:
    if cell < 0:
        raise where.error(f"{cell} is below 0")
    if cell > MAX_CELL:
        raise where.error(f"{cell} is above {MAX_CELL} (the kit's limit)")
    return cell


def _grid(
    rows: dict[str, list[int]], where: Where, columns: list[Any], faces: tuple[int, ...]
) -> dict[tuple[int, int], int]:
    """A table whose ``rows`` map each die face to one whole number per column."""
    want = {str(f) for f in faces}
    if set(rows) != want:
        extra = sorted(set(rows) - want) or sorted(want - set(rows))
        raise where.error(
            f"expected one row for each die roll "
            f"{faces[0]}-{faces[-1]}, found a problem with row {extra[0]!r}"
        )
    grid: dict[tuple[int, int], int] = {}
    for face in faces:
        cells, at = rows[str(face)], where.child(str(face))
        if len(cells) != len(columns):
            raise at.error(f"expected {len(columns)} cells (one per column), got {len(cells)}")
        for index, cell in enumerate(cells):
            grid[index, face] = _cell(cell, at)
    return grid


def _grid_table(columns: Any) -> schema.Table:
    """A set-up table of ``columns`` and ``rows`` (die face → one number per column)."""
    return schema.Table(
        (
            Field("title", str, required=False),
            Field("columns", columns),
            Field("rows", MapOf(ListOf(int, start=1))),
        ),
        rest=object,  # free keys (a note of the user's) are kept, not read
    )


SIZE_ROW = schema.Table(
    (Field("roll", int), Field("name", str), Field("squares", int)),
    rest=object,
    build=lambda v, _where: MonsterSize(v["roll"], v["name"], v["squares"]),
)
WEAPON_ROW = schema.Table(
    (Field("roll", (str, int)), Field("weapon", str)),
    rest=object,
    build=lambda v, _where: WeaponRow(str(v["roll"]), v["weapon"]),
)
SETUP = schema.Table(
    (
        Field(
            "monster_size",
            schema.Table(
                (Field("title", str, required=False), Field("rows", ListOf(SIZE_ROW, start=1))),
                rest=object,
            ),
        ),
        Field("monsters", _grid_table(list)),
        Field("cultists", _grid_table(list)),
        Field("heroes", _grid_table(ListOf(str, start=1))),
        Field(
            "weapons",
            schema.Table(
                (Field("title", str, required=False), Field("rows", ListOf(WEAPON_ROW, start=1))),
                rest=object,
            ),
        ),
    ),
    rest=object,
)
"""setup.toml: the five set-up tables."""


def load_setup_tables(path: str | Path) -> SetupTables:
    """Read and check ``setup.toml`` (once while it is unchanged)."""
    return schema.load(Path(path), SETUP, _build)


def _build(data: dict[str, Any], path: Path) -> SetupTables:
    top = Where(path)
    sizes: dict[int, MonsterSize] = {}
    for index, size in enumerate(data["monster_size"]["rows"]):
        if size.roll in sizes:
            at = top.child("monster_size").child("rows").child(index, number=index + 1)
            raise at.child("roll").error(f"die roll {size.roll} appears twice")
        sizes[size.roll] = size
    faces = tuple(sorted(sizes))
    at = top.child("monster_size").child("rows")
    if not faces or faces != tuple(range(1, len(faces) + 1)):
        raise at.error("expected die rolls 1, 2, 3 ... once each")
    if len(faces) > MAX_FACES:
        raise at.error(f"a die of {len(faces)} faces; the kit handles at most {MAX_FACES}")

    grids = {}
    for name in ("monsters", "cultists"):
        columns = data[name]["columns"]
        if columns != list(faces):
            raise (
                top.child(name)
                .child("columns")
                .error(f"expected the monster size die rolls {list(faces)}")
            )
        grid = _grid(data[name]["rows"], top.child(name).child("rows"), columns, faces)
        grids[name] = {(s + 1, d): n for (s, d), n in grid.items()}

    labels = data["heroes"]["columns"]
    bands = []
    covered: list[int] = []
    lowest, highest = 3 * faces[0], 3 * faces[-1]
    for index, label in enumerate(labels):
        at = top.child("heroes").child("columns").child(index, number=index + 1)
        low, high = parse_range(label, at)
        if low < lowest or high > highest:
            raise at.error(f"{label!r} is outside the danger scores {lowest}-{highest}")
        bands.append(Band(label, low, high))
        covered.extend(range(low, high + 1))
    if sorted(covered) != list(range(lowest, highest + 1)):
        raise (
            top.child("heroes")
            .child("columns")
            .error(f"the danger bands must cover {lowest}-{highest} once each")
        )
    heroes = _grid(data["heroes"]["rows"], top.child("heroes").child("rows"), labels, faces)

    weapons: dict[int, str] = {}
    rows = data["weapons"]["rows"]
    for index, row in enumerate(rows):
        at = top.child("weapons").child("rows").child(index, number=index + 1).child("roll")
        low, high = parse_range(row.roll, at)
        for face in range(low, high + 1):
            if face in weapons or face not in sizes:
                raise at.error(f"die roll {face} is repeated or off the die")
            weapons[face] = row.weapon
    if sorted(weapons) != list(faces):
        raise top.child("weapons").child("rows").error("every die roll needs a weapon")
    return SetupTables(
        path,
        faces,
        sizes,
        grids["monsters"],
        grids["cultists"],
        tuple(bands),
        heroes,
        weapons,
        tuple(rows),
    )


def setup_tables(cards: Cards) -> SetupTables:
    """The set-up tables from a cards directory."""
    return load_setup_tables(cards.path(GAME, SETUP_FILE))


def setup_distribution(tables: SetupTables) -> dict[str, dict[Any, Fraction]]:
    """The EXACT chance of each result, enumerated over every combination of the four dice.

    Keys: ``monster_size`` (by name), ``monsters``, ``cultists``, ``danger``, ``heroes``,
    and ``weapon`` (one hero's weapon).
    """
    faces = tables.faces
    counts: dict[str, Counter[Any]] = {
        k: Counter() for k in ("monster_size", "monsters", "cultists", "danger", "heroes")
    }
    for s in faces:
        for m in faces:
            for c in faces:
                danger = s + m + c
                band = tables.band_index(danger)
                for h in faces:
                    counts["monster_size"][tables.sizes[s].name] += 1
                    counts["monsters"][tables.monsters[s, m]] += 1
                    counts["cultists"][tables.cultists[s, c]] += 1
                    counts["danger"][danger] += 1
                    counts["heroes"][tables.heroes[band, h]] += 1
    total = len(faces) ** 4
    out: dict[str, dict[Any, Fraction]] = {}
    for key, counter in counts.items():
        order = counter if key == "monster_size" else sorted(counter)
        out[key] = {value: Fraction(counter[value], total) for value in order}
    weapon_counts = Counter(tables.weapons[f] for f in faces)
    out["weapon"] = {w: Fraction(n, len(faces)) for w, n in weapon_counts.items()}
    return out
