"""The umpire's pages over the Who's Next store as it now stands: a finished game is not
replaced without the tick, the ring may be the umpire's own order, and slip hand-overs are
worded (and marked UMPIRE ONLY) as the CLI's screen words them."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from web_helpers import NAMES, visible

from companion.text.whos_next import MARK, slip, undone


def _finish(site) -> str:
    while site.ring().winner() is None:
        ring = site.ring()
        killer = next(iter(ring.victims))
        site.post("kill", killer=site.seat(killer), victim=site.seat(ring.victims[killer]))
    return site.ring().winner()


def test_a_finished_game_is_not_replaced_without_the_tick(site):
    site.new_game(NAMES[:3])
    _finish(site)
    finished = site.ring()
    form = site.text(f"/u/{site.umpire}/new")
    assert "Replace the finished game (its scores are lost)" in form
    answer = site.post("new", names="Zed\nYan\nXia")
    page = visible(answer.get_data(as_text=True))
    assert "Refused: the game here is over and keeps its scores" in page
    assert "tick “Replace” to replace it" in page and "--force" not in page
    assert site.ring() == finished
    answer = site.post("new", names="Zed\nYan\nXia", force="yes")
    assert answer.status_code == 302 and site.ring().players != finished.players


def test_the_new_game_form_names_what_a_tick_replaces(site):
    assert "Replace" not in site.text(f"/u/{site.umpire}/")  # no game yet: nothing to replace
    site.new_game()
    assert "Replace the game in progress" in site.text(f"/u/{site.umpire}/new")


def test_the_umpires_order_is_the_ring(site):
    answer = site.post("new", names="\n".join(NAMES), order="yes")
    assert "Ring as arranged: 5 players." in site.text(answer.headers["Location"])
    victims = site.ring().victims
    assert victims == {a: b for a, b in zip(NAMES, NAMES[1:] + NAMES[:1], strict=True)}


def test_without_the_order_tick_the_ring_is_drawn(site):
    answer = site.post("new", names="\n".join(NAMES))
    assert "Ring drawn: 5 players." in site.text(answer.headers["Location"])


def test_a_kill_hands_the_slip_on_in_the_screens_words_marked_umpire_only(site):
    site.new_game()
    victim = site.ring().victims["Ann"]
    answer = site.post("kill", killer=site.seat("Ann"), victim=site.seat(victim))
    page = site.text(answer.headers["Location"])
    (death,) = site.ring().deaths
    (line,) = slip(death)
    assert line.secret and f"{MARK}{line.text}" in page
    assert f"{victim} is dead, killed by Ann. 4 players left." in page


def test_a_duel_death_says_whose_ruling_hands_the_slip_on(site):
    site.new_game()
    ring = site.ring()
    attacker = "Ann"
    defender = next(n for n in NAMES if n not in (attacker, ring.victims[attacker]))
    answer = site.post("duel", attacker=site.seat(attacker), defender=site.seat(defender))
    page = site.text(answer.headers["Location"])
    (death,) = site.ring().deaths
    (line,) = slip(death)
    assert f"{MARK}{line.text}" in page
    if not death.own_victim:
        assert "kit's ruling" in page  # the rules say nothing of this hand-over


def test_undo_gives_the_slip_back_in_the_screens_words(site):
    site.new_game()
    victim = site.ring().victims["Ann"]
    site.post("kill", killer=site.seat("Ann"), victim=site.seat(victim))
    (death,) = site.ring().deaths
    answer = site.post("undo", number=len(site.ring().deaths))
    page = site.text(answer.headers["Location"])
    lines = undone(death, 5)
    assert any(line.secret for line in lines)
    for line in lines:
        assert (MARK + line.text if line.secret else line.text) in page


def test_phones_and_umpire_agree_the_winner_is_the_most_points(site):
    """Issue 17: A kills five, H kills A, G kills H: A wins (20 points), G is last standing."""
    answer = site.post("new", names="\n".join("ABCDEFGH"), order="yes")
    assert answer.status_code == 302
    for killer, victim in [*(("A", v) for v in "BCDEF"), ("H", "A"), ("G", "H")]:
        site.post("kill", killer=site.seat(killer), victim=site.seat(victim))
    page = site.text(f"/u/{site.umpire}/")
    assert "Game over. Winner: A (most points). G is the last one standing." in page
    links = site.links()
    assert "WON" in site.text(links["A"])
    g = site.text(links["G"])
    assert "WON" not in g and "A wins on points. You are the last one standing." in g


def test_secret_messages_stay_on_the_server_and_game_files_are_private(site):
    """Issue 17 item 6: no cookie carries the umpire's messages; the game file is 0600."""
    answer = site.post("new", names="\n".join(NAMES))
    assert "Set-Cookie" not in answer.headers
    assert site.game.stat().st_mode & 0o777 == 0o600
    ring = site.ring()
    killer = ring.players[0]
    answer = site.post("kill", killer=0, victim=site.seat(ring.victims[killer]))
    assert "Set-Cookie" not in answer.headers
    page = site.text(f"/u/{site.umpire}/")
    assert MARK in page and "takes" in page  # the slip hand-over, shown once...
    assert MARK not in site.text(f"/u/{site.umpire}/")  # ...and gone


def test_an_undo_names_its_death_and_a_repeat_is_refused(site):
    """Issue 17 item 11: two identical Undo requests undo one death, not two."""
    site.new_game()
    for _ in range(2):
        ring = site.ring()
        killer = next(iter(ring.victims))
        site.post("kill", killer=site.seat(killer), victim=site.seat(ring.victims[killer]))
    second = site.ring().deaths[-1]
    page = site.text(f"/u/{site.umpire}/")
    assert f"Undo death 2: {second.dead}, by {second.by}" in page
    assert site.post("undo", number=2).status_code == 302
    assert site.post("undo", number=2).status_code == 302
    assert len(site.ring().deaths) == 1  # the repeat undid nothing
    assert "Refused: death 2 is already undone" in site.text(f"/u/{site.umpire}/")
    assert site.post("undo").status_code == 400  # an undo that names no death


def test_a_read_only_game_file_is_shown_and_a_refused_write_is_one_line(site):
    """Issue 17 item 12: viewing never writes; a write that cannot be made says why."""
    import os

    site.new_game()
    before = site.game.read_bytes()
    site.game.chmod(0o400)
    try:
        if os.access(site.game, os.W_OK):
            import pytest

            pytest.skip("running as a user who may write any file")
        for url in (f"/u/{site.umpire}/", f"/u/{site.umpire}/slips", *site.links().values()):
            assert site.client.get(url).status_code == 200, url
        ring = site.ring()
        killer = next(iter(ring.victims))
        site.post("kill", killer=site.seat(killer), victim=site.seat(ring.victims[killer]))
        page = site.client.get(f"/u/{site.umpire}/").get_data(as_text=True)
        (refusal,) = [line for line in page.splitlines() if "Refused:" in line]
        assert "readonly" in refusal or "read-only" in refusal
        assert site.game.read_bytes() == before
    finally:
        site.game.chmod(0o600)


@pytest.mark.slow
def test_viewing_never_writes_and_a_locked_file_refuses_in_one_line(site, monkeypatch):
    """Issue 17 item 12 as root may run it: pages leave the file's bytes alone, and while
    another program holds the write lock a kill is refused in one line, the game unchanged."""
    from companion.whos_next.store import Store

    site.new_game()
    before = site.game.read_bytes()
    for url in (f"/u/{site.umpire}/", f"/u/{site.umpire}/slips", *site.links().values()):
        assert site.client.get(url).status_code == 200, url
    assert site.game.read_bytes() == before
    monkeypatch.setattr("companion.whos_next.store.BUSY_SECONDS", 0.2)
    with Store(site.game) as other:
        other.conn.execute("BEGIN IMMEDIATE")  # another program in the middle of a write
        ring = site.ring()
        killer = next(iter(ring.victims))
        site.post("kill", killer=site.seat(killer), victim=site.seat(ring.victims[killer]))
        page = site.client.get(f"/u/{site.umpire}/").get_data(as_text=True)
        other.conn.execute("ROLLBACK")
    (refusal,) = [line for line in page.splitlines() if "Refused:" in line]
    assert "busy or unwritable" in refusal
    assert site.game.read_bytes() == before


@pytest.mark.parametrize(
    ("names", "words"),
    [
        ("Ann\nBob\n\u0410nn", "looks just like 'Ann'"),
        ("Ann\nBob", "at least 3 players"),
        ("Ann\n" * 4_001, "at most 16,000"),  # refused whole, never cut
    ],
)
def test_a_refused_start_keeps_the_names_typed(site, names, words):
    """Issue 17 item 14: the box comes back with what was typed, and one line why."""
    answer = site.post("new", names=names, order="yes")
    html = answer.get_data(as_text=True)
    assert answer.status_code == 400 and "Refused:" in visible(html) and words in visible(html)
    kept = re.search(r"<textarea[^>]*>(.*?)</textarea>", html, re.S).group(1)
    assert html_lib.unescape(kept) == names
    assert 'name="order" value="yes" checked' in html
    assert not site.game.exists() or site.links() == {}


def test_big_rings_page_their_links(site):
    """Issue 17 item 14: with many players the umpire page links to a links page, and the
    printable QR codes come a page at a time (each page answers at once)."""
    names = [f"Player {i:03}" for i in range(130)]
    site.new_game(names)
    umpire = site.client.get(f"/u/{site.umpire}/").get_data(as_text=True)
    assert f"/u/{site.umpire}/links" in umpire and "/qr" not in umpire
    links = site.client.get(f"/u/{site.umpire}/links").get_data(as_text=True)
    assert sorted(re.findall(r'href="(/p/[a-z0-9]+)/qr"', links)) == sorted(site.links().values())
    first = site.client.get(f"/u/{site.umpire}/slips").get_data(as_text=True)
    assert first.count("<svg") == 24 and "Page 1 of 6" in visible(first)
    last = site.client.get(f"/u/{site.umpire}/slips?page=6").get_data(as_text=True)
    assert last.count("<svg") == 130 - 5 * 24
    assert site.client.get(f"/u/{site.umpire}/slips?page=7").status_code == 404
