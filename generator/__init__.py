"""Havoc Kit generator: printable PDF (and SVG) sheets of counters, cards and aids into out/.

Reads game data through companion/ (never the reverse) and lays it out with reportlab/svgwrite.
"""
