"""Figures for `havoc-pnp build`: wall time, peak memory, PDF bytes per counter-sheet page.

Runs the build in a child process (so imports count, and its peak resident memory is read with
``resource.getrusage(RUSAGE_CHILDREN).ru_maxrss``), then reads the counter PDF's page count.
The goal is under 60 KB per counter-sheet page (vector only: no images are embedded).
Run: python benchmarks/build.py [--runs 3] [extra sheet options, e.g. --paper letter]
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args, extra = parser.parse_known_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out"
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            subprocess.run(["havoc-pnp", "build", "--out", str(out), *extra], check=True,
                           stdout=subprocess.DEVNULL)  # fmt: skip
            times.append(time.perf_counter() - start)
        peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KiB on Linux
        from pypdf import PdfReader

        counters = out / "dark-blades-counters.pdf"
        reader = PdfReader(counters)
        pages = len(reader.pages)
        images = sum(len(page.images) for page in reader.pages)
        size = counters.stat().st_size
        print(f"havoc-pnp build {' '.join(extra)}".rstrip())
        print(f"wall time: {min(times):.2f} s best, {max(times):.2f} s worst of {args.runs}")
        print(f"peak memory (child): {peak_kb / 1024:.1f} MiB")
        for pdf in sorted(out.glob("*.pdf")):
            print(f"  {pdf.name}: {pdf.stat().st_size / 1024:.1f} KB")
        print(f"counter sheets: {pages} pages, {size / pages / 1024:.1f} KB a page "
              f"(goal < 60 KB), {images} images")  # fmt: skip


if __name__ == "__main__":
    main()
