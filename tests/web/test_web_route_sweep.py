"""No route answers 500 or shows a traceback for odd values (issue 25 item 2), and every
refusal is a 4xx with one line saying why; the sweep itself is in `route_sweep`."""

from __future__ import annotations

import re

import pytest
from route_sweep import ODD_QUICK, one_line, sweep


def test_no_route_fails_on_odd_values_and_every_refusal_is_one_line(site):
    figures = sweep(site, ODD_QUICK, forms="filled")
    assert figures.failures == []
    assert figures.tried > 1000 and figures.refused > 100
    assert figures.one_line == figures.refused


@pytest.mark.slow
def test_no_route_fails_with_any_option_chosen(site):
    """Each select at each of its other options, with the other fields given odd values in
    turn (pairwise; the test above sends every odd value to every field)."""
    figures = sweep(site, ODD_QUICK, forms="options")
    assert figures.failures == []
    assert figures.tried > 1000 and figures.refused > 100
    assert figures.one_line == figures.refused


@pytest.mark.parametrize("seed", ODD_QUICK)
def test_a_bad_seed_on_the_attack_page_is_refused_before_anything_is_rolled(site, seed):
    answer = site.client.get(
        "/cthulhu-who/attack",
        query_string={"attacker": "Hero/Pistol", "target": "Cultist", "seed": seed},
    )
    body = answer.get_data(as_text=True)
    assert answer.status_code == 400 and one_line(400, body)
    assert "seed: expected a whole number" in body
    assert "Rolled " not in body and not re.search(r">(KILLED|missed)<", body)
