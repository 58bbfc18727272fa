"""`--svg DIR`: names keep their letters, the folder is checked before the PDF is written, and
a rebuild leaves no stale files of the previous roster (and never touches files it did not
write)."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from engine_helpers import piece

from generator.sheet.options import SheetOptions
from generator.sheet.pieces import Face, Piece
from generator.sheet.render_svg import MANIFEST, slug, write_piece_svgs
from tests.conftest import ROOT


def test_names_keep_non_ascii_letters_in_nfc() -> None:
    decomposed = unicodedata.normalize("NFD", "Élise Ørn-Åsa")
    assert slug(decomposed) == "élise-ørn-åsa"
    assert slug("Ночной Клинок") == "ночной-клинок"
    assert slug("a/b\\c:..d") == "a-b-c-d"
    assert slug("???") == "piece"


def test_a_rebuild_removes_only_the_files_of_the_old_roster(tmp_path: Path) -> None:
    out = tmp_path / "svg"
    out.mkdir()
    (out / "mine.svg").write_text("the user's own file")
    sheet = SheetOptions.parse()
    write_piece_svgs(out, [piece(0), piece(1)], sheet)
    assert (out / "p1-front.svg").exists()
    write_piece_svgs(out, [piece(0), Piece("Zoë", Face("z"))], sheet)
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted([MANIFEST, "mine.svg", "p0-back.svg", "p0-front.svg", "zoë-front.svg"])
    assert (out / MANIFEST).read_text().split() == ["p0-back.svg", "p0-front.svg", "zoë-front.svg"]


def test_a_bad_svg_folder_is_refused_before_the_pdf(havoc_pnp, tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("a file, not a folder")
    pdf = tmp_path / "c.pdf"
    result = havoc_pnp("counters", "-o", pdf, "--svg", tmp_path / "taken" / "svg")
    assert result.exit_code == 2
    assert "taken" in result.output and "cannot write there" in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not pdf.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]


def test_counters_with_svg_rebuilds_cleanly(havoc_pnp, tmp_path: Path) -> None:
    roster = (ROOT / "cards" / "dark-blades" / "pieces.csv").read_text(encoding="utf-8")
    mine = tmp_path / "mine.csv"
    mine.write_text(roster.replace(",Zatan,", ",Zatàn,"), encoding="utf-8")
    svg = tmp_path / "svg"
    first = havoc_pnp("counters", "-o", tmp_path / "c.pdf", "--svg", svg, "--roster", mine)
    assert first.exit_code == 0, first.output
    assert any(p.name.startswith("zatàn-") for p in svg.iterdir())
    second = havoc_pnp("counters", "-o", tmp_path / "c.pdf", "--svg", svg)
    assert second.exit_code == 0, second.output
    names = {p.name for p in svg.iterdir()}
    assert not any(n.startswith("zatàn-") for n in names)
    assert any(n.startswith("zatan-") for n in names)
    assert not any(n.startswith(".havoc-staging") for n in names)
