"""Kniggits's phone pages: thin Flask blueprints over companion/kniggits/."""
