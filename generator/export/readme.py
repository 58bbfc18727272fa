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
        "Kniggits: kniggits/havoc-kit-kniggits.json, a bag of round skill tokens of each kind",
        "(kniggits/token-*.png), to spend and take back as the rules say.",
        "Cthulhu Who?: cthulhu-who/havoc-kit-cthulhu-who.json, the set-up of --seed N (the",
        "one havoc-pnp setups --seed N prints): the board with that seed's garden on it, the",
        "pieces in a bag per start row (heroes row 1, monsters and cultists row 8) and one of",
        "weapon counters, the rolls on a notecard.",
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
        "New game (or File > New Game): choose a scenario (Scenario 1: The Arena, ...) or",
        "Empty table (set up by hand), and play online or offline.",
        "Inside: a map window per kit map and per layout of maps (the first opens in the main",
        "window, the others from their toolbar buttons), drawn by the kit's own map drawing,",
        "with a hex grid that snaps pieces to hex centres and names hexes as printed (C4; on",
        "a layout, mill:C4), and a LOS button: drag the thread from hex to hex, the range in",
        "hexes is shown. A map window per scenario (Scenario 1: The Arena, ...): its maps",
        "laid as the scenario lays them, its set-up areas (solid), entries (dashed) and exits",
        "(dotted) drawn and made VASSAL zones named as on the scenario sheet (a piece moved",
        "there is reported as 'mill:C2 (Dark Blades group)'), and beside the board a box",
        "per side, a zone too ('To set up: Black Fox', 'Turn 3 reinforcements: ...'), where",
        "the scenario's New Game lays that side's pieces, a stack per character (his mounted",
        "piece on top where he rides); Help > Scenario N holds the sheet's text",
        "(set-up, reinforcements, special rules, victory, the kit's readings, the hexes).",
        "The Counters window (a tab per side): one piece per character (drag as many as you",
        "need), its states the printed counters' faces: Ctrl+F next state, Ctrl+Shift+F",
        "previous, Ctrl+H back to the first (healthy, stunned, wounded, killed; mounted,",
        "riderless horse, wounded mounted, dead horse); the state follows the piece's name.",
        "A character who rides has a second piece, (mounted): dropped on a hex it stands on",
        "that hex and reaches across one side into the next; Ctrl+] and Ctrl+[ turn it",
        "through the six neighbours (60 degrees a step). To dismount, put his foot piece in",
        "his hex and turn the mounted piece to 'riderless horse'. Markers, Delete (Ctrl+D),",
        "a Turn track (Next/Previous), a d10 button (the roll goes to the chat) and a Tables",
        "window with the results tables and the player aid.",
        "havoc-kit-cthulhu-who.vmod: Cthulhu Who?, the set-up of --seed N (the one",
        "havoc-pnp setups --seed N prints): the board with that seed's garden drawn on it, a",
        "square grid naming squares as printed (A1 at the heroes' left corner), every piece",
        "of the set-up (Ctrl+F: alive/dead), the heroes on row 1 and the monsters and cultists",
        "on row 8 when its New Game, 'Set-up of seed N', starts (the kit's placing, in order,",
        "terrain skipped: move",
        "them as the rules allow), 1d6 and 2d6 buttons, LOS, the rolls in Help.",
        "Checked by loading it in VASSAL's own engine (a 3.6.0 build, headless): every",
        "component built, where the grids snap dropped points, the hexes a mounted piece",
        "covers in each facing, the pieces' state names and the scenario zones' names (the",
        "kit's tests). Not checked: play in VASSAL's windows (a module can be fixed in",
        "VASSAL's editor, Edit Module; please report what is off).",
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
