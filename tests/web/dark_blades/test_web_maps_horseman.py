"""The map page's mounted target: a second hex next to the target, by plain links; the pair's
answer in `havoc los`'s words; a pair the rules rule out refused in one line."""

from __future__ import annotations

import html as html_lib
import json
import re

from web_helpers import Site, visible

from companion.dark_blades import hexgrid as hg

ARENA = "/dark-blades/maps/arena"


def _taps(html: str) -> dict[str, str]:
    """Each hex's link on the whole map, by the hex's name (the labels follow the links in the
    same order), less the ``#answer`` each ends with."""
    html = html[html.index('id="whole"') :]
    links = [html_lib.unescape(h) for h in re.findall(r'<a href="([^"]*)"[^>]*><use', html)]
    assert all(u.endswith("#answer") for u in links)
    links = [u.removesuffix("#answer") for u in links]
    names = re.findall(r'<text x="[^"]*" y="[^"]*">([A-Z]\d+)</text>', html)
    assert len(links) == len(names) == 20 * 14
    return dict(zip(names, links, strict=True))


def test_a_hex_next_to_the_target_adds_the_horsemans_second_hex(site: Site) -> None:
    page = site.client.get(f"{ARENA}?f=K1&t=K3&w=crossbow&d=10").get_data(as_text=True)
    taps = _taps(page)
    k3 = hg.parse_hex("K3")
    for name, link in taps.items():
        h = hg.parse_hex(name)
        if name == "K1":  # the shooter again: he is dropped, the shot's fields kept
            assert link == "?w=crossbow&d=10", link
        elif hg.distance(h, k3) != 1:
            assert "t2=" not in link, name  # elsewhere: a new target on one hex
            if name != "K3":
                assert link.startswith(f"?f=K1&t={name}&"), (name, link)
        else:
            assert link.startswith(f"?f=K1&t=K3&t2={name}&"), (name, link)
        assert link.endswith("w=crossbow&d=10"), link  # the shot's fields ride along
    assert "Tap a hex next to K3" in visible(page)
    pair = site.client.get(f"{ARENA}?f=K1&t=K3&t2=K4").get_data(as_text=True)
    taps = _taps(pair)
    assert taps["K4"] == "?f=K1&t=K3" and taps["K2"] == "?f=K1&t=K3&t2=K2"  # K4 again: off
    resets = dict(re.findall(r'<a href="([^"]*)">(new shooter|new target|one-hex target)<', pair))
    assert {v: html_lib.unescape(k) for k, v in resets.items()} == {
        "new shooter": "?#answer",
        "new target": "?f=K1#answer",
        "one-hex target": "?f=K1&t=K3#answer",
    }
    whole = pair[pair.index('id="whole"') :]
    assert whole.count(">T</text>") == 2 and whole.count(">S</text>") == 1


def test_the_pairs_answer_is_in_havoc_los_words(site: Site, havoc) -> None:
    for origin, first, second in (("K1", "K3", "K4"), ("K1", "K3", "K2"), ("A8", "F6", "F7")):
        cli = havoc("los", "arena", origin, f"{first},{second}", "--json")
        assert cli.exit_code == 0, cli.output
        words = havoc("los", "arena", origin, f"{first},{second}").output.splitlines()
        rule = words.index("rules: a horseman's HEAVIER hex counts")
        each = words[rule - 2 : rule + 1]  # the two hexes' lines, then the rules' line
        assert [w.split(":")[0] for w in each[:2]] == [first, second]
        text = site.text(f"{ARENA}?f={origin}&t={first}&t2={second}")
        for line in each:
            assert line in text, (line, text)
        assert f"{origin}→{first},{second}" in text
        data = json.loads(cli.output)
        if data["can_fire"]:
            assert f"Seen, range {data['range']}, cover {data['cover']}" in text
        else:
            assert ("Seen, no shot" if data["visible"] else "Not seen") in text


def test_the_pairs_shot_is_at_a_mounted_target_with_the_heavier_cover(site: Site, havoc) -> None:
    typed = json.loads(
        havoc("missile", "bow", "2", "10", "m", "-c", "slope,open", "--die", "5", "--json").output
    )
    text = site.text(f"{ARENA}?f=K1&t=K3&t2=K4&w=shortbow&d=10&k=infantry&die=5")
    assert f"column {typed['column']}, die 5 (given)" in text
    assert typed["table"] == "missile-vs-mounted" and "Missile Results Against Mounted" in text
    assert "Target: mounted (K3,K4)" in text


def test_a_pair_the_rules_rule_out_is_one_line_and_the_first_hex_still_answers(
    site: Site,
) -> None:
    for second, why in (("H1", "a mounted target cannot be in a tree hex"), ("K5", "two")):
        answer = site.client.get(f"{ARENA}?f=A1&t=G1&t2={second}")
        text = visible(answer.get_data(as_text=True))
        assert answer.status_code == 400 and text.count("Refused:") == 1, text
        assert f"“Target” G1,{second}:" in text and why in text
        alone = site.client.get(f"{ARENA}?f=A1&t=G1").get_data(as_text=True)
        assert _result(answer.get_data(as_text=True)) == _result(alone) != ""


def _result(html: str) -> str:
    """The page's answer: its first result line and what follows it, up to the line."""
    found = re.search(r'<div class="answer"[^>]*>(.*?)<p><small>line:', html, re.S)
    return found.group(1) if found else ""


def test_the_heaviest_page_stays_under_60_kb(site: Site) -> None:
    """Every field the links carry on at its longest, a horseman, zoom 3, 34 start hexes."""
    for url in (
        f"{ARENA}?f=K10&t=K13&t2=K14&w=gargoyle%27s%20breath&d=10,10&k=infantry&p=34&z=3",
        f"{ARENA}?f=K10&t=K13&t2=K14&w={'x' * 40}&d={'1' * 40}&k={'y' * 40}&p=34&z=3",
        "/dark-blades/maps/mill?f=A1&t=T14&t2=S14&w=crossbow&d=12,10&k=mounted&p=64&z=3",
    ):
        assert len(site.client.get(url).data) < 60 * 1024, url
