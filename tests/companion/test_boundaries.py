"""The companion's import boundaries, checked in a fresh interpreter.

Rules modules (everything in companion/ but the `havoc` CLI, its commands and the web app) never
import click; no companion module, the CLI and the web included, imports reportlab, svgwrite,
svglib or the generator.
"""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys

import companion

CLI_AND_WEB = ("companion.cli", "companion.commands", "companion.web")


def _modules() -> list[str]:
    found = [m.name for m in pkgutil.walk_packages(companion.__path__, "companion.")]
    return sorted(["companion", *found])


def _first_importers(modules: list[str], banned: tuple[str, ...]) -> dict[str, str]:
    """For each banned package, the first module (in ``modules`` order) whose import loads it."""
    code = (
        "import importlib, json, sys\n"
        f"banned = {list(banned)!r}\n"
        "first = {}\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "    for b in banned:\n"
        "        if b in sys.modules and b not in first:\n"
        "            first[b] = name\n"
        "print(json.dumps(first))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_rules_modules_never_import_click() -> None:
    rules = [m for m in _modules() if not m.startswith(CLI_AND_WEB)]
    assert "companion.names" in rules and "companion.text" in rules and len(rules) > 30
    assert _first_importers(rules, ("click",)) == {}


def test_no_companion_module_imports_the_printing_libraries_or_the_generator() -> None:
    everything = _modules()
    assert "companion.commands.clikit" in everything and "companion.web.app" in everything
    assert _first_importers(everything, ("reportlab", "svgwrite", "svglib", "generator")) == {}


def test_the_check_sees_an_import() -> None:
    # The same probe names the module that loads a package, so the checks above can fail.
    assert _first_importers(["companion.text", "companion.commands.clikit"], ("click",)) == {
        "click": "companion.commands.clikit"
    }
