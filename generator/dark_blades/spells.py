"""Dark Blades spell cards: the deck (companion/dark_blades/spells.py) drawn as card faces.

Each front: the name in a band, the area's letter in a hexagon (a shape and a letter, never
colour alone), the area in words and as a diagram (generator/dark_blades/areas.py), then
effect, duration and notes (and, where the deck gives one, the rule text's words under
"Rule:"), and at the foot the notes that say what is the kit's. Every kit
text carries a KIT badge before its label. Texts are fitted: one body size for the whole card,
from BODY_PT down to MIN_PT, wrapped at spaces; if they still do not fit, the diagram shrinks
(and on a small card, last of all, is left out); if even that fails the card is refused with
one line naming the spell. `Block` records every text block's box and lines, so tests can
measure them. One back design for the whole deck: a hex lattice that runs on past the trim and
continues from card to card (a slip of the back shows more lattice, never a seam or a white
sliver), and a SPELL hexagon; light by default (ink on about a quarter of the page), or a dark
flood over the whole card and its bleed (``--card-back flood``). Faces are in points (unit 1):
see generator/sheet/cards.py.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from companion.dark_blades import spells as sp
from companion.errors import DataError
from generator.dark_blades.areas import diagram, hex_points
from generator.sheet.backs import BACK_BLEED
from generator.sheet.fonts import BOLD, REGULAR, fit_size, missing_letters, split_lines, text_width
from generator.sheet.pieces import Face, Line, Op, Piece, Polygon, Rect, Text

TITLE = "Dark Blades — spell cards"
INK = "#1d1626"
GREY = "#55505a"
BAND = "#3b2d52"
PAPER = "#ffffff"
KIT_FILL = "#f2c200"
CUT = "#8a8a8a"
BACK = "#241b31"
BACK_LINE = "#4a3d5e"
BACK_TEXT = "#e9e2f2"
LIGHT_LINE = "#c9bedb"  # the light back's lattice: pale, but there in greyscale
BACK_STYLES = ("light", "flood")
EMBLEM = 0.3  # the light back's hexagon, circumradius over the card's shorter side
BODY_PT = 8.5
MIN_PT = 6.0  # no text on a card is set smaller
NAME_PT = 13.0
LEAD = 1.18
STEP = 0.25
MAX_DIAGRAM = 0.34  # of the card's height
MIN_DIAGRAM = 0.1
WRITE_IN = {"effect": 3, "duration": 1, "notes": 2, "area": 1}

# every letter 3.3 mm inside the trim: past 1/8in, the print shops' safe zone (75 px at 300 dpi)
TEXT_SAFE = 3.3 * 72 / 25.4


@dataclass(frozen=True)
class Block:
    """A text block on a card: its box (points, from the card's lower-left), size and lines.

    ``indent``: the first line starts this far right (after the badge and label)."""

    key: str
    x: float
    y: float
    w: float
    h: float
    size: float
    font: str
    lines: tuple[str, ...]
    indent: float = 0.0
    label: str = ""
    kit: bool = False


def _wrap(text: str, font: str, size: float, width: float, indent: float) -> list[str] | None:
    """``text`` in lines of ``width`` (the first ``indent`` shorter: the label's room); None if
    a word is too wide for any line."""
    lines: list[str] = []
    for word in text.split():
        if lines:
            room = width - (indent if len(lines) == 1 else 0.0)
            if text_width(f"{lines[-1]} {word}", font, size) <= room + 1e-9:
                lines[-1] += f" {word}"
                continue
        if text_width(word, font, size) > width + 1e-9:
            return None
        if not lines and text_width(word, font, size) > width - indent + 1e-9:
            lines.append("")  # the label stands alone on the first line
        lines.append(word)
    return lines


def _badge_width(size: float) -> float:
    return text_width("KIT", BOLD, size) + size * 0.8


def _label_part(label: str, size: float, kit: bool) -> float:
    width = text_width(f"{label}: ", BOLD, size) if label else 0.0
    return width + (_badge_width(size) + size * 0.35 if kit else 0.0)


def _card_plan(card: sp.Card) -> list[tuple[str, str, str | None, bool, int]]:
    """(key, label, text or None for write-in lines, kit?, write-in lines) top to bottom."""
    out: list[tuple[str, str, str | None, bool, int]] = []
    if card.area is not None:
        words = card.area.words
        text = f"{card.area.name}. {words}" if words else card.area.name
        out.append(("area", "Area", text, card.area_origin == "kit", 0))
    else:
        out.append(("area", "Area", None, False, WRITE_IN["area"]))
    for key, said in card.texts.items():
        if said is None:
            out.append((key, card.label(key), None, False, WRITE_IN[key]))
        else:
            out.append((key, card.label(key), said.text, said.is_kit, 0))
    if card.rule is not None:  # the rule text's words the card reference lacks (Magic Arrow)
        out.append(("rule", "Rule", card.rule.text, False, 0))
    return out


def _block_height(
    text: str | None, kit: bool, label: str, size: float, width: float, lines_wi: int
) -> tuple[float, list[str]] | None:
    if text is None:
        return lines_wi * max(10.0, size * 1.7), []
    indent = _label_part(label, size, kit)
    lines = _wrap(text, REGULAR, size, width, indent)
    if lines is None:
        return None
    return len(lines) * size * LEAD, lines


def front_face(spell: sp.Spell, card: sp.Card, w: float, h: float) -> tuple[Face, list[Block]]:
    """A card's front (points) and its text blocks."""
    # 3 mm inside the trim (TEXT_SAFE); a card too small for its text at that keeps 6 pt
    pads = sorted({max(TEXT_SAFE, min(w, h) * 0.045), max(6.0, min(w, h) * 0.045)}, reverse=True)
    for pad in pads:
        inner_w = w - 2 * pad
        band_h = max(15.0, h * 0.085)
        gap = max(2.5, h * 0.012)
        notes = card.footnotes()
        plan = _card_plan(card)
        has_diagram = card.area is not None
        room = h - 2 * pad - band_h - gap
        tries = (
            [(s, d) for d in (0.27, 0.2, 0.14, 0.0) for s in _sizes()]
            if has_diagram
            else [(s, 0.0) for s in _sizes()]
        )
        for size, frac in tries:
            dh = h * frac
            foot = max(MIN_PT, size - 1.5)
            heights = []
            ok = True
            for _key, label, text, kit, wi in plan:
                got = _block_height(text, kit, label, size, inner_w, wi)
                if got is None:
                    ok = False
                    break
                heights.append(got)
            foot_lines = [split_lines(n, REGULAR, foot, inner_w) for n in notes]
            if not ok or any(
                text_width(line, REGULAR, foot) > inner_w for ls in foot_lines for line in ls
            ):
                continue
            foot_h = sum(len(ls) for ls in foot_lines) * foot * LEAD
            need = (
                sum(hh for hh, _ in heights)
                + gap * len(plan)
                + (dh + gap if has_diagram else 0)
                + foot_h
            )
            if need <= room + 1e-9:
                if has_diagram:  # what is left over goes to the diagram
                    dh = min(dh + room - need, h * MAX_DIAGRAM)
                    dh = dh if dh >= h * MIN_DIAGRAM else 0.0  # too small to read: none
                return _draw(
                    spell,
                    card,
                    w,
                    h,
                    pad,
                    band_h,
                    gap,
                    size,
                    dh,
                    plan,
                    heights,
                    foot_lines,
                    foot,
                )
    raise DataError(
        f"spell {spell.name!r}: its texts do not fit a {w / 72:.2f} x {h / 72:.2f} in card even at "
        f"{MIN_PT:g} pt; shorten them or use a larger --card-size"
    )


def _sizes() -> list[float]:
    n = int(round((BODY_PT - MIN_PT) / STEP))
    return [BODY_PT - i * STEP for i in range(n + 1)]


def _kit_badge(x: float, baseline: float, size: float) -> list[Op]:
    bw = _badge_width(size)
    return [
        Rect(x, baseline - size * 0.28, bw, size * 1.12, KIT_FILL, INK, 0.4, radius=size * 0.3),
        Text(x + bw / 2, baseline, "KIT", size, INK, BOLD, "middle"),
    ]


def _area_badge(cx: float, cy: float, r: float, letter: str | None) -> list[Op]:
    ops: list[Op] = [Polygon(hex_points(cx, cy, r), PAPER, INK, 0.6)]
    if letter:
        size = r * 1.1
        ops.append(Text(cx, cy - size * 0.36, letter, size, INK, BOLD, "middle"))
    return ops


PlanRow = tuple[str, str, str | None, bool, int]


def _draw(
    spell: sp.Spell,
    card: sp.Card,
    w: float,
    h: float,
    pad: float,
    band_h: float,
    gap: float,
    size: float,
    dh: float,
    plan: list[PlanRow],
    heights: list[tuple[float, list[str]]],
    foot_lines: list[list[str]],
    foot: float,
) -> tuple[Face, list[Block]]:
    ops: list[Op] = [Rect(0, 0, w, h, None, CUT, 0.3)]  # the cut line, visible at every stage
    blocks: list[Block] = []
    inner_w = w - 2 * pad
    top = h - pad
    # the band: area letter in a hexagon, the name, a KIT badge when anything is the kit's
    ops.append(Rect(pad, top - band_h, inner_w, band_h, BAND, None, radius=2.0))
    r = band_h * 0.4
    ops += _area_badge(pad + r + 3, top - band_h / 2, r, card.area.letter if card.area else None)
    left = pad + 2 * r + 6
    right = w - pad - 4
    any_kit = bool(card.origins & set(sp.KIT_ORIGINS))
    if any_kit:
        bsize = max(MIN_PT, min(8.0, band_h * 0.34))
        bw = _badge_width(bsize)
        ops += _kit_badge(right - bw, top - band_h / 2 - bsize * 0.35, bsize)
        right -= bw + 4
    name_size = fit_size(card.name, BOLD, min(NAME_PT, band_h * 0.6), right - left)
    if name_size < MIN_PT:
        raise DataError(f"spell {spell.name!r}: the name does not fit the card at {MIN_PT:g} pt")
    baseline = top - band_h / 2 - name_size * 0.35
    ops.append(Text(left, baseline, card.name, name_size, PAPER, BOLD, "start"))
    blocks.append(
        Block("name", left, top - band_h, right - left, band_h, name_size, BOLD, (card.name,))
    )
    y = top - band_h - gap
    for (key, label, text, kit, wi), (bh, lines) in zip(plan, heights, strict=True):
        # the diagram goes between the area and the effect (dh > 0 only for a card with an area)
        if key == "effect" and dh and card.area is not None:
            ops.append(Rect(pad, y - dh, inner_w, dh, None, GREY, 0.4, radius=2.0))
            ops += diagram(card.area.key, pad + 3, y - dh + 3, inner_w - 6, dh - 6)
            y -= dh + gap
        ops += _text_block(key, label, text, kit, wi, lines, pad, y, inner_w, bh, size, blocks)
        y -= bh + gap
    # the footnotes, at the foot of the card
    fy = pad + sum(len(ls) for ls in foot_lines) * foot * LEAD
    if foot_lines:
        ops.append(Line(pad, fy + 1.5, w - pad, fy + 1.5, GREY, 0.4))
    for ls in foot_lines:
        blocks.append(
            Block(
                "footnote",
                pad,
                fy - len(ls) * foot * LEAD,
                inner_w,
                len(ls) * foot * LEAD,
                foot,
                REGULAR,
                tuple(ls),
            )
        )
        for line in ls:
            fy -= foot * LEAD
            ops.append(Text(pad, fy + foot * 0.25, line, foot, GREY, REGULAR, "start"))
    return Face(f"{card.name} front", PAPER, tuple(ops)), blocks


def _text_block(
    key: str,
    label: str,
    text: str | None,
    kit: bool,
    wi: int,
    lines: list[str],
    x: float,
    top: float,
    width: float,
    bh: float,
    size: float,
    blocks: list[Block],
) -> list[Op]:
    """One labelled text block (or its ruled write-in lines); its `Block` goes to ``blocks``."""
    ops: list[Op] = []
    baseline = top - size * 0.95
    cursor = x
    if kit:
        ops += _kit_badge(cursor, baseline, size)
        cursor += _badge_width(size) + size * 0.35
    ops.append(Text(cursor, baseline, f"{label}:", size, INK, BOLD, "start"))
    indent = _label_part(label, size, kit)
    if text is None:  # ruled write-in lines
        step = bh / wi
        for n in range(wi):
            start = x + indent if n == 0 else x
            ly = top - (n + 1) * step + 1.5
            ops.append(Line(start, ly, x + width, ly, GREY, 0.5))
        blocks.append(Block(key, x, top - bh, width, bh, size, REGULAR, (), indent, label, kit))
        return ops
    for n, line in enumerate(lines):
        lx = x + (indent if n == 0 else 0.0)
        if line:
            ops.append(Text(lx, baseline - n * size * LEAD, line, size, INK, REGULAR, "start"))
    blocks.append(
        Block(key, x, top - bh, width, bh, size, REGULAR, tuple(lines), indent, label, kit)
    )
    return ops


# --------------------------------------------------------------------------- the back


def _lattice(w: float, h: float, colour: str, width: float) -> list[Op]:
    """A hex lattice whose period divides the card (``w`` across, ``h`` down), drawn BACK_BLEED
    past the trim: cards that butt continue one another's pattern, with no seam at the cut, and
    a back that slips shows more of the same pattern instead of a white sliver. Its columns
    stand a quarter step off the cut: the hexagons' upright sides lie a fifth of a step (2.7 mm
    on a poker card) from either side cut, so a cut a millimetre off shows no line along
    the card's edge (the slanting sides cross the cut, as a pattern does)."""
    r = min(w, h) / 9
    cols = max(1, round(w / (r * math.sqrt(3))))
    rows = max(1, round(h / (3 * r)))  # pairs of rows (odd rows are shifted half a step)
    step_x, step_y = w / cols, h / (2 * rows)
    rx, ry = step_x / math.sqrt(3) * 0.92, step_y / 1.5 * 0.92
    over_x, over_y = int(BACK_BLEED / step_x) + 2, int(BACK_BLEED / step_y) + 2
    ops: list[Op] = []
    for j in range(-over_y, 2 * rows + over_y + 1):
        for i in range(-over_x, cols + over_x + 1):
            cx = (i + 0.25) * step_x + (step_x / 2 if j % 2 else 0.0)
            cy = j * step_y
            points = tuple(
                (
                    cx + rx * math.cos(math.radians(90 + 60 * k)),
                    cy + ry * math.sin(math.radians(90 + 60 * k)),
                )
                for k in range(6)
            )
            ops.append(Polygon(points, None, colour, width))
    return ops


def back_face(w: float, h: float, style: str = "light") -> Face:
    """The one back of the deck: a hex lattice past the trim (no line at the cut) and a hexagon
    saying SPELL. ``light`` (the default): a pale lattice on white paper, a quarter or so of the
    page in ink, so sheets do not cockle; ``flood``: a dark ground over the whole card and its
    bleed, so nothing of the front shows through thin paper."""
    if style not in BACK_STYLES:
        raise ValueError(f"card back {style!r} is not one of {', '.join(BACK_STYLES)}")
    flood = style == "flood"
    ground, line = (BACK, BACK_LINE) if flood else (PAPER, LIGHT_LINE)
    ops = _lattice(w, h, line, 0.8)
    cx, cy = w / 2, h / 2
    r = min(w, h) * (0.36 if flood else EMBLEM)
    ops.append(Polygon(hex_points(cx, cy, r), BACK, BACK_TEXT if flood else BACK, 1.6))
    ops.append(Polygon(hex_points(cx, cy, r * 0.31 / 0.36), None, BACK_TEXT, 0.6))
    size = fit_size("SPELL", BOLD, r * 0.15 / 0.36, r * 0.5 / 0.36)
    ops.append(Text(cx, cy - size * 0.35, "SPELL", size, BACK_TEXT, BOLD, "middle"))
    small = max(MIN_PT, size * 0.38)
    ops.append(Text(cx, cy + size * 0.9, "DARK BLADES", small, BACK_TEXT, BOLD, "middle"))
    return Face("spell back", ground, tuple(ops))


def check_printable(deck: sp.Deck, card: sp.Card) -> None:
    """Refuse, naming its file and spell, a text the embedded typeface cannot draw (it would
    print as empty boxes)."""
    kit_file = deck.kit_path or deck.rules_path
    texts = [(card.name, deck.rules_path)]
    texts += [
        (t.text, kit_file if t.is_kit else deck.rules_path)
        for t in card.texts.values()
        if t is not None
    ]
    if card.rule is not None:
        texts.append((card.rule.text, deck.rules_path))
    if card.area is not None:
        where = kit_file if card.area.origin == "kit" else deck.rules_path
        texts += [(card.area.name, where), (card.area.words, where), (card.area.letter, where)]
    for text, path in texts:
        missing = missing_letters(text, REGULAR) or missing_letters(text, BOLD)
        if missing:
            raise DataError(
                f"spell {card.name!r}: cannot print {', '.join(map(repr, missing))} (the card "
                "font has no such letters)",
                path,
            )


def spell_cards(
    deck: sp.Deck, w: float, h: float, source_only: bool = False, back_style: str = "light"
) -> list[Piece]:
    """Every card of the deck (24 for the rules' deck), in the rules' order, with one back
    (``back_style``: light or flood, see `back_face`)."""
    back = back_face(w, h, back_style)
    out: list[Piece] = []
    for spell in deck.spells:
        check_printable(deck, spell.card(source_only))
        face, _ = front_face(spell, spell.card(source_only), w, h)
        for n in range(1, spell.count + 1):
            name = spell.name if spell.count == 1 else f"{spell.name} {n}"
            out.append(Piece(name, face, back, block="spells", tags=(f"spell:{spell.name}",)))
    return out


def footer_note(source_only: bool) -> str:
    """What the page footer says about whose texts are on the cards."""
    if source_only:
        return "Rulebook text only: ruled lines where the rules give nothing."
    return "KIT marks the Havoc Kit's own texts and choices, not the rulebook's."
