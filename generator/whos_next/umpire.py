"""The Who's Next umpire's sheet: the whole ring in order, every death, and which slip each
player holds, marked UMPIRE ONLY on every page. Drawn straight onto a reportlab canvas."""

from __future__ import annotations

from companion.whos_next import ring as rules
from generator.sheet.fonts import BOLD, REGULAR, pdf_font
from generator.sheet.options import SheetOptions
from generator.sheet.pages import PageWriter
from generator.whos_next.saved_ring import current_slips

LEADING = 13.0
WARNING = "UMPIRE ONLY \u2014 do not show this sheet to the players"


def umpire_lines(ring: rules.Ring, game: str) -> list[tuple[str, bool]]:
    """The sheet's lines (text, bold?), in order."""
    alive = rules.alive(ring)
    lines: list[tuple[str, bool]] = [
        (f"Game: {game}", False),
        (f"{len(ring.players)} players, {len(alive)} alive, {len(ring.deaths)} deaths", False),
        ("", False),
        ("The ring now (each hunts the next; the last hunts the first):", True),
    ]
    order = rules.cycle(ring, alive[0]) if alive else []
    for index, player in enumerate(order, 1):
        lines.append((f"{index:>3}.  {player}  \u2192  hunts {ring.victims[player]}", False))
    if ring.deaths:
        lines += [("", False), ("Deaths, in order:", True)]
        for death in ring.deaths:
            how = "his own victim" if death.own_victim else "not his victim"
            lines.append(
                (
                    f"{death.number:>3}.  {death.dead}, killed by {death.by} ({how}); "
                    f"{death.hunter} now hunts {death.inherited}",
                    False,
                )
            )
    lines += [("", False), ("Slips held now:", True)]
    for slip in current_slips(ring):
        was = f", first {slip.first_holder}'s" if slip.first_holder != slip.holder else ""
        lines.append(
            (f"  slip {slip.number}{was}: held by {slip.holder}, names {slip.victim}", False)
        )
    return lines


def umpire_pages(writer: PageWriter, sheet: SheetOptions, ring: rules.Ring, game: str) -> int:
    """Draw the umpire's sheet, each page ended by ``writer``; return the pages drawn."""
    canvas = writer.canvas
    x0, y0, x1, y1 = sheet.safe_area
    lines = umpire_lines(ring, game)
    pages, y = 0, 0.0
    for index, (text, bold) in enumerate(lines):
        if index == 0 or y < y0 + 20:
            if index:
                writer.end_page()
            pages += 1
            canvas.setFillColor("#b2182b")
            canvas.rect(x0, y1 - 26, x1 - x0, 26, stroke=0, fill=1)
            canvas.setFillColor("#ffffff")
            canvas.setFont(pdf_font(BOLD), 14)
            canvas.drawString(x0 + 8, y1 - 18, WARNING)
            y = y1 - 46
        canvas.setFillColor("#000000")
        canvas.setFont(pdf_font(BOLD if bold else REGULAR), 10)
        canvas.drawString(x0, y, text)
        y -= LEADING
    writer.end_page()
    return pages
