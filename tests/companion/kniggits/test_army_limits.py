"""Runaway armies (issue 30 item 6): an army asks the paper for at most `MAX_ARMY_KNIGGITS`
kniggits and `MAX_ARMY_TOKENS` tokens, a roster or army file holds at most `MAX_ROWS` rows, a
run takes at most `MAX_ARMIES` armies; past them, one line. Cells take ASCII digits only, as
the command line does: no "+1", no Arabic-Indic "١"."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from companion import csv_rosters
from companion.csv_rosters import read_csv, rows_of
from companion.errors import DataError, InputError
from companion.kniggits import rules as kniggits
from tests.conftest import ROOT

HEADER = "count,name,movement,attack,defense\n"


@pytest.fixture(scope="module")
def rules() -> kniggits.KniggitRules:
    return kniggits.load_rules(ROOT / "cards" / "kniggits" / "rules.toml")


def _check(path: Path, rules: kniggits.KniggitRules) -> kniggits.ArmyCheck:
    return kniggits.check_army(read_csv(path, kniggits.army_columns(rules)), rules, None, path)


def _army(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "army.csv"
    path.write_text(HEADER + body, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ("1000,K,1000,1000,1000\n", "1,000 kniggits in one army: at most 500"),
        ("20,K,1000,1000,1000\n", "60,000 skill tokens in one army: at most 5,000"),
        ("".join(f"2,K{i},1,1,1\n" for i in range(251)), "502 kniggits in one army"),
    ],
)
def test_an_army_past_the_kits_limits_is_one_line(tmp_path, rules, body, said):
    with pytest.raises(DataError) as error:
        _check(_army(tmp_path, body), rules)
    assert said in str(error.value) and "\n" not in str(error.value)


def test_an_army_at_the_limits_is_taken(tmp_path, rules):
    body = f"{kniggits.MAX_ARMY_KNIGGITS},K,10,0,0\n"
    assert _check(_army(tmp_path, body), rules).fighting == 0  # all run away: no attack token


def test_rows_past_the_limit_stop_the_reading(tmp_path, rules):
    body = "".join(f"1,K{i},1,1,1\n" for i in range(csv_rosters.MAX_ROWS + 5))
    path = _army(tmp_path, body)
    began = time.perf_counter()
    with pytest.raises(DataError, match=f"more than {csv_rosters.MAX_ROWS:,} rows"):
        read_csv(path, kniggits.army_columns(rules))
    assert time.perf_counter() - began < 30  # a bound, not a benchmark
    with pytest.raises(DataError, match="rows: at most"):
        records = [{"count": "1", "name": f"K{i}"} for i in range(csv_rosters.MAX_ROWS + 1)]
        rows_of(records, kniggits.army_columns(rules), Path("your army"))


@pytest.mark.parametrize("cell", ["+1", "\u0661", "\u0663", "\uff11", "1\u0660", " ٣"])
def test_cells_take_ascii_digits_only(tmp_path, rules, cell):
    with pytest.raises(DataError, match="expected a positive whole number"):
        _check(_army(tmp_path, f"{cell},K,1,1,1\n"), rules)
    with pytest.raises(DataError, match="expected a whole number"):
        _check(_army(tmp_path, f"1,K,{cell},1,1\n"), rules)


def test_a_dark_blades_roster_cell_takes_ascii_digits_only(tmp_path):
    from companion.dark_blades import pieces as db
    from companion.data import Cards

    kit = (ROOT / "cards" / "dark-blades" / "pieces.csv").read_text(encoding="utf-8")
    header = next(ln for ln in kit.splitlines() if ln.startswith("count,"))
    for cell in ("+9", "\u0669"):
        roster = tmp_path / "mine.csv"
        row = f"2,Orc,,black-fox,foot,sword,{cell},9,5,3,4,4,2,,,,,,,an orc,"
        roster.write_text(f"{header}\n{row}\n", encoding="utf-8")
        with pytest.raises(DataError, match="column 'attack': expected a whole number"):
            db.load(Cards(), roster)


def test_more_armies_than_the_kit_prints_are_refused(tmp_path):
    from companion.data import Cards
    from generator.kniggits.build import load_armies

    path = _army(tmp_path, "1,K,1,1,1\n")
    with pytest.raises(InputError, match=f"at most {kniggits.MAX_ARMIES} armies"):
        load_armies(Cards(), [path] * (kniggits.MAX_ARMIES + 1), None)
    assert len(load_armies(Cards(), [path] * 2, None)) == 2
