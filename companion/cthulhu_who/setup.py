"""Cthulhu Who? set-ups: the five set-up tables, the roller, and the exact set-up odds.

Every number comes from ``cards/cthulhu-who/setup.toml``; this module only checks that file,
rolls on it (with an injected ``random.Random``) and enumerates it. A rolled set-up is a plain
`SetUp` record: `SetUp.pieces()` lists the counters a game needs.
"""

from __future__ import annotations

import functools
import itertools
import random
import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from companion.data import Cards, expect, read_toml, require
from companion.errors import DataError, InputError

GAME = "cthulhu-who"
SETUP_FILE = "setup.toml"
MAX_FACES = 20  # a set-up die of more faces makes the enumerations (faces**4) too big to list
MAX_CELL = 99  # monsters, cultists or heroes in one cell: more is a typo, not a set-up

# --------------------------------------------------------------------------- set-up records


@dataclass(frozen=True, slots=True)
class MonsterSize:
    """One row of the Monster Size table."""

    roll: int
    name: str
    squares: int


@dataclass(slots=True)
class SetupDice:
    """Every die rolled for one set-up, step by step."""

    size: int
    monsters: int
    cultists: int
    heroes: int
    weapons: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PieceNeed:
    """``count`` pieces of one kind a set-up needs on the board."""

    count: int
    kind: str  # "monster", "cultist" or "hero"
    name: str
    squares: int = 1
    weapon: str | None = None


@dataclass(slots=True)
class SetUp:
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


@dataclass(frozen=True, slots=True)
class Band:
    """A Danger Score column of the heroes table, e.g. ``9-11``."""

    label: str
    low: int
    high: int


# --------------------------------------------------------------------------- set-up tables

_RANGE = re.compile(r"^\s*(\d{1,6})\s*(?:-\s*(\d{1,6}))?\s*$")


def parse_range(text: str, path: Path, key: str) -> tuple[int, int]:
    """``"5-6"`` → (5, 6); ``"12"`` → (12, 12); anything else is a located DataError."""
    match = _RANGE.match(str(text))
    if not match:
        raise DataError(f"key '{key}': expected a number or a range like 5-6, got {text!r}", path)
    low = int(match.group(1))
    high = int(match.group(2) or low)
    if high < low:
        raise DataError(f"key '{key}': range {text!r} runs backwards", path)
    return low, high


@dataclass(frozen=True)
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
    weapon_rows: tuple[tuple[str, str], ...]  # as printed: ("5-6", "Shotgun")

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
        weapon_sets = [[((), ())]]
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


def _grid(
    data: dict[str, Any], name: str, columns: list[Any], faces: tuple[int, ...], path: Path
) -> dict[tuple[int, int], int]:
    """A table whose ``rows`` map each die face to one whole number per column."""
    rows = require(data, "rows", dict, path, name)
    want = {str(f) for f in faces}
    if set(rows) != want:
        extra = sorted(set(rows) - want) or sorted(want - set(rows))
        raise DataError(
            f"key '{name}.rows': expected one row for each die roll "
            f"{faces[0]}-{faces[-1]}, found a problem with row {extra[0]!r}",
            path,
        )
    grid: dict[tuple[int, int], int] = {}
    for face in faces:
        cells = expect(rows[str(face)], list, path, f"{name}.rows.{face}")
        if len(cells) != len(columns):
            raise DataError(
                f"key '{name}.rows.{face}': expected {len(columns)} cells (one per column), "
                f"got {len(cells)}",
                path,
            )
        for index, cell in enumerate(cells):
            expect(cell, int, path, f"{name}.rows.{face}[{index + 1}]")
            if cell < 0:
                raise DataError(f"key '{name}.rows.{face}': {cell} is below 0", path)
            if cell > MAX_CELL:
                raise DataError(
                    f"key '{name}.rows.{face}': {cell} is above {MAX_CELL} (the kit's limit)", path
                )
            grid[index, face] = cell
    return grid


def load_setup_tables(path: str | Path) -> SetupTables:
    """Read and check ``setup.toml``."""
    path = Path(path)
    data = read_toml(path)
    size_table = require(data, "monster_size", dict, path)
    size_rows = require(size_table, "rows", list, path, "monster_size")
    sizes: dict[int, MonsterSize] = {}
    for index, row in enumerate(size_rows):
        key = f"monster_size.rows[{index + 1}]"
        expect(row, dict, path, key)
        roll = require(row, "roll", int, path, key)
        if roll in sizes:
            raise DataError(f"key '{key}.roll': die roll {roll} appears twice", path)
        squares = require(row, "squares", int, path, key)
        sizes[roll] = MonsterSize(roll, require(row, "name", str, path, key), squares)
    faces = tuple(sorted(sizes))
    if not faces or faces != tuple(range(1, len(faces) + 1)):
        raise DataError("key 'monster_size.rows': expected die rolls 1, 2, 3 ... once each", path)
    if len(faces) > MAX_FACES:
        raise DataError(
            f"key 'monster_size.rows': a die of {len(faces)} faces; the kit handles at most "
            f"{MAX_FACES}",
            path,
        )

    def size_columns(name: str) -> list[Any]:
        table = require(data, name, dict, path)
        columns = require(table, "columns", list, path, name)
        if columns != list(faces):
            raise DataError(
                f"key '{name}.columns': expected the monster size die rolls {list(faces)}", path
            )
        return columns

    monsters = _grid(data["monsters"], "monsters", size_columns("monsters"), faces, path)
    cultists = _grid(data["cultists"], "cultists", size_columns("cultists"), faces, path)
    monsters = {(s + 1, d): n for (s, d), n in monsters.items()}
    cultists = {(s + 1, d): n for (s, d), n in cultists.items()}

    hero_table = require(data, "heroes", dict, path)
    labels = require(hero_table, "columns", list, path, "heroes")
    bands = []
    covered: list[int] = []
    for index, label in enumerate(labels):
        low, high = parse_range(
            expect(label, str, path, f"heroes.columns[{index + 1}]"),
            path,
            f"heroes.columns[{index + 1}]",
        )
        if low < 3 * faces[0] or high > 3 * faces[-1]:
            raise DataError(
                f"key 'heroes.columns[{index + 1}]': {label!r} is outside the danger scores "
                f"{3 * faces[0]}-{3 * faces[-1]}",
                path,
            )
        bands.append(Band(label, low, high))
        covered.extend(range(low, high + 1))
    lowest, highest = 3 * faces[0], 3 * faces[-1]
    if sorted(covered) != list(range(lowest, highest + 1)):
        raise DataError(
            f"key 'heroes.columns': the danger bands must cover {lowest}-{highest} once each",
            path,
        )
    heroes = _grid(hero_table, "heroes", labels, faces, path)

    weapon_table = require(data, "weapons", dict, path)
    weapon_rows = []
    weapons: dict[int, str] = {}
    for index, row in enumerate(require(weapon_table, "rows", list, path, "weapons")):
        key = f"weapons.rows[{index + 1}]"
        expect(row, dict, path, key)
        roll = require(row, "roll", (str, int), path, key)
        weapon = require(row, "weapon", str, path, key)
        low, high = parse_range(str(roll), path, f"{key}.roll")
        for face in range(low, high + 1):
            if face in weapons or face not in sizes:
                raise DataError(
                    f"key '{key}.roll': die roll {face} is repeated or off the die", path
                )
            weapons[face] = weapon
        weapon_rows.append((str(roll), weapon))
    if sorted(weapons) != list(faces):
        raise DataError("key 'weapons.rows': every die roll needs a weapon", path)
    return SetupTables(
        path, faces, sizes, monsters, cultists, tuple(bands), heroes, weapons, tuple(weapon_rows)
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
