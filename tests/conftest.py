"""Shared test helpers: run either CLI in-process and check the companion's 40-column rule; keep
every test off the real home's game file; share whole-kit builds across xdist workers
(`kit_build`); accept the default `-n auto` even when pytest-xdist is switched off (`-p no:xdist`) or missing."""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

# Every answer is laid out for a 40-column phone and the tests check that width, whatever the
# terminal pytest runs in (`companion.text` reads COLUMNS once, on import, so this comes first;
# test_terminal_width runs the kit on wider terminals in child processes).
os.environ["COLUMNS"] = "40"

from companion.text import WIDTH  # noqa: E402

# The test run keeps its bytecode (in the git-ignored __pycache__ folders) even where
# PYTHONDONTWRITEBYTECODE is set: otherwise every run rewrites the asserts of 100-odd test
# modules and compiles the kit again, about 8 s of CPU per xdist worker before a test runs.
sys.dont_write_bytecode = False

ROOT = Path(__file__).resolve().parent.parent  # the repository: cards/, templates/, README.md


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    """Without pytest-xdist, accept (and ignore) its options from pyproject's addopts: one process."""
    if not pluginmanager.hasplugin("xdist"):
        parser.addoption("--numprocesses", dest="numprocesses", default=None)
        parser.addoption("--dist", dest="dist", default="no")


def pytest_configure(config: pytest.Config) -> None:
    if not config.pluginmanager.hasplugin("xdist"):
        config.addinivalue_line("markers", "xdist_group(name): tests run on one xdist worker")


@pytest.fixture(scope="session")
def _data_homes(tmp_path_factory) -> Iterator[Path]:
    """A fresh, not yet created folder name under this worker's temporary folder per call."""
    base = tmp_path_factory.mktemp("xdg")
    return (base / str(n) for n in itertools.count())


@pytest.fixture(scope="session")
def _cache_home(tmp_path_factory) -> Path:
    """This worker's one folder for the kit's disk cache of parsed data (not the user's)."""
    return tmp_path_factory.mktemp("havoc-cache")


@pytest.fixture(autouse=True)
def _own_data_home(_data_homes, _cache_home, monkeypatch) -> None:
    """Every test gets its own $XDG_DATA_HOME and no $HAVOC_RING_GAME / $HAVOC_CARDS: no test
    reads or writes the user's Who's Next game, nor another test's (tests run in parallel);
    the disk cache is the worker's own ($HAVOC_CACHE_DIR)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(next(_data_homes)))
    monkeypatch.setenv("HAVOC_CACHE_DIR", str(_cache_home))
    monkeypatch.delenv("HAVOC_RING_GAME", raising=False)
    monkeypatch.delenv("HAVOC_CARDS", raising=False)


def sweep(*values: object, quick: int = 1) -> list[object]:
    """The parameters of an option sweep: the first `quick` in the quick tier, the rest marked
    slow (the full suite runs them all). A tuple is the values of several argument names."""
    slow = [pytest.param(*v if isinstance(v, tuple) else (v,), marks=pytest.mark.slow)
            for v in values[quick:]]  # fmt: skip
    return [*values[:quick], *slow]


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
    """`kit_build(*options)`: the folder `havoc-pnp build --out DIR *options` wrote (and
    `kit_build.said(*options)` what it printed), built once
    per set of options for the whole run and shared by every test and xdist worker (the first
    to ask builds it under a lock; the others wait and read). Tests only read it."""
    from generator.cli import main

    base = tmp_path_factory.getbasetemp()
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "kit-builds"
    shared.mkdir(exist_ok=True)

    def build(*options: object) -> Path:
        key = tuple(str(o) for o in options)
        name = hashlib.sha1("\0".join(key).encode()).hexdigest()[:12]
        out = shared / name
        with _locked(shared / f"{name}.lock"):
            if not out.is_dir():
                result = run(main, ["build", "--out", str(out), *key])
                assert result.exit_code == 0, result.output
                (shared / f"{name}.stdout").write_text(result.stdout, encoding="utf-8")
        return out

    def said(*options: object) -> str:
        """What that build printed on standard output."""
        out = build(*options)
        return (out.parent / f"{out.name}.stdout").read_text(encoding="utf-8")

    build.said = said  # type: ignore[attr-defined]
    return build


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive lock on `path` between processes (POSIX); without fcntl, none is needed
    because each worker then builds in its own folder."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    with path.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
