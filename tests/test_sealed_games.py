"""Games are sealed: no game's package (`companion/<game>/`, `generator/<game>/`) imports another
game's, at its top or inside a function. What two games share lives in the engine
(`companion/`, `generator/sheet/` ...). The games are those `companion.registry.GAMES` lists.

Read from the source (nothing is imported).
"""

from __future__ import annotations

import ast
from pathlib import Path

from companion.registry import GAMES
from tests.conftest import ROOT


def _imported(source: str) -> set[str]:
    """Every module an absolute import in ``source`` names (``from a.b import c``: a.b, a.b.c)."""
    named: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            named |= {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
        elif isinstance(node, ast.Import):
            named |= {a.name for a in node.names}
    return named


def _game_of(module: str) -> str | None:
    """The game whose package ``module`` is in (companion.<game>... or generator.<game>...)."""
    parts = module.split(".")
    if len(parts) >= 2 and parts[0] in ("companion", "generator") and parts[1] in GAMES:
        return parts[1]
    return None


def cross_game_imports(root: Path = ROOT) -> list[str]:
    """``file: module`` for each import of another game's package from a game's package."""
    found = []
    for game in GAMES:
        for package in ("companion", "generator"):
            for path in sorted((root / package / game).rglob("*.py")):
                for module in sorted(_imported(path.read_text(encoding="utf-8"))):
                    other = _game_of(module)
                    if other is not None and other != game:
                        found.append(f"{path.relative_to(root)}: {module}")
    return found


def test_no_game_imports_another_games_package() -> None:
    assert len(GAMES) >= 4
    assert cross_game_imports() == []


def test_the_check_finds_a_cross_game_import(tmp_path: Path) -> None:
    first, second = GAMES[0], GAMES[1]
    (tmp_path / "generator" / first).mkdir(parents=True)
    (tmp_path / "companion" / second).mkdir(parents=True)
    (tmp_path / "generator" / first / "a.py").write_text(
        f"from generator.{first} import own\n"
        "def later():\n"
        f"    from generator.{second}.board import check_bar\n"
    )
    (tmp_path / "companion" / second / "b.py").write_text(f"import companion.{first}.rules\n")
    assert sorted(cross_game_imports(tmp_path)) == [
        f"companion/{second}/b.py: companion.{first}.rules",
        f"generator/{first}/a.py: generator.{second}.board",
        f"generator/{first}/a.py: generator.{second}.board.check_bar",
    ]
