"""The kit's readings of the board on paper: the set-up PDF's backs (or last page), the aid,
column letters on the garden map and the board, and the QR code that opens the phone page."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from pdf_read import page_texts

from companion.cthulhu_who.geometry import readings
from companion.data import Cards
from generator.cli import main as pnp
from generator.cthulhu_who.aid import write_cthulhu_aid
from generator.cthulhu_who.setups import write_setups_pdf
from generator.sheet.document import PageSize
from generator.sheet.options import PAPERS, SheetOptions
from tests.conftest import run

pypdf = pytest.importorskip("pypdf")
RD = readings(Cards())


def _texts(path) -> list[str]:
    return [" ".join(text.split()) for text in page_texts(path)]


def _has_readings(text: str) -> bool:
    return all(" ".join(r.text.split())[:60] in text for r in RD.items.values())


@pytest.mark.parametrize("duplex", ["long", "none"])
def test_the_readings_fill_the_blank_backs_or_get_a_page(tmp_path, duplex):
    path = tmp_path / "s.pdf"
    opts = SheetOptions.parse(piece_size="1in", duplex=duplex)
    write_setups_pdf(path, Cards(), opts, 2, 1, 1, True)
    texts = _texts(path)
    assert not any("blank back" in t for t in texts)
    found = [i for i, t in enumerate(texts) if "the Havoc Kit's readings" in t and _has_readings(t)]
    tiles = [i for i, t in enumerate(texts) if "Board tile" in t and "readings" not in t]
    odds = [i for i, t in enumerate(texts) if "the exact odds Enumerated" in t]
    if duplex == "none":
        assert found == [len(texts) - 1]  # one page of its own, at the end
        assert odds == [len(texts) - 2] and tiles == [odds[0] - 2, odds[0] - 1]
    else:
        # on the backs of the tiles, which would have had blank ones: the readings, then the
        # odds (no sheet of their own); every tile a front
        assert len(tiles) == 2 and all(i % 2 == 0 for i in tiles)
        assert found == [tiles[0] + 1] and odds == [tiles[1] + 1] == [len(texts) - 1]
    assert all(f"{r.title} (kit's reading)" in texts[found[0]] for r in RD.items.values())
    assert "on the board tiles' backs" in texts[0] or "on the last page" in texts[0]


def test_source_only_leaves_the_readings_out(tmp_path):
    path = tmp_path / "s.pdf"
    opts = SheetOptions.parse(piece_size="1in")
    write_setups_pdf(path, Cards(), opts, 1, 1, 1, True, source_only=True)
    texts = _texts(path)
    assert not any("kit's reading" in t for t in texts)
    # the odds on the first tile's back, the second tile's back blank
    tiles = [i for i, t in enumerate(texts) if "Board tile" in t and "blank back" not in t]
    assert "the exact odds Enumerated" in texts[tiles[0] + 1]
    assert "blank back" in texts[tiles[1] + 1] and len(texts) == tiles[1] + 2
    aid = tmp_path / "aid.pdf"
    write_cthulhu_aid(aid, Cards(), PageSize(*PAPERS["a4"]), source_only=True)
    text = " ".join(_texts(aid))
    assert "Havoc Kit's readings" not in text
    assert not any(r.title in text for r in RD.items.values())


def test_the_aid_prints_every_reading_labelled(tmp_path):
    aid = tmp_path / "aid.pdf"
    write_cthulhu_aid(aid, Cards(), PageSize(*PAPERS["a4"]))
    text = " ".join(_texts(aid))
    assert "the Havoc Kit's readings, not the rulebook's" in text
    for r in RD.items.values():
        assert f"{r.title} (kit's reading)." in text
    assert _has_readings(text)


def test_garden_map_and_board_have_column_letters(tmp_path):
    path = tmp_path / "s.pdf"
    write_setups_pdf(path, Cards(), SheetOptions.parse(piece_size="1in"), 1, 1, 2, False)
    texts = _texts(path)
    assert "A B C D E F G H I J K L M N O P" in texts[0]  # under the map's row 1
    tiles = [t for t in texts if "Board tile" in t and "readings" not in t]
    letters = {ch for t in tiles for ch in t.split() if len(ch) == 1 and "A" <= ch <= "P"}
    assert letters == set("ABCDEFGHIJKLMNOP")  # every column named on some tile


needs_zbar = pytest.mark.skipif(
    not (shutil.which("zbarimg") and shutil.which("pdftoppm")), reason="needs zbarimg, pdftoppm"
)


def _scan(tmp_path, *args: str) -> tuple[str, str]:
    out = tmp_path / "s.pdf"
    result = run(pnp, ["setups", "-n", "1", *args, "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    png = tmp_path / "page"
    # an uncompressed PPM, the same pixels as a PNG (whose compressing was most of the CPU)
    subprocess.run(["pdftoppm", "-r", "200", "-f", "1", "-l", "1", str(out), str(png)], check=True)
    page = next(tmp_path.glob("page*.ppm"))
    scanned = subprocess.run(["zbarimg", "-q", "--raw", str(page)], capture_output=True, text=True)
    return scanned.stdout.strip(), _texts(out)[0]


@needs_zbar
def test_qr_url_opens_the_phone_page_of_the_setup(tmp_path):
    data, text = _scan(tmp_path, "--seed", "77", "--qr-url", "http://192.168.1.20:8000/")
    assert data == "http://192.168.1.20:8000/cthulhu-who/setup?seed=77"
    assert "scan: the phone page" in text and "192.168.1.20:8000" in text


@needs_zbar
def test_without_qr_url_the_qr_is_the_command_and_says_so(tmp_path):
    data, text = _scan(tmp_path, "--seed", "78")
    assert data == "havoc setup --seed 78"
    assert "(a command: no --qr-url)" in text


@pytest.mark.parametrize("url", ["192.168.1.20:8000", "ftp://x:1", "http://x:99999", "http://x/a"])
def test_bad_qr_url_is_one_line(tmp_path, url):
    result = run(pnp, ["setups", "-n", "1", "--qr-url", url, "-o", str(tmp_path / "s.pdf")])
    assert result.exit_code == 2
    assert "--qr-url: expected http://ADDRESS:PORT" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "s.pdf").exists()


@pytest.mark.parametrize("duplex", ["long", "none"])
def test_on_small_paper_the_readings_run_over_pages_in_order(tmp_path, duplex):
    path = tmp_path / "s.pdf"
    opts = SheetOptions.parse(paper="148x210mm", piece_size="0.5in", duplex=duplex)
    write_setups_pdf(path, Cards(), opts, 1, 1, 1, True)
    texts = _texts(path)
    pages = [t for t in texts if "the Havoc Kit's readings (" in t]
    count = int(pages[0].split("the Havoc Kit's readings (1 of ")[1].split(")")[0])
    assert count > 1
    first = {" ".join(r.title.split()) for r in RD.items.values()}
    seen = " ".join(pages[:count])
    assert all(f"{t} (kit's reading)" in seen for t in first)  # every reading, in one run
    for n, page in enumerate(pages[:count], 1):
        assert f"readings ({n} of {count})" in page
    if duplex == "long":
        assert len(texts) % 2 == 0  # whole sheets


def test_readings_too_long_for_a_page_are_one_line_and_no_file(tmp_path):
    mine = tmp_path / "cards" / "cthulhu-who"
    mine.mkdir(parents=True)
    text = Cards().path("cthulhu-who", "readings.toml").read_text(encoding="utf-8")
    long = "Diagonals count. " + "A very long reading of the board. " * 600
    (mine / "readings.toml").write_text(text.replace("Diagonals count. ", long, 1), "utf-8")
    out = tmp_path / "s.pdf"
    result = run(pnp, ["--cards", str(tmp_path / "cards"), "setups", "-n", "1", "-o", str(out)])
    assert result.exit_code == 2
    assert "readings.toml" in result.stderr
    assert "[readings.diagonals] does not fit a page" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and not out.exists()
