"""Kniggits print-and-play: skill tokens, standing figures, army sheets, the ruler, obstacles.

`PRINTING` declares what Kniggits adds to `havoc-pnp` and `build` (see `generator.product`).
"""

from generator.product import Aid, Printing, Product

PRINTING = Printing(
    commands={"kniggits": "generator.commands.kniggits:kniggits"},
    products=(Product("the Kniggits sheets", "generator.commands.kniggits:build_kniggits"),),
    aids=(Aid("kniggits-aid.pdf", "generator.commands.kniggits:reference_card"),),
)
