"""The Dark Blades counter sheet as printed: text and geometry read back from the PDF."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from pdf_read import pages as read_pages

from companion.dark_blades import piece_types
from companion.dark_blades import pieces as db
from companion.data import Cards
from companion.errors import display_path
from tests.conftest import ROOT

COLOUR_OF = {"attack": "#000000", "defence": "#c0161d", "move": "#1f4fa8"}
PIECE = 45.0  # 5/8in, the default piece size


def hex_of(colour: tuple[int, int, int]) -> str:
    return "#" + "".join(f"{c:02x}" for c in colour)


def read_faces(path: Path, backgrounds: set[str]) -> list[dict]:
    """Every face box on every page: its size, colour, words and coloured numbers (a back's
    ground past its trim, a larger rect around its face's, is no face: left out)."""
    out = []
    for page in read_pages(path):
        filled = [r for r in page.rects if r.fill]

        def ground(rect, filled: list = filled) -> bool:
            return any(
                o is not rect
                and rect.x0 - 0.01 <= o.x0 and o.x1 <= rect.x1 + 0.01
                and rect.top - 0.01 <= o.top and o.bottom <= rect.bottom + 0.01
                and o.width * o.height < rect.width * rect.height - 1
                and o.fill_colour == rect.fill_colour
                for o in filled
            )  # fmt: skip

        for rect in filled:
            fill = hex_of(rect.fill_colour)
            if fill not in backgrounds or rect.height < PIECE - 0.5 or ground(rect):
                continue
            inside = [
                w
                for w in page.words
                if rect.x0 <= (w.x0 + w.x1) / 2 <= rect.x1
                and rect.top <= (w.top + w.bottom) / 2 <= rect.bottom
            ]
            inside.sort(key=lambda w: (round(w.top), w.x0))
            out.append(
                {
                    "page": page.number,
                    "w": rect.width,
                    "h": rect.height,
                    "fill": fill,
                    "text": " ".join(w.text for w in inside),
                    "numbers": tuple(
                        (w.text, hex_of(w.colour))
                        for w in sorted(inside, key=lambda w: w.x0)
                        if w.text.isdigit()
                    ),
                }
            )
    return out


@pytest.fixture(scope="module")
def data() -> db.PieceSet:
    return db.load(Cards())


def build(tmp_path_factory, *extra: str) -> Path:
    from click.testing import CliRunner

    from generator.cli import main

    out = tmp_path_factory.mktemp("pdf") / "counters.pdf"
    result = CliRunner().invoke(main, ["counters", "-o", str(out), *extra])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def sheet(pnp_once) -> Path:
    """`havoc-pnp counters -o FILE`, written once for the whole run (`pnp_once`)."""
    return pnp_once("counters", file="counters.pdf")


@pytest.fixture(scope="module")
def blank_sheet(pnp_once) -> Path:
    """`havoc-pnp counters --blank-values -o FILE`, written once for the run (as
    test_safe_area's)."""
    return pnp_once("counters", "--blank-values", file="counters.pdf")


def side_backgrounds(data: db.PieceSet) -> set[str]:
    return {side.background for side in data.sides.values()}


def test_every_face_prints_its_name_state_and_values(data, sheet):
    boxes = read_faces(sheet, side_backgrounds(data))
    found = Counter((b["text"], b["numbers"]) for b in boxes)
    for character in data.roster:
        label = character.label or character.name
        for spec in data.types[character.type].pieces:
            for face in (spec.front, spec.back):
                numbers = tuple(
                    (str(character.value(c)), COLOUR_OF[piece_types.role(c)]) for c in face.values
                )
                words = [*label.split(), *face.state.replace(" · ", " ").split()]
                matches = sum(
                    n
                    for (text, nums), n in found.items()
                    if nums == numbers and all(w in text.split() for w in words)
                    and text.startswith(label)
                )  # fmt: skip
                assert matches >= character.count, (label, face.state, numbers)


def test_double_length_pieces_are_90_by_45_points(data, sheet):
    boxes = read_faces(sheet, side_backgrounds(data))
    sizes = Counter((round(b["w"], 1), round(b["h"], 1)) for b in boxes)
    doubles = sum(
        c.count * sum(1 for s in data.types[c.type].pieces if s.cols == 2) for c in data.roster
    )
    singles = sum(
        c.count * sum(1 for s in data.types[c.type].pieces if s.cols == 1) for c in data.roster
    )
    assert doubles == 50  # 23 riders x 2 horse pieces + 4 mules
    assert sizes == {(90.0, 45.0): 2 * doubles, (45.0, 45.0): 2 * singles}  # fronts and backs


def test_markers_are_printed(data, sheet):
    colours = {m.front_colour for m in data.markers} | {m.back_colour for m in data.markers}
    boxes = read_faces(sheet, colours)
    texts = Counter(b["text"].split(" ")[0] for b in boxes)
    trolls = next(c for c in data.roster if c.name == "Troll").count
    assert texts["FLAMES"] == trolls and texts["ASHES"] == trolls
    assert texts["MAGIC"] == 4 and texts["TARGET"] == 4  # sword and ring, two target hexes


def test_blank_values_print_no_numbers(data, blank_sheet):
    boxes = read_faces(blank_sheet, side_backgrounds(data))
    assert boxes and all(b["numbers"] == () for b in boxes)
    labels = {c.label or c.name for c in data.roster}
    text = " ".join(b["text"] for b in boxes)
    assert all(label in text for label in labels)


def page_texts(path: Path) -> list[str]:
    """Each page's text, white space collapsed (footer lines joined)."""
    return [page.text for page in read_pages(path)]


KIT_NOTE = "The values are the Havoc Kit's own defaults, NOT the rulebook's"
BLANK_NOTE = "Value boxes left blank to fill in by hand"


def test_footer_says_the_values_are_the_kits(sheet):
    pages = page_texts(sheet)
    assert len(pages) > 1
    for text in pages:
        assert KIT_NOTE in text and "--blank-values" in text and BLANK_NOTE not in text


def test_footer_of_blank_values_says_the_boxes_are_blank(blank_sheet):
    for text in page_texts(blank_sheet):
        assert BLANK_NOTE in text and "own defaults" not in text and "Values from" not in text


def _my_roster(path: Path) -> Path:
    header = next(
        ln
        for ln in (ROOT / "cards" / "dark-blades" / "pieces.csv")
        .read_text(encoding="utf-8")
        .splitlines()
        if ln.startswith("count,")
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(header + "\n3,Orc,,black-fox,foot,sword,9,9,5,3,4,4,2\n", encoding="utf-8")
    return path


def test_footer_of_a_users_roster_names_it(tmp_path, tmp_path_factory):
    roster = _my_roster(tmp_path / "my-roster.csv")
    for text in page_texts(build(tmp_path_factory, "--roster", str(roster))):
        assert f"Values from {display_path(roster)}." in text
        assert "own defaults" not in text and BLANK_NOTE not in text
    # blank boxes win over the file the names came from
    for text in page_texts(build(tmp_path_factory, "--roster", str(roster), "--blank-values")):
        assert BLANK_NOTE in text and "Values from" not in text


def test_footer_of_a_cards_dir_with_its_own_roster_names_it(tmp_path, tmp_path_factory):
    from click.testing import CliRunner

    from generator.cli import main

    roster = _my_roster(tmp_path / "mine" / "dark-blades" / "pieces.csv")
    out = tmp_path / "c.pdf"
    result = CliRunner().invoke(main, ["--cards", str(tmp_path / "mine"), "counters", "-o", out])
    assert result.exit_code == 0, result.output
    for text in page_texts(out):
        assert f"Values from {display_path(roster)}." in text and "own defaults" not in text


def test_a_bad_roster_is_one_line_and_exit_2(tmp_path, havoc_pnp):
    roster = tmp_path / "bad.csv"
    header = next(
        ln
        for ln in (ROOT / "cards" / "dark-blades" / "pieces.csv")
        .read_text(encoding="utf-8")
        .splitlines()
        if ln.startswith("count,")
    )
    roster.write_text(header + "\n1,Orc,,black-fox,foot,,x,9,5,3,4,4,2\n", encoding="utf-8")
    result = havoc_pnp("counters", "--roster", roster, "-o", tmp_path / "x.pdf")
    assert result.exit_code == 2
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].endswith(
        f": error: {display_path(roster)}:2: column 'attack': expected a whole number, got 'x'"
    )
    assert not (tmp_path / "x.pdf").exists()
