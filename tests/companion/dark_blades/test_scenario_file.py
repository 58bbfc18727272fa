"""A user's own scenario file taken by its path (issue 35): `havoc scenario FILE` and
`havoc-pnp counters --scenario FILE` read it as the kit's are read; a mistake names
file:line:key."""

from __future__ import annotations

import json

from companion.data import default_cards_dir
from tests.conftest import assert_narrow

RAID = default_cards_dir() / "dark-blades" / "scenarios" / "raid.toml"


def _mine(tmp_path, old: str = "", new: str = ""):
    path = tmp_path / "my-raid.toml"
    text = RAID.read_text(encoding="utf-8").replace('title = "The Raid"', 'title = "My Raid"')
    path.write_text(text.replace(old, new) if old else text, encoding="utf-8")
    return path


def test_havoc_scenario_takes_a_path(havoc, tmp_path) -> None:
    path = _mine(tmp_path, '"4 Mon-Oger Sword"', '"6 Mon-Oger Sword"')
    said = havoc("scenario", path)
    assert said.exit_code == 0, said.output
    assert_narrow(said.output)
    assert said.output.startswith("My Raid (scenario 4)")
    data = json.loads(havoc("scenario", path, "--json").output)
    assert data["key"] == "my-raid"
    fox = data["sides"][1]["pieces"]
    assert {"name": "Mon-Oger Sword", "count": 6, "all": False} in fox


def test_a_mistake_names_file_line_and_key(havoc, tmp_path) -> None:
    path = _mine(tmp_path, '"4 Mon-Oger Sword"', '"40 Mon-Oger Sword"')
    said = havoc("scenario", path)
    line = next(n for n, t in enumerate(path.read_text().splitlines(), 1) if "40 Mon-Oger" in t)
    assert said.exit_code == 2
    assert f"my-raid.toml:{line}: key 'sides[1].pieces[5]': 40 Mon-Oger Sword" in said.output
    path = _mine(tmp_path, "first_player = ", "first_playa = ")
    said = havoc("scenario", path)
    assert said.exit_code == 2 and "unknown key 'first_playa'" in said.output
    said = havoc("scenario", tmp_path / "nothing.toml")
    assert said.exit_code == 2 and "nothing.toml: no such scenario file" in said.output


def test_counters_for_a_scenario_file(havoc_pnp, tmp_path) -> None:
    path = _mine(tmp_path)
    out = tmp_path / "c.pdf"
    said = havoc_pnp("counters", "--scenario", path, "-o", out)
    assert said.exit_code == 0, said.output
    kits = tmp_path / "k.pdf"
    assert havoc_pnp("counters", "--scenario", "raid", "-o", kits).exit_code == 0
    assert said.output.split(":", 1)[1].split(",")[0] in (
        havoc_pnp("counters", "--scenario", "raid", "-o", kits).output
    )  # the same number of counters as the kit's own Raid
