"""Paper audit (issue 16): what a print-and-play veteran checks, measured on real builds.

For the default build on A4, on Letter and with ``--bleed 3mm``: the sheets of paper each file
takes (as `build` reports them) and the total; the ink on
the spell-card back page (mean darkness of the page, and the share of the page not white) for
the default light back and ``--card-back flood``; the smallest type on the pieces of each
product (characters read back with pdfplumber, the page footer left out); the closest any
crop mark comes to the paper's edge (0.3 pt guide lines), and on how many of the pages with
marks they are on all four sides of the pieces.

Run: python benchmarks/paper_audit.py   (builds into a temporary directory; needs pdftoppm)
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pdfplumber  # noqa: E402
from click.testing import CliRunner  # noqa: E402
from PIL import Image  # noqa: E402

from generator.cli import main  # noqa: E402

VARIANTS = {"A4": [], "Letter": ["--paper", "letter"], "A4 --bleed 3mm": ["--bleed", "3mm"]}
FOOTER_PT = 5.9  # the page footer is 6 pt; anything smaller is on a piece


def build(out: Path, extra: list[str]) -> dict[str, int]:
    """Build into ``out``; the sheets of paper of each file, as `build` reports them."""
    result = CliRunner().invoke(main, ["build", "--out", str(out), *extra])
    if result.exit_code != 0:
        raise SystemExit(result.output)
    found = re.findall(r"([\w.-]+\.pdf): .*?(\d+) pages? on (\d+) sheets?", result.output)
    return {name: int(sheets) for name, _, sheets in found}


def ink(pdf: Path, page: int) -> tuple[float, float]:
    """(mean darkness, share of the page not white) of one page, rendered at 50 dpi."""
    with tempfile.TemporaryDirectory() as tmp:
        stem = Path(tmp) / "p"
        subprocess.run(
            ["pdftoppm", "-r", "50", "-gray", "-f", str(page), "-l", str(page), str(pdf), stem],
            check=True,
        )
        image = Image.open(next(Path(tmp).glob("p*.pgm")))
        values = list(image.get_flattened_data() if hasattr(image, "get_flattened_data")
                      else image.getdata())  # fmt: skip
    dark = sum(255 - v for v in values) / 255 / len(values)
    return dark, sum(v < 250 for v in values) / len(values)


def smallest_type(pdf: Path) -> float | None:
    with pdfplumber.open(pdf) as doc:
        sizes = [c["size"] for p in doc.pages for c in p.chars if c["size"] < FOOTER_PT]
    return min(sizes) if sizes else None


def crop_marks(pdf: Path) -> tuple[float | None, int, int]:
    """(the closest a crop mark -- a 0.3 pt guide, not a fold line -- comes to the paper's
    edge; pages with marks; of them, pages with marks on all four sides: vertical marks above
    and below every horizontal one, horizontal marks left and right of every vertical one)."""
    closest = None
    marked = four = 0
    with pdfplumber.open(pdf) as doc:
        for page in doc.pages:
            w, h = float(page.width), float(page.height)
            across: list[tuple[float, float, float, float]] = []
            down: list[tuple[float, float, float, float]] = []
            for ln in page.lines:
                if abs(float(ln["linewidth"]) - 0.3) > 1e-6 or ln.get("dash"):
                    continue
                x0, x1, top, bottom = ln["x0"], ln["x1"], ln["top"], ln["bottom"]
                if abs(x0 - w / 2) < 0.01 and abs(x1 - w / 2) < 0.01:
                    continue  # a fold line
                d = min(x0, top, w - x1, h - bottom)
                closest = d if closest is None else min(closest, d)
                (down if abs(x1 - x0) < 0.01 else across).append((x0, x1, top, bottom))
            if not across and not down:
                continue
            marked += 1
            if across and down:
                high, low = min(m[2] for m in across), max(m[3] for m in across)
                left, right = min(m[0] for m in down), max(m[1] for m in down)
                four += (
                    any(m[3] <= high for m in down)
                    and any(m[2] >= low for m in down)
                    and any(m[1] <= left for m in across)
                    and any(m[0] >= right for m in across)
                )
    return closest, marked, four


def main_audit() -> None:
    mm = 72 / 25.4
    with tempfile.TemporaryDirectory() as tmp:
        for label, extra in VARIANTS.items():
            out = Path(tmp) / label.replace(" ", "_")
            counts = build(out, extra)
            print(f"== {label}: {sum(counts.values())} sheets")
            for name, n in counts.items():
                small = smallest_type(out / name)
                mark, marked, four = crop_marks(out / name)
                print(
                    f"  {name:34} {n:3} sheets"
                    + (f"  smallest type {small:.2f} pt" if small else "")
                    + (f"  crop marks {mark / mm:.1f} mm from the edge" if mark else "")
                    + (f", on all four sides on {four} of {marked} pages" if mark else "")
                )
        out = Path(tmp) / "A4"
        flood = Path(tmp) / "flood.pdf"
        CliRunner().invoke(main, ["spells", "--card-back", "flood", "-o", str(flood)])
        for label, pdf in (("light (default)", out / "dark-blades-spells.pdf"), ("flood", flood)):
            dark, covered = ink(pdf, 2)
            print(f"spell back {label}: ink {dark:.0%} of the page, {covered:.0%} not white")
        dark, covered = ink(out / "dark-blades-counters.pdf", 2)
        print(f"counter backs (page 2): ink {dark:.0%}, {covered:.0%} not white")


if __name__ == "__main__":
    main_audit()
