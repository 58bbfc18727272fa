"""Cthulhu Who? pieces carry the kit's figure for their kind (cards/cthulhu-who/figures.toml)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.data import Cards
from companion.errors import DataError
from generator.cthulhu_who import pieces as cw
from generator.sheet.pieces import Figure, Text
from tests.conftest import ROOT


def _figures(piece) -> list[Figure]:
    return [op for op in piece.front.ops if isinstance(op, Figure)]


def test_heroes_cultists_and_monsters_show_their_figure_beside_shape_and_letter():
    files = cw.figure_files(Cards())
    assert {kind: Path(f).name for kind, f in files.items()} == {
        "hero": "hero.svg",
        "cultist": "cultist.svg",
        "monster": "monster.svg",
    }
    hero = cw.hero_piece(1, "Shotgun", files["hero"])
    cultist = cw.cultist_piece(1, files["cultist"])
    monster = cw.monster_piece(1, "Super", 4, 2, files["monster"])
    for piece in (hero, cultist, monster):
        (figure,) = _figures(piece)
        letters = [t for t in piece.front.ops if isinstance(t, Text) and len(t.text) == 1]
        assert letters  # the letter still tells the kind apart
        # the figure keeps to the top left corner, inside the frame, above the letter
        assert figure.x >= 0.08 and figure.y + figure.h <= piece.rows - 0.08 + 1e-9
        assert figure.x + figure.w <= 0.5 * piece.cols - 0.26 * min(piece.cols, piece.rows)
    assert not _figures(cw.cultist_piece(1))  # no figure named, none drawn
    assert not any(isinstance(op, Figure) for op in cultist.back.ops)  # the dead back: none


def test_a_figure_the_kit_does_not_have_is_refused(tmp_path: Path):
    game = tmp_path / "cthulhu-who"
    game.mkdir()
    (game / "figures.toml").write_text('cultist = "shoggoth"\n', encoding="utf-8")
    with pytest.raises(DataError) as error:
        cw.figure_files(Cards(tmp_path))
    assert "figures.toml: key 'cultist': expected one of the kit's figures" in str(error.value)
    (game / "figures.toml").write_text('priest = "cultist"\n', encoding="utf-8")
    with pytest.raises(DataError, match="key 'priest': expected one of hero, cultist, monster"):
        cw.figure_files(Cards(tmp_path))


def test_the_setups_pdf_draws_each_figure_once(tmp_path: Path, havoc_pnp):
    from pypdf import PdfReader

    out = tmp_path / "s.pdf"
    result = havoc_pnp("setups", "-n", "3", "--seed", "974686", "-o", out)
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    own = [  # the figures' forms are in their files' own units (a 512 viewBox)
        obj
        for number in range(1, int(reader.trailer["/Size"]))
        if (obj := _object(reader, number)) is not None
    ]
    assert len(own) == 3  # the hero, the cultist and the monster, however many pieces use them
    assert (ROOT / "cards" / "cthulhu-who" / "figures.toml").is_file()


def _object(reader, number: int):
    try:
        obj = reader.get_object(number)
    except Exception:
        return None
    if hasattr(obj, "get") and obj.get("/Subtype") == "/Form":
        if [float(v) for v in obj.get("/BBox", [])] == [0, 0, 512, 512]:
            return obj
    return None
