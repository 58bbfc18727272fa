"""Cthulhu Who? print-and-play: set-up sheets, their pieces, the tiled board, the odds page."""
