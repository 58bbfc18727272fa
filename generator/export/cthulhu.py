"""Cthulhu Who? for the table programs: one set-up by seed, as `havoc-pnp setups --seed`
rolls it - the board (8 x 8 squares, the heroes' start row and the far start row tinted, the
wall) with that seed's garden laid on it, and the set-up's pieces (monsters, cultists, heroes,
their weapon counters) drawn as the printed pieces are, each a square (or a monster's
footprint) at the board's scale, with the rolls' lines to read beside them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.cthulhu_who.garden import garden_for, garden_settings
from companion.cthulhu_who.geometry import column_letter
from companion.cthulhu_who.setup import setup_tables
from companion.data import Cards
from generator.cthulhu_who.board import _board as draw_squares
from generator.cthulhu_who.pieces import TERRAIN, figure_files, setup_pieces, terrain_piece
from generator.cthulhu_who.setups import rolled
from generator.cthulhu_who.sheet import pieces_line, roll_lines
from generator.export.faces import FacePage, rasterise, write_faces_pdf
from generator.sheet.canvas_kit import text
from generator.sheet.files import atomic_file, binary_streams
from generator.sheet.fonts import REGULAR, pdf_font
from generator.sheet.kit_canvas import KitCanvas
from generator.sheet.pages import PageWriter
from generator.sheet.pieces import Piece
from generator.sheet.render_pdf import draw_face

SQUARE = 72.0  # points: a 1in square, the board's and the pieces' (`setups --square 1in`)
LABELS = 0.4  # the margin round the squares for the column letters and row numbers, squares
DPI = 150


@dataclass(frozen=True)
class CthulhuSetUp:
    """A rolled set-up drawn: the board image (the garden on it), its size in squares (the
    margin included), each piece with its faces' images, and the rolls' lines."""

    seed: int
    board: Any
    squares: tuple[float, float]
    pieces: tuple[tuple[Piece, Any, Any], ...]
    lines: tuple[str, ...]


def cthulhu_set_up(cards: Cards, seed: int, scratch: Path) -> CthulhuSetUp:
    """The set-up and garden of ``seed`` (one board), drawn."""

    tables = setup_tables(cards)
    setup = rolled(tables, seed)
    garden = garden_for(garden_settings(cards), seed, 1)
    every = setup_pieces(setup, garden, figures=figure_files(cards))
    pieces = [p for p in every if TERRAIN not in p.tags]
    board_pdf = scratch / "cthulhu-board.pdf"
    size = _board(board_pdf, garden)
    (board,) = rasterise(board_pdf, DPI)
    pages = []
    for p in pieces:
        w, h = p.cols * SQUARE, p.rows * SQUARE
        pages += [FacePage(p.front, w, h, SQUARE), FacePage(p.back or p.front, w, h, SQUARE)]
    drawn = rasterise(write_faces_pdf(scratch / "cthulhu-pieces.pdf", pages, 0.0, "pieces"), DPI)
    faces = tuple((p, drawn[2 * i], drawn[2 * i + 1]) for i, p in enumerate(pieces))
    lines = (f"Cthulhu Who? set-up, seed {seed}", *roll_lines(setup, tables),
             pieces_line(setup, garden))  # fmt: skip
    return CthulhuSetUp(seed, board, size, faces, lines)


def _board(path: Path, garden: Any) -> tuple[float, float]:
    """The board as the tiled board prints it (`board._board`), its garden's terrain tokens on
    their squares as the set-up sheet places them, letters and numbers in the margin; returns
    its size in squares."""

    sq, m = SQUARE, LABELS * SQUARE
    w, h = garden.cols * sq + 2 * m, garden.rows * sq + 2 * m
    with atomic_file(path) as handle, binary_streams():
        c = KitCanvas(handle, invariant=1, initialFontName=pdf_font(REGULAR), pagesize=(w, h))
        c.setTitle("Havoc Kit: Cthulhu Who? board")
        writer = PageWriter(c, "Cthulhu Who? board", draw=lambda canvas, words: None)
        c.setFillColorRGB(1, 1, 1)
        c.rect(0, 0, w, h, stroke=0, fill=1)
        c.saveState()
        c.translate(m, m)
        draw_squares(c, garden.boards, sq)
        for t in garden.terrain:  # a kind's tokens share their face
            draw_face(c, terrain_piece(t.kind, 1).front, t.col * sq, t.row * sq, sq, sq, sq)
        c.restoreState()
        for i in range(garden.cols):
            text(c, m + (i + 0.5) * sq, m * 0.35, column_letter(i), 11, anchor="middle")
        for j in range(garden.rows):
            text(c, m * 0.5, m + (j + 0.4) * sq, str(j + 1), 11, anchor="middle")
        writer.end_page()
        writer.close()
        c.save()
    return w / sq, h / sq
