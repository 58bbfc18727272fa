"""Map pages kept for their address (`companion.web.kept`, issue 33 item 4): a page asked again
is the same page, made once, while every file it was made from is unchanged; a changed, added or
removed file makes it again; a page that rolled its die, or whose files changed in the last 2 s,
is made on every request; a refusal kept is still answered 400."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from companion.data import Cards, file_stamps, reading, unchanged
from companion.web.app import create_app
from companion.web.dark_blades import maps, swim

KIT = Path(__file__).parents[3] / "cards" / "dark-blades"
SHOT = "w=crossbow&d=10&k=infantry"
LONG_AGO = time.time() - 60


def _age(root: Path, when: float = LONG_AGO) -> None:
    """Every file and folder under ``root`` last changed at ``when`` (settled: older than 2 s)."""
    for path in [root, *root.rglob("*")]:
        os.utime(path, (when, when))


def _counted(monkeypatch: pytest.MonkeyPatch, module: Any) -> list[str]:
    """Each page ``module._page`` makes (its map's name), as it makes it."""
    calls: list[str] = []
    real = module._page

    def counted(here, m):  # noqa: ANN001, ANN202 - the module's own signature
        calls.append(m.name)
        return real(here, m)

    monkeypatch.setattr(module, "_page", counted)
    maps.clear_caches()
    return calls


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each map page made, as it is made."""
    return _counted(monkeypatch, maps)


def _overlay(tmp_path: Path) -> tuple[Path, Path]:
    """A --cards folder holding a copy of the arena as ``ford.toml``, all of it settled."""
    folder = tmp_path / "cards" / "dark-blades" / "maps"
    folder.mkdir(parents=True)
    shutil.copy(KIT / "maps" / "arena.toml", folder / "ford.toml")
    _age(tmp_path / "cards")
    return tmp_path / "cards", folder / "ford.toml"


def _client(tmp_path: Path, cards: Path):  # noqa: ANN202 - Flask's test client
    app = create_app(game=tmp_path / "g.sqlite3", cards=cards, umpire_token="x" * 32)
    return app.test_client()


def test_a_page_asked_again_is_made_once_and_is_the_same_page(
    tmp_path: Path, made: list[str]
) -> None:
    cards, _ = _overlay(tmp_path)
    client = _client(tmp_path, cards)
    url = f"/dark-blades/maps/ford?f=K1&t=K3&{SHOT}&die=4"
    first, again = client.get(url), client.get(url)
    assert first.status_code == again.status_code == 200
    assert again.data == first.data and b"Seen" in first.data
    assert made == ["The Arena"]
    client.get(url.replace("die=4", "die=5"))  # another address: made
    assert len(made) == 2


def test_a_changed_map_file_makes_the_page_again(tmp_path: Path, made: list[str]) -> None:
    cards, ford = _overlay(tmp_path)
    client = _client(tmp_path, cards)
    url = "/dark-blades/maps/ford?f=A1&t=D1"
    before = client.get(url).data.decode()
    assert "Seen, range 3" in before
    row = " 1  . . . . . . t t . . . . . . . . . . . ."
    ford.write_text(ford.read_text().replace(row, " 1  . t . . . . t t . . . . . . . . . . . ."))
    _age(cards, LONG_AGO + 1)
    after = client.get(url).data.decode()
    assert "Not seen" in after and "tree B1" in after
    assert client.get(url).data.decode() == after
    assert len(made) == 2


def test_a_map_added_that_hides_the_kits_makes_the_page_again(
    tmp_path: Path, made: list[str]
) -> None:
    """The folders listed and the files looked for and not found are what a page depends on,
    too: a user's mill.toml put in --cards hides the kit's, and the kept page gives way."""
    cards, _ = _overlay(tmp_path)
    client = _client(tmp_path, cards)
    url = "/dark-blades/maps/mill"
    kit_page = client.get(url).data
    assert b"<h1>The Water Mill</h1>" in kit_page and client.get(url).data == kit_page
    assert len(made) == 1
    own = (KIT / "maps" / "mill.toml").read_text(encoding="utf-8")
    assert 'name = "The Water Mill"' in own
    mill = cards / "dark-blades" / "maps" / "mill.toml"
    mill.write_text(own.replace('name = "The Water Mill"', 'name = "Our Mill"', 1), "utf-8")
    _age(cards, LONG_AGO + 1)
    page = client.get(url).data
    assert page != kit_page and b"<h1>Our Mill</h1>" in page
    mill.unlink()
    _age(cards, LONG_AGO + 2)
    assert client.get(url).data == kit_page
    assert len(made) == 3


def test_a_rolled_shot_is_made_on_every_request(tmp_path: Path, made: list[str]) -> None:
    cards, _ = _overlay(tmp_path)
    client = _client(tmp_path, cards)
    url = f"/dark-blades/maps/ford?f=K1&t=K3&{SHOT}"  # no die: the server rolls it
    for _ in range(3):
        assert client.get(url).status_code == 200
    assert len(made) == 3


def test_a_page_of_files_just_changed_is_not_kept(tmp_path: Path, made: list[str]) -> None:
    cards, ford = _overlay(tmp_path)
    os.utime(ford)  # now: a second change in the same clock tick could keep this time
    client = _client(tmp_path, cards)
    for _ in range(2):
        client.get("/dark-blades/maps/ford?f=A1&t=D1")
    assert len(made) == 2


def test_a_refusal_kept_is_still_answered_400(tmp_path: Path, made: list[str]) -> None:
    cards, _ = _overlay(tmp_path)
    client = _client(tmp_path, cards)
    url = "/dark-blades/maps/ford?f=K1&t=K3&z=9"
    first, again = client.get(url), client.get(url)
    assert first.status_code == again.status_code == 400
    assert again.data == first.data and len(made) == 1


def test_what_is_looked_for_and_missing_is_noted(tmp_path: Path) -> None:
    """`reading` notes a file looked for in --cards and not there: when it appears, the
    answer made without it is no longer the answer."""
    (tmp_path / "dark-blades").mkdir()
    with reading() as reads:
        found = Cards(tmp_path).path("dark-blades", "terrain.toml")
    assert found.parent.parent.parent != tmp_path  # the kit's copy
    stamps = tuple(reads.stamps.values())
    mine = str(tmp_path / "dark-blades" / "terrain.toml")
    assert (mine, None, None) in stamps and unchanged(stamps)
    shutil.copy(KIT / "terrain.toml", mine)
    assert not unchanged(stamps)
    assert file_stamps(mine)[0][1] is not None


def test_another_havoc_cards_is_another_page(
    tmp_path: Path, made: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """$HAVOC_CARDS (the cards a server without --cards reads) is part of a page's address."""
    app = create_app(game=tmp_path / "g.sqlite3", umpire_token="x" * 32)
    client = app.test_client()
    kit_page = client.get("/dark-blades/maps/mill").data
    own = shutil.copytree(KIT.parent, tmp_path / "own")
    mill = own / "dark-blades" / "maps" / "mill.toml"
    mill.write_text(mill.read_text().replace('name = "The Water Mill"', 'name = "Our Mill"', 1))
    _age(own)
    monkeypatch.setenv("HAVOC_CARDS", str(own))
    assert b"<h1>Our Mill</h1>" in client.get("/dark-blades/maps/mill").data
    monkeypatch.delenv("HAVOC_CARDS")
    assert client.get("/dark-blades/maps/mill").data == kit_page


def test_files_found_under_folders_not_known_in_advance_are_not_kept(tmp_path: Path) -> None:
    """A glob over any folder (``*/tables/*.toml``) cannot be looked at again cheaply: an
    answer made from one is not kept."""
    with reading() as reads:
        Cards(tmp_path).glob("*/tables/*.toml")
    assert not reads.settled()
    with reading() as reads:
        Cards(tmp_path).glob("dark-blades/maps/*.toml")
    assert reads.repeatable


def test_a_swim_with_its_dice_is_kept_and_a_rolled_swim_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _counted(monkeypatch, swim)
    client = _client(tmp_path, _overlay(tmp_path)[0])
    given = client.get("/dark-blades/swim/mill?h=G8&d=5+3")
    assert client.get("/dark-blades/swim/mill?h=G8&d=5+3").data == given.data
    assert given.status_code == 200 and len(calls) == 1
    for _ in range(2):
        assert client.get("/dark-blades/swim/mill?h=G8").status_code == 200  # rolled
    assert len(calls) == 3


def test_a_file_changed_while_an_answer_is_made_is_not_kept(tmp_path: Path) -> None:
    """Read twice, changed in between: the answer may hold both versions, and is not kept."""
    ford = tmp_path / "ford.toml"
    ford.write_text("a")
    _age(tmp_path)
    with reading() as reads:
        file_stamps(ford)
        ford.write_text("bb")
        os.utime(ford, (LONG_AGO + 1, LONG_AGO + 1))
        file_stamps(ford)
    assert not reads.settled()
    with reading() as reads:
        file_stamps(ford)
        file_stamps(ford)
    assert reads.settled()
