"""Tabletop Simulator: the spell deck as a card sheet and its back, the counters as
double-sided tiles, the maps and layouts as boards, and saved objects that spawn them: one with
everything, one per scenario laid out for play (shared/reference/exports.md).

A card sheet is a grid of at most 10 x 7 cards, each sheet at most 4096 px a side (RGB PNG);
the deck is a ``DeckCustom`` whose ``CustomDeck`` names the sheet and the back, its cards'
``CardID`` = deck key x 100 + index. Each counter is a ``Custom_Tile`` (front and back images),
every copy the sheets print, gathered in one bag per side. ``Stretch`` is false: TTS's
knowledge base says a stretched tile's image is squeezed into a symmetrical (square) tile, an
unstretched one takes its image's shape, so a double-length counter stays 2 x 1. Such a tile is
``scaleZ`` units deep and as wide as its image's shape makes it, so every counter has the same
scale (one cell deep) and each board (a locked tile of the map drawn as VASSAL's boards are)
the scale that makes it as many cells deep as the map is counters: the maps at the counters'
scale. Image addresses are ``file:///`` paths to the files written, or ``--base-url URL`` +
the file name, for a table whose other players must see them.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from companion.dark_blades.maps import HexMap
from companion.data import Cards
from companion.kniggits.rules import ROLES
from generator.cthulhu_who.pieces import HERO, WEAPON
from generator.export import sources
from generator.export.cthulhu import cthulhu_set_up
from generator.export.faces import FacePage, rasterise, save_png, write_faces_pdf
from generator.export.scenario_setup import set_ups
from generator.export.vassal import board_images, scenario_boards
from generator.kniggits.settings import settings
from generator.kniggits.tokens import token_face
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


def _transform(x: float, z: float, scale: float = 1.0, y: float = 1.0) -> dict[str, float]:
    return {
        "posX": x, "posY": y, "posZ": z, "rotX": 0.0, "rotY": 180.0, "rotZ": 0.0,
        "scaleX": scale, "scaleY": 1.0, "scaleZ": scale,
    }  # fmt: skip


def tile(name: str, front: str, back: str, scale: float, x: float = 0.0, z: float = 0.0,
         locked: bool = False, thickness: float = 0.1) -> dict[str, Any]:  # fmt: skip
    """A two-sided ``Custom_Tile`` of its images' shape (``Stretch`` false), ``scale`` units
    deep."""
    return {
        "Name": "Custom_Tile",
        "Nickname": name,
        "Transform": _transform(x, z, scale),
        "Locked": locked,
        "CustomImage": {
            "ImageURL": front,
            "ImageSecondaryURL": back,
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
            "CustomTile": {
                "Type": 0,
                "Thickness": thickness,
                "Stackable": False,
                "Stretch": False,
            },
        },
    }


def card_sheet(out: Path, cards: Cards, source_only: bool) -> tuple[Path, Path, int, int, list]:
    """The deck's fronts on one sheet (a grid of at most 10 x 7) and its back; returns the two
    paths, the grid and the deck's pieces."""

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
    save_png(sheet, faces)
    save_png(images[-1], back)
    return faces, back, cols, rows, deck


def export_tts(
    out: Path,
    cards: Cards,
    piece_size: float,
    source_only: bool = False,
    base_url: str | None = None,
    final: Path | None = None,
    seed: int = 1,
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
    tiles, bags, shown, images = _tiles(out / "counters", cards, piece_size, source_only, url)
    boards = _boards(out / "maps", cards, piece_size, source_only)
    scale = piece_size / 45.0
    board_objects, x = [], 0.0
    for b in boards:
        board_objects.append(_board(b, url, scale, x))
        x += b.depth * scale * b.aspect * 1.1 + 2.0
    saved = _saved("Havoc Kit: Dark Blades", [deck_object, *bags, *board_objects])
    target = out / "havoc-kit-dark-blades.json"
    target.write_text(json.dumps(saved, indent=1) + "\n", encoding="utf-8")
    written = [faces, back, *tiles, *[b.path for b in boards], target]

    setups = set_ups(cards, piece_size, source_only, {b.key: b.hexmap for b in boards})
    with tempfile.TemporaryDirectory(prefix="havoc-tts-") as tmp:
        played = scenario_boards(setups, piece_size, Path(tmp))
    for board, image, setup in played:  # the scenario's maps, its marks drawn, a margin
        board_path = out / "maps" / board.image
        save_png(image, board_path)
        depth = board.height / (piece_size * board.px_per_pt)
        drawn = TtsBoard(board.key, board.name, board_path, board.width / board.height, depth,
                         setup.hexmap)  # fmt: skip
        path = out / f"havoc-kit-dark-blades-{setup.key}.json"
        objects = _scenario(setup, drawn, deck_object, images, url, scale)
        written.insert(-1, board_path)
        path.write_text(
            json.dumps(_saved(f"Havoc Kit: Dark Blades: {setup.title}", objects), indent=1) + "\n",
            encoding="utf-8",
        )
        written.append(path)
    kniggits, kniggits_said = _kniggits(out / "kniggits", cards, url)
    written += kniggits
    cthulhu, cthulhu_said, cthulhu_pieces = _cthulhu(out / "cthulhu-who", cards, url, seed)
    written += cthulhu
    said = [
        f"spell deck: {faces.name} ({cols} x {rows} cards of {CARD_PX[0]} x {CARD_PX[1]} px), "
        f"{back.name}",
        f"{sum(len(b['ContainedObjects']) for b in bags)} counters as tiles, "
        f"{len(tiles) // 2} designs, in {len(bags)} bags",
        f"{len(boards)} boards (" + ", ".join(b.name for b in boards) + ") at the counters' scale",
        f"{target.name}: everything; "
        + (
            f"{len(setups)} scenarios laid out (havoc-kit-dark-blades-SCENARIO.json: "
            + ", ".join(s.key for s in setups)
            + "); copy them into Tabletop Simulator's Saved Objects folder"
            if setups
            else "copy it into Tabletop Simulator's Saved Objects folder"
        ),
    ]
    return written, [*said, kniggits_said, cthulhu_said], [*deck, *shown, *cthulhu_pieces]


def _cthulhu(
    folder: Path, cards: Cards, url: Urls, seed: int
) -> tuple[list[Path], str, list[Piece]]:
    """Cthulhu Who?: set-up ``seed`` (`cthulhu.cthulhu_set_up`): the board with its garden, a
    locked tile; the pieces, a square tile each (a monster its footprint), one a square deep
    at scale 1; a bag for each start row and one of weapon counters; the rolls on a notecard."""

    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="havoc-tts-") as tmp:
        made = cthulhu_set_up(cards, seed, Path(tmp))
    files = []
    board_path = folder / f"board-seed-{seed}.png"
    save_png(made.board, board_path)
    files.append(board_path)
    bags: dict[str, list[dict[str, Any]]] = {
        "Heroes (start on row 1)": [],
        "Weapon counters (under their heroes)": [],
        "Monsters and cultists (start on row 8)": [],
    }
    for piece, front, back in made.pieces:
        base = sources.slug(piece.name)
        paths = folder / f"{base}-front.png", folder / f"{base}-back.png"
        save_png(front, paths[0])
        save_png(back, paths[1])
        files += paths
        bag = next(iter(bags)) if HERO in piece.tags else (
            list(bags)[1] if WEAPON in piece.tags else list(bags)[2]
        )  # fmt: skip
        bags[bag].append(tile(piece.name, url(paths[0]), url(paths[1]), 1.0))
    depth = made.squares[1]
    objects: list[dict[str, Any]] = [
        tile(
            f"Cthulhu Who? board, seed {seed} (board)",
            url(board_path),
            url(board_path),
            depth,
            0.0,
            0.0,
            True,
            0.2,
        )  # fmt: skip
    ]
    for i, (name, tiles) in enumerate(bags.items()):
        objects.append({"Name": "Bag", "Nickname": name,
                        "Transform": _transform(-depth - 3.0, depth / 2 - 3.0 * i),
                        "ContainedObjects": tiles})  # fmt: skip
    objects.append({"Name": "Notecard", "Nickname": made.lines[0],
                    "Description": "\n".join(made.lines[1:]),
                    "Transform": _transform(depth + 3.0, depth / 2)})  # fmt: skip
    target = folder / "havoc-kit-cthulhu-who.json"
    target.write_text(json.dumps(_saved(f"Havoc Kit: Cthulhu Who? (seed {seed})", objects),
                                 indent=1) + "\n", encoding="utf-8")  # fmt: skip
    files.append(target)
    return (
        files,
        (
            f"Cthulhu Who?: cthulhu-who/havoc-kit-cthulhu-who.json, set-up seed {seed} (--seed): "
            f"the board with its garden, {len(made.pieces)} pieces in 3 bags, the rolls"
        ),
        [p for p, _f, _b in made.pieces],
    )


KNIGGITS_TOKEN = 36.0  # points: the kit's default token (1/2in), as `havoc-pnp kniggits` prints


def _kniggits(folder: Path, cards: Cards, url: Urls) -> tuple[list[Path], str]:
    """Kniggits: a round token image per kind of skill token, and a saved object with a bag of
    each (as many as the kit prints of each, print.toml's ``per_colour``), the tokens round
    tiles (Custom_Tile type 2) that stack."""

    folder.mkdir(parents=True, exist_ok=True)
    chosen = settings(cards)
    size = KNIGGITS_TOKEN
    pages = [FacePage(token_face(chosen.kinds[r], "round"), size, size, size) for r in ROLES]
    pdf = write_faces_pdf(folder / "tokens.pdf", pages, 0.0, "Tabletop Simulator tokens")
    try:
        images = rasterise(pdf, TILE_DPI)
    finally:
        pdf.unlink()
    files, bags = [], []
    for i, (role, image) in enumerate(zip(ROLES, images, strict=True)):
        kind = chosen.kinds[role]
        path = folder / f"token-{role}.png"
        save_png(image, path)
        files.append(path)
        token = tile(f"{kind.label} token ({kind.letter})", url(path), url(path), size / 45.0)
        token["CustomImage"]["CustomTile"].update(Type=2, Stackable=True)
        bags.append(
            {
                "Name": "Bag",
                "Nickname": f"{kind.label} tokens ({kind.letter})",
                "Transform": _transform(3.0 * i, 0.0),
                "ContainedObjects": [token] * chosen.per_colour,
            }
        )
    target = folder / "havoc-kit-kniggits.json"
    target.write_text(json.dumps(_saved("Havoc Kit: Kniggits", bags), indent=1) + "\n",
                      encoding="utf-8")  # fmt: skip
    return [*files, target], (
        f"Kniggits: kniggits/havoc-kit-kniggits.json, a bag of {chosen.per_colour} round "
        f"tokens of each of the {len(ROLES)} skills"
    )


def _saved(name: str, objects: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "SaveName": name,
        "GameMode": "",
        "Note": "Made by havoc-pnp export tts from the Havoc Kit's own sheets.",
        "ObjectStates": objects,
        "TabStates": {},
        "VersionNumber": "",
    }


@dataclass(frozen=True)
class TtsBoard:
    """A board image written for TTS: its map's or layout's key and name, its file, its shape
    (width over height) and its depth in counters (the map's height over the piece size)."""

    key: str
    name: str
    path: Path
    aspect: float
    depth: float
    hexmap: HexMap


def _boards(folder: Path, cards: Cards, piece: float, source_only: bool) -> list[TtsBoard]:
    """Every map and layout, drawn as VASSAL's boards are (`vassal.board_images`), one PNG each."""

    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="havoc-tts-") as tmp:
        made = board_images(cards, piece, source_only, Path(tmp))
    out = []
    for board, image, hexmap in made:
        path = folder / board.image
        save_png(image, path)
        depth = board.height / (piece * board.px_per_pt)
        out.append(TtsBoard(board.key, board.name, path, board.width / board.height, depth, hexmap))
    return out


def _board(b: TtsBoard, url: Urls, scale: float, x: float = 0.0) -> dict[str, Any]:
    """A board: a locked tile of the map, ``depth`` counters deep at the counters' ``scale``."""
    made = tile(f"{b.name} (board)", url(b.path), url(b.path), scale * b.depth, x, 0.0, True, 0.2)
    made["Transform"]["posY"] = 0.9
    return made


def _scenario(setup, board: TtsBoard, deck: dict[str, Any], images, url: Urls, scale: float):
    """A scenario laid out: its board, a bag per side (its turn of entry in its name), the
    markers, the spell deck, and a notecard with the scenario sheet's text."""
    width = board.depth * scale * board.aspect
    objects: list[dict[str, Any]] = [_board(board, url, scale)]
    z = board.depth * scale / 2
    for i, side in enumerate(setup.sides):
        when = f", enters on turn {side.enters_turn}" if side.enters_turn else ""
        bag = {
            "Name": "Bag",
            "Nickname": f"{side.name}{when}",
            "Description": side.setup,
            "Transform": _transform(-width / 2 - 3.0, z - 3.0 * i),
            "ContainedObjects": [_piece_tile(p, images, url, scale) for p in side.pieces],
        }
        objects.append(bag)
    if setup.markers:
        objects.append(
            {
                "Name": "Bag",
                "Nickname": "Markers",
                "Transform": _transform(-width / 2 - 3.0, z - 3.0 * len(setup.sides)),
                "ContainedObjects": [_piece_tile(p, images, url, scale) for p in setup.markers],
            }
        )
    objects.append({**deck, "Transform": _transform(width / 2 + 3.0, z)})
    objects.append(
        {
            "Name": "Notecard",
            "Nickname": setup.title,
            "Description": setup.text,
            "Transform": _transform(width / 2 + 3.0, z - 5.0),
        }
    )
    return objects


def _piece_tile(p: Piece, images, url: Urls, scale: float) -> dict[str, Any]:
    front, back = images[(p.front, p.back, p.cols, p.rows)]
    return tile(p.name, url(front), url(back), scale)


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
            save_png(image, path)
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
            name = k.piece.name if k.count == 1 else f"{k.name} {n + 1}"
            bag["ContainedObjects"].append(tile(name, url(front), url(back), size / 45.0))
    images = {
        (k.piece.front, k.piece.back, k.piece.cols, k.piece.rows): (files[2 * i], files[2 * i + 1])
        for i, k in enumerate(kinds)
    }
    return files, list(bags.values()), [k.piece for k in kinds], images
