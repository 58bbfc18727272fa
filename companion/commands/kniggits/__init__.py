"""Kniggits's `havoc` subcommands: thin click commands over companion/kniggits/."""
