"""A pytest plugin for benchmarks/test_times.py: the CPU seconds of each test's setup, call and
teardown (measured in the process that ran it, an xdist worker or pytest itself, with the child
processes it started and waited for: the CLI run as a program, pdftoppm, qpdf), and a list of
the slowest at the end, beside their wall seconds. CPU seconds move little with the machine's
load; wall seconds (pytest's own `--durations`) move a lot.

Load it with `-p cpu_durations` and this folder on PYTHONPATH (xdist's workers import it too);
`--cpu-durations N` sets how many are listed (default 20).
"""

from __future__ import annotations

import resource
import time
from collections.abc import Iterator

import pytest

_KEY = "cpu seconds "  # + the phase, in the report's user_properties (xdist carries them)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--cpu-durations", type=int, default=20, help="list the N slowest phases by CPU seconds"
    )


def _cpu() -> float:
    """This process's CPU seconds and those of its children that have ended (user + system)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def _timed(item: pytest.Item, when: str) -> Iterator[None]:
    start = _cpu()
    yield
    item.user_properties.append((_KEY + when, _cpu() - start))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    yield from _timed(item, "setup")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    yield from _timed(item, "call")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    yield from _timed(item, "teardown")


class _Figures:
    """Collected on the controller from every report."""

    def __init__(self) -> None:
        self.rows: list[tuple[float, float, str, str]] = []  # cpu, wall, phase, test

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        for key, value in report.user_properties:
            if key == _KEY + report.when:
                self.rows.append((float(value), report.duration, report.when, report.nodeid))

    @pytest.hookimpl
    def pytest_terminal_summary(self, terminalreporter, config: pytest.Config) -> None:
        count = config.getoption("cpu_durations")
        if not count or not self.rows:
            return
        total = sum(r[0] for r in self.rows)
        terminalreporter.write_line(
            f"slowest {count} by CPU seconds (of {total:.0f} s of CPU in the tests' phases):"
        )
        for cpu, wall, when, nodeid in sorted(self.rows, reverse=True)[:count]:
            terminalreporter.write_line(f"{cpu:6.2f}s cpu {wall:6.2f}s wall  {when:8} {nodeid}")
        by_file: dict[str, list[float]] = {}
        for cpu, _wall, _when, nodeid in self.rows:
            figures = by_file.setdefault(nodeid.split("::")[0], [0.0, 0])
            figures[0] += cpu
            figures[1] += 1
        terminalreporter.write_line(f"slowest {count} test files by CPU seconds (phases, tests):")
        for name, (cpu, phases) in sorted(by_file.items(), key=lambda kv: -kv[1][0])[:count]:
            terminalreporter.write_line(f"{cpu:6.2f}s cpu {phases // 3:5d} tests  {name}")


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):  # the controller (or a run without xdist)
        config.pluginmanager.register(_Figures(), "cpu_durations_figures")
