"""The one parser of a fight by name (`fight_form`): strings in, a typed request out, each
refusal naming its field in the front end's words, the same for `havoc fight` and the page."""

from __future__ import annotations

import pytest

from companion.dark_blades import fight_form
from companion.dark_blades.fight import Chosen
from companion.dark_blades.lookups import MeleeRequest, MissileRequest
from companion.dark_blades.states import Health
from companion.data import Cards
from companion.errors import FieldError

CARDS = Cards()


def test_strings_in_a_typed_request_out() -> None:
    asked = fight_form.ask(
        CARDS,
        {
            "attackers": ["gob", "gob"],
            "defenders": ["Grast:wounded:foot"],
            "defender_terrain": "slope",
            "die": "1",
        },
    )
    assert isinstance(asked.request, MeleeRequest)
    assert asked.request.table == "infantry-vs-infantry" and asked.request.die == 1
    assert asked.request.defender_state == "wounded"
    assert asked.request.shifts.defender_terrain.terrains[0].name == "slope"
    assert [a.name for a in asked.attackers] == ["Goblin", "Goblin"]
    shot = fight_form.ask(
        CARDS, {"attackers": ["lab"], "defenders": ["gob"], "range": "12", "cover": "tr"}
    )
    assert isinstance(shot.request, MissileRequest) and shot.request.cover == "light"


@pytest.mark.parametrize(
    ("values", "field", "said"),
    [
        ({"attackers": ["xyz"], "defenders": ["gob"]}, "attackers", "unknown attacker name"),
        ({"attackers": ["gob"], "defenders": ["gob"], "range": "x"}, "range", "range: expected"),
        ({"attackers": ["gob"], "defenders": ["gob"], "die": "d"}, "die", "die: expected"),
        (
            {"attackers": ["gob"], "defenders": ["gob"], "defender_terrain": "zz"},
            "defender_terrain",
            "defender terrain: unknown terrain 'zz'",
        ),
        (
            {"attackers": ["gob"], "defenders": ["gob"], "cover": "tree"},
            "cover",
            "cover: for missile fire",
        ),
        ({"attackers": ["db:sword"], "defenders": ["gob"]}, "sword", "cannot use the magic"),
        ({"attackers": ["gob"], "defenders": ["bf:ring"]}, "ring", "will not wear this ring"),
        ({"attackers": ["gob"], "defenders": ["gob"], "scenario": "zz"}, "scenario", "scenario"),
    ],
)
def test_each_refusal_names_its_field(values: dict, field: str, said: str) -> None:
    with pytest.raises(FieldError) as caught:
        fight_form.ask(CARDS, values)
    assert caught.value.field == field and said in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_page_row_becomes_a_typed_piece() -> None:
    row = fight_form.piece_row("Grast", "wounded", "foot", ("ring",), True, field="defenders")
    assert row == Chosen("Grast", Health.WOUNDED, "foot", sword=False, ring=True, boxed=True)
    assert fight_form.piece_row("Goblin") == Chosen("Goblin")  # healthy, as the scenario rides
    with pytest.raises(FieldError, match="defender 2 health") as caught:
        fight_form.piece_row("Goblin", "mounted", label="defender 2", field="defenders")
    assert caught.value.field == "defenders"
    # The row is read as the name spec of the command line reads: the same fighter.
    asked = fight_form.ask(CARDS, {"attackers": ["thr"], "defenders": [row]})
    typed = fight_form.ask(CARDS, {"attackers": ["thr"], "defenders": ["gra:wounded:ring:boxed"]})
    assert asked.defenders == typed.defenders and asked.request == typed.request


def test_no_window_plus_for_a_defender_attacked_from_inside() -> None:
    """The window's printed advantage is "+ (if defending through window, otherwise 0)": a
    defender in a window hex attacked by someone inside the building is not defending through
    it, so no column shift, and the kit's window reading does not ride on the lookup."""
    base = {"attackers": ["thr"], "defenders": ["gra"], "defender_terrain": "window", "die": "5"}
    through = fight_form.answer(CARDS, fight_form.ask(CARDS, base))
    inside = fight_form.answer(CARDS, fight_form.ask(CARDS, {**base, "attacker_inside": True}))
    assert [s.columns for s in through.shifts] == [-1]
    assert [s.columns for s in inside.shifts] == [0]
    assert "not defending through the window" in inside.shifts[0].reason
    assert inside.shifts[0].reading is None and through.shifts[0].reading is not None
    assert inside.column == through.column + 1
    # Other terrains keep their advantage: the attacker's position matters only at a window.
    tree = {**base, "defender_terrain": "tree"}
    assert fight_form.ask(CARDS, {**tree, "attacker_inside": True}) == fight_form.ask(CARDS, tree)
    with pytest.raises(FieldError) as caught:
        fight_form.ask(CARDS, {**base, "defender_terrain": "", "range": "3", "attacker_inside": 1})
    assert caught.value.field == "attacker_inside"
