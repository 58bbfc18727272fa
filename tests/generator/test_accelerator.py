"""reportlab's optional compiled accelerator (the `fast` extra, rl-accel; the test extra installs
it: a build takes about 15% less CPU) writes the same bytes as reportlab's
pure-Python path, which a plain install uses: each product here is built in two processes, one
with the accelerator and one with it hidden, and the files compared byte for byte."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, sweep

pytest.importorskip("_rl_accel")

# Builds one product; argv[1] says whether reportlab may use the accelerator ("c") or not.
BUILD = """
import sys
if sys.argv[1] == "py":
    sys.modules["_rl_accel"] = None  # `from _rl_accel import ...` now raises ImportError
from reportlab.lib import rl_accel
from generator.cli import main
used = "py" if "fp_str" in rl_accel._py_funcs else "c"
assert used == sys.argv[1], f"reportlab used the {used} path, not {sys.argv[1]}"
main(sys.argv[2:])
"""

PRODUCTS = sweep(
    "counters",  # text widths, numbers on every counter, figures
    "scenarios",  # paragraphs broken into lines, the maps drawn
    "aids",
    "spells",
    "setups --seed 7 -n 2",
)


def _build(path: str, args: tuple[str, ...], out: Path) -> None:
    target = ["--out", str(out)] if args[0] == "aids" else ["-o", str(out)]
    done = subprocess.run(
        [sys.executable, "-c", BUILD, path, *args, *target],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]


@pytest.mark.parametrize("command", PRODUCTS)
def test_the_accelerator_writes_the_same_bytes(tmp_path: Path, command: str) -> None:
    args = tuple(command.split())
    made = {}
    for path in ("c", "py"):
        out = tmp_path / path / ("aids" if args[0] == "aids" else f"{args[0]}.pdf")
        out.parent.mkdir()
        _build(path, args, out)
        files = sorted(out.glob("*.pdf")) if out.is_dir() else [out]
        assert files, out
        made[path] = {f.name: f.read_bytes() for f in files}
    assert made["c"].keys() == made["py"].keys()
    for name, data in made["c"].items():
        assert data == made["py"][name], f"{name} differs with and without the accelerator"
