"""Cthulhu Who? set-ups: every table cell against the cards file, the roller, exact odds."""

from __future__ import annotations

import itertools
import random
import tomllib
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from companion.cthulhu_who import setup as cthulhu
from companion.errors import DataError, InputError
from tests.conftest import ROOT

CARDS = ROOT / "cards" / "cthulhu-who"


def raw(name: str) -> dict:
    """The cards file read by the test itself, not through the module under test."""
    with (CARDS / name).open("rb") as handle:
        return tomllib.load(handle)


@pytest.fixture(scope="module")
def tables() -> cthulhu.SetupTables:
    return cthulhu.load_setup_tables(CARDS / "setup.toml")


def band_column(labels: list[str], danger: int) -> int:
    for index, label in enumerate(labels):
        low, _, high = label.partition("-")
        if int(low) <= danger <= int(high or low):
            return index
    raise AssertionError(danger)


def weapon_of(rows: list[dict], die: int) -> str:
    for row in rows:
        low, _, high = str(row["roll"]).partition("-")
        if int(low) <= die <= int(high or low):
            return row["weapon"]
    raise AssertionError(die)


# --------------------------------------------------------------------------- set-up tables


def test_every_cell_of_every_setup_table(tables):
    data = raw("setup.toml")
    for row in data["monster_size"]["rows"]:
        size = tables.sizes[row["roll"]]
        assert (size.name, size.squares) == (row["name"], row["squares"])
    for die, cells in data["monsters"]["rows"].items():
        for size_roll, cell in zip(data["monsters"]["columns"], cells, strict=True):
            assert tables.monsters[size_roll, int(die)] == cell
    for die, cells in data["cultists"]["rows"].items():
        for size_roll, cell in zip(data["cultists"]["columns"], cells, strict=True):
            assert tables.cultists[size_roll, int(die)] == cell
    for die, cells in data["heroes"]["rows"].items():
        for band, cell in enumerate(cells):
            assert tables.heroes[band, int(die)] == cell
    for die in range(1, 7):
        assert tables.weapons[die] == weapon_of(data["weapons"]["rows"], die)


def test_rulebook_facts(tables):
    # Independent of the cards files: a few cells as printed in the rules.
    assert [tables.sizes[d].name for d in range(1, 7)] == [
        "Dog",
        "Horse",
        "Bear",
        "Elephant",
        "House",
        "Super",
    ]
    assert tables.monsters[1, 6] == 8 and tables.monsters[6, 6] == 1
    assert tables.cultists[6, 6] == 6 and tables.cultists[1, 1] == 1
    assert tables.weapons[5] == tables.weapons[6] == "Shotgun"
    assert tables.weapons[3] == "Antique Pike"


def test_from_dice_looks_up_every_combination(tables):
    data = raw("setup.toml")
    labels = data["heroes"]["columns"]
    for s, m, c, h in itertools.product(range(1, 7), repeat=4):
        danger = s + m + c
        heroes = data["heroes"]["rows"][str(h)][band_column(labels, danger)]
        setup = tables.from_dice(s, m, c, h, (6,) * heroes)
        assert setup.danger == danger
        assert setup.monsters == data["monsters"]["rows"][str(m)][s - 1]
        assert setup.cultists == data["cultists"]["rows"][str(c)][s - 1]
        assert setup.heroes == heroes
        assert setup.weapons == ("Shotgun",) * heroes


@pytest.mark.parametrize(
    "dice, band",
    [((1, 1, 3), "3-5"), ((1, 1, 4), "6-8"), ((5, 6, 6), "15-17"), ((6, 6, 6), "18")],
)
def test_hero_band_edges(tables, dice, band):
    data = raw("setup.toml")
    column = data["heroes"]["columns"].index(band)
    for h in range(1, 7):
        heroes = data["heroes"]["rows"][str(h)][column]
        setup = tables.from_dice(*dice, h, (1,) * heroes)
        assert setup.band == band
        assert setup.heroes == heroes


def test_hero_band_edges_rulebook_values(tables):
    # From the printed table: danger 5 / 6 with a 6 -> 2 heroes; 17 with a 6 -> 5, 18 -> 7.
    assert tables.from_dice(1, 1, 3, 6, (1, 1)).heroes == 2
    assert tables.from_dice(1, 1, 4, 1, (1,)).heroes == 1
    assert tables.from_dice(5, 6, 6, 6, (1,) * 5).heroes == 5
    assert tables.from_dice(6, 6, 6, 6, (1,) * 7).heroes == 7


def test_from_dice_refuses_wrong_weapon_count(tables):
    with pytest.raises(InputError, match="weapon dice"):
        tables.from_dice(1, 1, 1, 1, ())
    with pytest.raises(InputError, match="die 7"):
        tables.from_dice(7, 1, 1, 1, (1,))


# --------------------------------------------------------------------------- rolling


def test_rolls_are_reproducible_with_a_seed(tables):
    a = tables.roll_many(random.Random(42), 200)
    b = tables.roll_many(random.Random(42), 200)
    c = tables.roll_many(random.Random(43), 200)
    assert [s.to_dict() for s in a] == [s.to_dict() for s in b]
    assert [s.to_dict() for s in a] != [s.to_dict() for s in c]
    assert tables.roll(random.Random(42)).to_dict() == a[0].to_dict()


def test_rolled_setups_agree_with_their_dice(tables):
    for setup in tables.roll_many(random.Random(5), 2000):
        d = setup.dice
        assert setup.danger == d.size + d.monsters + d.cultists
        again = tables.from_dice(d.size, d.monsters, d.cultists, d.heroes, d.weapons)
        assert again.to_dict() == setup.to_dict()
        assert len(setup.weapons) == setup.heroes == len(d.weapons)


def test_pieces_lists_every_counter(tables):
    setup = tables.from_dice(3, 5, 2, 6, (5, 1, 6))  # Bear; danger 10 -> 3 heroes on a 6
    needs = setup.pieces()
    monsters = [n for n in needs if n.kind == "monster"]
    assert [(n.count, n.name, n.squares) for n in monsters] == [(4, "Bear", 2)]
    assert [n.count for n in needs if n.kind == "cultist"] == [1]
    heroes = {n.weapon: n.count for n in needs if n.kind == "hero"}
    assert heroes == {"Shotgun": 2, "Cutlery": 1}
    assert sum(heroes.values()) == setup.heroes


def brute_force() -> dict[str, Counter]:
    """Enumerate the 6^4 rolls from the cards file alone."""
    data = raw("setup.toml")
    labels = data["heroes"]["columns"]
    counts = {k: Counter() for k in ("monsters", "cultists", "danger", "heroes")}
    for s, m, c, h in itertools.product(range(1, 7), repeat=4):
        counts["monsters"][data["monsters"]["rows"][str(m)][s - 1]] += 1
        counts["cultists"][data["cultists"]["rows"][str(c)][s - 1]] += 1
        counts["danger"][s + m + c] += 1
        column = band_column(labels, s + m + c)
        counts["heroes"][data["heroes"]["rows"][str(h)][column]] += 1
    return counts


def test_exact_distribution_matches_brute_force(tables):
    dist = cthulhu.setup_distribution(tables)
    for key, counter in brute_force().items():
        assert dist[key] == {v: Fraction(n, 6**4) for v, n in counter.items()}, key
        assert sum(dist[key].values()) == 1
    # Independent facts: three dice total 3 once in 216; 10 or 11 each 27 in 216.
    assert dist["danger"][3] == Fraction(1, 216)
    assert dist["danger"][10] == dist["danger"][11] == Fraction(1, 8)
    assert dist["weapon"]["Shotgun"] == Fraction(1, 3)


def test_danger_chi_square_against_exact_distribution(tables):
    n = 30000
    dist = cthulhu.setup_distribution(tables)["danger"]
    seen = Counter(s.danger for s in tables.roll_many(random.Random(2024), n))
    chi2 = sum((seen[v] - n * p) ** 2 / (n * p) for v, p in dist.items())
    assert set(seen) <= set(dist)
    # 15 degrees of freedom: 37.70 is the 0.1% critical value.
    assert chi2 < 37.70, chi2


def test_step_and_weapon_dice_are_fair(tables):
    # The roller draws the four step dice together: each must still be a fair, independent d6.
    setups = tables.roll_many(random.Random(99), 30000)
    for step in ("size", "monsters", "cultists", "heroes"):
        seen = Counter(getattr(s.dice, step) for s in setups)
        chi2 = sum((seen[f] - 5000) ** 2 / 5000 for f in range(1, 7))
        assert chi2 < 20.52, (step, chi2)  # 5 degrees of freedom, 0.1%
    pairs = Counter((s.dice.size, s.dice.heroes) for s in setups)
    chi2 = sum(
        (pairs[a, b] - 30000 / 36) ** 2 / (30000 / 36) for a in range(1, 7) for b in range(1, 7)
    )
    assert chi2 < 66.62, chi2  # 35 degrees of freedom, 0.1%
    weapons = Counter(w for s in setups for w in s.dice.weapons)
    total = sum(weapons.values())
    chi2 = sum((weapons[f] - total / 6) ** 2 / (total / 6) for f in range(1, 7))
    assert chi2 < 20.52, chi2
    assert max(s.heroes for s in setups) >= 5  # the grouped weapon draw for big bands ran


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_bad_setup_file_is_one_located_error(tmp_path):
    text = (CARDS / "setup.toml").read_text(encoding="utf-8")
    short = write(tmp_path, "a.toml", text.replace("6 = [8, 6, 4, 2, 2, 1]", "6 = [8, 6, 4]"))
    with pytest.raises(DataError, match=r"a\.toml:\d+: key 'monsters.rows.6': expected 6 cells"):
        cthulhu.load_setup_tables(short)
    gap = write(tmp_path, "b.toml", text.replace('"15-17", "18"', '"15-16", "18"'))
    with pytest.raises(DataError, match="cover 3-18"):
        cthulhu.load_setup_tables(gap)
    weapons = write(tmp_path, "c.toml", text.replace('roll = "5-6"', 'roll = "5"'))
    with pytest.raises(DataError, match="every die roll needs a weapon"):
        cthulhu.load_setup_tables(weapons)


def test_setup_file_sizes_are_bounded(tmp_path):
    """A huge die, count or danger band in a user's setup.toml is refused, not enumerated."""
    text = (CARDS / "setup.toml").read_text(encoding="utf-8")
    count = write(
        tmp_path, "a.toml", text.replace("6 = [8, 6, 4, 2, 2, 1]", "6 = [8, 6, 4, 2, 2, 100]")
    )
    with pytest.raises(DataError, match=r"monsters.rows.6': 100 is above 99"):
        cthulhu.load_setup_tables(count)
    band = write(tmp_path, "b.toml", text.replace('"18"', '"18-99999999999"'))
    with pytest.raises(DataError, match=r"heroes.columns\[\d\]'"):
        cthulhu.load_setup_tables(band)
    sizes = "\n".join(f'  {{ roll = {i}, name = "M{i}", squares = 1 }},' for i in range(1, 22))
    big = text.replace(
        text[text.index("rows = [\n  { roll = 1") : text.index("]\n\n[monsters]")],
        "rows = [\n" + sizes + "\n",
    )
    with pytest.raises(DataError, match="a die of 21 faces; the kit handles at most 20"):
        cthulhu.load_setup_tables(write(tmp_path, "c.toml", big))
