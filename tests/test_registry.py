"""One registry of games: a fifth game is its own folders plus one registry line.

A throwaway game, Ludo, is written into tmp_path as the folders a real game has (cards/ludo/,
companion/ludo/, companion/commands/ludo.py, companion/web/ludo.py, generator/ludo/,
generator/commands/ludo.py); those folders are added to the packages' search paths and the
registry gets its one line. It then shows in `havoc --help` and runs, shows in `havoc-pnp
--help`, is built by `build` (with HOW-TO-PRINT) and `aids`, and has its page on the web index.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import companion
import companion.commands
import companion.registry
import companion.web
import generator
import generator.commands

# The files a fifth game needs: its data, its declarations, a command for each program, a web
# page, and what `build` makes of it. (Its real rules and drawing code would sit beside these.)
LUDO = {
    "cards/ludo/board.toml": 'squares = 52\nsafe = "the coloured squares"\n',
    "companion/ludo/__init__.py": '''
"""Ludo (a throwaway test game)."""

from companion.game import Game, Page

GAME = Game(
    title="Ludo",
    commands={"ludo": "companion.commands.ludo:ludo"},
    blueprints=("companion.web.ludo",),
    pages=(Page("ludo.board", "The board"),),
)
''',
    "companion/commands/ludo.py": '''
"""`havoc ludo`: the board, from cards/ludo/board.toml."""

import click

from havoc_cli.kit import Command, Kit, pass_kit
from companion.data import read_toml


@click.command(cls=Command)
@pass_kit
def ludo(kit: Kit) -> None:
    """Ludo: the board."""
    board = read_toml(kit.cards.path("ludo", "board.toml"))
    click.echo(f"{board['squares']} squares; safe: {board['safe']}")
''',
    "companion/web/ludo.py": '''
"""The Ludo page."""

from flask import Blueprint

from companion.data import read_toml
from companion.web.current import cards

bp = Blueprint("ludo", __name__, url_prefix="/ludo")


@bp.route("/")
def board() -> str:
    return f"{read_toml(cards().path('ludo', 'board.toml'))['squares']} squares"
''',
    "generator/ludo/__init__.py": '''
"""Ludo print-and-play (a throwaway test game)."""

from generator.product import Printing, Product, ReferenceSheet


PRINTING = Printing(
    commands={"ludo-board": "generator.commands.ludo:board"},
    products=(Product("the Ludo board", "generator.commands.ludo:build_board"),),
    sheets=(
        ReferenceSheet("ludo-aid.pdf", "generator.commands.ludo:aid", what="the Ludo rules card"),
    ),
)
''',
    "generator/commands/ludo.py": '''
"""`havoc-pnp ludo-board`, and what `build` makes of Ludo."""

from pathlib import Path

import click

from havoc_cli.kit import Command


def _pdf(path: Path, title: str) -> int:
    from reportlab.pdfgen.canvas import Canvas

    path.parent.mkdir(parents=True, exist_ok=True)
    page = Canvas(str(path), invariant=1)
    page.setTitle(title)
    page.drawString(72, 720, title)
    page.showPage()
    page.save()
    return 1


@click.command(cls=Command)
def board() -> None:
    """The Ludo board."""


def build_board(run):
    from generator.sheet.render_pdf import PdfStats

    path = run.path("ludo-board.pdf")
    pages = _pdf(path, "Ludo board")
    stats = PdfStats(path, pages, pages, 0, path.stat().st_size)
    return [run.made(stats, "The Ludo board; single-sided.", "Ludo board")]


def aid(path, cards, page, source_only):
    return _pdf(path, "Ludo aid"), "Ludo player aid"
''',
}


@pytest.fixture
def ludo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The throwaway game in place, its registry line added; returns its cards directory."""
    for name, text in LUDO.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text.lstrip(), encoding="utf-8")
    for package in (companion, companion.commands, companion.web, generator, generator.commands):
        where = tmp_path.joinpath(*package.__name__.split("."))
        monkeypatch.setattr(package, "__path__", [*package.__path__, str(where)])
    monkeypatch.setattr(companion.registry, "GAMES", (*companion.registry.GAMES, "ludo"))
    yield tmp_path / "cards"
    for module in [m for m in sys.modules if m.split(".")[-1] == "ludo"]:
        parent = sys.modules[module.rsplit(".", 1)[0]]
        del sys.modules[module]
        if hasattr(parent, "ludo"):
            delattr(parent, "ludo")


def test_its_command_is_listed_and_runs(ludo: Path, havoc) -> None:
    listing = havoc("--help").output.split("Commands:", 1)[1].split()
    assert "ludo" in listing and "crt" in listing and "roll" in listing
    result = havoc("--cards", ludo, "ludo")
    assert result.exit_code == 0, result.output
    assert result.output == "52 squares; safe: the coloured squares\n"


def test_its_print_command_is_listed(ludo: Path, havoc_pnp) -> None:
    listing = havoc_pnp("--help").output.split("Commands:", 1)[1].split()
    assert "ludo-board" in listing and "counters" in listing and "build" in listing


def test_build_makes_its_product_and_aid(
    ludo: Path, tmp_path: Path, havoc_pnp, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(companion.registry, "GAMES", ("ludo",))  # only Ludo: a quick build
    out = tmp_path / "out"
    result = havoc_pnp("--cards", ludo, "build", "--out", out)
    assert result.exit_code == 0, result.output
    made = [line.split(":")[0].rsplit("/", 1)[-1] for line in result.output.splitlines()]
    assert sorted(made) == sorted(
        ["print-checklist.pdf", "calibration.pdf", "ludo-board.pdf", "ludo-aid.pdf",
         "HOW-TO-PRINT.txt"]
    )  # fmt: skip
    note = (out / "HOW-TO-PRINT.txt").read_text(encoding="utf-8")
    assert "ludo-board.pdf\n    The Ludo board; single-sided." in note
    assert "ludo-aid.pdf\n    Ludo player aid." in note
    # no other game's words: no counters built, so no counter steps and no roster note
    assert "COUNTERS" not in note and "dark-blades" not in note and "Values on" not in note
    aids = havoc_pnp("aids", "--out", tmp_path / "aids")
    assert aids.exit_code == 0 and "Ludo player aid" in aids.output
    listed = havoc_pnp("aids", "--help").output.split("Writes:", 1)[1].split()
    assert listed == ["ludo-aid.pdf", "the", "Ludo", "rules", "card"]  # its games' sheets only
    assert sorted(p.name for p in (tmp_path / "aids").iterdir()) == ["ludo-aid.pdf"]


def test_its_page_is_on_the_web_index(ludo: Path, tmp_path: Path) -> None:
    from companion.web.app import create_app

    app = create_app(game=tmp_path / "g.sqlite3", cards=ludo, testing=True)
    client = app.test_client()
    index = client.get("/").get_data(as_text=True)
    assert '<h2>Ludo</h2>\n<a href="/ludo/">The board</a>' in index
    assert "Combat results" in index  # the four games are still there
    page = client.get("/ludo/")
    assert page.status_code == 200 and page.get_data(as_text=True) == "52 squares"


def test_a_command_two_games_claim_is_refused(ludo: Path, monkeypatch) -> None:
    import companion.ludo

    from companion.game import Game

    game = Game(title="Ludo", commands={"crt": "companion.commands.ludo:ludo"})
    monkeypatch.setattr(companion.ludo, "GAME", game)
    with pytest.raises(ValueError, match="`havoc crt` is declared twice"):
        companion.registry.havoc_commands()


def test_every_declaration_names_something_that_exists(tmp_path: Path) -> None:
    import click

    from companion.registry import games
    from companion.web.app import create_app
    from generator.registry import printings, resolve

    havoc_commands = [w for _, game in games() for w in game.commands.values()]
    pnp_commands = [w for _, printing in printings() for w in printing.commands.values()]
    assert len(havoc_commands) >= 12 and len(pnp_commands) >= 6
    for where in havoc_commands + pnp_commands:
        assert isinstance(resolve(where), click.Command), where
    makers = [p.make for _, printing in printings() for p in printing.products]
    writers = [a.write for _, printing in printings() for a in printing.sheets]
    assert len(makers) >= 5 and len(writers) >= 6
    assert all(callable(resolve(where)) for where in makers + writers)
    app = create_app(game=tmp_path / "g.sqlite3", testing=True)
    endpoints = {rule.endpoint for rule in app.url_map.iter_rules()}
    pages = [page.endpoint for _, game in games() for page in game.pages]
    assert pages and set(pages) <= endpoints
