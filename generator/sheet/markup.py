"""Reference-sheet text from jinja2 templates (``templates/aids/*.j2``) in a small mark-up.

A template is rendered with the companion's loaded rules as its context, so every number on a
sheet comes from ``cards/`` (no second copy in the template). The rendered text is read line by
line:

``# Title`` a sheet title · ``## Heading`` · ``### Sub-heading`` · ``- item`` a bullet ·
``> text`` a shaded box for the kit's own words (consecutive ``>`` lines make one box) ·
``[[NAME]]`` the table the code built under that name · ``---`` a page break · a blank line ends
a paragraph; other lines are joined into paragraphs (an indented line after a bullet goes on
with the bullet). ``**bold**`` works inside any line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from generator.sheet import document as doc

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def render_template(name: str, context: Mapping[str, Any]) -> str:
    """Render ``templates/NAME`` (strict: an unknown variable is a bug, not a blank); every
    text template the generator writes (HOW-TO-PRINT, the aids) goes through here."""
    import jinja2

    from companion.data import templates_dir

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
    )
    return env.get_template(name).render(**context)


def _inline(text: str) -> str:
    return _BOLD.sub(r"<b>\1</b>", doc.esc(text))


def flowables(
    text: str, tables: Mapping[str, Callable[[], Any] | Any], body: float = doc.BODY
) -> list[Any]:
    """The mark-up of ``text`` as platypus flowables; ``[[NAME]]`` inserts ``tables[NAME]``."""
    from reportlab.platypus import PageBreak

    story: list[Any] = []
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
    return story
