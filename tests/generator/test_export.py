"""`havoc-pnp export`: print-shop images at the shops' exact pixel sizes with everything to read
inside their safe zones, Tabletop Simulator sheets and a saved object that names them, a README
in every folder, refusals in one line and nothing half written."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import url2pathname

import pytest
from pdf_read import pages as read_pages
from PIL import Image

from companion.data import Cards
from generator.export import sources
from generator.export.faces import FacePage, pixels, write_faces_pdf
from generator.export.tts import MAX_GRID, MAX_SIDE


@pytest.fixture
def exported(pnp_once) -> Path:
    """`havoc-pnp export tgc,mpc,tts --out DIR`, once for the whole run (`pnp_once`)."""
    return pnp_once("export", "tgc,mpc,tts")


@pytest.mark.parametrize(("shop", "size"), [("tgc", (825, 1125)), ("mpc", (822, 1122))])
def test_shop_cards_are_rgb_pngs_at_the_shops_size(exported, shop, size):
    cards = sorted((exported / shop / "cards").glob("*.png"))
    assert len(cards) == 24 + 1  # every card of the deck and the shared back
    for path in cards:
        with Image.open(path) as image:
            assert image.size == size and image.mode == "RGB", path.name
    assert (exported / shop / "cards" / "back.png").exists()
    readme = (exported / shop / "README.txt").read_text(encoding="utf-8")
    assert "Upload" in readme and all(str(p.relative_to(exported / shop)) in readme for p in cards)


def test_tgc_card_text_lies_inside_the_75px_safe_zone():
    """The faces the PNGs are rasterised from: every letter 75 px (18 pt) or more inside the
    image edge at 300 dpi, 1/8in bleed included."""
    deck = sources.spell_deck(Cards(), False)
    pdf = write_faces_pdf(
        Path(__import__("tempfile").mkdtemp()) / "f.pdf",
        [FacePage(p.front, 180, 252, 1.0) for p in deck[::3]],
        9.0,
        "t",
    )
    for page in read_pages(pdf):
        assert pixels(page.width, 300) == 825 and pixels(page.height, 300) == 1125
        for c in page.chars:
            assert min(c.x0, c.top, page.width - c.x1, page.height - c.bottom) * 300 / 72 >= 75


def test_tgc_at_the_default_size_says_chits_need_another_size(exported):
    readme = (exported / "tgc" / "README.txt").read_text(encoding="utf-8")
    assert "no TGC chit is 5/8in" in readme and "--piece-size 1/2in, 3/4in or 1in" in readme
    assert not (exported / "tgc" / "counters").exists()


@pytest.mark.slow
@pytest.mark.parametrize(("size", "px"), [("1/2in", 225), ("3/4in", 300), ("1in", 375)])
def test_tgc_chits_at_the_shops_sizes_with_counts(tmp_path, size, px):
    from click.testing import CliRunner

    from generator.cli import main
    from generator.sheet.options import SheetOptions

    result = CliRunner().invoke(
        main, ["export", "tgc", "--out", str(tmp_path), "--piece-size", size]
    )
    assert result.exit_code == 0, result.output
    folder = tmp_path / "tgc" / "counters"
    with (folder / "counts.csv").open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    made = sources.counters(Cards(), SheetOptions.parse(piece_size=size).piece, False)
    assert sum(int(r["count"]) for r in rows) == sum(1 for p in made if p.cols == 1)
    for row in rows:
        for side in ("front", "back"):
            with Image.open(folder / row[side]) as image:
                assert image.size == (px, px) and image.mode == "RGB"
    mounted = sum(1 for p in made if (p.cols, p.rows) == (2, 1))
    assert mounted and f"{mounted} double-length pieces left out" in result.output


def test_tts_sheet_json_and_urls(exported):
    folder = exported / "tts"
    saved = json.loads((folder / "havoc-kit-dark-blades.json").read_text(encoding="utf-8"))
    deck, *bags = saved["ObjectStates"]
    assert deck["Name"] == "DeckCustom"
    custom = deck["CustomDeck"]["1"]
    assert set(custom) >= {"FaceURL", "BackURL", "NumWidth", "NumHeight"}
    assert custom["NumWidth"] <= MAX_GRID[0] and custom["NumHeight"] <= MAX_GRID[1]
    assert deck["DeckIDs"] == [100 + i for i in range(24)]
    assert [c["CardID"] for c in deck["ContainedObjects"]] == deck["DeckIDs"]
    sheet = Path(url2pathname(urlparse(custom["FaceURL"]).path))
    with Image.open(sheet) as image:
        assert max(image.size) <= MAX_SIDE and image.mode == "RGB"
        assert image.size == (custom["NumWidth"] * 400, custom["NumHeight"] * 560)
    tiles = [t for b in bags for t in b["ContainedObjects"]]
    assert len(tiles) == len(sources.counters(Cards(), 45.0, False))
    for tile in tiles:
        assert tile["Name"] == "Custom_Tile"
        for key in ("ImageURL", "ImageSecondaryURL"):
            assert Path(url2pathname(urlparse(tile["CustomImage"][key]).path)).is_file()


def test_tts_base_url(tmp_path):
    from click.testing import CliRunner

    from generator.cli import main

    result = CliRunner().invoke(
        main, ["export", "tts", "--out", str(tmp_path), "--base-url", "https://example.org/kit/"]
    )
    assert result.exit_code == 0, result.output
    saved = json.loads((tmp_path / "tts" / "havoc-kit-dark-blades.json").read_text("utf-8"))
    assert saved["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"] == (
        "https://example.org/kit/spells-sheet.png"
    )
    tile = saved["ObjectStates"][1]["ContainedObjects"][0]["CustomImage"]["ImageURL"]
    assert tile.startswith("https://example.org/kit/counters/") and tile.endswith("-front.png")


@pytest.mark.parametrize("bad", ["vassal9", "", "tgc,nope"])
def test_a_bad_target_is_one_line(havoc_pnp, tmp_path, bad):
    result = havoc_pnp("export", bad, "--out", tmp_path / "x")
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1 and "TARGET: expected" in result.output
    assert not (tmp_path / "x").exists()


def test_nothing_is_written_when_the_folder_is_a_file(havoc_pnp, tmp_path):
    blocker = tmp_path / "out"
    blocker.write_text("a file")
    result = havoc_pnp("export", "mpc", "--out", blocker)
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1
    assert blocker.read_text() == "a file"


def drawn_authors(pieces) -> set[str]:
    """The authors of the kit's figures drawn on ``pieces``, read from the manifest here."""
    from companion import art
    from generator.sheet.pieces import Figure

    files = {
        Path(op.source).resolve()
        for p in pieces
        for face in (p.front, p.back)
        if face is not None
        for op in face.ops
        if isinstance(op, Figure)
    }
    return {c.author for c in art.load_manifest(Cards()).values() if c.file.resolve() in files}


def test_tts_readme_credits_every_author_whose_figure_it_shows(exported):
    from companion import art

    text = " ".join((exported / "tts" / "README.txt").read_text("utf-8").split())
    credits = text.split("Credits:", 1)[1]
    shown = drawn_authors(sources.counters(Cards(), 45.0, False))
    assert len(shown) >= 4
    for author in shown:
        assert author in credits, author
    assert "game-icons.net" in credits and "CC BY 3.0" in credits
    assert "https://creativecommons.org/licenses/by/3.0/" in credits
    for author in set(art.authors(art.load_manifest(Cards()))) - shown:
        assert author not in credits, author  # credited where his figure is shown, not here


def test_a_shop_export_without_figures_credits_none(exported):
    text = (exported / "mpc" / "README.txt").read_text("utf-8")
    assert not drawn_authors(sources.spell_deck(Cards(), False))
    assert "Credits:" not in text and "game-icons" not in text


def listing(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def test_exporting_again_leaves_only_what_this_run_wrote(havoc_pnp, exported, tmp_path):
    folder = shutil.copytree(exported / "mpc", tmp_path / "mpc")  # an earlier run's
    (folder / "cards" / "stale-card.png").write_bytes(b"an earlier run's")
    (folder / "counters").mkdir()
    (folder / "counters" / "knight-front.png").write_bytes(b"an earlier run's")
    result = havoc_pnp("export", "mpc", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    readme = (folder / "README.txt").read_text("utf-8")
    listed = {line.strip() for line in readme.split("Files:\n", 1)[1].split("\n\n")[0].splitlines()}
    assert listing(folder) == listed | {"README.txt"}
    assert not (folder / "counters").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mpc"]  # no staging folder left


@pytest.mark.slow
def test_chits_of_an_earlier_size_are_gone_after_an_export_at_five_eighths(havoc_pnp, tmp_path):
    assert havoc_pnp("export", "tgc", "--out", tmp_path, "--piece-size", "1in").exit_code == 0
    assert (tmp_path / "tgc" / "counters" / "counts.csv").is_file()
    assert havoc_pnp("export", "tgc", "--out", tmp_path).exit_code == 0
    assert not (tmp_path / "tgc" / "counters").exists()


def test_a_target_folder_the_kit_did_not_write_is_refused(havoc_pnp, tmp_path):
    mine = tmp_path / "tts"
    mine.mkdir()
    (mine / "my-notes.txt").write_text("mine")
    result = havoc_pnp("export", "mpc,tts", "--out", tmp_path)
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1
    assert "did not write" in result.output and "tts" in result.output
    assert listing(tmp_path) == {"tts/my-notes.txt"}  # mpc not written either


def test_a_failing_export_leaves_the_old_folder_as_it_was(havoc_pnp, tmp_path, monkeypatch):
    from companion.errors import InputError
    from generator.export import shops

    old = tmp_path / "mpc"
    (old / "cards").mkdir(parents=True)
    (old / "README.txt").write_text("Havoc Kit export: mpc\n")
    (old / "cards" / "back.png").write_bytes(b"old back")

    def fail(key, out, *args, **kwargs):
        (out / "cards").mkdir(parents=True)
        (out / "cards" / "back.png").write_bytes(b"half")
        raise InputError("mpc: no room")

    monkeypatch.setattr(shops, "export_shop", fail)
    result = havoc_pnp("export", "mpc", "--out", tmp_path)
    assert result.exit_code == 2 and "no room" in result.output
    assert listing(tmp_path) == {"mpc/README.txt", "mpc/cards/back.png"}
    assert (old / "cards" / "back.png").read_bytes() == b"old back"


@pytest.mark.parametrize(
    "bad",
    [
        "ftp://example.org/kit",
        "example.org/kit",
        "https://",
        "http:///kit",
        "https://example .org/kit",
        "https://example.org/my kit/",
        "https://example.org/'kit'",
        'https://example.org/"kit"',
        "https://example.org/kit?v=1",
        "javascript:alert(1)",
        "",
    ],
)
def test_a_bad_base_url_is_one_line(havoc_pnp, tmp_path, bad):
    result = havoc_pnp("export", "tts", "--out", tmp_path / "x", "--base-url", bad)
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1
    assert f"--base-url: expected an http:// or https:// address, got {bad!r}" in result.output
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("given", ["https://example.org/kit", "https://example.org/kit/"])
def test_a_base_url_is_joined_with_one_slash(tmp_path, given):
    from generator.commands.export import parse_base_url
    from generator.export.tts import Urls

    url = Urls(tmp_path, None, parse_base_url(given))
    assert (
        url(tmp_path / "counters" / "a-front.png") == "https://example.org/kit/counters/a-front.png"
    )


def test_tgc_readme_says_what_becomes_of_the_mounted_counters(exported):
    text = " ".join((exported / "tgc" / "README.txt").read_text("utf-8").split())
    assert "double-length (2 x 1) counters are left out" in text
    assert "print them at home from dark-blades-counters.pdf (same --piece-size)" in text
    # as the export does: no counter images at 5/8in (and at chit sizes, square ones only:
    # test_tgc_chits_at_the_shops_sizes_with_counts)
    assert not (exported / "tgc" / "counters").exists()
    assert any(p.cols == 2 and p.rows == 1 for p in sources.counters(Cards(), 45.0, False))
