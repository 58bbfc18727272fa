"""Hostile art files (issue 30 items 4-6): a figure that is not valid XML, an SVG of infinite
or absurd size, an embedded image, a symlink loop, a PNG of too many pixels. Paper refuses each
in one line (`unreadable`, which the generator asks first); the phone leaves the figure off
and still answers the page, never a 500. `benchmarks/art_files.py` runs the whole commands."""

from __future__ import annotations

import os
import shutil
import struct
import zlib
from pathlib import Path

import pytest

from companion import art
from companion.data import default_cards_dir
from companion.errors import DataError
from companion.web.app import create_app

HEAD = '<svg xmlns="http://www.w3.org/2000/svg"'
PATH = '<path d="M1 1L9 9L1 9z"/>'
DOT = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9"
    "awAAAABJRU5ErkJggg=="
)
LAUGHS = (
    '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
    + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(8))
    + f']>{HEAD} viewBox="0 0 10 10">{PATH}<text>&i;</text></svg>'
)
HOSTILE = {
    "truncated": (f'{HEAD} viewBox="0 0 10 10">{PATH}<path d="M', "not readable as SVG"),
    "entity": (f'{HEAD} viewBox="0 0 10 10">&nope;{PATH}</svg>', "not readable as SVG"),
    "laughs": (LAUGHS, "not readable as SVG"),
    "width inf": (f'{HEAD} width="inf" height="inf">{PATH}</svg>', "finite sizes"),
    "width 1e309": (f'{HEAD} width="1e309" height="10">{PATH}</svg>', "finite sizes"),
    "viewBox inf": (f'{HEAD} viewBox="0 0 inf inf">{PATH}</svg>', "finite sizes"),
    "viewBox origin inf": (f'{HEAD} viewBox="-inf 0 10 10">{PATH}</svg>', "finite sizes"),
    "viewBox tiny": (f'{HEAD} viewBox="0 0 1e-300 1e-300">{PATH}</svg>', "finite sizes"),
    "data image": (
        f'{HEAD} viewBox="0 0 10 10">{PATH}<image href="data:image/png;base64,{DOT}"/></svg>',
        "embedded <image>",
    ),
    "nested image": (
        f'{HEAD} viewBox="0 0 10 10"><g><g><image href="x.png"/></g></g></svg>',
        "embedded <image>",
    ),
}


def png(width: int, height: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = zlib.compress((b"\0" * (width + 1)) * min(height, 64), 9)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return art.PNG_SIGNATURE + chunk(b"IHDR", ihdr) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


@pytest.mark.parametrize("kind", HOSTILE)
def test_a_hostile_svg_is_refused_in_one_line(tmp_path: Path, kind: str):
    text, expected = HOSTILE[kind]
    path = tmp_path / "mine.svg"
    path.write_text(text, encoding="utf-8")
    why = art.unreadable(path)
    assert why is not None and expected in why and "\n" not in why
    with pytest.raises(ValueError, match="'mine.svg': "):
        art.resolve("mine.svg", tmp_path / "roster.csv", {})
    with pytest.raises(DataError):
        art.inline(path, "Orc")
    from generator.sheet import figures

    with pytest.raises(DataError, match="figure: "):
        figures.size(str(path))


def test_a_plain_svg_still_reads(tmp_path: Path):
    path = tmp_path / "ok.svg"
    path.write_text(f'{HEAD} width="10px" height="20">{PATH}</svg>', encoding="utf-8")
    assert art.unreadable(path) is None
    assert art.inline(path).startswith('<svg class="figure" viewBox="0 0 10 20"')


def test_a_png_past_the_pixel_limit_is_refused(tmp_path: Path):
    big = tmp_path / "big.png"
    big.write_bytes(png(12000, 12000))  # a small file: its header says 144 million pixels
    why = art.unreadable(big)
    assert why is not None and "12,000x12,000 pixels" in why and "at most" in why
    fine = tmp_path / "fine.png"
    fine.write_bytes(png(4096, 4096))
    assert art.unreadable(fine) is None


def test_a_symlink_loop_is_one_line(tmp_path: Path):
    loop = tmp_path / "loop.svg"
    os.symlink(loop.name, loop)
    with pytest.raises(ValueError, match="'loop.svg': cannot be followed"):
        art.resolve("loop.svg", tmp_path / "roster.csv", {})
    assert art.unreadable(loop) is not None


def test_the_phone_leaves_a_broken_kit_figure_off(tmp_path: Path):
    """The kit's figures replaced under --cards by a file that is not XML: pages answer."""
    cards = tmp_path / "cards"
    shutil.copytree(default_cards_dir() / "art", cards / "art")
    for svg in (cards / "art").glob("*.svg"):
        svg.write_text(HOSTILE["truncated"][0], encoding="utf-8")
    client = create_app(cards=cards, testing=True).test_client()
    for page in ("/dark-blades/scenarios/arena", "/cthulhu-who/setup?seed=1"):
        answer = client.get(page)
        assert answer.status_code in (200, 400), page
        assert 'class="figure"' not in answer.get_data(as_text=True)
