"""Dark Blades missile weapons: every hex of every range band against missiles.toml."""

from __future__ import annotations

import tomllib

import pytest

from companion.dark_blades.missiles import load_weapons, strength_at
from companion.data import Cards, default_cards_dir
from companion.errors import DataError, InputError

RAW = tomllib.loads((default_cards_dir() / "dark-blades" / "missiles.toml").read_text())
WEAPONS = [k for k, v in RAW.items() if isinstance(v, dict)]


@pytest.mark.parametrize("weapon", WEAPONS)
def test_every_hex_of_every_band_is_as_the_cards_file_says(weapon: str) -> None:
    bands = RAW[weapon]["bands"]
    for band in bands:
        for hexes in range(band["from"], band["to"] + 1):
            name, found = strength_at(Cards(), weapon, hexes)
            assert name == RAW[weapon]["name"]
            assert (found.band, found.strength) == (band["band"], band["strength"])
    with pytest.raises(InputError, match=f"--range {bands[-1]['to'] + 1}: out of range"):
        strength_at(Cards(), weapon, bands[-1]["to"] + 1)


def test_the_rulebook_bands() -> None:
    # Independent of the file: "a crossbow at 28 hexes" is medium range, strength 20.
    assert strength_at(Cards(), "Crossbow", 28)[1].strength == 20
    assert set(WEAPONS) == {"shortbow", "crossbow"}
    with pytest.raises(InputError, match="no missile weapon 'longbow'"):
        strength_at(Cards(), "longbow", 10)


@pytest.mark.parametrize(
    "old, new, words",
    [
        ("to = 15,", "to = 13,", "ranges must follow on"),  # a gap: 14-15 in no band
        ("from = 1,  to = 15, strength = 20", "from = 0,  to = 15, strength = 20", "1 hex or more"),
        ("strength = 20", "strength = 0", r"bands\[0\]\.strength': expected 1 or more"),
        ('band = "medium", from = 16, to = 25', 'band = "short", from = 16, to = 25', "twice"),
    ],
)
def test_bad_bands_are_refused(tmp_path, old, new, words) -> None:
    mine = tmp_path / "dark-blades"
    mine.mkdir()
    text = (default_cards_dir() / "dark-blades" / "missiles.toml").read_text()
    broken = text.replace(old, new, 1)
    assert broken != text
    (mine / "missiles.toml").write_text(broken)
    with pytest.raises(DataError, match=words):
        load_weapons(Cards(tmp_path))
