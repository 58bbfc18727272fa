"""A Dark Blades campaign (issue 35): three scenarios with a death and an heir, the two ways back
labelled as the players' choice, the next roster after the losses, and the store kept as safely
as the Kniggits battle (one transaction a change, undo, nothing lost on a kill -9)."""

from __future__ import annotations

import json

import pytest

from companion.dark_blades import campaign as cp
from companion.dark_blades import pieces
from companion.dark_blades.campaign_store import CampaignStore, Context, OutOfDate
from companion.dark_blades.scenarios import load_scenarios
from companion.data import Cards
from companion.errors import DataError, InputError
from tests.conftest import assert_narrow
from tests.kill_inside import kill_inside_a_change


@pytest.fixture
def cx() -> Context:
    cards = Cards()
    ps = pieces.load(cards)
    return Context(cp.load_rules(cards), load_scenarios(cards, ps), ps)


SETUP = cp.Setup("The Isle", ("raid", "mule-train", "mill"))
FOX_DIES = {
    "op": "record",
    "winner": "Dark Blades",
    "fates": [
        {"name": "The Black Fox", "fate": "dead", "count": 1},
        {"name": "Mon-Oger Sword", "fate": "dead", "count": 3},
        {"name": "Grast", "fate": "wounded", "count": 1},
    ],
}


def test_a_death_then_an_heir_the_next_roster_follows(cx) -> None:
    c = cp.replay(cx.rules, cx.scenarios, cx.pieces, SETUP, [FOX_DIES])
    assert c.next_key == "mule-train"
    assert cp.dead_leaders(c, cx.rules, cx.pieces) == ["The Black Fox"]
    mule = cx.scenarios["mule-train"]
    assert cp.next_roster(c, mule)["The Black Fox"] == 0  # dead: no way back taken yet
    assert cp.next_roster(c, mule)["Mon-Oger Sword"] == mule.roster()["Mon-Oger Sword"] - 3
    heir = {"op": "heir", "name": "The Black Fox", "heir": "Vixen"}
    c = cp.apply(c, heir, cx.rules, cx.scenarios, cx.pieces)
    assert cp.dead_leaders(c, cx.rules, cx.pieces) == []
    assert c.heirs == {"The Black Fox": ("Vixen",)} and "(the players' choice)" in c.log[-1]
    assert cp.next_roster(c, mule)["The Black Fox"] == 1  # the heir takes the field
    for _ in range(2):
        c = cp.apply(c, {"op": "record", "fates": []}, cx.rules, cx.scenarios, cx.pieces)
    assert c.next_key is None and [b.scenario for b in c.battles] == list(SETUP.scenarios)
    with pytest.raises(InputError, match="the campaign is over"):
        cp.apply(c, {"op": "record", "fates": []}, cx.rules, cx.scenarios, cx.pieces)


def test_the_ways_back_are_the_two_leaders_and_need_a_living_caster(cx) -> None:
    c = cp.replay(cx.rules, cx.scenarios, cx.pieces, SETUP, [FOX_DIES])
    with pytest.raises(InputError, match="ways back are for Dark Blades and The Black Fox only"):
        cp.apply(c, {"op": "heir", "name": "Grast", "heir": "X"}, cx.rules, cx.scenarios, cx.pieces)
    with pytest.raises(InputError, match="Dark Blades is not dead"):
        cp.apply(
            c,
            {"op": "restore", "name": "Dark Blades", "caster": "Quill"},
            cx.rules,
            cx.scenarios,
            cx.pieces,
        )
    back = cp.apply(
        c,
        {"op": "restore", "name": "The Black Fox", "caster": "sham"},
        cx.rules,
        cx.scenarios,
        cx.pieces,
    )
    assert back.restored == {"The Black Fox": ("Shaman",)} and not cp.dead_leaders(
        back, cx.rules, cx.pieces
    )
    shaman_dies = {
        "op": "record",
        "fates": [
            {"name": "The Black Fox", "fate": "dead", "count": 1},
            {"name": "Shaman", "fate": "dead", "count": 1},
        ],
    }
    c = cp.replay(cx.rules, cx.scenarios, cx.pieces, SETUP, [shaman_dies])
    with pytest.raises(InputError, match="Shaman is dead or captured"):
        cp.apply(
            c,
            {"op": "restore", "name": "The Black Fox", "caster": "Shaman"},
            cx.rules,
            cx.scenarios,
            cx.pieces,
        )


def test_more_losses_than_took_the_field_are_refused(cx) -> None:
    c = cp.replay(cx.rules, cx.scenarios, cx.pieces, SETUP, [])
    fielded = cx.scenarios["raid"].roster()["Mon-Oger Sword"]
    too_many = {
        "op": "record",
        "fates": [
            {"name": "Mon-Oger Sword", "fate": "dead", "count": fielded},
            {"name": "Mon-Oger Sword", "fate": "captured", "count": 1},
        ],
    }
    with pytest.raises(InputError, match=f"but {fielded} took the field"):
        cp.apply(c, too_many, cx.rules, cx.scenarios, cx.pieces)


def test_the_store_undoes_and_refuses_an_out_of_date_page(cx, tmp_path) -> None:
    path = tmp_path / "c.sqlite3"
    with CampaignStore(path, create=True) as store:
        store.new(cx, SETUP)
        after = store.add(cx, FOX_DIES, 0)
        assert after.events == 1
        with pytest.raises(OutOfDate):
            store.add(cx, FOX_DIES, 0)  # the same form sent twice
        with pytest.raises(InputError, match="already kept here"):
            store.new(cx, SETUP)
        assert store.undo(cx, 1).events == 0
        assert store.load(cx).battles == ()
    other = tmp_path / "other.sqlite3"
    import sqlite3

    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE x (y)")
    conn.close()
    with pytest.raises(DataError, match="not a Havoc Kit campaign file"):
        CampaignStore(other)


def test_three_scenarios_on_the_command_line(havoc, tmp_path, cx) -> None:
    f = str(tmp_path / "camp.sqlite3")
    assert havoc("campaign", "-f", f).exit_code == 2
    assert havoc("campaign", "-f", f, "new", "raid", "mill", "mule").exit_code == 0
    said = havoc(
        "campaign",
        "-f",
        f,
        "record",
        "-d",
        "dark blades",
        "-d",
        "2 mon-oger sw",
        "-c",
        "sunfire",
        "--winner",
        "fox",
    )
    assert said.exit_code == 0, said.output
    assert_narrow(said.output)
    lines = said.output.splitlines()
    assert lines[0] == "Recorded: The Raid, won by Black Fox"
    assert "Dark Blades is dead: the players' choice" in lines
    assert "  campaign heir dark HEIR" in lines
    said = havoc("campaign", "-f", f, "heir", "dark", "Tristan the Younger")
    assert said.exit_code == 0 and "(the players' choice)" in " ".join(said.output.split())
    out = tmp_path / "roster.csv"
    said = havoc("campaign", "-f", f, "roster", "--csv", out)
    assert said.exit_code == 0, said.output
    assert_narrow(said.output)
    flat = " ".join(said.output.split())
    assert "no Sunfire (1 lost)" in flat and "(heir: Tristan the Younger)" in flat
    written = pieces.load(Cards(), out)  # the kit's roster loader takes it
    counts = {ch.name: ch.count for ch in written.roster}
    mill = cx.scenarios["mill"].roster()
    assert "Sunfire" not in counts and counts["Mon-Oger Sword"] == mill["Mon-Oger Sword"] - 2
    assert counts["Dark Blades"] == 1
    assert havoc("campaign", "-f", f, "record", "-w", "grast").exit_code == 0
    said = havoc("campaign", "-f", f, "free", "sun")
    assert said.exit_code == 0 and "Sunfire freed" in said.output
    data = json.loads(havoc("campaign", "-f", f, "--json").output)
    assert data["next"] == "mule-train" and data["roster"]["Sunfire"] == 1
    assert data["heirs"] == {"Dark Blades": ["Tristan the Younger"]}
    assert havoc("campaign", "-f", f, "undo").output.startswith("Undone: Sunfire freed")
    bad = havoc("campaign", "-f", f, "record", "-d", "nobody")
    assert bad.exit_code == 2 and "unknown piece of Mon-Oger Mule Train" in bad.output


# The campaign store's part of the child that `kill_inside_a_change` kills inside a change.
STORE_LINES = """
from companion.data import Cards
from companion.dark_blades import campaign as cp, pieces
from companion.dark_blades.campaign_store import CampaignStore, Context
from companion.dark_blades.scenarios import load_scenarios
cards = Cards()
ps = pieces.load(cards)
cx = Context(cp.load_rules(cards), load_scenarios(cards, ps), ps)
with CampaignStore(path) as store:
    seen = store.load(cx).events
    if action == "undo":
        store.undo(cx, seen)
    else:
        store.add(cx, json.loads(action), seen)
"""


@pytest.mark.slow
def test_kill_9_inside_a_change_leaves_the_campaign_before_it(cx, tmp_path) -> None:
    path = tmp_path / "campaign.sqlite3"
    with CampaignStore(path, create=True) as store:
        store.new(cx, SETUP)
        store.add(cx, FOX_DIES, 0)
        before = store.load(cx)
    heir = '{"op": "heir", "name": "The Black Fox", "heir": "Vixen"}'
    for action in (heir, "undo"):
        kill_inside_a_change(STORE_LINES, path, action, tmp_path / "inside")
        with CampaignStore(path) as store:  # the next open rolls the hot journal back
            assert store.load(cx) == before, action
    with CampaignStore(path) as store:  # and the file takes the change afterwards
        after = store.add(cx, json.loads(heir), before.events)
        assert after.heirs == {"The Black Fox": ("Vixen",)}


def test_a_piece_by_its_counters_label_or_its_whole_name(cx) -> None:
    raid = cx.scenarios["raid"]
    assert cp.find_piece(raid, "fox") == ("The Black Fox", 1)
    assert cp.find_piece(raid, "the black fox") == ("The Black Fox", 1)
    assert cp.find_piece(raid, "3 mon-oger sw") == ("Mon-Oger Sword", 3)
    with pytest.raises(InputError, match="unknown piece of The Raid"):
        cp.find_piece(raid, "nobody")
