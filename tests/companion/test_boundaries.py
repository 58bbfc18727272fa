"""The import boundaries, checked in a fresh interpreter, and the rules' words.

Rules modules (everything in companion/ but the `havoc` CLI, its commands and the web app) never
import click; no companion module, the CLI and the web included, imports reportlab, svgwrite,
svglib or the generator. The generator's engine (everything in generator/ but the `havoc-pnp` CLI and its
commands) never imports click either: click lives in the two `commands/` packages, the two
`cli.py` and the plumbing they share, `havoc_cli`. A rules module's refusal names a field,
never an option (`--die`).

The rules speak values only (issue 29): no module but the front ends (the `havoc` CLI, its
commands, the web app and the text layer itself) imports the text layer `companion.text`, and
no module classifies an error by its message text (``e.message.startswith(...)``, ``"Sword" in
e.message``, ``str(e) == ...``): an error carries its field. ``python
tests/companion/test_boundaries.py`` prints what the two checks find.
"""

from __future__ import annotations

import ast
import json
import pkgutil
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import companion
import generator

CLI_AND_WEB = ("companion.cli", "companion.commands", "companion.web")


def _parse(path: Path) -> ast.Module:
    """A file's syntax tree, parsed once per version of the file (the checks share them)."""
    stat = path.stat()
    return _parsed(str(path), stat.st_mtime_ns, stat.st_size)


@cache
def _parsed(path: str, mtime: int, size: int) -> ast.Module:
    return ast.parse(Path(path).read_text(encoding="utf-8"))


_WALKED: dict[int, tuple[ast.AST, tuple[ast.AST, ...]]] = {}


def _walk(tree: ast.AST) -> tuple[ast.AST, ...]:
    """Every node of ``tree`` in `ast.walk`'s order, walked once per tree (the checks walk the
    same cached trees several times; each tree is kept here beside its nodes, so its id is
    not reused)."""
    kept = _WALKED.get(id(tree))
    if kept is None or kept[0] is not tree:
        kept = _WALKED[id(tree)] = (tree, tuple(ast.walk(tree)))
    return kept[1]


GENERATOR_CLI = ("generator.cli", "generator.commands")


def _modules(package: object = companion) -> list[str]:
    name = package.__name__  # type: ignore[attr-defined]
    found = [m.name for m in pkgutil.walk_packages(package.__path__, name + ".")]  # type: ignore[attr-defined]
    return sorted([name, *found])


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


def test_the_generators_engine_never_imports_click() -> None:
    engine = [m for m in _modules(generator) if not m.startswith(GENERATOR_CLI)]
    assert "generator.sheet.options" in engine and "generator.sheet.cards" in engine
    assert _first_importers(engine, ("click",)) == {}


def test_no_companion_module_imports_the_printing_libraries_or_the_generator() -> None:
    everything = _modules()
    assert (
        "companion.commands.dark_blades.fight" in everything and "companion.web.app" in everything
    )
    assert _first_importers(everything, ("reportlab", "svgwrite", "svglib", "generator")) == {}


def test_the_check_sees_an_import() -> None:
    # The same probe names the module that loads a package, so the checks above can fail.
    assert _first_importers(["companion.text", "havoc_cli.kit"], ("click",)) == {
        "click": "havoc_cli.kit"
    }


# Rules modules whose refusals still carry an option word, pending another branch (the lead
# empties this at merge: `companion/dark_blades/pieces.py` is helper art's to edit).
PENDING: set[str] = set()  # files whose refusals still name an option (none left)
_OPTION = re.compile(r"(?<![\w-])--([a-z]|$)")  # ``--die``, or ``f"--{name}"``


def option_words_in_raises(root: Path) -> list[str]:
    """Each ``raise`` in a rules module (companion/ but its CLI and web app) whose message
    carries an option word, as ``path:line``: the rules name a field, a front end its option."""
    found = []
    for path in sorted((root / "companion").rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel.startswith(("companion/commands/", "companion/web/")) or rel == "companion/cli.py":
            continue
        for node in _walk(_parse(path)):
            if isinstance(node, ast.Raise) and any(
                isinstance(s, ast.Constant) and isinstance(s.value, str) and _OPTION.search(s.value)
                for s in ast.walk(node)
            ):
                found.append(f"{rel}:{node.lineno}")
    return found


def test_rules_refusals_carry_no_option_words() -> None:
    root = Path(companion.__file__).parent.parent
    found = option_words_in_raises(root)
    assert [f for f in found if f.split(":")[0] not in PENDING] == []


def test_the_option_word_check_sees_one(tmp_path: Path) -> None:
    rules = tmp_path / "companion" / "kniggits"
    rules.mkdir(parents=True)
    (rules / "rules.py").write_text('def f(x):\n    raise ValueError(f"--{x}: no")\n')
    (tmp_path / "companion" / "web").mkdir()
    (tmp_path / "companion" / "web" / "page.py").write_text('raise ValueError("--die: no")\n')
    assert option_words_in_raises(tmp_path) == ["companion/kniggits/rules.py:2"]


_ANY_OPTION = re.compile(r"(?<![\w-])(--[a-z][a-z-]*|-[a-zA-Z])(?![\w-])")  # --cards, -e


def option_words_in_rules(root: Path) -> list[str]:
    """Each string in a rules module (companion/ but its CLI, web app and text layer; its
    docstrings and other bare strings, an attribute's, apart) that carries an option word (``--cards``, ``-e``), as ``path:line``: the
    rules speak values, a front end adds its own words."""
    found = []
    for path in sorted((root / "companion").rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel.startswith(FRONT_ENDS):
            continue
        tree = _parse(path)
        docs = {id(n.value) for n in _walk(tree) if isinstance(n, ast.Expr)}
        for node in _walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docs
                and _ANY_OPTION.search(node.value)
            ):
                found.append(f"{rel}:{node.lineno}")
    return found


def test_no_option_word_in_the_rules_strings() -> None:
    root = Path(companion.__file__).parent.parent
    assert option_words_in_rules(root) == []


def test_the_rules_strings_check_sees_an_option_word(tmp_path: Path) -> None:
    rules = tmp_path / "companion" / "dark_blades"
    rules.mkdir(parents=True)
    (rules / "combat.py").write_text(
        '"""A docstring may name --explain."""\nmore = ", -e"\nLABEL = "kit\'s reading"\n'
    )
    assert option_words_in_rules(tmp_path) == ["companion/dark_blades/combat.py:2"]


# The front ends: the only modules that may import the text layer (the words of a terminal).
FRONT_ENDS = (
    "companion/commands/",
    "companion/web/",
    "companion/text/",
    "companion/cli.py",
    "havoc_cli/",
)
# The generator's products are the printing front end (architecture.md): a sheet may use the
# text layer's words; its engine (generator/sheet/) may not.
PRINTING, ENGINE = "generator/", "generator/sheet/"
SCANNED = ("companion", "generator", "havoc_cli")
TEXT_LAYER = "companion.text"


def _python_files(root: Path) -> list[tuple[str, ast.Module]]:
    out = []
    for top in SCANNED:
        for path in sorted((root / top).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            out.append((rel, _parse(path)))
    return out


def _imported(node: ast.AST, rel: str) -> list[str]:
    """The modules an import statement names (``from . import text`` resolved from ``rel``)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    base = node.module or ""
    if node.level:
        package = rel.removesuffix(".py").split("/")[:-1]
        if rel.endswith("__init__.py"):
            package = rel.split("/")[:-1]
        up = package[: len(package) - (node.level - 1)]
        base = ".".join([*up, *([base] if base else [])])
    return [base, *(f"{base}.{a.name}" for a in node.names)]


def text_layer_imports(root: Path) -> list[str]:
    """Each import of `companion.text` (or a module under it) outside the front ends (the
    `havoc` CLI, the web app, the text layer, the generator's products), as ``path:line``;
    imports inside functions and under TYPE_CHECKING count too."""
    found = []
    for rel, tree in _python_files(root):
        if rel.startswith(FRONT_ENDS) or (rel.startswith(PRINTING) and not rel.startswith(ENGINE)):
            continue
        for node in _walk(tree):
            names = _imported(node, rel)
            if any(n == TEXT_LAYER or n.startswith(TEXT_LAYER + ".") for n in names):
                found.append(f"{rel}:{node.lineno}")  # type: ignore[attr-defined]
    return found


_TEXT_METHODS = {
    "startswith",
    "endswith",
    "find",
    "rfind",
    "index",
    "count",
    "split",
    "partition",
    "removeprefix",
    "removesuffix",
}
_RE_CALLS = {"search", "match", "fullmatch", "findall", "finditer", "sub"}
_MATCHING = (ast.In, ast.NotIn, ast.Eq, ast.NotEq)


def _message_text(
    node: ast.AST, caught: set[str], aliases: frozenset[str] | set[str] = frozenset()
) -> bool:
    """Whether ``node`` is an error's words: ``x.message``, ``e.reason``/``e.args`` of a
    caught error ``e``, ``str(e)``, ``e.args[0]``, or a name given one of those
    (``text = str(e)``: ``aliases``)."""
    if isinstance(node, ast.Name):
        return node.id in aliases
    if isinstance(node, ast.Subscript):
        return _message_text(node.value, caught)
    if isinstance(node, ast.Attribute):
        if node.attr == "message":
            return True
        return (
            node.attr in ("reason", "args")
            and isinstance(node.value, ast.Name)
            and (node.value.id in caught)
        )
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id in ("str", "repr") and any(
            isinstance(a, ast.Name) and a.id in caught for a in node.args
        )
    return False


def message_matches(root: Path) -> list[str]:
    """Each place that reads an error's message text to decide something (``e.message.
    startswith(...)``, ``"Sword" in e.message``, ``str(e) == ...``, ``re.search(..., str(e))``,
    ``e.message.removeprefix(...)``), as ``path:line``, anywhere in companion/, generator/ and
    havoc_cli/: an error's kind and field are its attributes, never its words."""
    found = []
    for rel, tree in _python_files(root):
        caught = {h.name for h in _walk(tree) if isinstance(h, ast.ExceptHandler) and h.name}
        aliases = {
            t.id
            for a in _walk(tree)
            if isinstance(a, ast.Assign) and _message_text(a.value, caught)
            for t in a.targets
            if isinstance(t, ast.Name)
        }
        for node in _walk(tree):
            hit = False
            if isinstance(node, ast.Compare) and any(isinstance(o, _MATCHING) for o in node.ops):
                hit = any(_message_text(x, caught, aliases) for x in (node.left, *node.comparators))
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                attr = node.func.attr
                if attr in _TEXT_METHODS:
                    hit = _message_text(node.func.value, caught, aliases)
                elif attr in _RE_CALLS or attr == "fullmatch":
                    hit = any(_message_text(a, caught, aliases) for a in node.args)
            if hit:
                found.append(f"{rel}:{node.lineno}")  # type: ignore[attr-defined]
    return sorted(set(found))


# Files owned by other branches that still read a message's text (the lead empties this at
# merge): generator/ is another helper's.
PENDING_MATCHES: set[str] = set()  # none left


def test_no_rules_module_imports_the_text_layer() -> None:
    root = Path(companion.__file__).parent.parent
    assert text_layer_imports(root) == []


def test_no_error_is_classified_by_its_message_text() -> None:
    root = Path(companion.__file__).parent.parent
    found = message_matches(root)
    assert [f for f in found if f.split(":")[0] not in PENDING_MATCHES] == []


def test_the_two_checks_see_a_planted_case(tmp_path: Path) -> None:
    rules = tmp_path / "companion" / "dark_blades"
    rules.mkdir(parents=True)
    (rules / "__init__.py").write_text("")
    (rules / "bad.py").write_text(
        "from companion.text import WIDTH\n"
        "def f():\n"
        "    from .. import text\n"
        "    try:\n"
        "        pass\n"
        "    except ValueError as e:\n"
        "        if 'Sword' in e.message or str(e) == 'x':\n"
        "            pass\n"
        "        side = e.message.startswith('attacker')\n"
        "        why = e.reason.endswith('.')\n"
        "        text = str(e)\n"
        "        line = re.search('at line', text)\n"
    )
    front = tmp_path / "companion" / "commands"
    front.mkdir()
    (front / "page.py").write_text("from companion.text import fit\n")
    (tmp_path / "companion" / "text").mkdir()
    (tmp_path / "companion" / "text" / "__init__.py").write_text("from companion.text import x\n")
    (tmp_path / "havoc_cli").mkdir()
    (tmp_path / "generator" / "sheet").mkdir(parents=True)
    (tmp_path / "generator" / "sheet" / "cards.py").write_text("import companion.text\n")
    (tmp_path / "generator" / "aid.py").write_text("from companion.text import wrap\n")
    assert text_layer_imports(tmp_path) == [
        "companion/dark_blades/bad.py:1",
        "companion/dark_blades/bad.py:3",
        "generator/sheet/cards.py:1",  # the engine: no; a product (aid.py): a front end
    ]
    assert message_matches(tmp_path) == [
        "companion/dark_blades/bad.py:10",
        "companion/dark_blades/bad.py:12",
        "companion/dark_blades/bad.py:7",
        "companion/dark_blades/bad.py:9",
    ]
    # A message used as words (quoted in a new refusal) is no match.
    (rules / "bad.py").write_text(
        "try:\n    pass\nexcept ValueError as e:\n    raise KeyError(f'x: {e.message}')\n"
    )
    assert message_matches(tmp_path) == []


if __name__ == "__main__":  # the figures of issue 29: python tests/companion/test_boundaries.py
    here = Path(companion.__file__).parent.parent
    imports, matches = text_layer_imports(here), message_matches(here)
    print(f"rules modules importing the text layer: {len({f.split(':')[0] for f in imports})}")
    print("".join(f"  {f}\n" for f in imports), end="")
    words = option_words_in_rules(here)
    print(f"option words in the rules' strings: {len(words)}")
    print("".join(f"  {f}\n" for f in words), end="")
    print(f"message-text matches: {len(matches)}")
    print("".join(f"  {f}\n" for f in matches), end="")
