"""The kit's streaming PDF joiner (`generator.sheet.pdf_join`) against pypdf's `PdfWriter`, on the
chunks a batch of Cthulhu Who? set-ups is drawn in: time and peak memory of each, in a fresh
process, for the same chunks. Why the kit keeps its own joiner: pypdf holds every page in memory
until it writes, the joiner only a few bytes a page (`havoc-pnp setups` goes to 100,000).

    python benchmarks/pdf_join.py [SETUPS]      # default 2000 (drawn once, then joined)

pypdf is a test dependency (``pip install -e '.[test]'``); without it only the joiner runs.
"""

from __future__ import annotations

import pickle
import subprocess
import sys
import tempfile
from pathlib import Path

JOIN = """
import io, pickle, resource, sys, time
chunks = pickle.loads(open(sys.argv[1], "rb").read())
out = open(sys.argv[2], "wb")
start = time.perf_counter()
if sys.argv[3] == "joiner":
    from generator.sheet.pdf_join import PdfJoiner
    joiner = PdfJoiner(out)
    for chunk in chunks:
        joiner.add(chunk)
    joiner.finish()
else:
    from pypdf import PdfReader, PdfWriter
    writer = PdfWriter()
    for chunk in chunks:
        writer.append(PdfReader(io.BytesIO(chunk)))
    writer.write(out)
out.close()
took = time.perf_counter() - start
print(f"{took:.2f} s, peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB")
"""


def chunks_of(count: int, where: Path) -> list[bytes]:
    """The reportlab chunks `write_setups_pdf` draws for ``count`` set-ups (not joined)."""
    from companion.data import Cards
    from generator.cthulhu_who import setups
    from generator.sheet.options import SheetOptions

    found: list[bytes] = []

    class Collect:
        def __init__(self, handle: object) -> None:
            pass

        def add(self, pdf: bytes) -> None:
            found.append(pdf)

        def finish(self) -> int:
            return 0

    real, setups.PdfJoiner = setups.PdfJoiner, Collect
    try:
        setups.write_setups_pdf(where, Cards(), SheetOptions.parse(), count=count, seed=1)
    finally:
        setups.PdfJoiner = real
    return found


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "chunks.pickle"
        found = chunks_of(count, Path(tmp) / "drawn.pdf")
        data.write_bytes(pickle.dumps(found))
        size = sum(map(len, found)) / 1e6
        print(f"{count} set-ups in {len(found)} chunks, {size:.1f} MB of PDF")
        for how in ("joiner", "pypdf"):
            if how == "pypdf":
                try:
                    import pypdf  # noqa: F401
                except ImportError:
                    print("pypdf: not installed (a test dependency)")
                    continue
            run = [sys.executable, "-c", JOIN, str(data), str(Path(tmp) / f"{how}.pdf"), how]
            out = subprocess.run(run, capture_output=True, text=True, check=True).stdout
            print(f"{how + ':':<8} {out.strip()}")


if __name__ == "__main__":
    main()
