"""`havoc-pnp export vassal`: a .vmod VASSAL 3.6 and 3.7 open, checked against VASSAL's own
source (no VASSAL runs here): the zip's members, the XML's classes and attributes, every image
named there present, each board's hex grid against the hexes drawn on its image (VASSAL's grid
and numbering arithmetic re-done here from HexGrid.java and HexGridNumbering.java), the pieces'
encoded traits read back with VASSAL's SequenceEncoder rules, gpids, the palette, the d10 and
the charts; `build --export` all or nothing."""

from __future__ import annotations

import io
import math
import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
from PIL import Image

from companion.data import Cards
from generator.export import sources

B = "VASSAL.build."
GRID = B + "module.map.boardPicker.board.HexGrid"
NUMBERING = B + "module.map.boardPicker.board.mapgrid.HexGridNumbering"
ZONE = B + "module.map.boardPicker.board.mapgrid.Zone"
SLOT = B + "widget.PieceSlot"


@pytest.fixture(scope="module")
def vmod(pnp_once) -> Path:
    """`havoc-pnp export vassal --out DIR`, once for the whole run (`pnp_once`)."""
    return pnp_once("export", "vassal") / "vassal"


@pytest.fixture(scope="module")
def module(vmod):
    with zipfile.ZipFile(vmod / "havoc-kit-dark-blades.vmod") as z:
        files = {name: z.read(name) for name in z.namelist()}
    return files, ET.fromstring(files["buildFile.xml"])


# ------------------------------------------------------------------ VASSAL's rules, re-done


def decode(text: str, delimiter: str) -> list[str]:
    """VASSAL.tools.SequenceEncoder.Decoder: a backslash before a delimiter keeps it."""
    out, field, i = [], "", 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text) and text[i + 1] == delimiter:
            field += delimiter
            i += 2
        elif text[i] == delimiter:
            out.append(field)
            field, i = "", i + 1
        else:
            field += text[i]
            i += 1
    out.append(field)
    return [f[1:-1] if len(f) > 1 and f[0] == f[-1] == "'" else f for f in out]


class VassalGrid:
    """HexGrid (sideways false) and HexGridNumbering (stagger, ascending) from VASSAL's
    source: snapping a point to a hex centre and naming it."""

    def __init__(self, grid: ET.Element) -> None:
        self.x0, self.y0 = int(grid.get("x0")), int(grid.get("y0"))
        self.dx, self.dy = float(grid.get("dx")), float(grid.get("dy"))
        n = grid.find(NUMBERING)
        self.n = n
        self.h_off, self.v_off = int(n.get("hOff")), int(n.get("vOff"))

    def snap(self, x: int, y: int) -> tuple[int, int]:  # hexX, hexY
        nx = math.floor((x - self.x0 + self.dx / 2) / self.dx)
        sx = int(self.dx * nx + self.x0)
        if nx % 2 == 0:
            sy = int(self.dy * math.floor((y - self.y0 + self.dy / 2) / self.dy) + self.y0)
        else:
            sy = int(self.dy * math.floor((y - self.y0) / self.dy) + int(self.dy / 2) + self.y0)
        return sx, sy

    def name(self, x: int, y: int) -> str:  # getColumn, getRow, getName
        col = math.floor((x - self.x0) / self.dx + 0.5)
        nx = round((x - self.x0) / self.dx)
        shift = 0 if nx % 2 == 0 else self.dy / 2
        row = round((y - self.y0 - shift) / self.dy)
        if self.n.get("stagger") == "true" and col % 2 != 0:
            row += 1
        assert self.n.get("hType") == "A" and self.n.get("vType") == "N"
        assert self.n.get("first") == "H" and self.n.get("sep") == ""
        assert self.n.get("vLeading") == "0"
        return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[col + self.h_off] + str(row + self.v_off)


def inside(point: tuple[float, float], outline: list[tuple[int, int]]) -> bool:
    """Even-odd rule, as java.awt.Polygon.contains."""
    x, y = point
    hit = False
    for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


# ------------------------------------------------------------------ the module


def test_zip_holds_the_module_and_every_image_it_names(module, vmod):
    files, root = module
    assert {"buildFile.xml", "moduledata"} <= set(files)
    images = {n[len("images/") :] for n in files if n.startswith("images/")}
    named = {b.get("image") for b in root.iter(B + "module.map.boardPicker.Board")}
    named |= {c.get("fileName") for c in root.iter(B + "widget.Chart")}
    for slot in root.iter(SLOT):
        layer, basic = chain(slot)[0][-2:]
        named |= set(decode(decode(layer[len("emb2;") :], ";")[15], ","))
        named.add(decode(basic, ";")[3])
    assert named and named <= images
    assert all(files["images/" + n][:8] == b"\x89PNG\r\n\x1a\n" for n in named)
    readme = (vmod / "README.txt").read_text(encoding="utf-8")
    assert "havoc-kit-dark-blades.vmod" in readme and "havoc-kit-cthulhu-who.vmod" in readme
    assert "Checked by loading it in VASSAL's own engine" in readme


def test_root_and_moduledata_declare_vassal_3_6(module):
    files, root = module
    assert root.tag == B + "GameModule"
    assert root.get("VassalVersion") == "3.6.0" and root.get("name")
    data = ET.fromstring(files["moduledata"])
    assert data.tag == "data" and data.findtext("VassalVersion") == "3.6.0"
    assert data.findtext("name") == root.get("name")
    assert re.fullmatch(r"\d+", data.findtext("dateSaved"))
    # the encoder first: without it no piece decodes
    assert root[0].tag == B + "module.BasicCommandEncoder"
    assert root.find(B + "module.Chatter") is not None


def test_a_map_window_per_map_and_layout_with_the_children_a_map_needs(module):
    from companion.dark_blades.layouts import load_layouts
    from companion.dark_blades.maps import load_maps

    _files, root = module
    maps = root.findall(B + "module.Map")
    want = [m.name for m in load_maps(Cards())] + [lay.name for lay in load_layouts(Cards())]
    assert [m.get("mapName") for m in maps][: len(want)] == want
    assert all(m.get("mapName").startswith("Scenario ") for m in maps[len(want) :])
    needed = {
        "PieceMover", "StackMetrics", "KeyBufferer", "SelectionHighlighters", "MenuDisplayer",
        "ForwardToChatter", "CounterDetailViewer", "Zoomer",
    }  # fmt: skip
    for m in maps:
        have = {c.tag.rpartition(".")[2] for c in m}
        assert needed <= have, m.get("mapName")
        (board,) = m.iter(B + "module.map.boardPicker.Board")
        with Image.open(io.BytesIO(_files["images/" + board.get("image")])) as image:
            assert image.size == (int(board.get("width")), int(board.get("height")))


def test_grids_are_whole_pixel_origins_and_the_drawn_hexes_size(module):
    _files, root = module
    plain = [m for m in root.findall(B + "module.Map") if not m.get("mapName").startswith("Sc")]
    assert len([g for m in plain for g in m.iter(GRID)]) == 2 + 2  # a layout: a zone a map
    grids = list(root.iter(GRID))
    for g in grids:
        assert g.get("sideways") == "false"
        assert re.fullmatch(r"-?\d+", g.get("x0")) and re.fullmatch(r"-?\d+", g.get("y0"))
        dx, dy = float(g.get("dx")), float(g.get("dy"))
        assert dx == pytest.approx(dy * math.sqrt(3) / 2, abs=1e-9)
        assert dy % 2 == 0  # VASSAL's (int)(dy / 2) of an odd column is exact


def _edges(image, x: int, y: int, step: tuple[int, int]) -> int:
    """Pixels from (x, y) to the first hex outline in direction ``step``."""
    px = image.load()
    n = 1
    while sum(px[x + n * step[0], y + n * step[1]]) > 3 * 200:
        n += 1
    return n


def test_vassal_centres_and_names_match_the_hexes_drawn(module, tmp_path):
    """The mill's board drawn blank (the same geometry, outlines only): at the centre VASSAL
    gives each hex, the hex's outline is equally far left and right and up and down, as far as
    the drawing's flats and corners; VASSAL snaps that centre to itself and names it as
    printed."""
    from companion.dark_blades import hexgrid as hg
    from companion.dark_blades.maps import load_maps
    from generator.export.faces import rasterise
    from generator.export.vassal_board import draw_board

    _files, root = module
    mill = next(m for m in load_maps(Cards()) if m.key == "mill")
    (xml_map,) = [m for m in root.findall(B + "module.Map") if m.get("mapName") == mill.name]
    grid = VassalGrid(next(xml_map.iter(GRID)))
    board = draw_board(tmp_path / "blank.pdf", mill, 45.0, blank=True)
    (image,) = rasterise(tmp_path / "blank.pdf", 72 * board.px_per_pt)
    assert (board.grids[0].x0, board.grids[0].y0) == (grid.x0, grid.y0)
    half_flat, r = grid.dy / 2, grid.dy / math.sqrt(3)
    for h in [(0, 1), (1, 1), (2, 1), (9, 7), (10, 7), (19, 14), (0, 14)]:
        col, row = h
        # VASSAL's centre of column col, row: even columns on the origin's rows, odd half down
        x = int(col * grid.dx) + grid.x0
        y = int((row - 1 - col % 2) * grid.dy + (grid.dy / 2 if col % 2 else 0)) + grid.y0
        assert grid.snap(x, y) == (x, y) and grid.snap(x + 20, y - 25) == (x, y)
        assert grid.name(x, y) == hg.name(h)
        below = y + round(grid.dy / 4)  # clear of the coordinates printed at the centre
        left, right = _edges(image, x, below, (-1, 0)), _edges(image, x, below, (1, 0))
        assert abs(left - right) <= 2, (h, left, right)
        assert (left + right) / 2 == pytest.approx(r - grid.dy / 4 / math.sqrt(3), abs=1.5)
        up, down = _edges(image, x + 20, y, (0, -1)), _edges(image, x + 20, y, (0, 1))
        assert abs(up - down) <= 2 and (up + down) / 2 == pytest.approx(half_flat, abs=1.5)


def test_layout_zones_name_each_hex_on_its_own_map(module):
    from companion.dark_blades import hexgrid as hg
    from companion.dark_blades.layouts import find_layout, load_layouts

    _files, root = module
    lay = find_layout(Cards(), load_layouts(Cards())[0].key)
    (xml_map,) = [m for m in root.findall(B + "module.Map") if m.get("mapName") == lay.name]
    zones = {z.get("name"): z for z in xml_map.iter(ZONE)}
    assert set(zones) == {p.key for p in lay.pieces}
    first = VassalGrid(next(zones[lay.pieces[0].key].iter(GRID)))
    for zone in zones.values():
        assert zone.get("locationFormat") == "$name$:$gridLocation$"
    for h in [(0, 1), (5, 14), (6, 14), (5, 15), (6, 15), (19, 28)]:
        col, row = h
        x = int(col * first.dx) + first.x0
        y = int((row - 1 - col % 2) * first.dy + (first.dy / 2 if col % 2 else 0)) + first.y0
        holding = [
            k
            for k, z in zones.items()
            if inside((x, y), [tuple(map(int, p.split(","))) for p in z.get("path").split(";")])
        ]
        assert len(holding) == 1, (h, holding)
        grid = VassalGrid(next(zones[holding[0]].iter(GRID)))
        assert grid.snap(x, y) == (x, y)
        assert f"{holding[0]}:{grid.name(x, y)}" == lay.label(h)
        assert lay.label(h).endswith(hg.name(lay.piece(h)[1]))


def chain(slot) -> tuple[list[str], list[str]]:
    """A slot's traits, outermost first, and their states (the basic piece's last)."""
    plus, target, kind_text, state = decode(slot.text, "/")
    assert (plus, target) == ("+", "null")
    types, states = [], []
    while True:
        t, rest = decode(kind_text, "\t") if "\t" in kind_text else (kind_text, "")
        types.append(t)
        if not rest:
            states.append(state)
            return types, states
        st, state = decode(state, "\t")
        states.append(st)
        kind_text = rest


def test_one_piece_per_character_and_size_its_states_the_printed_faces(module):
    """A character's counters of one size are one piece: a Layer of their printed faces in
    print order, each level named by its state (healthy, stunned, wounded, killed); a marker
    is a piece of its two faces; gpids unique and below nextPieceSlotId."""
    files, root = module
    (window,) = root.findall(B + "module.PieceWindow")
    slots = list(window.iter(SLOT))
    counters = sources.counters(Cards(), 45.0, False)
    characters = {
        (t.split(":", 1)[1], p.cols) for p in counters for t in p.tags if t.startswith("character:")
    }
    markers = {p.name.rstrip("0123456789 ") for p in counters if "marker" in p.tags}
    assert len(slots) == len(characters) + len(markers)
    gpids = [int(s.get("gpid")) for s in slots]
    assert len(set(gpids)) == len(gpids) and max(gpids) < int(root.get("nextPieceSlotId"))
    levels_seen = set()
    for slot in slots:
        types, states = chain(slot)
        assert types[0] == "delete;Delete;68,130" and states[0] == ""
        layer, basic = types[-2], types[-1]
        assert layer.startswith("emb2;") and basic.startswith("piece;")
        f = decode(layer[len("emb2;") :], ";")
        images, names = decode(f[15], ","), decode(f[16], ",")
        assert (f[3], f[17], f[24], f[25], f[27], f[28]) == (
            "Next state", "true", "1", "true", "70,130", "70,195"
        )  # fmt: skip
        assert len(images) == len(names) in (2, 4) and all(n.startswith("+ (") for n in names)
        levels_seen |= {n[3:-1] for n in names}
        _piece, _clone, _delete, image, name = decode(basic, ";")
        assert image == images[0] and name == slot.get("entryName")
        assert states[-2] == "1" and decode(states[-1], ";") == [
            "null",
            "0",
            "0",
            slot.get("gpid"),
            "0",
        ]
        sizes = set()
        for i in images:
            with Image.open(io.BytesIO(files["images/" + i])) as a:
                sizes.add(a.size)
        assert sizes == {(int(slot.get("width")), int(slot.get("height")))}
    assert {"healthy", "stunned", "wounded", "killed", "mounted", "riderless horse"} <= levels_seen


def test_a_double_length_piece_turns_in_six_facings_about_its_rear_hex(module):
    """Delete > rotation in six 60-degree steps > a fixed 30-degree lie > its shape (the counter's
    rectangle, reaching from its rear hex's centre across the side to the next) > its states."""
    from generator.export.vassal_board import DY_PX

    _files, root = module
    (window,) = root.findall(B + "module.PieceWindow")
    doubles = [s for s in window.iter(SLOT) if "rotate;" in s.text]
    assert len(doubles) == 24  # 23 riders' mounted pieces and the mule
    for slot in doubles:
        types, states = chain(slot)
        six, fixed, shape = types[1:4]
        assert decode(six, ";")[:5] == ["rotate", "6", "93,130", "91,130", "Turn clockwise"]
        assert decode(fixed, ";")[1] == "1" and states[1:3] == ["0", "30.0"]
        nums = [int(n) for n in shape[len("nonRect;") :].split(",") if n.lstrip("-").isdigit()]
        x0, y0, x1, _y0, _x1, y1 = nums[:6]
        assert x0 < DY_PX // 2 < x1 and x0 < 0 - DY_PX // 2 + (x1 - x0)  # across the side
        assert y0 == -y1 or y0 == -y1 - 1
        assert int(slot.get("width")) >= 2 * x1  # the image centred on the rear hex


def test_palette_by_side_and_a_d10_and_the_charts(module):
    files, root = module
    (window,) = root.findall(B + "module.PieceWindow")
    sides = [p.get("entryName") for p in window.iter(B + "widget.PanelWidget")]
    blocks = {k.piece.block for k in sources.kinds(sources.counters(Cards(), 45.0, False))}
    assert set(sides) == {re.sub(r":? double-length$", "", b) for b in blocks}
    assert len(sides) == len(set(sides)) >= 3
    (dice,) = root.findall(B + "module.DiceButton")
    assert (dice.get("nDice"), dice.get("nSides")) == ("1", "10")
    charts = list(root.iter(B + "widget.Chart"))
    titles = [c.get("chartName") for c in charts]
    assert any(t.startswith("Results tables") for t in titles)
    assert any(t.startswith("Player aid") for t in titles)
    for c in charts:
        with Image.open(io.BytesIO(files["images/" + c.get("fileName")])) as image:
            assert min(image.size) > 800  # an A4 page at a readable resolution


@pytest.mark.slow
def test_build_export_adds_the_exports(kit_build):
    out = kit_build("--export", "tgc,vassal")
    assert (out / "export" / "vassal" / "havoc-kit-dark-blades.vmod").is_file()
    assert (out / "export" / "tgc" / "cards" / "back.png").is_file()
    assert (out / "dark-blades-counters.pdf").is_file()


def test_build_refuses_a_bad_export_before_building(havoc_pnp, tmp_path):
    result = havoc_pnp("build", "--out", tmp_path / "b", "--export", "tts,vasal")
    assert result.exit_code == 2 and "--export: expected" in result.output
    assert len(result.output.strip().splitlines()) == 1 and not (tmp_path / "b").exists()


@pytest.mark.slow
def test_build_with_a_failing_export_writes_nothing(havoc_pnp, tmp_path, monkeypatch):
    from companion.errors import InputError
    from generator.export import vassal

    def fail(*args, **kwargs):
        raise InputError("vassal: no room")

    monkeypatch.setattr(vassal, "export_vassal", fail)
    result = havoc_pnp("build", "--out", tmp_path / "b", "--export", "tgc,vassal")
    assert result.exit_code == 2 and "no room" in result.output
    assert not (tmp_path / "b").exists()


def test_the_module_and_its_readme_credit_the_figures_authors(module, vmod):
    from companion import art
    from generator.export import sources
    from generator.sheet.pieces import Figure

    files, root = module
    drawn = {
        Path(op.source).resolve()
        for p in sources.counters(Cards(), 45.0, False)
        for face in (p.front, p.back)
        if face is not None
        for op in face.ops
        if isinstance(op, Figure)
    }
    shown = {c.author for c in art.load_manifest(Cards()).values() if c.file.resolve() in drawn}
    assert len(shown) >= 4
    helps = list(root.iter(B + "module.documentation.HelpFile"))
    (help_file,) = [h for h in helps if h.get("title") == "Credits"]
    assert help_file.get("fileType") == "archive"
    inside = " ".join(files[help_file.get("fileName")].decode("utf-8").split())
    readme = " ".join((vmod / "README.txt").read_text("utf-8").split()).split("Credits:", 1)[1]
    for text in (inside, readme):
        assert "game-icons.net" in text and "CC BY 3.0" in text
        assert "https://creativecommons.org/licenses/by/3.0/" in text
        for author in shown:
            assert author in text, author


def test_build_refuses_an_export_folder_it_did_not_write_before_building(
    havoc_pnp, tmp_path, monkeypatch
):
    import generator.registry

    def built():
        raise AssertionError("the build started")

    monkeypatch.setattr(generator.registry, "products", built)
    mine = tmp_path / "b" / "export" / "vassal"
    mine.mkdir(parents=True)
    (mine / "my-module.vmod").write_text("mine")
    result = havoc_pnp("build", "--out", tmp_path / "b", "--export", "vassal")
    assert result.exit_code == 2 and "did not write" in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert [p.name for p in (tmp_path / "b").rglob("*")] == ["export", "vassal", "my-module.vmod"]


# ------------------------------------------------------------------ scenarios


def scenario_set_ups():
    from generator.export.scenario_setup import set_ups

    return set_ups(Cards(), 45.0, False, {m.key: m for m in _boards_by_key()})


def _boards_by_key():
    from companion.dark_blades.layouts import find_layout, load_layouts
    from companion.dark_blades.maps import load_maps

    return [*load_maps(Cards()), *(find_layout(Cards(), lay.key) for lay in load_layouts(Cards()))]


def test_each_scenario_a_map_its_zones_named_as_on_the_sheet_its_sides_set_up(module):
    """A map window per scenario: its board the scenario's maps as it lays them; a zone for
    each set-up area, entry and exit, named as on the scenario sheet, holding exactly the
    mark's hexes (VASSAL's even-odd polygon, the hex centres its grid gives); a predefined
    set-up whose saved game lays in each side's place beside the maps (a zone named "To set
    up: SIDE", or "Turn N reinforcements: SIDE") a piece per character and copy, and the
    mounted piece of each rider; the sheet's text in the Help menu."""
    from companion.dark_blades import hexgrid as hg
    from companion.dark_blades import pieces as db
    from companion.dark_blades.scenarios import load_scenarios

    files, root = module
    scenarios = load_scenarios(Cards(), db.load(Cards()))
    setups = scenario_set_ups()
    assert [s.key for s in setups] == list(scenarios)
    maps = {m.get("mapName"): m for m in root.findall(B + "module.Map")}
    helps = {
        h.get("title"): h.get("fileName") for h in root.iter(B + "module.documentation.HelpFile")
    }
    for setup in setups:
        scenario = scenarios[setup.key]
        title = f"Scenario {scenario.number}: {scenario.title}"
        m = maps[title]
        zones = list(m.iter(ZONE))
        for mark in setup.marks:
            mine = [z for z in zones if z.get("name") == mark.name]
            assert mine, (title, mark.name)
            grid = VassalGrid(next(mine[0].iter(GRID)))
            outlines = [
                [tuple(map(int, p.split(","))) for p in z.get("path").split(";")] for z in mine
            ]
            for col in range(20):
                for row in range(1, 15):
                    x = int(col * grid.dx) + grid.x0
                    y = (
                        int((row - 1 - col % 2) * grid.dy + (grid.dy / 2 if col % 2 else 0))
                        + grid.y0
                    )
                    held = any(inside((x, y), o) for o in outlines)
                    assert held == ((col, row) in mark.hexes), (
                        title,
                        mark.name,
                        hg.name((col, row)),
                    )
                    if held:
                        assert grid.name(x, y) == hg.name((col, row))
        assert not list(m.iter(B + "module.map.SetupStack"))  # the set-up places them
        (setup_el,) = [e for e in root.iter(B + "module.PredefinedSetup") if e.get("name") == title]
        assert setup_el.get("useFile") == "true"
        placed = saved_stacks(files[setup_el.get("file")])
        assert {where for where, _x, _y, _names in placed} == {title}
        for side in scenario.sides:
            words = (
                f"Turn {side.enters_turn} reinforcements: " if side.enters_turn else "To set up: "
            )
            (place,) = [z for z in zones if z.get("name") == words + side.name]
            outline = [tuple(map(int, p.split(","))) for p in place.get("path").split(";")]
            names = [n for _m, x, y, ns in placed if inside((x, y), outline) for n in ns]
            for force in side.forces:
                who = force.character.name
                assert (
                    names.count(who) == force.count or names.count(f"{who} (mule)") == force.count
                ), (title, side.name, who)
                rides = who in scenario.riders()
                assert names.count(f"{who} (mounted)") == (force.count if rides else 0), who
            assert len(names) == sum(
                f.count * (2 if f.character.name in scenario.riders() else 1) for f in side.forces
            ), (title, side.name)
        text = files[helps[title]].decode("utf-8")
        assert scenario.victory[0] in text and "Where (hexes" in text
        assert all(side.setup in text for side in scenario.sides)
    gpids = [int(p.get("gpid")) for p in root.iter(SLOT)]
    assert len(set(gpids)) == len(gpids) and max(gpids) < int(root.get("nextPieceSlotId"))


def saved_stacks(vsav: bytes) -> list[tuple[str, int, int, list[str]]]:
    """A saved game's stacks read back as VASSAL reads them (DeobfuscatingInputStream's hex
    form, GameModule.decode's ESC-separated commands, AddPiece's ``+/ID/TYPE/STATE``): each
    stack's map, x, y and its pieces' names (the basic piece's name, innermost in the type)."""
    with zipfile.ZipFile(io.BytesIO(vsav)) as z:
        data = z.read("savedGame")
    assert data[:5] == b"!VCSK"
    key = int(data[5:7], 16)
    text = bytes(b ^ key for b in bytes.fromhex(data[7:].decode())).decode("utf-8")
    commands = decode(text, "\x1b")
    assert commands[0] == "begin_save" and commands[-1] == "end_save"
    names, stacks = {}, []
    for c in commands:
        if not c.startswith("+/"):
            continue
        _plus, ident, kind, state = decode(c, "/")
        if kind == "stack":
            where, x, y, *ids = decode(state, ";")
            stacks.append((where, int(x), int(y), [names[i] for i in ids]))
        else:
            basic = decode(kind, "\t")[-1]
            while "\t" in basic:
                basic = decode(basic, "\t")[-1]
            names[ident] = decode(basic, ";")[-1]
    assert len({i for _w, _x, _y, ns in stacks for i in ns}) <= len(names)
    return stacks


def test_the_saved_games_choose_every_maps_board(module):
    """A predefined set-up's saved game chooses each map's board (else VASSAL's set-up wizard
    would ask), and an empty table stays a set-up of its own."""
    files, root = module
    maps = [m.get("mapName") for m in root.findall(B + "module.Map")]
    setups = list(root.iter(B + "module.PredefinedSetup"))
    assert [e.get("useFile") for e in setups].count("false") == 1
    for e in (e for e in setups if e.get("useFile") == "true"):
        with zipfile.ZipFile(io.BytesIO(files[e.get("file")])) as z:
            data = z.read("savedGame")
            assert b"<moduleName>Havoc Kit: Dark Blades</moduleName>" in z.read("savedata")
        key = int(data[5:7], 16)
        text = bytes(b ^ key for b in bytes.fromhex(data[7:].decode())).decode("utf-8")
        chosen = [c for c in decode(text, "\x1b") if "BoardPicker\t" in c]
        assert chosen == [f"{m}BoardPicker\t{m}\t0\t0" for m in maps]


def test_a_line_of_sight_thread_on_each_map_and_a_turn_track(module):
    _files, root = module
    for m in root.findall(B + "module.Map"):
        (los,) = m.findall(B + "module.map.LOS_Thread")
        assert los.get("snapStart") == los.get("snapEnd") == "true"
        assert los.get("drawRange") == "true" and los.get("scale") == "1"
    (turn,) = root.findall(B + "module.turn.TurnTracker")
    (level,) = turn.findall(B + "module.turn.CounterTurnLevel")
    assert (level.get("start"), level.get("incr"), level.get("property")) == ("1", "1", "Turn")


ENGINE_CHECK = Path(__file__).parent / "vassal_engine" / "ExportCheck.java"


# A short run's JVM: the quick compiler only, one garbage-collector thread (half the CPU
# seconds of the defaults for these checks, and no slower; the engine's answers are the same).
QUICK_JVM = ("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")


def engine_classpath() -> str | None:
    """The VASSAL engine the shared vassal-check tool installs, and the libraries it needs."""
    import glob
    import os
    import shutil

    home = Path(os.environ.get("TMPDIR", "/tmp")) / "vassal-check"
    engine = sorted(glob.glob(str(home / "venv/lib/python3*/site-packages/jars/Vengine.jar")))
    if not engine or not shutil.which("javac") or not shutil.which("xvfb-run"):
        return None
    jars = (
        "commons-lang3 commons-io slf4j-api logback-classic logback-core miglayout-swing "
        "miglayout-core swingx-core jsoup commons-codec gnu-getopt TimingFramework asm "
        "httpclient5 httpcore5 httpcore5-h2 batik-all xmlgraphics-commons xml-apis-ext "
        "maven-artifact-3.x plexus-utils"
    ).split()
    return ":".join([engine[0], *(f"/usr/share/java/{j}.jar" for j in jars)])


def compile_check(cp: str, tmp_path: Path, source: Path) -> None:
    """Compile a check program into ``tmp_path`` with the stand-ins for VASSAL's wizard
    library (vassal_engine/wizard_stubs: a module with predefined set-ups loads its classes)."""
    import subprocess

    stubs = sorted(str(p) for p in (source.parent / "wizard_stubs").rglob("*.java"))
    subprocess.run(["javac", *(f"-J{o}" for o in QUICK_JVM), "-nowarn", "-cp", cp, "-d", str(tmp_path), *stubs, str(source)],
                   check=True)  # fmt: skip


@pytest.mark.slow
def test_vassals_engine_builds_the_module_snaps_and_lays_the_mounted_pieces(vmod, tmp_path):
    """In VASSAL's own engine (the jar ../shared/tools/vassal-check installs): every kind of
    component built (7 maps, 5 predefined set-ups and no at-start stack, a LOS thread a map,
    the turn track, the d10);
    a dropped point snapped to the hex whose centre is nearest; each mounted piece, dropped on
    a hex, covers that hex and one neighbour, a different one in each of its six facings; the
    pieces' names say their states; a scenario's set-up zones name their hexes."""
    import subprocess

    cp = engine_classpath()
    if cp is None:
        pytest.skip("VASSAL's engine is not installed: run ../shared/tools/vassal-check/run once")
    compile_check(cp, tmp_path, ENGINE_CHECK)
    picture = tmp_path / "raid.png"
    done = subprocess.run(
        ["xvfb-run", "-a", "java", *QUICK_JVM, "-Djava.awt.headless=false", "-cp", f"{cp}:{tmp_path}",
         "ExportCheck", str(vmod / "havoc-kit-dark-blades.vmod"), str(picture),
         "Scenario 4: The Raid"],
        capture_output=True, text=True, cwd=tmp_path, timeout=600,
    )  # fmt: skip
    lines = done.stdout.splitlines()
    assert done.returncode == 0 and "OK" in lines, done.stdout[-2000:] + done.stderr[-2000:]
    built = {line.split()[1]: int(line.split()[2]) for line in lines if line.startswith("built ")}
    assert (built["Map"], built["PredefinedSetup"], built["LOS_Thread"]) == (7, 5, 7)
    assert "SetupStack" not in built
    palette = ET.fromstring(
        zipfile.ZipFile(vmod / "havoc-kit-dark-blades.vmod").read("buildFile.xml")
    ).iter(SLOT)
    assert built["TurnTracker"] == built["DiceButton"] == 1
    assert built["PieceSlot"] == len(list(palette)) > 60  # the palette's: no at-start slots
    snaps = [line for line in lines if line.startswith("snap ")]
    assert snaps == ["snap 700,620 -> 717,625 G5", "snap 905,930 -> 925,985 I8",
                     "snap 1210,1010 -> 1237,1045 L9"]  # fmt: skip
    facings: dict[str, list[set[str]]] = {}
    for line in lines:
        if line.startswith("facing "):
            name, _n, _angle, at, covered = line[len("facing ") :].split(" | ")
            facings.setdefault(name, []).append(set(covered.split()))
            assert at == "G5"
    assert len(facings) == 24
    for name, sets in facings.items():
        assert all(len(c) == 2 and "G5" in c for c in sets), name
        assert {n for c in sets for n in c} == {"G5", "H5", "H6", "G6", "F6", "F5", "G4"}, name
    states = dict(
        line[len("states ") :].split(" | ") for line in lines if line.startswith("states ")
    )
    assert states["Dark Blades"].startswith(
        "Dark Blades (healthy) / Dark Blades (stunned) / Dark Blades (wounded) / "
        "Dark Blades (killed)"
    )
    raid = {line.split(" | ")[2] for line in lines if line.startswith("hex Scenario 4: The Raid")}
    assert {"mill:C2 (Dark Blades group)", "arena:J14 (Black Fox side)", "arena:J8"} <= raid
    assert "drawn Scenario 4: The Raid | 2523x3470 | 0 pieces" in lines  # the set-up lays them
    with Image.open(picture) as image:
        assert image.size == (2523, 3470)


SETUP_CHECK = Path(__file__).parent / "vassal_engine" / "SetupCheck.java"


def setup_check(cp: str, tmp_path: Path, *args: str) -> list[str]:
    """Compile SetupCheck (with the wizard stand-ins) and run it under Xvfb: its lines."""
    import subprocess

    tmp_path.mkdir(parents=True, exist_ok=True)
    compile_check(cp, tmp_path, SETUP_CHECK)
    done = subprocess.run(
        ["xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", "java", *QUICK_JVM, "-Djava.awt.headless=false",
         "-cp", f"{cp}:{tmp_path}", "SetupCheck", *args],
        capture_output=True, text=True, cwd=tmp_path, timeout=600,
    )  # fmt: skip
    lines = done.stdout.splitlines()
    assert done.returncode == 0 and "OK" in lines, done.stdout[-2000:] + done.stderr[-2000:]
    return lines


@pytest.mark.slow
def test_vassals_engine_opens_each_scenario_set_up_as_the_scenario_card_lays_it(vmod, tmp_path):
    """In VASSAL's own engine, each predefined set-up opened as File > New Game opens it (its
    saved game read from the module, its commands executed, the game started, no board left
    to choose): every piece stands on the scenario's own map, in its side's place (the zone
    "To set up: SIDE" or "Turn N reinforcements: SIDE"), as many of each character as the
    scenario card gives that side (his mounted piece too where he rides); other maps empty.
    Then one set-up alone, in a window under Xvfb: a screenshot (VASSAL's map drawn)."""
    from companion.dark_blades import pieces as db
    from companion.dark_blades.scenarios import load_scenarios

    cp = engine_classpath()
    if cp is None:
        pytest.skip("VASSAL's engine is not installed: run ../shared/tools/vassal-check/run once")
    module_file = str(vmod / "havoc-kit-dark-blades.vmod")
    lines = setup_check(cp, tmp_path, module_file)
    scenarios = load_scenarios(Cards(), db.load(Cards()))
    titles = [f"Scenario {s.number}: {s.title}" for s in scenarios.values()]
    setups = [line[len("setup ") :].split(" | ")[0] for line in lines if line.startswith("setup ")]
    assert setups == [*titles, "Empty table (set up by hand)"]
    boards = [line.split(" | ") for line in lines if line.startswith("boards ")]
    assert len(boards) == 5 * 7 and all(b[1] == b[2] for b in boards)  # each map its board
    for scenario, title in zip(scenarios.values(), titles, strict=True):
        found: dict[tuple[str, str], list[str]] = {}
        for line in lines:
            if line.startswith(f"piece {title} | "):
                _s, where, zone, _loc, name = line.split(" | ")
                found.setdefault((where, zone), []).append(name)
        zones = set()
        for side in scenario.sides:
            words = (
                f"Turn {side.enters_turn} reinforcements: " if side.enters_turn else "To set up: "
            )
            zones.add((title, words + side.name))
            names = found.get((title, words + side.name), [])
            for force in side.forces:
                who, rides = force.character.name, force.character.name in scenario.riders()
                foot = [n for n in names if n.startswith(f"{who} (") and "(mounted)" not in n]
                mounted = [n for n in names if n.startswith(f"{who} (mounted)")]
                if foot:  # a healthy piece, or a mule alone on its double-length piece
                    assert len(foot) == force.count, (title, side.name, who, names)
                    assert len(mounted) == (force.count if rides else 0), (title, who)
                else:
                    assert len(mounted) == force.count or any(
                        n.startswith(f"{who} (mule)") for n in names
                    ), (title, who)
            riders = sum(f.count for f in side.forces if f.character.name in scenario.riders())
            assert len(names) == sum(f.count for f in side.forces) + riders, (title, side.name)
        assert set(found) == zones, (title, set(found) - zones)
    assert not [line for line in lines if line.startswith("piece Empty table")]
    picture = tmp_path / "raid.png"
    shot = setup_check(cp, tmp_path, module_file, "Scenario 4: The Raid", str(picture))
    assert f"screenshot Scenario 4: The Raid | 1600x1000 | {picture}" in shot
    with Image.open(picture) as image:
        assert image.size == (1600, 1000)
        assert len(image.convert("RGB").getcolors(1 << 20) or []) > 50  # a board, not blank


# ------------------------------------------------------------------ Cthulhu Who?


def test_cthulhu_who_module_the_set_up_of_the_seed(vmod):
    """havoc-kit-cthulhu-who.vmod: the seed's set-up (seed 1 by default): every piece of it in
    the palette, alive and dead; the heroes at-start on row 1, the monsters and cultists on
    row 8 (VASSAL's square grid: origin the top-left square's centre), never on a terrain
    square; 1d6 and 2d6."""
    from companion.cthulhu_who.garden import garden_for, garden_settings
    from companion.cthulhu_who.setup import setup_tables
    from generator.cthulhu_who.setups import rolled

    with zipfile.ZipFile(vmod / "havoc-kit-cthulhu-who.vmod") as z:
        files = {name: z.read(name) for name in z.namelist()}
    root = ET.fromstring(files["buildFile.xml"])
    setup = rolled(setup_tables(Cards()), 1)
    garden = garden_for(garden_settings(Cards()), 1, 1)
    (window,) = root.findall(B + "module.PieceWindow")
    names = [s.get("entryName") for s in window.iter(SLOT)]
    assert sum(n.startswith("Hero ") for n in names) == setup.heroes
    assert sum(n.startswith("Cultist ") for n in names) == setup.cultists
    (grid,) = root.iter(B + "module.map.boardPicker.board.SquareGrid")
    x0, y0, dx = int(grid.get("x0")), int(grid.get("y0")), float(grid.get("dx"))
    terrain = {(t.col, t.row) for t in garden.terrain}
    stacks = list(root.iter(B + "module.map.SetupStack"))
    heroes = [st for st in stacks if st.get("name").startswith("Hero")]
    assert len(heroes) == setup.heroes and len(stacks) > len(heroes)
    covered: set[tuple[int, int]] = set()
    for st in stacks:
        (slot,) = st.iter(SLOT)
        cols = round(int(slot.get("width")) / dx)
        left = round((int(st.get("x")) - cols * dx / 2 - (x0 - dx / 2)) / dx)
        row = 7 - round((int(st.get("y")) - y0) / dx)
        assert row == (0 if st in heroes else 7), st.get("name")
        squares = {(left + i, row) for i in range(cols)}
        assert not squares & terrain and not squares & covered, st.get("name")
        covered |= squares
    assert {(d.get("nDice"), d.get("nSides")) for d in root.iter(B + "module.DiceButton")} == {
        ("1", "6"), ("2", "6")
    }  # fmt: skip
    assert "Monster Size" in files["setup.txt"].decode("utf-8")


@pytest.mark.slow
def test_vassals_engine_names_the_cthulhu_who_squares_as_printed(vmod, tmp_path):
    import subprocess

    cp = engine_classpath()
    if cp is None:
        pytest.skip("VASSAL's engine is not installed: run ../shared/tools/vassal-check/run once")
    compile_check(cp, tmp_path, ENGINE_CHECK)
    done = subprocess.run(
        ["xvfb-run", "-a", "java", *QUICK_JVM, "-Djava.awt.headless=false", "-cp", f"{cp}:{tmp_path}",
         "ExportCheck", str(vmod / "havoc-kit-cthulhu-who.vmod")],
        capture_output=True, text=True, cwd=tmp_path, timeout=600,
    )  # fmt: skip
    lines = done.stdout.splitlines()
    assert done.returncode == 0 and "OK" in lines, done.stdout[-2000:] + done.stderr[-2000:]
    names = {
        tuple(map(int, line.split(" | ")[1].split(","))): line.split(" | ")[2]
        for line in lines
        if line.startswith("hex Cthulhu")
    }
    (grid,) = ET.fromstring(
        zipfile.ZipFile(vmod / "havoc-kit-cthulhu-who.vmod").read("buildFile.xml")
    ).iter(B + "module.map.boardPicker.board.SquareGrid")
    x0, y0, d = int(grid.get("x0")), int(grid.get("y0")), int(float(grid.get("dx")))
    for col in range(8):
        for row in range(8):  # row 0 on top is the board's row 8
            assert names[(x0 + col * d, y0 + row * d)] == f"{'ABCDEFGH'[col]}{8 - row}"
    stacks = [line for line in lines if line.startswith("stack Cthulhu")]
    assert stacks and all(" | 1 | " in line for line in stacks)
    # File > New Game offers the seed's set-up; VASSAL's own launch of it lays each at-start
    # stack's piece on its start row (heroes on row 1, their foes on row 8)
    laid = setup_check(cp, tmp_path / "setup", str(vmod / "havoc-kit-cthulhu-who.vmod"))
    assert "setup Set-up of seed 1 | -" in laid
    pieces = [line.split(" | ") for line in laid if line.startswith("piece Set-up of seed 1 | ")]
    assert len(pieces) == len(stacks)
    for _s, _m, _zone, square, name in pieces:
        assert square[1:] == ("1" if name.startswith("Hero") else "8"), (name, square)
