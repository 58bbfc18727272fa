"""`havoc-pnp export TARGET[,TARGET...] --out DIR`: the kit off the paper: The Game Crafter
(``tgc``), MakePlayingCards (``mpc``), Tabletop Simulator (``tts``) and VASSAL (``vassal``), each
into its own folder under DIR with a README of how to upload or import it; all written, or
none."""

from __future__ import annotations

from pathlib import Path

import click

from companion.errors import InputError
from generator.commands.common import PnpCommand, out_dir_option
from havoc_cli.kit import cards_from, source_only_from

TARGETS = ("tgc", "mpc", "tts", "vassal")


def parse_targets(text: str, label: str = "TARGET") -> list[str]:
    """``tgc,tts`` -> the targets named, each once, in the order given (``label``: the
    argument or option named in a refusal)."""
    names = [t.strip().lower() for t in text.split(",") if t.strip()]
    bad = [n for n in names if n not in TARGETS]
    if bad or not names:
        raise InputError(f"{label}: expected {', '.join(TARGETS)} (or several, comma-separated), "
                         f"got {text!r}")  # fmt: skip
    return list(dict.fromkeys(names))


def parse_base_url(text: str) -> str:
    """``--base-url``: an http:// or https:// address with a host, no spaces or quotes (nor a
    query or fragment: file names are added at its end), as given; a trailing slash is
    dropped (the names are joined with one)."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(text)
        host = parts.hostname
        parts.port  # noqa: B018 (a port that is not a number raises)
    except ValueError:
        host = None
    if (
        parts.scheme.lower() not in ("http", "https")
        or not host
        or parts.query
        or parts.fragment
        or "?" in text
        or "#" in text
        or any(c.isspace() or c in "\"'`<>\\" or not c.isprintable() for c in text)
    ):
        raise InputError(f"--base-url: expected an http:// or https:// address, got {text!r}")
    return text.rstrip("/")


def check_replaceable(folder: Path) -> None:
    """Refuse (one line) a ``folder`` an export would replace that the kit did not write: it
    exists, holds something, and has no README.txt of an earlier export."""
    from generator.export.readme import TITLE

    if not folder.is_dir() or folder.is_symlink() or not any(folder.iterdir()):
        return  # nothing there, or nothing to lose (Staging refuses a file in the way)
    readme = folder / "README.txt"
    try:
        ours = readme.is_file() and readme.read_text("utf-8", "replace").startswith(TITLE)
    except OSError:
        ours = False
    if not ours:
        raise InputError(
            "holds files havoc-pnp export did not write (no README.txt of an earlier export); "
            "not replacing it: move them away or choose another --out",
            folder,
        )


def write_exports(
    targets: list[str],
    out_dir: Path,
    cards,
    piece_size: float,
    source_only: bool,
    base_url: str | None,
    stage,
    seed: int = 1,
) -> list[str]:
    """Write each target as a new folder that replaces ``out_dir/TARGET`` through ``stage``
    (swapped in with the rest, so it holds exactly what this run wrote); returns the lines to
    say. A TARGET folder the kit did not write is refused before anything is drawn."""
    from generator.export import sources
    from generator.export.readme import readme
    from generator.export.shops import export_shop
    from generator.export.tts import export_tts
    from generator.export.vassal import export_vassal

    for target in targets:
        check_replaceable(out_dir / target)
    said: list[str] = []
    for target in targets:
        final = out_dir / target
        folder = stage.whole_folder(final)
        if target == "tts":
            paths, lines, shown = export_tts(
                folder, cards, piece_size, source_only, base_url, final, seed
            )
            files, credits = [p.relative_to(folder) for p in paths], sources.credits(cards, shown)
        elif target == "vassal":
            made = export_vassal(folder, cards, piece_size, source_only)
            files, lines = [p.relative_to(folder) for p in made.files], made.said
            credits = made.credits
        else:
            written = export_shop(target, folder, cards, piece_size, source_only)
            files, lines = written.files, written.said
            credits = sources.credits(cards, written.pieces)
        (folder / "README.txt").write_text(
            readme(target, lines, [str(f) for f in files], credits), encoding="utf-8"
        )
        said.append(f"{final}: {'; '.join(lines)}")
    return said


@click.command(cls=PnpCommand)
@click.argument("target", metavar="TARGET[,TARGET...]")
@out_dir_option("Each target goes into DIR/TARGET, with a README.txt.", Path("out") / "export")
@click.option(
    "--piece-size",
    default="5/8in",
    show_default=True,
    metavar="SIZE",
    help="The counters' size: TGC's square chits need 1/2in, 3/4in or 1in.",
)
@click.option(
    "--base-url",
    default=None,
    metavar="URL",
    help="tts: image addresses URL/NAME instead of file:/// paths on this computer.",
)
@click.option(
    "--seed",
    default=1,
    show_default=True,
    type=click.IntRange(0),
    help="tts: the Cthulhu Who? set-up laid out (as havoc-pnp setups --seed rolls it).",
)
@click.pass_context
def export(
    ctx: click.Context,
    target: str,
    out_dir: Path,
    piece_size: str,
    base_url: str | None,
    seed: int,
) -> None:
    """Export for print shops and table programs: tgc (The Game Crafter), mpc
    (MakePlayingCards / PrinterStudio), tts (Tabletop Simulator), vassal (a VASSAL
    module); several as tgc,tts.

    Every image is drawn from the kit's own sheets. Each target's folder has a README.txt
    saying what each file is and how to upload or import it.
    """
    from generator.sheet.options import SheetOptions
    from generator.sheet.staging import Staging

    targets = parse_targets(target)
    if base_url is not None:
        base_url = parse_base_url(base_url)
    size = SheetOptions.parse(piece_size=piece_size).piece
    with Staging() as stage:
        said = write_exports(
            targets, out_dir, cards_from(ctx), size, source_only_from(ctx), base_url, stage, seed
        )
    for line in said:
        click.echo(line)
