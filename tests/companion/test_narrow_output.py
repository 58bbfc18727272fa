"""Every text output of every command fits 40 columns, with long inputs (errors may not)."""

from __future__ import annotations

import itertools
import shlex
from pathlib import Path

import pytest

from companion.data import default_cards_dir
from tests.conftest import assert_narrow

CARDS = default_cards_dir()
LONG_TABLE = """title = "A table whose title goes on and on well past the phone's forty columns"
die = "2d6"
source = "a user's own table"
note = "Supercalifragilisticexpialidocious-hyphenated-words-without-any-spaces-at-all"
[[rows]]
faces = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
result = "Everything happens at once and it takes a very long sentence to say so"
"""
LONG_ARMY = """count,name,movement,attack,defense
2,Sir Lancelot du Lac the Magnificent Knight of the Lake,9,1,1
1,Galahad,0,2,2
"""

RUNS = [
    "roll 200d6 --seed 1",
    "roll 3d6+123456 d10 d1000 4d6-3 --seed 2",
    "roll 2d6 d6 d8 d10 d12 d20 d100 --die 6 --die 6 --seed 5",
    "roll --stats 100d6",
    "roll --stats 3d6+100000",
    "roll --stats 1000d3",
    "roll --stats 30d10",
    "roll 40d10 --seed 1",
    "table river-crawl-out --seed 4",
    "table magic-item-creation --seed 1",
    "missile shortbow --range 3 --defence 1 --target infantry --die 0",
    "crt infantry-vs-mounted --attack 9,9 --defence 3 --attacker-terrain + --defender-terrain - "
    "--magic-sword --magic-ring --seed 2",
    "table",
    "crt",
    "setup --seed 1",
    "setup -n 5 --seed 1",
    "setup -n 200 --seed 9",
    "setup --stats",
    f"army {CARDS / 'kniggits' / 'army.csv'}",
    "exchange --attack high --defend low --tokens 0,1,0",
    "exchange --attack fumble --defend fumble --tokens 3,3,3",
    "exchange --attack low --defend none",
    "missile crossbow --range 28 --defence 10 --target mounted --cover medium --fast-rider "
    "--magic-ring --seed 3",
    "crt infantry-vs-infantry --attack 5,4,3,2,1,6,7,8,9,10,11,12,13 --defence 1,1,1,1,1,1,1 "
    "--magic-sword --magic-ring --attacker-terrain - --defender-terrain + --die 0",
]
RUNS += [
    f"table {t.stem} --die {f}"
    for t in (CARDS / "dark-blades" / "tables").glob("*.toml")
    for f in (0, 1, 5, 6, 7)
]
RUNS += [f"table attack --die {f}" for f in range(1, 7)]
RUNS += [
    f"crt {table} --attack {a} --defence {d} --die {f} --attacker-terrain + --defender-terrain -"
    for table in ("infantry-vs-infantry", "infantry-vs-mounted", "mounted-vs-mounted")
    for (a, d), f in itertools.product([(1, 9), (9, 1), (100, 1), (3, 2)], (0, 1, 4))
]
RUNS += [
    f"attack {a} {t} --seed 1"
    for a in ("hero/cutlery", "pike", "shotgun", "cultist", "1-square", "4-square", "house")
    for t in ("hero", "cultist", "2-square", "4-square")
]


@pytest.mark.parametrize("command", RUNS)
def test_text_output_is_narrow(havoc, command):
    result = havoc(*shlex.split(command))
    assert result.exit_code in (0, 1), result.output
    assert result.output.strip()
    assert_narrow(result.output)


def test_a_users_long_names_stay_narrow(havoc, tmp_path: Path):
    tables = tmp_path / "a-game-with-a-long-identifier-name" / "tables"
    tables.mkdir(parents=True)
    (tables / "an-extraordinarily-long-table-name.toml").write_text(LONG_TABLE)
    army = tmp_path / "a" / "very" / "long" / "directory" / "name" / "my-long-army-file-name.csv"
    army.parent.mkdir(parents=True)
    army.write_text(LONG_ARMY)
    name = "an-extraordinarily-long-table-name"
    for args, whole in (
        (["table"], name),
        (["table", name, "--seed", "1"], name),
        (["army", str(army)], "my-long-army-file-name.csv"),
    ):
        result = havoc("--cards", tmp_path, *args)
        assert result.exit_code == 0, result.output
        assert_narrow(result.output)
        assert whole in result.output  # a name that fits on a line is never cut
