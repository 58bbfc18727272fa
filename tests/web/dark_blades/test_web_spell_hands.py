"""Private spell hands (issue 25 item 7): a deal gives each player a private link to his own
hand, as the ring does; a player's link opens his hand only, and no change to the address
(the player's number, the number of hands, the deal, the check) opens another's hand or the
dealer's page. The hands are `havoc deal`'s shuffle under a seed no page shows."""

from __future__ import annotations

import re

import pytest
from web_helpers import visible

from companion.dark_blades import spells as sp
from companion.data import Cards

DEAL = "/dark-blades/spells/deal"
HAND = re.compile(r'href="(/dark-blades/spells/hand/[^"]+)/qr"')


def _deal(site, players: int) -> tuple[str, list[str]]:
    answer = site.client.get(DEAL, query_string={"deal": "1", "players": str(players)})
    assert answer.status_code == 302
    dealer = answer.headers["Location"]
    page = site.client.get(dealer)
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    return dealer, HAND.findall(page.get_data(as_text=True))


def _changed(link: str) -> list[str]:
    """Every one-part change of a hand's link a curious player might try."""
    *head, deal, players, player, mac = link.split("/")
    base = "/".join(head)
    flip = "a" if mac[0] != "a" else "b"
    other = int(player) % int(players) + 1 if players != "1" else 2
    return [
        f"{base}/{deal}/{players}/{other}/{mac}",  # another's number
        f"{base}/{deal}/{int(players) + 1}/{player}/{mac}",
        f"{base}/{deal[:-1]}{'b' if deal[-1] != 'b' else 'c'}/{players}/{player}/{mac}",
        f"{base}/{deal}/{players}/{player}/{flip}{mac[1:]}",
        f"{base}/{deal}/{players}/{player}/{mac[:-1]}",
        f"{base.replace('/hand', '/deal')}/{deal}/{players}/{mac}",  # the dealer's page
        f"{base}/{deal}/{players}/0{player}/{mac}",
    ]


@pytest.mark.parametrize("players", [1, 2, 3])
def test_each_hand_opens_by_its_own_link_only(site, players):
    deck = sp.load(Cards())
    hands = site.app.extensions["havoc_hands"]
    checked = 0
    for _ in range(4):  # several deals
        dealer, links = _deal(site, players)
        assert len(links) == players
        deal = dealer.split("/")[-3]
        dealt = sp.deal(deck, hands.seed(deal), players)
        dealer_page = visible(site.client.get(dealer).get_data(as_text=True))
        assert not any(name in dealer_page for name in deck.names)  # the dealer sees no card
        for number, link in enumerate(links, 1):
            html = site.client.get(link).get_data(as_text=True)
            page = visible(html)
            assert page.startswith(f"Player {number}: 8 spell cards")
            shown = re.findall(r'<a href="/dark-blades/spells/([^"/]+)">', html)
            assert {n.replace("%20", " ") for n in shown} == set(dealt.hands[number - 1])
            assert "/hand/" not in html and "/deal/" not in html and "seed" not in page.lower()
            qr = site.client.get(link + "/qr").get_data(as_text=True)
            assert link in qr and all(other not in qr for other in links if other != link)
            for changed in _changed(link):
                assert site.client.get(changed).status_code == 404, changed
                checked += 1
            checked += 1
    assert checked == 4 * players * 8


def test_a_made_up_deal_or_a_dealer_link_with_another_count_opens_nothing(site):
    dealer, _links = _deal(site, 2)
    *head, deal, players, mac = dealer.split("/")
    for path in (
        f"{'/'.join(head)}/{deal}/3/{mac}",
        f"{'/'.join(head)}/{'q' * 32}/{players}/{mac}",
        f"{'/'.join(head)}/{deal}/{players}/{'0' * 32}",
        f"{'/'.join(head)}/x/{players}/{mac}",
    ):
        assert site.client.get(path).status_code == 404, path


def test_a_hand_link_never_reaches_the_log_whole(site):
    from companion.web.security import redact

    _dealer, links = _deal(site, 2)
    logged = redact(f"error on GET {links[0]}")
    assert logged == "error on GET /dark-blades/spells/hand/…"
