"""The Cthulhu Who? phone pages on the garden: the attack page with the set-up's squares (as
`havoc attack --setup S --from --to`), the set-up page's kit's readings, bad input a 400."""

from __future__ import annotations

import json

import pytest
from web_helpers import visible

from companion.cli import main as havoc
from companion.cthulhu_who.geometry import readings
from companion.data import Cards
from tests.conftest import run


def _cli(*args: str) -> dict:
    return json.loads(run(havoc, ["attack", *args, "--json"]).stdout)


@pytest.mark.parametrize(
    "attacker, target, start, end",
    [
        ("Hero/Shotgun", "Cultist", "B2", "D4"),  # clear: a figure to look for on C3
        ("Hero/Pistol", "Cultist", "C2", "E4"),  # garden 1: the statue on D3 in the way
        ("Hero/Pistol", "Cultist", "B1", "B4"),  # out of range
        ("Hero/Poker", "Cultist", "B2", "C3"),  # adjacent
    ],
)
def test_the_attack_page_says_what_the_cli_says(site, attacker, target, start, end):
    cli = _cli(attacker, target, "--setup", "1", "--from", start, "--to", end, "--seed", "4")
    url = (
        f"/cthulhu-who/attack?attacker={attacker}&target={target}&setup=1&from={start}"
        f"&to={end}&seed=4"
    )
    page = site.text(url)
    board = cli["board"]
    if board["allowed"]:
        assert page.startswith("KILLED" if cli["roll"]["kills"] else "missed")
        total = cli["roll"]["total"]
        assert f"= {total}; needs {cli['needs']}" in page
        for square in board["check_for_figures"]:
            assert square in page.split("Rolled")[0]  # before the roll: look there first
    else:
        assert page.startswith(f"NOT ALLOWED {board['why_not']} KIT")
        assert "no roll" in page and "Rolled" not in page
    assert f"Range {board['range']} square" in page
    for reading in board["readings"]:
        assert reading.split(": ", 1)[1] in page


@pytest.mark.parametrize(
    "query, words",
    [
        ("seed=abc", "seed: expected a whole number"),
        ("seed=%C2%B2", "seed: expected a whole number"),
        ("setup=x&from=B1&to=B3", "set-up: expected the seed printed on the sheet"),
        ("setup=1&from=B1", "give both the attacker's and the target's square"),
        ("setup=1&from=Q1&to=B3", "Q1 is off the garden"),
        ("setup=1&from=B1&to=B1", "is the attacker's own square"),
        ("setup=1&from=B1&to=B3&source_only=on", "the kit's reading, not the rulebook's"),
        ("setup=1&from=B2&to=C3&attacker=4-Square+Monster", "does not attack; its move crushes"),
    ],
)
def test_bad_attack_input_is_a_400_with_one_line(site, query, words):
    answer = site.client.get(f"/cthulhu-who/attack?{query}&attacker=Hero/Pistol&target=Cultist")
    page = visible(answer.get_data(as_text=True))
    assert answer.status_code == 400, page
    assert words in page and "KILLED" not in page and "missed" not in page


def test_the_setup_page_shows_the_kits_readings_unless_rulebook_only(site):
    rd = readings(Cards())
    page = site.text("/cthulhu-who/setup?seed=5")
    assert "The board: the kit's readings (not the rulebook's)" in page
    for r in rd.items.values():
        assert f"KIT {r.title}" in page and " ".join(r.text.split()) in page
    assert 'href="/cthulhu-who/attack?setup=5"' in site.client.get(
        "/cthulhu-who/setup?seed=5"
    ).get_data(as_text=True)
    plain = site.text("/cthulhu-who/setup?seed=5&source_only=on")
    assert "kit's readings" not in plain and not any(r.title in plain for r in rd.items.values())
