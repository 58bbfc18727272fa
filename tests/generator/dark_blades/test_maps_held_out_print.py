"""A user's map printed (issue 33's held-out maps): a letter the typeface cannot draw is
refused at its line before anything is written, and a one-tile map's overview says so."""

from __future__ import annotations

from pathlib import Path

from pdf_read import page_texts

LEGEND = '\n[legend]\n"." = "open"\nt = "tree"\n'


def _map(folder: Path, name: str, place: str = "the ford") -> Path:
    path = folder / "ford.toml"
    path.write_text(
        f'name = "{name}"\ndesign = "transcribed"\nwidth = 3\nheight = 3\n'
        "edges = { top = 1, right = 2, bottom = 3, left = 4 }\n"
        'rows = """\n 1  . . .\n 2  . t .\n 3  . . .\n"""\n'
        f'[[places]]\nname = "{place}"\nhexes = "B2"\n{LEGEND}',
        encoding="utf-8",
    )
    return path


def test_a_letter_the_typeface_lacks_is_refused_at_its_line_and_nothing_written(
    tmp_path: Path, havoc_pnp
) -> None:
    out = tmp_path / "ford.pdf"
    for name, place, line, key, letter in (
        ("Ford \U0001f409", "the ford", 1, "name", "\U0001f409"),
        ("Ford", "the \u2603 ford", 12, "places[0].name", "\u2603"),
    ):
        path = _map(tmp_path, name, place)
        result = havoc_pnp("maps", path, "-o", out)
        assert result.exit_code == 2, result.output
        said = result.output.strip()
        assert said.endswith(f"ford.toml:{line}: key '{key}': cannot print "
                             f"{letter!r} "
                             "(the map font has no such letters)"), said  # fmt: skip
        assert len(said.splitlines()) == 1 and not out.exists()


def test_a_map_on_one_tile_says_it_is_whole_and_accents_print(tmp_path: Path, havoc_pnp) -> None:
    out = tmp_path / "ford.pdf"
    result = havoc_pnp("maps", _map(tmp_path, "Le Gué", "Ñandú"), "-o", out)
    assert result.exit_code == 0, result.output
    overview = page_texts(out)[0]
    assert "Le Gué: the whole map on one tile" in overview
    assert "tiles join" not in overview
