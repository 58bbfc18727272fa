"""Kniggits print-and-play: skill tokens, standing figures, army sheets, the ruler, obstacles.

`PRINTING` declares what Kniggits adds to `havoc-pnp` and `build` (see `generator.product`).
"""

from generator.product import Printing, Product, ReferenceSheet

TOKENS_PDF = "kniggits-tokens.pdf"
FIGURES_PDF = "kniggits-figures.pdf"
ARMIES_PDF = "kniggits-armies.pdf"
TABLE_PDF = "kniggits-ruler-obstacles.pdf"

PRINTING = Printing(
    commands={"kniggits": "generator.commands.kniggits:kniggits"},
    products=(
        Product(
            "the Kniggits sheets",
            "generator.commands.kniggits:build_kniggits",
            (TOKENS_PDF, FIGURES_PDF, ARMIES_PDF, TABLE_PDF),
        ),
    ),
    sheets=(
        ReferenceSheet(
            "kniggits-aid.pdf",
            "generator.commands.kniggits:player_aid",
            what="the Kniggits player aid",
        ),
    ),
)
