"""No import cycle among the kit's modules, counting imports inside functions too.

Read from the source (nothing is imported): an edge for every `import companion...` or
`from generator... import ...` anywhere in a module, at its top or inside a function.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT


def _modules() -> dict[str, Path]:
    found = {}
    for package in ("companion", "generator"):
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _imports(path: Path, known: dict[str, Path]) -> set[str]:
    named: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            named |= {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
        elif isinstance(node, ast.Import):
            named |= {a.name for a in node.names}
    return {name for name in named if name in known}


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every group of modules that import one another, directly or not (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in edges[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = [stack.pop()]
            while group[-1] != node:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycles_even_inside_functions() -> None:
    modules = _modules()
    edges = {name: _imports(path, modules) - {name} for name, path in modules.items()}
    assert len(modules) > 100 and sum(map(len, edges.values())) > 300
    assert _cycles(edges) == []


def test_the_check_finds_a_cycle() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(edges) == [["a", "b", "c"]]
