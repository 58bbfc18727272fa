"""A Dark Blades campaign on the phone (issue 35): started from scenarios, a battle recorded
with a death, the heir offered as the players' choice, the next roster, undo, refusals in one
line (400, never 500)."""

from __future__ import annotations

from web_helpers import visible

from companion.web.dark_blades.campaign import CSRF_KEY


def post(site, action: str, **form):
    data = {"csrf": site.app.extensions["havoc_csrf"].token(CSRF_KEY), **form}
    return site.client.post(
        f"/dark-blades/campaign/{action}", data={k: str(v) for k, v in data.items()}
    )


def page(site) -> str:
    answer = site.client.get("/dark-blades/campaign/")
    assert answer.status_code == 200
    return visible(answer.get_data(as_text=True))


def seen(site) -> int:
    import re

    html = site.client.get("/dark-blades/campaign/").get_data(as_text=True)
    return int(re.search(r'name="seen" value="(\d+)"', html).group(1))


def test_a_campaign_with_a_death_and_an_heir(site):
    assert page(site).startswith("New Dark Blades campaign")
    answer = post(site, "new", scenarios="raid, mule, mill", title="The Isle")
    assert answer.status_code == 302
    text = page(site)
    assert text.startswith("Next: The Raid 1 of 3 in The Isle")
    html = site.client.get("/dark-blades/campaign/").get_data(as_text=True)
    names = [n for n in html.split('<label for="fate')[1:]]
    fox = next(i for i, n in enumerate(names) if ">The Black Fox" in n)
    index = names[fox].split('"')[0]
    answer = post(site, "record", seen=0, winner="Dark Blades", **{f"fate{index}": "dead"})
    assert answer.status_code == 302
    text = page(site)
    assert "The Black Fox is dead" in text and "the players' choice" in text
    assert "Next: Mon-Oger Mule Train" in text
    assert post(site, "record", seen=0).status_code == 400  # the page was out of date
    answer = post(site, "heir", seen=1, leader="The Black Fox", heir="Vixen")
    assert answer.status_code == 302
    text = page(site)
    assert "The Black Fox (heir: Vixen)" in text and "is dead" not in text
    answer = post(site, "undo", seen=2)
    assert answer.status_code == 302 and "The Black Fox is dead" in page(site)


def test_refusals_are_one_line_never_500(site):
    answer = post(site, "new", scenarios="atlantis")
    assert answer.status_code == 400
    assert "unknown scenario 'atlantis'" in visible(answer.get_data(as_text=True))
    post(site, "new", scenarios="raid")
    answer = post(site, "heir", seen=0, leader="Grast", heir="X")
    assert answer.status_code == 400
    assert "ways back are for" in visible(answer.get_data(as_text=True))
    answer = post(site, "record", seen=0, dead0="x")
    assert answer.status_code in (302, 400)
