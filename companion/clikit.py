"""Shared click plumbing for both CLIs: lazy subcommands, one-line errors, shared options.

Subcommands are imported only when run (or listed in --help), so `havoc roll 2d6` never pays
for the ring store or anything else it does not use. A `HavocError` raised anywhere below, and
click's own usage errors (unknown option, missing value), are printed as a single line on
stderr with exit status 2 — never a traceback, never a screen of usage text.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import click

from companion.errors import EXIT_BAD_INPUT, HavocError, InputError


class _OneValueEach:
    """Refuse a single-value option given twice (``--die 1 --die 2``): click keeps the last.

    Options declared ``multiple=True``, counters and flags may repeat; any other option named
    twice is a usage error naming it, so a typo never silently replaces a value.
    """

    def make_parser(self, ctx: click.Context) -> Any:
        parser = super().make_parser(ctx)  # type: ignore[misc]
        parse = parser.parse_args

        def parse_once(args: list[str]) -> Any:
            opts, rest, order = parse(args)
            seen: set[click.Parameter] = set()
            for param in order:
                if (
                    isinstance(param, click.Option)
                    and not (param.multiple or param.count or param.is_flag)
                    and param in seen
                ):
                    raise click.UsageError(f"{param.opts[-1]} given twice; give it once", ctx)
                seen.add(param)
            return opts, rest, order

        parser.parse_args = parse_once
        return parser


class Command(_OneValueEach, click.Command):
    """Every kit command: one value per single-value option (``@click.command(cls=Command)``)."""


class Group(_OneValueEach, click.Group):
    """A group of kit commands (its subcommands are `Command`s and `Group`s too)."""

    command_class = Command
    group_class = type  # subgroups are of this same class


class LazyGroup(Group):
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
        except click.exceptions.NoArgsIsHelpError as exc:  # `havoc`, `havoc ring`: the help
            click.echo(exc.ctx.get_help())
            sys.exit(0)
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


def pick(text: str, choices: Iterable[str], what: str) -> str:
    """The one of ``choices`` that ``text`` names: whole, by unique prefix, any case.

    A name of several words (``infantry-vs-infantry``) is also named word by word, each word by
    its start (``inf-inf``, ``inf-vs-cav``), by its initials (``ii``), or by the start of any
    one of its words (``res`` for spell-resist); "vs", "of" and "the" may be left out. The
    closest way of naming wins (whole, then start, word starts, initials, one word's start).
    Raises InputError naming ``what`` and the choices when nothing fits, or every name that
    fits (in any of those ways, closest first) when more than one does.
    """
    names = list(dict.fromkeys(choices))
    found = matches(text, names)
    if len(found) == 1:
        return found[0]
    if found:
        raise InputError(f"{what} '{text}' could be {', '.join(found)}: type more of it")
    raise InputError(f"unknown {what} '{text}': expected {_listed(names)}")


def matches(text: str, choices: Iterable[str]) -> list[str]:
    """The names ``text`` fits, as `pick` reads it: the one the closest way of naming finds
    alone, else every name it fits in any way (closest first); none when nothing fits."""
    names = list(dict.fromkeys(choices))
    key = text.strip().casefold()
    tiers = [[n for n in names if tier(key, n.casefold())] for tier in _TIERS]
    for found in tiers:
        if len(found) == 1:
            return found
        if found:
            return list(dict.fromkeys(n for fits in tiers for n in fits))
    return []


def complete(choices: Iterable[str], incomplete: str) -> list[str]:
    """Shell completion: the choices that start with what has been typed (any case)."""
    start = incomplete.casefold()
    return [name for name in dict.fromkeys(choices) if name.casefold().startswith(start)]


_SKIP = {"vs", "of", "the", "v"}


def _words_of(name: str) -> list[str]:
    return [w for w in name.replace("_", "-").replace(" ", "-").split("-") if w]


def _exact(key: str, name: str) -> bool:
    return key == name


def _prefix(key: str, name: str) -> bool:
    return bool(key) and name.startswith(key)


def _words(key: str, name: str) -> bool:
    """Each typed word starts the next word of the name (skippable words may be left out)."""
    typed, words = _words_of(key), _words_of(name)
    if len(typed) < 2:
        return False
    at = 0
    for part in typed:
        while at < len(words) and not words[at].startswith(part):
            if words[at] not in _SKIP:
                return False
            at += 1
        if at == len(words):
            return False
        at += 1
    return all(w in _SKIP for w in words[at:])


def _initials(key: str, name: str) -> bool:
    words = _words_of(name)
    if len(words) < 2 or not key.isalnum():
        return False
    full = "".join(w[0] for w in words)
    short = "".join(w[0] for w in words if w not in _SKIP)
    return key in (full, short)


def _word_start(key: str, name: str) -> bool:
    """One typed word that starts a later word of the name (``res``: spell-resist)."""
    words = _words_of(name)
    return len(words) > 1 and bool(key) and any(w.startswith(key) for w in words[1:])


_TIERS = (_exact, _prefix, _words, _initials, _word_start)


def _listed(names: list[str]) -> str:
    shown = ", ".join(names[:8])
    return shown + (f" (and {len(names) - 8} more)" if len(names) > 8 else "")


class Name(click.ParamType):
    """A name from the game data, typed whole, by unique prefix or by initials, any case.

    ``choices(ctx)`` lists the names (read lazily from cards/, so `--help` stays fast); shell
    completion offers them.
    """

    def __init__(self, what: str, choices: Callable[[click.Context], Iterable[str]]) -> None:
        self.name = what
        self.choices = choices

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        if ctx is None:
            return str(value)
        return pick(str(value), self.choices(ctx), self.name)

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[Any]:
        from click.shell_completion import CompletionItem

        try:
            names = list(self.choices(ctx))
        except HavocError:
            return []
        return [CompletionItem(n) for n in complete(names, incomplete)]


def _remember_source_only(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value:
        root = ctx.find_root()
        root.obj = {**(root.obj or {}), "source_only": True}


def source_only_option(command: Any) -> Any:
    """``--source-only``, on a group and on each command where the kit completes the rules:
    show only what the rulebooks give (the kit's completions blank or "not in the source
    rules")."""
    return click.option(
        "--source-only",
        is_flag=True,
        expose_value=False,
        is_eager=True,
        callback=_remember_source_only,
        help="Only what the rulebooks give: no kit completions.",
    )(command)


def source_only_from(ctx: click.Context) -> bool:
    """True when ``--source-only`` was given on the group or the command."""
    return bool((ctx.find_root().obj or {}).get("source_only"))


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


def seed_short_option(short: str = "-s") -> Any:
    """``--seed N`` with a short form too (``-s 7``): the same option as ``seed_option``."""
    return click.option(
        short,
        "--seed",
        type=int,
        default=None,
        metavar="N",
        help="Seed the dice: the same N, the same rolls.",
    )


def die_short_option(help: str, short: str = "-d") -> Any:  # noqa: A002 - click's own word
    """``--die N`` (repeatable) with a short form too (``-d 6 -d 3``)."""
    return click.option(short, "--die", "die", type=int, multiple=True, metavar="N", help=help)
