"""Dark Blades spell cards: faces measured, and the PDF read back (text, geometry, safe area)."""

from __future__ import annotations

import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from pdf_read import pages as read_pages

from companion.dark_blades import spells as sp
from companion.data import Cards
from generator.dark_blades import spells as cards_gen
from generator.sheet.cards import CARD_SIZES, impose_cards, parse_card_size
from generator.sheet.fonts import text_width
from generator.sheet.options import SheetOptions
from generator.sheet.pieces import Text
from tests.conftest import ROOT

POKER = CARD_SIZES["poker"]
SAFE = 18.0
KIT = ROOT / "cards" / "dark-blades" / "spells-kit.toml"


@pytest.fixture(scope="module")
def deck() -> sp.Deck:
    return sp.load(Cards())


def build(tmp: Path, name: str, *extra: str) -> Path:
    from click.testing import CliRunner

    from generator.cli import main

    out = tmp / name
    result = CliRunner().invoke(main, ["spells", "-o", str(out), *extra])
    assert result.exit_code == 0, result.output
    return out


def shared(pnp_once, *extra: str) -> Path:
    """`havoc-pnp spells -o FILE EXTRA...`, written once for the whole run (`pnp_once`)."""
    return pnp_once("spells", *extra, file="spells.pdf")


@pytest.fixture
def a4(pnp_once) -> Path:
    return shared(pnp_once)


@pytest.fixture
def source_only(pnp_once) -> Path:
    return shared(pnp_once, "--source-only")


def flat(text: str) -> str:
    return " ".join(text.split())


def card_texts(path: Path, options: SheetOptions, deck: sp.Deck, size=POKER) -> list[str]:
    """The text inside each front card's box, in reading order, page by page."""
    pieces = cards_gen.spell_cards(deck, *size)
    pages = impose_cards(pieces, *size, options)
    out = []
    for page, imposed in zip(read_pages(path), pages, strict=True):
        if imposed.side == "back":
            continue
        height = page.height
        for p in imposed.placements:
            if p.side != "front":
                continue
            inside = [
                w
                for w in page.words
                if p.x <= (w.x0 + w.x1) / 2 <= p.x + p.w
                and height - p.y - p.h <= (w.top + w.bottom) / 2 <= height - p.y
            ]
            # the band first (the area letter in its hexagon is not part of the text)
            band = height - p.y - p.h + cards_gen.TEXT_SAFE + max(15.0, p.h * 0.085)
            head = [w for w in inside if w.bottom <= band and len(w.text) > 1]
            rest = [w for w in inside if w.bottom > band]
            head.sort(key=lambda w: w.x0)
            rest.sort(key=lambda w: (round(w.top), w.x0))
            out.append(" ".join(w.text for w in head + rest))
    return out


def test_24_fronts_with_the_right_spells_once_or_twice(a4, deck):
    texts = card_texts(a4, SheetOptions.parse(margin="1/4in"), deck)
    assert len(texts) == 24
    names = Counter()
    for text in texts:
        found = [s.name for s in deck.spells if text.startswith(s.name + " ")]
        longest = max(found, key=len)
        names[longest] += 1
    assert names == Counter(deck.cards)
    assert {n for n, c in names.items() if c == 1} == {"Death", "Freeze", "Magic Arrow", "Zap"}


def test_every_spell_text_read_back_equals_cards(a4, deck):
    texts = card_texts(a4, SheetOptions.parse(margin="1/4in"), deck)
    by_name = {}
    for text in texts:
        name = max((s.name for s in deck.spells if text.startswith(s.name + " ")), key=len)
        by_name.setdefault(name, []).append(text)
    for spell in deck.spells:
        card = spell.card()
        for text in by_name[spell.name]:
            for key, said in card.texts.items():
                badge = "KIT " if said.is_kit else ""
                assert f"{badge}{card.label(key)}: {flat(said.text)}" in text, (spell.name, key)
            area = card.area
            assert flat(f"Area: {area.name}. {area.words}" if area.words else area.name) in text
            for note in card.footnotes():
                assert flat(note) in text


def test_kit_texts_carry_their_mark_on_paper(a4, deck):
    texts = card_texts(a4, SheetOptions.parse(margin="1/4in"), deck)
    for text in texts:
        spell = deck.spell(max((s.name for s in deck.spells if text.startswith(s.name)), key=len))
        card = spell.card()
        kit = [k for k, s in card.texts.items() if s.is_kit]
        assert text.count("KIT ") >= len(kit) + (card.area_origin == "kit")
        if not kit and card.area_origin != "kit":
            assert "KIT" not in text.split()


def test_source_only_shows_no_kit_value_anywhere(source_only, deck):
    everything = flat(" ".join(p.text for p in read_pages(source_only)))
    assert "KIT" not in everything.split()
    assert "Havoc Kit" not in everything
    rulebook = [flat(t.text) for s in deck.spells for t in s.texts().values() if not t.is_kit]
    rulebook += [flat(s.rule_text.text) for s in deck.spells if s.rule_text]
    for spell in deck.spells:
        for said in spell.texts().values():
            # a kit text may repeat the rules' words ("Immediate as cast.", "Only one piece
            # may be healed."): only one of the kit's own words must not be printed
            if said.is_kit and not any(flat(said.text) in r for r in rulebook):
                assert flat(said.text) not in everything, spell.name
    # areas only the kit gives: its own area, and Spellcaster only (Wizard Whirl, the kit's)
    assert "Every ally the caster can see" not in everything
    assert "Spellcaster only" not in everything
    assert "Rule text: This spell returns any injured or dead character to life." in everything


def test_source_only_kit_only_spells_get_write_in_lines(deck):
    face, blocks = cards_gen.front_face(deck.spell("Help"), deck.spell("Help").card(True), *POKER)
    write_ins = [b for b in blocks if b.key in sp.FIELDS]
    assert write_ins and all(b.lines == () and b.h >= 10 for b in write_ins)
    words = [op.text for op in face.ops if isinstance(op, Text)]
    assert "KIT" not in words


@pytest.mark.parametrize("size", sorted(CARD_SIZES))
@pytest.mark.parametrize("only", [False, True])
def test_no_text_block_overflows_its_box(deck, size, only):
    w, h = CARD_SIZES[size]
    for spell in deck.spells:
        _, blocks = cards_gen.front_face(spell, spell.card(only), w, h)
        for b in blocks:
            assert b.size >= cards_gen.MIN_PT
            for n, line in enumerate(b.lines):
                room = b.w - (b.indent if n == 0 else 0.0)
                assert text_width(line, b.font, b.size) <= room + 1e-6, (spell.name, b.key, line)
            if b.key not in ("name",):
                assert len(b.lines) * b.size * cards_gen.LEAD <= b.h + 1e-6
            assert 0 <= b.x and b.x + b.w <= w and 0 <= b.y and b.y + b.h <= h + 1e-6
        boxes = sorted((b for b in blocks), key=lambda b: -b.y)
        for upper, lower in zip(boxes, boxes[1:], strict=False):
            assert lower.y + lower.h <= upper.y + 1e-6, (spell.name, upper.key, lower.key)


def test_a_text_too_long_for_the_card_is_refused_in_one_line(tmp_path, havoc_pnp):
    mine = tmp_path / "dark-blades"
    mine.mkdir()
    long = " ".join(["Everyone in the area is wounded."] * 18)
    text = KIT.read_text(encoding="utf-8").replace(
        "One ally: if stunned, he recovers at once (turn him healthy side up); if not, his "
        "hand-to-hand attack odds move one column to the right.",
        long,
    )
    assert text != KIT.read_text(encoding="utf-8")
    (mine / "spells-kit.toml").write_text(text, encoding="utf-8")
    out = tmp_path / "s.pdf"
    result = havoc_pnp("--cards", tmp_path, "spells", "--card-size", "mini", "-o", out)
    assert result.exit_code == 2
    assert "'Help'" in result.output and "--card-size" in result.output
    assert len(result.output.strip().splitlines()) == 1 and not out.exists()


def test_nine_to_a_page_on_a4_eight_on_letter_with_backs_mirrored(deck):
    pieces = cards_gen.spell_cards(deck, *POKER)
    for paper, counts in (("A4", [9, 9, 9, 9, 6, 6]), ("Letter", [8] * 6)):
        options = SheetOptions.parse(paper=paper, margin="1/4in")
        pages = impose_cards(pieces, *POKER, options)
        assert [p.side for p in pages] == ["front", "back"] * 3
        assert [len(p.placements) for p in pages] == counts
        for front, back in zip(pages[::2], pages[1::2], strict=True):
            for f, b in zip(front.placements, back.placements, strict=True):
                assert b.x == pytest.approx(options.width - f.x - f.w) and b.y == f.y
                assert sorted((f.w, f.h)) == [180.0, 252.0]
    short = SheetOptions.parse(margin="1/4in", duplex="short", back_offset="1,-0.5")
    pages = impose_cards(pieces, *POKER, short)
    f, b = pages[0].placements[0], pages[1].placements[0]
    assert b.x == pytest.approx(f.x + 1 * 72 / 25.4)
    assert b.y == pytest.approx(short.height - f.y - f.h - 0.5 * 72 / 25.4)


def test_one_back_design_for_the_deck(deck):
    pieces = cards_gen.spell_cards(deck, *POKER)
    assert len({p.back for p in pieces}) == 1
    back = pieces[0].back
    words = [op.text for op in back.ops if isinstance(op, Text)]
    assert words == ["SPELL", "DARK BLADES"]  # nothing that tells one card from another
    assert back.background == cards_gen.PAPER  # the light back by default
    flood = cards_gen.spell_cards(deck, *POKER, back_style="flood")[0].back
    assert flood.background == cards_gen.BACK


def polygon_area(points) -> float:
    pairs = zip(points, points[1:] + points[:1], strict=True)
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in pairs)) / 2


def test_the_light_back_keeps_ink_off_most_of_the_card(deck):
    w, h = POKER
    back = cards_gen.back_face(w, h)
    filled = [op for op in back.ops if getattr(op, "fill", None)]
    assert sum(polygon_area(list(op.points)) for op in filled) <= 0.2 * w * h
    assert luminance(cards_gen.LIGHT_LINE) > 0.6  # the lattice is pale


@pytest.mark.parametrize("size", ["poker", "bridge", "mini", "63x88mm"])
def test_the_back_pattern_runs_past_the_trim_and_on_into_the_next_card(size):
    _, w, h = parse_card_size(size)
    back = cards_gen.back_face(w, h)
    lattice = [op for op in back.ops if not getattr(op, "fill", None) and hasattr(op, "points")]
    centres = {
        (round(sum(x for x, _ in op.points) / 6, 6), round(sum(y for _, y in op.points) / 6, 6))
        for op in lattice
    }
    bleed = cards_gen.BACK_BLEED
    xs = [x for x, _ in centres]
    ys = [y for _, y in centres]
    assert min(xs) < -bleed and max(xs) > w + bleed  # drawn past the trim, all round
    assert min(ys) < -bleed and max(ys) > h + bleed
    # no hexagon is cut short at the trim (no line along the cut) ...
    assert all(len(set(op.points)) == 6 for op in lattice)

    # ... and the card's neighbour (one card's width or height away) continues the same
    # lattice: moved by w (or h), every hexagon lands on a hexagon of the same pattern
    def near(point) -> bool:
        return any(abs(point[0] - a) < 1e-3 and abs(point[1] - b) < 1e-3 for a, b in centres)

    for dx, dy in ((w, 0.0), (0.0, h)):
        moved = [(x - dx, y - dy) for x, y in centres]
        drawn = [p for p in moved if min(xs) <= p[0] and min(ys) <= p[1]]
        assert drawn and all(near(p) for p in drawn)


def test_gutter_fold_puts_each_back_below_its_front(deck):
    pieces = cards_gen.spell_cards(deck, *POKER)
    for paper in ("A4", "Letter"):
        options = SheetOptions.parse(paper=paper, duplex="none", margin="1/4in")
        pages = impose_cards(pieces, *POKER, options)
        assert len(pages) == 6 and all(p.side == "fold" for p in pages)
        for page in pages:
            fronts = [p for p in page.placements if p.side == "front"]
            backs = [p for p in page.placements if p.side == "back"]
            assert len(fronts) == len(backs) == 4
            for f, b in zip(fronts, backs, strict=True):
                assert f.piece is b.piece and f.x == b.x and b.y + b.h < f.y


def words_outside_safe_area(path: Path) -> list[str]:
    bad = []
    for page in read_pages(path):
        for c in page.chars:
            if (
                c.x0 < SAFE
                or c.x1 > page.width - SAFE
                or c.top < SAFE
                or c.bottom > page.height - SAFE
            ):
                bad.append(c.text)
    return bad


@pytest.mark.parametrize(
    "extra",
    [  # the default and the smallest card with bleed quick; the other sets in the slow tier
        (),
        ("--card-size", "63x88mm", "--bleed", "3mm", "--margin", "3mm"),
        *(
            pytest.param(extra, marks=pytest.mark.slow)
            for extra in (
                ("--paper", "letter"),
                ("--duplex", "none"),
                ("--paper", "letter", "--duplex", "none"),
            )
        ),
    ],
)
def test_pdf_is_valid_deterministic_and_readable_text_is_inside_the_safe_area(
    pnp_once, tmp_path, extra
):
    first = shared(pnp_once, *extra)  # the run's shared one, and one more here
    second = build(tmp_path, "b.pdf", *extra)
    assert first.read_bytes() == second.read_bytes()
    assert words_outside_safe_area(first) == []
    if shutil.which("qpdf"):
        assert subprocess.run(["qpdf", "--check", str(first)], capture_output=True).returncode == 0
    from pypdf import PdfReader

    reader = PdfReader(first)
    assert reader.metadata.title == cards_gen.TITLE


def test_pdf_page_sizes_and_count(a4, tmp_path):
    from pypdf import PdfReader

    reader = PdfReader(a4)
    assert len(reader.pages) == 6
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)
    fold = PdfReader(build(tmp_path, "fold.pdf", "--duplex", "none", "--paper", "letter"))
    box = fold.pages[0].mediabox
    assert (float(box.width), float(box.height)) == (792.0, 612.0)  # landscape


def test_card_sizes():
    assert parse_card_size("poker")[1:] == (180.0, 252.0)
    assert parse_card_size("bridge")[1:] == (162.0, 252.0)
    assert parse_card_size("mini")[1:] == (126.0, 180.0)
    assert parse_card_size("63x88mm")[1:] == pytest.approx((63 * 72 / 25.4, 88 * 72 / 25.4))
    assert parse_card_size("2x3in")[1:] == (144.0, 216.0)


@pytest.mark.parametrize("bad", ["huge", "0x3in", "20x30in", "x"])
def test_a_bad_card_size_is_one_line(havoc_pnp, tmp_path, bad):
    result = havoc_pnp("spells", "--card-size", bad, "-o", tmp_path / "x.pdf")
    assert result.exit_code == 2 and "--card-size" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_smallest_type_on_the_cards_is_at_least_the_minimum(deck):
    for w, h in CARD_SIZES.values():
        for spell in deck.spells:
            face, _ = cards_gen.front_face(spell, spell.card(), w, h)
            sizes = [op.size for op in face.ops if isinstance(op, Text)]
            assert min(sizes) >= cards_gen.MIN_PT, spell.name


def luminance(colour: str) -> float:
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_the_flood_back_is_dark_to_the_bleed_so_the_front_cannot_show_through(tmp_path, deck):
    back = cards_gen.spell_cards(deck, *POKER, back_style="flood")[0].back
    assert luminance(back.background) < 0.15  # the engine paints it to the bleed edge
    out = build(tmp_path, "bleed.pdf", "--bleed", "3mm", "--margin", "3mm", "--card-back", "flood")
    page = read_pages(out)[1]  # backs
    dark = [r for r in page.rects if r.fill and max(r.fill_colour) < 64]
    bleed = 3 * 72 / 25.4
    assert dark and all(  # upright or turned a quarter
        sorted((r.width, r.height))
        == [pytest.approx(180 + 2 * bleed, abs=0.01), pytest.approx(252 + 2 * bleed, abs=0.01)]
        for r in dark
    )


def test_every_front_has_its_cut_line_and_its_area_letter_in_a_shape(deck):
    for spell in deck.spells:
        face, _ = cards_gen.front_face(spell, spell.card(), *POKER)
        cut = face.ops[0]
        assert (cut.x, cut.y, cut.w, cut.h) == (0, 0, *POKER) and cut.stroke is not None
        letters = [op.text for op in face.ops if isinstance(op, Text)]
        assert spell.area.letter in letters  # a letter, not a colour, names the area


def test_gutter_fold_backs_are_turned_180_degrees(tmp_path):
    out = build(tmp_path, "fold.pdf", "--duplex", "none")
    page = read_pages(out)[0]
    fold = page.height / 2
    back = [c for c in page.chars if c.text == "P" and c.top > fold]  # SPELL, below the fold
    front = [c for c in page.chars if c.top < fold]
    assert len(back) == 4 and all(c.matrix[0] < 0 and c.matrix[3] < 0 for c in back)
    assert front and all(c.matrix[0] > 0 for c in front)


def test_a_letter_the_typeface_cannot_draw_is_refused(tmp_path, havoc_pnp):
    mine = tmp_path / "dark-blades"
    mine.mkdir()
    text = KIT.read_text(encoding="utf-8").replace("His next turn.", "His next turn \u2603.")
    (mine / "spells-kit.toml").write_text(text, encoding="utf-8")
    out = tmp_path / "s.pdf"
    result = havoc_pnp("--cards", tmp_path, "spells", "-o", out)
    assert result.exit_code == 2 and "Temporary Blindness" in result.output
    assert "'\u2603'" in result.output and "spells-kit.toml" in result.output
    assert not out.exists()


def test_source_only_text_read_back_is_the_rulebooks(source_only, deck):
    texts = card_texts(source_only, SheetOptions.parse(margin="1/4in"), deck)
    assert len(texts) == 24
    for text in texts:
        name = max((s.name for s in deck.spells if text.startswith(s.name)), key=len)
        card = deck.spell(name).card(source_only=True)
        for key, said in card.texts.items():
            if said is None:
                assert f"{card.label(key)}:" in text  # over its ruled write-in lines
            else:
                assert said.origin == "rulebook"
                assert f"{card.label(key)}: {flat(said.text)}" in text, (name, key)


@pytest.mark.parametrize(
    "size", ["poker", *(pytest.param(s, marks=pytest.mark.slow) for s in ("bridge", "63x88mm"))]
)
def test_card_text_keeps_3mm_inside_the_trim(tmp_path, deck, size):
    """Every letter on a front (descenders included) sits at least 3 mm inside the card's
    trim: the usual safe line, so a cut a little off never clips a word."""
    path = build(tmp_path, "cards.pdf", "--card-size", size)
    card = parse_card_size(size)[1:]
    options = SheetOptions.parse(margin="1/4in")
    pages = impose_cards(cards_gen.spell_cards(deck, *card), *card, options)
    safe = 3 * 72 / 25.4
    near = []
    for page, imposed in zip(read_pages(path), pages, strict=True):
        if imposed.side == "back":
            continue
        for p in imposed.placements:
            top, bottom = page.height - p.y - p.h, page.height - p.y
            for ch in page.chars:
                cx, cy = (ch.x0 + ch.x1) / 2, (ch.top + ch.bottom) / 2
                if not (p.x <= cx <= p.x + p.w and top <= cy <= bottom):
                    continue
                room = min(ch.x0 - p.x, p.x + p.w - ch.x1, ch.top - top, bottom - ch.bottom)
                if room < safe - 1e-6:
                    near.append((ch.text, round(room / 72 * 25.4, 2)))
    assert near == []


@pytest.mark.parametrize("which", ["a4", "source_only"])
def test_magic_arrow_card_says_first_in_line_unless_shielded(which, deck, request):
    """Issue 14: the printed Magic Arrow card says, in the rule text's own words and unmarked
    (they are the rulebook's), that it hits the first opposition character in line unless he
    is under a shield; with and without --source-only. Read back from the PDF."""
    texts = card_texts(request.getfixturevalue(which), SheetOptions.parse(margin="1/4in"), deck)
    arrow = [t for t in texts if t.startswith("Magic Arrow ")]
    assert len(arrow) == 1
    rule = deck.spell("Magic Arrow").card_rule
    assert f"Rule: {flat(rule.text)}" in arrow[0]
    assert 'under a "shield" spell' in arrow[0] and "first character (opposition)" in arrow[0]
    assert "KIT" not in arrow[0].split()
    # below the card reference's notes, the rule's words
    assert arrow[0].index("Notes: Uninjured") < arrow[0].index("Rule: Automatically")
    others = [t for t in texts if not t.startswith("Magic Arrow ")]
    assert not any("Rule: " in t for t in others)


@pytest.mark.parametrize("duplex", ["none", "long"])
def test_cut_lines_never_run_through_the_footer(tmp_path, duplex):
    """--cut-guides lines: the lines running down to the paper's edge stop above the footer's
    words (the gutter-fold page's ran through them)."""
    from generator.sheet.guides import GUIDE_WIDTH

    out = build(tmp_path, "l.pdf", "--cut-guides", "lines", "--duplex", duplex)
    crossed = []
    for number, page in enumerate(read_pages(out), 1):
        footer = [w for w in page.words if page.height - w.bottom < 40]
        assert footer
        guides = [ln for ln in page.lines if abs(ln.linewidth - GUIDE_WIDTH) < 1e-6]
        assert guides or number % 2 == 0  # every front page has its lines
        crossed += [
            (number, w.text)
            for w in footer
            for ln in guides
            if ln.x0 <= w.x1 and ln.x1 >= w.x0 and ln.top <= w.bottom and ln.bottom >= w.top
        ]
    assert crossed == []
