"""Reference-sheet text from jinja2 templates (``templates/aids/*.j2``) in a small mark-up.

A template is rendered with the companion's loaded rules as its context, so every number on a
sheet comes from ``cards/`` (no second copy in the template). The rendered text is read line by
line:

``# Title`` a sheet title · ``## Heading`` · ``### Sub-heading`` · ``- item`` a bullet ·
``> text`` a shaded box for the kit's own words (consecutive ``>`` lines make one box) ·
``[[NAME]]`` the table the code built under that name · ``---`` a page break · a blank line ends
a paragraph; other lines are joined into paragraphs (an indented line after a bullet goes on
with the bullet). ``**bold**`` works inside any line.

``::: columns`` ... ``::: next`` ... ``::: end`` sets what lies between side by side, in
reading order left to right (each column as wide as its widest table, the last the rest of the
frame's ``width``); where they do not fit the width side by side (the last column's table, or
TEXT_COLUMN), one under the other.
``::: keep`` ... ``::: end`` keeps what lies between on one page (a heading, its rules, their
table).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

import jinja2
from reportlab.platypus import KeepTogether, PageBreak, Table, TableStyle

from companion import data
from generator.sheet import document as doc

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def render_template(name: str, context: Mapping[str, Any]) -> str:
    """Render ``templates/NAME`` (strict: an unknown variable is a bug, not a blank); every
    text template the generator writes (HOW-TO-PRINT, the aids) goes through here."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(data.templates_dir())),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
    )
    return env.get_template(name).render(**context)


def _inline(text: str) -> str:
    return _BOLD.sub(r"<b>\1</b>", doc.esc(text))


COLUMN_GAP = 12.0  # points between columns set side by side
TEXT_COLUMN = 144.0  # the narrowest the last column may be (it may hold only text)


def _widest(column: list[Any]) -> float:
    """The width of a column's widest table (0: none)."""
    return max((sum(f._colWidths) for f in column if hasattr(f, "_colWidths")), default=0.0)


def side_by_side(columns: list[list[Any]], width: float | None) -> list[Any]:
    """``columns`` of flowables side by side in a frame ``width`` wide, or one under the other
    where their tables do not fit (or ``width`` is not known)."""
    widths = [_widest(c) for c in columns[:-1]]
    last = max(_widest(columns[-1]), TEXT_COLUMN)
    room = None if width is None else width - sum(widths) - COLUMN_GAP * len(widths)
    if room is None or len(columns) < 2 or room < last:
        return [f for c in columns for f in c]
    cells: list[Any] = []
    for column in columns[:-1]:
        cells += [column, ""]  # an empty column between: the gap
    widths = [x for w in widths for x in (w, COLUMN_GAP)] + [room]
    table = Table([[*cells, columns[-1]]], colWidths=widths, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return [table]


def flowables(
    text: str,
    tables: Mapping[str, Callable[[], Any] | Any],
    body: float = doc.BODY,
    width: float | None = None,
) -> list[Any]:
    """The mark-up of ``text`` as platypus flowables; ``[[NAME]]`` inserts ``tables[NAME]``;
    ``width``: the frame's, for columns set side by side."""
    story: list[Any] = []
    outer: list[Any] = []  # the story outside a ``:::`` block, while in one
    columns: list[list[Any]] = []
    keep = False
    paragraph: list[str] = []
    box: list[str] = []
    bullet: list[str] = []

    def flush() -> None:
        if bullet:
            story.append(doc.marked(f"•&nbsp;{_inline(' '.join(bullet))}", "body", body))
            bullet.clear()
        if paragraph:
            story.append(doc.marked(_inline(" ".join(paragraph)), "body", body))
            paragraph.clear()
        if box:
            story.append(doc.marked("<br/>".join(_inline(b) for b in box), "kit", body))
            box.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if line in ("::: columns", "::: keep", "::: next", "::: end"):
            flush()
            if line in ("::: columns", "::: keep"):
                if columns:
                    raise ValueError(f"{line!r} inside a '::: columns' or '::: keep'")
                outer, story = story, []
                columns.append(story)
                keep = line == "::: keep"
            elif keep and line == "::: next":
                raise ValueError("'::: next' inside '::: keep'")
            elif not columns:
                raise ValueError(f"{line!r} without '::: columns'")
            elif line == "::: next":
                story = []
                columns.append(story)
            else:
                story = outer
                story += [KeepTogether(columns[0])] if keep else side_by_side(columns, width)
                columns = []
            continue
        if line.startswith(">"):
            if paragraph:
                flush()
            box.append(line[1:].strip())
            continue
        if box:
            flush()
        if not line:
            flush()
        elif line == "---":
            flush()
            story.append(PageBreak())
        elif line.startswith("[[") and line.endswith("]]"):
            flush()
            name = line[2:-2].strip()
            if name not in tables:
                raise KeyError(f"template asks for table {name!r}; the code built {sorted(tables)}")
            table = tables[name]
            story.append(table() if callable(table) else table)
        elif line.startswith("### "):
            flush()
            story.append(doc.marked(_inline(line[4:]), "h2", body))
        elif line.startswith("## "):
            flush()
            story.append(doc.marked(_inline(line[3:]), "h1", body))
        elif line.startswith("# "):
            flush()
            story.append(doc.marked(_inline(line[2:]), "title", body))
        elif line.startswith("- "):
            flush()
            bullet.append(line[2:])
        elif bullet and raw[:1].isspace():  # an indented line goes on with the bullet
            bullet.append(line)
        else:
            if bullet:
                flush()
            paragraph.append(line)
    flush()
    if columns:
        raise ValueError("'::: columns' or '::: keep' without '::: end'")
    return story
