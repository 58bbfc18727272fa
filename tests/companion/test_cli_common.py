"""What every `havoc` command shares: one-line usage errors, --cards anywhere, --help width."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main as havoc_main
from companion.data import default_cards_dir
from tests.conftest import assert_narrow

COMMANDS = havoc_main.lazy_commands()  # the shared ones and every registered game's


def havoc_process(*args: str) -> subprocess.CompletedProcess:
    code = "import sys; from companion.cli import main; sys.argv[0] = 'havoc'; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize(
    "args",
    [["roll", "--bogus"], ["nosuchcommand"], ["crt", "infantry-vs-infantry", "--attack"]],
)
def test_usage_errors_are_one_line_and_exit_2(args):
    result = havoc_process(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("havoc: error: "), result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_has_narrow_help_and_takes_cards(havoc, name):
    result = havoc(name, "--help")
    assert result.exit_code == 0
    assert_narrow(result.output)
    assert "--cards" in result.output


RING = ["new", "show", "kill", "duel", "status", "undo", "scores"]


@pytest.mark.parametrize(
    "args", [[name] for name in sorted(COMMANDS) if name != "ring"] + [["ring", s] for s in RING]
)
def test_every_command_documents_its_json_keys(havoc, args):
    text = " ".join(havoc(*args, "--help").output.split())
    assert "--json: {" in text or "--json: [{" in text, text


def test_cards_on_the_subcommand_or_the_group(havoc, tmp_path: Path):
    mine = tmp_path / "mine"
    shutil.copytree(default_cards_dir() / "dark-blades" / "tables", mine / "dark-blades" / "tables")
    lake = mine / "dark-blades" / "tables" / "lake.toml"
    lake.write_text(lake.read_text().replace('title = "The Lake"', 'title = "My Own Lake"'))
    for args in (
        ["table", "lake", "--die", "1", "--cards", mine],
        ["--cards", mine, "table", "lake", "--die", "1"],
    ):
        result = havoc(*args)
        assert result.exit_code == 0, result.output
        assert "My Own Lake" in result.output
    assert "My Own Lake" not in havoc("table", "lake", "--die", "1").output


def test_a_cards_dir_that_is_not_there_is_one_line(havoc, tmp_path: Path):
    result = havoc("--cards", tmp_path / "nope", "table", "lake", "--die", "1")
    assert result.exit_code == 2
    assert "expected a directory of card data" in result.output


def test_no_companion_module_imports_the_drawing_libraries():
    # Every module of the package (found by walking it, so a new one is covered too).
    code = (
        "import importlib, pkgutil, sys, companion\n"
        "for m in pkgutil.walk_packages(companion.__path__, 'companion.'):\n"
        "    importlib.import_module(m.name)\n"
        "print(len(sys.modules), sorted(m for m in sys.modules "
        "if m.split('.')[0] in ('reportlab', 'svgwrite')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split(" ", 1)[1].strip() == "[]", out.stdout


def documented_keys(help_text: str) -> set[str]:
    """The top-level keys a command's --help lists after "--json: {" ([...], (...) skipped)."""
    text = " ".join(help_text.split())
    start = text.index("--json: {") + len("--json: {")
    keys, word, depth = set(), "", 1
    for ch in text[start:]:
        if ch in "{[(":
            depth += 1
        elif ch in "}])":
            depth -= 1
            if depth == 0:
                break
        elif depth == 1 and ch in ",:":
            keys.add(word.strip())
            word = ""
            continue
        if depth == 1 and ch not in "}])":
            word += ch
    keys.add(word.strip())
    return {k for k in keys if k and " " not in k}


ARMY = default_cards_dir() / "kniggits" / "army.csv"


@pytest.mark.parametrize(
    "args",
    [
        ["roll", "2d6", "--seed", "1"],
        ["crt", "infantry-vs-infantry", "--attack", "8", "--defence", "3", "--die", "1"],
        ["missile", "crossbow", "--range", "28", "--defence", "10", "--target", "infantry"],
        ["table", "lake", "--die", "1"],
        ["attack", "cultist", "hero", "--seed", "1"],
        ["crush", "--setup", "1", "--monster", "F5", "--to", "F4"],
        ["setup", "--seed", "1"],
        ["army", str(ARMY)],
        ["exchange", "--attack", "high", "--defend", "low"],
    ],
)
def test_the_json_keys_in_help_are_the_keys_printed(havoc, args):
    import json

    documented = documented_keys(havoc(args[0], "--help").output)
    printed = json.loads(havoc(*args, "--json").output)
    assert set(printed) == documented


def test_havoc_roll_imports_only_what_it_needs():
    # The cold-start path: no TOML, SQLite or table code for `havoc roll 2d6` (json comes with
    # the CLI plumbing's module-level imports: importing it later saved under 3 ms).
    code = (
        "import sys\n"
        "from companion.cli import main\n"
        "try:\n"
        "    main(['roll', '2d6'], standalone_mode=False)\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith(('companion', 'havoc_cli'))))\n"
        "print(sorted(m for m in ('json', 'tomllib', 'tomli', 'sqlite3', 'csv', 'fractions') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    *_, mine, heavy = out.stdout.strip().splitlines()
    assert ast.literal_eval(mine) == [
        "companion",
        "companion.cli",
        "companion.columns",  # the phone's width and a string's columns (the text layer's)
        "companion.commands",
        "companion.commands.dice",
        "companion.data",  # the CLI plumbing's `Kit.cards` (finding cards/, not reading it)
        "companion.dice",
        "companion.errors",
        "companion.names",
        "companion.numbers",  # the one number type's digits check (no imports of its own)
        "companion.text",
        "havoc_cli",
        "havoc_cli.kit",
        "havoc_cli.start",  # `started`: the script's collector pause ends when a command is chosen
    ]
    assert heavy == "['json']"


@pytest.mark.parametrize("args", [["--help"], ["ring", "--help"]])
def test_command_lists_are_not_cut_short(havoc, args):
    text = havoc(*args).output
    commands = text.split("Commands:", 1)[1].splitlines()
    listed = [line for line in commands if line.strip()]
    assert listed and not [line for line in listed if line.endswith("...")], listed
    assert_narrow(text)
