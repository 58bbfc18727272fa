"""Cthulhu Who?'s `havoc` subcommands: thin click commands over companion/cthulhu_who/."""
