"""Cthulhu Who? as a VASSAL module (``havoc-kit-cthulhu-who.vmod``): the set-up of a seed
(`cthulhu.cthulhu_set_up`, as `havoc-pnp setups --seed` rolls it) - the board with that seed's
garden drawn on it, a square grid that snaps pieces to squares and names them as printed (A1
at the heroes' corner, A-H across, 1-8 up), every piece of the set-up in the palette (alive and
dead: Ctrl+F), the heroes and their foes already on their start rows when a new game starts
(the kit's placing: in column order, terrain squares skipped; move them as the rules allow),
a line-of-sight thread, 1d6 and 2d6 buttons and the rolls in the Help menu.

VASSAL's square grid: its origin (``x0``, ``y0``) is the centre of the top-left square; a
descending row numbering counts from the board's height (``int(height / dy + 0.5)`` rows,
here 9 with the margin of letters and numbers), so ``vOff`` -1 names the top row 8.
"""

from __future__ import annotations

import tempfile
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

from companion.cthulhu_who.garden import garden_for, garden_settings
from companion.data import Cards
from generator.cthulhu_who.pieces import CULTIST, HERO, MONSTER, WEAPON
from generator.export import sources
from generator.export.cthulhu import DPI, LABELS, SQUARE, cthulhu_set_up
from generator.export.vassal import (
    VASSAL_VERSION,
    B,
    _el,
    _png,
    los_thread,
    module_data,
    piece_definition,
)
from generator.export.vassal_save import zip_entry
from generator.sheet.files import atomic_file

MODULE = "havoc-kit-cthulhu-who.vmod"
NAME = "Havoc Kit: Cthulhu Who?"
HELP = "setup.txt"


def export_cthulhu_vassal(out: Path, cards: Cards, seed: int) -> tuple[Path, str, list]:
    """Write ``out/havoc-kit-cthulhu-who.vmod``; returns it, what to say and the pieces shown."""

    with tempfile.TemporaryDirectory(prefix="havoc-vassal-") as tmp:
        made = cthulhu_set_up(cards, seed, Path(tmp))
    px = round(SQUARE * DPI / 72)  # a square, pixels
    margin = round(LABELS * px)
    width, height = made.board.size
    root = ET.Element(B + "GameModule", {
        "name": NAME, "version": "1.0", "VassalVersion": VASSAL_VERSION,
        "description": f"Cthulhu Who? set-up seed {seed}, from the Havoc Kit's own sheets",
        "nextPieceSlotId": str(2 * len(made.pieces) + 1), "ModuleOther1": "", "ModuleOther2": "",
    })  # fmt: skip
    _el(root, "module.BasicCommandEncoder")
    docs = _el(root, "module.Documentation")
    _el(docs, "module.documentation.HelpFile", title=f"Set-up, seed {seed}", fileName=HELP,
        fileType="archive")  # fmt: skip
    _el(root, "module.GlobalOptions", autoReport="Always", playerIdFormat="$playerName$",
        centerOnMove="Use Preferences Setting", nonOwnerUnmaskable="Never")  # fmt: skip
    _el(root, "module.Chatter")
    _el(root, "module.KeyNamer")
    title = f"Cthulhu Who? (seed {seed})"
    m = _el(root, "module.Map", mapName=title, markMoved="Never", launch="false",
            buttonName="", icon="", hotkey="", allowMultiple="false",
            backgroundcolor="255,255,255",
            moveWithinFormat="$pieceName$ moves $previousLocation$ -> $location$ *",
            moveToFormat="$pieceName$ moves $previousLocation$ -> $location$ *",
            createFormat="$pieceName$ created in $location$ *")  # fmt: skip
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
    board_image = f"board-seed-{seed}.png"
    b = _el(picker, "module.map.boardPicker.Board", image=board_image, name=title,
            width=width, height=height, reversible="false")  # fmt: skip
    grid = _el(b, "module.map.boardPicker.board.SquareGrid", x0=margin + px // 2,
               y0=margin + px // 2, dx=repr(float(px)), dy=repr(float(px)), range="Metric",
               snapTo="true", edgesLegal="false", cornersLegal="false", visible="false",
               dotsVisible="false", color="0,0,0")  # fmt: skip
    _el(grid, "module.map.boardPicker.board.mapgrid.SquareGridNumbering", first="H", sep="",
        hType="A", hLeading="0", hOff="0", hDescend="false", vType="N", vLeading="0",
        vOff="-1", vDescend="true", visible="false", fontSize="9", color="0,0,0",
        rotateText="0", hDrawOff="0", vDrawOff="0", locationFormat="$gridLocation$")  # fmt: skip
    for child in (
        "StackMetrics",
        "ForwardToKeyBuffer",
        "Scroller",
        "ForwardToChatter",
        "MenuDisplayer",
        "MapCenterer",
        "StackExpander",
        "PieceMover",
        "KeyBufferer",
        "SelectionHighlighters",
        "ImageSaver",
        "CounterDetailViewer",
        "Zoomer",
    ):
        _el(m, "module.map." + child)  # fmt: skip
    los_thread(m, "Line of sight: drag from square to square")
    window = _el(root, "module.PieceWindow", name="Pieces", text="Pieces",
                 tooltip=f"The set-up's pieces (seed {seed})", hidden="false", scale="1.0",
                 icon="", hotkey="")  # fmt: skip
    panel = _el(
        _el(window, "widget.TabWidget", entryName="Pieces"),
        "widget.PanelWidget",
        entryName="Set-up",
        fixed="true",
        nColumns="5",
        vert="false",
        scale="1.0",
    )
    images: list[tuple[str, object]] = [(board_image, made.board)]
    garden = garden_for(garden_settings(cards), seed, 1)
    taken = {(t.col, t.row) for t in garden.terrain}
    rows = {HERO: 0, MONSTER: 7, CULTIST: 7}
    next_col = {0: 0, 7: 0}
    stacks = []
    gpid = 0
    for piece, front, back in made.pieces:
        name = sources.slug(piece.name)
        files = (f"{name}-front.png", f"{name}-back.png")
        images += list(zip(files, (front, back), strict=True))
        gpid += 1
        w, h = front.size
        levels = ("alive", "dead") if piece.back is not None else ("front", "back")
        slot = _el(panel, "widget.PieceSlot", entryName=piece.name, gpid=gpid, width=w, height=h)
        slot.text = piece_definition(files, piece.name, gpid, levels)
        kind = next((k for k in (HERO, MONSTER, CULTIST) if k in piece.tags), None)
        if kind is None or WEAPON in piece.tags:
            continue
        row = rows[kind]
        col = next_col[row]
        while col + piece.cols <= 8 and any((col + i, row) in taken for i in range(piece.cols)):
            col += 1
        if col + piece.cols > 8:
            continue  # no room left on the row: the piece waits in the palette
        next_col[row] = col + piece.cols
        taken |= {(col + i, row) for i in range(piece.cols)}
        x = margin + round((col + piece.cols / 2) * px)
        middle = row + 0.5 - (piece.rows - 1) / 2 if row else row + piece.rows / 2
        y = height - margin - round(middle * px)  # a monster's footprint on the board
        stacks.append((piece, files, levels, w, h, x, y))
    for piece, files, levels, w, h, x, y in stacks:
        gpid += 1
        stack = _el(m, "module.map.SetupStack", name=piece.name, owningBoard=title,
                    useGridLocation="false", location="", x=x, y=y)  # fmt: skip
        slot = _el(stack, "widget.PieceSlot", entryName=piece.name, gpid=gpid, width=w, height=h)
        slot.text = piece_definition(files, piece.name, gpid, levels)
    root.set("nextPieceSlotId", str(gpid + 1))
    _el(root, "module.PredefinedSetup", name=f"Set-up of seed {seed}", file="",
        useFile="false", isMenu="false")  # a new game: the at-start stacks laid  # fmt: skip
    for sides in (1, 2):
        _el(root, "module.DiceButton", name=f"{sides}d6", text=f"{sides}d6",
            tooltip=f"Roll {sides}d6", nDice=str(sides), nSides="6", plus="0",
            addToTotal="0", reportTotal="true", prompt="false", sortDice="false", hotkey="",
            icon="", reportFormat="** $name$ = $result$ *** <$playerName$>")  # fmt: skip
    ET.indent(root)
    target = out / MODULE
    with atomic_file(target) as handle, zipfile.ZipFile(handle, "w") as z:  # fixed dates
        zip_entry(z, "buildFile.xml", ET.tostring(root, encoding="UTF-8", xml_declaration=True))
        zip_entry(z, "moduledata", module_data(f"Cthulhu Who? set-up seed {seed}", NAME))
        zip_entry(z, HELP, ("\n".join(made.lines) + "\n").encode("utf-8"))
        for name, image in images:
            zip_entry(z, "images/" + name, _png(image), compress=False)
    said = (
        f"{target.name}: Cthulhu Who? set-up seed {seed} (--seed): the board with its garden, "
        f"{len(made.pieces)} pieces ({len(stacks)} on their start rows at the start), "
        "1d6 and 2d6, a LOS thread"
    )
    return target, said, [p for p, _f, _b in made.pieces]
