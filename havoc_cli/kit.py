"""Shared click plumbing for both CLIs: lazy subcommands, one-line errors, shared options.

Subcommands are imported only when run (or listed in --help), so `havoc roll 2d6` never pays
for the ring store or anything else it does not use. A `HavocError` raised anywhere below, and
click's own usage errors (unknown option, missing value), are printed as a single line on
stderr with exit status 2 — never a traceback, never a screen of usage text. `--cards` and
`--source-only` land in the typed context object `Kit` (`@pass_kit`, or `kit_of(ctx)`).
"""

import errno
import importlib
import json
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import click
from click.shell_completion import CompletionItem

from companion.data import Cards
from companion.errors import EXIT_BAD_INPUT, FieldError, HavocError, InputError
from companion.names import complete, pick
from companion.numbers import MAX_SEED, MAX_WHOLE, whole_in
from havoc_cli.start import started


class _OneValueEach:
    """Refuse a single-value option given twice (``--die 1 --die 2``): click keeps the last.

    Options declared ``multiple=True``, counters and flags may repeat; any other option named
    twice is a usage error naming it, so a typo never silently replaces a value. Read off the
    order in which click's own parser met the options (each time it met one).
    """

    def make_parser(self, ctx: click.Context) -> Any:
        parser = super().make_parser(ctx)  # type: ignore[misc]
        parse = parser.parse_args

        def parse_once(args: list[str]) -> tuple[Any, list[str], list[click.Parameter]]:
            opts, rest, order = parse(args=args)
            twice = given_twice(order)
            if twice is not None:
                raise click.UsageError(f"{twice} given twice; give it once", ctx)
            return opts, rest, order

        parser.parse_args = parse_once
        return parser


def given_twice(order: Sequence[click.Parameter]) -> str | None:
    """The first single-value option that ``order`` (the parameters in the order click's
    parser met them) holds twice (its name), else None."""
    seen: set[click.Parameter] = set()
    for param in order:
        if isinstance(param, click.Option) and not (param.multiple or param.count or param.is_flag):
            if param in seen:
                return param.opts[-1]
            seen.add(param)
    return None


def field_name(command: click.Command, field: str) -> str | None:
    """How ``command`` names the rules' field ``field``: as its ``fields`` say, else the
    option of that name or flag (``--die``, ``--from``), else the argument (``DIE``); None
    if it takes no such field."""
    named = getattr(command, "fields", {}).get(field)
    if named is not None:
        return str(named)
    flag = "--" + field.replace("_", "-")
    for param in command.params:
        if field in (param.name, param.human_readable_name.lower()) or flag in param.opts:
            if isinstance(param, click.Option):
                return next((o for o in param.opts if o.startswith("--")), param.opts[0])
            return param.human_readable_name
    return None


class Command(_OneValueEach, click.Command):
    """Every kit command: one value per single-value option (``@click.command(cls=Command)``);
    a refusal of one field (`FieldError`) names it as the command's option or argument
    (``fields``: a field's name where the parameter's own will not do, ``{"to": "TO"}``)."""

    def __init__(self, *args: Any, fields: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields = dict(fields or {})

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except FieldError as error:
            name = field_name(self, error.field)
            if name is None:
                raise
            raise InputError(error.said(name)) from None


class Narrow(Command):
    """Help that reads on a phone: each option's text starts under it when the names are long
    (click's default keeps a 30-column name column, leaving 8 columns of text)."""

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        options = [p for p in self.get_params(ctx) if isinstance(p, click.Option)]
        rows = [r for p in options if (r := p.get_help_record(ctx)) is not None]
        if rows:
            with formatter.section("Options"):
                formatter.write_dl(rows, col_max=10)


class Group(_OneValueEach, click.Group):
    """A group of kit commands (its subcommands are `Command`s and `Group`s too)."""

    command_class = Command
    group_class = type  # subgroups are of this same class


class LazyGroup(Group):
    """A click group whose commands are named as ``"module.path:attribute"`` strings.

    ``lazy``: the group's own commands; ``more``: ``"module:function"`` giving the rest (the
    games' commands, from the registry), imported and called only when a name is not in
    ``lazy`` or the commands are listed, so `havoc roll` reads no game declaration. ``prog``
    is the program's name in error lines (test runners would otherwise call it "main").
    """

    def __init__(
        self,
        *args: Any,
        lazy: dict[str, str] | None = None,
        more: str | None = None,
        prog: str = "havoc",
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})
        self.more = more
        self.prog = prog

    def lazy_commands(self) -> dict[str, str]:
        """Every lazy command, the group's own and the registry's: ``name: "module:attr"``."""
        found = dict(self.lazy)
        for name, where in (_load(self.more)() if self.more else {}).items():
            if name in found:
                raise ValueError(f"`{self.prog} {name}` is declared twice")
            found[name] = where
        return found

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self.lazy_commands()))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        where = self.lazy.get(cmd_name)
        if where is None and self.more is not None:
            where = self.lazy_commands().get(cmd_name)
        if where is not None:
            command = _load(where)
        else:
            command = super().get_command(ctx, cmd_name)
        started()  # the command's modules are in: the collector may run again (`havoc_cli.start`)
        if command is not None and not any(p.name == "cards" for p in command.params):
            cards_option(command)  # every subcommand takes --cards DIR, as the group does
        return command

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except HavocError as exc:
            fail(str(exc))
        except OSError as exc:  # a path the system refuses, whichever option named it
            if exc.errno not in PATH_REFUSALS:
                raise
            fail(path_refused(exc))
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            sys.exit(130)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,  # ignored: the program is always called ``self.prog``
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, self.prog, complete_var, standalone_mode=False, **extra)
        return self._main(args, complete_var, **extra)

    def _main(self, args: Sequence[str] | None, complete_var: str | None, **extra: Any) -> Any:
        try:
            result = super().main(args, self.prog, complete_var, standalone_mode=False, **extra)
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


# A path the system refuses before any file is opened: a name over 255 bytes (NAME_MAX) or a
# path over 4,096 (PATH_MAX), a loop of symbolic links. Any --cards, -o, --svg, --out or --army.
PATH_REFUSALS = {
    errno.ENAMETOOLONG: "a name in this path is longer than the system allows "
    "(255 bytes a name, 4,096 the whole path)",
    errno.ELOOP: "too many symbolic links (a loop?)",
}


def path_refused(exc: OSError) -> str:
    """One line for a path the system refused (the path cut short: it may be very long)."""
    name = str(exc.filename) if exc.filename is not None else "a path"
    shown = name if len(name) <= 60 else f"{name[:28]}…{name[-28:]} ({len(name):,} characters)"
    return f"{shown}: {PATH_REFUSALS.get(exc.errno or 0, exc.strerror)}"


class Kit(NamedTuple):
    """What this invocation's shared options say: the typed click context object.

    ``cards_dir``: the user's ``--cards DIR`` (None: the kit's own cards); ``source_only``:
    ``--source-only`` was given. Both options are taken on the group and on each subcommand,
    the later one winning (`kit_of` finds the nearest). A named tuple, not a dataclass: every
    command reads it, and `dataclasses` would be imported for it alone
    (`benchmarks/record_classes.py`).
    """

    cards_dir: Path | None = None
    source_only: bool = False

    def changed(self, **changes: Any) -> "Kit":
        """A new Kit with ``changes`` (the context below takes it; this one stays as it is)."""
        return self._replace(**changes)

    @property
    def cards(self) -> Cards:
        """The Cards for this invocation: ``--cards DIR`` if given anywhere, else the kit's
        (each file read once per process all the same: `companion.schema.load`)."""
        return Cards(self.cards_dir)


pass_kit = click.make_pass_decorator(Kit, ensure=True)
"""``@pass_kit``: the command receives this invocation's `Kit` as its first argument."""


def kit_of(ctx: click.Context) -> Kit:
    """The `Kit` of ``ctx``: set by the nearest ``--cards``/``--source-only``, else defaults."""
    return ctx.find_object(Kit) or ctx.find_root().ensure_object(Kit)


def _load(where: str) -> Any:
    """What a ``"module.path:attribute"`` string names (its module imported now)."""
    module_name, attr = where.split(":")
    return getattr(importlib.import_module(module_name), attr)


def _remember(ctx: click.Context, **changes: Any) -> None:
    ctx.obj = kit_of(ctx).changed(**changes)  # this context and those below it


def _remember_cards(ctx: click.Context, _param: click.Parameter, value: Path | None) -> None:
    if value is not None:
        _remember(ctx, cards_dir=value)


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


class Whole(click.ParamType):
    """The one number type of both CLIs: ASCII digits only (no sign, no "٣", no "²", no
    "1e3"), from ``low`` to ``high``. Where a game's rules give the range (a d10's face, the
    hands in a deal), the rules check it and say it in their words; the type's own bounds
    keep everything else sane (seeds: 0 to 18 digits, as the pages take)."""

    name = "integer"

    def __init__(self, low: int = 0, high: int | None = None, words: str | None = None) -> None:
        self.low = low
        self.high = MAX_WHOLE if high is None else high
        self.words = words

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number: int | None = value if self.low <= value <= self.high else None
        else:
            number = whole_in(str(value), self.low, self.high)
        if number is None:
            self.fail(f"{str(value)[:24]!r}: expected {self.expected()}", param, ctx)
        return number

    def expected(self) -> str:
        """What the type takes, in words."""
        if self.words:
            return self.words
        if self.high == MAX_WHOLE:
            return f"a whole number, {self.low} or more (digits 0-9, no sign)"
        high = f"{self.high:,}" if self.high >= 100_000 else str(self.high)
        return f"a whole number from {self.low} to {high} (digits 0-9, no sign)"

    def __repr__(self) -> str:
        return f"Whole({self.low}, {self.high})"


WHOLE = Whole()  # a count or a face: the rules say the range
SEED = Whole(0, MAX_SEED, "a whole number of at most 18 digits (0-9, no sign)")


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
        try:
            names = list(self.choices(ctx))
        except HavocError:
            return []
        return [CompletionItem(n) for n in complete(names, incomplete)]


def _remember_source_only(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value:
        _remember(ctx, source_only=True)


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
    return kit_of(ctx).source_only


def cards_from(ctx: click.Context) -> Cards:
    """The Cards for this invocation: ``--cards DIR`` if given anywhere, else the kit's."""
    return kit_of(ctx).cards


def stacked(*options: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """One decorator for several click options, listed in the order `--help` shows them."""

    def apply(command: Any) -> Any:
        for option in reversed(options):
            command = option(command)
        return command

    return apply


def fail(message: str) -> None:
    """Print one error line (prefixed with the program's name) and exit with status 2."""
    ctx = click.get_current_context(silent=True)
    name = ctx.find_root().info_name if ctx else "havoc"
    click.echo(f"{name}: error: {message}", err=True)
    sys.exit(EXIT_BAD_INPUT)


def emit_json(data: Any) -> None:
    """Print ``data`` as JSON for scripts (stable keys, UTF-8, one document)."""
    click.echo(json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False))


json_option = click.option(
    "--json", "as_json", is_flag=True, help="Print JSON for scripts instead of text."
)

seed_option = click.option(
    "--seed",
    type=SEED,
    default=None,
    metavar="N",
    help="Seed the dice: the same N, the same rolls.",
)


def die_option(help: str, multiple: bool = True) -> Any:  # noqa: A002 - click's own word
    """``--die N``: a face rolled on a real die (repeatable where a command needs several)."""
    return click.option("--die", "die", type=WHOLE, multiple=multiple, metavar="N", help=help)


def seed_short_option(short: str = "-s") -> Any:
    """``--seed N`` with a short form too (``-s 7``): the same option as ``seed_option``."""
    return click.option(
        short,
        "--seed",
        type=SEED,
        default=None,
        metavar="N",
        help="Seed the dice: the same N, the same rolls.",
    )


def die_short_option(help: str, short: str = "-d") -> Any:  # noqa: A002 - click's own word
    """``--die N`` (repeatable) with a short form too (``-d 6 -d 3``)."""
    return click.option(short, "--die", "die", type=WHOLE, multiple=True, metavar="N", help=help)
