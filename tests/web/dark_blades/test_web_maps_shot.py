"""The map page's shot by name: the shooter's weapon and the target's defence from the roster,
the answer `havoc missile --map` gives (one function, `map_fire.fire_on_map`), the chain on the
page; refusals 400 in one line; the coordinates kept clear of the slopes' ticks."""

from __future__ import annotations

import json
import re

import pytest
from web_helpers import Site, visible

from companion.dark_blades import hexgrid as hg
from companion.dark_blades import pieces
from companion.dark_blades.maps import find_map
from companion.data import Cards

ARENA = "/dark-blades/maps/arena"


def _roster(name: str):
    return next(c for c in pieces.load(Cards()).roster if c.name == name)


@pytest.mark.parametrize(
    ("shooter", "target", "origin", "to", "die"),
    [
        ("Black Dwarf", "Mon-Oger Sword", "K1", "K3", "3"),  # crossbow, medium cover
        ("Elven Mercenary", "Goblin", "D10", "M9", "1"),  # a bow (the kit's: a shortbow)
        ("elv", "dworc", "K1", "K12", "7"),  # by unique starts, as `havoc fight` takes them
    ],
)
def test_a_shot_by_name_is_havoc_missile_maps_answer(
    site: Site, havoc, shooter, target, origin, to, die
) -> None:
    from companion.dark_blades.fight import find

    roster = pieces.load(Cards()).roster
    by, at = find(roster, shooter, "shooter"), find(roster, target, "target")
    cli = havoc(
        "missile", by.weapon, str(at.value("defence")), "i",
        "--map", "arena", "--from", origin, "--to", to, "--die", die, "--json",
    )  # fmt: skip
    assert cli.exit_code == 0, cli.output
    typed = json.loads(cli.output)
    url = f"{ARENA}?f={origin}&t={to}&s={shooter}&n={target}&die={die}"
    answer = site.client.get(url)
    assert answer.status_code == 200
    text = visible(answer.get_data(as_text=True))
    band = f"at {typed['range']} hexes ({typed['band']} range): strength {typed['strength']}"
    assert typed["weapon"] in text and band in text
    assert f"{by.name} v {at.name} {at.value('defence')}" in text
    assert f"odds {typed['strength']}÷{at.value('defence')} = {typed['raw_odds']}" in text
    assert f"column {typed['column']}, die {die} (given)" in text
    result = re.search(r'<p class="big">([^<]*?)\s*(<|$)', answer.get_data(as_text=True))
    assert result.group(1).strip() == typed["result"]
    if typed["map"]["cover"] != "none":
        assert f"{typed['map']['cover']} cover" in text


def test_a_target_by_defence_and_the_old_weapon_form_still_fire(site: Site, havoc) -> None:
    cli = json.loads(
        havoc("missile", "crossbow", "12", "m", "--map", "arena", "--from", "K1", "--to", "K3",
              "--die", "4", "--json").output
    )  # fmt: skip
    page = site.text(f"{ARENA}?f=K1&t=K3&s=Black+Dwarf&d=12&k=mounted&die=4")
    assert f"column {cli['column']}, die 4 (given)" in page and "v defence 12 (mounted)" in page
    same = site.text(f"{ARENA}?f=K1&t=K3&w=crossbow&d=12&k=mounted&die=4")
    assert f"column {cli['column']}, die 4 (given)" in same


@pytest.mark.parametrize(
    ("query", "said"),
    [
        (
            "s=Mon-Oger+Sword&d=10",
            "shooter Mon-Oger Sword: his weapon, sword (pieces.csv), is not a missile",
        ),
        ("s=Job&d=10", "shooter Job: has no weapon (pieces.csv)"),
        ("s=Black+Dwarf&n=Nobody", "target name"),
        ("s=Black+Dwarf&n=Goblin&d=10", "target: give a name or a defence, not both"),
        ("s=Black+Dwarf&w=shortbow&d=10", "his weapon is the roster&#39;s; leave out shortbow"),
        ("n=Goblin", "target by name: give the shooter&#39;s name too"),
        ("s=Black+Dwarf:stunned&d=10", "stunned: may not fire"),
    ],
)
def test_a_shot_the_page_cannot_fire_is_refused_in_one_line(site: Site, query, said) -> None:
    answer = site.client.get(f"{ARENA}?f=K1&t=K3&{query}")
    assert answer.status_code == 400
    page = answer.get_data(as_text=True)
    refusals = re.findall(r"Refused:</b> ([^<]*)", page)
    assert len(refusals) == 1 and said in refusals[0], refusals
    assert "Seen, range 2, cover medium" in page  # the sight still answers


def test_the_names_ride_along_on_every_hex_link(site: Site) -> None:
    page = site.client.get(f"{ARENA}?f=K1&s=Black+Dwarf&n=Goblin").get_data(as_text=True)
    links = re.findall(r'<a href="([^"]*)"[^>]*><use', page[page.index('id="whole"') :])
    assert len(links) == 280 and all("s=Black+Dwarf&n=Goblin" in x for x in links)
    bad = site.client.get(f"{ARENA}?f=K1&s=<b>").get_data(as_text=True)
    assert "s=" not in "".join(re.findall(r'<a href="([^"]*)"[^>]*><use', bad))


def _boxes(page: str) -> tuple[dict, list]:
    """The close-up's coordinates (name → the text's box, 4 px type: 0.6 em a character, the
    baseline 0.8 em under the top) and its ticks' segments, read from the page's SVG."""
    close = re.search(r'<svg class="hexmap close".*?</svg>', page, re.S).group(0)
    boxes = {}
    for x, y, name in re.findall(r'<text x="([\d.]+)" y="([\d.]+)">([A-Z]\d+)</text>', close):
        half = len(name) * 0.6 * 4 / 2
        boxes[name] = (float(x) - half, float(y) - 3.2, float(x) + half, float(y) + 0.9)
    ticks = re.search(r'<path class="kt" d="([^"]*)"', close).group(1)
    segments = [
        tuple(map(float, s)) for s in re.findall(r"M([\d.]+),([\d.]+)L([\d.]+),([\d.]+)", ticks)
    ]
    return boxes, segments


def test_no_coordinate_is_drawn_under_a_tick_on_the_phone_map(site: Site) -> None:
    m = find_map(Cards(), "arena")
    tops = {hg.name(h) for h, side in m.lips if side == "n"}
    assert {"J4", "K3", "L4"} <= tops
    page = site.client.get(f"{ARENA}?f=K3&t=K4").get_data(as_text=True)
    boxes, segments = _boxes(page)
    assert len(segments) >= 3 * 9 and {"J4", "K3", "L4"} <= set(boxes)
    for name, (x0, y0, x1, y1) in boxes.items():
        for ax, ay, bx, by in segments:
            for i in range(21):
                x, y = ax + (bx - ax) * i / 20, ay + (by - ay) * i / 20
                assert not (x0 <= x <= x1 and y0 <= y <= y1), (name, (ax, ay, bx, by))
    whole = page[page.index('id="whole"') :]
    for name in ("K3", "K4"):  # K3's coordinate is at its foot, K4's at its top
        x, y = hg.centre(hg.parse_hex(name), 12.0)
        label = float(re.search(rf'<text x="[\d.]+" y="([\d.]+)">{name}</text>', whole).group(1))
        assert (label > y + 12) == (name in tops), (name, label, y + 12)


def test_the_close_up_shows_the_picked_hexes_at_42_px_a_hex(site: Site) -> None:
    near = site.client.get(f"{ARENA}?f=K1&t=K3").get_data(as_text=True)
    views = re.findall(r'<svg class="hexmap close"[^>]*viewBox="([^"]*)" width="(\d+)"', near)
    assert len(views) == 1
    box, px = [float(v) for v in views[0][0].split()], int(views[0][1])
    assert px / box[2] * 24 >= 40 and px <= 328  # a hex is 24 units across
    far = site.client.get(f"{ARENA}?f=A1&t=T14").get_data(as_text=True)
    assert len(re.findall(r'<svg class="hexmap close"', far)) == 2  # shooter's, target's
    assert "The whole map" in visible(far)


def test_a_named_target_on_two_hexes_is_mounted_and_the_page_says_what_it_assumed(site) -> None:
    two = "/dark-blades/maps/arena?f=K1&t=K3&t2=K4&s=Elven+Mercenary"
    page = site.client.get(f"{two}&n=Grast").get_data(as_text=True)
    assert "Elven Mercenary v Grast (mounted) 14" in page  # two hexes tapped: he rides
    assert "assumed: each healthy unless typed so" in page
    foot = site.client.get(f"{two}&n=Goblin")
    assert foot.status_code == 400 and "Goblin: has no mounted piece" in foot.get_data(as_text=True)
    said = site.client.get(f"{two}&n=Grast:foot").get_data(as_text=True)
    assert "target Grast (on foot): on one hex" in said  # typed so: as typed
