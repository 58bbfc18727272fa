"""Dark Blades's `havoc` subcommands: thin click commands over companion/dark_blades/."""
