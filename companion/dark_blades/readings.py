"""The kit's readings: where the Dark Blades rules are silent or unclear and the kit decides.

Each reading lives in the data file it concerns (a ``[readings.NAME]`` table in crt.toml, or a
``*_reading`` / ``reading`` key of a weapon or a terrain) as ``short`` — the one line of at
most 40 columns shown at the table — and ``text``, the full sentence for ``--explain`` and
``--json``. Every output that applies one labels it as the kit's, never the rulebook's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.data import expect, require, unknown_keys
from companion.errors import DataError
from companion.text import WIDTH, cells

LABEL = "kit's reading"


@dataclass(frozen=True)
class Reading:
    """One decision of the kit's: its name, its one-line label and its full text."""

    name: str
    short: str
    text: str

    def as_dict(self) -> dict[str, str]:
        return {"name": self.name, "short": self.short, "text": self.text}


def read_reading(entry: Any, path: Path, where: str, name: str) -> Reading:
    """Check one ``{short, text}`` table: ``short`` fits one line and says it is the kit's."""
    expect(entry, dict, path, where)
    unknown_keys(entry, ("short", "text"), path, where)
    short = require(entry, "short", str, path, where)
    text = require(entry, "text", str, path, where)
    if not short.startswith(LABEL) or cells(short) > WIDTH:
        raise DataError(
            f"key '{where}.short': expected one line of at most {WIDTH} columns starting "
            f'"{LABEL}", got {short!r}',
            path,
        )
    if not text.strip():
        raise DataError(f"key '{where}.text': blank (expected the full reading)", path)
    return Reading(name, short, text)
