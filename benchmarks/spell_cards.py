"""Figures for `havoc-pnp spells`: pages, bytes and build time of the spell-card PDF per layout,
and the smallest type size set on any card (body text, footnotes, diagram labels).

Run: python benchmarks/spell_cards.py
"""

from __future__ import annotations

import subprocess
import tempfile
import time
from pathlib import Path

from companion.dark_blades import spells as sp
from generator.dark_blades import spells as cards_gen
from generator.sheet.cards import CARD_SIZES
from generator.sheet.pieces import Text

LAYOUTS = [
    ("A4, poker (default)", []),
    ("Letter, poker", ["--paper", "letter"]),
    ("A4, poker, gutter-fold", ["--duplex", "none"]),
    ("Letter, poker, --source-only", ["--paper", "letter", "--source-only"]),
    ("A4, bridge", ["--card-size", "bridge"]),
    ("A4, mini", ["--card-size", "mini"]),
    ("A4, 63x88mm, 3mm bleed", ["--card-size", "63x88mm", "--bleed", "3mm"]),
]


def pages_of(path: Path) -> int:
    from pypdf import PdfReader

    return len(PdfReader(path).pages)


def smallest_type() -> None:
    deck = sp.load()
    for name, (w, h) in CARD_SIZES.items():
        for only in (False, True):
            sizes, body = [], []
            for spell in deck.spells:
                face, blocks = cards_gen.front_face(spell, spell.card(only), w, h)
                sizes += [op.size for op in face.ops if isinstance(op, Text)]
                body += [b.size for b in blocks if b.key in ("area", *sp.FIELDS)]
            mode = "source-only" if only else "with kit"
            print(
                f"  {name:8} {mode:11}  smallest type {min(sizes):.2f} pt, "
                f"body text {min(body):.2f} to {max(body):.2f} pt"
            )


def main() -> None:
    print("havoc-pnp spells: pages, bytes, seconds (one run each)")
    with tempfile.TemporaryDirectory() as tmp:
        for label, args in LAYOUTS:
            out = Path(tmp) / "spells.pdf"
            start = time.perf_counter()
            subprocess.run(["havoc-pnp", "spells", "-o", str(out), *args], check=True,
                           stdout=subprocess.DEVNULL)  # fmt: skip
            took = time.perf_counter() - start
            size = out.stat().st_size
            print(f"  {label:32} {pages_of(out):2} pages  {size:7,} bytes  {took:.2f} s")
    print("smallest type on the cards, by card size:")
    smallest_type()


if __name__ == "__main__":
    main()
