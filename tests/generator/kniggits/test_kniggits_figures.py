"""Standing figures and army sheets, read back from the PDFs: fronts and backs line up across
the fold, one figure per kniggit, army sheets from the companion's army check; bad input is one
line and exit 2."""

from __future__ import annotations

import pdfplumber
import pytest
from pdf_read import pages as read_pages

from generator.cli import main
from generator.kniggits.standees import PANEL_H, STRIP_H
from tests.conftest import ROOT, run

ARMY = ROOT / "cards/kniggits/army.csv"


def _shapes(page, outline) -> tuple[list, list]:
    """Filled shapes of the knight inside one strip: (front panel, back panel), as bboxes
    relative to the fold (y measured away from it), sorted."""
    fold = (outline["y0"] + outline["y1"]) / 2
    front, back = [], []
    for curve in [*page.curves, *page.rects]:
        if not curve["fill"] or not (outline["x0"] - 0.01 <= curve["x0"] <= outline["x1"]):
            continue
        box = (round(curve["x0"], 2), round(curve["x1"], 2))
        if fold - PANEL_H - 0.01 <= curve["y0"] and curve["y1"] <= fold + 0.01:
            front.append((*box, round(fold - curve["y1"], 2), round(fold - curve["y0"], 2)))
        elif fold - 0.01 <= curve["y0"] and curve["y1"] <= fold + PANEL_H + 0.01:
            back.append((*box, round(curve["y0"] - fold, 2), round(curve["y1"] - fold, 2)))
    return sorted(front), sorted(back)


def _relative(shapes: list, outline) -> list:
    """Shapes with x measured from the strip's left edge."""
    x0 = outline["x0"]
    return sorted((round(a - x0, 2), round(b - x0, 2), lo, hi) for a, b, lo, hi in shapes)


def _mirrored(shapes: list, width: float) -> list:
    return sorted((round(width - b, 2), round(width - a, 2), lo, hi) for a, b, lo, hi in shapes)


@pytest.mark.parametrize("extra", [[], ["--left-handed", "2"]])
def test_fronts_and_backs_line_up_across_the_fold(tmp_path, extra):
    assert run(main, ["kniggits", "--out", str(tmp_path), *extra]).exit_code == 0
    with pdfplumber.open(tmp_path / "kniggits-figures.pdf") as doc:
        page = doc.pages[0]
        outlines = [r for r in page.rects if abs(r["height"] - STRIP_H) < 0.01]
        assert len(outlines) == 24  # the kit's default: a dozen a side
        fronts = []
        for outline in outlines:
            front, back = _shapes(page, outline)
            assert len(front) >= 8
            assert front == back
            fronts.append(_relative(front, outline))
    width = outlines[0]["width"]
    first, last = fronts[0], fronts[-1]  # a Red knight, a Blue knight
    if extra:  # Blue's player is left-handed: his knights are the mirror image of Red's
        assert last == _mirrored(first, width) and last != first
    else:
        assert last == first


def test_one_figure_per_kniggit_named(tmp_path):
    result = run(main, ["kniggits", "--out", str(tmp_path), "--army", str(ARMY)])
    assert result.exit_code == 0, result.output
    page = read_pages(tmp_path / "kniggits-figures.pdf")[0]
    outlines = [r for r in page.rects if abs(r.height - STRIP_H) < 0.01]
    text = " ".join(page.text_lines)
    assert len(outlines) == 5  # Galahad, Lancelot, Robin, 2 squires
    for name in ("Sir Galahad", "Sir Lancelot", "Brave Sir Robin", "Squire 1", "Squire 2"):
        assert name in text


def test_army_sheet_points_runaways_and_handedness(tmp_path):
    army = tmp_path / "cowards.csv"
    army.write_text("count,name,movement,attack,defense\n1,Sir Bold,8,1,1\n2,Peasant,1,1,0\n")
    result = run(main, ["kniggits", "--out", str(tmp_path), "--army", str(army), "--points", "20"])
    assert result.exit_code == 0, result.output
    text = " ".join(read_pages(tmp_path / "kniggits-armies.pdf")[0].text_lines)
    # 3 kniggits x 5 + (10 + 2 x 2) tokens = 29 points, over a 20-point total
    assert "spent 29" in text and "OVER BY 9" in text
    assert "2 spare Movement tokens: the move stays 12 in" in text  # 8 tokens x 2 in, capped
    assert text.count("RUNS AWAY") == 2 and "no defense token" in text
    assert "Left-handed?" in text and "sword LEFT hand" in text
    result = run(main, ["kniggits", "--out", str(tmp_path), "--army", str(army),
                        "--left-handed", "1"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Left-handed: YES" in " ".join(
        read_pages(tmp_path / "kniggits-armies.pdf")[0].text_lines
    )
    assert "1 fight" in text
    figures = read_pages(tmp_path / "kniggits-figures.pdf")[0]
    assert len([r for r in figures.rects if abs(r.height - STRIP_H) < 0.01]) == 1  # Sir Bold
    assert "Peasant" not in " ".join(figures.text_lines)  # they run away before the battle
    assert "none for the 2 who run away before the battle" in result.output


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--army", "no-such.csv"], "--army: file not found"),
        (["--token-size", "big"], "--token-size"),
        (["--scale", "huge"], "--scale"),
        (["--left-handed", "3"], "--left-handed: expected an army number from 1 to 2"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, words):
    result = run(main, ["kniggits", "--out", str(tmp_path), *args])
    assert result.exit_code == 2
    assert words in result.output
    assert not list(tmp_path.glob("*.pdf"))


def test_a_bad_army_file_names_its_line(tmp_path):
    army = tmp_path / "bad.csv"
    army.write_text("count,name,movement,attack,defense\n1,Sir X,1,x,1\n")
    result = run(main, ["kniggits", "--out", str(tmp_path), "--army", str(army)])
    assert result.exit_code == 2
    assert "bad.csv:2" in result.output and "attack" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_an_army_without_a_file_is_refused_for_print():
    from companion.kniggits.rules import ArmyCheck
    from generator.kniggits.army_sheet import army_file

    assert army_file(ArmyCheck(ARMY, 20, [], 0, 0)) == ARMY
    with pytest.raises(ValueError, match="read from a file"):
        army_file(ArmyCheck(None, 20, [], 0, 0))
