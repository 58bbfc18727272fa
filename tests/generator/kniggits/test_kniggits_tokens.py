"""Skill tokens: counts per colour read back from the PDF (the rules' default, or what the
armies bought plus spares), and colours that stay apart for colour-blind eyes and in grey."""

from __future__ import annotations

import csv
import tomllib
from collections import Counter

import pytest
from pdf_read import pages as read_pages

from generator.cli import main
from generator.kniggits.colour_check import VISIONS, delta_e, smallest_differences
from tests.conftest import ROOT, run, sweep

PRINT = ROOT / "cards/kniggits/print.toml"
MIN_DELTA_E = 20.0  # well apart: ΔE*ab 2-3 is "just noticeable"


def _print_toml() -> dict:
    with open(PRINT, "rb") as handle:
        return tomllib.load(handle)


def _letters_in(pdf) -> Counter:
    """Token letters: the big characters (the footer's letters are small)."""
    return Counter(c.text for p in read_pages(pdf) for c in p.chars if c.size > 10)


def _bought(path) -> Counter:
    got: Counter = Counter()
    with open(path, newline="") as handle:
        rows = csv.DictReader(line for line in handle if not line.startswith("#"))
        for row in rows:
            for role in ("movement", "attack", "defense"):
                got[role] += int(row["count"]) * int(row[role])
    return got


@pytest.mark.parametrize("size", sweep("1/2in", "1in"))
def test_default_counts_are_the_rules_forty_of_each_and_fill_the_sheet(tmp_path, size):
    """At least the rules' 40 of each colour, in about equal amounts; the sheet they need is
    filled with more of each (whole rows), so no sheet is under half used."""
    from pypdf import PdfReader

    from generator.sheet.layout import per_page
    from generator.sheet.options import SheetOptions

    result = run(main, ["kniggits", "--out", str(tmp_path), "--token-size", size])
    assert result.exit_code == 0, result.output
    data = _print_toml()["tokens"]
    assert data["per_colour"] >= 40  # "at least 40 counters in each of three different colours"
    letters = _letters_in(tmp_path / "kniggits-tokens.pdf")
    counts = [letters[data[role]["letter"]] for role in ("movement", "attack", "defense")]
    sheet = SheetOptions.parse(piece_size=size)
    across = per_page(sheet)[0]
    assert min(counts) >= data["per_colour"] and max(counts) - min(counts) <= across
    assert all(n % across == 0 for n in counts)  # whole rows
    assert min(counts) > data["per_colour"]  # the sheet was filled
    sheets = len(PdfReader(tmp_path / "kniggits-tokens.pdf").pages)  # one-sided
    assert sum(counts) / (sheets * across * per_page(sheet)[1]) > 0.5


def test_tokens_have_no_backs_so_duplex_none_fills_the_sheet(tmp_path):
    """Fold-over is for pieces with backs: under --duplex none the tokens fill the whole sheet
    as under duplex long (the rules' default: 294 at 1/2in on A4), with no fold line and no
    FRONTS/BACKS in the footer."""
    counts = {}
    for duplex in ("long", "none"):
        out = tmp_path / duplex
        result = run(main, ["kniggits", "--out", str(out), "--duplex", duplex])
        assert result.exit_code == 0, result.output
        pdf = read_pages(out / "kniggits-tokens.pdf")
        counts[duplex] = [sum(_letters_in(out / "kniggits-tokens.pdf").values()), len(pdf)]
        page = pdf[0]
        assert "BACKS" not in page.text and "fold" not in page.text
        middle = page.width / 2
        assert not [s for s in page.lines if abs(s.x0 - middle) < 0.01 and s.height > 400]
        assert max(c.x1 for c in page.chars if c.size > 10) > middle + 100  # past the middle
    assert counts["none"] == counts["long"] == [294, 1]


@pytest.mark.parametrize("shape", ["round", "square"])
def test_army_counts_are_at_least_forty_or_what_they_bought_plus_spares(tmp_path, shape):
    second = tmp_path / "second.csv"
    second.write_text("count,name,movement,attack,defense\n3,Peasant,1,2,0\n1,Sir Big,36,9,4\n")
    armies = [ROOT / "cards/kniggits/army.csv", second]
    args = ["kniggits", "--out", str(tmp_path), "--token-shape", shape]
    for army in armies:
        args += ["--army", str(army)]
    result = run(main, args)
    assert result.exit_code == 0, result.output
    data = _print_toml()["tokens"]
    bought = _bought(armies[0]) + _bought(armies[1])
    assert bought["movement"] + data["spares"] > data["per_colour"] > bought["attack"]
    letters = _letters_in(tmp_path / "kniggits-tokens.pdf")
    for role in ("movement", "attack", "defense"):
        wanted = max(data["per_colour"], bought[role] + data["spares"])
        assert letters[data[role]["letter"]] >= wanted, role


def test_the_user_may_ask_for_fewer_tokens(tmp_path):
    army = str(ROOT / "cards/kniggits/army.csv")
    result = run(main, ["kniggits", "--out", str(tmp_path), "--army", army, "--tokens", "12"])
    assert result.exit_code == 0, result.output
    assert "36 skill tokens (12 M, 12 A, 12 D)" in result.output
    letters = _letters_in(tmp_path / "kniggits-tokens.pdf")
    assert [letters[k] for k in "MAD"] == [12, 12, 12]


def test_token_colours_stay_apart_for_every_vision():
    kinds = {r: _print_toml()["tokens"][r]["colour"] for r in ("movement", "attack", "defense")}
    smallest = smallest_differences(kinds)
    assert set(smallest) == set(VISIONS)
    for vision, (difference, a, b) in smallest.items():
        assert difference >= MIN_DELTA_E, f"{vision}: {a} and {b} only {difference:.1f} apart"


def test_letters_stand_out_from_their_token_in_grey():
    for role in ("movement", "attack", "defense"):
        kind = _print_toml()["tokens"][role]
        assert delta_e(kind["colour"], kind["ink"], "greyscale") >= 40


def test_the_check_catches_a_red_green_pair():
    # a classic bad pair: distinct to normal eyes, nearly one colour to a deuteranope
    red, green = "#d62728", "#7f7f00"
    assert delta_e(red, green) > MIN_DELTA_E
    assert delta_e(red, green, "deuteranopia") < delta_e(red, green) / 2
    assert delta_e("#777777", "#777777", "greyscale") == 0


@pytest.mark.parametrize("shape", ["round", "square"])
def test_the_defense_symbol_is_an_outlined_heater_shield(shape):
    """Not a pentagon that reads as a downward arrow: a symmetric outline with a top edge as
    wide as its shoulders, sides curving to the point, and a panel in the token's colour."""
    from companion.data import Cards
    from generator.kniggits.settings import settings
    from generator.kniggits.tokens import token_face
    from generator.sheet.pieces import Polygon

    kind = settings(Cards()).kinds["defense"]
    polygons = [op for op in token_face(kind, shape).ops if isinstance(op, Polygon)]
    outline, panel = polygons[0], polygons[1]
    assert outline.fill == kind.ink and panel.fill == kind.colour
    xs = [x for x, _ in outline.points]
    assert sorted(round(1 - x, 3) for x in xs) == sorted(round(x, 3) for x in xs)  # symmetric
    top = max(y for _, y in outline.points)
    tip = min(y for _, y in outline.points)
    width = max(xs) - min(xs)
    top_edge = [x for x, y in outline.points if y >= top - 0.03]
    assert max(top_edge) - min(top_edge) >= width - 1e-9  # flat and full-width at the top
    below = [(x, y) for x, y in outline.points if x > 0.5 and tip < y < top - (top - tip) / 2]
    assert len(below) >= 4  # the lower half curves in over several points, not one slope
    assert all(min(xs) < x < max(xs) for x, _ in panel.points)  # the panel sits inside
