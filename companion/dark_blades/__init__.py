"""Dark Blades rules: pieces and their flip system, combat results tables, combat, missiles.

`GAME` declares what Dark Blades adds to the companion (see `companion.game`).
"""

from companion.game import Game, Page

GAME = Game(
    title="Dark Blades",
    commands={
        "crt": "companion.commands.dark_blades.crt:crt",
        "missile": "companion.commands.dark_blades.missile:missile",
        "terrain": "companion.commands.dark_blades.terrain:terrain",
        "los": "companion.commands.dark_blades.maps:los",
        "swim": "companion.commands.dark_blades.swim:swim_command",
        "fight": "companion.commands.dark_blades.fight:fight",
        "scenario": "companion.commands.dark_blades.scenarios:scenario",
        "spell": "companion.commands.dark_blades.spells:spell",
        "deal": "companion.commands.dark_blades.spells:deal",
        "labrynthia": "companion.commands.dark_blades.labrynthia:labrynthia",
        "campaign": "companion.commands.dark_blades.campaign:campaign",
    },
    blueprints=(
        "companion.web.dark_blades.maps",
        "companion.web.dark_blades.swim",
        "companion.web.dark_blades.lookups",
        "companion.web.dark_blades.spells",
        "companion.web.dark_blades.scenarios",
        "companion.web.dark_blades.campaign",
        "companion.web.dark_blades.map_editor",
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
        Page("dark_blades_campaign.page", "Campaign"),
        Page("map_editor.start", "Map editor"),
        Page("dice_tables.listing", "Rolled tables"),
    ),
)
