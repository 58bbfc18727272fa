"""Dark Blades rules: pieces and their flip system, combat results tables, combat, missiles.

`GAME` declares what Dark Blades adds to the companion (see `companion.game`).
"""

from companion.game import Game, Page

GAME = Game(
    title="Dark Blades",
    commands={
        "crt": "companion.commands.dark_blades:crt",
        "missile": "companion.commands.dark_blades:missile",
        "terrain": "companion.commands.terrain:terrain",
        "los": "companion.commands.maps:los",
        "swim": "companion.commands.swim:swim_command",
        "fight": "companion.commands.fight:fight",
        "scenario": "companion.commands.scenarios:scenario",
        "spell": "companion.commands.spells:spell",
        "deal": "companion.commands.spells:deal",
    },
    blueprints=(
        "companion.web.maps",
        "companion.web.swim",
        "companion.web.dark_blades",
        "companion.web.spells",
        "companion.web.scenarios",
    ),
    pages=(
        Page("dark_blades.crt", "Combat results"),
        Page("dark_blades.missile", "Missile fire"),
        Page("dark_blades.fight", "Fight by name"),
        Page("dark_blades.terrain", "Terrain types"),
        Page("maps.listing", "Maps: line of sight"),
        Page("spells.listing", "Spell cards"),
        Page("spells.deal", "Deal the spells"),
        Page("scenarios.listing", "Scenarios"),
        Page("dice_tables.listing", "Rolled tables"),
    ),
)
