"""The sheet engine: units, options, imposition, cut guides, fonts, faces, PDF and SVG rendering."""
