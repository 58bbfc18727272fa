"""Paper audit (issue 16): what a print-and-play veteran checks, measured on real builds.

For the default build on A4, on Letter, with ``--bleed 3mm`` on both and fold-over
(``--duplex none``): the sheets of paper each file
takes (as `build` reports them) and the total; the ink on
the spell-card back page (mean darkness of the page, and the share of the page not white) for
the default light back and ``--card-back flood``; the smallest type on the pieces of each
product (characters read back with pdfplumber, the page footer left out); the closest any
crop mark and marked trim come to the paper's edge (0.3 pt guide lines), the fewest marks a
trim has, and on how many of the pages with marks they are on all four sides of the pieces;
the ink on counter and map pages; each map terrain's L* in greyscale and a mounted counter's
clearance of the hex corners at each piece size.

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

VARIANTS = {
    "A4": [],
    "Letter": ["--paper", "letter"],
    "A4 --bleed 3mm": ["--bleed", "3mm"],
    "Letter --bleed 3mm": ["--paper", "letter", "--bleed", "3mm"],
    "A4 fold-over (--duplex none)": ["--duplex", "none"],
}
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


def crop_marks(pdf: Path) -> tuple[float | None, float | None, int, int, int]:
    """(the closest a crop mark -- a 0.3 pt guide, not a fold line -- comes to the paper's
    edge; the closest a marked trim lies to it; pages with marks; of them, pages with marks on
    all four sides; the fewest marks any marked trim has on a page: 2 is one at each end)."""
    closest = nearest = None
    marked = four = 0
    fewest = 99
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
            trims = [round(m[0], 2) for m in down] + [round(m[2], 2) + 10000 for m in across]
            for t in set(trims):
                fewest = min(fewest, trims.count(t))
                at = t - 10000 if t >= 10000 else t
                edge = min(at, (h if t >= 10000 else w) - at)
                nearest = edge if nearest is None else min(nearest, edge)
            if across and down:
                high, low = min(m[2] for m in across), max(m[3] for m in across)
                left, right = min(m[0] for m in down), max(m[1] for m in down)
                four += (
                    any(m[3] <= high for m in down)
                    and any(m[2] >= low for m in down)
                    and any(m[1] <= left for m in across)
                    and any(m[0] >= right for m in across)
                )
    return closest, nearest, marked, four, fewest


def maps_audit() -> None:
    """The maps in black and white (each terrain's L*), and a mounted counter's clearance of
    the hex corners beside it at every piece size."""
    from generator.dark_blades.map_tiles import (
        TERRAIN_FILLS,
        corner_clearance,
        lightness,
        print_grey,
    )
    from generator.sheet.options import SheetOptions

    shades = ", ".join(f"{k} {lightness(v):.1f}" for k, v in TERRAIN_FILLS.items())
    print(f"map fills, CIE L*: {shades}")
    shades = ", ".join(f"{k} {print_grey(v):.1f}" for k, v in TERRAIN_FILLS.items())
    print(f"map fills, L* of a Rec. 601 grey: {shades}")
    mm = 72 / 25.4
    for size in ("1/2in", "5/8in", "3/4in", "1in"):
        piece = SheetOptions.parse(piece_size=size).piece
        print(f"  {size}: a mounted counter clears the hex corners by "
              f"{corner_clearance(piece) / mm:.2f} mm (--hex roomy), "
              f"{corner_clearance(piece, 'tight') / mm:.2f} mm (--hex tight)")  # fmt: skip


def main_audit() -> None:
    mm = 72 / 25.4
    with tempfile.TemporaryDirectory() as tmp:
        for label, extra in VARIANTS.items():
            out = Path(tmp) / label.replace(" ", "_")
            counts = build(out, extra)
            print(f"== {label}: {sum(counts.values())} sheets")
            for name, n in counts.items():
                small = smallest_type(out / name)
                mark, trim, marked, four, fewest = crop_marks(out / name)
                print(
                    f"  {name:34} {n:3} sheets"
                    + (f"  smallest type {small:.2f} pt" if small else "")
                    + (f"  crop marks {mark / mm:.1f} mm from the edge" if mark else "")
                    + (f", marked trims {trim / mm:.1f} mm in" if trim else "")
                    + (f", {fewest}+ marks a trim" if mark else "")
                    + (f", on all four sides on {four} of {marked} pages" if mark else "")
                )
        out = Path(tmp) / "A4"
        flood = Path(tmp) / "flood.pdf"
        CliRunner().invoke(main, ["spells", "--card-back", "flood", "-o", str(flood)])
        for label, pdf in (("light (default)", out / "dark-blades-spells.pdf"), ("flood", flood)):
            dark, covered = ink(pdf, 2)
            print(f"spell back {label}: ink {dark:.0%} of the page, {covered:.0%} not white")
        for name, page in (("dark-blades-counters.pdf", 1), ("dark-blades-counters.pdf", 2),
                           ("dark-blades-maps.pdf", 2), ("dark-blades-maps.pdf", 9)):  # fmt: skip
            dark, covered = ink(out / name, page)
            print(f"{name} page {page}: ink {dark:.0%}, {covered:.0%} not white")
    maps_audit()


if __name__ == "__main__":
    main_audit()
