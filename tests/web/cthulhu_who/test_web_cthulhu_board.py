"""The Cthulhu Who? phone pages on the garden: the attack page with the set-up's squares (as
`havoc attack --setup S --from --to`), a 4-square monster's move (as `havoc crush`), the set-up
page's kit's readings and figures, bad input a 400."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from route_sweep import one_line
from web_helpers import visible

from companion.cli import main as havoc
from companion.cthulhu_who.geometry import readings
from companion.data import Cards
from tests.conftest import run


def _cli(*args: str) -> dict:
    return json.loads(run(havoc, ["attack", *args, "--json"]).stdout)


SHOTGUN = "/cthulhu-who/attack?attacker=Hero%2FShotgun&target=Cultist&setup=1"
ATTACK_H1, CRUSH_H1 = "Cthulhu Who? attack score", "Cthulhu Who? 4-square monster's move"


def _answer_first(page: str, h1: str) -> str:
    """The page's words after its h1: the answer comes first under it."""
    assert page.startswith(f"{h1} "), page[:80]
    return page.removeprefix(f"{h1} ")


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
    page = _answer_first(site.text(url), ATTACK_H1)
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


def _crush_cli(*args: str) -> dict:
    return json.loads(run(havoc, ["crush", *args, "--json"]).stdout)


@pytest.mark.parametrize(
    "setup, boards, monster, to, at",
    [
        ("1", "1", "B3", "B4", ()),  # garden 1: B3-C4 shifts up into B5, C5
        ("1", "1", "B3", "B4", ("B5=hero", "c5=dog")),  # named: crushed, not in the rules
        ("1", "1", "B3", "B2", ("B2=cultist",)),
        ("1", "1", "B3", "", ()),  # no move: where it stands, its collapse
        ("1", "2", "G4", "H4", ()),  # two boards: through the join's opening
    ],
)
def test_the_crush_page_says_what_havoc_crush_says(site, setup, boards, monster, to, at):
    args = ["--setup", setup, "--boards", boards, "--monster", monster]
    args += ["--to", to] if to else []
    for figure in at:
        args += ["--at", figure]
    cli = _crush_cli(*args)
    query = {"setup": setup, "boards": boards, "monster": monster, "to": to, "at": ", ".join(at)}
    answer = site.client.get("/cthulhu-who/crush", query_string=query)
    assert answer.status_code == 200
    page = _answer_first(visible(answer.get_data(as_text=True)), CRUSH_H1)
    if to:
        entered = ", ".join(cli["entered"])
        assert page.startswith(f"{entered} Enters {entered}: crushes every figure there KIT")
        assert f"on {cli['to']}" in page.split("If the monster is killed there")[0]
    else:
        assert cli["to"] is None and page.startswith(f"{monster} Stands on {cli['monster']}")
    for figure in cli["figures"]:
        assert f"{figure['figure']} on {figure['square']}: {figure['result']}" in page
    if to and not at:  # none named: each kind's fate, from the table's 4-square row
        assert "Hero, Cultist: crushed" in page and "4-square Monster: not in the rules" in page
    collapse = page.split("If the monster is killed there", 1)[1]
    assert f"{', '.join(cli['collapse'])} KIT" in collapse
    assert f"On 2d6: {cli['collapse_needs']}" in collapse
    for reading in cli["readings"]:
        assert f"KIT {reading.split(': ', 1)[1]}" in collapse


@pytest.mark.parametrize(
    "query, words",
    [
        ("monster=B3", "set-up: expected the seed printed on the sheet"),
        ("setup=x&monster=B3", "set-up: expected the seed printed on the sheet"),
        ("setup=1&to=B4", "monster's square: give its block's lowest square"),
        ("setup=1&monster=B%C2%B2", "“monster's square”: expected a column letter"),
        ("setup=1&monster=H3", "“monster's square”: a 2 x 2 block from H3 runs off"),
        ("setup=1&monster=B3&to=C3", "“square it moves to”: the block C3 D3 C4 D4 has terrain"),
        ("setup=1&monster=B3&to=D3", "“square it moves to”: D3 is not one step"),
        ("setup=1&monster=B3&at=B4%3Dhero", "figures are crushed only by a move"),
        ("setup=1&monster=B3&to=B4&at=B6%3Dhero", "B6 is not a square it enters (B5, C5)"),
        ("setup=1&monster=B3&to=B4&at=B5hero", "expected SQUARE=FIGURE like C3=hero"),
        ("setup=1&monster=B3&to=B4&at=B5%3Dshoggoth", "'shoggoth' is not a figure: expected"),
        ("setup=1&monster=B3&to=B4&source_only=on", "the kit's reading, not the rulebook's"),
    ],
)
def test_bad_crush_input_is_a_400_with_one_line(site, query, words):
    answer = site.client.get(f"/cthulhu-who/crush?{query}")
    body = answer.get_data(as_text=True)
    page = visible(body)
    assert answer.status_code == 400, page
    assert one_line(400, body) and page.startswith("Refused: ") and words in page
    assert "If the monster is killed there" not in page and "Enters " not in page


def test_the_crush_page_opens_on_the_setups_seed_from_the_setup_and_attack_pages(site):
    setup = site.client.get("/cthulhu-who/setup?seed=6").get_data(as_text=True)  # a House
    assert 'href="/cthulhu-who/crush?setup=6"' in setup
    two_square = site.client.get("/cthulhu-who/setup?seed=5").get_data(as_text=True)
    assert "Elephant" in two_square and "/cthulhu-who/crush" not in two_square  # no 4-square
    attack = "/cthulhu-who/attack?attacker=4-Square+Monster&target=Hero&setup=5"
    assert 'href="/cthulhu-who/crush?setup=5"' in site.client.get(attack).get_data(as_text=True)
    form = site.client.get("/cthulhu-who/crush?setup=5")  # the seed alone: the form, filled in
    assert form.status_code == 200 and "Refused" not in visible(form.get_data(as_text=True))
    assert 'name="setup" inputmode="numeric" maxlength="18" value="5"' in form.get_data(
        as_text=True
    )
    assert "4-square monster's move" in site.text("/")


def test_the_setup_page_shows_each_kinds_figure_as_the_sheet_prints_it(site):
    from companion import art
    from generator.cthulhu_who.pieces import figure_files

    body = site.client.get("/cthulhu-who/setup?seed=1").get_data(as_text=True)
    pieces = body.split("<h2>Pieces needed</h2>", 1)[1].split("</ul>", 1)[0]
    items = re.findall(r"<li>(.*?)</li>", pieces, re.S)
    kinds = [need.kind for need in _setup(1).pieces()]
    assert len(items) == len(kinds) and set(kinds) == {"hero", "cultist", "monster"}
    files = figure_files(Cards())
    for item, kind in zip(items, kinds, strict=True):
        figure = art.inline(Path(files[kind]), f"{kind}: figure")
        assert figure.split(">", 1)[1] in item  # the sheet's file, inline
    assert "<svg" not in site.client.get("/cthulhu-who/setup").get_data(as_text=True)


def _setup(seed: int):
    import random

    from companion.cthulhu_who.setup import setup_tables

    return setup_tables(Cards()).roll_many(random.Random(seed), 1)[0]


@pytest.mark.parametrize("field", ["setup", "boards", "monster", "to", "at"])
def test_odd_values_in_each_crush_field_reach_the_rules_and_are_one_line(site, field):
    from route_sweep import ODD

    good = {"setup": "1", "boards": "1", "monster": "B3", "to": "B4", "at": "B5=hero"}
    for value in [*ODD, "B5=" + "x" * 200, ",,,", "B5=hero," * 50]:
        answer = site.client.get("/cthulhu-who/crush", query_string={**good, field: value})
        body = answer.get_data(as_text=True)
        assert answer.status_code in (200, 400), (field, value)
        if answer.status_code == 400:
            assert one_line(400, body), (field, value)
        else:
            assert "If the monster is killed there" in visible(body), (field, value)


# --------------------------------------------------------------------------- the garden drawn


def _links(body: str) -> dict[str, str]:
    """Each tappable square's name -> the address a tap opens."""
    found = re.findall(r'<a href="([^"]+)" aria-label="([A-P]\d)', body)
    return {name: href.replace("&amp;", "&") for href, name in found}


def test_a_roll_shows_its_seed_and_the_seed_gives_the_same_setup(site):
    body = site.client.get("/cthulhu-who/setup?roll=1").get_data(as_text=True)
    seed = re.search(r"<b>seed (\d+)</b>", body)
    assert seed, visible(body)[:300]
    assert f"havoc-pnp setups --seed {seed[1]}" in visible(body)
    again = site.client.get(f"/cthulhu-who/setup?seed={seed[1]}").get_data(as_text=True)
    first = visible(body).split("Roll another")[0]
    assert visible(again).split("Roll another")[0] == first
    assert f'href="/cthulhu-who/attack?setup={seed[1]}"' in body


def test_roll_comes_before_the_readings(site):
    page = visible(site.text("/cthulhu-who/setup"))
    assert page.index("Roll a set-up") < page.index("the kit's readings")


def test_the_setups_garden_is_drawn_with_its_terrain_and_each_free_square_a_tap(site):
    body = site.client.get("/cthulhu-who/setup?seed=6").get_data(as_text=True)
    garden = garden_of_seed(6)
    links = _links(body)
    taken = {f"{chr(65 + t.col)}{t.row + 1}" for t in garden.terrain}
    assert len(links) == 64 - len(taken) and not taken & set(links)
    assert links["B1"] == "/cthulhu-who/attack?setup=6&from=B1"
    for t in garden.terrain:  # letter and shape as well as colour
        name = f"{chr(65 + t.col)}{t.row + 1}"
        assert f'aria-label="{name}: {t.kind.name}"' in body
        assert f">{t.kind.letter}</text>" in body


def test_taps_fill_the_attackers_square_then_the_targets(site):
    base = "/cthulhu-who/attack?attacker=Hero%2FShotgun&target=Cultist&setup=1"
    first = _links(site.client.get(base).get_data(as_text=True))
    assert "from=B2" in first["B2"] and "to=" not in first["B2"]
    second = _links(site.client.get(first["B2"]).get_data(as_text=True))
    assert "from=B2" in second["D4"] and "to=D4" in second["D4"]
    answer = site.client.get(second["D4"])
    page = _answer_first(visible(answer.get_data(as_text=True)), ATTACK_H1)
    cli = _cli("Hero/Shotgun", "Cultist", "--setup", "1", "--from", "B2", "--to", "D4")
    assert answer.status_code == 200 and cli["board"]["allowed"]
    assert page.startswith(("KILLED", "missed"))
    third = _links(answer.get_data(as_text=True))  # both set: a tap starts again
    assert "from=C2" in third["C2"] and "to=" not in third["C2"]


def test_a_move_the_kits_reading_refuses_is_labelled_as_the_kits(site):
    answer = site.client.get("/cthulhu-who/crush?setup=6&monster=A4&to=A5")
    page = visible(answer.get_data(as_text=True))
    assert answer.status_code == 400
    assert page.startswith("Refused: KIT “monster's square”: the block A4 B4 A5 B5 has terrain")
    assert "[kit's reading: terrain fills a square]" in page
    plain = visible(site.client.get("/cthulhu-who/crush?setup=6&monster=Z9").get_data(as_text=True))
    assert plain.startswith("Refused: “monster's square”: Z9 is off the garden")


def test_the_cli_labels_the_kits_refusal_too():
    result = run(havoc, ["crush", "--setup", "6", "--monster", "A4", "--to", "A5"])
    assert result.exit_code == 2
    assert "has terrain on A4 (Wall) [kit's reading: terrain fills a square]" in result.output


def garden_of_seed(seed: int):
    from companion.cthulhu_who.on_board import garden_of

    return garden_of(Cards(), seed, 1)


# ------------------------------------------------------------ a tap keeps the garden in view


@pytest.mark.parametrize(
    ("url", "h1"),
    [
        (f"{SHOTGUN}&from=B2&to=D4", ATTACK_H1),
        ("/cthulhu-who/crush?setup=1&monster=B3", CRUSH_H1),
    ],
)
def test_a_tap_opens_at_the_answer_with_the_garden_straight_under_it(site, url, h1):
    """As the map page: each square's link ends in #answer (it works without script), the
    garden follows the answer with nothing but its heading between, and the shared map.js
    (keeping a wide garden's pan) is loaded; the page is named by its h1 and its title."""
    body = site.client.get(url).get_data(as_text=True)
    links = _links(body)
    assert links and all(href.endswith("#answer") for href in links.values())
    assert f"<h1>{h1}</h1>" in body and f"<title>{h1} - Havoc Kit</title>" in body
    assert body.count("<h1>") == 1 and body.index("<h1>") < body.index('id="answer"')
    between = body.split('id="answer"', 1)[1].split('id="garden"', 1)[0].split("</div>", 1)[1]
    heading = r'\s*<h2>Garden of set-up 1 <span[^>]*>KIT</span></h2>\s*<div class="mapbox" '
    assert re.fullmatch(heading, between), between
    assert '<script src="/static/map.js" defer></script>' in body
    assert 'data-pick="' in body  # map.js brings the picked squares into the box's view


def test_a_page_with_no_garden_has_no_script_and_still_its_h1(site):
    for url, h1 in (("/cthulhu-who/attack", ATTACK_H1), ("/cthulhu-who/crush", CRUSH_H1)):
        body = site.client.get(url).get_data(as_text=True)
        assert "<script" not in body and f"<h1>{h1}</h1>" in body


def _luminance(colour: str) -> float:
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    hexes = colour.lstrip("#")
    if len(hexes) == 3:
        hexes = "".join(h * 2 for h in hexes)
    r, g, b = (int(hexes[i : i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def test_the_square_names_are_readable_on_their_white_squares(site):
    """AA contrast (4.5:1) on the square's white, and not smaller than the map page's hex
    labels (5 units, about 8.3 px at 360 px; a garden unit is about 0.97 px there: 9 units)."""
    css = site.client.get("/static/style.css").get_data(as_text=True)
    assert ".garden .sq{fill:#fff;" in css
    name = re.search(r"\.garden \.nm\{font-size:(\d+(?:\.\d+)?)px;fill:(#[0-9a-fA-F]{3,6})\}", css)
    assert name, "the garden's square names: size and colour set in style.css"
    assert float(name[1]) >= 9
    assert (1.05) / (_luminance(name[2]) + 0.05) >= 4.5
