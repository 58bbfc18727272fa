"""Shared click plumbing for both CLIs: lazy subcommands, one-line errors, shared options.

Subcommands are imported only when run (or listed in --help), so `havoc roll 2d6` never pays
for the ring store or anything else it does not use. A `HavocError` raised anywhere below, and
click's own usage errors (unknown option, missing value), are printed as a single line on
stderr with exit status 2 — never a traceback, never a screen of usage text.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

import click

from companion.errors import EXIT_BAD_INPUT, HavocError


class LazyGroup(click.Group):
    """A click group whose commands are named as ``"module.path:attribute"`` strings.

    ``prog`` is the program's name in error lines (test runners would otherwise call it "main").
    """

    def __init__(
        self, *args: Any, lazy: dict[str, str] | None = None, prog: str = "havoc", **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})
        self.prog = prog

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self.lazy))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy:
            module_name, attr = self.lazy[cmd_name].split(":")
            command = getattr(importlib.import_module(module_name), attr)
        else:
            command = super().get_command(ctx, cmd_name)
        if command is not None and not any(p.name == "cards" for p in command.params):
            cards_option(command)  # every subcommand takes --cards DIR, as the group does
        return command

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except HavocError as exc:
            fail(str(exc))
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            sys.exit(130)

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        kwargs["prog_name"] = self.prog
        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)
        try:
            result = super().main(*args, standalone_mode=False, **kwargs)
        except click.exceptions.Abort:
            click.echo("aborted", err=True)
            sys.exit(1)
        except click.ClickException as exc:
            ctx = exc.ctx if isinstance(exc, click.UsageError) else None
            hint = f" (see {ctx.command_path} --help)" if ctx is not None else ""
            message = " ".join(exc.format_message().split()).rstrip(".")
            click.echo(f"{self.prog}: error: {message}{hint}", err=True)
            sys.exit(EXIT_BAD_INPUT if isinstance(exc, click.UsageError) else exc.exit_code)
        sys.exit(result if isinstance(result, int) else 0)


def _remember_cards(ctx: click.Context, _param: click.Parameter, value: Path | None) -> None:
    if value is not None:
        root = ctx.find_root()
        root.obj = {**(root.obj or {}), "cards_dir": value}


def cards_option(command: Any) -> Any:
    """``--cards DIR``, accepted on a group and on each subcommand (the later one wins)."""
    return click.option(
        "--cards",
        type=click.Path(file_okay=False, path_type=Path),
        default=None,
        expose_value=False,
        is_eager=True,
        callback=_remember_cards,
        help="Read game data from DIR instead of the kit's own cards/ (files missing there "
        "fall back to the kit's).",
    )(command)


def cards_from(ctx: click.Context) -> Any:  # -> companion.data.Cards (imported lazily)
    """The Cards for this invocation: ``--cards DIR`` if given anywhere, else the kit's."""
    from companion.data import Cards

    root = ctx.find_root()
    obj = root.obj or {}
    if "cards" not in obj:
        obj = {**obj, "cards": Cards(obj.get("cards_dir"))}
        root.obj = obj
    return obj["cards"]


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


def cells(text: str) -> int:
    """Terminal columns ``text`` takes: wide (East Asian W/F) characters 2, combining marks 0."""
    if text.isascii():
        return len(text)
    import unicodedata

    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
        for c in text
    )


def _wrap_cells(text: str, indent: str, width: int) -> list[str]:
    """Greedy word wrap measured in terminal columns; a word wider than a line is cut."""
    lines: list[str] = []
    current = text[: len(text) - len(text.lstrip(" "))]  # a leading indent is kept
    for word in text.split():
        prefix = indent if lines else ""
        joined = f"{current} {word}" if current.strip() else current + word
        if cells(prefix + joined) <= width:
            current = joined
            continue
        if cells(indent + word) > width and current.strip():  # too long for any line:
            word = f"{current} {word}"  # start cutting it on this one
        elif current.strip():
            lines.append(prefix + current)
            prefix = indent
        current = ""
        while cells(prefix + word) > width:
            cut, used = 0, cells(prefix)
            while cut < len(word) and used + cells(word[cut]) <= width:
                used += cells(word[cut])
                cut += 1
            cut = max(cut, 1)
            lines.append(prefix + word[:cut])
            word, prefix = word[cut:], indent
        current = word
    if current.strip() or not lines:
        lines.append((indent if lines else "") + current)
    return lines


def wrap(text: str, indent: str = "", width: int = WIDTH) -> str:
    """Wrap ``text`` to the companion's width; continuation lines get ``indent``.

    Measured in terminal columns: a wide character (e.g. a CJK name) counts 2.
    """
    if cells(text) != len(text):
        return "\n".join(_wrap_cells(text, indent, width))
    import textwrap

    return "\n".join(
        textwrap.wrap(text, width=width, subsequent_indent=indent, break_on_hyphens=False) or [""]
    )


def fit(lines: list[str], indent: str = "  ") -> str:
    """Join output lines, wrapping any wider than the companion's width (``indent`` after)."""
    out = [part for line in lines for part in line.split("\n")]
    return "\n".join(line if cells(line) <= WIDTH else wrap(line, indent) for line in out)


def path_lines(path: str, indent: str = "  ", width: int = WIDTH) -> list[str]:
    """A file path split after "/" so each line fits ``width`` (a name longer stays whole)."""
    lines: list[str] = []
    current = ""
    for part in path.replace("/", "/\n").splitlines():
        if current and cells(indent + current + part) > width:
            lines.append(indent + current)
            current = ""
        current += part
    if current:
        lines.append(indent + current)
    return lines


json_option = click.option(
    "--json", "as_json", is_flag=True, help="Print JSON for scripts instead of text."
)

seed_option = click.option(
    "--seed", type=int, default=None, metavar="N", help="Seed the dice: the same N, the same rolls."
)


def die_option(help: str, multiple: bool = True) -> Any:  # noqa: A002 - click's own word
    """``--die N``: a face rolled on a real die (repeatable where a command needs several)."""
    return click.option("--die", "die", type=int, multiple=multiple, metavar="N", help=help)
