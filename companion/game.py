"""What a game package declares to the companion: its `havoc` commands and its phone pages.

Each game package (`companion/<game>/__init__.py`) holds one `GAME = Game(...)`; the registry
(`companion/registry.py`) lists the packages. Everything is named by string ("module:attr", a
blueprint module, an endpoint), so reading the declarations imports no command, no Flask and no
rules: `havoc roll 2d6` stays fast. The records are `NamedTuple`s: every `havoc` lookup reads
them, and a named tuple costs a quarter of a dataclass to define
(`benchmarks/record_classes.py`).
"""

from collections.abc import Mapping
from typing import NamedTuple


class Page(NamedTuple):
    """A link on the web index: a Flask endpoint (``"blueprint.view"``) and its label."""

    endpoint: str
    label: str


class Game(NamedTuple):
    """One game's contribution to the companion.

    ``title``: its name as the index heads it. ``commands``: `havoc` subcommands, each
    ``"name": "module:attribute"`` (imported only when run or listed). ``blueprints``: modules
    (under `companion/web/`), each with a `bp` Blueprint, registered in this order. ``pages``:
    the links the web index lists under ``title``. ``index_note``: a template under
    templates/web/ shown below the links (words, not links), or "".
    """

    title: str
    commands: Mapping[str, str] = {}  # read only: one shared empty default
    blueprints: tuple[str, ...] = ()
    pages: tuple[Page, ...] = ()
    index_note: str = ""
