"""Tabletop Simulator: the spell deck as a card sheet and its back, the counters as
double-sided tiles, and a saved object that spawns them (shared/reference/exports.md).

A card sheet is a grid of at most 10 x 7 cards, each sheet at most 4096 px a side (RGB PNG);
the deck is a ``DeckCustom`` whose ``CustomDeck`` names the sheet and the back, its cards'
``CardID`` = deck key x 100 + index. Each counter is a ``Custom_Tile`` (front and back images),
every copy the sheets print, gathered in one bag per side. Image addresses are ``file:///``
paths to the files written, or ``--base-url URL`` + the file name, for a table whose other
players must see them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.data import Cards
from generator.export import sources
from generator.export.faces import FacePage, rasterise, write_faces_pdf
from generator.sheet.pieces import Piece

CARD_PX = (400, 560)  # 2.5 x 3.5 in at 160 dpi: 10 across is 4000 px
CARD_DPI = 160
TILE_DPI = 300
MAX_SIDE = 4096
MAX_GRID = (10, 7)
DECK_KEY = 1


class Urls:
    """Image addresses: ``base_url`` + the path inside the export's folder, or a ``file:///``
    address of where the file ends up (``final``: the folder it is moved to)."""

    def __init__(self, root: Path, final: Path | None, base_url: str | None) -> None:
        self.root, self.final, self.base_url = root, final or root, base_url

    def __call__(self, path: Path) -> str:
        inside = path.relative_to(self.root)
        if self.base_url:
            return self.base_url.rstrip("/") + "/" + inside.as_posix()
        return (self.final / inside).resolve().as_uri()


def _transform(x: float, z: float, scale: float = 1.0) -> dict[str, float]:
    return {
        "posX": x, "posY": 1.0, "posZ": z, "rotX": 0.0, "rotY": 180.0, "rotZ": 0.0,
        "scaleX": scale, "scaleY": 1.0, "scaleZ": scale,
    }  # fmt: skip


def card_sheet(out: Path, cards: Cards, source_only: bool) -> tuple[Path, Path, int, int, list]:
    """The deck's fronts on one sheet (a grid of at most 10 x 7) and its back; returns the two
    paths, the grid and the deck's pieces."""
    from PIL import Image

    deck = sources.spell_deck(cards, source_only)
    cols = min(MAX_GRID[0], len(deck))
    rows = -(-len(deck) // cols)
    if rows > MAX_GRID[1]:
        raise ValueError(f"{len(deck)} cards need more than one 10 x 7 sheet")
    w, h = sources.POKER
    pages = [FacePage(p.front, w, h, 1.0) for p in deck] + [
        FacePage(sources.back(deck[0]), w, h, 1.0)
    ]
    pdf = write_faces_pdf(out / "cards.pdf", pages, 0.0, "Tabletop Simulator cards")
    try:
        images = rasterise(pdf, CARD_DPI)
    finally:
        pdf.unlink()
    sheet = Image.new("RGB", (cols * CARD_PX[0], rows * CARD_PX[1]), "white")
    for index, image in enumerate(images[:-1]):
        r, c = divmod(index, cols)
        sheet.paste(image, (c * CARD_PX[0], r * CARD_PX[1]))
    assert max(sheet.size) <= MAX_SIDE
    faces, back = out / "spells-sheet.png", out / "spells-back.png"
    sheet.save(faces)
    images[-1].save(back)
    return faces, back, cols, rows, deck


def export_tts(
    out: Path,
    cards: Cards,
    piece_size: float,
    source_only: bool = False,
    base_url: str | None = None,
    final: Path | None = None,
) -> tuple[list[Path], list[str], list[Piece]]:
    """Write the sheets, the tiles and ``havoc-kit-dark-blades.json`` into ``out``; ``final``:
    the folder they will be moved to (their file:/// addresses), ``out`` itself when None.
    Returns the files, what to say of them and the pieces they show."""
    out.mkdir(parents=True, exist_ok=True)
    url = Urls(out, final, base_url)
    faces, back, cols, rows, deck = card_sheet(out, cards, source_only)
    custom = {
        str(DECK_KEY): {
            "FaceURL": url(faces),
            "BackURL": url(back),
            "NumWidth": cols,
            "NumHeight": rows,
            "BackIsHidden": True,
            "UniqueBack": False,
        }
    }
    ids = [DECK_KEY * 100 + i for i in range(len(deck))]
    deck_object: dict[str, Any] = {
        "Name": "DeckCustom",
        "Nickname": "Dark Blades spell deck",
        "Transform": _transform(0.0, 0.0),
        "DeckIDs": ids,
        "CustomDeck": custom,
        "ContainedObjects": [
            {
                "Name": "Card",
                "Nickname": p.name,
                "CardID": card_id,
                "Transform": _transform(0.0, 0.0),
                "CustomDeck": custom,
            }
            for p, card_id in zip(deck, ids, strict=True)
        ],
    }
    tiles, bags, shown = _tiles(out / "counters", cards, piece_size, source_only, url)
    saved = {
        "SaveName": "Havoc Kit: Dark Blades",
        "GameMode": "",
        "Note": "Made by havoc-pnp export tts from the Havoc Kit's own sheets.",
        "ObjectStates": [deck_object, *bags],
        "TabStates": {},
        "VersionNumber": "",
    }
    target = out / "havoc-kit-dark-blades.json"
    target.write_text(json.dumps(saved, indent=1) + "\n", encoding="utf-8")
    said = [
        f"spell deck: {faces.name} ({cols} x {rows} cards of {CARD_PX[0]} x {CARD_PX[1]} px), "
        f"{back.name}",
        f"{sum(len(b['ContainedObjects']) for b in bags)} counters as tiles, "
        f"{len(tiles) // 2} designs, in {len(bags)} bags",
        f"{target.name}: copy it into Tabletop Simulator's Saved Objects folder",
    ]
    return [faces, back, *tiles, target], said, [*deck, *shown]


def _tiles(folder: Path, cards: Cards, size: float, source_only: bool, url: Urls):
    """Front and back images of each distinct counter, and a bag of tiles per side."""
    folder.mkdir(parents=True, exist_ok=True)
    kinds = sources.kinds(sources.counters(cards, size, source_only))
    pages, files = [], []
    for k in kinds:
        w, h = k.piece.cols * size, k.piece.rows * size
        pages += [
            FacePage(k.piece.front, w, h, size),
            FacePage(k.piece.back or k.piece.front, w, h, size),
        ]
        files += [folder / f"{k.name}-front.png", folder / f"{k.name}-back.png"]
    pdf = write_faces_pdf(folder / "tiles.pdf", pages, 0.0, "Tabletop Simulator tiles")
    try:
        for path, image in zip(files, rasterise(pdf, TILE_DPI), strict=True):
            image.save(path)
    finally:
        pdf.unlink()
    bags: dict[str, dict[str, Any]] = {}
    for index, k in enumerate(kinds):
        block = k.piece.block or "counters"
        bag = bags.setdefault(
            block,
            {
                "Name": "Bag",
                "Nickname": block,
                "Transform": _transform(4.0 + 2.5 * len(bags), 0.0),
                "ContainedObjects": [],
            },
        )
        front, back = files[2 * index], files[2 * index + 1]
        for n in range(k.count):
            bag["ContainedObjects"].append(
                {
                    "Name": "Custom_Tile",
                    "Nickname": k.piece.name if k.count == 1 else f"{k.name} {n + 1}",
                    "Transform": _transform(0.0, 0.0, size / 45.0),
                    "CustomImage": {
                        "ImageURL": url(front),
                        "ImageSecondaryURL": url(back),
                        "ImageScalar": 1.0,
                        "WidthScale": 0.0,
                        "CustomTile": {
                            "Type": 0,
                            "Thickness": 0.1,
                            "Stackable": False,
                            "Stretch": True,
                        },
                    },
                }
            )
    return files, list(bags.values()), [k.piece for k in kinds]
