"""Dark Blades missile weapons: ``cards/dark-blades/missiles.toml``, strength by range band.

A weapon's bands follow on from each other (short, medium, long); a shot beyond the last band
is refused. `companion.dark_blades.combat` then resolves the shot on the missile results tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion.data import Cards, expect, read_toml, require, unknown_keys
from companion.errors import DataError, InputError

GAME = "dark-blades"


@dataclass(frozen=True)
class Band:
    band: str
    first: int
    last: int
    strength: int


def load_weapons(cards: Cards) -> tuple[Path, dict[str, tuple[str, list[Band]]]]:
    """Read ``cards/dark-blades/missiles.toml``: weapon → (name, range bands)."""
    path = cards.path(GAME, "missiles.toml")
    data = read_toml(path)
    require(data, "source", str, path)
    weapons: dict[str, tuple[str, list[Band]]] = {}
    for key, body in data.items():
        if key == "source":
            continue
        expect(body, dict, path, key)
        unknown_keys(body, ("name", "bands"), path, key)
        bands = []
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
        weapons[key] = (require(body, "name", str, path, key), bands)
    return path, weapons


def strength_at(cards: Cards, weapon: str, hexes: int) -> tuple[str, Band]:
    """The weapon's name and its range band at ``hexes``; out of range is refused."""
    _, weapons = load_weapons(cards)
    if weapon.lower() not in weapons:
        raise InputError(f"no missile weapon {weapon!r}: expected one of {', '.join(weapons)}")
    name, bands = weapons[weapon.lower()]
    for band in bands:
        if band.first <= hexes <= band.last:
            return name, band
    raise InputError(
        f"--range {hexes}: out of range (a {name} reaches {bands[0].first}-{bands[-1].last} hexes)"
    )
