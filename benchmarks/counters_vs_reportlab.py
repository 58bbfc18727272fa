"""Figure: `havoc-pnp counters` on a 10,000-piece roster against a plain reportlab script.

Builds a roster of about 10,000 Dark Blades pieces by scaling the counts of the rows in
cards/dark-blades/pieces.csv, then times, each in its own fresh process (imports included):

* ``havoc-pnp counters --roster BIG.csv`` (the kit: roster checks, faces, imposition, guides);
* a plain reportlab script that draws the same two-sided pieces, fronts and backs interleaved
  page by page: the same background rectangles, the same value-box rectangles and the same
  texts (names, states, value numbers) in the same embedded typeface (Liberation Sans
  subsets, generator/sheet/typeface/), read from a JSON dump made beforehand (not timed).

Prints both wall times (best of ``--runs``) and their ratio; the goal is <= 1.5. The kit's run
draws a figure on every counter (each figure once per PDF, a form XObject); it is timed again
with ``--no-art``: with art it stays within 1.5x of that, and the PDF grows by the figures, not
by the pieces (both sizes printed).
Run: python benchmarks/counters_vs_reportlab.py [--pieces 10000] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve()

BASELINE = r"""
import json, sys
from reportlab.pdfgen.canvas import Canvas
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

data = json.load(open(sys.argv[1]))
# the kit's typeface, embedded as subsets like the kit does: face font name -> TrueType file
for name, path in json.loads(sys.argv[3]).items():
    pdfmetrics.registerFont(TTFont("T-" + name, path))
size = 45.0
W, H = A4
cols_per_row, rows_per_page = 11, 17
x0, y1 = (W - cols_per_row * size) / 2, H - 36

def rgb(c):
    return int(c[1:3], 16) / 255, int(c[3:5], 16) / 255, int(c[5:7], 16) / 255

# simple row-major grid, double-length pieces take two cells
pages, page, col, row = [], [], 0, 0
for piece in data:
    if col + piece["cols"] > cols_per_row:
        col, row = 0, row + 1
    if row == rows_per_page:
        pages.append(page); page, row = [], 0
    page.append((piece, x0 + col * size, y1 - (row + 1) * size))
    col += piece["cols"]
pages.append(page)

c = Canvas(sys.argv[2], pagesize=A4, invariant=1)
c.setTitle("baseline")
for page in pages:
    for side in ("front", "back"):
        for piece, x, y in page:
            w = piece["cols"] * size
            if side == "back":
                x = W - x - w
            face = piece[side]
            c.setFillColorRGB(*rgb(face["bg"]))
            c.rect(x, y, w, size, stroke=0, fill=1)
            for rx, ry, rw, rh, fill, stroke in face["rects"]:
                if fill:
                    c.setFillColorRGB(*rgb(fill))
                if stroke:
                    c.setStrokeColorRGB(*rgb(stroke))
                c.rect(x + rx * size, y + ry * size, rw * size, rh * size,
                       stroke=1 if stroke else 0, fill=1 if fill else 0)
            for tx, ty, text, tsize, font, colour in face["texts"]:
                c.setFillColorRGB(*rgb(colour))
                c.setFont("T-" + font, tsize * size)
                c.drawCentredString(x + tx * size, y + ty * size, text)
        c.showPage()
c.save()
"""


def roster_lines(path: Path) -> tuple[list[str], list[list[str]]]:
    import csv

    lines = path.read_text(encoding="utf-8").splitlines()
    keep = [ln for ln in lines if ln.strip() and not ln.startswith("#")]
    rows = list(csv.reader(keep))
    return rows[0], rows[1:]


def write_roster(path: Path, header: list[str], rows: list[list[str]], counts: list[int]) -> None:
    import csv

    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        for row, count in zip(rows, counts, strict=True):
            writer.writerow([str(count), *row[1:]])


def build_roster(target: int, work: Path) -> tuple[Path, list]:
    """Scale the kit's roster counts until it makes ``target`` pieces (or just over)."""
    from companion.data import Cards
    from generator.dark_blades.counters import counter_pieces

    cards = Cards()
    header, rows = roster_lines(cards.path("dark-blades", "pieces.csv"))
    base = [int(r[0]) for r in rows]
    path = work / "big-roster.csv"

    def total(counts: list[int]) -> list:
        write_roster(path, header, rows, counts)
        return counter_pieces(cards, roster=path)

    first = total(base)
    per_count: dict[str, float] = {}  # pieces one count of each row makes
    for p in first:
        for tag in p.tags:
            if tag.startswith("character:"):
                per_count[tag[10:]] = per_count.get(tag[10:], 0) + 1
    units = [per_count.get(r[1], 0) / max(c, 1) for r, c in zip(rows, base, strict=True)]
    factor = max(1, target // len(first))
    counts = [c * factor for c in base]
    pieces = total(counts)
    for _ in range(5):  # top up (markers follow the roster, so re-count after each pass)
        missing = target - len(pieces)
        if missing <= 0:
            break
        order = sorted((u, i) for i, u in enumerate(units) if u > 0)
        for unit, i in order:
            while missing >= unit:
                counts[i] += 1
                missing -= unit
        if missing > 0:
            counts[order[0][1]] += 1
        pieces = total(counts)
    return path, pieces


def face_dump(face) -> dict:
    from generator.sheet.fonts import fit_size
    from generator.sheet.pieces import Rect, Text

    rects = [[o.x, o.y, o.w, o.h, o.fill, o.stroke] for o in face.ops if isinstance(o, Rect)]
    texts = [
        [o.x, o.y, o.text, fit_size(o.text, o.font, o.size, o.max_width), o.font, o.colour]
        for o in face.ops
        if isinstance(o, Text)
    ]
    return {"bg": face.background, "rects": rects, "texts": texts}


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pieces", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        roster, pieces = build_roster(args.pieces, work)
        data = [
            {"cols": p.cols, "front": face_dump(p.front), "back": face_dump(p.back or p.front)}
            for p in pieces
        ]
        (work / "pieces.json").write_text(json.dumps(data), encoding="utf-8")
        (work / "baseline.py").write_text(BASELINE, encoding="utf-8")
        kit_cmd = ["havoc-pnp", "counters", "--roster", str(roster), "-o", str(work / "kit.pdf")]
        from generator.sheet.fonts import FILES, TYPEFACE_DIR

        fonts = json.dumps({name: str(TYPEFACE_DIR / file) for name, file in FILES.items()})
        base_cmd = [sys.executable, str(work / "baseline.py"), str(work / "pieces.json"),
                    str(work / "base.pdf"), fonts]  # fmt: skip
        plain_cmd = [*kit_cmd[:-1], str(work / "plain.pdf"), "--no-art"]
        kit = min(timed(kit_cmd) for _ in range(args.runs))
        plain = min(timed(plain_cmd) for _ in range(args.runs))
        base = min(timed(base_cmd) for _ in range(args.runs))
        kit_size = (work / "kit.pdf").stat().st_size
        plain_size = (work / "plain.pdf").stat().st_size
        base_size = (work / "base.pdf").stat().st_size
        two_sided = sum(p.back is not None for p in pieces)
        print(f"pieces: {len(pieces)} ({two_sided} two-sided), roster scaled from the kit's")
        print(f"havoc-pnp counters: {kit:.2f} s  ({kit_size / 1e6:.2f} MB)")
        print(f"  --no-art:         {plain:.2f} s  ({plain_size / 1e6:.2f} MB)")
        print(f"plain reportlab:    {base:.2f} s  ({base_size / 1e6:.1f} MB)")
        print(f"ratio: {kit / base:.2f}x  (goal <= 1.5x; best of {args.runs} runs each)")
        print(
            f"art: {kit / plain:.2f}x the time without art (goal <= 1.5x); the PDF "
            f"{kit_size:,} bytes with art, {plain_size:,} without (+{kit_size - plain_size:,})"
        )


if __name__ == "__main__":
    main()
