"""Print-shop images: The Game Crafter (``tgc``) and MakePlayingCards / PrinterStudio (``mpc``).

Sizes at 300 dpi (shared/reference/exports.md): TGC poker cards 825 x 1125 px (1/8in bleed,
safe zone 75 px in), square chits 225 / 300 / 375 px for 1/2in, 3/4in and 1in pieces with their
1/8in bleed; MPC cards 822 x 1122 px (36 px bleed a side). One RGB PNG a face, the deck's
shared back once; counters as front and back PNGs of each distinct piece, with a CSV of how
many of each to order.

Nothing is printed on or near a cut line: a shop's cut drifts, so the faces go without the cut
line the home-printed sheets draw round a card (`uncut`), and a chit's art is drawn inside the
shop's safe zone (1/8in inside the cut: the kit applies TGC's card safe zone to its chits), its
background alone running to the cut and over it into the bleed.
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import NamedTuple

from companion.data import Cards
from generator.export import sources
from generator.export.faces import FacePage, rasterise, save_png, write_faces_pdf
from generator.sheet.pieces import Face, Piece, Rect
from generator.sheet.units import INCH

DPI = 300
CHITS = {0.5 * INCH: "small", 0.75 * INCH: "medium", 1.0 * INCH: "large"}  # TGC square chits
CHIT_SAFE = INCH / 8  # art this far inside a chit's cut (TGC's card safe zone: the kit's reading)
MIN_ART = 0.5 * INCH  # the smallest art a counter's words stay readable at


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


def uncut(face: Face, w: float, h: float) -> Face:
    """``face`` without the cut line the printed sheets draw round it (an unfilled rectangle on
    its cut box ``w`` x ``h``): a shop cuts by its own die, and a line there shows on an edge
    whenever the cut drifts."""
    ops = tuple(
        op
        for op in face.ops
        if not (
            isinstance(op, Rect)
            and op.fill is None
            and max(abs(op.x), abs(op.y), abs(op.w - w), abs(op.h - h)) < 1e-6
        )
    )
    return Face(face.label, face.background, ops)


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
        save_png(image, path)
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
    faces = [FacePage(uncut(p.front, w, h), w, h, 1.0) for p in deck] + [
        FacePage(uncut(sources.back(deck[0]), w, h), w, h, 1.0)
    ]
    names = [sources.slug(p.name) for p in deck] + ["back"]
    files, images = _pngs(faces, shop.bleed, names, out / "cards", f"{shop.name} cards")
    assert all(i.size == shop.size for i in images), [i.size for i in images]
    said = [f"{len(deck)} card fronts and 1 back, {shop.size[0]} x {shop.size[1]} px"]
    shown: list[Piece] = list(deck)
    if key == "tgc":
        chit = CHITS.get(round(piece_size, 6))
        if chit is not None and piece_size - 2 * CHIT_SAFE < MIN_ART - 1e-6:
            said.append(
                f"counters: a {chit} chit's art inside TGC's safe zone (1/8in inside the cut) "
                "would be 1/4in, too small to read; build with --piece-size 3/4in or 1in"
            )
        elif chit is None:
            said.append(
                "counters: no TGC chit is 5/8in; build with --piece-size 3/4in or 1in"
                if abs(piece_size - 45) < 1e-6
                else "counters: TGC's square chits are 1/2in, 3/4in or 1in; the kit's art "
                "fits the 3/4in and 1in ones (--piece-size)"
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
            FacePage(uncut(k.piece.front, 1, 1), size, size, size, CHIT_SAFE),
            FacePage(uncut(sources.back(k.piece), 1, 1), size, size, size, CHIT_SAFE),
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
    art = size - 2 * CHIT_SAFE
    line = (
        f"{sum(k.count for k in square)} counters as {chit} chits ({px} x {px} px, the art "
        f"{art / INCH:g}in inside the 1/8in safe zone), "
        f"{len(square)} designs (counts.csv)"
        + (f"; {left} double-length pieces left out (no TGC chit is 2 x 1)" if left else "")
    )
    return [*files, table], line, [k.piece for k in square]
