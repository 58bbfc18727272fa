"""Dark Blades's phone pages: thin Flask blueprints over companion/dark_blades/."""
