"""What every `havoc` command shares: one-line usage errors, --cards anywhere, --help width."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import COMMANDS
from companion.data import default_cards_dir
from tests.conftest import assert_narrow


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
