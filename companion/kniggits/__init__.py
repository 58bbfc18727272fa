"""Kniggits rules: the army check, the sword-and-shield exchange and the battle.

`GAME` declares what Kniggits adds to the companion (see `companion.game`).
"""

from companion.game import Game, Page

GAME = Game(
    title="Kniggits",
    commands={
        "army": "companion.commands.kniggits.armies:army",
        "exchange": "companion.commands.kniggits.armies:exchange",
        "battle": "companion.commands.kniggits.battle:battle",
    },
    blueprints=("companion.web.kniggits.pages", "companion.web.kniggits.battle"),
    pages=(
        Page("kniggits.exchange", "Sword v shield"),
        Page("kniggits.army", "Army check"),
        Page("kniggits_battle.page", "Battle"),
    ),
)
