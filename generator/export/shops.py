"""Print-shop images: The Game Crafter (``tgc``) and MakePlayingCards / PrinterStudio (``mpc``).

Sizes at 300 dpi (shared/reference/exports.md): TGC poker cards 825 x 1125 px (1/8in bleed,
safe zone 75 px in), square chits 225 / 300 / 375 px for 1/2in, 3/4in and 1in pieces with their
1/8in bleed; MPC cards 822 x 1122 px (36 px bleed a side). One RGB PNG a face, the deck's
shared back once; counters as front and back PNGs of each distinct piece, with a CSV of how
many of each to order.
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import NamedTuple

from companion.data import Cards
from generator.export import sources
from generator.export.faces import FacePage, rasterise, write_faces_pdf
from generator.sheet.pieces import Piece
from generator.sheet.units import INCH

DPI = 300
CHITS = {0.5 * INCH: "small", 0.75 * INCH: "medium", 1.0 * INCH: "large"}  # TGC square chits


class Shop(NamedTuple):
    """A shop's card template: its name, the bleed a side (points) and the image size (px)."""

    key: str
    name: str
    bleed: float
    size: tuple[int, int]
    safe: int  # px from the image edge inside which everything to read lies


SHOPS = {
    "tgc": Shop("tgc", "The Game Crafter", INCH / 8, (825, 1125), 75),
    "mpc": Shop("mpc", "MakePlayingCards / PrinterStudio", 36 * 72 / 300, (822, 1122), 72),
}


class Written(NamedTuple):
    """What an export wrote: its files (relative to its folder) and what it says of them."""

    files: list[Path]
    said: list[str]
    pieces: tuple[Piece, ...] = ()  # what the images show (for the figures' credit)


def _pngs(pages: list[FacePage], bleed: float, names: list[str], folder: Path, title: str):
    folder.mkdir(parents=True, exist_ok=True)
    pdf = write_faces_pdf(folder / "faces.pdf", pages, bleed, title)
    try:
        images = rasterise(pdf, DPI)
    finally:
        pdf.unlink()
    paths = []
    for name, image in zip(names, images, strict=True):
        path = folder / f"{name}.png"
        image.save(path, optimize=False)
        paths.append(path)
    return paths, images


def export_shop(
    key: str, out: Path, cards: Cards, piece_size: float, source_only: bool = False
) -> Written:
    """The shop's cards (every face, one back) into ``out/cards``; for TGC also the counters
    into ``out/counters`` when ``piece_size`` is one of its chit sizes."""
    shop = SHOPS[key]
    deck = sources.spell_deck(cards, source_only)
    w, h = sources.POKER
    faces = [FacePage(p.front, w, h, 1.0) for p in deck] + [
        FacePage(sources.back(deck[0]), w, h, 1.0)
    ]
    names = [sources.slug(p.name) for p in deck] + ["back"]
    files, images = _pngs(faces, shop.bleed, names, out / "cards", f"{shop.name} cards")
    assert all(i.size == shop.size for i in images), [i.size for i in images]
    said = [f"{len(deck)} card fronts and 1 back, {shop.size[0]} x {shop.size[1]} px"]
    shown: list[Piece] = list(deck)
    if key == "tgc":
        chit = CHITS.get(round(piece_size, 6))
        if chit is None:
            said.append(
                "counters: no TGC chit is 5/8in; build with --piece-size 1/2in, 3/4in or 1in"
                if abs(piece_size - 45) < 1e-6
                else "counters: TGC's square chits are 1/2in, 3/4in or 1in (--piece-size)"
            )
        else:
            more, line, chits = _chits(out / "counters", cards, piece_size, source_only, chit)
            files += more
            said.append(line)
            shown += chits
    return Written([f.relative_to(out) for f in files], said, tuple(shown))


def _chits(folder: Path, cards: Cards, size: float, source_only: bool, chit: str):
    """Square counters as TGC chits: front and back of each distinct piece, and counts.csv."""
    kinds = [k for k in sources.kinds(sources.counters(cards, size, source_only))]
    square = [k for k in kinds if k.piece.cols == k.piece.rows == 1]
    pages, names = [], []
    for k in square:
        pages += [
            FacePage(k.piece.front, size, size, size),
            FacePage(sources.back(k.piece), size, size, size),
        ]
        names += [f"{k.name}-front", f"{k.name}-back"]
    files, images = _pngs(pages, INCH / 8, names, folder, "The Game Crafter chits")
    px = images[0].size[0] if images else 0
    table = folder / "counts.csv"
    with table.open("w", newline="", encoding="utf-8") as handle:
        rows = csv.writer(handle)
        rows.writerow(["count", "front", "back"])
        for k in square:
            rows.writerow([k.count, f"{k.name}-front.png", f"{k.name}-back.png"])
    left = sum(k.count for k in kinds) - sum(k.count for k in square)
    line = (
        f"{sum(k.count for k in square)} counters as {chit} chits ({px} x {px} px), "
        f"{len(square)} designs (counts.csv)"
        + (f"; {left} double-length pieces left out (no TGC chit is 2 x 1)" if left else "")
    )
    return [*files, table], line, [k.piece for k in square]
