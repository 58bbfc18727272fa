"""Kniggits skill tokens: Movement, Attack and Defense as printable round or square pieces.

Each kind has its colour *and* its letter and symbol (an arrow, a sword, a shield), so a
greyscale print or a colour-blind player loses nothing. How many: the rules' "at least 40 of
each colour" for two players (``print.toml``), more where the armies bought more (plus the
kit's spares), or the number the user asks for. Faces are in cell units (1 x 1 = one token).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from companion.kniggits.rules import ROLES, ArmyCheck
from generator.kniggits.settings import PrintSettings, TokenKind
from generator.sheet.fonts import BOLD
from generator.sheet.options import SheetOptions
from generator.sheet.pieces import Circle, Face, Op, Piece, Polygon, Rect, Text

Shape = Literal["round", "square"]
SHAPES = ("round", "square")


def token_counts(
    settings: PrintSettings, armies: Sequence[ArmyCheck] = (), asked: int | None = None
) -> dict[str, int]:
    """Tokens to print per kind: ``asked`` of each when the user gives a number (fewer than
    the rules' 40 too); else at least the rules' ``per_colour`` of each, more where the armies
    bought more (what they bought plus the kit's spares)."""
    if asked is not None:
        return dict.fromkeys(ROLES, asked)
    counts = dict.fromkeys(ROLES, settings.spares if armies else 0)
    for army in armies:
        for kniggit in army.kniggits:
            for role in ROLES:
                counts[role] += kniggit.count * kniggit.tokens[role]
    return {role: max(settings.per_colour, n) for role, n in counts.items()}


# A heater shield: a top edge dipping a little at the middle, straight sides, then curving to
# the point (so it never reads as an arrow); points from the top left, clockwise.
SHIELD = (
    (0.36, 0.375), (0.5, 0.355), (0.64, 0.375), (0.64, 0.27), (0.632, 0.215), (0.612, 0.17),
    (0.58, 0.132), (0.543, 0.105), (0.5, 0.085), (0.457, 0.105), (0.42, 0.132), (0.388, 0.17),
    (0.368, 0.215), (0.36, 0.27),
)  # fmt: skip


def _scaled(points: tuple[tuple[float, float], ...], k: float) -> tuple[tuple[float, float], ...]:
    """``points`` scaled by ``k`` about the shield's middle."""
    cx, cy = 0.5, 0.24
    return tuple((round(cx + (x - cx) * k, 4), round(cy + (y - cy) * k, 4)) for x, y in points)


def _symbol(role: str, ink: str, colour: str) -> tuple[Op, ...]:
    """A small symbol under the letter: an arrow (movement), a sword (attack), a shield (an
    outlined heater shield with a band down it, in the token's own colour inside)."""
    pts: tuple[tuple[float, float], ...]
    if role == "movement":
        pts = ((0.32, 0.2), (0.55, 0.2), (0.55, 0.13), (0.68, 0.245), (0.55, 0.36),
               (0.55, 0.29), (0.32, 0.29))  # fmt: skip
        return (Polygon(pts, fill=ink),)
    if role == "attack":
        pts = ((0.47, 0.1), (0.53, 0.1), (0.53, 0.16), (0.62, 0.16), (0.62, 0.2), (0.53, 0.2),
               (0.53, 0.34), (0.5, 0.38), (0.47, 0.34), (0.47, 0.2), (0.38, 0.2),
               (0.38, 0.16), (0.47, 0.16))  # fmt: skip
        return (Polygon(pts, fill=ink),)
    band = ((0.485, 0.36), (0.515, 0.36), (0.515, 0.1), (0.485, 0.1))
    return (Polygon(SHIELD, fill=ink), Polygon(_scaled(SHIELD, 0.66), fill=colour),
            Polygon(band, fill=ink))  # fmt: skip


def token_face(kind: TokenKind, shape: Shape) -> Face:
    """One token: its colour, its letter large, its symbol below, a dark outline to cut on."""
    ops: list[Op] = []
    if shape == "round":
        ops.append(Circle(0.5, 0.5, 0.47, fill=kind.colour, stroke="#000000", stroke_width=0.02))
        background = "#ffffff"
    else:
        ops.append(Rect(0.03, 0.03, 0.94, 0.94, stroke="#000000", stroke_width=0.02))
        background = kind.colour
    ops.append(Text(0.5, 0.42, kind.letter, 0.44, kind.ink, BOLD, max_width=0.6))
    ops.extend(_symbol(kind.role, kind.ink, kind.colour))
    return Face(f"{kind.label} token ({kind.letter})", background, tuple(ops))


def fill_sheets(
    settings: PrintSettings, counts: dict[str, int], sheet: SheetOptions, shape: Shape = "round"
) -> dict[str, int]:
    """``counts`` grown so the tokens fill their last sheet ("The more, the better", the rules
    say): each kind's block rounded up to whole rows, then a row more of each kind in turn
    while they still go on as few sheets. A kind keeps at least its count; a kind the armies
    did not buy (0) stays at 0."""
    from generator.sheet.layout import pack, per_page

    across = max(1, per_page(sheet, fold=False)[0])  # tokens have no backs: never folded
    sheets = len(pack(token_pieces(settings, counts, shape), sheet))
    grown = {r: -(-n // across) * across for r, n in counts.items()}
    if len(pack(token_pieces(settings, grown, shape), sheet)) > sheets:
        return dict(counts)
    while True:
        for role in ROLES:
            if not grown[role]:
                continue
            more = {**grown, role: grown[role] + across}
            if len(pack(token_pieces(settings, more, shape), sheet)) > sheets:
                return grown
            grown = more


def token_pieces(
    settings: PrintSettings, counts: dict[str, int], shape: Shape = "round"
) -> list[Piece]:
    """Every token to print, one block per kind (each kind starts a new row)."""
    pieces: list[Piece] = []
    for role in ROLES:
        kind = settings.kinds[role]
        face = token_face(kind, shape)
        block = f"{kind.label} ({kind.letter})"
        for number in range(1, counts[role] + 1):
            pieces.append(
                Piece(f"{role} {number}", face, None, block=block, tags=(f"token:{role}",))
            )
    return pieces
