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
