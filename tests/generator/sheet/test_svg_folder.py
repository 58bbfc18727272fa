"""`--svg DIR`: names keep their letters, the folder is checked before the PDF is written, and
a rebuild leaves no stale files of the previous roster (and never touches files it did not
write)."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from engine_helpers import piece

from companion.errors import InputError
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
    listed = [line.split()[0] for line in (out / MANIFEST).read_text().splitlines()]
    assert listed == ["p0-back.svg", "p0-front.svg", "zoë-front.svg"]


def test_a_link_in_the_folder_is_never_written_through(tmp_path: Path) -> None:
    """Issue 30 item 7: a planted link at the listing's name or a piece's name."""
    sheet = SheetOptions.parse()
    secret = tmp_path / "secret.txt"
    for name in (MANIFEST, "p0-front.svg"):
        out = tmp_path / name.strip(".")
        out.mkdir()
        secret.write_text("keep me")
        (out / name).symlink_to(secret)
        with pytest.raises(InputError, match=f"{name} in .* is a symbolic link the kit did not"):
            write_piece_svgs(out, [piece(0)], sheet)
        assert secret.read_text() == "keep me" and (out / name).is_symlink()
        assert sorted(p.name for p in out.iterdir()) == [name]  # nothing else written


def test_a_forged_listing_deletes_nothing_the_kit_did_not_write(tmp_path: Path) -> None:
    out = tmp_path / "svg"
    out.mkdir()
    sheet = SheetOptions.parse()
    write_piece_svgs(out, [piece(0), piece(1)], sheet)
    (out / "notes.svg").write_text("the user's own file")
    (out / "p1-back.svg").write_text("edited by hand")  # the kit's file, changed since
    forged = "notes.svg " + "0" * 64 + "\n" + "p1-back.svg " + "0" * 64 + "\n"
    listing = (out / MANIFEST).read_text(encoding="utf-8")
    (out / MANIFEST).write_text(listing + forged + "../outside.svg\nnotes.svg\n")
    write_piece_svgs(out, [piece(0)], sheet)
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted([MANIFEST, "notes.svg", "p0-back.svg", "p0-front.svg", "p1-back.svg"])
    # p1-front.svg held what the kit wrote: gone; the edited p1-back.svg and notes.svg stay
    (out / MANIFEST).write_text("p0-front.svg\n")  # an earlier kit's listing: names only
    write_piece_svgs(out, [piece(1)], sheet)
    assert (out / "p0-front.svg").exists()  # unproven: left in place


def test_o_refuses_to_replace_a_file_that_is_not_a_pdf(havoc_pnp, tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    result = havoc_pnp("calibrate", "-o", notes)
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert "a file that is not a PDF is there" in result.output
    assert notes.read_text() == "my notes"
    pdf = tmp_path / "c.pdf"
    for _ in range(2):  # a PDF, the kit's or not, is replaced; an empty file too
        assert havoc_pnp("calibrate", "-o", pdf).exit_code == 0
    (tmp_path / "empty.pdf").touch()
    assert havoc_pnp("calibrate", "-o", tmp_path / "empty.pdf").exit_code == 0


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
