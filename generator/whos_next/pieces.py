"""Who's Next players' pieces in the engine's counter format: one per player.

The rules: "Choose any infantry troop type without missiles (e.g. spearmen). Each player has
one character of that type." Each piece carries the player's name and the troop type; the
front says ALIVE, the back DEAD (crossed out, on a dark ground: the sides differ in lightness
as well as in words). Faces are in cell units (1 x 1).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.errors import InputError
from generator.sheet.fonts import BOLD, fit_size, missing_letters, split_lines
from generator.sheet.pieces import Face, Line, Op, Piece, Rect, Text

TITLE = "Who's Next — players' pieces"
DEFAULT_TROOP = "Spearman"  # the rules' example: "(e.g. spearmen)"
MIN_TEXT_PT = 4.0


def _name_lines(name: str, floor: float) -> tuple[list[str], float]:
    size = 0.17
    if fit_size(name, BOLD, size, 0.86) >= max(floor, 0.12):
        return [name], size
    size = max(floor, 0.12)
    lines = split_lines(name, BOLD, size, 0.86)
    if len(lines) == 1:  # one long word: break it in the middle rather than shrink it away
        half = (len(name) + 1) // 2
        lines = [name[:half] + "-", name[half:]]
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return lines, size


def player_face(name: str, troop: str, alive: bool, floor: float) -> Face:
    """One side of a player's piece: name band, troop type, ALIVE or DEAD."""
    band, ink, ground = (
        ("#1f2f6b", "#ffffff", "#f4f1e6") if alive else ("#000000", "#ffffff", "#6b6b6b")
    )
    word_ink = "#000000" if alive else "#ffffff"
    ops: list[Op] = [Rect(0.05, 0.66, 0.9, 0.29, fill=band, radius=0.03)]
    lines, size = _name_lines(name, floor)
    tops = [0.74] if len(lines) == 1 else [0.835, 0.705]
    for line, y in zip(lines, tops, strict=False):
        ops.append(Text(0.5, y, line, size, ink, BOLD, max_width=0.86))
    ops.append(Text(0.5, 0.47, troop, max(0.11, floor), word_ink, BOLD, max_width=0.86))
    state = "ALIVE" if alive else "DEAD"
    if not alive:  # a cross behind the word, so the word stays readable
        ops.append(Line(0.22, 0.08, 0.78, 0.42, colour="#a8a8a8", width=0.05))
        ops.append(Line(0.22, 0.42, 0.78, 0.08, colour="#a8a8a8", width=0.05))
    ops.append(Text(0.5, 0.16, state, max(0.16, floor), word_ink, BOLD, max_width=0.86))
    return Face(f"{name}: {state}", ground, tuple(ops))


def player_pieces(names: Sequence[str], troop: str, piece_size: float) -> list[Piece]:
    """One two-sided piece per player, in the order given."""
    for text, what in ((troop, "--troop"), *((n, "player name") for n in names)):
        missing = missing_letters(text, BOLD)
        if missing:
            raise InputError(
                f"{what} {text!r}: cannot print {', '.join(map(repr, missing))} "
                "(the counter font has no such letters)"
            )
    floor = MIN_TEXT_PT / piece_size
    return [
        Piece(
            name,
            player_face(name, troop, True, floor),
            player_face(name, troop, False, floor),
            block="Players",
            tags=(f"player:{name}",),
        )
        for name in names
    ]
