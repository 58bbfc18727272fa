"""Dark Blades sheets: counters, spell cards, results tables, player aid, scenario sheets.

`PRINTING` declares what Dark Blades adds to `havoc-pnp` and `build` (see `generator.product`).
"""

from generator.product import Printing, Product, ReferenceSheet

COUNTERS_PDF = "dark-blades-counters.pdf"
SPELLS_PDF = "dark-blades-spells.pdf"
RESULTS_PDF = "dark-blades-results-tables.pdf"
REFERENCE_PDF = "dark-blades-reference.pdf"
SCENARIOS_PDF = "dark-blades-scenarios.pdf"
MAPS_PDF = "dark-blades-maps.pdf"
HEX_FITS = ("roomy", "tight")  # the maps' --hex: generator/dark_blades/map_tiles.py hex_flats

PRINTING = Printing(
    commands={
        "counters": "generator.commands.dark_blades:counters",
        "spells": "generator.commands.dark_blades:spells",
        "scenarios": "generator.commands.dark_blades:scenarios",
        "maps": "generator.commands.dark_blades_maps:maps",
    },
    products=(
        Product("the counters", "generator.commands.dark_blades:build_counters", (COUNTERS_PDF,)),
        Product("the spell cards", "generator.commands.dark_blades:build_spells", (SPELLS_PDF,)),
        Product("the maps", "generator.commands.dark_blades_maps:build_maps", (MAPS_PDF,)),
    ),
    sheets=(
        ReferenceSheet(
            RESULTS_PDF,
            "generator.commands.dark_blades:results_tables",
            "tables",
            "the Dark Blades combat results tables",
        ),
        ReferenceSheet(
            REFERENCE_PDF,
            "generator.commands.dark_blades:player_aid",
            what="the Dark Blades player aid",
        ),
        ReferenceSheet(
            SCENARIOS_PDF,
            "generator.commands.dark_blades:scenario_sheets",
            "sheets",
            "one sheet per scenario",
        ),
    ),
)
