"""Dark Blades missile weapons: every hex of every range band against missiles.toml, the
Gargoyle's Breath, names printed on the counters, and refusals of bad data."""

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
    with pytest.raises(InputError, match=f"^range {bands[-1]['to'] + 1}: out of range"):
        strength_at(Cards(), weapon, bands[-1]["to"] + 1)


def test_the_rulebook_bands() -> None:
    # Independent of the file: "a crossbow at 28 hexes" is medium range, strength 20.
    assert strength_at(Cards(), "Crossbow", 28)[1].strength == 20
    assert {"shortbow", "crossbow", "breath"} == set(WEAPONS)
    with pytest.raises(InputError, match="unknown missile weapon 'longbow'"):
        strength_at(Cards(), "longbow", 10)


def test_gargoyles_breath_as_the_rules_give_it() -> None:
    """Range 1-10, strength 20, the "infantry against" tables, no adverse result."""
    missiles = load_weapons(Cards())
    breath, _ = missiles.find("breath")
    assert breath.name == "Gargoyle's Breath"
    assert [(b.first, b.last, b.strength) for b in breath.bands] == [(1, 10, 20)]
    assert breath.adjacent is True  # 1-10 as printed: it may breathe on an adjacent target
    assert breath.table_for("infantry") == "infantry-vs-infantry"
    assert breath.table_for("mounted") == "infantry-vs-mounted"
    assert "adverse" in breath.no_adverse
    assert breath.adverse_reading.short.startswith("kit's reading")
    with pytest.raises(InputError, match="^range 11: out of range"):
        breath.band_at(11)


def test_bows_may_not_fire_adjacent_and_a_counter_word_resolves() -> None:
    missiles = load_weapons(Cards())
    for key in ("shortbow", "crossbow"):
        assert missiles.weapons[key].adjacent is False
        assert missiles.weapons[key].table_for("mounted") == "missile-vs-mounted"
    assert "adjacent to an enemy" in missiles.adjacent_rule
    bow, typed = missiles.find("BOW")  # the word printed on Laberne's counter
    assert (bow.key, typed) == ("shortbow", "bow")
    assert bow.counter_reading.short == "kit's reading: a bow is a shortbow"
    assert missiles.find("cross")[0].key == "crossbow"
    with pytest.raises(InputError, match="could be"):
        missiles.find("b")  # bow, breath


@pytest.mark.parametrize(
    "old, new, words",
    [
        ("to = 15,", "to = 13,", "ranges must follow on"),  # a gap: 14-15 in no band
        ("from = 1,  to = 15, strength = 20", "from = 0,  to = 15, strength = 20", "1 hex or more"),
        ("strength = 20", "strength = 0", r"bands\[0\]\.strength': expected 1 or more"),
        ('band = "medium", from = 16, to = 25', 'band = "short", from = 16, to = 25', "twice"),
        ('counter_words = ["bow"]', 'counter_words = ["crossbow"]', "names two weapons"),
        ("adjacent = false", 'adjacent = "no"', "adjacent"),
        (
            'counter_reading.short = "kit\'s reading: a bow is a shortbow"',
            'counter_reading.short = "a bow is a shortbow"',
            'starting "kit\'s reading"',
        ),
        ('mounted = "infantry-vs-mounted"', 'cavalry = "infantry-vs-mounted"', "one table each"),
    ],
)
def test_bad_weapons_are_refused(tmp_path, old, new, words) -> None:
    mine = tmp_path / "dark-blades"
    mine.mkdir()
    text = (default_cards_dir() / "dark-blades" / "missiles.toml").read_text()
    broken = text.replace(old, new, 1)
    assert broken != text
    (mine / "missiles.toml").write_text(broken)
    with pytest.raises(DataError, match=words):
        load_weapons(Cards(tmp_path))


def test_a_missile_request_is_a_library_call() -> None:
    """`fire` takes a typed MissileRequest (the CLI, the web and map tools share it): a
    crossbow at 28 hexes (strength 20) on a defence of 10 in light cover is 2-1 moved one
    column left, 1-1, die 1 (the printed row: "B", wounded)."""
    from companion.dark_blades.crt import load_crt
    from companion.dark_blades.lookups import MissileRequest
    from companion.dark_blades.resolve import fire

    cards = Cards()
    request = MissileRequest("crossbow", 28, (10,), "infantry", cover="light", die=1)
    record = fire(load_crt(cards), load_weapons(cards), request)
    assert (record.raw_odds, record.column_label, record.cell) == ("2-1", "1-1", "B")
    assert record.weapon is not None and record.weapon["strength"] == 20
    with pytest.raises(Exception, match="frozen|cannot assign|can.t set attribute"):
        request.hexes = 3  # type: ignore[misc]
