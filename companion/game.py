"""What a game package declares to the companion: its `havoc` commands and its phone pages.

Each game package (`companion/<game>/__init__.py`) holds one `GAME = Game(...)`; the registry
(`companion/registry.py`) lists the packages. Everything is named by string ("module:attr", a
blueprint module, an endpoint), so reading the declarations imports no command, no Flask and no
rules: `havoc roll 2d6` stays fast.
"""

from __future__ import annotations


class Page:
    """A link on the web index: a Flask endpoint (``"blueprint.view"``) and its label.

    (Plain classes here, not dataclasses: every `havoc` game command reads these, and a
    dataclass costs a millisecond to declare.)
    """

    __slots__ = ("endpoint", "label")

    def __init__(self, endpoint: str, label: str) -> None:
        self.endpoint = endpoint
        self.label = label

    def __repr__(self) -> str:
        return f"Page({self.endpoint!r}, {self.label!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Page):
            return NotImplemented
        return (self.endpoint, self.label) == (other.endpoint, other.label)

    def __hash__(self) -> int:
        return hash((self.endpoint, self.label))


class Game:
    """One game's contribution to the companion.

    ``title``: its name as the index heads it. ``commands``: `havoc` subcommands, each
    ``"name": "module:attribute"`` (imported only when run or listed). ``blueprints``: modules
    (under `companion/web/`), each with a `bp` Blueprint, registered in this order. ``pages``:
    the links the web index lists under ``title``. ``index_note``: a template under
    templates/web/ shown below the links (words, not links), or "".
    """

    __slots__ = ("title", "commands", "blueprints", "pages", "index_note")

    def __init__(
        self,
        title: str,
        commands: dict[str, str] | None = None,
        blueprints: tuple[str, ...] = (),
        pages: tuple[Page, ...] = (),
        index_note: str = "",
    ) -> None:
        self.title = title
        self.commands = dict(commands or {})
        self.blueprints = blueprints
        self.pages = pages
        self.index_note = index_note

    def __repr__(self) -> str:
        return f"Game({self.title!r})"
