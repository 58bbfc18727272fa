"""How wide a line of the kit's data is, in terminal columns, whatever the terminal.

`PHONE` is the width every answer is laid out for (a phone's terminal app, a narrow
window): the data's own short lines (a reading's ``short``) must fit it, so a cards folder is
valid or invalid the same at any `COLUMNS`. `cells` measures a string as a terminal shows it.
The text layer (`companion.text`) wraps the answers to the terminal's width with these.
"""

from __future__ import annotations

import unicodedata

PHONE = 40  # columns: the width every answer is laid out for, and a data line's most


def cells(text: str) -> int:
    """Terminal columns ``text`` takes: wide (East Asian W/F) characters 2, combining marks 0."""
    if text.isascii():
        return len(text)
    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
        for c in text
    )
