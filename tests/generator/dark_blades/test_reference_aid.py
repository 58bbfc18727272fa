"""The Dark Blades player aid: every table read back from the PDF equals cards/, the lake's
doubled 6 as printed with its note, every area named with its diagram, readable sizes inside
the printable area on A4 and Letter, deterministic bytes, qpdf --check."""

from __future__ import annotations

import shutil
import subprocess

import pdfplumber
import pytest

from companion.dark_blades import spells as spell_deck
from companion.dark_blades.crt import load_crt
from companion.dark_blades.missiles import load_weapons
from companion.dark_blades.terrain import load_terrain
from companion.data import Cards
from companion.tables import load_tables
from generator.dark_blades.aid import MAGIC, WATER, write_dark_blades_aid
from generator.dark_blades.areas import DRAW
from generator.sheet.document import MIN_SIZE, PageSize
from generator.sheet.options import PAPERS

CARDS = Cards(None)
WHITE = (1, 1, 1)
# ruled lines only: the diagrams' hex edges are not table rules
STRICT = {"vertical_strategy": "lines_strict", "horizontal_strategy": "lines_strict"}


def _flat(text: str | None) -> str:
    return " ".join((text or "").split())


def _read(path):
    with pdfplumber.open(path) as pdf:
        tables = _tables(pdf)
        text = _flat(" ".join(p.extract_text() for p in pdf.pages))
        chars = [(p.width, p.height, p.chars) for p in pdf.pages]
        regular = _flat(" ".join(p.filter(_regular).extract_text() for p in pdf.pages))
    return tables, text, chars, regular


def _tables(pdf) -> list[list[list[str]]]:
    return [_cells(t) for p in pdf.pages for t in p.extract_tables(STRICT)]


def _cells(table) -> list[list[str]]:
    return [[_flat(c) for c in row] for row in table]


def _rolled_table(path, index: int) -> list[list[str]]:
    """The `index`th rolled (D10) table in `_read`'s order: pages read in turn, no text, and
    none after the page it is on (a later page's tables come after it)."""
    found: list[list[list[str]]] = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            found += [
                t for t in map(_cells, page.extract_tables(STRICT)) if t[0] == ["D10", "Result"]
            ]
            if len(found) > index:
                return found[index]
    raise AssertionError(f"{len(found)} rolled tables, none at {index}")


def _regular(obj) -> bool:
    """Not a bold character (the diagrams' letters are bold): body text read in order."""
    return obj.get("object_type") != "char" or "Bold" not in obj.get("fontname", "")


@pytest.fixture(scope="module", params=["a4", pytest.param("letter", marks=pytest.mark.slow)])
def aid(request, tmp_path_factory):
    path = tmp_path_factory.mktemp("db") / f"ref-{request.param}.pdf"
    pages = write_dark_blades_aid(path, CARDS, PageSize(*PAPERS[request.param]))
    return (path, pages, *_read(path))


def _table(tables, first_cell: str) -> list[list[str]]:
    found = [t for t in tables if t[0][0] == first_cell]
    assert len(found) == 1, f"{first_cell}: {len(found)} tables"
    return found[0]


def test_terrain_and_shift_tables_equal_the_cards(aid) -> None:
    tables = aid[2]
    terrain = _table(tables, "Hex type")
    rows = load_terrain(CARDS).rows.values()
    assert terrain[1:] == [
        [_flat(t.printed), _flat(t.movement), t.cover, _flat(t.advantage)] for t in rows
    ]
    shifts = _table(tables, "Attacker in")
    printed = [[a, d, text] for (a, d), (cols, text) in load_crt(CARDS).terrain.items() if cols]
    assert shifts[1:] == printed
    assert len(printed) == 6  # the rulebook prints six rows; the mutual cases are the kit's box
    assert "the kit reads each as no shift" in aid[3]


def test_cover_table_and_the_kits_readings(aid) -> None:
    crt = load_crt(CARDS)
    cover = _table(aid[2], "Target's cover")
    assert cover[1:] == [[name, _flat(text)] for name, (_c, text) in crt.cover.items()]
    readings = [crt.reading("no-terrain-on-missiles"), crt.reading("ring-on-missiles")]
    readings += [t.reading for t in load_terrain(CARDS).rows.values() if t.reading]
    for weapon in load_weapons(CARDS).weapons.values():
        readings += [r for r in (weapon.cover_reading, weapon.adverse_reading) if r]
    assert len(readings) >= 5
    for reading in readings:
        assert _flat(reading.text) in aid[3], reading.name


def test_missile_bands_equal_the_cards(aid) -> None:
    table = _table(aid[2], "Weapon")
    expected = [
        [w.name, b.band, f"{b.first}-{b.last}", str(b.strength)]
        for w in load_weapons(CARDS).weapons.values()
        for b in w.bands
    ]
    assert table[1:] == expected
    assert {row[0] for row in table[1:]} == {"Shortbow", "Crossbow", "Gargoyle's Breath"}
    assert _flat(load_weapons(CARDS).adjacent_rule) in aid[3]


def test_every_rolled_table_equals_the_cards(aid) -> None:
    rolled = load_tables(CARDS)
    found = [t for t in aid[2] if t[0] == ["D10", "Result"]]
    assert len(found) == len(WATER) + len(MAGIC)
    for table, name in zip(found, (*WATER, *MAGIC), strict=True):
        data = rolled[f"dark-blades/{name}"]
        assert table[1:] == [[", ".join(map(str, r.faces)), _flat(r.result)] for r in data.rows]
        if data.note:
            assert _flat(data.note) in aid[3]


def test_lake_doubled_six_as_printed_with_its_note(aid) -> None:
    lake = [t for t in aid[2] if t[0] == ["D10", "Result"]][WATER.index("lake")]
    faces = [row[0] for row in lake[1:]]
    assert "4, 5, 6" in faces and "6, 7, 8" in faces
    assert sum(f.split(", ").count("6") for f in faces) == 2
    note = load_tables(CARDS)["dark-blades/lake"].note
    assert note and "6 appears in both rows" in note and _flat(note) in aid[3]


def test_every_area_named_with_its_diagram(aid) -> None:
    areas = spell_deck.load(CARDS).areas.values()
    for area in areas:
        assert _flat(area.name) in aid[3]
    # each diagram marks the spellcaster: a black hex with a white S
    casters = [
        c
        for _w, _h, chars in aid[4]
        for c in chars
        if c["text"] == "S" and c["non_stroking_color"] in (WHITE, [1, 1, 1])
    ]
    assert len(casters) == sum(1 for a in areas if a.key in DRAW) == len(list(areas))
    kit = [a for a in areas if a.origin != "rulebook"]
    assert kit and all(
        f"The kit's area (the rules name none): {_flat(a.text)}" in aid[5] for a in kit
    )


def test_readable_inside_the_printable_area(aid) -> None:
    sizes = []
    for width, height, chars in aid[4]:
        for ch in chars:
            sizes.append(ch["size"])
            assert 18 <= ch["x0"] and ch["x1"] <= width - 18
            assert 18 <= ch["top"] and ch["bottom"] <= height - 18
    assert min(sizes) >= MIN_SIZE - 0.01
    assert len(aid[4]) == aid[1] and aid[1] >= 2


def test_capture_and_sequence_of_play(aid) -> None:
    assert "must be stunned and adjacent to at least two enemy characters" in aid[3]
    assert "(Scenario 4: The Raid)" in aid[3]
    for step in range(1, 8):
        assert f"{step} " in aid[3]
    assert "Only dismounted characters may move through windows" in aid[3]


def test_same_input_same_bytes_and_qpdf(tmp_path) -> None:
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    page = PageSize(*PAPERS["a4"])
    write_dark_blades_aid(a, CARDS, page)
    write_dark_blades_aid(b, CARDS, page)
    assert a.read_bytes() == b.read_bytes()
    with pdfplumber.open(a) as pdf:
        assert pdf.metadata["Title"] == "Dark Blades player aid"
    if shutil.which("qpdf") is None:
        pytest.skip("qpdf not installed")
    check = subprocess.run(["qpdf", "--check", str(a)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr


def test_a_users_cards_change_the_sheet(tmp_path) -> None:
    kit = Cards(None).path("dark-blades", "tables/lake.toml")
    mine = tmp_path / "cards" / "dark-blades" / "tables"
    mine.mkdir(parents=True)
    text = kit.read_text(encoding="utf-8").replace("They drown.", "They are swept away.")
    (mine / "lake.toml").write_text(text, encoding="utf-8")
    out = tmp_path / "mine.pdf"
    write_dark_blades_aid(out, Cards(tmp_path / "cards"), PageSize(*PAPERS["a4"]))
    lake = _rolled_table(out, WATER.index("lake"))
    assert lake[-1] == ["9, 0", "They are swept away."]


def test_source_only_leaves_out_the_kits_readings(tmp_path) -> None:
    out = tmp_path / "rules.pdf"
    write_dark_blades_aid(out, CARDS, PageSize(*PAPERS["a4"]), source_only=True)
    tables, text, _chars, regular = _read(out)
    crt = load_crt(CARDS)
    assert _flat(crt.reading("no-terrain-on-missiles").text) not in text
    assert "the kit reads each as no shift" not in text
    assert "The kit's area" not in regular and "All visible allies" not in text
    assert "Code B" in text and "rulebook only" in text
    rolled = load_tables(CARDS)
    found = [t for t in tables if t[0] == ["D10", "Result"]]
    for table, name in zip(found, (*WATER, *MAGIC), strict=True):  # the rules' tables stay
        assert table[1:] == [
            [", ".join(map(str, r.faces)), _flat(r.result)]
            for r in rolled[f"dark-blades/{name}"].rows
        ]


def test_a_broken_table_is_one_line_and_no_sheet(tmp_path) -> None:
    from generator.cli import main as pnp
    from tests.conftest import run

    mine = tmp_path / "cards" / "dark-blades" / "tables"
    mine.mkdir(parents=True)
    kit = Cards(None).path("dark-blades", "tables/death-spell.toml").read_text(encoding="utf-8")
    (mine / "death-spell.toml").write_text(kit.replace("faces = [0]", "faces = [11]"), "utf-8")
    out = tmp_path / "out"
    result = run(pnp, ["--cards", str(tmp_path / "cards"), "aids", "--out", str(out)])
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "death-spell.toml" in result.stderr and "11 is not a face of d10" in result.stderr
    assert not (out / "dark-blades-reference.pdf").exists()


def test_the_combat_rules_and_table_rules_issue_14_asks_for(aid) -> None:
    """Stunned for a turn, several attackers and who suffers, further injury, the advance,
    dogs, mules, trolls, exterior corners, doorways, movement, dealing 8 spells, one use per
    game, the optional exchange, and the Magic Arrow's first character in line."""
    _path, _pages, _tables, text, _chars, _regular = aid
    for words in (
        "Stunned for one complete game turn: no move, fire or attack",
        "combines their defence strengths into one",
        "or combine their attack strengths if all have the same terrain advantage",
        "the controlling player chooses which of his characters is affected",
        "Stunned and wounded characters die of further injury",
        "the attacker may advance into his hex at once",
        "War dogs: a stun or wound kills",
        "Exterior corners",
        "Doorways: fire in or out of a door hex",
        "unused points are lost",
        "Deal eight (8) cards each",
        "used once per game",
        "Optional exchange",
        "Magic Arrow hits the first opposition character along the line, unless under a Shield",
    ):
        assert _flat(words) in text, words
