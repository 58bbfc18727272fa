"""Hostile art files (issue 30 items 4 and 5): a user's figure that is not valid XML, an SVG
whose size is infinite, an embedded data: image, a symlink loop, a huge PNG.

Each file is given two ways: as a roster's ``art`` cell (cards/dark-blades/pieces.csv under
--cards, the Goblin's row) and in place of the kit's figures (every SVG under --cards/art/).
Then the paper (`havoc-pnp counters`, PDF and --svg, in-process) and the phone pages that show
figures (the fight, a scenario, the Cthulhu Who? set-up; Flask's test client) are asked.

Printed: inputs tried, tracebacks (a paper command exiting other than 0 and 2), paper
refusals longer than one line, 500s, the slowest input and the peak memory of this process.

Run: python benchmarks/art_files.py [-v]
"""

from __future__ import annotations

import argparse
import logging
import os
import resource
import shutil
import struct
import tempfile
import time
import zlib
from pathlib import Path

from click.testing import CliRunner

from companion.data import default_cards_dir
from companion.web.app import create_app
from generator.cli import main as havoc_pnp

HEAD = '<svg xmlns="http://www.w3.org/2000/svg"'
PATH = '<path d="M1 1L9 9L1 9z"/>'
LAUGHS = (
    '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
    + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(8))
    + f']>{HEAD} viewBox="0 0 10 10">{PATH}<text>&i;</text></svg>'
)
DATA_PNG = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9"
    "awAAAABJRU5ErkJggg=="
)


def _png(width: int, height: int) -> bytes:
    """A valid, small (compressed) PNG of width x height black pixels."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    row = b"\0" + b"\0" * width
    raw = zlib.compress(row * height, 9)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


SVGS = {
    "truncated": f'{HEAD} viewBox="0 0 10 10">{PATH}<path d="M',
    "undefined entity": f'{HEAD} viewBox="0 0 10 10">&nope;{PATH}</svg>',
    "billion laughs": LAUGHS,
    "width inf": f'{HEAD} width="inf" height="inf">{PATH}</svg>',
    "width 1e309": f'{HEAD} width="1e309" height="10">{PATH}</svg>',
    "viewBox inf": f'{HEAD} viewBox="0 0 inf inf">{PATH}</svg>',
    "viewBox nan": f'{HEAD} viewBox="0 0 nan 10">{PATH}</svg>',
    "viewBox 1e-300": f'{HEAD} viewBox="0 0 1e-300 1e-300">{PATH}</svg>',
    "data image": f'{HEAD} viewBox="0 0 10 10">{PATH}'
    f'<image href="data:image/png;base64,{DATA_PNG}" width="5" height="5"/></svg>',
    "xlink data image": f'{HEAD} xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">'
    f'{PATH}<image xlink:href="data:image/png;base64,{DATA_PNG}" width="5" height="5"/></svg>',
}
PAGES = [
    "/dark-blades/fight?a1=Goblin&d1=Goblin&die=7",
    "/dark-blades/scenarios/arena",
    "/cthulhu-who/setup?seed=1",
]


def _cards(folder: Path) -> Path:
    cards = folder / "cards"
    (cards / "dark-blades").mkdir(parents=True)
    shutil.copy(default_cards_dir() / "dark-blades" / "pieces.csv", cards / "dark-blades")
    return cards


def _as_cell(cards: Path, name: str, content: bytes | None, suffix: str) -> None:
    """The Goblin's art cell names a file holding ``content`` (None: a symlink loop)."""
    target = cards / "dark-blades" / f"mine{suffix}"
    if content is None:
        os.symlink(target.name, target)
    else:
        target.write_bytes(content)
    roster = cards / "dark-blades" / "pieces.csv"
    text = roster.read_text(encoding="utf-8")
    roster.write_text(text.replace(",goblin\n", f",mine{suffix}\n"), encoding="utf-8")


def _as_kit_art(cards: Path, content: bytes) -> None:
    """Every one of the kit's SVG figures replaced by ``content`` under --cards."""
    art = cards / "art"
    shutil.copytree(default_cards_dir() / "art", art)
    for svg in art.glob("*.svg"):
        svg.write_bytes(content)


def run(verbose: bool) -> dict[str, float]:
    logging.getLogger("havoc.web").disabled = True
    counts: dict[str, float] = {"inputs": 0, "tracebacks": 0, "long answers": 0, "500s": 0}
    slowest = (0.0, "")
    runner = CliRunner()
    cases: list[tuple[str, str, bytes | None, str]] = []
    for name, text in SVGS.items():
        cases += [(name, "cell", text.encode(), ".svg"), (name, "kit art", text.encode(), ".svg")]
    cases += [("symlink loop", "cell", None, ".svg"), ("symlink loop", "cell", None, ".png")]
    cases += [("png 12000x12000", "cell", _png(12000, 12000), ".png")]
    cases += [("png 1x60000", "cell", _png(1, 60000), ".png")]
    with tempfile.TemporaryDirectory() as tmp:
        for number, (name, how, content, suffix) in enumerate(cases):
            folder = Path(tmp) / str(number)
            folder.mkdir()
            cards = _cards(folder)
            if how == "cell":
                _as_cell(cards, name, content, suffix)
            else:
                assert content is not None
                _as_kit_art(cards, content)
            label = f"{name} ({how})"
            for extra in ([], ["--svg", str(folder / "svg")]):
                counts["inputs"] += 1
                began = time.perf_counter()
                args = ["counters", "--cards", str(cards), "-o", str(folder / "c.pdf"), *extra]
                result = runner.invoke(havoc_pnp, args, catch_exceptions=True)
                took = time.perf_counter() - began
                slowest = max(slowest, (took, f"{label}: counters {' '.join(extra)}"))
                if result.exit_code not in (0, 2) or (
                    result.exception is not None and not isinstance(result.exception, SystemExit)
                ):
                    counts["tracebacks"] += 1
                    _say(verbose, f"TRACEBACK {label}: {result.exception!r}")
                elif result.exit_code == 2 and result.output.strip().count("\n"):
                    counts["long answers"] += 1
                    _say(verbose, f"LONG {label}: {result.output[:200]!r}")
                else:
                    _say(verbose, f"paper {label}: exit {result.exit_code} {result.output[:120]!r}")
            client = create_app(cards=cards).test_client()
            for page in PAGES:
                counts["inputs"] += 1
                began = time.perf_counter()
                answer = client.get(page)
                slowest = max(slowest, (time.perf_counter() - began, f"{label}: {page}"))
                if answer.status_code >= 500:
                    counts["500s"] += 1
                    _say(verbose, f"500 {label}: {page}")
    counts["slowest seconds"] = round(slowest[0], 2)
    print(f"slowest: {slowest[1]}")
    return counts


def _say(verbose: bool, line: str) -> None:
    if verbose:
        print(line[:240])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    counts = run(args.verbose)
    for key, value in counts.items():
        print(f"{key}: {value}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory: {peak:.0f} MB")


if __name__ == "__main__":
    main()
