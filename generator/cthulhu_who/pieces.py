"""Cthulhu Who? pieces for one set-up: exactly the figures and tokens its rolls call for.

Faces are in cell units, one cell = one board square (the sheet prints them at the board's
square size). Each kind of figure has its own colour, shape AND letter, so they part at a
glance and in greyscale: heroes a circle (H), cultists a triangle (C), monsters a square (M)
covering their true footprint (1 x 1, 1 x 2, 2 x 2), weapon counters a diamond; terrain tokens
take the shape and letter of their kind (cards/cthulhu-who/garden.toml, the kit's choice).
Figures are double-sided: the back shows the figure dead and removed; a 4-square monster's back
reminds of its collapse.
"""

from __future__ import annotations

import math

from companion import art
from companion.cthulhu_who.garden import Garden, TerrainKind
from companion.cthulhu_who.setup import SetUp
from companion.data import Cards
from generator.sheet.fonts import BOLD, REGULAR
from generator.sheet.pieces import Circle, Face, Figure, Line, Op, Piece, Polygon, Rect, Text

HERO, CULTIST, MONSTER, WEAPON, TERRAIN = "hero", "cultist", "monster", "weapon", "terrain"
INK = "#000000"
DEAD_BG = "#d9d9d9"
# Okabe-Ito hues (distinct for the common colour-vision deficiencies), tinted for backgrounds;
# the shape and the letter carry the same meaning.
LOOK = {
    HERO: ("#0072b2", "#cfe6f5", "circle", "H"),
    CULTIST: ("#d55e00", "#fbe0cc", "triangle", "C"),
    MONSTER: ("#7a3d6e", "#f0d6ea", "square", "M"),
    WEAPON: ("#a08a00", "#fbf6c4", "diamond", ""),
}
BLOCK = "set-up"  # one block: squares fill rows whatever the kind
WEAPON_LETTERS = {"Cutlery": "Cu", "Poker": "Po", "Antique Pike": "Pk", "Pistol": "Pi"}


def weapon_letters(weapon: str) -> str:
    """Two letters that tell the rules' five weapons apart (Cu, Po, Pk, Pi, Sg)."""
    if weapon in WEAPON_LETTERS:
        return WEAPON_LETTERS[weapon]
    if weapon == "Shotgun":
        return "Sg"
    return weapon[:2]


def letter_colour(fill: str) -> str:
    """White on a dark fill, black on a light one (readable in greyscale too)."""
    r, g, b = (int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 0.55 else "#ffffff"


def shape_ops(shape: str, cx: float, cy: float, r: float, fill: str, stroke: str) -> list[Op]:
    """A shape of radius ``r`` centred on (cx, cy): circle, square, diamond, triangle, hexagon."""
    width = 0.03
    if shape == "circle":
        return [Circle(cx, cy, r, fill, stroke, width)]
    if shape == "square":
        s = r * 0.9
        return [Rect(cx - s, cy - s, 2 * s, 2 * s, fill, stroke, width)]
    points: tuple[tuple[float, float], ...]
    if shape == "diamond":
        points = ((cx, cy + r), (cx + r, cy), (cx, cy - r), (cx - r, cy))
    elif shape == "triangle":
        points = ((cx, cy + r), (cx + r * 0.95, cy - r * 0.7), (cx - r * 0.95, cy - r * 0.7))
    else:  # hexagon
        points = tuple(
            (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
            for a in range(0, 360, 60)
        )
    return [Polygon(tuple((round(x, 4), round(y, 4)) for x, y in points), fill, stroke, width)]


def _emblem(
    shape: str, letter: str, fill: str, w: float, h: float, name: str, sub: str = ""
) -> list[Op]:
    """The shape with its letter in the upper part of a w x h face, the name below; all of it
    scaled up with the piece's shorter side (a 2 x 2 monster's emblem is twice as big)."""
    k = min(w, h)
    cx, cy = w / 2, h - 0.38 * k
    ops = shape_ops(shape, cx, cy, 0.26 * k, fill, INK)
    base = cy - (0.08 if shape != "triangle" else 0.12) * k
    ops.append(Text(cx, base, letter, 0.24 * k, letter_colour(fill), BOLD))
    ops.append(Text(cx, 0.21 * k, name, 0.17 * k, INK, BOLD, max_width=w - 0.12))
    if sub:
        ops.append(Text(cx, 0.07 * k, sub, 0.095 * k, INK, REGULAR, max_width=w - 0.16))
    return ops


def _figure(figure: str, w: float, h: float) -> list[Op]:
    """The kind's figure (cards/cthulhu-who/figures.toml, the kit's choice) small in the top
    left corner, clear of the shape and its letter (scaled like the emblem)."""
    if not figure:
        return []
    k = min(w, h)
    size = 0.16 * k  # clear of the shape: it starts 0.24 in
    return [Figure(0.08, h - 0.08 - size, size, size, figure, INK)]


def _frame(w: float, h: float, colour: str) -> Op:
    return Rect(0.04, 0.04, w - 0.08, h - 0.08, None, colour, 0.03, 0.06)


def _dead(w: float, h: float, letter: str, name: str, lines: tuple[str, ...] = ()) -> Face:
    """A back: the figure's letter struck through, DEAD, remove it (scaled like the front);
    with ``lines`` (a big monster's collapse), the reminder under DEAD."""
    k = 1.0 if lines else min(w, h)
    cx = w / 2
    ops: list[Op] = [
        Text(cx, h - 0.42 * k, letter, 0.3 * k, "#666666", BOLD),
        Line(cx - 0.25 * k, h - 0.5 * k, cx + 0.25 * k, h - 0.12 * k, INK, 0.05 * k),
        Line(cx - 0.25 * k, h - 0.12 * k, cx + 0.25 * k, h - 0.5 * k, INK, 0.05 * k),
        Text(cx, 0.1 * k, f"{name}: remove", 0.1 * k, INK, max_width=w - 0.16),
    ]
    if not lines:
        ops.append(Text(cx, 0.3 * k, "DEAD", 0.17 * k, INK, BOLD))
        return Face(f"{name} dead", DEAD_BG, tuple(ops))
    ops.append(Text(cx, h - 0.85, "DEAD", 0.28, INK, BOLD))
    y = h - 1.15
    for line in lines:
        ops.append(Text(cx, y, line, 0.15, INK, REGULAR, max_width=w - 0.14))
        y -= 0.2
    return Face(f"{name} dead", DEAD_BG, tuple(ops))


def hero_piece(number: int, weapon: str, figure: str = "") -> Piece:
    """Hero ``number`` (as listed on the sheet), carrying ``weapon``; ``figure`` a file."""
    colour, tint, shape, letter = LOOK[HERO]
    name = f"Hero {number}"
    emblem = _emblem(shape, letter, colour, 1, 1, name, weapon)
    front = Face(name, tint, (_frame(1, 1, colour), *emblem, *_figure(figure, 1, 1)))
    return Piece(name, front, _dead(1, 1, letter, name), 1, 1, BLOCK, (HERO, weapon))


def weapon_piece(number: int, weapon: str) -> Piece:
    """The weapon counter that goes under hero ``number`` (as the rules recommend)."""
    colour, tint, shape, _ = LOOK[WEAPON]
    ops = [_frame(1, 1, colour), *_emblem(shape, weapon_letters(weapon), colour, 1, 1, weapon)]
    ops.append(Text(0.5, 0.07, f"under Hero {number}", 0.095, INK, max_width=0.84))
    return Piece(
        f"{weapon} (Hero {number})",
        Face(weapon, tint, tuple(ops)),
        None,
        1,
        1,
        BLOCK,
        (WEAPON, weapon),
    )


def cultist_piece(number: int, figure: str = "") -> Piece:
    """One cultist; ``figure`` a file."""
    colour, tint, shape, letter = LOOK[CULTIST]
    name = f"Cultist {number}"  # the same words on both faces
    emblem = _emblem(shape, letter, colour, 1, 1, name)
    front = Face(name, tint, (_frame(1, 1, colour), *emblem, *_figure(figure, 1, 1)))
    return Piece(name, front, _dead(1, 1, letter, name), 1, 1, BLOCK, (CULTIST,))


def monster_footprint(squares: int, max_cols: int = 2) -> tuple[int, int]:
    """(cols, rows) a monster covers: 1 -> 1 x 1, 2 -> 1 x 2 (two across, or two down when
    ``max_cols`` is 1: a narrow fold-over half), 4 -> 2 x 2."""
    if squares == 4:
        return 2, 2
    if squares == 2 and max_cols < 2:
        return 1, 2
    if squares in (1, 2):
        return squares, 1
    cols = math.ceil(math.sqrt(squares))
    return cols, math.ceil(squares / cols)


def monster_piece(
    number: int, name: str, squares: int, max_cols: int = 2, figure: str = ""
) -> Piece:
    """Monster ``number`` of type ``name`` at its true footprint; ``figure`` a file."""
    colour, tint, shape, letter = LOOK[MONSTER]
    cols, rows = monster_footprint(squares, max_cols)
    label = f"{name} {number}"
    shown = f"{name.upper()} {number}"  # the same words on both faces
    sub = f"{squares}-square monster"
    ops: list[Op] = [_frame(cols, rows, colour)]
    ops += _emblem(shape, letter, colour, cols, rows, shown, sub)
    ops += _figure(figure, cols, rows)
    for i in range(1, cols):  # ticks at the square lines: the footprint reads on the board
        ops.append(Line(i, rows - 0.16, i, rows - 0.04, colour, 0.02))
    for j in range(1, rows):
        ops.append(Line(0.04, j, 0.16, j, colour, 0.02))
        ops.append(Line(cols - 0.16, j, cols - 0.04, j, colour, 0.02))
    if squares >= 4:
        back = _dead(
            cols,
            rows,
            letter,
            shown,
            ("COLLAPSES when killed:", "a Cultist-type attack on", "every figure next to it"),
        )
    else:
        back = _dead(cols, rows, letter, shown)
    return Piece(
        label,
        Face(label, tint, tuple(ops)),
        back,
        cols,
        rows,
        BLOCK,
        (MONSTER, name, str(squares)),
    )


def terrain_piece(kind: TerrainKind, number: int) -> Piece:
    """A terrain token of ``kind`` (single-sided)."""
    ops = [_frame(1, 1, "#333333"), *_emblem(kind.shape, kind.letter, kind.colour, 1, 1, kind.name)]
    ops.append(Text(0.5, 0.07, "terrain (kit)", 0.09, INK))
    return Piece(
        f"{kind.name} {number}",
        Face(kind.name, "#ffffff", tuple(ops)),
        None,
        1,
        1,
        BLOCK,
        (TERRAIN, kind.name),
    )


def figure_files(cards: Cards) -> dict[str, str]:
    """Kind (hero, cultist, monster) -> the figure file cards/cthulhu-who/figures.toml names."""
    found = art.game_figures(cards, "cthulhu-who", (HERO, CULTIST, MONSTER))
    return {kind: str(path) for kind, path in found.items()}


def setup_pieces(
    setup: SetUp, garden: Garden, max_cols: int = 2, figures: dict[str, str] | None = None
) -> list[Piece]:
    """Every piece this set-up needs, in the order of the sheet: monsters, cultists, heroes,
    their weapon counters, then the terrain tokens of its garden; ``figures`` (kind -> file,
    `figure_files`) puts each kind's figure on its pieces."""
    art = figures or {}
    pieces = [
        monster_piece(i, setup.size.name, setup.size.squares, max_cols, art.get(MONSTER, ""))
        for i in range(1, setup.monsters + 1)
    ]
    pieces += [cultist_piece(i, art.get(CULTIST, "")) for i in range(1, setup.cultists + 1)]
    pieces += [hero_piece(i, w, art.get(HERO, "")) for i, w in enumerate(setup.weapons, start=1)]
    pieces += [weapon_piece(i, w) for i, w in enumerate(setup.weapons, start=1)]
    counts: dict[str, int] = {}
    for t in sorted(garden.terrain, key=lambda t: (t.kind.name, t.row, t.col)):
        counts[t.kind.name] = counts.get(t.kind.name, 0) + 1
        pieces.append(terrain_piece(t.kind, counts[t.kind.name]))
    return pieces
