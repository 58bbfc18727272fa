"""Figures for the Dark Blades player aid: pages, bytes, smallest type, time to write.

For each paper (A4, Letter and the smallest a reference sheet takes, 5x7in) it writes the
sheet once, then reads it back with pdfplumber for the smallest character size.
Run: python benchmarks/reference_aid.py
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import pdfplumber

from companion.data import Cards
from generator.dark_blades.aid import write_dark_blades_aid
from generator.sheet.document import page_for


def main() -> None:
    cards = Cards(None)
    with tempfile.TemporaryDirectory() as tmp:
        for paper in ("A4", "Letter", "5x7in"):
            path = Path(tmp) / f"ref-{paper}.pdf"
            start = time.perf_counter()
            pages = write_dark_blades_aid(path, cards, page_for(paper))
            seconds = time.perf_counter() - start
            with pdfplumber.open(path) as pdf:
                smallest = min(c["size"] for p in pdf.pages for c in p.chars)
            print(
                f"{paper:>7}: {pages} pages, {path.stat().st_size:,} bytes, "
                f"smallest type {smallest:.2f} pt, written in {seconds:.2f} s"
            )


if __name__ == "__main__":
    main()
