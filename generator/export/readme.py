"""The README each export writes into its folder: what each file is, and how to upload or
import it (the shop's or program's own steps, as their public documentation gives them)."""

from __future__ import annotations

from collections.abc import Sequence
from textwrap import wrap

TITLE = "Havoc Kit export"  # a README's first words: the mark of a folder the kit wrote

HOW = {
    "tgc": (
        "The Game Crafter: poker cards 825 x 1125 px (2.5 x 3.5in with 1/8in bleed, 300 dpi),",
        "everything to read 75 px or more inside the edge, RGB PNG.",
        "Upload: create a Poker Deck, upload cards/back.png as the deck's back and each",
        "cards/*.png front as a card (two copies of each spell the deck has twice: the file",
        "names end -1, -2). Chits (counters/, only at --piece-size 3/4in or 1in): a Medium",
        "(3/4in) or Large (1in) Square Chit per design, front and back images as named, the",
        "quantity from counters/counts.csv. Nothing is drawn on the cut lines; a chit's art",
        "lies 1/8in inside its cut (the kit applies TGC's card safe zone to chits), so it",
        "comes out smaller than on the kit's own sheets; the 1/2in chit would leave it 1/4in.",
        "Mounted characters' double-length (2 x 1) counters are left out, as no TGC chit is 2 x 1:",
        "print them at home from dark-blades-counters.pdf (same --piece-size) beside the chits.",
    ),
    "mpc": (
        "MakePlayingCards / PrinterStudio: poker cards 822 x 1122 px (36 px bleed a side,",
        "300 dpi).",
        "Upload: choose Poker Size cards, 'same back' with cards/back.png, then the fronts",
        "cards/*.png (one image per card; the spells the deck holds twice end -1, -2).",
    ),
    "tts": (
        "Tabletop Simulator: spells-sheet.png (the deck's fronts, a grid of NumWidth x NumHeight",
        "cards), spells-back.png (the shared back), counters/*-front.png and *-back.png (one tile",
        "per design; the mounted counters 2 x 1, as printed), maps/board-*.png (each map and",
        "layout of maps, drawn at the counters' scale), havoc-kit-dark-blades.json (a saved",
        "object with everything: the deck, a bag of counter tiles per side, the boards) and",
        "havoc-kit-dark-blades-SCENARIO.json, one per scenario: its board laid as the scenario",
        "lays its maps, a bag per side (named with the turn it enters), the markers, the deck",
        "and a notecard with the scenario sheet's text (set-up hexes, reinforcements, rules).",
        "Import: copy the .json files into Tabletop Simulator's Saved Objects folder",
        "(Documents/My Games/Tabletop Simulator/Saves/Saved Objects), then in a game:",
        "Objects > Saved Objects > havoc-kit-dark-blades (or a scenario's).",
        "Tiles are TTS Custom Tiles with Stretch off (TTS's 'Stretch to Aspect Ratio' would",
        "squeeze each image into a square tile), so each takes its image's shape.",
        "",
        "Making the images visible to everyone at the table. As exported (without --base-url)",
        "the images are file:/// addresses on this computer: only you see them. Two ways:",
        "1. A web address. Put this folder's files on a web server that serves them as they",
        "   are (any static host; keep the counters/ and maps/ folders), then export again",
        "   with --base-url https://your.host/path (the address of this folder there), and",
        "   load the new .json files: every image is then https://your.host/path/NAME.",
        "2. TTS's own cloud. Load the saved object (file:/// addresses), then in TTS open",
        "   Modding > Cloud Manager and, with the objects on the table, use its Upload All",
        "   Loaded Files button: TTS uploads each local image to your Steam Cloud and rewrites",
        "   its address; then save the game (or the objects again), so the saved file keeps",
        "   the cloud addresses. Others at the table then load the images from Steam.",
    ),
    "vassal": (
        "VASSAL: havoc-kit-dark-blades.vmod, a module for VASSAL 3.6 or 3.7 (it declares",
        "VassalVersion 3.6.0). Open it: VASSAL's Module Manager > File > Open Module, then",
        "New game (or File > New Game) and play online or offline.",
        "Inside: a map window per kit map and per layout of maps (the first opens in the main",
        "window, the others from their toolbar buttons), drawn by the kit's own map drawing;",
        "a hex grid on each board that snaps counters to hex centres and names hexes as",
        "printed (C4; on a layout, mill:C4); the Counters window (a tab per side) with every",
        "counter design once - drag as many as you need; right-click a counter > Flip (or",
        "Ctrl+F) turns it to its printed back (healthy/stunned, wounded/dead), > Delete (or",
        "Ctrl+D) takes it off; a d10 button (the roll goes to the chat); a Tables window with",
        "the results tables and the player aid.",
        "No VASSAL ran where this was made. Checked by the kit's tests: the zip holds",
        "buildFile.xml, moduledata and every image the XML names; the XML parses, its root is",
        "VASSAL.build.GameModule with VassalVersion 3.6.0; every HexGrid's x0 and y0 are whole",
        "numbers and its dx, dy the drawn hexes' (hex centres measured on the board image",
        "against VASSAL's own formulas, names as VASSAL's numbering gives them); every piece's",
        "gpid unique and below nextPieceSlotId; one piece per counter design; the d10 has 10",
        "sides. The piece encoding (Delete over a Layer, emb2, over a basic piece) follows",
        "VASSAL's source (SequenceEncoder, Decorator, Embellishment, BasicPiece).",
        "Try first: open the module; drag a counter onto a map - it should snap into a hex",
        "and the chat should name the hex as printed; right-click it > Flip; roll the d10;",
        "open Tables. If anything is off, the module can be fixed in VASSAL's editor (Edit",
        "Module); please report it.",
    ),
}


def readme(target: str, lines: list[str], files: list[str], credits: Sequence[str] = ()) -> str:
    """The README's text: how to use this export, what it wrote, every file, and the credit
    for the figures it shows (`sources.credits`)."""
    out = [f"{TITLE}: {target}", "", *HOW[target], "", "This export:"]
    out += [f"- {line}" for line in lines]
    out += ["", "Files:"] + [f"  {name}" for name in files]
    if credits:
        out += ["", "Credits:"]
        for line in credits:  # an address or game-icons.net is never broken
            out += wrap(line, 88, initial_indent="  ", subsequent_indent="    ",
                        break_long_words=False, break_on_hyphens=False)  # fmt: skip
    out += ["", "Made from the kit's own sheets (havoc-pnp export); see HOW-TO-PRINT for paper."]
    return "\n".join(out) + "\n"
