"""Cthulhu Who?'s phone pages: thin Flask blueprints over companion/cthulhu_who/."""
