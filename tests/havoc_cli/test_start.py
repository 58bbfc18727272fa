"""The `havoc` script's entry point (`havoc_cli.start`): the collector paused while it starts,
running again for the command, everything set aside at the exit; nothing changed for a program
that calls `companion.cli.main` itself."""

import ast
import gc
import subprocess
import sys
import tomllib
from pathlib import Path

from click.testing import CliRunner

from companion.cli import main
from havoc_cli import start

ROOT = Path(__file__).resolve().parents[2]

# Records the collector's state when `havoc roll` runs and at the exit, then runs the script's
# entry point as the installed `havoc` does.
SPY = """
import atexit, gc, sys
import companion.commands.dice as dice
from havoc_cli import start

seen = {}
roll = dice.roll.callback
def spy(*args, **kwargs):
    seen["command"] = (gc.isenabled(), gc.get_freeze_count())
    return roll(*args, **kwargs)
dice.roll.callback = spy
at_start = gc.get_freeze_count()
atexit.register(lambda: print("STATE", (*seen["command"], at_start, gc.get_freeze_count())))
sys.argv = ["havoc", *sys.argv[1:]]
start.havoc()
"""


def _spied(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", SPY, *args], capture_output=True, text=True, cwd=ROOT
    )


def test_the_installed_script_is_the_entry_point():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert scripts["scripts"]["havoc"] == "havoc_cli.start:havoc"


def test_the_command_runs_with_the_collector_on_and_the_start_set_aside():
    done = _spied("roll", "2d6", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert " on 2d6: " in done.stdout  # the roll's answer, as `havoc roll` prints it
    state = next(line for line in done.stdout.splitlines() if line.startswith("STATE"))
    enabled, frozen, at_start, at_exit = ast.literal_eval(state.removeprefix("STATE "))
    assert enabled is True  # the command's own objects are collected as usual
    assert frozen > at_start  # what the start-up made was set aside once the command was chosen
    assert at_exit >= frozen  # and what was left, before the exit


def test_bad_input_still_exits_with_one_line_and_status_2():
    done = _spied("roll", "2x6")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("havoc: ")


def test_calling_main_directly_leaves_the_collector_alone():
    frozen = gc.get_freeze_count()
    assert gc.isenabled()
    result = CliRunner().invoke(main, ["roll", "2d6", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert gc.isenabled()
    assert gc.get_freeze_count() == frozen  # `started` sets nothing aside unless paused
    start.started()
    assert gc.isenabled() and gc.get_freeze_count() == frozen
