"""Dark Blades counters: the checked roster and markers turned into printable pieces.

One `Piece` per physical counter (count x the pieces its type makes, see
cards/dark-blades/piece-types.toml), faces drawn in cell units (a square counter is 1 x 1, a
mounted or mule piece 2 x 1). Every face says its state in words; values sit in white boxes in
the rulebook's colour code (attack black, defence red, movement blue: ``[value_colours]`` in
piece-types.toml), left to right along the bottom, each box of its own shape (`BOX_SHAPE`: red
and blue print as one grey). The two sides differ in lightness as well
as hue, so they part in greyscale too.

Faces are drawn for one piece size: no word is set below READ_PT (5 pt) at 5/8in or larger, nor
below MIN_TEXT_PT (4.5 pt) at any size (``floor``, in cell units: `text_floor`); a word that would
have to shrink below it is broken onto two lines instead (at 5/8in, "WOUNDED · MOUNTED" becomes
WOUNDED over MOUNTED).
"""

from __future__ import annotations

import re
from pathlib import Path

from companion.dark_blades import piece_types
from companion.dark_blades import pieces as db
from companion.data import Cards, kit_cards_dir
from companion.errors import DataError, InputError
from generator.dark_blades.counter_figures import (
    HORSE_FACES,
    beside_words,
    check_art,
    figure_file,
)
from generator.sheet.fonts import BOLD, REGULAR, fit_size, missing_letters, split_lines, text_width
from generator.sheet.pieces import Circle, Face, Figure, Line, Op, Piece, Polygon, Rect, Text
from generator.sheet.units import MM, format_length

TITLE = "Dark Blades — counters"
COLOUR_CODE = (
    "Attack black in a box, defence red in a heavy square box, movement blue in a round box "
    "(the boxes' shapes are the kit's: the values part in black and white too)."
)
KIT_VALUES_NOTE = (
    "The values are the Havoc Kit's own defaults, NOT the rulebook's (the rules print none): "
    "copy cards/dark-blades/pieces.csv to YOUR-CARDS/dark-blades/, edit it and use --cards "
    "YOUR-CARDS, or print with --blank-values and fill the boxes in by hand."
)
BLANK_NOTE = "Value boxes left blank to fill in by hand."


def roster_path(cards: Cards, roster: Path | None = None) -> Path:
    """The roster the counters are printed from: ``roster``, else the cards' pieces.csv."""
    return Path(roster) if roster is not None else cards.path(db.GAME, "pieces.csv")


def is_kit_file(path: Path) -> bool:
    """Whether ``path`` is one of the kit's own shipped files (not a user's copy)."""
    try:
        return path.resolve().is_relative_to(kit_cards_dir().resolve())
    except OSError:
        return False


DATA_FILES = ("pieces.csv", "markers.csv", "piece-types.toml")


def cards_warning(cards: Cards) -> str | None:
    """One line when a user's ``--cards DIR`` holds none of the Dark Blades files (so the kit's
    data is used for everything, likely not what was meant), naming what was expected."""
    from companion.errors import display_path

    root = cards.root
    try:
        if root.resolve() == cards.default.resolve():
            return None
    except OSError:
        return None
    game = root / db.GAME
    if any((root / "art").glob("*.*")):
        return None  # the user's own figures (cards/art/) are used: the directory is not idle
    if not game.is_dir():
        what = f"no {db.GAME}/ directory"
    elif not any((game / name).exists() for name in DATA_FILES):
        what = f"{db.GAME}/ holds none of {', '.join(DATA_FILES)}"
    else:
        return None
    stray = [name for name in DATA_FILES if (root / name).exists()]
    hint = f" (move {', '.join(stray)} into {db.GAME}/)" if stray else ""
    return f"--cards {display_path(root)}: {what}; using the kit's data for everything{hint}"


def footer_note(
    cards: Cards, roster: Path | None = None, blank_values: bool = False, scenario: str = ""
) -> str:
    """The footer's note on the values, true for what was printed: the kit's defaults, a
    user's file, or blank boxes (and the scenario the pieces are for)."""
    from companion.errors import display_path

    if scenario:
        return f"{scenario}: {footer_note(cards, roster, blank_values)}"
    if blank_values:
        return f"{COLOUR_CODE} {BLANK_NOTE}"
    path = roster_path(cards, roster)
    if is_kit_file(path):
        return f"{COLOUR_CODE} {KIT_VALUES_NOTE}"
    return f"{COLOUR_CODE} Values from {display_path(path)}."


INSET = 0.05  # 1/32in at 5/8in: art stays this far inside the cut
BAND_Y, BAND_H = 0.70, 0.25
BOX_W, BOX_H, BOX_Y = 0.27, 0.27, 0.06
BOX_X = {"attack": 0.06, "defence": 0.365, "move": 0.67}
# Each value's box has its own shape as well as its colour (red and blue print as one grey):
# (corner radius, or None for ROUND times the box's height: well rounded corners; heavy
# outline). The kit's design, not the rulebook's.
BOX_SHAPE = {"attack": (0.03, False), "defence": (0.0, True), "move": (None, False)}
HEAVY = 0.036  # a heavy outline, cell units: 0.57 mm at 5/8in (the side's own: 0.2-0.3 mm)
ROUND = 0.4  # movement's corners: rounded nearly to round ends, two digits still clear
STATE_Y, WEAPON_Y = 0.53, 0.40
NOTE_WIDTH = 0.72  # a marker's note stays inside its circle
MIN_TEXT_PT = 4.5  # no printed word is smaller than this, at any piece size (1/2in: 4.5 pt)
READ_PT = 5.0  # ... and none a player reads is smaller than this at 5/8in (45 pt) or larger
DEFAULT_PIECE = 45.0
BLANK_BOX_MM = 5.0  # --blank-values: boxes tall enough to write two digits by hand
MAX_BOX_H = 0.32  # a box taller than this (cell units) would run into the words above it


# A horse's head facing right, in a unit box (riderless horse, dead horse, mounted, mule).
_HORSE = (
    (0.15, 0.0), (0.30, 0.55), (0.36, 0.86), (0.41, 1.0), (0.46, 0.84), (0.62, 0.70),
    (0.95, 0.36), (0.92, 0.22), (0.74, 0.22), (0.55, 0.34), (0.62, 0.0),
)  # fmt: skip


def _horse(x: float, y: float, size: float, colour: str) -> Polygon:
    points = tuple((x + px * size, y + py * size) for px, py in _HORSE)
    return Polygon(points, fill=colour)


def _cross(
    x0: float, y0: float, x1: float, y1: float, colour: str, width: float = 0.04
) -> tuple[Op, ...]:
    return (
        Line(x0, y0, x1, y1, colour=colour, width=width),
        Line(x0, y1, x1, y0, colour=colour, width=width),
    )


def _value_boxes(
    character: db.Character,
    columns: tuple[str, ...],
    x0: float,
    blank: bool,
    colours: dict[str, str],
    box_h: float = BOX_H,
    line: float = 0.02,
) -> tuple[Op, ...]:
    ops: list[Op] = []
    for column in columns:
        role = piece_types.role(column)
        x = x0 + BOX_X[role]
        colour = colours[role]
        radius, heavy = BOX_SHAPE[role]
        ops.append(
            Rect(x, BOX_Y, BOX_W, box_h, fill="#ffffff", stroke=colour, stroke_width=line,
                 radius=ROUND * box_h if radius is None else radius)
        )  # fmt: skip
        if heavy and HEAVY > line:  # the outline thickened inwards: the box keeps its size
            band = HEAVY - line
            inset = line / 2 + band / 2
            ops.append(
                Rect(x + inset, BOX_Y + inset, BOX_W - 2 * inset, box_h - 2 * inset,
                     stroke=colour, stroke_width=band)
            )  # fmt: skip
        value = character.value(column)
        if not blank and value is not None:
            ops.append(Text(x + BOX_W / 2, BOX_Y + 0.065, str(value), 0.2, colour, BOLD,
                            max_width=BOX_W - 0.04))  # fmt: skip
    return tuple(ops)


def _fitted(text: str, size: float, width: float, floor: float) -> list[str]:
    """``text`` as one line if it fits ``width`` at ``floor`` or more, else broken at spaces."""
    if fit_size(text, BOLD, max(size, floor), width) >= floor - 1e-9:
        return [text]
    return split_lines(text.replace(" \u00b7 ", " "), BOLD, floor, width)


def _band(side: piece_types.Side, text: str, cols: int, floor: float) -> tuple[Op, ...]:
    width = cols - 2 * INSET
    size = max(0.17 if cols == 1 else 0.19, floor)
    lines = _fitted(text, size, width - 0.06, floor)
    ops: list[Op] = [
        Rect(INSET, BAND_Y, width, BAND_H, fill=side.band, radius=0.03)
        if not side.outline  # a solid band, or (a side told apart by shape) a heavy outline
        else Rect(
            INSET + 0.02,
            BAND_Y + 0.02,
            width - 0.04,
            BAND_H - 0.04,
            fill=side.band,
            stroke=side.band_ink,
            stroke_width=0.04,
            radius=0.03,
        )  # fmt: skip
    ]
    baselines = [BAND_Y + 0.07] if len(lines) == 1 else [BAND_Y + 0.135, BAND_Y + 0.03]
    for line, y in zip(lines[:2], baselines, strict=False):
        ops.append(Text(cols / 2, y, line, size, side.band_ink, BOLD, max_width=width - 0.06))
    return tuple(ops)


def character_face(
    character: db.Character,
    face: piece_types.FaceSpec,
    cols: int,
    side: piece_types.Side,
    weapon_word: str,
    blank: bool,
    floor: float = 0.0,
    *,
    colours: dict[str, str],
    box_h: float = BOX_H,
    figure: str = "",
) -> Face:
    """One face of a character's piece: name band, state word, weapon word, value boxes in
    ``colours`` (the colour code, role -> colour) ``box_h`` cell units tall; no word below
    ``floor`` cell units; ``figure`` (a file) drawn small in the side's ink, left of the words
    (on a double-length piece in place of the horse's head, which riderless and dead horses
    keep)."""
    ops: list[Op] = list(_band(side, character.label or character.name, cols, floor))
    state = face.state.upper()
    dead = state in piece_types.NO_VALUE_STATES
    weapon_wide = False
    if cols == 1:
        centre, x0, room = 0.5, 0.0, 0.88
        if figure:
            layout = (INSET, BOX_Y + box_h + 0.03, WEAPON_Y, BAND_Y)
            centre, room, weapon_wide, art = beside_words(
                face, weapon_word, figure, side.figure or side.ink, floor, layout
            )
            ops.extend(art)
            figure = figure if art else ""
    else:  # the horse (or the figure) on the left, the words and values on the right
        centre, x0, room = 1.35, 0.85, 1.15
        if figure and state not in HORSE_FACES:
            ops.append(Figure(0.08, 0.07, 0.64, 0.6, figure, side.figure or side.ink))
        else:
            ops.append(_horse(0.1, 0.07, 0.58, side.band))
        if state in ("DEAD HORSE", "KILLED"):  # a halo of the ground parts it from the art
            ops.extend(_cross(0.12, 0.08, 0.7, 0.62, side.background, 0.09))
            ops.extend(_cross(0.12, 0.08, 0.7, 0.62, side.ink))
    if cols == 2 and dead:  # a big word (one or two lines) on the empty right half
        lines = state.replace(" \u00b7 ", " ").split()[:2]
        tops = [0.38] if len(lines) == 1 else [0.48, 0.28]
        size = 0.16
    else:
        size = max(0.12 if len(state) <= 9 or cols == 2 else 0.1, floor)
        lines = _fitted(state, size, room, floor)[:2]
        tops = [STATE_Y] if len(lines) == 1 else [STATE_Y + 0.04, STATE_Y - 0.08]
        if cols == 1 and figure and len(lines) == 1 and (dead or not weapon_word):
            tops = [STATE_Y - 0.05]  # one word beside the figure: level with its middle
        joined = f"{lines[-1]} \u00b7 {weapon_word}"
        smallest = max(floor, 0.1)
        if len(lines) == 2 and weapon_word and text_width(joined, BOLD, smallest) <= room:
            # three lines would crowd the value boxes: the weapon joins the state's last line
            lines[-1], weapon_word, size = joined, "", min(size, smallest)
    for line, y in zip(lines, tops, strict=True):
        ops.append(Text(centre, y, line, size, side.ink, BOLD, max_width=room))
    if weapon_word and not dead:
        y = WEAPON_Y if len(lines) == 1 else WEAPON_Y - 0.045  # below a two-line state
        at, width = (0.5, 0.88) if cols == 1 and figure and weapon_wide else (centre, room)
        ops.append(Text(at, y, weapon_word, max(0.1, floor), side.ink, BOLD, max_width=width))
    if dead and cols == 1:
        ops.extend(_cross(0.3, 0.1, 0.7, 0.42, side.ink))
    ops.extend(_value_boxes(character, face.values, x0, blank, colours, box_h, side.box_line))
    return Face(f"{character.name}: {face.state}", side.background, tuple(ops))


def _balanced(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` on one line if it fits ``width``, else on two lines of about equal width,
    broken at a space or after a hyphen ("hand-to-" over "hand only"; the wider line shrinks
    to fit if it must: no word is ever dropped)."""
    if text_width(text, font, size) <= width:
        return [text] if text else []
    tokens = re.findall(r"[^\s-]*-+|\S+|\s+", text)
    splits = [
        ("".join(tokens[:i]).strip(), "".join(tokens[i:]).strip())
        for i in range(1, len(tokens))
        if not tokens[i].isspace()
    ]
    splits = [s for s in splits if all(s)]
    if not splits:
        return [text]
    return list(min(splits, key=lambda s: max(text_width(line, font, size) for line in s)))


def marker_face(word: str, note: str, background: str, floor: float = 0.0) -> Face:
    """A marker face: its word (one or two lines) and a small note below, on a light ground."""
    ops: list[Op] = [
        Circle(0.5, 0.5, 0.45, fill=None, stroke="#000000", stroke_width=0.015),
    ]
    words = split_lines(word, BOLD, 0.17, 0.78)
    top = 0.62 if len(words) > 1 else 0.52
    for index, line in enumerate(words):
        ops.append(Text(0.5, top - index * 0.19, line, 0.17, "#000000", BOLD, max_width=0.78))
    size = max(0.095, floor)
    lead = max(0.11, size * 1.12)
    for index, line in enumerate(_balanced(note, REGULAR, size, NOTE_WIDTH)):
        ops.append(Text(0.5, 0.28 - index * lead, line, size, "#000000", max_width=NOTE_WIDTH))
    return Face(f"{word}: {note}" if note else word, background, tuple(ops))


def _unprintable(text: str, font: str) -> str | None:
    """Why ``text`` cannot be printed in ``font``, or None when every letter can."""
    missing = missing_letters(text, font)
    if not missing:
        return None
    return f"cannot print {', '.join(map(repr, missing))} (the counter font has no such letters)"


def check_printable(pieces_set: db.PieceSet, markers_path: Path, types_path: Path) -> None:
    """Refuse, at its file and line, any word the embedded typeface cannot draw (it would
    print as empty boxes): names or labels, marker words and notes, state and weapon words."""
    for character in pieces_set.roster:
        column = "label" if character.label else "name"
        why = _unprintable(character.label or character.name, BOLD)
        if why:
            raise DataError(f"column '{column}': {why}", pieces_set.roster_path, character.line)
    for marker in pieces_set.markers:
        for column, font in (
            ("front", BOLD),
            ("front_note", REGULAR),
            ("back", BOLD),
            ("back_note", REGULAR),
        ):
            why = _unprintable(getattr(marker, column), font)
            if why:
                raise DataError(f"column '{column}': {why}", markers_path, marker.line)
    for weapon, word in pieces_set.weapons.items():
        why = _unprintable(word, BOLD)
        if why:
            raise DataError(f"key 'weapons.{weapon}': {why}", types_path)
    for key, piece_type in pieces_set.types.items():
        for spec in piece_type.pieces:
            for side in ("front", "back"):
                why = _unprintable(getattr(spec, side).state.upper(), BOLD)
                if why:
                    raise DataError(
                        f"key 'types.{key}' piece {spec.key!r} {side}: {why}", types_path
                    )


def _block(side: piece_types.Side, cols: int) -> str:
    return side.title if cols == 1 else f"{side.title}: double-length"


STYLES = ("dark", "light")


def styled_sides(pieces_set: db.PieceSet, style: str, path: Path) -> dict[str, piece_types.Side]:
    """Each side's look in ``style``: its own colours (dark), or the light style's, which
    piece-types.toml must give for every side (one line naming the side missing)."""
    if style == "dark":
        return pieces_set.sides
    missing = [k for k in pieces_set.sides if k not in pieces_set.light_sides]
    if missing:
        raise DataError(
            f"light_sides: no light look for side {missing[0]!r} (--counter-style light needs "
            f"one for every side: {', '.join(pieces_set.sides)})",
            path,
        )
    return pieces_set.light_sides


def counter_pieces(
    cards: Cards,
    roster: Path | None = None,
    blank_values: bool = False,
    piece_size: float = 45.0,
    counts: dict[str, int] | None = None,
    riders: frozenset[str] | None = None,
    style: str = "dark",
    art: bool = True,
) -> list[Piece]:
    """Every physical Dark Blades counter, grouped into blocks by side (markers last).

    ``roster`` replaces the kit's pieces.csv; ``blank_values`` prints empty value boxes;
    ``piece_size`` (points, 45 = 5/8in) sets how large the smallest words must be drawn;
    ``counts`` (roster name -> how many, e.g. a scenario's) prints only those characters, that
    many each, and the markers that follow them (one troll's flames per troll printed);
    ``riders`` (roster names, e.g. a scenario's `riders`) prints the mounted pieces of those
    characters only: everyone else is on foot, so gets only his foot pieces; ``style``: "dark"
    (the sides' own colours) or "light" (piece-types.toml's ``[light_sides]``: little ink); ``art``
    False leaves the figures off (the roster's ``art`` column is still checked).
    """
    floor = text_floor(piece_size)
    box_h = blank_box_height(piece_size) if blank_values else BOX_H
    pieces_set = db.load(cards, roster)
    if counts is not None:
        pieces_set = pieces_set.with_roster(
            tuple(c._replace(count=counts[c.name]) for c in pieces_set.roster if counts.get(c.name))
        )
    check_printable(
        pieces_set, cards.path(db.GAME, "markers.csv"), cards.path(db.GAME, "piece-types.toml")
    )
    if art:
        check_art(pieces_set)
    by_block: dict[str, list[Piece]] = {}
    order = list(pieces_set.sides)
    looks = styled_sides(pieces_set, style, cards.path(db.GAME, "piece-types.toml"))
    roster_rows = sorted(pieces_set.roster, key=lambda c: order.index(c.side))
    for character in roster_rows:
        side = looks[character.side]
        piece_type = pieces_set.types[character.type]
        specs = [
            spec
            for spec in piece_type.pieces
            if not spec.mounted or riders is None or character.name in riders
        ]
        faces = {  # every copy of a character shares its faces: draw each once
            spec.key: [
                character_face(
                    character,
                    state,
                    spec.cols,
                    side,
                    pieces_set.weapon_word(character, spec),
                    blank_values,
                    floor,
                    colours=pieces_set.value_colours,
                    box_h=box_h,
                    figure=figure_file(pieces_set, character, spec) if art else "",
                )
                for state in (spec.front, spec.back)
            ]
            for spec in specs
        }
        for number in range(1, character.count + 1):
            for spec in specs:
                front, back = faces[spec.key]
                name = f"{character.name} {spec.key}"
                if character.count > 1:
                    name += f" {number}"
                block = _block(side, spec.cols)
                by_block.setdefault(block, []).append(
                    Piece(
                        name=name,
                        front=front,
                        back=back,
                        cols=spec.cols,
                        rows=1,
                        block=block,
                        tags=(
                            f"side:{character.side}",
                            f"type:{character.type}",
                            f"piece:{spec.key}",
                            f"character:{character.name}",
                        ),
                    )
                )
    singles = [b for b in by_block if not b.endswith("double-length")]
    doubles = [b for b in by_block if b.endswith("double-length")]
    out = [p for b in singles + doubles for p in by_block[b]]
    for marker in pieces_set.markers:
        count = pieces_set.marker_count(marker)
        for number in range(1, count + 1):
            out.append(
                Piece(
                    name=f"{marker.name} {number}" if count > 1 else marker.name,
                    front=marker_face(marker.front, marker.front_note, marker.front_colour, floor),
                    back=marker_face(marker.back, marker.back_note, marker.back_colour, floor),
                    block="Markers",
                    tags=("marker", f"marker:{marker.name}"),
                )
            )
    check_readable(out, piece_size)
    return out


def text_floor(piece_size: float) -> float:
    """The smallest type on a counter, in cell units: READ_PT at 5/8in and larger, scaled down
    with smaller pieces but never below MIN_TEXT_PT (a word that would need less is broken
    onto two lines, or its piece size refused)."""
    points = READ_PT * min(1.0, piece_size / DEFAULT_PIECE)
    return max(MIN_TEXT_PT, points) / piece_size


def blank_box_height(piece_size: float) -> float:
    """The value boxes' height for --blank-values (cell units): at least BLANK_BOX_MM, so two
    digits can be written in by hand; refused (one line) when the piece is too small for it."""
    height = max(BOX_H, BLANK_BOX_MM * MM / piece_size)
    if height > MAX_BOX_H + 1e-9:
        least = format_length(BLANK_BOX_MM * MM / MAX_BOX_H)
        raise InputError(
            f"--blank-values: boxes {BLANK_BOX_MM:g} mm tall, to write two digits in, do not "
            f"fit on a {format_length(piece_size)} counter; use --piece-size {least} or larger"
        )
    return height


def check_readable(pieces: list[Piece], piece_size: float) -> None:
    """Refuse (one line) a piece size at which some word would print below MIN_TEXT_PT; the
    line names the word, its piece and the size it would print at."""
    seen: set[int] = set()
    for piece in pieces:
        for face in (piece.front, piece.back):
            if face is None or id(face) in seen:
                continue
            seen.add(id(face))
            for op in face.ops:
                if not isinstance(op, Text) or not op.text:
                    continue
                size = fit_size(op.text, op.font, op.size, op.max_width) * piece_size
                if size < MIN_TEXT_PT - 1e-6:
                    raise InputError(
                        f"--piece-size {format_length(piece_size)}: {op.text!r} on "
                        f"{piece.name!r} would print at {size:.1f} pt, below the "
                        f"{MIN_TEXT_PT:g} pt that prints readably; use a larger --piece-size "
                        "or a shorter word"
                    )
