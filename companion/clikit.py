"""Shared click plumbing for both CLIs: lazily loaded subcommands and one-line errors.

Subcommands are imported only when run (or listed in --help), so `havoc roll 2d6` never pays
for the ring store or anything else it does not use. A `HavocError` raised anywhere below is
printed as a single line on stderr and exits with status 2.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from companion.errors import EXIT_BAD_INPUT, HavocError


class LazyGroup(click.Group):
    """A click group whose commands are named as ``"module.path:attribute"`` strings."""

    def __init__(self, *args: Any, lazy: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self.lazy))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy:
            module_name, attr = self.lazy[cmd_name].split(":")
            return getattr(importlib.import_module(module_name), attr)
        return super().get_command(ctx, cmd_name)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except HavocError as exc:
            fail(str(exc))
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            sys.exit(130)


def fail(message: str) -> None:
    """Print one error line (prefixed with the program's name) and exit with status 2."""
    ctx = click.get_current_context(silent=True)
    name = ctx.find_root().info_name if ctx else "havoc"
    click.echo(f"{name}: error: {message}", err=True)
    sys.exit(EXIT_BAD_INPUT)


def emit_json(data: Any) -> None:
    """Print ``data`` as JSON for scripts (stable keys, UTF-8, one document)."""
    import json  # only when --json is asked for: keeps `havoc roll` starting fast

    click.echo(json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False))


WIDTH = 40  # phone terminals: no output line wider than this by default


def wrap(text: str, indent: str = "", width: int = WIDTH) -> str:
    """Wrap ``text`` to the companion's width; continuation lines get ``indent``."""
    import textwrap

    return "\n".join(
        textwrap.wrap(text, width=width, subsequent_indent=indent, break_on_hyphens=False) or [""]
    )


json_option = click.option(
    "--json", "as_json", is_flag=True, help="Print JSON for scripts instead of text."
)
