"""The `havoc` subcommands, one module per game or topic; each is thin over companion/."""
