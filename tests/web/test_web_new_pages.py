"""The pages the phone lacked: the spell deal's form (its private links: test_web_spell_hands), the
Terrain Types table (from the loaded terrain.toml), the Kniggits army as form rows, and a Who's
Next duel with dice rolled at the table."""

from __future__ import annotations

import json

from web_helpers import NAMES, visible

from companion.dark_blades import terrain as ter
from companion.data import Cards

DEAL = "/dark-blades/spells/deal"


def test_a_deal_refuses_in_the_pages_words(site):
    assert "Refused: “Players”: expected 1 to 3" in site.text(f"{DEAL}?deal=1&players=9")
    assert "Refused: “Players”: expected a whole number" in site.text(f"{DEAL}?deal=1&players=²")
    said = site.text(f"{DEAL}?seed=3&player=2")  # the old address of a hand opens nothing
    assert "Refused: a hand opens only by its private link" in said and "Player 2:" not in said


def test_the_terrain_page_shows_every_row_of_the_loaded_table(site, havoc):
    table = ter.load_terrain(Cards())
    listed = json.loads(havoc("terrain", "--json").output)
    page = site.text("/dark-blades/terrain")
    for row in listed["terrain"]:
        assert f"{table.rows[row['name']].printed} Advantage {row['advantage']}" in page
        assert f"Movement {row['movement']} Cover {row['cover']}" in page
        if row["kits_reading"]:
            assert f"KIT {row['kits_reading']['short']}" in page
    assert ", ".join(listed["unlisted"]) in page and listed["source"] in page


def test_a_terrain_by_name_answers_first_any_case(site):
    window = site.text("/dark-blades/terrain/WIN")
    assert window.startswith("Window in Building Wall advantage + (if defending")
    assert "KIT kit's reading: window defender is +" in window
    assert site.text("/dark-blades/terrain/bridge").startswith("not in the source rules lost")
    assert site.client.get("/dark-blades/terrain/nowhere").status_code == 404


def test_a_users_terrain_file_is_what_the_page_shows(tmp_path):
    from companion.web.app import create_app

    kit = (Cards().path("dark-blades", "terrain.toml")).read_text(encoding="utf-8")
    mine = tmp_path / "cards" / "dark-blades"
    mine.mkdir(parents=True)
    (mine / "terrain.toml").write_text(kit.replace('printed = "Slope"', 'printed = "Hillside"'))
    app = create_app(game=tmp_path / "g.sqlite3", cards=tmp_path / "cards", testing=True)
    page = visible(app.test_client().get("/dark-blades/terrain").get_data(as_text=True))
    assert "Hillside Advantage -" in page and "Slope Advantage" not in page


def _army(**rows: str) -> dict[str, str]:
    return {"rows": "3", **rows}


def test_the_army_as_rows_is_checked_as_the_cli_checks_its_file(site, havoc, tmp_path):
    form = _army(name0="Sir A", movement0="3", attack0="3", defense0="2")
    form |= {"name1": "Squire", "count1": "2", "movement1": "1", "attack1": "1", "defense1": "0"}
    page = visible(site.client.post("/kniggits/army", data=form).get_data(as_text=True))
    army = tmp_path / "army.csv"
    army.write_text("count,name,movement,attack,defense\n1,Sir A,3,3,2\n2,Squire,1,1,0\n")
    cli = json.loads(havoc("army", str(army), "--json").output)
    assert page.startswith(f"{'LEGAL' if cli['legal'] else 'NOT LEGAL'} {cli['points']} of")
    assert "Runs away before the battle : Squire (no defense)" in page
    assert "1 kniggit fights" in page


def test_add_a_row_keeps_what_was_typed_and_checks_nothing(site):
    form = _army(name0="Sir A", movement0="3", attack0="3", defense0="2", add="1")
    html = site.client.post("/kniggits/army", data=form).get_data(as_text=True)
    assert html.count('<fieldset class="kniggit">') == 4
    assert 'value="Sir A"' in html and "LEGAL" not in visible(html)
    assert (
        site.client.get("/kniggits/army?rows=6")
        .get_data(as_text=True)
        .count('<fieldset class="kniggit">')
        == 6
    )
    assert "<script" not in html


def test_a_bad_cell_names_the_row_and_the_field(site):
    form = _army(name0="Sir A", movement0="x", attack0="3", defense0="2")
    page = visible(site.client.post("/kniggits/army", data=form).get_data(as_text=True))
    assert "Refused: kniggit 1, Movement: expected a whole number, got 'x'" in page


def test_the_kits_sample_army_fills_the_rows(site):
    html = site.client.get("/kniggits/army?sample=1").get_data(as_text=True)
    for name in ("Sir Galahad", "Sir Lancelot", "Brave Sir Robin", "Squire"):
        assert f'value="{name}"' in html


def _duel(site, dice: str, n: int = 6):
    names = "\n".join(f"P{i}" for i in range(n))
    assert site.post("new", names=names, force="yes").status_code == 302  # a fresh game each time
    answer = site.post("duel", attacker=0, defender=1, dice=dice)
    return site.text(answer.headers["Location"]), site.ring()


def test_a_duel_with_the_die_rolled_at_the_table(site):
    page, ring = _duel(site, "6")
    (death,) = ring.deaths
    assert death.rolls == ((6,),) and (death.dead, death.by) == ("P0", "P1")
    assert 'P0 attacks P1: die 6: "he kills you!"' in page


def test_a_contest_takes_both_dice_attacker_first(site):
    page, ring = _duel(site, "2 5", n=3)
    (death,) = ring.deaths
    assert death.rolls == ((2, 5),) and death.dead == "P0"
    assert "P0 attacks P1: die 2 v 5." in page


def test_table_dice_that_do_not_fit_are_refused_and_nothing_changes(site):
    site.new_game([f"P{i}" for i in range(6)])
    for dice, words in [
        ("7", "“Dice rolled at the table” 7: a d6 shows 1 to 6"),
        ("3 4", "“Dice rolled at the table”: 1 more than needed given (4)"),
        ("x", "“Dice rolled at the table”: expected faces like 5"),
    ]:
        answer = site.post("duel", attacker=0, defender=1, dice=dice)
        page = site.text(answer.headers["Location"])
        assert f"Refused: {words}" in page and not site.ring().deaths
        assert "--" not in page


def test_the_umpire_page_offers_the_table_dice(site):
    site.new_game(NAMES)
    html = site.client.get(f"/u/{site.umpire}/").get_data(as_text=True)
    duel = html.split('/duel"', 1)[1].split("</form>", 1)[0]
    assert 'name="dice"' in duel and "Dice rolled at the table" in duel
