"""The Dark Blades combat and missile pages give the record `havoc crt` / `havoc missile
--json` give for the same input: the kit's completed cells marked KIT (and gone with the
rulebook-only switch), terrain and cover by the Terrain Types rows' names, the Gargoyle's
Breath."""

from __future__ import annotations

import json
import re

import pytest
from web_helpers import visible

from companion.dark_blades.crt import MISSING
from companion.text.dark_blades import KIT_LINE


def cli(havoc, *args: str) -> dict:
    answer = havoc(*args, "--json")
    assert answer.exit_code == 0, answer.output
    return json.loads(answer.output)


def same_record(page: str, record: dict) -> None:
    """Everything the CLI's record says is on the page: result, chain, readings, chances."""
    first = f"{record['result']} KIT" if record["kit_completion"] else record["result"]
    if record["void"]:
        who = record["weapon"].split("'s ")[0]  # the Gargoyle's Breath
        assert page.startswith(f"{first} No effect on the {who}: {record['meaning']}"), page[:200]
    else:
        assert page.startswith(f"{first} {record['meaning']}"), page[:200]
    assert f"odds {record['attack']}÷{record['defence']} = {record['raw_odds']}" in page
    for shift in record["shifts"]:
        assert shift["reason"] in page
    for reading in record["kits_readings"]:
        # one line (the short reading), the text on demand, in the page's words
        assert f"KIT {reading['short']} {reading['text']}" in page
    assert f"column {record['column']} die {record['die']} (given" in page
    for chance in record["chances"]:
        kit = "KIT " if chance["kit_faces"] else ""
        assert f"{kit}{chance['result'] or MISSING}: {chance['meaning']}" in page or (
            chance["result"] is None
        )
        assert chance["chance"] in page


def test_crt_result_first_then_the_chain(site, havoc):
    record = cli(havoc, "crt", "ii", "8", "3", "--die", "1")
    assert not record["kit_completion"]  # row 1 is the rulebook's: no mark
    page = site.text("/dark-blades/crt?table=infantry-vs-infantry&attack=8&defence=3&die=1")
    same_record(page, record)
    assert not page.startswith(f"{record['result']} KIT")


def test_a_kit_cell_is_marked_kit_with_the_clis_sentence(site, havoc):
    record = cli(havoc, "crt", "ii", "8", "3", "--die", "7")
    assert record["kit_completion"] and record["result"]
    html = site.client.get(
        "/dark-blades/crt?table=infantry-vs-infantry&attack=8&defence=3&die=7"
    ).get_data(as_text=True)
    page = visible(html)
    same_record(page, record)
    assert KIT_LINE.strip().capitalize() in page  # "Kit's completion: rulebook cell lost"
    assert record["completion_file"] in page
    assert re.search(r'class="big">[^<]+<span class="tag kit">KIT</span>', html)
    kit_rows = [c for c in record["chances"] if c["kit_faces"]]
    assert kit_rows and page.count("KIT ") >= 1 + len(kit_rows)
    assert "the kit's cells in this column: die" in page


def test_rulebook_cells_only_shows_the_lost_cell_and_no_kit_mark(site, havoc):
    record = cli(havoc, "--source-only", "crt", "ii", "8", "3", "--die", "7")
    assert record["result"] is None and not record["kit_completion"]
    page = site.text(
        "/dark-blades/crt?table=infantry-vs-infantry&attack=8&defence=3&die=7&source_only=on"
    )
    assert page.startswith(f"? {MISSING} lost")
    assert record["fill_in_how"] in page
    assert "[infantry-vs-infantry] row 7, column 2-1" in page
    assert "KIT" not in page
    assert "Rulebook cells only: the kit's completion is not used." in page
    for chance in record["chances"]:
        assert chance["chance"] in page


def test_terrain_by_name_gives_the_clis_record(site, havoc):
    record = cli(havoc, "crt", "ii", "8", "3", "-A", "tree", "-D", "window", "--die", "4")
    assert record["kits_readings"]  # the window's reading rides on the terrain shift
    page = site.text(
        "/dark-blades/crt?table=infantry-vs-infantry&attack=8&defence=3&at=tree&dt=window&die=4"
    )
    same_record(page, record)
    assert "terrain: attacker tree +, defender window +" in page


def test_a_mounted_characters_two_hexes_give_the_clis_record(site, havoc):
    record = cli(havoc, "crt", "mou-inf", "8", "3", "-A", "slope,open", "--die", "2")
    page = site.text(
        "/dark-blades/crt?table=mounted-vs-infantry&attack=8&defence=3&at=slope&at2=open&die=2"
    )
    same_record(page, record)
    assert "terrain: attacker slope/open -" in page


def test_a_second_hex_needs_a_first_terrain(site):
    page = site.text("/dark-blades/crt?table=ii&attack=8&defence=3&at=%2B&at2=slope")
    assert "Refused: attacker's second hex: give the first hex as a terrain too" in page


def test_terrain_symbols_and_magic_items_shift_columns(site, havoc):
    record = cli(havoc, "crt", "ii", "8", "3", "-D", "+", "-S", "--die", "1")
    page = site.text(
        "/dark-blades/crt?table=infantry-vs-infantry&attack=8&defence=3&at=0&dt=%2B"
        "&magic_sword=on&die=1"
    )
    same_record(page, record)
    assert "terrain: attacker 0, defender +" in page


def test_the_terrain_selects_offer_every_row_by_name(site):
    from companion.dark_blades.terrain import load_terrain
    from companion.data import Cards

    html = site.client.get("/dark-blades/crt").get_data(as_text=True)
    for name in load_terrain(Cards()).rows:
        # the terrains, the mounted second hexes and the cover
        assert len(re.findall(f'<option value="{name}"', html)) == 5


def test_a_terrain_the_table_lacks_is_one_line(site):
    page = site.text("/dark-blades/crt?table=infantry-vs-infantry&attack=8&defence=3&dt=bridge")
    assert "Refused: “Defender's terrain”: terrain 'bridge': not in the source rules" in page


def test_crt_bad_strength_is_one_line(site):
    page = site.text("/dark-blades/crt?table=infantry-vs-infantry&attack=x&defence=3")
    assert "Refused: “Attack”: expected whole numbers" in page


def test_missile_cover_by_terrain_gives_the_clis_record(site, havoc):
    record = cli(havoc, "missile", "crossbow", "28", "10", "i", "-c", "tree", "--die", "3")
    page = site.text(
        "/dark-blades/missile?weapon=crossbow&range=28&defence=10&target=infantry&cover=tree&die=3"
    )
    same_record(page, record)
    assert "Crossbow at 28 hexes (medium range): strength 20" in page


def test_the_gargoyles_breath_voids_results_against_the_attacker(site, havoc):
    for die in "1234567890":
        record = cli(havoc, "missile", "breath", "1", "40", "m", "--die", die)
        page = site.text(
            f"/dark-blades/missile?weapon=breath&range=1&defence=40&target=mounted&die={die}"
        )
        same_record(page, record)
        assert "Gargoyle's Breath at 1 hex (breath range): strength 20" in page
        if record["void"]:
            assert record["void"] in page
    html = site.client.get("/dark-blades/missile").get_data(as_text=True)
    assert '<option value="breath">' in html


def test_no_cover_on_the_breath_is_one_line(site):
    page = site.text(
        "/dark-blades/missile?weapon=breath&range=3&defence=5&target=infantry&cover=light"
    )
    assert "Refused: “Cover”: not for the Gargoyle's Breath" in page


def test_missile_no_shot_in_infinite_cover(site, havoc):
    record = cli(havoc, "missile", "crossbow", "5", "10", "i", "-c", "infinite")
    page = site.text(
        "/dark-blades/missile?weapon=crossbow&range=5&defence=10&target=infantry&cover=infinite"
    )
    assert record["no_shot"] and page.startswith(f"NO SHOT {record['reason']}")


def test_no_shot_at_range_one_for_a_bow(site, havoc):
    record = cli(havoc, "missile", "shortbow", "1", "10", "i")
    page = site.text("/dark-blades/missile?weapon=shortbow&range=1&defence=10&target=infantry")
    assert page.startswith(f"NO SHOT {record['reason']}") and record["rule"] in page


def test_the_lookup_page_weighs_under_30_kb(site):
    """The heaviest lookup (a kit cell, terrain by name, a kit's reading, every chance) with
    everything the browser fetches for it."""
    html = site.client.get(
        "/dark-blades/crt?table=infantry-vs-infantry&attack=8&defence=3&at=tree&dt=window"
        "&magic_sword=on&die=7"
    ).get_data()
    assert b"KIT" in html
    fetched = [
        site.client.get(p).get_data() for p in re.findall(r'href="(/static/[^"]+)"', html.decode())
    ]
    assert len(fetched) == 3  # style, manifest, icon
    assert len(html) + sum(len(f) for f in fetched) < 30 * 1024


def test_a_server_started_source_only_shows_no_kit_cell(tmp_path) -> None:
    """`havoc --source-only serve`: every page is rulebook-only, whatever its switch says."""
    from companion.web.app import create_app

    app = create_app(game=tmp_path / "g.sqlite3", testing=True, source_only=True)
    client = app.test_client()
    page = client.get("/dark-blades/crt?table=ii&attack=8&defence=3&die=3")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "KIT" not in text and "not in the source rules" in text.lower()
    kit = create_app(game=tmp_path / "g.sqlite3", testing=True).test_client()
    text = kit.get("/dark-blades/crt?table=ii&attack=8&defence=3&die=3").get_data(as_text=True)
    assert "KIT" in text


def test_a_counter_word_is_offered_and_read_as_the_cli_reads_it(site, havoc):
    record = cli(havoc, "missile", "bow", "10", "10", "i", "--die", "1")
    form = site.text("/dark-blades/missile")
    assert '"bow" on a counter: Shortbow (kit\'s reading)' in form
    page = site.text("/dark-blades/missile?weapon=bow&range=10&defence=10&target=infantry&die=1")
    same_record(page, record)
    short = next(r["short"] for r in record["kits_readings"] if "bow" in r["short"].lower())
    assert short in page


def test_fight_by_name_gives_the_clis_record(site, havoc):
    """A row a piece: name, health, foot or mounted; the same record as `havoc fight`."""
    record = cli(havoc, "fight", "thr:mounted", "gra:wounded:mounted", "7")
    html = site.client.get(
        "/dark-blades/fight?a1=Thrugg+Lumpthew&a1_mount=mounted&d1=Grast&d1_health=wounded"
        "&d1_mount=mounted&die=7"
    ).get_data(as_text=True)
    page = visible(html)
    same_record(page, record)
    assert "Thrugg Lumpthew (mounted) 22 v Grast (wounded, mounted) 7" in page
    assert "KIT values: the kit's (pieces.csv)" in page
    form = site.client.get("/dark-blades/fight").get_data(as_text=True)
    assert '<option value="Zatan">Zatan</option>' in form
    for field in ("a3_health", "a3_mount", "a1_sword", "d1_ring", "d2_boxed", "at", "dt", "cover"):
        assert f'name="{field}"' in form, field


def test_a_name_typed_by_its_start_shows_the_piece_that_fought_in_its_row(site):
    """``a1=Thrugg`` fights as Thrugg Lumpthew: the row's select shows him, not "-", so the
    form sent again asks the same fight; a second row of the same name keeps its own row."""
    html = site.client.get("/dark-blades/fight?a1=Thrugg&a2=Gob&d1=gra&die=7").get_data(
        as_text=True
    )
    assert "Thrugg Lumpthew" in visible(html)
    rows = dict(re.findall(r'<select id="([ad]\d)" name="\1">(.*?)</select>', html))
    assert '<option value="Thrugg Lumpthew" selected>' in rows["a1"]
    assert '<option value="Goblin" selected>' in rows["a2"]
    assert '<option value="Grast" selected>' in rows["d1"]
    assert " selected" not in rows["a3"] + rows["d2"]
    refused = site.client.get("/dark-blades/fight?a1=Nobody&d1=Grast&die=7")
    assert refused.status_code == 400
    assert (
        " selected"
        not in dict(
            re.findall(
                r'<select id="([ad]\d)" name="\1">(.*?)</select>', refused.get_data(as_text=True)
            )
        )["a1"]
    )


def test_fight_page_wounded_foot_defender_on_a_slope(site, havoc):
    record = cli(havoc, "fight", "gob", "gra:wounded", "1", "-D", "slope")
    url = "/dark-blades/fight?a1=Goblin&d1=Grast&d1_health=wounded&d1_mount=foot&dt=slope&die=1"
    response = site.client.get(url)
    assert response.status_code == 200
    page = visible(response.get_data(as_text=True))
    same_record(page, record)
    assert record["table"] == "infantry-vs-infantry"
    assert "Goblin 6 v Grast (wounded, on foot) 5" in page and "defender in Slope" in page
    assert f"→ {record['outcome']}" in page
    for chance in record["chances"]:
        if chance["effect"]:
            assert f"here: {chance['effect']}" in page


def test_fight_page_several_names_items_and_scenario(site, havoc):
    record = cli(havoc, "fight", "gob,gob", "zat", "3")
    page = visible(
        site.client.get("/dark-blades/fight?a1=Goblin&a2=Goblin&d1=Zatan&die=3").get_data(
            as_text=True
        )
    )
    same_record(page, record)
    for rule in record["rules"]:
        assert rule["rule"] in page
    raid = cli(havoc, "fight", "gob", "bf", "2", "--scenario", "raid")
    page = visible(
        site.client.get(
            "/dark-blades/fight?a1=Goblin&d1=The+Black+Fox&scenario=raid&die=2"
        ).get_data(as_text=True)
    )
    same_record(page, raid)
    assert "Who rides: as The Raid starts." in page


def test_fight_page_window_defender_attacked_from_inside(site, havoc):
    """The page's "Attacker inside the building" is `havoc fight --attacker-inside`."""
    record = cli(havoc, "fight", "thr", "gra", "5", "-D", "window", "--attacker-inside")
    url = "/dark-blades/fight?a1=Thrugg+Lumpthew&d1=Grast&dt=window&attacker_inside=on&die=5"
    page = visible(site.client.get(url).get_data(as_text=True))
    same_record(page, record)
    assert [s["columns"] for s in record["shifts"]] == [0]
    assert "window 0 (from inside)" in page
    through = cli(havoc, "fight", "thr", "gra", "5", "-D", "window")
    assert through["column"] != record["column"]


def test_fight_page_mixed_mounted_and_foot_attackers(site, havoc):
    """Mixed attackers: the same record as `havoc fight`, the kit's reading labelled."""
    record = cli(havoc, "fight", "gob,gra:mounted", "thr", "4")
    url = "/dark-blades/fight?a1=Goblin&a2=Grast&a2_mount=mounted&d1=Thrugg+Lumpthew&die=4"
    response = site.client.get(url)
    assert response.status_code == 200
    page = visible(response.get_data(as_text=True))
    same_record(page, record)
    reading = next(r for r in record["kits_readings"] if r["name"] == "mixed-attackers")
    assert reading["short"] in page and reading["short"].startswith("kit's reading")


def test_fight_page_on_a_bridge_falls_in_with_the_swim_link(site, havoc):
    """The page's "On a bridge or the stones" is `havoc fight --defender-on`: the same record,
    and a link to each swim page."""
    plain = cli(havoc, "fight", "thr", "gra", "1")
    face = next(c["faces"][0] for c in plain["chances"] if "retreats" in c["meaning"])
    record = cli(havoc, "fight", "thr", "gra", str(face), "--defender-on", "bridge")
    url = f"/dark-blades/fight?a1=Thrugg+Lumpthew&d1=Grast&defender_on=bridge&die={face}"
    html = site.client.get(url).get_data(as_text=True)
    page = visible(html)
    same_record(page, record)
    assert "falls in from the bridge" in page and "Fell in? Swim from his hex" in page
    assert 'href="/dark-blades/swim/mill"' in html
    form = site.client.get("/dark-blades/fight").get_data(as_text=True)
    assert 'name="attacker_on"' in form and "Fell in?" not in form
    bad = site.client.get("/dark-blades/fight?a1=Thrugg+Lumpthew&d1=Grast&defender_on=lake")
    assert bad.status_code == 400 and "unknown footing" in visible(bad.get_data(as_text=True))


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("a1=Goblin&a1_health=stunned&d1=Zatan", "stunned: may not attack"),
        ("a1=Goblin", "give an attacker and a defender"),
        ("die=3", "give an attacker and a defender"),
        ("a1=Dark+Blades&a1_sword=on&d1=Goblin", '"Dark Blades" cannot use the magic sword'),
        ("a1=Goblin&d1=The+Black+Fox&d1_ring=on", 'The "Black Fox" will not wear this ring'),
        ("a1=Goblin&d1=Grast&d1_health=dizzy", "defender 1 health: expected"),
        ("a1=Goblin&d1=Grast&range=x", "“Range”: expected hexes"),
        ("a1=Goblin&d1=Grast&dt=zz", "“Defender's terrain”"),
        ("a1=Goblin&d1=Grast&cover=tree", "“Cover”: for missile fire"),
        ("a1=Goblin&d1=Grast&range=3", "Goblin: his weapon, sword (pieces.csv), is not a missile"),
        ("a1=Troll&d1=Pack+Mule&scenario=mule", "Troll (Black Fox) may not attack the Pack Mule"),
    ],
)
def test_a_fight_that_cannot_be_answered_says_why(site, query, said):
    response = site.client.get("/dark-blades/fight?" + query)
    assert response.status_code == 400
    page = visible(response.get_data(as_text=True))
    assert said in page
    assert "Chances in column" not in page


def test_defender_state_on_the_crt_page(site, havoc):
    record = cli(havoc, "crt", "ii", "8", "3", "1", "--defender-state", "wounded")
    page = visible(
        site.client.get(
            "/dark-blades/crt?table=infantry-vs-infantry&attack=8&defence=3&die=1"
            "&defender_state=wounded"
        ).get_data(as_text=True)
    )
    assert f"→ {record['outcome']}" in page


def test_rulebook_only_off_table_odds_are_left_open(site, havoc):
    record = cli(havoc, "--source-only", "crt", "ii", "1", "10", "1", "-S")
    page = site.text(
        "/dark-blades/crt?table=infantry-vs-infantry&attack=1&defence=10&die=1"
        "&magic_sword=on&source_only=on"
    )
    assert record["meaning"].startswith("open:") and record["meaning"] in page
    assert "lost" not in page.split("How")[0]
