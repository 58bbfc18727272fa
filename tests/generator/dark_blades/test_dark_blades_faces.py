"""Dark Blades counter faces, inspected as drawing instructions (no rendering)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.dark_blades import piece_types
from companion.dark_blades import pieces as db
from companion.data import Cards
from generator.dark_blades import counters as gen
from generator.sheet.fonts import fit_size, text_width
from generator.sheet.pieces import Circle, Face, Figure, Line, Piece, Polygon, Rect, Text
from tests.conftest import ROOT

BLACK, RED, BLUE = "#000000", "#c0161d", "#1f4fa8"  # the rulebook: attack, defence, movement
COLOUR_OF = {"attack": BLACK, "defence": RED, "move": BLUE}
INSET = 0.05  # 1/32in inside the cut of a 5/8in counter, in cell units
NUMBER = re.compile(r"^\d+$")


@pytest.fixture(scope="module")
def data() -> db.PieceSet:
    return db.load(Cards())


@pytest.fixture(scope="module")
def pieces() -> list[Piece]:
    return gen.counter_pieces(Cards())


@pytest.fixture(scope="module")
def blank() -> list[Piece]:
    return gen.counter_pieces(Cards(), blank_values=True)


def texts(face: Face) -> list[Text]:
    return [op for op in face.ops if isinstance(op, Text)]


def numbers(face: Face) -> list[tuple[str, str]]:
    """(value, colour) of every number printed on the face."""
    return [(t.text, t.colour) for t in texts(face) if NUMBER.match(t.text)]


def value_boxes(face: Face) -> list[Rect]:
    """The white boxes outlined in a value colour."""
    return [
        op
        for op in face.ops
        if isinstance(op, Rect) and op.fill == "#ffffff" and op.stroke in COLOUR_OF.values()
    ]


def faces(piece: Piece) -> list[Face]:
    return [piece.front] + ([piece.back] if piece.back else [])


def of(pieces: list[Piece], name: str) -> list[Piece]:
    return [p for p in pieces if f"character:{name}" in p.tags]


def says(face: Face, state: str) -> bool:
    """The face prints its state word, on one line or split over two."""
    words = [t.text for t in texts(face)]
    joined = " ".join(words)
    return state in words or " ".join(state.replace(" · ", " ").split()) in joined


def luminance(colour: str) -> float:
    """Relative luminance (sRGB, WCAG): what a greyscale printer keeps of a colour."""

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def test_every_roster_row_makes_its_physical_pieces(data, pieces):
    for character in data.roster:
        made = of(pieces, character.name)
        piece_type = data.types[character.type]
        assert len(made) == character.count * len(piece_type.pieces), character.name
        for spec in piece_type.pieces:
            these = [p for p in made if f"piece:{spec.key}" in p.tags]
            assert len(these) == character.count
            for piece in these:
                assert piece.back is not None and piece.cols == spec.cols and piece.rows == 1
                assert says(piece.front, spec.front.state), (piece.name, spec.front.state)
                assert says(piece.back, spec.back.state), (piece.name, spec.back.state)
    names = [p.name for p in pieces]
    assert len(names) == len(set(names))


def test_the_flip_system_on_the_counters(pieces):
    dark_blades = {tuple(t for t in p.tags if t.startswith("piece:"))[0]: p for p in
                   of(pieces, "Dark Blades")}  # fmt: skip
    assert says(dark_blades["piece:healthy"].front, "HEALTHY")
    assert says(dark_blades["piece:healthy"].back, "STUNNED")
    assert says(dark_blades["piece:wounded"].front, "WOUNDED")
    assert says(dark_blades["piece:wounded"].back, "KILLED")
    assert dark_blades["piece:mounted"].cols == 2
    assert says(dark_blades["piece:mounted"].front, "MOUNTED")
    assert says(dark_blades["piece:mounted"].back, "RIDERLESS HORSE")
    assert says(dark_blades["piece:wounded-mounted"].front, "WOUNDED · MOUNTED")
    assert says(dark_blades["piece:wounded-mounted"].back, "DEAD HORSE")
    (zatan,) = of(pieces, "Zatan")
    assert says(zatan.front, "ALIVE") and says(zatan.back, "DEAD")
    mules = of(pieces, "Pack Mule")
    assert len(mules) == 4
    assert all(says(m.front, "HEALTHY") and says(m.back, "KILLED") for m in mules)


def test_values_follow_the_colour_code(data, pieces):
    checked = 0
    for character in data.roster:
        for spec in data.types[character.type].pieces:
            piece = next(p for p in of(pieces, character.name) if f"piece:{spec.key}" in p.tags)
            for face_spec, face in ((spec.front, piece.front), (spec.back, piece.back)):
                expected = sorted(
                    (str(character.value(c)), COLOUR_OF[piece_types.role(c)])
                    for c in face_spec.values
                )
                assert sorted(numbers(face)) == expected, (piece.name, face.label)
                checked += 1
    assert checked > 100


def test_values_read_attack_defence_movement_left_to_right(pieces):
    (healthy,) = [p for p in of(pieces, "Grast") if "piece:healthy" in p.tags]
    printed = sorted((t.x, t.colour) for t in texts(healthy.front) if NUMBER.match(t.text))
    assert [colour for _, colour in printed] == [BLACK, RED, BLUE]


def test_values_sit_in_white_boxes(pieces):
    for piece in pieces:
        for face in faces(piece):
            boxes = value_boxes(face)
            for t in texts(face):
                if NUMBER.match(t.text):
                    assert any(b.x <= t.x <= b.x + b.w and b.y <= t.y <= b.y + b.h for b in boxes)


def test_stunned_shows_only_a_low_defence(data, pieces):
    stunned = [p.back for p in pieces if "piece:healthy" in p.tags]
    assert stunned
    for face in stunned:
        assert says(face, "STUNNED")
        (value,) = numbers(face)
        assert value[1] == RED
    for character in data.roster:
        if character.value("stunned_defence") is not None:
            assert character.value("stunned_defence") < character.value("defence")


def test_dead_faces_show_no_values(pieces):
    for piece in pieces:
        for face in faces(piece):
            if any(says(face, s) for s in ("KILLED", "DEAD HORSE", "RIDERLESS HORSE")):
                assert numbers(face) == [], face.label
                assert value_boxes(face) == []


def test_blank_values_give_empty_boxes_and_no_numbers(pieces, blank):
    assert len(blank) == len(pieces)
    for full, empty in zip(pieces, blank, strict=True):
        assert full.name == empty.name
        for a, b in zip(faces(full), faces(empty), strict=True):
            assert numbers(b) == []
            assert not any(ch.isdigit() for t in texts(b) for ch in t.text) or "marker" in full.tags
            boxes = value_boxes(b)
            assert len(boxes) == len(numbers(a))
            assert sorted(op.stroke for op in boxes) == sorted(c for _, c in numbers(a))


def test_weapon_shown_where_it_matters(pieces):
    def words(name: str, key: str = "healthy") -> list[str]:
        piece = next(p for p in of(pieces, name) if f"piece:{key}" in p.tags)
        return [t.text for t in texts(piece.front)]

    assert "BOW" in words("Laberne")
    assert "CROSSBOW" in words("Black Dwarf")
    assert "SPELLS" in words("Quill") and "SPELLS" in words("Shaman", "mounted")
    assert "BREATH" in words("Gargoyle")
    assert not {"BOW", "CROSSBOW", "SPELLS"} & set(words("Grast"))
    # "Mounted characters may not fire missile weapons": no BOW on Laberne's horse pieces
    assert "BOW" not in words("Laberne", "mounted") + words("Laberne", "wounded-mounted")
    assert "BOW" in words("Laberne", "wounded")


def test_the_two_sides_differ_in_colour_and_in_greyscale(data, pieces):
    def look(side: str) -> tuple[str, str]:
        piece = next(p for p in pieces if f"side:{side}" in p.tags)
        band = next(op for op in piece.front.ops if isinstance(op, Rect))
        return piece.front.background, band.fill

    (good_bg, good_band), (evil_bg, evil_band) = look("dark-blades"), look("black-fox")
    assert good_bg != evil_bg and good_band != evil_band
    assert abs(luminance(good_bg) - luminance(evil_bg)) > 0.4  # light face v dark face
    assert abs(luminance(good_band) - luminance(evil_band)) > 0.2
    neutral_bg, _ = look("neutral")
    for other in (good_bg, evil_bg):
        assert abs(luminance(neutral_bg) - luminance(other)) > 0.15
    # every piece of a side carries that side's background on both faces
    for piece in pieces:
        side = next((t[5:] for t in piece.tags if t.startswith("side:")), None)
        if side:
            assert {f.background for f in faces(piece)} == {data.sides[side].background}


def _extent(op, cols: int) -> tuple[float, float, float, float]:
    if isinstance(op, Rect):
        return op.x, op.y, op.x + op.w, op.y + op.h
    if isinstance(op, Line):
        return min(op.x1, op.x2), min(op.y1, op.y2), max(op.x1, op.x2), max(op.y1, op.y2)
    if isinstance(op, Polygon):
        xs, ys = zip(*op.points, strict=True)
        return min(xs), min(ys), max(xs), max(ys)
    if isinstance(op, Circle):
        return op.cx - op.r, op.cy - op.r, op.cx + op.r, op.cy + op.r
    if isinstance(op, Figure):
        return op.x, op.y, op.x + op.w, op.y + op.h
    size = fit_size(op.text, op.font, op.size, op.max_width)
    width = text_width(op.text, op.font, size)
    return op.x - width / 2, op.y - 0.25 * size, op.x + width / 2, op.y + 0.75 * size


def test_art_stays_inside_the_cut_and_names_stay_legible(pieces):
    for piece in pieces:
        for face in faces(piece):
            for op in face.ops:
                x0, y0, x1, y1 = _extent(op, piece.cols)
                slack = 0.021 if isinstance(op, Line) else 0.011  # half a stroke
                assert x0 >= INSET - slack and x1 <= piece.cols - INSET + slack, (face.label, op)
                assert y0 >= INSET - slack and y1 <= piece.rows - INSET + slack, (face.label, op)
                if isinstance(op, Text):
                    assert op.anchor == "middle" and op.max_width is not None
    names = [t for p in pieces if "marker" not in p.tags for t in texts(p.front)[:1]]
    assert min(fit_size(t.text, t.font, t.size, t.max_width) * 45 for t in names) >= 6.0


def test_markers(data, pieces):
    markers = [p for p in pieces if "marker" in p.tags]
    assert {p.block for p in markers} == {"Markers"}
    flames = [p for p in markers if says(p.front, "FLAMES")]
    trolls = next(c for c in data.roster if c.name == "Troll")
    assert len(flames) == trolls.count and all(says(p.back, "ASHES") for p in flames)
    for word in ("TARGET HEX", "MAGIC SWORD", "MAGIC RING"):
        assert any(says(p.front, word) for p in markers), word


def test_blocks_group_the_sheet(pieces):
    order = [p.block for p in pieces]
    blocks = list(dict.fromkeys(order))
    for block in blocks:  # each block is one contiguous run
        first, last = order.index(block), len(order) - order[::-1].index(block)
        assert set(order[first:last]) == {block}, block
    assert blocks[-1] == "Markers"
    for piece in pieces:
        if "marker" not in piece.tags:
            assert len({p.cols for p in pieces if p.block == piece.block}) == 1


def test_a_users_roster(tmp_path: Path):
    roster = tmp_path / "mine.csv"
    header = (ROOT / "cards" / "dark-blades" / "pieces.csv").read_text(encoding="utf-8")
    header_line = next(ln for ln in header.splitlines() if ln.startswith("count,"))
    roster.write_text(
        header_line + "\n2,Orc,,black-fox,foot,sword,9,9,5,3,4,4,2,,,,,,,mine\n", encoding="utf-8"
    )
    made = gen.counter_pieces(Cards(), roster=roster)
    orcs = [p for p in made if "marker" not in p.tags]
    assert len(orcs) == 4 and {p.name for p in orcs} == {
        "Orc healthy 1", "Orc wounded 1", "Orc healthy 2", "Orc wounded 2"
    }  # fmt: skip
    assert ("9", BLACK) in numbers(orcs[0].front)


def test_title_and_footer_say_the_values_are_the_kits():
    assert "Dark Blades" in gen.TITLE
    note = gen.footer_note(Cards())
    assert "Havoc Kit's own defaults" in note and "NOT the rulebook's" in note
    assert "--blank-values" in note


@pytest.mark.parametrize("unit", [36.0, 45.0, 54.0, 72.0])  # 1/2in, 5/8in, 3/4in, 1in
def test_no_word_smaller_than_4_5pt_at_any_size(unit):
    made = gen.counter_pieces(Cards(), piece_size=unit)
    assert len(made) == len(gen.counter_pieces(Cards()))
    for piece in made:
        for face in faces(piece):
            shown = [fit_size(t.text, t.font, t.size, t.max_width) for t in texts(face)]
            assert shown and min(shown) * unit >= 4.5 - 1e-6, (face.label, unit)
            for op in face.ops:  # and nothing leaves the cut
                x0, y0, x1, y1 = _extent(op, piece.cols)
                slack = 0.021 if isinstance(op, Line) else 0.011
                assert x0 >= INSET - slack and x1 <= piece.cols - INSET + slack, (face.label, op)
                assert y0 >= INSET - slack and y1 <= piece.rows - INSET + slack, (face.label, op)


def test_at_five_eighths_a_long_state_breaks_onto_two_lines():
    """Rather than shrink below 5 pt at 5/8in (1in pieces have room for one line)."""
    small = gen.counter_pieces(Cards())
    usual = gen.counter_pieces(Cards(), piece_size=72.0)
    broken = [
        (texts(a), texts(b))
        for p, q in zip(small, usual, strict=True)
        if "marker" not in p.tags
        for a, b in zip(faces(p), faces(q), strict=True)
        if len(texts(a)) > len(texts(b))
    ]
    assert broken
    for lines, one in broken:
        joined = " ".join(t.text for t in one)
        assert "WOUNDED \u00b7 MOUNTED" in joined
        assert [t.text for t in lines][1:3] == ["WOUNDED", "MOUNTED"]


@pytest.mark.parametrize("unit", [36.0, 45.0, 72.0])
def test_marker_words_and_notes_are_printed_whole(data, unit):
    made = [p for p in gen.counter_pieces(Cards(), piece_size=unit) if "marker" in p.tags]
    for marker in data.markers:
        piece = next(p for p in made if f"marker:{marker.name}" in p.tags)
        for face, word, note in (
            (piece.front, marker.front, marker.front_note),
            (piece.back, marker.back, marker.back_note),
        ):
            shown = ""
            for t in texts(face):  # a line ending in a hyphen runs on into the next
                shown += t.text if not shown or shown.endswith("-") else " " + t.text
            assert shown == f"{word} {note}".strip(), (marker.name, shown)


# --------------------------------------------------------------------------- letters the font lacks

KIT_DIR = ROOT / "cards" / "dark-blades"
ROSTER_HEADER = next(
    ln
    for ln in (KIT_DIR / "pieces.csv").read_text(encoding="utf-8").splitlines()
    if ln.startswith("count,")
)
MISSING = "cannot print '黒', '狐' (the counter font has no such letters)"


def _roster(tmp_path: Path, *rows: str) -> Path:
    path = tmp_path / "mine.csv"
    path.write_text("\n".join([ROSTER_HEADER, *rows]) + "\n", encoding="utf-8")
    return path


def _error(cards: Cards, roster: Path | None = None) -> str:
    from companion.errors import DataError

    with pytest.raises(DataError) as info:
        gen.counter_pieces(cards, roster=roster)
    return str(info.value)


def test_a_name_the_font_cannot_draw_is_refused_at_its_row(tmp_path: Path):
    from companion.errors import display_path

    ok = "1,Renée,,black-fox,foot,sword,9,9,5,3,4,4,2,,,,,,,accents are in the font"
    roster = _roster(tmp_path, ok, "1,黒狐,,black-fox,foot,sword,9,9,5,3,4,4,2,,,,,,,")
    assert _error(Cards(), roster) == f"{display_path(roster)}:3: column 'name': {MISSING}"
    # a label replaces the name on the counter: then the label is what must be printable
    roster = _roster(tmp_path, "1,黒狐,Kuro,black-fox,foot,sword,9,9,5,3,4,4,2,,,,,,,")
    assert [p.front.label for p in gen.counter_pieces(Cards(), roster=roster)][0].startswith("黒狐")
    roster = _roster(tmp_path, "1,Kuro Kitsune,黒狐,black-fox,foot,sword,9,9,5,3,4,4,2,,,,,,,")
    assert _error(Cards(), roster) == f"{display_path(roster)}:2: column 'label': {MISSING}"
    roster = _roster(tmp_path, ok)
    words = [t.text for p in gen.counter_pieces(Cards(), roster=roster) for t in texts(p.front)]
    assert "Renée" in words


def test_marker_words_and_type_words_the_font_cannot_draw_are_refused(tmp_path: Path):
    from companion.errors import display_path

    mine = tmp_path / "cards" / "dark-blades"
    mine.mkdir(parents=True)
    markers = (KIT_DIR / "markers.csv").read_text(encoding="utf-8")
    (mine / "markers.csv").write_text(markers.replace("troll burnt", "黒狐"), encoding="utf-8")
    line = next(i for i, ln in enumerate(markers.splitlines(), 1) if "troll burnt" in ln)
    where = display_path(mine / "markers.csv")
    assert _error(Cards(tmp_path / "cards")) == f"{where}:{line}: column 'back_note': {MISSING}"
    (mine / "markers.csv").unlink()
    types = (KIT_DIR / "piece-types.toml").read_text(encoding="utf-8")
    (mine / "piece-types.toml").write_text(types.replace('"SPELLS"', '"黒狐"'), encoding="utf-8")
    where = display_path(mine / "piece-types.toml")
    assert _error(Cards(tmp_path / "cards")) == f"{where}: key 'weapons.spells': {MISSING}"


def test_the_havoc_pnp_error_is_one_line(tmp_path: Path, havoc_pnp):
    roster = _roster(tmp_path, "1,黒狐,,black-fox,foot,sword,9,9,5,3,4,4,2,,,,,,,")
    result = havoc_pnp("counters", "--roster", roster, "-o", tmp_path / "x.pdf")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert result.stderr.endswith(f"column 'name': {MISSING}\n")
    assert not (tmp_path / "x.pdf").exists()


def test_value_colours_come_from_piece_types_toml(tmp_path: Path):
    mine = tmp_path / "cards" / "dark-blades"
    mine.mkdir(parents=True)
    types = (KIT_DIR / "piece-types.toml").read_text(encoding="utf-8")
    (mine / "piece-types.toml").write_text(
        types.replace('defence = "#c0161d"', 'defence = "#aa0000"'), encoding="utf-8"
    )
    made = gen.counter_pieces(Cards(tmp_path / "cards"))
    strokes = {op.stroke for p in made for op in p.front.ops if isinstance(op, Rect) and op.stroke}
    assert "#aa0000" in strokes and RED not in strokes
    assert not hasattr(gen, "ROLE_COLOURS")  # one source of truth: the cards file
