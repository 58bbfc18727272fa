"""The kit's readings: where the Dark Blades rules are silent or unclear and the kit decides.

Each reading lives in the data file it concerns (a ``[readings.NAME]`` table in crt.toml, or a
``*_reading`` / ``reading`` key of a weapon or a terrain) as ``short`` — the one line of at
most 40 columns shown at the table — and ``text``, the full sentence for ``--explain`` and
``--json``. Every output that applies one labels it as the kit's, never the rulebook's.
"""

from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from companion.columns import PHONE, cells
from companion.schema import Field, Table, Where, check

LABEL = "kit's reading"
SHORT_COLUMNS = PHONE  # a reading's short line: one line on a phone, whatever the terminal


class Reading(NamedTuple):
    """One decision of the kit's: its name, its one-line label and its full text.

    (A NamedTuple, not a dataclass: it is on `havoc los`'s import path, and a dataclass costs
    about a millisecond to declare.)
    """

    name: str
    short: str
    text: str

    def as_dict(self) -> dict[str, str]:
        return {"name": self.name, "short": self.short, "text": self.text}


def _short(short: str, where: Where) -> str:
    if not short.startswith(LABEL) or cells(short) > SHORT_COLUMNS:
        raise where.error(
            f'expected one line of at most {SHORT_COLUMNS} columns starting "{LABEL}", '
            f"got {short!r}"
        )
    return short


def _full(text: str, where: Where) -> str:
    if not text.strip():
        raise where.error("blank (expected the full reading)")
    return text


def reading_schema(name: Callable[[Where], str]) -> Table:
    """A ``{short, text}`` table: ``short`` fits one line and says it is the kit's; the
    reading's name comes from where the table is (``name(where)``)."""
    return Table(
        (Field("short", str, check=_short), Field("text", str, check=_full)),
        build=lambda v, where: Reading(name(where), v["short"], v["text"]),
    )


def read_reading(entry: Any, path: Path, where: str, name: str) -> Reading:
    """Check one ``{short, text}`` table found at the dotted key ``where`` of ``path``."""
    at = Where(path)
    for key in where.split("."):
        at = at.child(key)
    return check(reading_schema(lambda _w: name), entry, at)
