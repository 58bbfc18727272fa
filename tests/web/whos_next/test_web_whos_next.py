"""Who's Next on phones: the umpire's pages, each player's private page, and every refusal."""

from __future__ import annotations

import logging
import re

import pytest
from web_helpers import NAMES, visible


def test_umpire_draws_a_ring_and_sees_all_of_it(site):
    page = site.text(f"/u/{site.umpire}/")
    assert "new ring" in page
    site.new_game()
    ring = site.ring()
    page = site.text(f"/u/{site.umpire}/")
    assert "5 of 5 alive" in page
    for hunter, victim in ring.victims.items():
        assert f"{hunter} → {victim}" in page


def test_each_player_sees_only_his_own_victim(site):
    site.new_game()
    ring = site.ring()
    links = site.links()
    assert len(set(links.values())) == len(NAMES)
    for name, path in links.items():
        page = site.text(path)
        victim = ring.victims[name]
        assert f"Your victim: {victim}" in page
        others = set(NAMES) - {name, victim}
        assert not [o for o in others if o in page], page  # nothing else of the ring


def test_tokens_are_long_and_random(site):
    site.new_game()
    tokens = [p.removeprefix("/p/") for p in site.links().values()]
    assert all(re.fullmatch(r"[a-km-np-z2-9]{32}", t) for t in tokens)
    assert len(set(tokens)) == len(tokens)


def test_kill_updates_the_killers_page_and_the_dead_see_only_that(site):
    site.new_game()
    ring = site.ring()
    killer = NAMES[0]
    victim = ring.victims[killer]
    inherited = ring.victims[victim]
    answer = site.post("kill", killer=site.seat(killer), victim=site.seat(victim))
    assert answer.status_code == 302
    links = site.links()
    assert f"Your victim: {inherited}" in site.text(links[killer])
    dead = site.text(links[victim])
    assert "DEAD" in dead and inherited not in dead and killer not in dead
    assert site.ring().alive_count() == 4


def test_kill_of_someone_not_his_victim_is_refused_and_changes_nothing(site):
    site.new_game()
    ring = site.ring()
    killer = NAMES[0]
    wrong = next(n for n in NAMES if n not in (killer, ring.victims[killer]))
    answer = site.post("kill", killer=site.seat(killer), victim=site.seat(wrong))
    assert answer.status_code == 302
    page = site.text(answer.headers["Location"])
    assert f"Refused: {wrong} is not {killer}'s victim" in page
    assert site.ring() == ring


def test_duel_rolled_by_the_server_kills_one_of_the_two(site):
    site.new_game()
    answer = site.post("duel", attacker=site.seat("Ann"), defender=site.seat("Bob"))
    assert answer.status_code == 302
    ring = site.ring()
    (death,) = ring.deaths
    assert {death.dead, death.by} == {"Ann", "Bob"} and death.how == "duel"
    page = site.text(answer.headers["Location"])
    assert f"{death.dead} is dead, killed by {death.by}" in page


def test_undo_brings_the_dead_back(site):
    site.new_game()
    before = site.ring()
    victim = before.victims["Ann"]
    site.post("kill", killer=site.seat("Ann"), victim=site.seat(victim))
    assert site.post("undo", number=len(site.ring().deaths)).status_code == 302
    assert site.ring().victims == before.victims
    assert f"Your victim: {victim}" in site.text(site.links()["Ann"])


def test_the_end_shows_the_winner_and_scores(site):
    site.new_game(NAMES[:3])
    while site.ring().winner() is None:
        ring = site.ring()
        killer = next(iter(ring.victims))
        site.post("kill", killer=site.seat(killer), victim=site.seat(ring.victims[killer]))
    winner = site.ring().winner()
    page = site.text(f"/u/{site.umpire}/")
    assert f"{winner} is the last one standing" in page and "Scores" in page
    assert "kit's own" in page  # the lost points table is marked as the kit's
    assert "WON" in site.text(site.links()[winner])


def test_a_game_made_with_the_cli_is_served_and_both_can_work_on_it(site, havoc):
    made = havoc("ring", "new", *NAMES, "--game", site.game)
    assert made.exit_code == 0, made.output
    links = site.links()
    ring = site.ring()
    victim = ring.victims["Ann"]
    assert f"Your victim: {victim}" in site.text(links["Ann"])
    killed = havoc("ring", "kill", "Ann", victim, "--game", site.game)
    assert killed.exit_code == 0, killed.output
    assert f"Your victim: {ring.victims[victim]}" in site.text(links["Ann"])
    assert "DEAD" in site.text(links[victim])


def test_links_of_a_replaced_game_open_nothing(site):
    site.new_game()
    old = site.links()
    answer = site.post("new", names="\n".join(["Zed", "Yan", "Xia"]), force="yes")
    assert answer.status_code == 302
    for path in old.values():
        assert site.client.get(path).status_code == 404


def test_a_game_in_progress_is_not_replaced_without_the_tick(site):
    site.new_game()
    ring = site.ring()
    answer = site.post("new", names="Zed\nYan\nXia")
    assert answer.status_code == 400
    assert "Refused: a game is in progress (5 of 5 alive)" in visible(answer.get_data(as_text=True))
    assert site.ring() == ring


# --------------------------------------------------------------------------- refusals


def _not_found_body(site) -> str:
    return site.client.get("/no-such-page").get_data(as_text=True)


def test_unknown_and_wrong_tokens_get_the_same_answer(site):
    site.new_game()
    same = _not_found_body(site)
    player = next(iter(site.links().values())).removeprefix("/p/")
    for url in (
        "/p/" + "A" * 32,  # unknown player token
        "/p/" + site.umpire,  # the umpire's token is not a player's
        f"/u/{player}/",  # a player's token opens no umpire page
        f"/u/{'B' * 32}/",
        f"/u/{site.umpire}/player/0",  # no QR page under the umpire's token
        "/p/" + "A" * 32 + "/qr",
        "/p/short",
        "/u/x/",
    ):
        answer = site.client.get(url)
        assert (answer.status_code, answer.get_data(as_text=True)) == (404, same), url


@pytest.mark.parametrize("action", ["kill", "duel", "undo", "new"])
def test_a_player_token_cannot_act(site, action):
    site.new_game()
    ring = site.ring()
    player = site.links()["Ann"].removeprefix("/p/")
    victim = ring.victims["Ann"]
    form = {
        "killer": site.seat("Ann"),
        "victim": site.seat(victim),
        "attacker": site.seat("Ann"),
        "defender": site.seat(victim),
        "names": "Ann\nBob\nCat",
        "force": "yes",
    }
    for csrf in ("", site.app.extensions["havoc_csrf"].token(player)):
        answer = site.post(action, token=player, csrf=csrf, **form)
        assert answer.status_code == 404
        assert answer.get_data(as_text=True) == _not_found_body(site)
    assert site.ring() == ring


@pytest.mark.parametrize("action", ["kill", "duel", "undo", "new"])
@pytest.mark.parametrize("csrf", [None, "x", "0" * 64])
def test_missing_or_wrong_csrf_is_refused(site, action, csrf):
    site.new_game()
    ring = site.ring()
    victim = ring.victims["Ann"]
    site.post("kill", killer=site.seat("Ann"), victim=site.seat(victim))
    ring = site.ring()
    answer = site.post(
        action,
        csrf=csrf,
        killer=site.seat(victim if action == "kill" else "Ann"),
        victim=site.seat(ring.victims["Ann"]),
        attacker=site.seat("Ann"),
        defender=site.seat(ring.victims["Ann"]),
        names="Zed\nYan\nXia",
        force="yes",
    )
    assert answer.status_code == 403
    assert site.ring() == ring


def test_state_changes_need_a_post(site):
    site.new_game()
    ring = site.ring()
    for action in ("kill", "duel", "undo"):
        assert site.client.get(f"/u/{site.umpire}/{action}").status_code == 404
    assert site.ring() == ring


def test_players_are_named_by_seat_never_by_name(site):
    site.new_game()
    ring = site.ring()
    victim = ring.victims["Ann"]
    answer = site.post("kill", killer="Ann", victim=victim)
    assert answer.status_code == 400
    assert site.post("kill", killer=99, victim=0).status_code == 400
    assert site.ring() == ring


def test_no_stack_trace_reaches_the_browser_and_no_token_the_log(site, monkeypatch, caplog):
    site.new_game()
    path = site.links()["Ann"]

    def broken(*_args):
        raise RuntimeError("boom " + path)

    monkeypatch.setattr("companion.whos_next.store.Store.player", broken)
    with caplog.at_level(logging.ERROR, logger="havoc.web"):
        answer = site.client.get(path)
    body = answer.get_data(as_text=True)
    assert answer.status_code == 500
    assert "Traceback" not in body and "boom" not in body and "RuntimeError" not in body
    assert "Server error" in visible(body)
    logged = caplog.text
    assert "RuntimeError" in logged  # the log says what broke...
    assert path.removeprefix("/p/") not in logged  # ...never whose token


def test_bad_game_file_is_one_line_not_a_trace(site):
    site.game.write_text("not a database" * 100)
    answer = site.client.get(f"/u/{site.umpire}/")
    body = visible(answer.get_data(as_text=True))
    assert answer.status_code == 400
    assert "not a Havoc Kit game database" in body and "Traceback" not in body


def test_private_pages_are_not_cached_and_leak_no_referrer(site):
    site.new_game()
    for url in (f"/u/{site.umpire}/", site.links()["Ann"]):
        answer = site.client.get(url)
        assert answer.headers["Cache-Control"] == "no-store"
        assert answer.headers["Referrer-Policy"] == "no-referrer"


def test_the_qr_page_shows_the_players_link_and_nothing_else(site):
    """Issue 17 item 4: the page shown to a player is keyed by his own token, carries no
    umpire token and no link to any other page of the game."""
    site.new_game()
    cat = site.links()["Cat"]
    umpire = site.client.get(f"/u/{site.umpire}/").get_data(as_text=True)
    assert f'href="{cat}/qr"' in umpire
    answer = site.client.get(f"{cat}/qr")
    html = answer.get_data(as_text=True)
    assert answer.status_code == 200 and "<svg" in html
    assert site.links()["Cat"] in html and site.umpire not in html
    assert re.findall(r'<a [^>]*href="([^"]*)"', html) == ["/"]  # the kit's home page only
    others = [name for name in NAMES if name != "Cat"]
    assert not any(name in visible(html) for name in others)
    assert "loopback" in visible(html) and "havoc serve --lan" in visible(html)
    site.app.config["PUBLIC_URL"] = "http://192.0.2.7:8600"
    assert "loopback" not in site.text(f"{cat}/qr")


def test_the_ring_is_collapsed_behind_a_tap(site):
    site.new_game()
    html = site.client.get(f"/u/{site.umpire}/").get_data(as_text=True)
    for chain in re.finditer(r'<ol class="chain">', html):
        opened = html.rfind("<details>", 0, chain.start())
        assert opened != -1 and html.rfind("</details>", 0, chain.start()) < opened


def test_one_tap_kill_buttons_follow_the_ring(site):
    site.new_game()
    ring = site.ring()
    html = site.client.get(f"/u/{site.umpire}/").get_data(as_text=True)
    buttons = re.findall(r'name="pair" value="(\d+):(\d+)"', html)
    pairs = {(ring.players[int(k)], ring.players[int(v)]) for k, v in buttons}
    assert pairs == set(ring.victims.items())
    killer, victim = buttons[0]
    assert site.post("kill", pair=f"{killer}:{victim}").status_code == 302
    assert ring.players[int(victim)] not in site.ring().victims


def test_the_slips_page_carries_every_players_link_for_printing(site):
    site.new_game()
    html = site.client.get(f"/u/{site.umpire}/slips").get_data(as_text=True)
    assert html.count("<svg") == len(NAMES)
    for path in site.links().values():
        assert f"http://localhost{path}" in html


def test_links_name_the_address_the_server_printed(site):
    site.app.config["PUBLIC_URL"] = "http://192.0.2.7:8600"
    site.new_game()
    path = site.links()[NAMES[0]]
    html = site.client.get(f"{path}/qr").get_data(as_text=True)
    assert f"http://192.0.2.7:8600{path}" in html


def test_duel_message_quotes_the_attack_table(site):
    from companion.data import Cards
    from companion.whos_next.duel_scoring import load_attack_table

    table = load_attack_table(Cards())
    site.new_game([f"P{i}" for i in range(table.contest_at + 2)])
    answer = site.post("duel", attacker=0, defender=1)
    page = site.text(answer.headers["Location"])
    (death,) = site.ring().deaths
    face = death.rolls[0][0]
    assert f'P0 attacks P1: rolled {face}: "{table.result(face)}"' in page


def test_a_tie_at_three_left_is_a_tie_and_one_die_is_both_roll(site):
    site.new_game(NAMES[:3])
    ann, bob = site.seat("Ann"), site.seat("Bob")
    answer = site.post("duel", attacker=ann, defender=bob, dice="4 4")
    page = site.text(answer.headers["Location"])
    assert "Ann attacks Bob: Ann 4, Bob 4: tie, throw again. Nobody died" in page
    assert "Refused" not in page
    answer = site.post("duel", attacker=ann, defender=bob, dice="5")
    page = site.text(answer.headers["Location"])
    assert "Refused: \u201cDice rolled at the table\u201d 5: 3 players left: both roll" in page
    assert site.ring().deaths == ()
    answer = site.post("duel", attacker=ann, defender=bob, dice="5 2")
    assert "Bob is dead, killed by Ann" in site.text(answer.headers["Location"])


def test_the_winners_page_labels_the_kits_scoring(site):
    from companion.data import Cards
    from companion.whos_next.duel_scoring import load_scoring

    site.new_game(NAMES[:3])
    while site.ring().winner() is None:
        ring = site.ring()
        killer = next(iter(ring.victims))
        site.post("kill", killer=site.seat(killer), victim=site.seat(ring.victims[killer]))
    label = load_scoring(Cards()).label
    for name, link in site.links().items():
        page = site.text(link)
        assert label in page, name


def test_a_players_link_with_a_trailing_slash_works(site):
    site.new_game()
    path = site.links()["Ann"]
    assert "Your victim:" in site.text(path + "/")
    assert "Ann" in site.text(path + "/qr/")


def test_the_players_page_agrees_with_the_store_all_game_long(site):
    """The player's page reads his victim in one query; it must say what `Store.victim` (the
    umpire's `ring show`) says, for every player, after every death and every undo."""
    from companion.errors import InputError
    from companion.whos_next.store import Store

    names = [f"P{i}" for i in range(7)]
    site.new_game(names)
    links = {name: path.removeprefix("/p/") for name, path in site.links().items()}

    def player(game, token):
        with Store(game) as store:
            return store.player(token)

    def agree() -> None:
        with Store(site.game) as store:
            for name in names:
                seen = player(site.game, links[name])
                try:
                    expected = store.victim(name)[1]
                except InputError:
                    expected = None
                assert seen.victim == expected, name
                assert seen.alive == (name in site.ring().victims)

    agree()
    step = 0
    while site.ring().winner() is None:
        ring = site.ring()
        killer = sorted(ring.victims)[step % len(ring.victims)]
        site.post("kill", killer=site.seat(killer), victim=site.seat(ring.victims[killer]))
        agree()
        if step == 1:
            site.post("undo", number=len(site.ring().deaths))
            agree()
        step += 1
    assert player(site.game, links[site.ring().winner()]).over


def test_names_are_escaped_never_markup(site):
    evil = '<img src=x onerror="alert(1)">'
    site.new_game(["Ann", "Bob", evil])
    for url in (f"/u/{site.umpire}/", *site.links().values()):
        html = site.client.get(url).get_data(as_text=True)
        assert "<img src=x" not in html
    assert "&lt;img src=x" in site.client.get(f"/u/{site.umpire}/").get_data(as_text=True)


def test_tokens_cannot_be_misread_or_broken_at_a_hyphen(tmp_path):
    """Issue 17 item 3: lower case and digits without 0 o 1 l, no - or _, 160 bits."""
    from companion.web.app import create_app
    from companion.whos_next.links import ALPHABET, LENGTH

    assert len(ALPHABET) == 32 and LENGTH * 5 >= 160
    assert not set("0o1l-_") & set(ALPHABET)
    umpire = create_app(game=tmp_path / "g.sqlite3", testing=True).config["UMPIRE_TOKEN"]
    assert re.fullmatch(f"[{ALPHABET}]{{{LENGTH}}}", umpire)


def test_the_printed_links_page_leaves_no_room_for_a_browser_footer(site):
    site.new_game()
    page = site.client.get(f"/u/{site.umpire}/slips").get_data(as_text=True)
    assert '<link rel="stylesheet" href="/static/print.css">' in page
    css = site.client.get("/static/print.css").get_data(as_text=True)
    assert re.search(r"@page\s*{\s*margin:\s*0;\s*}", css)


def test_a_damaged_game_file_shows_players_no_path_only_to_ask_the_umpire(site):
    site.new_game()
    link = site.links()["Ann"]
    site.game.write_text("not a database" * 100)
    for url in (link, link + "/qr"):
        answer = site.client.get(url)
        body = visible(answer.get_data(as_text=True))
        assert answer.status_code == 503
        assert "The game file cannot be read; ask the umpire." in body
        assert (
            str(site.game.parent) not in body and "sqlite3" not in body and "database" not in body
        )


def test_replace_sent_twice_asks_again_and_keeps_the_links_just_handed_out(site):
    site.new_game()
    form = site.client.get(f"/u/{site.umpire}/new").get_data(as_text=True)
    stamp = re.search(r'name="replacing" value="([^"]+)"', form).group(1)
    send = {"names": "\n".join(NAMES), "force": "yes", "replacing": stamp}
    assert site.post("new", **send).status_code == 302  # the first send replaces the game
    links = site.links()
    twice = site.post("new", **send)  # the same form sent again
    body = visible(twice.get_data(as_text=True))
    assert twice.status_code == 400
    assert "a new ring was drawn a moment ago and its links handed out" in body
    assert site.links() == links  # nothing replaced: the links handed out still open
    assert site.client.get(links["Ann"]).status_code == 200
    again = re.search(r'name="replacing" value="([^"]+)"', twice.get_data(as_text=True)).group(1)
    assert again != stamp  # the form asks about the ring that is there now...
    assert site.post("new", **{**send, "replacing": again}).status_code == 302  # ...and replaces it
    assert site.links() != links
