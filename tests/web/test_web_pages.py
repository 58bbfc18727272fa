"""The lookup pages answer as the CLI's library calls do, result first, with bad input as one
line on the page (never a trace)."""

from __future__ import annotations

import html as html_lib
import json
import random
import re

import pytest
from web_helpers import visible

from companion import dice
from companion import tables as t
from companion.data import Cards


def _links(html: str) -> list[str]:
    return re.findall(r'href="(/[^"]*)"', html)


def test_every_page_linked_from_the_index_answers(site):
    index = site.client.get("/").get_data(as_text=True)
    pages = [p for p in _links(index) if not p.startswith("/static/")]
    assert len(pages) >= 9
    for page in pages:
        answer = site.client.get(page)
        assert answer.status_code == 200, page
        html = answer.get_data(as_text=True)
        assert "<script" not in html  # forms work without JavaScript: there is none
        assert 'name="viewport"' in html


def test_dice_shows_the_total_first_and_the_exact_chance(site):
    html = site.client.get("/dice?e=3d6%2B1&seed=11").get_data(as_text=True)
    parsed = dice.parse("3d6+1")
    thrown = dice.roll(parsed, dice.make_rng(11))
    first = re.search(r'class="big">(-?\d+)<', html)
    assert first and int(first.group(1)) == thrown.total
    chance = dice.fraction(thrown.ways_at_least, parsed.outcomes)
    assert f"Chance of {thrown.total} or more: {chance}" in visible(html)


def test_dice_history_rides_in_the_form(site):
    from urllib.parse import urlencode

    first = site.client.get("/dice?e=2d6&seed=3").get_data(as_text=True)
    (carried,) = re.findall(r'name="h" value="([^"]*)"', first)
    line = carried.rsplit("|", 1)[0]
    assert line.startswith("2d6: ")
    html = site.client.get(
        "/dice?" + urlencode({"q": "d6", "seed": 1, "h": html_lib.unescape(carried)})
    )
    html = html.get_data(as_text=True)
    assert "Earlier" in visible(html) and html_lib.unescape(line) in visible(html)
    again = [
        html_lib.unescape(h).rsplit("|", 1)[0]
        for h in re.findall(r'name="h" value="([^"]*)"', html)
    ]
    assert again[0].startswith("d6: ") and again[1] == html_lib.unescape(line)


@pytest.mark.parametrize(
    "planted", ["UMPIRE ONLY: Ann hunts Bob", "2d6: 12 (6 6)", "2d6: 12 (6 6)|" + "0" * 16]
)
def test_the_dice_history_holds_only_rolls_the_server_made(site, planted):
    """Issue 17 item 7: a line the server did not sign is dropped, not shown."""
    from urllib.parse import urlencode

    html = site.client.get("/dice?" + urlencode({"e": "d6", "h": planted})).get_data(as_text=True)
    assert "Ann hunts" not in html and "(6 6)" not in html and "Earlier" not in visible(html)


def test_a_web_roll_is_bounded(site):
    """Issue 17 item 9: a public page refuses expressions that cost more than a blink."""
    for expression in ("1000d999", "50d40+50d1"):
        page = site.text(f"/dice?e={expression.replace('+', '%2B')}")
        assert "Refused:" in page and "this page" in page
    assert "Chance of" in site.text("/dice?e=100d6")


def test_a_bad_dice_expression_is_one_line(site):
    answer = site.client.get("/dice?e=100000d6")
    page = visible(answer.get_data(as_text=True))
    assert answer.status_code == 400 and "Refused:" in page and "Traceback" not in page


def test_every_rolled_table_is_listed_and_rolls_as_the_cli_does(site):
    tables = t.load_tables(Cards())
    listing = site.text("/tables")
    for table in tables.values():
        assert table.title in listing
        html = site.client.get(f"/tables/{table.game}/{table.name}?roll=1&seed=5")
        steps, _ = t.chain(tables, table, [], dice.make_rng(5))
        page = visible(html.get_data(as_text=True))
        assert f"{table.die}: {steps[0].face} (rolled" in page
        for row in steps[0].rows:
            assert row.result in page


def test_a_face_no_row_covers_is_marked_lost(site):
    tables = t.load_tables(Cards())
    gaps = [(x, x.uncovered()[0]) for x in tables.values() if x.uncovered()]
    if not gaps:
        pytest.skip("every table is complete in this cards/ tree")
    table, face = gaps[0]
    page = site.text(f"/tables/{table.game}/{table.name}?die={face}")
    assert "LOST" in page.upper() and t.MISSING in page


def test_setup_same_seed_same_setup_as_the_library(site):
    from companion.cthulhu_who.setup import setup_tables

    one = setup_tables(Cards()).roll_many(random.Random(7), 1)[0]
    first = site.text("/cthulhu-who/setup?seed=7")
    assert first == site.text("/cthulhu-who/setup?seed=7")
    assert first.startswith(f"{one.monsters} × {one.size.name}, {one.cultists} cultist")
    assert f"Danger {one.danger}" in first
    for weapon in one.weapons:
        assert weapon in first


def test_setup_without_seed_rolls(site):
    assert "Every die" in site.text("/cthulhu-who/setup?roll=1")


def test_cthulhu_attack_needs_and_chance(site):
    from companion.cthulhu_who.attacks import attack_table

    table = attack_table(Cards())
    for attacker in table.attackers:
        for target in table.targets:
            page = site.text(f"/cthulhu-who/attack?attacker={attacker.name}&target={target}")
            assert page.startswith("Cthulhu Who? attack score ")  # the h1, then the answer
            page = page.removeprefix("Cthulhu Who? attack score ")
            score = attacker.scores[target]
            if score.kind == "roll":
                assert f"needs {score.text} on 2d6" in page
            if score.kind == "silent":  # the rules do not say: said so, no chance shown
                assert page.startswith("? Not in the rules: they do not say lost")
                assert "Chance" not in page
            assert f"{attacker.name} v {target}" in page


def test_kniggits_exchange(site):
    page = site.text("/kniggits/exchange?attack=high&defend=low&tokens=2,1,1")
    assert page.startswith("HIT He loses an Attack token")
    assert "Can attack: no" in page
    assert site.text("/kniggits/exchange?attack=low&defend=low").startswith("DEFENDED")


def test_kniggits_exchange_both_fighters_at_once(site):
    url = "/kniggits/exchange?attack=high&a_shield=high&a_tokens=1,1,0"
    page = site.text(url + "&b_sword=low&defend=middle&tokens=0,1,1")
    assert page.startswith("A hits B: B loses an Attack token B hits A: A loses a Movement token")
    assert "A M1 A1 D0 → M0 A1 D0: FLEES: one colour left; crawl 2 in" in page
    assert "B M0 A1 D1 → M0 A0 D1: FLEES" in page


@pytest.mark.parametrize(
    "query, words",
    [
        ("a_tokens=2,0,1&tokens=1,1,1", "A cannot attack: he has no Attack token"),
        ("a_tokens=2,2,1&b_sword=low&a_shield=low&tokens=0,2,0", "B cannot attack: he flees"),
    ],
)
def test_kniggits_exchange_refuses_who_cannot_attack(site, query, words):
    answer = site.client.get(f"/kniggits/exchange?attack=high&defend=low&{query}")
    assert answer.status_code == 400
    page = visible(answer.get_data(as_text=True))
    assert f"Refused: {words}" in page and "cannot attack" in page.split("Refused: ")[1]


def test_kniggits_army_check(site):
    sample = Cards().path("kniggits", "army.csv").read_text()
    ok = visible(site.client.post("/kniggits/army", data={"army": sample}).get_data(as_text=True))
    assert ok.startswith("LEGAL")
    over = site.client.post("/kniggits/army", data={"army": sample, "points": "10"})
    assert visible(over.get_data(as_text=True)).startswith("NOT LEGAL")
    bad = site.client.post("/kniggits/army", data={"army": "count,name\nx,y\n"})
    page = visible(bad.get_data(as_text=True))
    assert "Refused: your army" in page and "havoc-army-" not in page


def test_manifest_and_security_headers(site):
    manifest = site.client.get("/static/manifest.webmanifest")
    assert json.loads(manifest.get_data())["start_url"] == "/"
    answer = site.client.get("/")
    assert "default-src 'none'" in answer.headers["Content-Security-Policy"]
    assert answer.headers["X-Frame-Options"] == "DENY"


def test_user_cards_overlay_is_used(tmp_path):
    from companion.web.app import create_app

    own = tmp_path / "my-cards" / "dark-blades" / "tables"
    own.mkdir(parents=True)
    (own / "omens.toml").write_text(
        'title = "Omens"\ndie = "d6"\nsource = "my table"\n'
        '[[rows]]\nfaces = [1, 2, 3, 4, 5, 6]\nresult = "A raven"\n'
    )
    app = create_app(game=tmp_path / "g.sqlite3", cards=tmp_path / "my-cards", testing=True)
    page = visible(app.test_client().get("/tables/dark-blades/omens?roll=1").get_data(as_text=True))
    assert page.startswith("A raven")


def test_a_d10_zero_is_explained_only_when_rolled(site):
    seeds = {}
    for seed in range(60):
        face = dice.roll(dice.parse("d10"), dice.make_rng(seed)).faces[0]
        seeds.setdefault(face == "0", seed)
    zero = site.text(f"/dice?e=d10&seed={seeds[True]}")
    other = site.text(f"/dice?e=d10&seed={seeds[False]}")
    assert zero.startswith("10 d10: 0 (a d10's 0 is ten)")
    assert "0 is ten" not in other


@pytest.mark.parametrize("digit", ["²", "①", "٣"])
@pytest.mark.parametrize(
    "url",
    [
        "/dice?e=d6&seed={d}",
        "/tables/dark-blades/lake?die={d}",
        "/dark-blades/crt?attack={d}&defence=3",
        "/dark-blades/crt?attack=8&defence=3&die={d}",
        "/dark-blades/missile?weapon=crossbow&range={d}&defence=3",
        "/dark-blades/missile?weapon=crossbow&range=12&defence={d}",
        "/kniggits/exchange?attack=high&defend=low&tokens={d},1,1",
        "/cthulhu-who/setup?seed={d}",
    ],
)
def test_unicode_digits_are_one_clear_line_not_a_server_error(site, url, digit):
    """Issue 17 item 10: "²" and "①" pass str.isdigit but not int()."""
    answer = site.client.get(url.format(d=digit))
    page = visible(answer.get_data(as_text=True))
    assert answer.status_code in (200, 400, 404), (url, answer.status_code)
    assert "Traceback" not in page and "Server error" not in page


@pytest.mark.parametrize(
    "args",
    [
        ("crt", "ii", "8", "3", "²"),
        ("crt", "ii", "①", "3"),
        ("missile", "crossbow", "28", "²", "i"),
        ("exchange", "--attack", "high", "--defend", "low", "--tokens", "²,1,1"),
    ],
)
def test_unicode_digits_on_the_cli_are_one_line(havoc, args):
    result = havoc(*args)
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


@pytest.mark.parametrize("action", ["kill", "duel"])
def test_unicode_digits_in_an_umpire_action_are_refused_400(site, action):
    site.new_game()
    first, second = ("killer", "victim") if action == "kill" else ("attacker", "defender")
    answer = site.post(action, **{first: "①", second: "1"})
    assert answer.status_code == 400


def test_a_refused_lookup_answers_400_with_its_line_and_a_good_one_200(site):
    """Issue 17 item 10: a Unicode digit is one clear line and a 400, never a 500."""
    for url in ("/dark-blades/crt?attack=8&defence=%C2%B2", "/dice?e=%E2%91%A0d6"):
        answer = site.client.get(url)
        page = visible(answer.get_data(as_text=True))
        assert answer.status_code == 400 and page.count("Refused:") == 1, url
        assert "Traceback" not in page
    assert site.client.get("/dark-blades/crt?attack=8&defence=3&die=1").status_code == 200
