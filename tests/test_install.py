"""Install test: build the wheel, install it into a fresh virtualenv, use it from an empty dir.

This is what a user on a fresh machine does, and it catches data files (cards/, templates/)
that the source tree has but the wheel would lack.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


def sh(*args: str | os.PathLike[str], cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "HAVOC_CARDS")}
    result = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=900
    )
    assert result.returncode == 0, f"{args} failed:\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    sh(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", dist, ROOT)
    (found,) = dist.glob("havoc_kit-*.whl")
    return found


def test_wheel_carries_the_card_data_and_templates(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    source_cards = sorted(
        p.relative_to(ROOT).as_posix() for p in (ROOT / "cards").rglob("*") if p.is_file()
    )
    assert source_cards, "the source tree has no card data"
    for rel in source_cards:
        assert f"companion/_data/{rel}" in names, f"{rel} is missing from the wheel"
    assert not [n for n in names if n.startswith(("tests/", "out/"))]


def test_fresh_virtualenv_builds_the_kit_from_an_empty_directory(wheel, tmp_path):
    venv = tmp_path / "venv"
    sh(sys.executable, "-m", "venv", venv)
    bin_dir = venv / "bin"
    sh(bin_dir / "python", "-m", "pip", "install", "-q", wheel)
    work = tmp_path / "empty"
    work.mkdir()
    result = sh(bin_dir / "havoc-pnp", "build", cwd=work)
    pdfs = sorted(p.name for p in (work / "out").glob("*.pdf"))
    assert "dark-blades-counters.pdf" in pdfs and "calibration.pdf" in pdfs, result.stdout
    for name in pdfs:
        assert (work / "out" / name).read_bytes().startswith(b"%PDF-")
    rolled = sh(bin_dir / "havoc", "roll", "2d6", "--seed", "7", "--json", cwd=work)
    assert '"total"' in rolled.stdout
    # the installed companion finds its own data, not the source tree's
    listing = sh(bin_dir / "havoc", "table", cwd=work)
    assert "lake" in listing.stdout
    # `havoc serve`'s pages load their templates and static files from the wheel
    served = sh(
        bin_dir / "python",
        "-c",
        "from companion.web.app import create_app; c = create_app(game='g.sqlite3')"
        ".test_client(); r = c.get('/dice?e=2d6'); print(r.status_code, b'Chance of' in "
        "r.data, c.get('/static/style.css').status_code)",
        cwd=work,
    )
    assert served.stdout.split() == ["200", "True", "200"], served.stdout
