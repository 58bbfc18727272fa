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
from PIL import Image, ImageChops

from companion.data import Cards
from generator.export import sources
from generator.export.faces import FacePage, pixels, write_faces_pdf
from generator.export.tts import MAX_GRID, MAX_SIDE


@pytest.fixture
def exported(pnp_once) -> Path:
    """`havoc-pnp export tgc,mpc,tts --out DIR`, once for the whole run (`pnp_once`). Making
    it takes about 4.5 s of CPU, over the slow tier's ~3 s (pyproject.toml's marker): every
    test that reads it is in the slow tier (`EXPORTED`); the quick tier keeps this file's
    exports of one product and its refusals."""
    return pnp_once("export", "tgc,mpc,tts")


EXPORTED = pytest.mark.slow  # reads the whole export (`exported`)


@EXPORTED
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


def off_ground(image, ground) -> Image.Image:
    """A mask of the pixels off the ``ground`` colour (any channel more than 24 away): 255
    where the image has ink, 0 where it shows the ground."""
    diff = ImageChops.difference(image, Image.new("RGB", image.size, ground))
    red, green, blue = diff.split()
    return ImageChops.lighter(ImageChops.lighter(red, green), blue).point(
        lambda v: 255 if v > 24 else 0
    )


def longest_run(mask, line: int, across: bool, span: tuple[int, int]) -> int:
    """The longest run of ink in ``mask`` (`off_ground`) along column ``line`` (``across``:
    along row ``line``) within ``span``: a line drawn along it shows as a long run."""
    box = (span[0], line, span[1], line + 1) if across else (line, span[0], line + 1, span[1])
    return max(len(run) for run in mask.crop(box).tobytes().split(b"\x00"))


def lines_near_cuts(image, bleed: float, ground=(255, 255, 255)) -> dict[str, int]:
    """Each pixel column and row within 1 mm (12 px at 300 dpi) of a cut line whose longest
    run of ink along it is over 1 mm: what a cut that far off would show as a line on an
    edge (a pattern crossing the cut makes short runs only)."""
    w, h = image.size
    mm = 12
    mask = off_ground(image, ground)
    found = {}
    for cut in (bleed, w - bleed):
        for x in range(round(cut - mm), round(cut + mm) + 1):
            run = longest_run(mask, x, False, (round(bleed), round(h - bleed)))
            if run > mm:
                found[f"column {x}"] = run
    for cut in (bleed, h - bleed):
        for y in range(round(cut - mm), round(cut + mm) + 1):
            run = longest_run(mask, y, True, (round(bleed), round(w - bleed)))
            if run > mm:
                found[f"row {y}"] = run
    return found


@EXPORTED
@pytest.mark.parametrize(("shop", "bleed"), [("tgc", 37.5), ("mpc", 36.0)])
def test_nothing_is_printed_along_a_shops_cut_lines(exported, shop, bleed):
    """No line along any of the four cut lines nor within 1 mm of them, on the fronts (no grey
    frame at the cut) or the back (the lattice's upright sides away from the cut)."""
    folder = exported / shop / "cards"
    for name in ("back", "death", "fear-1", "magic-arrow", "zap"):
        with Image.open(folder / f"{name}.png") as image:
            assert lines_near_cuts(image.convert("RGB"), bleed) == {}, name


@EXPORTED
def test_the_cut_line_frame_was_on_the_cut_before(exported):
    """The check above finds a frame on the cut: the home sheets' face, with its cut line,
    rasterised as the shops' were."""
    import tempfile

    from generator.export.faces import rasterise

    deck = sources.spell_deck(Cards(), False)
    pdf = Path(tempfile.mkdtemp()) / "f.pdf"
    write_faces_pdf(pdf, [FacePage(deck[0].front, 180, 252, 1.0)], 9.0, "t")
    (image,) = rasterise(pdf, 300)
    found = lines_near_cuts(image, 37.5)
    assert {"column 37", "column 787", "row 37", "row 1087"} <= set(found), found


def test_chit_art_lies_inside_the_safe_zone():
    """A 3/4in TGC chit (300 px, the cut 37.5 px in): only the face's own ground from the image
    edge to 1/8in inside the cut (75 px), the art within; nothing along the cut."""
    import tempfile

    from generator.export.faces import rasterise
    from generator.export.shops import CHIT_SAFE, uncut

    size = 54.0
    kinds = sources.kinds(sources.counters(Cards(), size, False))
    square = [k for k in kinds if k.piece.cols == 1][::9]
    pages = [FacePage(uncut(k.piece.front, 1, 1), size, size, size, CHIT_SAFE) for k in square]
    pdf = Path(tempfile.mkdtemp()) / "c.pdf"
    write_faces_pdf(pdf, pages, 9.0, "t")
    for k, image in zip(square, rasterise(pdf, 300), strict=True):
        assert image.size == (300, 300)
        ground = tuple(int(k.piece.front.background[i : i + 2], 16) for i in (1, 3, 5))
        art = off_ground(image, ground).getbbox()  # left, top, right + 1, bottom + 1
        assert art, k.name  # the art is there ...
        assert art[0] >= 75 and art[1] >= 75 and art[2] <= 225 and art[3] <= 225, k.name
        assert lines_near_cuts(image, 37.5, ground) == {}, k.name


@EXPORTED
def test_tgc_at_the_default_size_says_chits_need_another_size(exported):
    readme = (exported / "tgc" / "README.txt").read_text(encoding="utf-8")
    assert "no TGC chit is 5/8in" in readme and "--piece-size 3/4in or 1in" in readme
    assert not (exported / "tgc" / "counters").exists()


def test_tgc_half_inch_chits_are_refused_as_too_small_inside_the_safe_zone(havoc_pnp, tmp_path):
    result = havoc_pnp("export", "tgc", "--out", tmp_path, "--piece-size", "1/2in")
    assert result.exit_code == 0, result.output
    assert "would be 1/4in, too small to read" in result.output
    assert not (tmp_path / "tgc" / "counters").exists()


@pytest.mark.slow
@pytest.mark.parametrize(("size", "px"), [("3/4in", 300), ("1in", 375)])
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


@EXPORTED
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
    tiles = [t for b in bags if b["Name"] == "Bag" for t in b["ContainedObjects"]]
    assert len(tiles) == len(sources.counters(Cards(), 45.0, False))
    for tile in tiles:
        assert tile["Name"] == "Custom_Tile"
        for key in ("ImageURL", "ImageSecondaryURL"):
            assert Path(url2pathname(urlparse(tile["CustomImage"][key]).path)).is_file()


def image_of(obj, key="ImageURL") -> Image.Image:
    return Image.open(Path(url2pathname(urlparse(obj["CustomImage"][key]).path)))


@EXPORTED
def test_tts_double_length_tiles_keep_their_two_by_one_shape(exported):
    """No tile is stretched into a square (TTS: a stretched tile is symmetrical, an unstretched
    one takes its image's shape); the mounted counters' images are 2 x 1, both faces, and
    every counter has the same scale (one cell deep)."""
    saved = json.loads((exported / "tts" / "havoc-kit-dark-blades.json").read_text("utf-8"))
    tiles = [t for b in saved["ObjectStates"] if b["Name"] == "Bag" for t in b["ContainedObjects"]]
    shapes = {}
    for tile in tiles:
        assert tile["CustomImage"]["CustomTile"]["Stretch"] is False
        t = tile["Transform"]
        assert t["scaleX"] == t["scaleZ"] == 1.0  # 5/8in counters: the same scale, every one
        with image_of(tile) as front, image_of(tile, "ImageSecondaryURL") as back:
            assert front.size == back.size
            shapes[tile["Nickname"]] = front.size
    mounted = sum(1 for p in sources.counters(Cards(), 45.0, False) if p.cols == 2)
    long = [n for n, (w, h) in shapes.items() if abs(w / h - 2) < 0.02]
    assert len(long) == mounted == 50
    assert all(abs(w / h - 1) < 0.01 for n, (w, h) in shapes.items() if n not in long)


@EXPORTED
def test_tts_boards_at_the_counters_scale(exported):
    """Each map and layout is a locked tile as many counters deep as its board image is deep
    in counters (a hex is hex_flats across the flats, drawn DY_PX pixels)."""
    from generator.dark_blades.map_tiles import hex_flats
    from generator.export.vassal_board import DY_PX

    saved = json.loads((exported / "tts" / "havoc-kit-dark-blades.json").read_text("utf-8"))
    boards = [o for o in saved["ObjectStates"] if o["Name"] == "Custom_Tile"]
    assert {b["Nickname"] for b in boards} == {
        "The Arena (board)", "The Water Mill (board)", "The Water Mill above The Arena (board)"
    }  # fmt: skip
    piece_px = 45.0 * DY_PX / hex_flats(45.0)
    for b in boards:
        assert b["Locked"] is True and b["CustomImage"]["CustomTile"]["Stretch"] is False
        with image_of(b) as image:
            assert b["Transform"]["scaleZ"] == pytest.approx(image.size[1] / piece_px, rel=1e-3)
            assert max(image.size) <= MAX_SIDE


@EXPORTED
def test_tts_each_scenario_laid_out(exported):
    """One saved object per scenario: its board (the layout of its maps), a bag per side with
    that side's counters (its turn of entry named), and the scenario sheet's text."""
    from companion.dark_blades import pieces as db
    from companion.dark_blades.scenarios import load_scenarios
    from generator.dark_blades.counters import counter_pieces

    scenarios = load_scenarios(Cards(), db.load(Cards()))
    folder = exported / "tts"
    everything = json.loads((folder / "havoc-kit-dark-blades.json").read_text("utf-8"))
    everything = everything["ObjectStates"]
    for key, scenario in scenarios.items():
        saved = json.loads((folder / f"havoc-kit-dark-blades-{key}.json").read_text("utf-8"))
        objects = saved["ObjectStates"]
        (board,) = [o for o in objects if o["Name"] == "Custom_Tile"]
        assert board["Nickname"] == f"Scenario {scenario.number}: {scenario.title} (board)"
        assert board["CustomImage"]["ImageURL"].endswith(f"maps/board-scenario-{key}.png")
        laid = "The Water Mill (board)" if key == "mill" else "The Water Mill above The Arena"
        (plain,) = [o for o in everything if o.get("Nickname", "").startswith(laid)]
        assert board["Transform"]["scaleZ"] == pytest.approx(plain["Transform"]["scaleZ"])
        with image_of(board) as drawn, image_of(plain) as bare:
            assert drawn.size[1] == bare.size[1] and drawn.size[0] > bare.size[0]  # a margin
        bags = {o["Nickname"]: o for o in objects if o["Name"] == "Bag"}
        for side in scenario.sides:
            name = side.name + (f", enters on turn {side.enters_turn}" if side.enters_turn else "")
            tiles = bags[name]["ContainedObjects"]
            printed = counter_pieces(Cards(), counts=scenario.roster(), riders=scenario.riders())
            for force in side.forces:  # each of its counters, as `counters --scenario` prints
                tag = f"character:{force.character.name}"
                want = [p.name for p in printed if tag in p.tags]
                assert sorted(t["Nickname"] for t in tiles if t["Nickname"] in want) == sorted(
                    want
                ), (key, force.character.name)
        (note,) = [o for o in objects if o["Name"] == "Notecard"]
        assert scenario.title in note["Nickname"] and scenario.victory[0] in note["Description"]
        assert "Where (hexes" in note["Description"]


@EXPORTED
def test_tts_readme_gives_both_ways_to_share_the_images(exported):
    text = " ".join((exported / "tts" / "README.txt").read_text("utf-8").split())
    assert "--base-url https://your.host/path" in text
    assert "Cloud Manager" in text and "Upload All Loaded Files" in text


@pytest.mark.slow  # a whole TTS export of its own (about 5 s of CPU)
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


@EXPORTED
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


@EXPORTED
def test_a_shop_export_without_figures_credits_none(exported):
    text = (exported / "mpc" / "README.txt").read_text("utf-8")
    assert not drawn_authors(sources.spell_deck(Cards(), False))
    assert "Credits:" not in text and "game-icons" not in text


def listing(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


@EXPORTED
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


@EXPORTED
def test_tgc_readme_says_what_becomes_of_the_mounted_counters(exported):
    text = " ".join((exported / "tgc" / "README.txt").read_text("utf-8").split())
    assert "double-length (2 x 1) counters are left out" in text
    assert "print them at home from dark-blades-counters.pdf (same --piece-size)" in text
    # as the export does: no counter images at 5/8in (and at chit sizes, square ones only:
    # test_tgc_chits_at_the_shops_sizes_with_counts)
    assert not (exported / "tgc" / "counters").exists()
    assert any(p.cols == 2 and p.rows == 1 for p in sources.counters(Cards(), 45.0, False))


@EXPORTED
def test_tts_kniggits_a_bag_of_round_tokens_of_each_skill(exported):
    from companion.kniggits.rules import ROLES
    from generator.kniggits.settings import settings

    chosen = settings(Cards())
    folder = exported / "tts" / "kniggits"
    saved = json.loads((folder / "havoc-kit-kniggits.json").read_text("utf-8"))
    bags = saved["ObjectStates"]
    assert [b["Nickname"] for b in bags] == [
        f"{chosen.kinds[r].label} tokens ({chosen.kinds[r].letter})" for r in ROLES
    ]
    for bag, role in zip(bags, ROLES, strict=True):
        tokens = bag["ContainedObjects"]
        assert len(tokens) == chosen.per_colour
        custom = tokens[0]["CustomImage"]
        assert custom["CustomTile"]["Type"] == 2 and custom["CustomTile"]["Stretch"] is False
        with image_of(tokens[0]) as image:
            assert image.size[0] == image.size[1] and image.mode == "RGB"
            # the token's own colour at its middle-left (inside the circle, clear of the letter)
            want = chosen.kinds[role].colour
            got = image.getpixel((image.size[0] // 8, image.size[1] // 2))
            assert got == tuple(int(want[i : i + 2], 16) for i in (1, 3, 5))


@pytest.mark.slow  # a TTS export with the Cthulhu Who? set-up drawn (about 5 s of CPU)
def test_tts_cthulhu_who_the_set_up_of_a_seed(tmp_path):
    """--seed N: the set-up `setups --seed N` rolls; its garden drawn on the board (a terrain
    token's square is not the bare board's); its pieces in a bag per start row and one of
    weapons; the same seed, the same board."""
    from click.testing import CliRunner

    from companion.cthulhu_who.garden import garden_for, garden_settings
    from companion.cthulhu_who.setup import setup_tables
    from generator.cli import main
    from generator.cthulhu_who.setups import rolled
    from generator.export.cthulhu import DPI, LABELS, SQUARE, cthulhu_set_up

    result = CliRunner().invoke(
        main, ["export", "tts", "--out", str(tmp_path / "a"), "--seed", "7"]
    )
    assert result.exit_code == 0, result.output
    folder = tmp_path / "a" / "tts" / "cthulhu-who"
    again = cthulhu_set_up(Cards(), 7, tmp_path)  # the same seed drawn again: the same board
    with Image.open(folder / "board-seed-7.png") as board_png:
        assert board_png.tobytes() == again.board.convert(board_png.mode).tobytes()
    saved = json.loads((folder / "havoc-kit-cthulhu-who.json").read_text("utf-8"))
    board, *bags, note = saved["ObjectStates"]
    setup = rolled(setup_tables(Cards()), 7)
    garden = garden_for(garden_settings(Cards()), 7, 1)
    heroes, weapons, evil = (b["ContainedObjects"] for b in bags)
    assert len(heroes) == len(weapons) == setup.heroes
    assert len(evil) == setup.monsters + setup.cultists
    assert "Monster Size: d6" in note["Description"]
    assert board["Transform"]["scaleZ"] == pytest.approx(8 + 2 * LABELS)
    px = SQUARE * DPI / 72
    with image_of(board) as image:
        placed = {(t.col, t.row) for t in garden.terrain}
        for col in range(8):
            for row in range(8):  # dark ink inside the square: a token's emblem and words
                x0 = (LABELS + col) * px
                y0 = image.size[1] - (LABELS + row + 1) * px
                box = (round(x0 + 0.15 * px), round(y0 + 0.15 * px),
                       round(x0 + 0.85 * px), round(y0 + 0.85 * px))  # fmt: skip
                dark = sum(1 for v in image.crop(box).convert("L").tobytes() if v < 100)
                assert (dark > 50) == ((col, row) in placed), (col, row, dark)
