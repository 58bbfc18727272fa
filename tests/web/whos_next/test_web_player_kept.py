"""The player's page kept for its address (`companion.web.kept`, issue 33 item 4): asked again
(every phone checks for news every few seconds) it is made once while the game file is
unchanged; any write to the file (a kill from the umpire's page or from `havoc ring` in a
terminal), or the file put back from a copy that kept its old time, makes it again; a page of a
file changed in the last 2 s is made on every request.

The 2 s wait is taken out (`RACY_NS` 0) where a test needs a page kept at once; a write then
waits a clock tick (50 ms), as any write after the 2 s would be later than the page."""

from __future__ import annotations

import shutil
import time

import pytest
from web_helpers import NAMES

from companion import data
from companion.web import kept
from companion.web.whos_next import pages
from companion.whos_next.store import Store

TICK = 0.05  # longer than the file system's clock tick (1-10 ms)


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each player's page made (its token), as it is made."""
    calls: list[str] = []
    real = pages._player

    def counted(token: str) -> str:
        calls.append(token)
        return real(token)

    monkeypatch.setattr(pages, "_player", counted)
    return calls


@pytest.fixture
def at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A page kept even when its files changed a moment ago."""
    monkeypatch.setattr(kept, "RACY_NS", 0)
    monkeypatch.setattr(data, "RACY_NS", 0)


def test_the_page_asked_again_is_made_once(site, made, at_once) -> None:
    site.new_game()
    time.sleep(TICK)
    link = site.links()[NAMES[0]]
    first = site.client.get(link)
    for _ in range(3):
        again = site.client.get(link)
        assert again.status_code == 200 and again.data == first.data
    assert len(made) == 1
    assert again.headers["Cache-Control"] == "no-store"  # still private: no copy on the way


def test_a_kill_makes_the_page_again(site, made, at_once) -> None:
    site.new_game()
    ring = site.ring()
    killer, victim = NAMES[0], ring.victims[NAMES[0]]
    links = site.links()
    assert f"Your victim: {victim}" in site.text(links[killer])
    time.sleep(TICK)
    site.post("kill", killer=site.seat(killer), victim=site.seat(victim))
    assert f"Your victim: {ring.victims[victim]}" in site.text(links[killer])
    assert len(made) == 2


def test_a_kill_from_the_terminal_makes_the_page_again(site, made, at_once, havoc) -> None:
    """Another program writes the file (`havoc ring kill`): the server sees it too."""
    site.new_game()
    ring = site.ring()
    killer, victim = NAMES[0], ring.victims[NAMES[0]]
    link = site.links()[killer]
    assert f"Your victim: {victim}" in site.text(link)
    time.sleep(TICK)
    said = havoc("ring", "--game", str(site.game), "kill", killer, victim)
    assert said.exit_code == 0, said.output
    assert f"Your victim: {ring.victims[victim]}" in site.text(link)


def test_a_game_file_put_back_with_its_old_time_is_read_again(site, made, at_once, tmp_path):
    """A copy that keeps the file's time and size (``cp -p`` of a backup) is still another
    file: the page follows what the file holds."""
    site.new_game()
    ring = site.ring()
    killer, victim = NAMES[0], ring.victims[NAMES[0]]
    backup = tmp_path / "backup.sqlite3"
    shutil.copy2(site.game, backup)
    time.sleep(TICK)
    site.post("kill", killer=site.seat(killer), victim=site.seat(victim))
    link = site.links()[killer]
    assert f"Your victim: {ring.victims[victim]}" in site.text(link)
    time.sleep(TICK)
    shutil.copy2(backup, site.game)
    with Store(site.game) as store:
        assert store.load() == ring
    assert f"Your victim: {victim}" in site.text(link)


def test_a_page_of_a_file_just_written_is_made_every_time(site, made) -> None:
    site.new_game()  # just now: within the 2 s
    link = site.links()[NAMES[0]]
    for _ in range(3):
        assert site.client.get(link).status_code == 200
    assert len(made) == 3
