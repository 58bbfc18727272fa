"""Cthulhu Who? print-and-play: set-up sheets, their pieces, the tiled board, the odds page.

`PRINTING` declares what Cthulhu Who? adds to `havoc-pnp` and `build` (see `generator.product`).
"""

from generator.product import Printing, Product, ReferenceSheet

SETUPS_PDF = "cthulhu-who-setups.pdf"

PRINTING = Printing(
    commands={"setups": "generator.commands.cthulhu_who:setups"},
    products=(Product(SETUPS_PDF, "generator.commands.cthulhu_who:build_setups", (SETUPS_PDF,)),),
    sheets=(
        ReferenceSheet(
            "cthulhu-who-aid.pdf",
            "generator.commands.cthulhu_who:player_aid",
            what="the Cthulhu Who? player aid",
        ),
    ),
)
