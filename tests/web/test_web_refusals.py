"""Pages refuse what they cannot use instead of falling back in silence (issue 25 item 5): the
map page's die face and the Kniggits army form's agreed points, each 400 and one line in the
page's words."""

from __future__ import annotations

import pytest
from route_sweep import ODD_QUICK, one_line
from web_helpers import visible

MAP = "/dark-blades/maps/arena"
SHOT = {"f": "K1", "t": "K3", "w": "shortbow", "d": "10", "k": "infantry"}
ARMY = "count,name,movement,attack,defense\n1,Sir A,1,1,1\n"


@pytest.mark.parametrize("die", ODD_QUICK + ["99"])
def test_the_map_page_refuses_a_die_it_cannot_use_instead_of_rolling(site, die):
    answer = site.client.get(MAP, query_string={**SHOT, "die": die})
    body = answer.get_data(as_text=True)
    assert answer.status_code == 400 and one_line(400, body), visible(body)[:300]
    assert "die" in visible(body).split("Refused:")[1][:60].lower()


def test_the_map_page_still_takes_a_face_and_rolls_when_blank(site):
    for die in ("5", ""):
        assert site.client.get(MAP, query_string={**SHOT, "die": die}).status_code == 200


@pytest.mark.parametrize("points", ODD_QUICK + ["1000001", "99999999999999999999"])
def test_the_army_form_refuses_points_it_cannot_use(site, points):
    answer = site.client.post("/kniggits/army", data={"points": points, "army": ARMY})
    body = answer.get_data(as_text=True)
    assert answer.status_code == 400 and one_line(400, body)
    assert "Points agreed: a whole number from 0 to 1,000,000" in visible(body)


def test_the_army_form_takes_points_or_blank(site):
    for points in ("50", ""):
        answer = site.client.post("/kniggits/army", data={"points": points, "army": ARMY})
        assert answer.status_code == 200 and "points" in visible(answer.get_data(as_text=True))
