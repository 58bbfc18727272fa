"""Cthulhu Who? rules: the set-up tables and roller, the attack scores, the board (the kit's
readings) and a 4-square monster's move.

`GAME` declares what Cthulhu Who? adds to the companion (see `companion.game`).
"""

from companion.game import Game, Page

GAME = Game(
    title="Cthulhu Who?",
    commands={
        "attack": "companion.commands.cthulhu_who.setups:attack",
        "crush": "companion.commands.cthulhu_who.board:crush",
        "setup": "companion.commands.cthulhu_who.setups:setup",
    },
    blueprints=("companion.web.cthulhu_who.pages",),
    pages=(
        Page("cthulhu_who.setup", "Set-up roll"),
        Page("cthulhu_who.attack", "Attack score"),
        Page("cthulhu_who.crush", "4-square monster's move"),
    ),
)
