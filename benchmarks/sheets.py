"""Figures for paper use: sheets of paper per product and in total for `havoc-pnp build`, on A4,
on Letter and with `--bleed 3mm` (or the options given), and how much of each sheet is used.

Sheets are what the build says it wrote (its "N pages on M sheets" line per file, the same
figures HOW-TO-PRINT and print-checklist.pdf give); the pages are checked against the PDF itself.
"Used" is the share of the printable area (1/4in inside the paper edge, the footer band left
out) whose 1/4in cells carry ink, on the fuller face of a sheet; the lowest per product is shown,
and every sheet under a quarter used is named (the goal allows one only when it is its
product's only sheet). Goal: at most 30 sheets in the default build on A4 and on Letter, the
maps left out.

Run: python benchmarks/sheets.py                    (A4, Letter, A4 --bleed 3mm)
     python benchmarks/sheets.py -- --piece-size 1in  (one build with these options)
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

LINE = re.compile(r"^(?P<path>\S+\.pdf): .*?(?P<pages>\d+) pages? on (?P<sheets>\d+) sheets?")
CELL = 18.0  # points: a 1/4in cell
SAFE = 18.0  # the 1/4in safe edge
FOOTER = 40.0  # the footer band at the foot of the page, left out of "used"
DPI = 36


def built(options: list[str], out: Path) -> list[tuple[Path, int, int]]:
    """Build into ``out``; (file, pages, sheets) for every PDF, as the build reported them."""
    run = subprocess.run(
        ["havoc-pnp", "build", "--out", str(out), *options],
        check=True,
        capture_output=True,
        text=True,
    )
    rows = []
    for line in run.stdout.splitlines():
        match = LINE.match(line)
        if match:
            rows.append((Path(match["path"]), int(match["pages"]), int(match["sheets"])))
    return rows


def used(pdf: Path) -> list[float]:
    """Per page: the share of the printable area's 1/4in cells that carry ink."""
    import pypdfium2 as pdfium

    shares = []
    document = pdfium.PdfDocument(str(pdf))
    for page in document:
        width, height = page.get_size()
        image = page.render(scale=DPI / 72, grayscale=True).to_pil()
        pixels = image.load()
        scale = DPI / 72
        total = inked = 0
        y = SAFE + FOOTER  # from the bottom
        while y + CELL <= height - SAFE:
            x = SAFE
            while x + CELL <= width - SAFE:
                total += 1
                x0, x1 = int(x * scale), int((x + CELL) * scale)
                top = int((height - y - CELL) * scale)
                bottom = int((height - y) * scale)
                if any(pixels[i, j] < 235 for i in range(x0, x1) for j in range(top, bottom)):
                    inked += 1
                x += CELL
            y += CELL
        shares.append(inked / total if total else 0.0)
    document.close()
    return shares


def sheet_shares(pages: list[float], sheets: int) -> list[float]:
    """The fuller face of each sheet: pages in pairs when printed on both sides (fewer sheets
    than pages), the last sheet perhaps printed on one side only."""
    if sheets < len(pages):
        return [max(pages[i : i + 2]) for i in range(0, len(pages), 2)]
    return pages


def report(label: str, options: list[str]) -> int:
    """Print one build's figures; returns its total sheets."""
    from pypdf import PdfReader

    with tempfile.TemporaryDirectory() as tmp:
        rows = built(options, Path(tmp) / "out")
        print(f"\nhavoc-pnp build {' '.join(options)}".rstrip() + f"   [{label}]")
        total = maps = 0
        for path, pages, sheets in rows:
            actual = len(PdfReader(path).pages)
            shares = sheet_shares(used(path), sheets)
            low = [i + 1 for i, s in enumerate(shares) if s < 0.25]
            flag = ""
            if low and not (sheets == 1):
                flag = "  under 1/4 used: sheet " + ", ".join(map(str, low))
            check = "" if actual == pages else f"  (PDF has {actual} pages!)"
            print(
                f"  {path.name:34} {pages:3} pages {sheets:3} sheets"
                f"  least used {min(shares):4.0%}{flag}{check}"
            )
            total += sheets
            maps += sheets if "maps" in path.name else 0
        print(f"  {'total':34}           {total:3} sheets")
        print(f"  {'total without the maps (the goal)':34}           {total - maps:3} sheets")
        return total - maps


def main() -> None:
    if "--" in sys.argv:
        report("given options", sys.argv[sys.argv.index("--") + 1 :])
        return
    report("A4", ["--paper", "A4"])
    report("Letter", ["--paper", "letter"])
    report("A4, bleed", ["--paper", "A4", "--bleed", "3mm"])


if __name__ == "__main__":
    main()
