"""Figures for every PDF `havoc-pnp build` writes: pages, bytes, images, the smallest type size
on it and the nearest any letter comes to the paper edge.

    python benchmarks/pdf_figures.py [-- BUILD OPTIONS...]

Builds the kit into a temporary folder (with any extra build options given after --) and reads
each PDF back with pdfplumber. Prints a table; asserts nothing.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pdfplumber


def figures(path: Path) -> tuple[int, int, int, float, float]:
    """(pages, bytes, images, smallest font size in pt, nearest letter to an edge in pt)."""
    smallest, nearest, images = float("inf"), float("inf"), 0
    with pdfplumber.open(path) as pdf:
        pages = len(pdf.pages)
        for page in pdf.pages:
            images += len(page.images)
            for ch in page.chars:
                if not ch["text"].strip():
                    continue
                # pdfplumber's size of a letter turned 90 degrees is its advance; its height
                # across the line (x1 - x0) is the font size
                size = ch["size"] if ch["upright"] else ch["x1"] - ch["x0"]
                smallest = min(smallest, size)
                gap = min(ch["x0"], ch["top"], page.width - ch["x1"], page.height - ch["bottom"])
                nearest = min(nearest, gap)
    return pages, path.stat().st_size, images, smallest, nearest


def main(extra: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out"
        command = [sys.executable, "-c", "from generator.cli import main; main()", "build"]
        subprocess.run([*command, "--out", str(out), *extra], check=True, capture_output=True)
        print(f"{'file':34} {'pages':>5} {'bytes':>8} {'images':>6} {'min pt':>6} {'edge pt':>7}")
        for path in sorted(out.glob("*.pdf")):
            pages, size, images, small, near = figures(path)
            print(f"{path.name:34} {pages:5d} {size:8d} {images:6d} {small:6.1f} {near:7.1f}")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(args[1:] if args[:1] == ["--"] else args)
