"""Cthulhu Who? set-up sheets: read back from the PDF and checked against the rules' tables."""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from pdf_read import pages as read_pages

from companion.cthulhu_who.garden import garden_for, garden_settings
from companion.cthulhu_who.setup import setup_tables
from companion.data import Cards
from companion.errors import InputError
from generator.cthulhu_who import sheet as sheet_module
from generator.cthulhu_who.continued import Continued
from generator.cthulhu_who.pieces import CULTIST, HERO, MONSTER, TERRAIN, WEAPON
from generator.cthulhu_who.setups import rolled, write_setups_pdf
from generator.sheet.canvas_kit import Forms
from generator.sheet.options import SheetOptions

pypdf = pytest.importorskip("pypdf")

SEED, COUNT = 40, 6
LINE = {
    "size": re.compile(r"^Monster Size: d6 = (\d), row (\d): (\w+) \((\d) squares?\)$"),
    "monsters": re.compile(r"^Number of Monsters: d6 = (\d), row (\d), column (\d): (\d+)$"),
    "cultists": re.compile(r"^Number of Cultists: d6 = (\d), row (\d), column (\d): (\d+)$"),
    "danger": re.compile(r"^Danger Score: (\d) \+ (\d) \+ (\d) = (\d+) \(column ([\d-]+)\)$"),
    "heroes": re.compile(r"^Number of Heros: d6 = (\d), row (\d), column ([\d-]+): (\d+)$"),
    "weapon": re.compile(r"^Hero (\d) weapon: d6 = (\d), row ([\d-]+): (.+)$"),
}


def options(**kw):
    return SheetOptions.parse(piece_size="1in", **kw)


@pytest.fixture(scope="module")
def tables():
    return setup_tables(Cards())


@pytest.fixture(scope="module")
def one_board(tmp_path_factory):
    path = tmp_path_factory.mktemp("cw") / "setups.pdf"
    stats = write_setups_pdf(path, Cards(), options(), COUNT, SEED, 1, True)
    return path, stats


def page_texts(path) -> list[str]:
    """Each page's text as pypdf extracts it (a new list; the file is parsed once per run)."""
    stat = Path(path).stat()
    return list(_page_texts(str(path), stat.st_mtime_ns, stat.st_size))


@functools.lru_cache(maxsize=8)
def _page_texts(path: str, mtime: int, size: int) -> tuple[str, ...]:
    return tuple(page.extract_text() for page in pypdf.PdfReader(path).pages)


def sheets(path):
    """{seed: [page texts of that set-up's own sheet]} and the other pages' texts (the
    shared continued sheets, the board, the odds)."""
    out: dict[int, list[str]] = {}
    rest = []
    for body in page_texts(path):
        found = re.search(r"set-up \d+, seed (\d+)", body)
        if found and "pieces, continued" not in body.splitlines()[-1]:
            out.setdefault(int(found.group(1)), []).append(body)
        else:
            rest.append(body)
    return out, rest


def test_same_seed_byte_identical_pdf(tmp_path, one_board):
    path, _ = one_board
    again = tmp_path / "again.pdf"
    write_setups_pdf(again, Cards(), options(), COUNT, SEED, 1, True)
    assert again.read_bytes() == path.read_bytes()
    other = tmp_path / "other.pdf"
    write_setups_pdf(other, Cards(), options(), COUNT, SEED + 1, 1, True)
    assert other.read_bytes() != path.read_bytes()


def test_title_and_one_sheet_per_setup(one_board):
    path, stats = one_board
    reader = pypdf.PdfReader(path)
    assert reader.metadata.title == f"Cthulhu Who? set-ups: {COUNT} from seed {SEED}"
    assert len(reader.pages) == stats.pages
    by_seed, _ = sheets(path)
    assert sorted(by_seed) == list(range(SEED, SEED + COUNT))


def test_printed_numbers_rederive_from_printed_dice(one_board, tables):
    by_seed, _ = sheets(one_board[0])
    for seed, pages in by_seed.items():
        lines = pages[0].splitlines()
        got = {k: [m for m in map(rx.match, lines) if m] for k, rx in LINE.items()}
        (size,) = got["size"]
        s = int(size.group(1))
        assert int(size.group(2)) == s
        assert size.group(3) == tables.sizes[s].name
        assert int(size.group(4)) == tables.sizes[s].squares
        (mon,) = got["monsters"]
        m = int(mon.group(1))
        assert (int(mon.group(2)), int(mon.group(3))) == (m, s)
        assert int(mon.group(4)) == tables.monsters[s, m]
        (cul,) = got["cultists"]
        c = int(cul.group(1))
        assert int(cul.group(4)) == tables.cultists[s, c]
        (danger,) = got["danger"]
        assert [int(danger.group(i)) for i in (1, 2, 3)] == [s, m, c]
        assert int(danger.group(4)) == s + m + c
        band = tables.band_index(s + m + c)
        assert danger.group(5) == tables.bands[band].label
        (her,) = got["heroes"]
        h = int(her.group(1))
        assert her.group(3) == tables.bands[band].label
        heroes = int(her.group(4))
        assert heroes == tables.heroes[band, h]
        weapons = got["weapon"]
        assert [int(w.group(1)) for w in weapons] == list(range(1, heroes + 1))
        for w in weapons:
            die = int(w.group(2))
            low, _, high = w.group(3).partition("-")
            assert int(low) <= die <= int(high or low)
            assert w.group(4) == tables.weapons[die]
        assert f"havoc setup --seed {seed}" in pages[0]


def test_the_printed_seed_rebuilds_the_same_setup_in_havoc_setup(one_board, havoc, tables):
    by_seed, _ = sheets(one_board[0])
    for seed, pages in list(by_seed.items())[:3]:
        result = havoc("setup", "--seed", seed, "--json")
        assert result.exit_code == 0
        shown = json.loads(result.output)
        lines = pages[0].splitlines()
        size = next(m for m in map(LINE["size"].match, lines) if m)
        assert shown["dice"]["size"] == int(size.group(1))
        assert shown["monster_size"]["name"] == size.group(3)
        weapons = [m.group(4) for m in map(LINE["weapon"].match, lines) if m]
        assert shown["weapons"] == weapons
        assert shown == {**rolled(tables, seed).to_dict(), "seed": seed}


def test_stats_page_prints_the_exact_fractions(one_board, tables):
    from companion.cthulhu_who.setup import setup_distribution

    _, rest = sheets(one_board[0])
    odds = next(t for t in rest if "the exact odds" in t)
    dist = setup_distribution(tables)
    for key in ("monsters", "danger", "heroes", "weapon"):
        for chance in dist[key].values():
            assert f"{chance}  {100 * float(chance):.2f}%" in odds
    assert "1,296" in odds


class Recorder:
    """Every face the sheets draw: (seed, side, piece name, tags, w, h)."""

    def __init__(self, monkeypatch):
        self.drawn = []
        self.seed = None
        real_face = Forms.face
        real_setup = sheet_module.SheetPainter.setup
        real_placements = Continued.placements
        owner: dict[int, int] = {}  # id of a face on a continued sheet: its set-up's seed
        recorder = self

        def face(forms, face, x, y, w, h):
            seed = owner.get(id(face), recorder.seed)
            recorder.drawn.append((seed, face.label, round(w, 6), round(h, 6)))
            return real_face(forms, face, x, y, w, h)

        def placements(plan, part, pieces):
            placed = real_placements(plan, part, pieces)
            for p in placed:  # a continued sheet: these faces are this set-up's
                owner.update({id(p.piece.front): part.seed, id(p.piece.back): part.seed})
            return placed

        def setup(painter, number, total, seed, setup, garden, pieces):
            recorder.seed = seed
            recorder.pieces = getattr(recorder, "pieces", {})
            recorder.pieces[seed] = (setup, garden, list(pieces))
            return real_setup(painter, number, total, seed, setup, garden, pieces)

        monkeypatch.setattr(Forms, "face", face)
        monkeypatch.setattr(sheet_module.SheetPainter, "setup", setup)
        monkeypatch.setattr(Continued, "placements", placements)


@pytest.mark.parametrize(
    "boards, duplex, bleed", [(1, "long", "none"), (2, "none", "none"), (1, "long", "3mm")]
)
def test_the_pieces_printed_are_exactly_what_the_setup_lists(
    tmp_path, monkeypatch, boards, duplex, bleed
):
    # with --bleed 3mm some pieces of seeds 1, 2 and 4 go on the shared continued sheet
    rec = Recorder(monkeypatch)
    sheet = options(duplex=duplex, bleed=bleed)
    seed = 1 if bleed != "none" else 90
    write_setups_pdf(tmp_path / "s.pdf", Cards(), sheet, 4, seed, boards)
    settings = garden_settings(Cards())
    for seed, (setup, garden, pieces) in rec.pieces.items():
        assert garden == garden_for(settings, seed, boards)
        kinds = Counter(p.tags[0] for p in pieces)
        assert kinds[MONSTER] == setup.monsters
        assert kinds[CULTIST] == setup.cultists
        assert kinds[HERO] == kinds[WEAPON] == setup.heroes
        assert kinds[TERRAIN] == len(garden.terrain)
        needs = {(n.kind, n.weapon): n.count for n in setup.pieces() if n.kind == HERO}
        heroes = Counter((HERO, p.tags[1]) for p in pieces if p.tags[0] == HERO)
        assert heroes == needs
        terrain = Counter(p.tags[1] for p in pieces if p.tags[0] == TERRAIN)
        assert terrain == Counter(t.kind.name for t in garden.terrain)
        # every piece's front drawn once, every back once, nothing else
        drawn = Counter(label for s, label, _, _ in rec.drawn if s == seed)
        want = Counter(p.front.label for p in pieces)
        want.update(p.back.label for p in pieces if p.back is not None)
        assert drawn == want


def test_monster_pieces_measure_exactly_1_2_and_4_squares(tmp_path, monkeypatch, tables):
    from generator.cthulhu_who.pieces import monster_piece

    sq = 72.0
    for size in tables.sizes.values():
        piece = monster_piece(1, size.name, size.squares)
        assert piece.cols * piece.rows == size.squares
        assert (piece.cols, piece.rows) == {1: (1, 1), 2: (2, 1), 4: (2, 2)}[size.squares]
    # and on paper: find seeds that roll each size and measure what was drawn
    seeds = {}
    s = 0
    while len(seeds) < 3:
        seeds.setdefault(rolled(tables, s).size.squares, s)
        s += 1
    rec = Recorder(monkeypatch)
    for seed in seeds.values():
        write_setups_pdf(tmp_path / f"{seed}.pdf", Cards(), options(), 1, seed, 1)
    for squares, seed in seeds.items():
        setup = rolled(tables, seed)
        name = setup.size.name
        sizes = {(w, h) for sd, label, w, h in rec.drawn if sd == seed and label.startswith(name)}
        assert {w * h for w, h in sizes} == {squares * sq * sq}


def test_bad_input_is_one_line_and_leaves_the_old_file(tmp_path, havoc_pnp):
    target = tmp_path / "keep.pdf"
    target.write_bytes(b"%PDF-1.4 old")  # a PDF: only the bad input refuses it
    for args in (["-n", "0"], ["--square", "9in"], ["--boards", "3"], ["--piece-size", "1in"]):
        result = havoc_pnp("setups", *args, "--seed", "1", "-o", target)
        assert result.exit_code == 2, args
        assert len(result.output.strip().splitlines()) == 1, result.output
        assert "Traceback" not in result.output
        assert target.read_bytes() == b"%PDF-1.4 old"


def test_setups_command_writes_the_pdf(tmp_path, havoc_pnp):
    out = tmp_path / "s.pdf"
    result = havoc_pnp("setups", "-n", "2", "--seed", "5", "--boards", "2", "-o", out)
    assert result.exit_code == 0, result.output
    assert "2 Cthulhu Who? set-ups from seed 5" in result.output
    assert pypdf.PdfReader(out).metadata.title == "Cthulhu Who? set-ups: 2 from seed 5"


@pytest.mark.slow
def test_no_progress_bar_off_a_terminal_and_a_random_seed_is_told(tmp_path, havoc_pnp):
    out = tmp_path / "many.pdf"
    result = havoc_pnp("setups", "-n", "25", "-o", out)
    assert result.exit_code == 0, result.output
    first, second = result.output.splitlines()
    seed = int(re.match(r"seed (\d+) was drawn at random: --seed \1 prints", second).group(1))
    assert first.startswith(f"{out}: 25 Cthulhu Who? set-ups from seed {seed}")
    by_seed, _ = sheets(out)
    assert sorted(by_seed) == list(range(seed, seed + 25))


def test_wide_monsters_turn_to_fit_a_fold_over_half(tmp_path, monkeypatch, tables):
    # a user's tables with no 4-square monster, on paper whose fold-over half takes one column
    mine = tmp_path / "cards" / "cthulhu-who"
    mine.mkdir(parents=True)
    kit = Cards().path("cthulhu-who", "setup.toml").read_text(encoding="utf-8")
    (mine / "setup.toml").write_text(kit.replace("squares = 4", "squares = 2"), encoding="utf-8")
    cards = Cards(tmp_path / "cards")
    seed = next(s for s in range(200) if rolled(tables, s).size.squares == 2)
    rec = Recorder(monkeypatch)
    sheet = SheetOptions.parse(piece_size="1in", paper="130x200mm", duplex="none")
    write_setups_pdf(tmp_path / "f.pdf", cards, sheet, 1, seed, 1)
    name = rolled(tables, seed).size.name
    sizes = {(w, h) for _, label, w, h in rec.drawn if label.startswith(name)}
    assert sizes == {(72.0, 144.0)}
    with pytest.raises(InputError, match="4-square monster"):
        write_setups_pdf(tmp_path / "g.pdf", Cards(), sheet, 1, seed, 1)


@pytest.mark.parametrize("args", [("1in", 2, "none"), ("2in", 1, "short")])
def test_every_letter_is_at_least_a_quarter_inch_inside_the_paper(tmp_path, args):
    square, boards, duplex = args
    sheet = SheetOptions.parse(piece_size=square, duplex=duplex, paper="letter")
    path = tmp_path / "edge.pdf"
    write_setups_pdf(path, Cards(), sheet, 2, 77, boards, True)
    from generator.sheet.pages import footer_box

    footer_top = footer_box(sheet)[3]  # the engine's page footer, the same on every sheet
    for page in read_pages(path):
        for ch in page.chars:
            if page.height - ch.top <= footer_top + 1:
                continue
            inside = (
                ch.x0 >= 18 - 1e-6
                and ch.x1 <= page.width - 18 + 1e-6
                and ch.top >= 18 - 1e-6
                and ch.bottom <= page.height - 18 + 1e-6
            )
            assert inside, (page.number, ch.text, ch.x0, ch.top)


def test_the_pieces_read_back_from_the_pdf_match_the_rolls(one_board, tables):
    settings = garden_settings(Cards())
    by_seed, _ = sheets(one_board[0])
    for seed, pages in by_seed.items():
        setup = rolled(tables, seed)
        garden = garden_for(settings, seed, 1)
        fronts = [p for p in pages if "FRONTS" in p]
        lines = [line.strip() for p in fronts for line in p.splitlines()]
        squares = f"{setup.size.squares}-square monster"
        assert lines.count(squares) == setup.monsters
        back_lines = [line.strip() for p in pages if "BACKS" in p for line in p.splitlines()]
        # each monster and cultist is named and numbered alike on its front and its back
        for number in range(1, setup.monsters + 1):
            name = f"{setup.size.name.upper()} {number}"
            assert lines.count(name) == 1
            assert sum(line.endswith(f"{name}: remove") for line in back_lines) == 1
        for number in range(1, setup.cultists + 1):
            assert lines.count(f"Cultist {number}") == 1
            assert sum(line.endswith(f"Cultist {number}: remove") for line in back_lines) == 1
        for number, weapon in enumerate(setup.weapons, start=1):
            assert lines.count(f"Hero {number}") == 1
            assert lines.count(f"under Hero {number}") == 1
            assert lines.count(weapon) >= 2  # under the hero's name and on its counter
        assert lines.count("terrain (kit)") == len(garden.terrain)
        backs = [p for p in pages if "BACKS" in p]
        dead = sum(p.count("DEAD") for p in backs)
        assert dead == setup.monsters + setup.cultists + setup.heroes


@pytest.mark.slow
def test_paper_too_small_for_a_sheet_is_one_line_and_build_goes_on(tmp_path, havoc_pnp, kit_build):
    result = havoc_pnp("setups", "--paper", "100x150mm", "--seed", "1", "-o", tmp_path / "x.pdf")
    assert result.exit_code == 2
    assert "too small for a set-up sheet" in result.output
    assert not (tmp_path / "x.pdf").exists()
    built = kit_build("--paper", "100x150mm")  # shared: built once for the run, exit 0
    assert "cthulhu-who-setups.pdf not built" in kit_build.warned("--paper", "100x150mm")
    assert not (built / "cthulhu-who-setups.pdf").exists()
    assert (built / "dark-blades-counters.pdf").exists()


def test_leftover_pieces_share_continued_sheets_that_each_setup_sheet_names(tmp_path, tables):
    """--bleed 3mm on A4: seeds 1, 2 and 4 do not fit their pieces on their own sheet; the rest
    go on one shared sheet after the batch, under a heading per set-up, and each set-up sheet
    says how many and on which sheet. Every set-up still takes exactly one sheet."""
    path = tmp_path / "bleed.pdf"
    stats = write_setups_pdf(path, Cards(), options(bleed="3mm"), 4, 1, 1)
    pages = page_texts(path)
    by_seed, _ = sheets(path)
    assert {seed: len(p) for seed, p in by_seed.items()} == {1: 2, 2: 2, 3: 2, 4: 2}
    told = {}
    for seed, (front, _) in by_seed.items():
        found = re.search(r"(\d+) more pieces? of this set-up: on sheet (\d+) of this file", front)
        if found:
            told[seed] = (int(found.group(1)), int(found.group(2)))
    assert set(told) == {1, 2, 4}
    assert len({sheet for _, sheet in told.values()}) == 1  # one shared sheet
    sheet = told[1][1]
    front, back = pages[2 * sheet - 2], pages[2 * sheet - 1]
    assert "pieces, continued" in front.splitlines()[-1]
    for seed in told:  # a heading per set-up (the Recorder test: whose pieces are drawn)
        assert f"set-up {seed}, seed {seed}: pieces, continued" in front.lower()
    # exactly the pieces the set-up sheets announce: one name each
    names = [line.strip().lower() for line in front.splitlines()]
    pattern = r"terrain \(kit\)|under hero \d|hero \d|cultist \d+|\d-square monster"
    assert sum(bool(re.fullmatch(pattern, n)) for n in names) == sum(c for c, _ in told.values())
    assert "pieces, continued" in back.splitlines()[-1]
    assert stats.sheets == 4 + 1 + 2  # four set-ups, one continued sheet, two board tiles


@pytest.mark.slow  # a long batch, drawn in chunks
def test_continued_sheets_of_a_long_batch_go_out_in_chunks_too(tmp_path, monkeypatch):
    """More continued sheets than a chunk's worth are drawn in chunks of their own (memory
    stays flat): the same pages, footers and order as one document, bar the page totals."""
    from generator.cthulhu_who import setups

    sheet = options(paper="letter", bleed="3mm")
    whole = write_setups_pdf(tmp_path / "whole.pdf", Cards(), sheet, 6, 1, 1)
    monkeypatch.setattr(setups, "CHUNK", 1)
    chunked = write_setups_pdf(tmp_path / "chunked.pdf", Cards(), sheet, 6, 1, 1)
    texts = [
        [re.sub(r"page (\d+)/\d+", r"page \1", p.extract_text()) for p in pypdf.PdfReader(f).pages]
        for f in (tmp_path / "whole.pdf", tmp_path / "chunked.pdf")
    ]
    continued = [t for t in texts[0] if "pieces, continued" in t.splitlines()[-1]]
    assert len(continued) > 2  # more continued sheets (front, back) than one chunk
    assert texts[0] == texts[1]
    assert (whole.pages, whole.sheets) == (chunked.pages, chunked.sheets)


@pytest.mark.slow
def test_a_terminal_gets_a_progress_bar_on_stderr(tmp_path, monkeypatch):
    import io
    import sys

    from generator.commands.cthulhu_who import setups_pdf

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    out = tmp_path / "many.pdf"
    stats = setups_pdf(Cards(), SheetOptions.parse(), out, 20, 1, 1, False, "1in")
    assert stats.path == out and out.exists()
    assert "set-up sheets" in terminal.getvalue() and "100%" in terminal.getvalue()


def test_continued_terrain_fills_the_sheet_under_duplex_none(tmp_path):
    """Fold-over is for pieces with backs: the continued sheets' terrain (single-sided) runs
    across the whole width under --duplex none, with no fold line and no BACKS; the set-up's
    own sheet (figures, with backs) still folds."""
    path = tmp_path / "none.pdf"
    stats = write_setups_pdf(path, Cards(), options(duplex="none"), 6, 1, 1)
    assert stats.pages == 11  # was 12: the terrain took three half sheets
    pages = read_pages(path)
    continued = [p for p in pages if "pieces, continued" in p.text_lines[-1]]
    assert continued
    for page in continued:
        middle = page.width / 2
        assert "BACKS" not in page.text_lines[-1]
        assert not [s for s in page.lines if abs(s.x0 - middle) < 0.01 and s.height > 100]
        assert max(c.x1 for c in page.chars if c.text == "W" and c.size > 10) > middle
    first = pages[0]
    assert "BACKS right: fold" in first.text_lines[-1]


def test_a_continued_part_with_backs_folds_one_without_fills_the_width():
    from generator.cthulhu_who.pieces import monster_piece

    sheet = options(duplex="none")
    plan = Continued(sheet)
    dogs = [(i, monster_piece(i, "Dog", 1)) for i in range(3)]
    assert dogs[0][1].back is not None
    plan.add(1, 1, dogs)
    middle = sheet.width / 2
    assert all(x + w <= middle for _, x, _, w, _ in plan.parts[0].boxes)
    terrain = [(i, p.__class__(f"t{i}", p.front, None)) for i, (_, p) in enumerate(dogs * 6)]
    plan.add(2, 2, terrain)
    assert max(x + w for _, x, _, w, _ in plan.parts[1].boxes) > middle + 72
