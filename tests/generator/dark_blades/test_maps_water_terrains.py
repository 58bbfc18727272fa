"""Every water terrain a map may use prints as water: a stream and `water` hexes (which the swim
rules roll as the river, cards/dark-blades/water.toml) get the river's fill and waves and their
own word on the tiles, not the bare paper of open ground."""

from __future__ import annotations

from pathlib import Path

from pdf_read import pages as read_pages

from companion.dark_blades.map_water import WATER
from generator.dark_blades.map_tiles import FILLS, TERRAIN_FILLS

BROOK = """name = "Brook"
design = "kit"
width = 4
height = 3
edges = { top = 1, right = 2, bottom = 3, left = 4 }
rows = \"\"\"
    A B C D
 1  . a e v
 2  . a e v
 3  . a e v
\"\"\"

[legend]
"." = "open"
a = "stream"
e = "water"
v = "river"
"""


def _rgb(fill) -> tuple[int, int, int]:
    return tuple(round(v * 255) for v in fill)  # type: ignore[return-value]


def test_every_water_terrain_has_the_rivers_or_the_lakes_fill() -> None:
    assert {"stream", "water"} <= set(WATER)
    for kind in WATER:
        assert FILLS[kind] is not None, kind
    assert FILLS["stream"] == FILLS["water"] == TERRAIN_FILLS["river"]


def test_stream_and_water_hexes_print_filled_and_named(tmp_path: Path, havoc_pnp) -> None:
    folder = tmp_path / "dark-blades" / "maps"
    folder.mkdir(parents=True)
    (folder / "brook.toml").write_text(BROOK)
    out = tmp_path / "brook.pdf"
    result = havoc_pnp("--cards", tmp_path, "maps", "brook", "-o", out)
    assert result.exit_code == 0, result.output
    tile = read_pages(out)[1]  # the first tile: the whole small map
    river = _rgb(TERRAIN_FILLS["river"])

    def river_under(name: str) -> bool:
        """Whether the hex under the coordinate ``name`` is filled with the river's blue."""
        (word,) = [w for w in tile.words if w.text == name]
        x, y = (word.x0 + word.x1) / 2, tile.height - (word.top + word.bottom) / 2
        return any(
            s.fill and s.x0 < x < s.x1 and s.y0 < y < s.y1 and s.width < 150
            and all(abs(a - b) <= 1 for a, b in zip(s.fill_colour[:3], river, strict=True))
            for s in tile.shapes
        )  # fmt: skip

    for name in ("B1", "B2", "B3", "C1", "C2", "C3", "D1"):  # stream, water, and the river
        assert river_under(name), name
    assert not river_under("A2")  # open ground: the paper
    words = [w.text for w in tile.words]
    assert words.count("stream") == 3 and words.count("water") == 3 and words.count("river") == 3
