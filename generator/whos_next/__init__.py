"""Who's Next print-and-play: the players' slips, the umpire's sheet, the player pieces.

`PRINTING` declares what Who's Next adds to `havoc-pnp` and `build` (see `generator.product`).
"""

from generator.product import Printing, Product, ReferenceSheet

SLIPS_PDF = "whos-next-slips.pdf"

PRINTING = Printing(
    commands={"slips": "generator.commands.whos_next:slips"},
    products=(
        Product("the Who's Next slips", "generator.commands.whos_next:build_slips", (SLIPS_PDF,)),
    ),
    sheets=(
        ReferenceSheet(
            "whos-next-aid.pdf",
            "generator.commands.whos_next:player_aid",
            what="the Who's Next player aid",
        ),
    ),
)
