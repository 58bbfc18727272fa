"""A second look-up without scrolling: the answer card, then the form filled in with the last
look-up (its button before the modifiers), then the workings; every modifier set is named in
the answer and over the form; the kit's note is one line with the rest on demand; refusals
name the page's fields, never a CLI option."""

from __future__ import annotations

import re

import pytest
from web_helpers import visible

CRT = "/dark-blades/crt?table=infantry-vs-infantry&attack=8&defence=3&die=7"


def _order(html: str, *marks: str) -> list[int]:
    at = [html.find(m) for m in marks]
    assert -1 not in at, [m for m, i in zip(marks, at, strict=True) if i == -1]
    return at


def test_the_answer_then_the_form_then_the_workings(site):
    html = site.client.get(CRT + "&dt=tree&magic_sword=on").get_data(as_text=True)
    answer, form, button, mods, how = _order(
        html, 'class="answer"', "<form", 'class="primary">Look up', 'class="mods"', "<h2>How"
    )
    assert answer < form < button < mods < how
    assert 'value="8"' in html[form:button] and 'value="3"' in html[form:button]
    assert 'value="7"' in html[form:button]  # the die too: the last look-up, filled in


def test_every_modifier_set_is_named_in_the_answer_and_over_the_form(site):
    html = site.client.get(CRT + "&dt=tree&magic_sword=on&at=%2B").get_data(as_text=True)
    card = visible(html.split('class="answer"', 1)[1].split("</div>", 1)[0])
    assert "with: attacker +, defender in Tree (+), Magic Sword" in card
    assert "Modifiers: 3 set" in visible(html)
    sword = re.search(r'<label class="check([^"]*)"><input type="checkbox" name="magic_sword"'
                      r'[^>]*>', html)  # fmt: skip
    assert sword and sword.group(1) == " set" and "checked" in sword.group(0)
    ring = re.search(r'<label class="check([^"]*)"><input[^>]*name="magic_ring"[^>]*>', html)
    assert ring and ring.group(1) == "" and "checked" not in ring.group(0)
    troll = site.text(CRT + "&defender_state=wounded&defender_kind=troll&magic_sword=on")
    assert "with: defender wounded, defender is a troll, Magic Sword" in troll
    plain = site.client.get(CRT).get_data(as_text=True)
    assert "with: no modifiers" in visible(plain) and "Modifiers: none set" in visible(plain)


def test_the_missiles_answer_names_its_cover_and_ticks(site):
    page = site.text(
        "/dark-blades/missile?weapon=crossbow&range=12&defence=4&target=mounted"
        "&cover=slope&fast_rider=on&die=5"
    )
    assert "with: cover: Slope (medium), fast rider" in page
    assert "Modifiers: 2 set" in page


def test_the_kits_note_is_one_line_with_the_rest_on_demand(site):
    html = site.client.get(CRT).get_data(as_text=True)
    card = html.split('class="answer"', 1)[1].split("<form", 1)[0]
    note = re.search(
        r'<details class="kitnote"><summary>(.*?)</summary>(.*?)</details>', card, re.S
    )
    assert note, card
    assert visible(note.group(1)) == "KIT Kit's completion: rulebook cell lost"
    assert "not the rulebook's" in note.group(2)  # the details, a tap away
    outside = card.replace(note.group(0), "")
    assert "not the rulebook's" not in outside


@pytest.mark.parametrize(
    ("url", "field"),
    [
        ("/dark-blades/crt?table=infantry-vs-infantry&attack=x&defence=3", "“Attack”"),
        (
            "/dark-blades/crt?table=missile-vs-infantry&attack=8&defence=3&magic_sword=on",
            "“Magic Sword”",
        ),  # fmt: skip
        ("/dark-blades/crt?table=infantry-vs-infantry&attack=8&defence=3&cover=light", "“Cover”"),
        ("/dark-blades/crt?table=infantry-vs-infantry&attack=8&defence=3&die=11", "“Die”"),
        ("/dark-blades/missile?weapon=shortbow&range=41&defence=3", "“Range”"),
        ("/kniggits/exchange?attack=high&defend=low&tokens=x", "“Tokens”"),
    ],
)
def test_a_refusal_names_the_pages_field_not_a_cli_option(site, url, field):
    page = site.text(url)
    refused = page.split("Refused: ", 1)[1]
    assert refused.startswith(field) and "--" not in page


def test_a_combat_page_without_a_table_uses_the_first(site):
    page = site.text("/dark-blades/crt?attack=8&defence=3&die=1")
    assert "Refused" not in page and page.startswith("E ")


def test_the_exchange_answers_above_its_form_and_the_rest_after(site):
    html = site.client.get("/kniggits/exchange?attack=high&defend=low&tokens=2,1,1").get_data(
        as_text=True
    )
    answer, form, button, after = _order(
        html, 'class="answer"', "<form", 'class="primary">Strike', "The defender now"
    )
    assert answer < form < button < after
    card = visible(html[answer:form].split(">", 1)[1])
    assert card.startswith("HIT") and "Tokens M2 A1 D1 → M2 A0 D1" in card
