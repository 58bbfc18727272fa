"""Imports inside function bodies, per 1,000 lines of companion/ and generator/ (goal: at most 5).

An AST walk over every ``*.py`` under the two packages: each ``import``/``from ... import``
statement anywhere inside a function (or a method, or a function nested in one) counts once;
module-level ones, those under ``if TYPE_CHECKING:`` and those in class bodies do not. Lines
are the files' physical lines. Prints the count, the lines, the figure, and the files with the
most inner imports.

    python benchmarks/inner_imports.py [--all]

``--all`` lists every file with an inner import (else the ten with the most).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("companion", "generator")


def inner_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """The import statements inside function bodies of ``tree``."""
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inside = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
            if in_function and isinstance(child, (ast.Import, ast.ImportFrom)):
                found.append(child)
            visit(child, inside)

    visit(tree, False)
    return found


def main() -> None:
    per_file: dict[str, int] = {}
    lines = 0
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            lines += len(text.splitlines())
            count = len(inner_imports(ast.parse(text, str(path))))
            if count:
                per_file[str(path.relative_to(ROOT))] = count
    total = sum(per_file.values())
    print(f"imports inside functions: {total} in {lines:,} lines of {' + '.join(PACKAGES)}/")
    print(f"per 1,000 lines: {total * 1000 / lines:.1f}   (goal: at most 5)")
    ranked = sorted(per_file.items(), key=lambda item: (-item[1], item[0]))
    shown = ranked if "--all" in sys.argv[1:] else ranked[:10]
    for name, count in shown:
        print(f"  {count:4d}  {name}")


if __name__ == "__main__":
    main()
