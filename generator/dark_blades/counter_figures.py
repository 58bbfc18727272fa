"""Where a figure goes on a Dark Blades counter, and the owner's own figure files checked.

A square face keeps its words (state, weapon) and value boxes as they were; the figure takes the
room left of the words, as wide as the widest word leaves (at most FIG_W cell units, 13.5 pt at
5/8in), in the side's ink. A weapon word too wide to share the line goes full width under the
figure, and where the words need the whole width (the smallest piece sizes) the face has no
figure. The double-length pieces draw theirs in generator/dark_blades/counters.py, in place of
the horse's head that riderless and dead horses keep.
"""

from __future__ import annotations

from companion.dark_blades import piece_types
from companion.dark_blades import pieces as db
from companion.errors import DataError
from generator.sheet import figures
from generator.sheet.fonts import BOLD, text_width
from generator.sheet.pieces import Figure, Op

FIG_X, FIG_GAP = 0.06, 0.02  # the figure at the left of the words, this far from them
FIG_W = 0.30  # at most this wide (cell units; 13.5 pt at 5/8in)
FIG_MIN_W = 0.2  # narrower than this, the weapon word goes below the figure, full width
HORSE_FACES = frozenset({"RIDERLESS HORSE", "DEAD HORSE"})  # no rider: the horse's head


def beside_words(
    face: piece_types.FaceSpec,
    weapon_word: str,
    figure: str,
    ink: str,
    floor: float,
    box: tuple[float, float, float, float],
) -> tuple[float, float, bool, list[Op]]:
    """Room for ``figure`` left of a square face's words: (centre and width left for the
    words, whether the weapon word goes full width below the figure, the figure's ops).
    ``box``: the counter's layout (its inset, the top of the value boxes, the weapon word's
    baseline, the bottom of the name band), in cell units."""
    inset, bottom, weapon_y, band_y = box
    top = band_y - 0.02
    state = face.state.upper()
    size = max(0.12 if len(state) <= 9 else 0.1, floor)
    weapon_size = max(0.1, floor)
    limit = 1 - inset - FIG_X - FIG_GAP  # the figure and the widest word share this
    wide = weapon_word != "" and limit - text_width(weapon_word, BOLD, floor) < FIG_MIN_W
    words = [(state, size)] + ([] if wide or not weapon_word else [(weapon_word, weapon_size)])
    need = max(text_width(w, BOLD, s) for w, s in words)
    least = max(text_width(w, BOLD, floor) for w, _ in words)
    fig_w = min(FIG_W, limit - need)
    if fig_w < FIG_MIN_W:
        fig_w = min(FIG_MIN_W, limit - least)  # the words shrink towards the floor
    low = weapon_y + 0.8 * weapon_size + 0.02 if wide else bottom
    if fig_w < 0.1 or top - low < 0.12:
        return 0.5, 1 - 2 * inset - 0.02, False, []
    left = FIG_X + fig_w + FIG_GAP
    room = 1 - inset - left
    return (left + 1 - inset) / 2, room, wide, [Figure(FIG_X, low, fig_w, top - low, figure, ink)]


def check_art(pieces_set: db.PieceSet) -> None:
    """Refuse, at its roster row, an own figure file the drawing library cannot draw (the
    companion checked that it exists and parses; this draws it once, as the PDF will)."""
    for character in pieces_set.roster:
        path = pieces_set.own_art.get(character.name)
        if path is None:
            continue
        try:
            figures.drawing(str(path), "#000000")
            figures.size(str(path))
        except figures.FigureError as exc:
            raise DataError(
                f"column 'art': {character.art!r}: {exc.why}",
                pieces_set.roster_path,
                character.line,
            ) from None


def figure_file(
    pieces_set: db.PieceSet, character: db.Character, spec: piece_types.PieceSpec
) -> str:
    """The file drawn on ``spec`` of ``character`` ("" for none)."""
    path = pieces_set.figure(character, spec)
    return "" if path is None else str(path)
