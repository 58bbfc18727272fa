"""The `havoc-pnp` subcommands, one module per game or topic; each is thin over the generator."""
