"""Shared test helpers: run either CLI in-process and check the companion's 40-column rule."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from companion.text import WIDTH

ROOT = Path(__file__).resolve().parent.parent  # the repository: cards/, templates/, README.md


def run(main, args: Sequence[str], input: str | None = None) -> Result:  # noqa: A002
    """Invoke a click entry point in-process; exceptions other than SystemExit propagate."""
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def assert_narrow(text: str, width: int = WIDTH) -> None:
    """Every output line fits a phone terminal."""
    wide = [line for line in text.splitlines() if len(line) > width]
    assert not wide, f"lines wider than {width}: {wide}"


@pytest.fixture
def havoc():
    """Run `havoc ARGS...` in-process and return click's Result."""
    from companion.cli import main

    return lambda *args, input=None: run(main, [str(a) for a in args], input=input)


@pytest.fixture
def havoc_pnp():
    """Run `havoc-pnp ARGS...` in-process and return click's Result."""
    from generator.cli import main

    return lambda *args: run(main, [str(a) for a in args])


@pytest.fixture(scope="session")
def kit_build(tmp_path_factory):
    """`kit_build(*options)`: the folder `havoc-pnp build --out DIR *options` wrote, built once
    per set of options for the whole session and shared. Tests only read it."""
    from generator.cli import main

    built: dict[tuple[str, ...], Path] = {}

    def build(*options: object) -> Path:
        key = tuple(str(o) for o in options)
        if key not in built:
            out = tmp_path_factory.mktemp("kit-build")
            result = run(main, ["build", "--out", str(out), *key])
            assert result.exit_code == 0, result.output
            built[key] = out
        return built[key]

    return build
