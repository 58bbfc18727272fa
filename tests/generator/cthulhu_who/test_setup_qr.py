"""The QR code on a set-up sheet scans (zbarimg, Debian's zbar-tools) as the command it names."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from generator.cli import main as pnp
from tests.conftest import run

pytestmark = pytest.mark.skipif(
    not (shutil.which("zbarimg") and shutil.which("pdftoppm")), reason="needs zbarimg, pdftoppm"
)


@pytest.mark.parametrize("seed", [1, 987654])
def test_the_qr_code_scans_as_the_setup_command(tmp_path, seed) -> None:
    out = tmp_path / "s.pdf"
    result = run(pnp, ["setups", "-n", "1", "--seed", str(seed), "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    png = tmp_path / "page"
    # an uncompressed PPM, the same pixels as a PNG (whose compressing was most of the CPU)
    subprocess.run(["pdftoppm", "-r", "200", "-f", "1", "-l", "1", str(out), str(png)], check=True)
    page = next(tmp_path.glob("page*.ppm"))
    scanned = subprocess.run(["zbarimg", "-q", "--raw", str(page)], capture_output=True, text=True)
    assert scanned.stdout.strip() == f"havoc setup --seed {seed}"
