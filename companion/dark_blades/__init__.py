"""Dark Blades rules: pieces and their flip system, combat results tables, combat, missiles."""
