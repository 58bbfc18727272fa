"""Dark Blades missile weapons: ``cards/dark-blades/missiles.toml``, strength by range band.

A weapon's bands follow on from each other (short, medium, long); a shot beyond the last band
is refused. Shortbow and crossbow may not fire at range 1 (the rules: no firing when adjacent
to an enemy); the Gargoyle's Breath reaches 1-10 hexes, on the "infantry against" tables, and
results against the Gargoyle do not affect him. Names printed on the counters ("bow") resolve
to the weapon the kit maps them to. `companion.dark_blades.combat` then resolves the shot.
(NamedTuples, not dataclasses: this module is on `havoc missile`'s import path.)
"""

from pathlib import Path
from typing import Any, NamedTuple

from companion import schema
from companion.dark_blades.readings import Reading, reading_schema
from companion.data import Cards
from companion.errors import DataError, FieldError, InputError
from companion.names import pick
from companion.schema import Field, ListOf, MapOf, Table, Where

GAME = "dark-blades"
TARGETS = ("infantry", "mounted")


class Band(NamedTuple):
    """One range band of a weapon: its name, first and last hex, and the attack strength."""

    band: str
    first: int
    last: int
    strength: int


class Weapon(NamedTuple):
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
        raise FieldError(
            "range",
            hexes,
            f"out of range (a {self.name} reaches {first}-{last} hexes)",
            echo=True,
        )


class Missiles(NamedTuple):
    """missiles.toml, checked: the weapons by name and the adjacent-fire rule."""

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

    def carried(self, who: str, weapon: str) -> Weapon:
        """``who``'s roster weapon as a missile weapon; refused, naming ``who`` and his weapon,
        when it is none (a sword, claws, no weapon)."""
        try:
            return self.find(weapon)[0]
        except InputError:
            if weapon in ("", "none"):
                raise InputError(f"{who}: has no weapon (pieces.csv)") from None
            raise InputError(
                f"{who}: his weapon, {weapon} (pieces.csv), is not a missile weapon"
            ) from None


def _positive(value: int, where: Where) -> int:
    if value < 1:
        raise where.error("expected 1 or more")
    return value


def _from(value: int, where: Where) -> int:
    if value < 1:
        raise where.error("a range starts at 1 hex or more")
    return value


def _bands(bands: list[Band], where: Where) -> tuple[Band, ...]:
    for i, band in enumerate(bands):
        at = where.child(i)
        before = bands[:i]
        if band.first > band.last or (before and band.first != before[-1].last + 1):
            raise at.error("ranges must follow on from each other")
        if any(b.band == band.band for b in before):
            raise at.child("band").error(f"{band.band!r} is listed twice")
    if not bands:
        raise where.error("expected at least one range band")
    return tuple(bands)


def _tables(tables: dict[str, str], where: Where) -> dict[str, str]:
    if sorted(tables) != sorted(TARGETS):
        raise where.error(f"expected one table each for {TARGETS}")
    return dict(tables)


BAND = Table(
    (
        Field("band", str),
        Field("from", int, check=_from, attr="first"),
        Field("to", int, attr="last"),
        Field("strength", int, check=_positive),
    ),
    build=lambda values, _where: Band(**values),
)
_READING = reading_schema(lambda where: f"{where.keys[-2]}-{where.name}")


def _weapon(key: str, values: dict[str, Any]) -> Weapon:
    """A weapon's record from its checked keys (its counter words a tuple)."""
    words = tuple(values["counter_words"])
    return Weapon(
        key=key, **{k: v for k, v in values.items() if k != "counter_words"}, counter_words=words
    )


WEAPON = Table(
    (
        Field("name", str),
        Field("source", str, required=False),  # else the file's source
        Field("bands", ListOf(BAND), check=_bands),
        Field("counter_words", ListOf(str), required=False, default=[]),
        Field("counter_reading", _READING, required=False),
        Field("adjacent", bool, required=False, default=False),
        Field("tables", MapOf(str), required=False, check=_tables),
        Field("cover", bool, required=False, default=True),
        Field("cover_reading", _READING, required=False),
        Field("no_adverse", str, required=False),
        Field("adverse_reading", _READING, required=False),
    ),
    build=lambda values, where: _weapon(where.name, values),
)
MISSILES = Table(
    (Field("source", str), Field("adjacent_rule", str, required=False)),
    rest=WEAPON,
    rest_as="weapons",
)
"""missiles.toml: its source and the rule on adjacent fire, and every other key a weapon."""
WEAPON_KEYS = tuple(f.name for f in WEAPON.fields)


def load_weapons(cards: Cards) -> Missiles:
    """Read and check ``cards/dark-blades/missiles.toml`` (once while it is unchanged)."""
    return schema.load(cards.path(GAME, "missiles.toml"), MISSILES, _build)


def _build(data: dict[str, Any], path: Path) -> Missiles:
    source = data["source"]
    weapons = {
        key: weapon if weapon.source is not None else weapon._replace(source=source)
        for key, weapon in data["weapons"].items()
    }
    if not weapons:
        raise DataError("no weapons (expected e.g. [shortbow])", path)
    seen: dict[str, str] = {}
    for weapon in weapons.values():
        for word in weapon.counter_words:
            if word in weapons or word in seen:
                raise (
                    Where(path)
                    .child(weapon.key)
                    .child("counter_words")
                    .error(f"{word!r} names two weapons")
                )
            seen[word] = weapon.key
    return Missiles(path, source, data["adjacent_rule"], weapons)


def strength_at(cards: Cards, weapon: str, hexes: int) -> tuple[str, Band]:
    """The weapon's name and its range band at ``hexes``; out of range is refused."""
    found, _ = load_weapons(cards).find(weapon)
    return found.name, found.band_at(hexes)
