"""The kit's figures as data: the manifest's credits, the art roster column, inline SVG."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest

from companion import art
from companion.dark_blades import pieces as db
from companion.data import Cards
from companion.errors import DataError
from tests.conftest import ROOT

ART = ROOT / "cards" / "art"
TROOPS = (  # the list: every troop type the rosters use
    "swordsman", "pole-arm", "axe", "bow", "crossbow", "spellcaster", "mounted-knight",
    "war-dog", "mule", "troll", "goblin", "dwarf", "ogre", "dragon", "gargoyle",
)  # fmt: skip
SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h10v10z"/></svg>'


def _rows() -> list[dict[str, str]]:
    lines = (ART / "manifest.csv").read_text(encoding="utf-8").splitlines()
    return list(csv.DictReader(ln for ln in lines if ln and not ln.startswith("#")))


def test_every_troop_type_has_a_credited_free_figure():
    manifest = art.load_manifest(Cards())
    assert set(TROOPS) <= set(manifest)
    for row in _rows():
        assert row["licence"] == "CC BY 3.0" and row["author"], row
        author_folder = row["author"].lower().replace(" ", "-")
        assert row["source"] == f"https://game-icons.net/1x1/{author_folder}/{row['icon']}.html"
        text = (ART / row["file"]).read_text(encoding="utf-8")
        assert f"by {row['author']}" in text and "currentColor" in text
    assert set(p.name for p in ART.glob("*.svg")) == {r["file"] for r in _rows()}


def test_the_credits_line_names_every_author():
    manifest = art.load_manifest(Cards())
    line = art.credits_line(manifest)
    for row in _rows():
        assert row["author"] in line
    assert "game-icons.net" in line and "CC BY 3.0" in line


def test_the_readme_credits_every_figure_with_its_author_and_source():
    credits = (ROOT / "README.md").read_text(encoding="utf-8").split("\n## Credits\n", 1)[1]
    credits = credits.split("\n## ", 1)[0]
    for row in _rows():
        line = next((ln for ln in credits.splitlines() if f"**{row['author']}**" in ln), "")
        assert f"[{row['icon']}]({row['source']})" in line, row


def test_share_alike_art_is_refused(tmp_path: Path):
    mine = tmp_path / "art"
    shutil.copytree(ART, mine)
    text = (mine / "manifest.csv").read_text(encoding="utf-8")
    (mine / "manifest.csv").write_text(text.replace(",CC BY 3.0\n", ",CC BY-SA 4.0\n", 1), "utf-8")
    with pytest.raises(DataError) as error:
        art.load_manifest(Cards(tmp_path))
    assert "no share-alike" in str(error.value) and "manifest.csv:" in str(error.value)


def _roster(tmp_path: Path, art_cell: str) -> Path:
    header = (ROOT / "cards" / "dark-blades" / "pieces.csv").read_text(encoding="utf-8")
    header_line = next(ln for ln in header.splitlines() if ln.startswith("count,"))
    roster = tmp_path / "mine.csv"
    row = f"2,Orc,,black-fox,foot,sword,9,9,5,3,4,4,2,,,,,,,an orc,{art_cell}"
    roster.write_text(f"{header_line}\n{row}\n", encoding="utf-8")
    return roster


def test_the_art_column_takes_a_kit_key_or_a_users_file(tmp_path: Path):
    cards = Cards()
    kit = db.load(cards, _roster(tmp_path, "troll"))
    orc = kit.roster[0]
    foot = kit.types["foot"].pieces[0]
    assert kit.figure(orc, foot) == art.load_manifest(cards)["troll"].file
    (tmp_path / "scans").mkdir()
    (tmp_path / "scans" / "orc.svg").write_text(SVG, encoding="utf-8")
    own = db.load(cards, _roster(tmp_path, "scans/orc.svg"))
    assert own.figure(own.roster[0], foot) == (tmp_path / "scans" / "orc.svg").resolve()
    ihdr = b"\0\0\0\rIHDR" + (8).to_bytes(4, "big") + (6).to_bytes(4, "big") + b"\x08\x02\0\0\0"
    (tmp_path / "orc.png").write_bytes(art.PNG_SIGNATURE + ihdr + b"\0" * 8)
    png = db.load(cards, _roster(tmp_path, "orc.png"))
    assert png.figure(png.roster[0], foot) == (tmp_path / "orc.png").resolve()
    blank = db.load(cards, _roster(tmp_path, ""))  # blank: the kit's figure for a sword
    assert blank.figure(blank.roster[0], foot) == art.load_manifest(cards)["swordsman"].file


@pytest.mark.parametrize(
    ("cell", "content", "expected"),
    [
        ("gone.svg", None, "column 'art': no file 'gone.svg'"),
        ("bad.svg", "<svg><path", "column 'art': 'bad.svg': not readable as SVG"),
        ("page.svg", "<html/>", "column 'art': 'page.svg': not an SVG image"),
        ("fake.png", "GIF89a", "column 'art': 'fake.png': not a PNG image"),
        ("orc.jpg", "x", "column 'art': 'orc.jpg': expected an .svg or .png file"),
        ("hobgoblin", None, "column 'art': 'hobgoblin' is neither one of the kit's figures"),
    ],
)
def test_a_missing_or_unreadable_art_file_is_one_line_at_its_row(
    tmp_path: Path, cell: str, content: str | None, expected: str
):
    if content is not None:
        (tmp_path / cell).write_text(content, encoding="utf-8")
    roster = _roster(tmp_path, cell)
    with pytest.raises(DataError) as error:
        db.load(Cards(), roster)
    message = str(error.value)
    assert message.startswith(f"{error.value.path}:2: {expected}"), message
    assert error.value.path is not None and error.value.path.endswith("mine.csv")
    assert "\n" not in message


def test_a_figure_key_in_piece_types_must_be_a_kit_figure(tmp_path: Path):
    game = tmp_path / "dark-blades"
    game.mkdir()
    text = (ROOT / "cards" / "dark-blades" / "piece-types.toml").read_text(encoding="utf-8")
    (game / "piece-types.toml").write_text(
        text.replace('axe = "axe"', 'axe = "hatchet"'), encoding="utf-8"
    )
    with pytest.raises(DataError) as error:
        db.load(Cards(tmp_path))
    assert "key 'figures.weapons.axe': 'hatchet' is not one of the kit's figures" in str(
        error.value
    )


def test_inline_svg_for_the_phone_keeps_the_paths_and_nothing_else(tmp_path: Path):
    troll = art.load_manifest(Cards())["troll"].file
    markup = art.inline(troll, "Troll")
    source = troll.read_text(encoding="utf-8")
    d = source.split(' d="', 1)[1].split('"', 1)[0]
    assert markup.startswith('<svg class="figure" viewBox="0 0 512 512" role="img"')
    assert f'd="{d}"' in markup and 'fill="currentColor"' in markup
    hostile = tmp_path / "x.svg"
    hostile.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4" onload="alert(1)">'
        '<script>alert(2)</script><path d="M0 0h4" onclick="alert(3)"/>'
        "<foreignObject><p>hi</p></foreignObject></svg>",
        encoding="utf-8",
    )
    safe = art.inline(hostile, 'a "quoted" <name>')
    assert "alert" not in safe and "script" not in safe and "foreignObject" not in safe
    assert '<path d="M0 0h4"></path>' in safe and "&lt;name&gt;" in safe
