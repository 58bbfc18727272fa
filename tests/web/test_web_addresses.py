"""Page addresses typed by hand: any case, a game's page without the game's name, names in an
address by their start; several matches list every one; private pages are never guessed at."""

from __future__ import annotations

import re

import pytest
from web_helpers import visible

from companion.dark_blades import spells as sp
from companion.data import Cards


@pytest.mark.parametrize(
    ("typed", "lands"),
    [
        ("/spells/fireburst", "/dark-blades/spells/fireburst"),
        ("/Spells/FireBurst", "/dark-blades/spells/fireburst"),
        ("/Dark-Blades/Spells/FireBurst", "/dark-blades/spells/fireburst"),
        ("/SPELLS", "/dark-blades/spells/"),
        ("/CRT?attack=8&defence=3", "/dark-blades/crt?attack=8&defence=3"),
        ("/army", "/kniggits/army"),
        ("/DICE", "/dice"),
        ("/Tables/Dark-Blades/Lake", "/tables/dark-blades/lake"),
        ("/tables/dark-blades/res", "/tables/dark-blades/spell-resist"),
    ],
)
def test_an_address_in_any_case_or_without_its_game_finds_the_page(site, typed, lands):
    answer = site.client.get(typed)
    assert answer.status_code == 302 and answer.headers["Location"] == lands
    assert site.client.get(typed, follow_redirects=True).status_code == 200


def test_a_spell_by_any_case_or_start_is_its_card(site):
    fireburst = site.text("/dark-blades/spells/Fireburst")
    assert fireburst.startswith("Fireburst ")
    for typed in ("fireburst", "FIREBURST", "fire"):
        assert site.text(f"/dark-blades/spells/{typed}") == fireburst
    assert site.text("/dark-blades/spells/tb").startswith("Temporary Blindness ")
    assert site.text("/dark-blades/scenarios/RAID").startswith("The Raid")


def test_a_short_name_that_fits_several_lists_every_one_as_a_link(site):
    names = sp.load(Cards()).names
    fits = [n for n in names if n.casefold().startswith("m")]
    assert len(fits) > 1
    html = site.client.get("/dark-blades/spells/m").get_data(as_text=True)
    assert f"\u201cm\u201d could be {len(fits)} spells" in visible(html)
    links = re.findall(r'<a href="(/dark-blades/spells/[^"]+)">([^<]+)</a>', html)
    assert [name for _, name in links] == fits
    for href, name in links:
        assert site.text(href).startswith(name + " ")
    crawl = site.client.get("/tables/dark-blades/crawl?roll=1").get_data(as_text=True)
    assert re.findall(r'href="([^"]+crawl[^"]*)"', crawl) == [
        "/tables/dark-blades/lake-crawl-out?roll=1",
        "/tables/dark-blades/river-crawl-out?roll=1",
    ]


@pytest.mark.parametrize(
    "path", ["/nosuch", "/dark-blades/spells/zzz", "/tables/nogame/lake", "/raid"]
)
def test_an_address_that_names_nothing_is_not_found(site, path):
    assert site.client.get(path).status_code == 404


def test_private_addresses_are_never_guessed_at(site):
    site.new_game()
    link = next(iter(site.links().values()))
    assert site.client.get(link).status_code == 200
    for path in (link.upper(), link.replace("/p/", "/P/"), f"/U/{site.umpire}/"):
        answer = site.client.get(path)
        assert answer.status_code == 404 and "Location" not in answer.headers
