"""Shared test helpers: run either CLI in-process and check the companion's 40-column rule; keep
every test off the real home's game file; make each shared product once per run across xdist
workers (`made_once`, `pnp_once`, `kit_build`; pyproject's `--dist=loadscope` keeps a module's
tests on one worker, so a module-scoped fixture is made once); accept the default `-n auto`
even when pytest-xdist is switched off (`-p no:xdist`) or missing."""

from __future__ import annotations

import contextlib
import gc
import hashlib
import itertools
import os
import shutil
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import flask
import jinja2
import jinja2.bccache
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

# The cyclic garbage collector ran about 7,000 times per xdist worker in the quick tier (PDFs
# read back make millions of short-lived dicts), some 7 s of CPU in all; at 50,000 allocations
# a young collection (CPython's default: 700) it runs about 80 times, some 2 s. Only when it
# runs changes: cycles are still collected, and memory stays under 600 MB a process.
gc.set_threshold(50_000, 20, 20)

ROOT = Path(__file__).resolve().parent.parent  # the repository: cards/, templates/, README.md


class _CompiledTemplates(jinja2.BytecodeCache):
    """Each page template compiled once per test process, not once per app: the tests make a
    new Flask app for each game file (`create_app`), and each new app's Jinja environment
    would compile every template it renders again (about 25 ms a page). Keyed, as Jinja's
    bytecode caches are, by the template's name and file and checked against its source; every
    app the tests make sets the same Jinja options (`companion.web.app.create_app`)."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


flask.Flask.jinja_options = {**flask.Flask.jinja_options, "bytecode_cache": _CompiledTemplates()}


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


def _run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temporary folder of this whole run: shared by its xdist workers (each has its own
    folder inside it), a new one on the next run."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session")
def made_once(tmp_path_factory) -> Callable[[str, Callable[[Path], object]], Path]:
    """`made_once(key, make)`: a folder that `make(folder)` filled, made once per `key` for the
    whole run and shared by every test and xdist worker (the first to ask makes it under a
    lock; the others wait and read). A product that fails is not kept: each test that asks
    for it makes it again and fails in turn. Tests only read it."""
    shared = _run_folder(tmp_path_factory) / "made-once"
    shared.mkdir(exist_ok=True)

    def get(key: str, make: Callable[[Path], object]) -> Path:
        name = hashlib.sha1(key.encode()).hexdigest()[:12]
        out, done = shared / name, shared / f"{name}.done"
        with _locked(shared / f"{name}.lock"):
            if not done.exists():
                shutil.rmtree(out, ignore_errors=True)  # what a failed attempt left
                out.mkdir()
                make(out)
                done.touch()
        return out

    return get


@pytest.fixture(scope="session")
def pnp_once(made_once):
    """`pnp_once(*args)`: the folder `havoc-pnp ARGS --out DIR` wrote, `pnp_once(*args,
    file=NAME)` the file `havoc-pnp ARGS -o DIR/NAME` wrote (`pnp_once.said(...)` what it
    printed on standard output, `pnp_once.warned(...)` on standard error), each made once for
    the whole run (`made_once`). Tests only read it."""
    from generator.cli import main

    def make(args: tuple[str, ...], file: str | None) -> Callable[[Path], None]:
        def write(folder: Path) -> None:
            out = ["-o", str(folder / file)] if file else ["--out", str(folder / "out")]
            result = run(main, [*args, *out])
            assert result.exit_code == 0, result.output
            (folder / "stdout.txt").write_text(result.stdout, encoding="utf-8")
            (folder / "stderr.txt").write_text(result.stderr, encoding="utf-8")

        return write

    def product(*args: object, file: str | None = None) -> Path:
        key = tuple(str(a) for a in args)
        folder = made_once("\0".join(["havoc-pnp", *key, f"-o {file}" if file else "--out"]),
                           make(key, file))  # fmt: skip
        return folder / file if file else folder / "out"

    def said(*args: object, file: str | None = None) -> str:
        """What that command printed on standard output."""
        made = product(*args, file=file)
        return (made.parent / "stdout.txt").read_text(encoding="utf-8")

    def warned(*args: object, file: str | None = None) -> str:
        """What that command printed on standard error."""
        made = product(*args, file=file)
        return (made.parent / "stderr.txt").read_text(encoding="utf-8")

    product.said = said  # type: ignore[attr-defined]
    product.warned = warned  # type: ignore[attr-defined]
    return product


@pytest.fixture(scope="session")
def kit_build(pnp_once):
    """`kit_build(*options)`: the folder `havoc-pnp build --out DIR *options` wrote (and
    `kit_build.said(*options)` what it printed, `kit_build.warned(*options)` on standard
    error), built once per set of options for the whole run and shared by every test and
    xdist worker (`pnp_once`). Tests only read it."""

    def build(*options: object) -> Path:
        return pnp_once("build", *options)

    def said(*options: object) -> str:
        """What that build printed on standard output."""
        return pnp_once.said("build", *options)

    def warned(*options: object) -> str:
        """What that build printed on standard error."""
        return pnp_once.warned("build", *options)

    build.said = said  # type: ignore[attr-defined]
    build.warned = warned  # type: ignore[attr-defined]
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
