"""Havoc Kit companion: the rules of the four games as plain Python, and the `havoc` CLI.

Nothing in this package imports reportlab or svgwrite: it must start fast at the table.
"""

__version__ = "0.1.0"
