"""The one parser of each table lookup (`combat_form`), shared by `havoc crt`/`havoc missile`
and their pages: strings in, a typed request out, each refusal a `FieldError` of one field."""

from __future__ import annotations

import pytest

from companion.dark_blades import combat_form
from companion.dark_blades.crt import load_crt
from companion.data import Cards
from companion.errors import FieldError

CARDS = Cards()
CRT = load_crt(CARDS)


def test_a_melee_lookup_from_strings() -> None:
    request = combat_form.melee(
        CARDS,
        CRT,
        {
            "table": "ii",
            "attack": "5,3",
            "defence": ["4"],
            "defender_terrain": "tr",
            "magic_sword": True,
            "die": "0",
            "defender_state": "wou",
        },
    )
    assert request.table == "infantry-vs-infantry" and request.attack == (5, 3)
    assert request.defence == (4,) and request.die == 0 and request.seed is None
    assert request.shifts.attacker_terrain == "0" and request.shifts.magic_sword
    assert request.shifts.defender_terrain.terrains[0].name == "tree"
    assert (request.defender_state, request.defender_kind) == ("wounded", "character")


def test_a_missile_shot_from_strings() -> None:
    request = combat_form.missile(
        CARDS,
        CRT,
        {"weapon": "bow", "range": "12", "defence": "3", "target": "m", "cover": "op,sl"},
    )
    assert (request.weapon, request.hexes, request.target) == ("bow", 12, "mounted")
    assert request.cover in CRT.cover and request.cover_terrain.name in ("open", "slope")
    light = combat_form.missile(CARDS, CRT, {"range": "9", "defence": "3", "cover": "tr"})
    assert (light.target, light.cover, light.cover_terrain.name) == ("infantry", "light", "tree")


@pytest.mark.parametrize(
    ("kind", "values", "field", "said"),
    [
        ("melee", {"table": "zz", "attack": "8", "defence": "3"}, "table", "unknown results"),
        ("melee", {"table": "ii", "attack": "x", "defence": "3"}, "attack", "attack: expected"),
        ("melee", {"table": "ii", "attack": "8"}, "defence", "defence: give a strength"),
        ("melee", {"table": "ii", "attack": "8", "defence": "3", "die": "d"}, "die", "die: "),
        (
            "melee",
            {"table": "ii", "attack": "8", "defence": "3", "attacker_terrain": "zz"},
            "attacker_terrain",
            "attacker terrain: unknown terrain 'zz'",
        ),
        (
            "melee",
            {"table": "ii", "attack": "8", "defence": "3", "defender_state": "dizzy"},
            "defender_state",
            "unknown defender state 'dizzy'",
        ),
        ("missile", {"weapon": "bow", "defence": "3"}, "range", "range: give the range"),
        ("missile", {"weapon": "bow", "range": "0", "defence": "3"}, "range", "range: expected"),
        (
            "missile",
            {"weapon": "bow", "range": "9", "defence": "3", "target": "i", "cover": "sl,tr"},
            "cover",
            "cover sl,tr: a target on foot stands on one hex",
        ),
        (
            "missile",
            {"weapon": "bow", "range": "9", "defence": "3", "target": "i", "cover": "zz"},
            "cover",
            "unknown cover 'zz'",
        ),
    ],
)
def test_each_refusal_names_its_field(kind: str, values: dict, field: str, said: str) -> None:
    parse = combat_form.melee if kind == "melee" else combat_form.missile
    with pytest.raises(FieldError) as caught:
        parse(CARDS, CRT, {"target": "infantry", **values} if kind == "missile" else values)
    assert caught.value.field == field and said in str(caught.value), str(caught.value)
    assert "--" not in str(caught.value)
