"""A Kniggits battle on the phone: started from two armies by name or pasted, the phases, the
exchanges with every kniggit's tokens carried, the win, undo, and every refusal in one line."""

from __future__ import annotations

import pytest
from web_helpers import visible

from companion.web.kniggits.battle import CSRF_KEY

BLUE = "count,name,movement,attack,defense\n1,Sir Blue,1,2,1\n1,Coward,1,0,1\n"


def post(site, action: str, **form):
    data = {"csrf": site.app.extensions["havoc_csrf"].token(CSRF_KEY), **form}
    return site.client.post(f"/kniggits/battle/{action}", data={k: str(v) for k, v in data.items()})


def page(site) -> str:
    answer = site.client.get("/kniggits/battle/")
    assert answer.status_code == 200
    return visible(answer.get_data(as_text=True))


def seen(site) -> int:
    from companion.data import Cards
    from companion.kniggits.rules import rules
    from companion.kniggits.store import BattleStore

    with BattleStore(site.game.parent / "kniggits-battle.sqlite3") as store:
        return store.load(rules(Cards())).events


def step(site, action: str, **form):
    answer = post(site, action, seen=seen(site), **form)
    assert answer.status_code == 302, visible(answer.get_data(as_text=True))


def start(site):
    answer = post(site, "new", army0="army", name0="Red", army1="army", csv1=BLUE, name1="Blue")
    assert answer.status_code == 302, visible(answer.get_data(as_text=True))


def test_no_battle_shows_the_form_with_the_armies_by_name(site):
    text = page(site)
    assert text.startswith("New Kniggits battle") and "army" in text


def test_a_battle_from_two_armies_to_the_win(site):
    start(site)
    text = page(site)
    assert text.startswith("Turn 1: Red 1. Moving")
    assert "Sir Galahad M3 A3 D2 fights 6 in" in text and "Sir Blue M1 A2 D1 fights 2 in" in text
    assert "Ran away before the battle: Coward" in text
    step(site, "phase")
    assert "2. Turning" in page(site) and "Blue may turn" in page(site)
    step(site, "phase")
    # Galahad (index 0) high at Sir Blue, who faces him and strikes back low
    fight = {"attacker": 0, "defender": 0, "a_sword": "high", "b_shield": "low"}
    step(site, "fight", **fight, b_sword="low", a_shield="middle")
    text = page(site)
    assert "Sir Galahad hits Sir Blue: Sir Blue loses an Attack token" in text
    assert "Sir Blue hits Sir Galahad: Sir Galahad loses a Movement token" in text
    assert "Sir Galahad M2 A3 D2 fights 4 in" in text and "Sir Blue M1 A1 D1" in text
    step(site, "fight", **{**fight, "a_sword": "middle"})  # tokens carried: D1 -> D0
    assert "Sir Blue M1 A1 D0" in page(site)
    step(site, "fight", **fight)  # A1 -> A0: only Movement left, he flees
    text = page(site)
    assert text.startswith("RED WINS Red wins: all of Blue's kniggits flee")
    assert "Sir Blue M1 A0 D0 FLEES" in text
    answer = post(site, "phase", seen=seen(site))
    assert answer.status_code == 400 and "the battle is over" in visible(answer.get_data(True))
    undo = post(site, "undo", seen=seen(site))
    assert undo.status_code == 302
    said = visible(site.client.get(undo.headers["Location"]).get_data(as_text=True))
    assert said.startswith("Undone: step 5.")
    text = page(site)
    assert text.startswith("Turn 1: Red 3. Fighting") and "Sir Blue M1 A1 D0" in text


def test_who_cannot_attack_is_refused_quoting_the_rule(site):
    start(site)
    step(site, "phase")
    step(site, "phase")
    fight = {"attacker": 0, "defender": 0, "a_sword": "high", "b_shield": "low"}
    step(site, "fight", **fight)  # Sir Blue: A2 -> A1
    step(site, "fight", **fight)  # A1 -> A0
    for _ in range(3):
        step(site, "phase")  # Blue's turn, phase three
    answer = post(site, "fight", seen=seen(site), **fight)
    assert answer.status_code == 400
    text = visible(answer.get_data(as_text=True))
    assert "Refused: Sir Blue cannot attack: he has no Attack token" in text
    assert '"Kniggits with no attack tokens left cannot attack."' in text


def test_a_form_sent_twice_is_not_fought_twice(site):
    start(site)
    step(site, "phase")
    step(site, "phase")
    form = {"attacker": 0, "defender": 0, "a_sword": "high", "b_shield": "low", "seen": 2}
    assert post(site, "fight", **form).status_code == 302
    again = post(site, "fight", **form)
    assert again.status_code == 400 and "moved on" in visible(again.get_data(as_text=True))
    assert "Sir Blue M1 A1 D1" in page(site)


@pytest.mark.parametrize(
    "form, words",
    [
        ({"army0": "nope"}, "army 1: expected one of army"),
        ({"army1": "army", "name1": "red"}, "both armies are named"),
        ({"csv1": "count,name\n1,x\n"}, "army 2"),
        ({"points": "20"}, "over its points"),
    ],
)
def test_a_bad_start_is_one_line_and_starts_nothing(site, form, words):
    base = {"army0": "army", "name0": "Red", "csv1": BLUE, "name1": "Blue"}
    answer = post(site, "new", **{**base, **form})
    assert answer.status_code == 400
    text = visible(answer.get_data(as_text=True))
    assert "Refused:" in text and words in text.split("Refused:")[1]
    assert page(site).startswith("New Kniggits battle")


def test_changes_need_the_forms_csrf_token(site):
    start(site)
    answer = site.client.post("/kniggits/battle/phase", data={"seen": "0", "csrf": "x"})
    assert answer.status_code == 403 and seen(site) == 0
