"""The umpire's pages over the Who's Next store as it now stands: a finished game is not
replaced without the tick, the ring may be the umpire's own order, and slip hand-overs are
worded (and marked UMPIRE ONLY) as the CLI's screen words them."""

from __future__ import annotations

from web_helpers import NAMES

from companion.whos_next.screen import MARK, slip, undone


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
    page = site.text(answer.headers["Location"])
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
    answer = site.post("undo")
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
