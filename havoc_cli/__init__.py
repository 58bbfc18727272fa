"""The click plumbing both CLIs share (`havoc` in companion/commands/, `havoc-pnp` in
generator/commands/): `havoc_cli.kit`. Only these three packages import click."""
