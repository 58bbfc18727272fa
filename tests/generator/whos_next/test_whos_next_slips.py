"""Who's Next slips read back from the PDF: every slip names the right victim for the saved
ring, before and after kills; a killer's new slip is his victim's old one; the outside never
shows the victim; changed-since, blank slips, the umpire's sheet, the players' pieces."""

from __future__ import annotations

import os
import random
import re

import pdfplumber
import pytest
from pdf_read import pages as read_pages

from companion.whos_next.store import Store
from generator.cli import main
from generator.whos_next.slips import SLIP_H
from tests.conftest import run

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fred", "Gwen"]


@pytest.fixture(autouse=True)
def no_default_game(tmp_path, monkeypatch):
    """Never read the user's own game file."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("HAVOC_RING_GAME", raising=False)


@pytest.fixture
def game(tmp_path):
    path = tmp_path / "game.sqlite3"
    with Store(path, create=True) as store:
        store.new_game(NAMES, random.Random(11))
    return path


def _read_slips(pdf) -> list[dict]:
    """Each slip's three panels' text, found by its cut outline."""
    out = []
    for page in read_pages(pdf):
        for r in page.rects:
            if not (abs(r.height - SLIP_H) < 0.01 and r.stroke and not r.fill):
                continue
            w = r.width / 3
            boxes = [(r.x0 + i * w, r.top, r.x0 + (i + 1) * w, r.bottom) for i in range(3)]
            texts = [page.text_in(*box) for box in boxes]
            x0, top, x1, bottom = boxes[2]
            covers = [
                f
                for f in page.rects
                if f.fill and abs(f.width - w) < 0.01
                and x0 - 0.01 <= f.x0 and f.x1 <= x1 + 0.01
                and top - 0.01 <= f.top and f.bottom <= bottom + 0.01
            ]  # fmt: skip
            out.append({"outside": texts[0], "victim": texts[1], "cover": texts[2],
                        "covered": bool(covers)})  # fmt: skip
    return out


def _holder(slip: dict) -> str:
    return [line for line in slip["outside"].splitlines() if line in NAMES][0]


def _victim(slip: dict) -> str:
    return [line for line in slip["victim"].splitlines() if line in NAMES][0]


def _number(slip: dict) -> int:
    """The slip's number: inside, on the victim panel (never outside)."""
    return int(re.search(r"slip (\d+)", slip["victim"]).group(1))


def _slips(tmp_path, game, *extra) -> list[dict]:
    out = tmp_path / "out"
    result = run(main, ["slips", "--game", str(game), "--out", str(out), *extra])
    assert result.exit_code == 0, result.output
    return _read_slips(out / "whos-next-game-slips.pdf")


def _truth(game) -> dict[str, str]:
    """Each alive player's victim, asked of the companion one player at a time."""
    with Store(game) as store:
        ring = store.load()
        return {p: store.victim(p)[1] for p in ring.victims}


def test_every_slip_names_the_right_victim_before_and_after_kills(tmp_path, game):
    slips = _slips(tmp_path, game)  # each round's slips after the kill are the next one's before
    for _round in range(4):
        assert {_holder(s): _victim(s) for s in slips} == _truth(game)
        assert len(slips) == len(_truth(game))
        before = {_holder(s): s for s in slips}
        with Store(game) as store:
            killer = sorted(store.load().victims)[0]
            victim = store.victim(killer)[1]
            store.kill(killer, victim)
        slips = _slips(tmp_path, game)
        after = {_holder(s): s for s in slips}
        # exactly as on paper: the killer now holds the dead player's old slip
        assert _number(after[killer]) == _number(before[victim])
        assert _victim(after[killer]) == _victim(before[victim])
        assert victim not in after
    assert {_holder(s): _victim(s) for s in slips} == _truth(game)


def test_the_outside_never_shows_the_victim(tmp_path, game):
    with Store(game) as store:
        killer = store.load().players[0]
        store.kill(killer, store.victim(killer)[1])
    for slip in _slips(tmp_path, game):
        assert _victim(slip) not in slip["outside"]
        assert _holder(slip) not in slip["victim"].splitlines()
        # the cover: a solid ground, and nothing a letter could spell
        assert slip["covered"]
        assert not re.search(r"[A-Za-z]", slip["cover"])


def test_changed_since_prints_only_the_slips_that_changed(tmp_path, game):
    with Store(game) as store:
        first = store.load().players[0]
        store.kill(first, store.victim(first)[1])
        second = sorted(store.load().victims)[-1]
        store.kill(second, store.victim(second)[1])
    slips = _slips(tmp_path, game, "--changed-since", "1")
    assert [_holder(s) for s in slips] == [second]
    assert {_holder(s) for s in _slips(tmp_path, game, "--changed-since", "0")} == {first, second}


def test_no_saved_game_gives_blank_slips_and_no_umpire_sheet(tmp_path):
    result = run(main, ["slips", "--out", str(tmp_path), "--blank", "11"])
    assert result.exit_code == 0, result.output
    slips = _read_slips(tmp_path / "whos-next-game-slips.pdf")
    assert len(slips) == 11
    assert not any(name in s["outside"] + s["victim"] for s in slips for name in NAMES)
    assert not (tmp_path / "whos-next-umpire.pdf").exists()


def test_names_give_named_slips_and_pieces(tmp_path):
    result = run(main, ["slips", "--out", str(tmp_path), "--names", "Ann, Bob ,Cat"])
    assert result.exit_code == 0, result.output
    slips = _read_slips(tmp_path / "whos-next-game-slips.pdf")
    assert sorted(_holder(s) for s in slips) == ["Ann", "Bob", "Cat"]
    with pdfplumber.open(tmp_path / "whos-next-pieces.pdf") as doc:
        front, back = (
            "\n".join(ln for ln in p.extract_text().splitlines() if "pieces" not in ln)
            for p in doc.pages
        )
    for name in ("Ann", "Bob", "Cat"):
        assert name in front and name in back
    assert front.count("ALIVE") == 3 and back.count("DEAD") == 3
    assert front.count("Spearman") == 3


def test_umpire_sheet_holds_the_ring_in_order(tmp_path, game):
    out = tmp_path / "out"
    # -g, as every `havoc ring` command takes it
    assert run(main, ["slips", "-g", str(game), "--out", str(out)]).exit_code == 0
    with pdfplumber.open(out / "whos-next-umpire.pdf") as doc:
        text = doc.pages[0].extract_text()
        title = doc.metadata.get("Title", "")
    assert "UMPIRE ONLY" in text and "UMPIRE ONLY" in title
    pairs = dict(re.findall(r"\d+\.\s+(\w+)\s+\S+\s+hunts (\w+)", text))
    assert pairs == _truth(game)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--game", "missing.sqlite3"], "--game"),
        (["--names", "Ann,Bob"], "at least 3"),
        (["--changed-since", "1"], "--changed-since"),
        (["--names", "Ann,Bob,Cat", "--game", "x.sqlite3"], "not both"),
        (["--blank", "0"], "--blank"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, words):
    result = run(main, ["slips", "--out", str(tmp_path), *args])
    assert result.exit_code == 2, result.output
    assert words in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not list(tmp_path.glob("*.pdf"))


def test_changed_since_beyond_the_deaths_is_refused(tmp_path, game):
    result = run(main, ["slips", "--game", str(game), "--out", str(tmp_path),
                        "--changed-since", "3"])  # fmt: skip
    assert result.exit_code == 2
    assert "only 0 deaths" in result.output


def test_a_finished_game_prints_no_slips_but_the_umpire_sheet(tmp_path):
    game = tmp_path / "done.sqlite3"
    with Store(game, create=True) as store:
        store.new_game(["Ann", "Bob", "Cat"], random.Random(2))
        while store.load().winner() is None:
            killer = sorted(store.load().victims)[0]
            store.kill(killer, store.victim(killer)[1])
    out = tmp_path / "out"
    result = run(main, ["slips", "--game", str(game), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "the game is over" in result.output
    assert not (out / "whos-next-game-slips.pdf").exists()
    assert (out / "whos-next-umpire.pdf").exists()


def test_a_long_name_is_broken_not_shrunk_away(tmp_path):
    long = "Bartholomew-Maximilianus-Smith"  # 30 characters, one word
    result = run(main, ["slips", "--out", str(tmp_path), "--names", f"{long},Bob,Cat"])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "whos-next-pieces.pdf") as doc:
        chars = [c for c in doc.pages[0].chars if c["top"] < doc.pages[0].height - 40]
    assert min(c["size"] for c in chars) >= 4.0 - 1e-6


def test_when_the_hunted_kills_his_hunter_the_hunters_hunter_gets_the_slip(tmp_path, game):
    slips = {_holder(s): s for s in _slips(tmp_path, game)}
    with Store(game) as store:
        ring = store.load()
        attacker = ring.players[0]
        target = ring.victims[attacker]
        hunter = ring.hunters[attacker]
        # the attacker rolls a 6: "he kills you!" -- the attacker dies, not his victim
        store.duel(attacker, target, lambda face: "attacker-dies", lambda: 6, contest_at=0)
    after = {_holder(s): s for s in _slips(tmp_path, game)}
    assert attacker not in after
    assert _number(after[hunter]) == _number(slips[attacker])
    assert _victim(after[hunter]) == target
    assert {_holder(s): _victim(s) for s in after.values()} == _truth(game)


def test_a_finished_game_names_the_winner_on_points(tmp_path):
    game = tmp_path / "done.sqlite3"
    with Store(game, create=True) as store:
        store.new_game(list("ABCDEFGH"), order=True)
        for killer, victim in [*(("A", v) for v in "BCDEF"), ("H", "A"), ("G", "H")]:
            store.kill(killer, victim)
    result = run(main, ["slips", "--game", str(game), "--out", str(tmp_path / "out")])
    assert "the game is over: A won on points" in result.output  # not G, the last standing


def test_nothing_outside_a_reprinted_slip_links_it_to_another_player(tmp_path, game):
    """Issue 17 item 5: after a duel, a full reprint must not show the dead player's slip
    number (or anything else of his) outside his hunter's slip."""
    before = {_holder(s): s for s in _slips(tmp_path, game)}
    with Store(game) as store:
        ring = store.load()
        attacker = ring.players[0]
        store.duel(attacker, ring.victims[attacker], lambda f: "attacker-dies", lambda: 6,
                   contest_at=0)  # fmt: skip
    after = _slips(tmp_path, game)
    for slip in after:
        holder = _holder(slip)
        assert not re.search(r"\d", slip["outside"]), slip["outside"]
        assert slip["outside"].replace(holder, "") == before[holder]["outside"].replace(holder, "")
        assert attacker not in slip["outside"]


def test_the_ring_s_slips_and_umpire_sheet_are_the_owner_s_only_as_the_game_file(tmp_path, game):
    out = tmp_path / "out"
    out.mkdir()
    (out / "whos-next-umpire.pdf").write_bytes(b"old")  # a world-readable one is replaced
    (out / "whos-next-umpire.pdf").chmod(0o644)
    result = run(main, ["slips", "--game", str(game), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert game.stat().st_mode & 0o777 == 0o600
    for name in ("whos-next-game-slips.pdf", "whos-next-umpire.pdf"):
        assert (out / name).stat().st_mode & 0o777 == 0o600, name
    blank = tmp_path / "blank"
    old = os.umask(0o022)
    try:
        assert run(main, ["slips", "--out", str(blank)]).exit_code == 0
    finally:
        os.umask(old)
    assert (blank / "whos-next-game-slips.pdf").stat().st_mode & 0o777 == 0o644  # no secret
