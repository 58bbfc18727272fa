"""Dark Blades missile weapons: ``cards/dark-blades/missiles.toml``, strength by range band.

A weapon's bands follow on from each other (short, medium, long); a shot beyond the last band
is refused. Shortbow and crossbow may not fire at range 1 (the rules: no firing when adjacent
to an enemy); the Gargoyle's Breath reaches 1-10 hexes, on the "infantry against" tables, and
results against the Gargoyle do not affect him. Names printed on the counters ("bow") resolve
to the weapon the kit maps them to. `companion.dark_blades.combat` then resolves the shot.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.dark_blades.readings import Reading, read_reading
from companion.data import Cards, expect, read_toml, require, unknown_keys
from companion.errors import DataError, InputError
from companion.names import pick

GAME = "dark-blades"
TARGETS = ("infantry", "mounted")
WEAPON_KEYS = (
    "name",
    "source",
    "bands",
    "counter_words",
    "counter_reading",
    "adjacent",
    "tables",
    "cover",
    "cover_reading",
    "no_adverse",
    "adverse_reading",
)


@dataclass(frozen=True)
class Band:
    band: str
    first: int
    last: int
    strength: int


@dataclass(frozen=True)
class Weapon:
    """One weapon of missiles.toml, checked."""

    key: str
    name: str
    source: str
    bands: tuple[Band, ...]
    counter_words: tuple[str, ...] = ()
    counter_reading: Reading | None = None
    adjacent: bool = False  # may it be used at range 1?
    tables: dict[str, str] | None = None  # target → results table (None: the missile tables)
    cover: bool = True  # do the cover shifts apply?
    cover_reading: Reading | None = None
    no_adverse: str | None = None  # the rule by which results against the attacker are void
    adverse_reading: Reading | None = None

    def table_for(self, target: str) -> str:
        """The results table this weapon uses against ``target`` (infantry or mounted)."""
        if self.tables is not None:
            return self.tables[target]
        return f"missile-vs-{target}"

    def band_at(self, hexes: int) -> Band:
        """The range band at ``hexes``; out of range is refused."""
        for band in self.bands:
            if band.first <= hexes <= band.last:
                return band
        first, last = self.bands[0].first, self.bands[-1].last
        raise InputError(
            f"--range {hexes}: out of range (a {self.name} reaches {first}-{last} hexes)"
        )


@dataclass(frozen=True)
class Missiles:
    path: Path
    source: str
    adjacent_rule: str | None  # the rule's text (a user's older copy may lack it)
    weapons: dict[str, Weapon]

    def names(self) -> list[str]:
        """Every name a player may type: weapon keys, then counter words."""
        words = [w for x in self.weapons.values() for w in x.counter_words]
        return list(dict.fromkeys([*self.weapons, *words]))

    def find(self, text: str) -> tuple[Weapon, str]:
        """A weapon by key or counter word (unique start, any case), and the name typed."""
        name = pick(text, self.names(), "missile weapon")
        if name in self.weapons:
            return self.weapons[name], name
        return next(w for w in self.weapons.values() if name in w.counter_words), name


def _bands(body: dict[str, Any], path: Path, key: str) -> tuple[Band, ...]:
    bands: list[Band] = []
    for i, b in enumerate(require(body, "bands", list, path, key)):
        where = f"{key}.bands[{i}]"
        expect(b, dict, path, where)
        unknown_keys(b, ("band", "from", "to", "strength"), path, where)
        band = Band(
            require(b, "band", str, path, where),
            require(b, "from", int, path, where),
            require(b, "to", int, path, where),
            require(b, "strength", int, path, where),
        )
        if band.first > band.last or (bands and band.first != bands[-1].last + 1):
            raise DataError(f"key '{where}': ranges must follow on from each other", path)
        if band.first < 1:
            raise DataError(f"key '{where}.from': a range starts at 1 hex or more", path)
        if band.strength < 1:
            raise DataError(f"key '{where}.strength': expected 1 or more", path)
        if any(b.band == band.band for b in bands):
            raise DataError(f"key '{where}.band': {band.band!r} is listed twice", path)
        bands.append(band)
    if not bands:
        raise DataError(f"key '{key}.bands': expected at least one range band", path)
    return tuple(bands)


def _reading(body: dict[str, Any], field: str, path: Path, key: str) -> Reading | None:
    if field not in body:
        return None
    return read_reading(body[field], path, f"{key}.{field}", f"{key}-{field}")


def _weapon(key: str, body: Any, path: Path, source: str) -> Weapon:
    expect(body, dict, path, key)
    unknown_keys(body, WEAPON_KEYS, path, key)
    words = tuple(expect(body.get("counter_words", []), list, path, f"{key}.counter_words"))
    for word in words:
        expect(word, str, path, f"{key}.counter_words")
    tables = body.get("tables")
    if tables is not None:
        expect(tables, dict, path, f"{key}.tables")
        if sorted(tables) != sorted(TARGETS):
            raise DataError(f"key '{key}.tables': expected one table each for {TARGETS}", path)
        for target, name in tables.items():
            expect(name, str, path, f"{key}.tables.{target}")
    flags = {}
    for flag, default in (("adjacent", False), ("cover", True)):
        flags[flag] = expect(body.get(flag, default), bool, path, f"{key}.{flag}")
    if "no_adverse" in body:
        flags["no_adverse"] = expect(body["no_adverse"], str, path, f"{key}.no_adverse")
    return Weapon(
        key=key,
        name=require(body, "name", str, path, key),
        source=expect(body.get("source", source), str, path, f"{key}.source"),
        bands=_bands(body, path, key),
        counter_words=words,
        counter_reading=_reading(body, "counter_reading", path, key),
        tables=dict(tables) if tables is not None else None,
        cover_reading=_reading(body, "cover_reading", path, key),
        adverse_reading=_reading(body, "adverse_reading", path, key),
        **flags,
    )


def load_weapons(cards: Cards) -> Missiles:
    """Read and check ``cards/dark-blades/missiles.toml``."""
    path = cards.path(GAME, "missiles.toml")
    data = read_toml(path)
    source = require(data, "source", str, path)
    rule = data.get("adjacent_rule")
    if rule is not None:
        expect(rule, str, path, "adjacent_rule")
    weapons = {
        key: _weapon(key, body, path, source)
        for key, body in data.items()
        if key not in ("source", "adjacent_rule")
    }
    if not weapons:
        raise DataError("no weapons (expected e.g. [shortbow])", path)
    seen: dict[str, str] = {}
    for weapon in weapons.values():
        for word in weapon.counter_words:
            if word in weapons or word in seen:
                raise DataError(
                    f"key '{weapon.key}.counter_words': {word!r} names two weapons", path
                )
            seen[word] = weapon.key
    return Missiles(path, source, rule, weapons)


def strength_at(cards: Cards, weapon: str, hexes: int) -> tuple[str, Band]:
    """The weapon's name and its range band at ``hexes``; out of range is refused."""
    found, _ = load_weapons(cards).find(weapon)
    return found.name, found.band_at(hexes)
