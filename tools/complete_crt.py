"""Rewrite cards/dark-blades/crt-completion.toml's grids from its ladders and floors.

A maintainer's tool, not part of the kit: run it after changing a table's ``ladder`` or
``floor`` (or the transcription in crt.toml). The method is
`companion.dark_blades.completion.derive`; the tests check that the file's grids are exactly
what it gives.

    python tools/complete_crt.py [CARDS_DIR]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from companion.dark_blades.completion import COMPLETION_FILE, derive, load_completion
from companion.dark_blades.crt import load_crt
from companion.data import Cards


def main(root: str | None = None) -> None:
    cards = Cards(Path(root) if root else None)
    crt = load_crt(cards)
    completion = load_completion(cards, crt)
    path = completion.path
    text = path.read_text(encoding="utf-8")
    for name, kit in completion.tables.items():
        rows = derive(crt.tables[name].rows, crt.faces, kit.ladder, kit.floor)
        block = "\n".join(
            f'"{face}" = [' + ", ".join(f'"{c}"' for c in rows[face]) + "]" for face in crt.faces
        )
        pattern = re.compile(
            rf"(\[tables\.{re.escape(name)}\.rows\]\n)(?:\"[0-9]\" = \[[^\n]*\]\n?)+"
        )
        text, n = pattern.subn(lambda m, b=block: m.group(1) + b + "\n", text)
        if n != 1:
            sys.exit(f"{path}: no [tables.{name}.rows] block to rewrite")
    path.write_text(text, encoding="utf-8")
    print(f"rewrote {path} ({COMPLETION_FILE})")


if __name__ == "__main__":
    main(*sys.argv[1:2])
