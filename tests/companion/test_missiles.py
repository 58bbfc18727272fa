"""Dark Blades missile weapons: every hex of every range band against missiles.toml."""

from __future__ import annotations

import tomllib

import pytest

from companion.data import Cards, default_cards_dir
from companion.errors import DataError, InputError
from companion.missiles import load_weapons, strength_at

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


def test_bands_must_follow_on(tmp_path) -> None:
    mine = tmp_path / "dark-blades"
    mine.mkdir()
    text = (default_cards_dir() / "dark-blades" / "missiles.toml").read_text()
    broken = text.replace("to = 15,", "to = 13,", 1)  # a gap: 14-15 in no band
    assert broken != text
    (mine / "missiles.toml").write_text(broken)
    with pytest.raises(DataError, match="ranges must follow on"):
        load_weapons(Cards(tmp_path))
