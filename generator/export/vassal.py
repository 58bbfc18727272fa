"""VASSAL: a module (``.vmod``) with the kit's maps and layouts as boards, every counter as a
piece that flips between its printed faces, a piece palette by side, a d10 and the results
tables and player aid as charts (shared/reference/exports.md).

A ``.vmod`` is a zip of ``buildFile.xml`` (the module: every element a VASSAL class, named in
full), ``moduledata`` (name, version, the VASSAL version it is for) and ``images/`` (named bare
in the XML). ``VassalVersion`` is 3.6.0 in both, so VASSAL 3.6 and 3.7 open it (a module newer
than the running VASSAL is refused). The XML is written with the standard library.

A piece is its traits, encoded as VASSAL encodes them (VASSAL.tools.SequenceEncoder: fields
joined by a delimiter, a delimiter inside a field escaped by a backslash): a Layer (``emb2;``,
VASSAL.counters.Embellishment.myGetType) of the front and back images, always active, Ctrl+F
("Flip") steps between them, over a basic piece (``piece;;;IMAGE;NAME``, BasicPiece.getType);
outermost a Delete trait (Ctrl+D); the slot's text is VASSAL's AddPiece command,
``+/null/TYPE/STATE``: each trait's type followed by a tab and the rest (whose own tabs are then
escaped), the states likewise (Delete's empty, the Layer's ``1``, the front, then
``null;0;0;GPID;0``).
"""

from __future__ import annotations

import io
import re
import tempfile
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple
from xml.etree import ElementTree as ET

from PIL import Image

from companion.dark_blades import pieces as db
from companion.dark_blades.layouts import find_layout, load_layouts
from companion.dark_blades.maps import load_maps
from companion.data import Cards
from generator.dark_blades.aid import write_dark_blades_aid
from generator.dark_blades.map_tiles import blank_map
from generator.dark_blades.results_tables import write_results_tables
from generator.export import sources
from generator.export.faces import FacePage, rasterise, save_png, write_faces_pdf
from generator.export.scenario_setup import SetUp, set_ups
from generator.export.vassal_board import DY_PX, MARGIN, Board, board_height, draw_board
from generator.export.vassal_save import (
    DATE_SAVED,
    Placed,
    encode,
    game_text,
    saved_game,
    zip_entry,
)
from generator.sheet.document import page_for
from generator.sheet.files import atomic_file
from generator.sheet.pieces import Piece

VASSAL_VERSION = "3.6.0"
MODULE = "havoc-kit-dark-blades.vmod"
NAME = "Havoc Kit: Dark Blades"
CHART_DPI = 110
CTRL_F = "70,130"  # VK_F with Ctrl (InputEvent.CTRL_DOWN_MASK | CTRL_MASK), as VASSAL writes it
B = "VASSAL.build."
DELETE = "delete;Delete;68,130"  # the Delete trait: right-click > Delete, or Ctrl+D
CREDITS_FILE = "credits.txt"  # in the zip; Help > Credits opens it
MOVED = "$pieceName$ moves $previousLocation$ -> $location$ *"


CTRL_SHIFT_F = "70,195"  # VK_F with Ctrl and Shift
CTRL_H = "72,130"
TURN_CW, TURN_CCW = "93,130", "91,130"  # Ctrl+] and Ctrl+[, VASSAL's own defaults
ACROSS = 30.0  # a double-length piece's lie: 30 degrees up to the right, across to the hex there


def state_layer(images: Sequence[str], levels: Sequence[str]) -> str:
    """A Layer (``emb2;``) of a piece's states, one image each, always active: Ctrl+F (Next
    state) and Ctrl+Shift+F (Previous state) step through them, Ctrl+H goes back to the first;
    each level's name (``+ (stunned)``) follows the piece's name, so the chat and the mouse-over
    say the state."""
    fields = [
        "", "0", "",  # activate: command, modifiers, key (none: always active)
        "Next state", "130", "F",  # increase: command, modifiers, key
        "Previous state", "195", "F",  # decrease
        f"{levels[0].capitalize()} again", CTRL_H, "1",  # reset: command, key, level
        "false", "0", "0",  # draw underneath when selected; x, y offset
        encode(images, ","), encode([f"+ ({n})" for n in levels], ","),  # images, level names
        "true", "State",  # loop levels; the layer's name
        "", "",  # random: key, command
        "false", "", "1",  # follow property: no
        "1", "true",  # version 1 (named key strokes), always active
        "", CTRL_F, CTRL_SHIFT_F,  # activate, increase, decrease key strokes
    ]  # fmt: skip
    return "emb2;" + encode(fields, ";")


def layer_type(images: Sequence[str], name: str = "Side") -> str:
    """A two-level Layer (``emb2;``): the flip between a counter's printed faces, Ctrl+F."""
    return state_layer(images, ["front", "back"])


def turning() -> list[tuple[str, str]]:
    """The traits that lay a double-length piece across two hexes, outermost first, each
    (type, state): a rotation in the grid's six directions (60-degree steps, Ctrl+] and
    Ctrl+[), over a fixed turn of ACROSS degrees, so that the six facings are the six
    directions from a hex to its neighbours on VASSAL's flat-topped grid."""
    six = "rotate;" + encode(
        ["6", TURN_CW, TURN_CCW, "Turn clockwise", "Turn counter-clockwise", "", "", "Facing", ""],
        ";",
    )
    fixed = "rotate;" + encode(["1", "", "", "", "", "Across two hexes", ""], ";")
    return [(six, "0"), (fixed, repr(ACROSS))]


def outline(x0: int, y0: int, x1: int, y1: int) -> str:
    """A NonRectangular trait: the piece's shape (where a click selects it) is this rectangle
    about its position, not its whole image."""
    return f"nonRect;m,{x0},{y0},l,{x1},{y0},l,{x1},{y1},l,{x0},{y1},c"


def piece_definition(
    images: Sequence[str],
    name: str,
    gpid: int,
    levels: Sequence[str] = ("front", "back"),
    traits: Sequence[tuple[str, str]] = (),
) -> str:
    """A PieceSlot's text, as VASSAL's AddPiece encodes it: Delete over ``traits`` (outermost
    first, each (type, state)) over the Layer of ``images`` (one per state in ``levels``) over
    the basic piece showing the first image."""
    basic = "piece;" + encode(["", "", images[0], name], ";")  # clone, delete keys: none
    chain = [(DELETE, ""), *traits, (state_layer(images, levels), "1")]
    kind = basic
    state = encode(["null", "0", "0", str(gpid), "0"], ";")
    for t, st in reversed(chain):  # each trait over the rest (Decorator.getType)
        kind = encode([t, kind], "\t")
        state = encode([st, state], "\t")
    return encode(["+", "null", kind, state], "/")


def _el(parent: ET.Element, cls: str, **attrs: object) -> ET.Element:
    return ET.SubElement(parent, B + cls, {k: str(v) for k, v in attrs.items()})


@dataclass(frozen=True)
class Counter:  # not a NamedTuple: its ``count`` would hide tuple.count
    """One palette piece: a character's counters of one size as one piece whose states are
    their printed faces (a foot character: healthy, stunned, wounded, killed), or a marker;
    ``images`` one per state (``levels``), ``width`` x ``height`` its image (pixels), ``count``
    how many the sheets print; ``double``: a double-length piece, laid across two hexes
    (`turning`), its image padded so that its position is its rear hex's centre, ``shape`` the
    counter's rectangle about that position."""

    name: str
    side: str
    images: tuple[str, ...]
    levels: tuple[str, ...]
    width: int
    height: int
    count: int
    double: bool = False
    shape: tuple[int, int, int, int] = (0, 0, 0, 0)

    def definition(self, gpid: int) -> str:
        """The piece slot's text: `piece_definition` with the traits this piece needs."""
        traits = [*turning(), (outline(*self.shape), "")] if self.double else []
        return piece_definition(self.images, self.name, gpid, self.levels, traits)


def _map(root: ET.Element, board: Board, main: bool) -> ET.Element:
    m = _el(
        root,
        "module.Map",
        mapName=board.name,
        markMoved="Never",
        launch=str(not main).lower(),
        buttonName="" if main else board.name,
        icon="",
        hotkey="",
        allowMultiple="false",
        backgroundcolor="255,255,255",
        moveWithinFormat=MOVED,
        moveToFormat=MOVED,
        createFormat="$pieceName$ created in $location$ *",
    )
    picker = _el(
        m,
        "module.map.BoardPicker",
        addColumnText="Add column",
        addRowText="Add row",
        boardPrompt="Select board",
        slotHeight="125",
        slotWidth="350",
        slotScale="0.2",
    )
    b = _el(
        picker,
        "module.map.boardPicker.Board",
        image=board.image,
        name=board.name,
        width=board.width,
        height=board.height,
        reversible="false",
    )
    if len(board.grids) == 1 and not board.grids[0].zone and not board.zones:
        _grid(b, board, board.grids[0])
    else:
        zoned = _el(b, "module.map.boardPicker.board.ZonedGrid")
        for z in board.zones:  # first: a point in a set-up zone is named by it
            side = z.kind == "side"  # a side's place in the margin: no grid, its name
            zone = _el(
                zoned,
                "module.map.boardPicker.board.mapgrid.Zone",
                name=z.name,
                locationFormat="$name$"
                if side
                else (f"{z.map}:" if z.map else "") + "$gridLocation$ ($name$)",
                useParentGrid="false",
                useHighlight="false",
                highlightProperty="",
                path=";".join(f"{x},{y}" for x, y in z.outline),
            )
            if not side:
                _grid(zone, board, next(g for g in board.grids if g.zone == z.map))
        if board.zones and not board.grids[0].zone:  # a single map: its grid everywhere else
            _grid(zoned, board, board.grids[0])
        for g in (g for g in board.grids if g.zone):
            zone = _el(
                zoned,
                "module.map.boardPicker.board.mapgrid.Zone",
                name=g.zone,
                locationFormat="$name$:$gridLocation$",
                useParentGrid="false",
                useHighlight="false",
                highlightProperty="",
                path=";".join(f"{x},{y}" for x, y in g.outline),
            )
            _grid(zone, board, g)
    for child in (
        "StackMetrics", "ForwardToKeyBuffer", "Scroller", "ForwardToChatter", "MenuDisplayer",
        "MapCenterer", "StackExpander", "PieceMover", "KeyBufferer", "SelectionHighlighters",
        "ImageSaver", "CounterDetailViewer", "Zoomer",
    ):  # fmt: skip
        _el(m, "module.map." + child)
    los_thread(m, "Line of sight: drag from hex to hex (the range in hexes shown)")
    return m


def _grid(parent: ET.Element, board: Board, g) -> None:
    grid = _el(
        parent,
        "module.map.boardPicker.board.HexGrid",
        sideways="false",
        x0=g.x0,
        y0=g.y0,
        dx=repr(board.dx),
        dy=repr(float(board.dy)),
        snapTo="true",
        edgesLegal="false",
        cornersLegal="false",
        visible="false",
        dotsVisible="false",
        color="0,0,0",
    )
    _el(
        grid,
        "module.map.boardPicker.board.mapgrid.HexGridNumbering",
        first="H",
        sep="",
        hType="A",
        hLeading="0",
        hOff="0",
        hDescend="false",
        vType="N",
        vLeading="0",
        vOff="1",
        vDescend="false",
        stagger="true",
        visible="false",
        fontSize="9",
        color="0,0,0",
        rotateText="0",
        hDrawOff="0",
        vDrawOff="0",
        locationFormat="$gridLocation$",
    )


def build_file(
    boards: Sequence[Board],
    counters: Sequence[Counter],
    charts: Sequence[tuple[str, str]],
    help_file: str | None = None,
    scenarios: Sequence[tuple[Board, SetUp]] = (),
) -> tuple[bytes, int]:
    """The module's buildFile.xml, and how many palette pieces it has; ``help_file``: a text
    file in the zip that the Help menu opens (the figures' credits); ``scenarios``: a map window
    each, its board the scenario's, its sheet's text in the Help menu (`help_name`), and a
    predefined set-up (File > New Game) that opens its saved game (`setup_name`), with one more
    that opens an empty table."""
    root = ET.Element(
        B + "GameModule",
        {
            "name": NAME,
            "version": "1.0",
            "VassalVersion": VASSAL_VERSION,
            "description": "Dark Blades (Cry Havoc family): maps, counters, tables, from the "
            "Havoc Kit's own sheets",
            "nextPieceSlotId": str(len(counters) + 1),
            "ModuleOther1": "",
            "ModuleOther2": "",
        },
    )
    _el(root, "module.BasicCommandEncoder")
    docs = _el(root, "module.Documentation")
    for _b, setup in scenarios:
        _el(docs, "module.documentation.HelpFile", title=f"Scenario {setup.number}: "
            f"{setup.title}", fileName=help_name(setup), fileType="archive")  # fmt: skip
    if help_file:
        _el(docs, "module.documentation.HelpFile", title="Credits", fileName=help_file,
            fileType="archive")  # fmt: skip
    _el(
        root,
        "module.GlobalOptions",
        autoReport="Always",
        playerIdFormat="$playerName$",
        centerOnMove="Use Preferences Setting",
        nonOwnerUnmaskable="Never",
    )
    _el(root, "module.Chatter")
    _el(root, "module.KeyNamer")
    for i, board in enumerate(boards):
        _map(root, board, i == 0)
    for board, _setup in scenarios:
        _map(root, board, False)
    for board, setup in scenarios:
        _el(root, "module.PredefinedSetup", name=board.name, file=setup_name(setup),
            useFile="true", isMenu="false")  # fmt: skip
    if scenarios:
        _el(root, "module.PredefinedSetup", name=EMPTY_TABLE, file="", useFile="false",
            isMenu="false")  # fmt: skip
    turn = _el(
        root,
        "module.turn.TurnTracker",
        name="Turn",
        buttonText="Turn",
        buttonTooltip="The turn track: Next and Previous turn",
        hotkey="",
        nexthotkey="",
        prevhotkey="",
        icon="",
        turnFormat="Turn $Turn$",
        reportFormat="* Turn: $newTurn$ *",
        tooltip="",
        length="-1",
        lengthStyle="Maximum",
        turnFontSize="14",
        turnFontBold="true",
        turnDocked="false",
    )
    _el(turn, "module.turn.CounterTurnLevel", name="Turn", property="Turn",
        turnFormat="$value$", start="1", incr="1", loop="false", loopLimit="-1")  # fmt: skip
    window = _el(
        root,
        "module.PieceWindow",
        name="Counters",
        text="Counters",
        tooltip="The counters, by side",
        hidden="false",
        scale="1.0",
        icon="",
        hotkey="",
    )
    tabs = _el(window, "widget.TabWidget", entryName="Sides")
    panels: dict[str, ET.Element] = {}
    for gpid, c in enumerate(counters, start=1):
        panel = panels.get(c.side)
        if panel is None:
            panel = panels[c.side] = _el(
                tabs,
                "widget.PanelWidget",
                entryName=c.side,
                fixed="true",
                nColumns="6",
                vert="false",
                scale="1.0",
            )
        slot = _el(
            panel, "widget.PieceSlot", entryName=c.name, gpid=gpid, width=c.width, height=c.height
        )
        slot.text = c.definition(gpid)
    _el(
        root,
        "module.DiceButton",
        name="d10",
        text="d10",
        tooltip="Roll a ten-sided die",
        nDice="1",
        nSides="10",
        plus="0",
        addToTotal="0",
        reportTotal="false",
        prompt="false",
        sortDice="false",
        hotkey="",
        icon="",
        reportFormat="** $name$ = $result$ *** <$playerName$>",
    )
    if charts:
        chart = _el(
            root,
            "module.ChartWindow",
            name="Tables",
            text="Tables",
            tooltip="Results tables and player aid",
            hotkey="",
            icon="",
        )
        tab = _el(chart, "widget.TabWidget", entryName="Tables")
        for title, image in charts:
            _el(tab, "widget.Chart", chartName=title, fileName=image, description=title)
    ET.indent(root)
    return ET.tostring(root, encoding="UTF-8", xml_declaration=True), len(counters)


def help_name(setup: SetUp) -> str:
    """The scenario sheet's text in the module's zip (the Help menu opens it)."""
    return f"scenario-{setup.key}.txt"


EMPTY_TABLE = "Empty table (set up by hand)"


def setup_name(setup: SetUp) -> str:
    """The scenario's saved game in the module's zip (its predefined set-up opens it)."""
    return f"scenario-{setup.key}.vsav"


def side_stacks(setup: SetUp, counters: Sequence[Counter]) -> list[tuple[str, list[list[Counter]]]]:
    """Each side's pieces as they stand in its place in the margin: (the place's name, its
    stacks), a stack per character: a palette piece for each counter the scenario puts on the
    table, his foot pieces and, on top, his mounted ones when he rides in this scenario (a
    piece with no foot piece, a mule, as it is)."""
    out = []
    for side in setup.sides:
        stacks: list[list[Counter]] = []
        for who, count, rides in side.forces:
            mine = [c for c in counters if c.name == who or c.name.startswith(who + " (")]
            foot = [c for c in mine if not c.double]
            chosen = foot + [c for c in mine if c.double and (rides or not foot)]
            stacks.append([c for c in chosen for _n in range(count)])
        out.append((side.words, stacks))
    return out


def _cell(stacks: Sequence[Sequence[Counter]]) -> int:
    """How many hexes across one stack takes in the margin: two where any piece is mounted."""
    return 2 if any(c.double for st in stacks for c in st) else 1


def margin_hexes(setup: SetUp, counters: Sequence[Counter], height: int) -> float:
    """How wide (hexes) a scenario board's margin must be for each side's stacks to stand
    apart, a hex each (two for mounted pieces), in rows down its place (``height``: the
    board's, pixels; each side's place a share of it, less its words)."""
    sides = side_stacks(setup, counters)
    rows = max(1, int((height / len(sides) - DY_PX * 0.8) // DY_PX))
    need = max(-(-len(st) // rows) * _cell(st) for _w, st in sides)
    return max(MARGIN, need + 0.5)


def laid_stacks(board: Board, setup: SetUp, counters: Sequence[Counter]) -> list[Placed]:
    """The scenario's pieces laid in its board's margin, each side's stacks in rows in its
    place (`side_stacks`); a mounted piece's position is its rear hex, the counter reaching
    one hex to the right. Pieces' ids in the game: ``hk1``, ``hk2``... in order."""
    gpids = {c.name: n for n, c in enumerate(counters, start=1)}
    placed, n = [], 0
    for (words, x0, y0, x1, y1), (name, stacks) in zip(
        board.margin, side_stacks(setup, counters), strict=True
    ):
        if words != name:
            raise ValueError(f"{board.name}: margin place {words!r}, side {name!r}")
        cell = _cell(stacks) * DY_PX
        cols = max(1, (x1 - x0) // cell)
        for i, stack in enumerate(stacks):
            col, row = i % cols, i // cols
            x = x0 + col * cell + DY_PX // 2
            y = min(y0 + row * DY_PX + DY_PX // 2, y1 - DY_PX // 2)
            pieces = []
            for c in stack:
                n += 1
                pieces.append((f"hk{n}", c.definition(gpids[c.name])))
            placed.append(Placed(board.name, x, y, tuple(pieces)))
    return placed


def scenario_game(
    boards: Sequence[Board], played: Sequence[Board], board: Board, setup: SetUp,
    counters: Sequence[Counter],
) -> bytes:  # fmt: skip
    """The scenario's saved game (a predefined set-up): every map's board chosen, its pieces
    laid in its board's margin (`laid_stacks`)."""
    stacks = laid_stacks(board, setup, counters)
    chosen = [(b.name, b.name) for b in [*boards, *played]]
    text = game_text(chosen, stacks, [f"hks{i}" for i in range(1, len(stacks) + 1)])
    return saved_game(text, NAME, "1.0", VASSAL_VERSION, f"Scenario {setup.number}: "
                      f"{setup.title}, as the scenario sets it up")  # fmt: skip


def module_data(description: str, name: str = NAME) -> bytes:
    """The moduledata file: what VASSAL's module library shows before opening the module."""
    data = ET.Element("data", {"version": "1"})
    for tag, text in (
        ("version", "1.0"),
        ("extra1", ""),
        ("extra2", ""),
        ("VassalVersion", VASSAL_VERSION),
        ("dateSaved", DATE_SAVED),  # fixed: the same module, the same bytes
        ("description", description),
        ("name", name),
    ):
        ET.SubElement(data, tag).text = text
    ET.indent(data)
    return ET.tostring(data, encoding="UTF-8", xml_declaration=True)


def board_images(cards: Cards, piece: float, source_only: bool, scratch: Path):
    """Every map, then every layout whose maps are all there, drawn and rasterised: (board,
    image) pairs."""

    maps = load_maps(cards, source_only)
    keys = {m.key for m in maps}
    all_maps = list(maps)
    for lay in load_layouts(cards):
        if keys.issuperset(lay.maps):
            all_maps.append(find_layout(cards, lay.key, source_only))
    if not all_maps:  # --source-only and no transcribed map: a blank hex board to play on
        all_maps = [blank_map(20, 14)]
    out = []
    for m in all_maps:
        pdf = scratch / f"board-{m.key}.pdf"
        board = draw_board(pdf, m, piece, blank=m.key == "blank")
        (image,) = rasterise(pdf, 72 * board.px_per_pt)
        assert image.size == (board.width, board.height), (image.size, board)
        out.append((board, image, m))
    return out


def scenario_boards(
    setups: Sequence[SetUp], piece: float, scratch: Path, counters: Sequence[Counter] = ()
):
    """Each scenario's board: its maps laid as it lays them, its set-up areas, entries and
    exits drawn and made zones, a margin with a place for each side's pieces (wide enough for
    their stacks, `margin_hexes`, when ``counters`` are given)."""
    out = []
    for setup in setups:
        pdf = scratch / f"board-scenario-{setup.key}.pdf"
        height = board_height(setup.hexmap, piece)
        margin = margin_hexes(setup, counters, height) if counters else MARGIN
        board = draw_board(
            pdf,
            setup.hexmap,
            piece,
            marks=setup.marks,
            sides=tuple(side.words for side in setup.sides),
            key=f"scenario-{setup.key}",
            name=f"Scenario {setup.number}: {setup.title}",
            margin=margin,
        )
        (image,) = rasterise(pdf, 72 * board.px_per_pt)
        assert image.size == (board.width, board.height), (image.size, board)
        out.append((board, image, setup))
    return out


def _groups(cards: Cards, pieces: Sequence[Piece]) -> list[tuple[str, str, list, list[str]]]:
    """The distinct counters gathered into palette pieces: (name, side, kinds, level names) -
    a character's counters of one size in the order the sheets print them, a marker alone;
    the levels are the faces' state words, as piece-types.toml names them."""

    types = db.load(cards).types
    found: dict[tuple[str, int], list] = {}
    for k in sources.kinds(pieces):
        tags = dict(t.split(":", 1) for t in k.piece.tags if ":" in t)
        who = tags.get("character") or k.piece.name
        found.setdefault((who, k.piece.cols), []).append(k)
    out = []
    for (who, cols), kinds in found.items():
        first = kinds[0].piece
        tags = dict(t.split(":", 1) for t in first.tags if ":" in t)
        side = re.sub(r":? double-length$", "", first.block) or "Counters"
        if "type" not in tags:  # a marker: its two printed faces
            out.append((re.sub(r"\s+\d+$", "", first.name), side, kinds, ["front", "back"]))
            continue
        levels: list[str] = []
        for k in kinds:
            key = dict(t.split(":", 1) for t in k.piece.tags if ":" in t)["piece"]
            spec = next(p for p in types[tags["type"]].pieces if p.key == key)
            levels += [spec.front.state.lower(), spec.back.state.lower()]
        out.append((who if cols == 1 else f"{who} ({tags['piece']})", side, kinds, levels))
    return out


def _counters(cards: Cards, pieces: Sequence[Piece], piece: float, dpi: float):
    """Each palette piece (`_groups`) with its images, at the boards' scale: a double-length
    piece's padded so that its position (the image's centre) is its rear hex's centre and the
    counter reaches across the side to the next hex (the hexes' centres DY_PX apart)."""

    groups = _groups(cards, pieces)
    pages = []
    for _n, _s, kinds, _l in groups:
        for k in kinds:
            w, h = k.piece.cols * piece, k.piece.rows * piece
            pages += [
                FacePage(k.piece.front, w, h, piece),
                FacePage(k.piece.back or k.piece.front, w, h, piece),
            ]
    with tempfile.TemporaryDirectory(prefix="havoc-vassal-") as tmp:
        pdf = write_faces_pdf(Path(tmp) / "counters.pdf", pages, 0.0, "VASSAL counters")
        images = iter(rasterise(pdf, dpi))
    out = []
    for name, side, kinds, levels in groups:
        faces, files = [], []
        for k in kinds:
            for which in ("front", "back"):
                faces.append(next(images))
                files.append(f"{k.name}-{which}.png")
        length, height = faces[0].size
        double = kinds[0].piece.cols == 2
        shape = (0, 0, 0, 0)
        if double:
            reach = DY_PX // 2  # from the rear hex's centre to the side it lies across
            width = 2 * (reach + (length + 1) // 2)
            padded = []
            for face in faces:
                canvas = Image.new("RGBA", (width, height), (0, 0, 0, 0))
                canvas.paste(face, (width // 2 + reach - length // 2, 0))
                padded.append(canvas)
            faces = padded
            left = reach - length // 2
            shape = (left, -(height // 2), left + length, height - height // 2)
        else:
            width = length
        counter = Counter(name, side, tuple(files), tuple(levels), width, height,
                          kinds[0].count, double, shape)  # fmt: skip
        out.append((counter, faces))
    return out


def _charts(cards: Cards, source_only: bool, scratch: Path):
    """The results tables and the player aid, one image per page (A4 pages)."""

    page = page_for("A4")
    out = []
    for key, title, write in (
        ("results", "Results tables", write_results_tables),
        ("reference", "Player aid", write_dark_blades_aid),
    ):
        pdf = scratch / f"{key}.pdf"
        write(pdf, cards, page, source_only=source_only)
        images = rasterise(pdf, CHART_DPI)
        for n, image in enumerate(images, start=1):
            name = title if len(images) == 1 else f"{title} {n}"
            out.append((name, f"chart-{key}-{n}.png", image))
    return out


class Exported(NamedTuple):
    """What `export_vassal` wrote, and its figures."""

    files: list[Path]
    said: list[str]
    boards: list[Board]
    counters: list[Counter]
    credits: list[str]  # the figures' credit, in the module's CREDITS_FILE too
    pieces: tuple[Piece, ...] = ()  # what its images show


def export_vassal(
    out: Path, cards: Cards, piece_size: float, source_only: bool = False
) -> Exported:
    """Write ``out/havoc-kit-dark-blades.vmod``; returns its files and what to say."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="havoc-vassal-") as tmp:
        scratch = Path(tmp)
        made = board_images(cards, piece_size, source_only, scratch)
        setups = set_ups(cards, piece_size, source_only, {b.key: m for b, _i, m in made})
        boards = [(b, im) for b, im, _m in made]
        dpi = 72 * boards[0][0].px_per_pt
        pieces = sources.counters(cards, piece_size, source_only)
        counters = _counters(cards, pieces, piece_size, dpi)
        played = scenario_boards(setups, piece_size, scratch, [c for c, _f in counters])
        charts = _charts(cards, source_only, scratch)
    credits = sources.credits(cards, pieces)
    xml, slots = build_file(
        [b for b, _ in boards],
        [c for c, _f in counters],
        [(t, n) for t, n, _ in charts],
        CREDITS_FILE if credits else None,
        [(b, setup) for b, _im, setup in played],
    )
    images: list[tuple[str, object]] = [(b.image, im) for b, im in boards]
    images += [(b.image, im) for b, im, _s in played]
    for c, faces in counters:
        images += list(zip(c.images, faces, strict=True))
    images += [(name, im) for _t, name, im in charts]
    target = out / MODULE
    with atomic_file(target) as handle, zipfile.ZipFile(handle, "w") as z:
        zip_entry(z, "buildFile.xml", xml)
        zip_entry(z, "moduledata", module_data("Dark Blades from the Havoc Kit's own sheets"))
        if credits:
            text = "\n".join([f"{NAME}: credits", "", *credits]) + "\n"
            zip_entry(z, CREDITS_FILE, text.encode("utf-8"))
        for board, _im, setup in played:
            zip_entry(z, help_name(setup), setup.text.encode("utf-8"))
            game = scenario_game([b for b, _ in boards], [b for b, _i, _s in played], board,
                                 setup, [c for c, _f in counters])  # fmt: skip
            zip_entry(z, setup_name(setup), game, compress=False)  # a zip already
        for name, image in images:
            zip_entry(z, "images/" + name, _png(image), compress=False)  # PNGs are compressed
    first = boards[0][0]
    said = [
        f"{target.name}: {len(boards)} map window{'s' if len(boards) > 1 else ''} ("
        + ", ".join(f"{b.name} {b.width} x {b.height} px" for b, _ in boards)
        + f"), hexes {first.dy:g} px across the flats (dx {first.dx:.4f} px), "
        f"{slots} pieces (a character's counters of one size as one piece, its states their "
        f"{len(pieces)} printed counters' faces; the mounted ones laid across two hexes), "
        f"d10, {len(charts)} chart pages, a line-of-sight thread on each map, a turn track",
        f"{len(played)} scenarios set up, a map window each ("
        + ", ".join(b.name for b, _im, _s in played)
        + "): the set-up areas drawn and made zones, each side's pieces beside the board, "
        "the scenario sheet in Help, a predefined set-up each (File > New Game) with each "
        "side's pieces in its place beside the maps (later sides as Turn N reinforcements)",
    ]
    return Exported(
        [target], said, [b for b, _ in boards], [c for c, _f in counters], credits, tuple(pieces)
    )


def _png(image) -> bytes:

    buffer = io.BytesIO()
    save_png(image, buffer)
    return buffer.getvalue()


def los_thread(m: ET.Element, tooltip: str) -> None:
    """A map's line-of-sight thread: drag from one cell to another, the range shown."""
    _el(
        m,
        "module.map.LOS_Thread",
        threadName="Line of sight",
        label="LOS",
        tooltip=tooltip,
        hotkey="",
        iconName="",
        snapLOS="true",
        snapStart="true",
        snapEnd="true",
        report="true",
        persistence="Ctrl-Click & Drag",
        persistentIconName="",
        **{"global": "Always"},
        threadColor="255,0,0",
        drawRange="true",
        scale="1",
        round="Nearest whole number",
        rangeBg="255,255,255",
        rangeFg="0,0,0",
        hideCounters="false",
        hideOpacity="0",
    )
