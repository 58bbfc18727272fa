"""Secrets compared as bytes (issue 30 item 2): a link part or a form's `csrf` in any script is
just a wrong secret (404 on a link, 403 on a form), never a 500 — `hmac.compare_digest` raises
TypeError on a non-ASCII str, so every comparison goes through `security.same`."""

from __future__ import annotations

import pytest

from companion.web.security import Csrf, Hands, same

ODD = ["é" * 32, "é", "\u0661" * 32, "😀" * 20, "a\u0301" * 16, "\x00" * 32, "\ud800", ""]
ACTIONS = ["new", "kill", "duel", "undo", "links"]  # every umpire POST


@pytest.mark.parametrize("odd", ODD)
def test_same_takes_any_text(odd):
    assert same(odd, odd)
    assert not same(odd, "x" * 32)
    assert not same("x" * 32, odd)
    assert not Csrf().valid("U" * 32, odd)
    hands = Hands()
    assert not hands.valid(odd, hands.hand("d" * 32, 3, 1))


def test_same_still_tells_secrets_apart():
    assert same("abc", "abc") and not same("abc", "abd") and not same("abc", "ab")
    assert same("é", "é") and not same("é", "e")


@pytest.mark.parametrize("odd", ["é" * 32, "\u0661" * 32, "😀" * 8])
def test_odd_deal_and_hand_links_are_404(site, odd):
    deal = "D" * 32
    for url in (
        f"/dark-blades/spells/deal/{deal}/3/{odd}",
        f"/dark-blades/spells/hand/{deal}/3/1/{odd}",
        f"/dark-blades/spells/hand/{deal}/3/1/{odd}/qr",
    ):
        assert site.client.get(url).status_code == 404, url


@pytest.mark.parametrize("odd", ["é" * 64, "\u0661", "😀" * 16])
def test_odd_csrf_on_every_umpire_form_is_403(site, odd):
    site.new_game()
    before = site.ring()
    for action in ACTIONS:
        answer = site.post(action, csrf=odd, names="A\nB\nC", killer="Ann", victim="Bob")
        assert answer.status_code == 403, (action, answer.status_code)
    assert site.ring() == before


@pytest.mark.parametrize("odd", ["é" * 32, "\u0661" * 32])
def test_odd_umpire_and_player_links_are_404(site, odd):
    site.new_game()
    for url in (f"/u/{odd}/", f"/p/{odd}", f"/p/{odd}/qr"):
        assert site.client.get(url).status_code == 404, url


def test_odd_dice_history_is_dropped_not_500(site):
    answer = site.client.get("/dice", query_string={"e": "d6", "h": ["2d6: 7 (3 4)|" + "é" * 16]})
    assert answer.status_code == 200
    assert "é" * 16 not in answer.get_data(as_text=True)
