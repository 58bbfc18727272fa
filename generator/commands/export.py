"""`havoc-pnp export TARGET[,TARGET...] --out DIR`: the kit off the paper: The Game Crafter
(``tgc``), MakePlayingCards (``mpc``), Tabletop Simulator (``tts``) and VASSAL (``vassal``), each
into its own folder under DIR with a README of how to upload or import it; all written, or
none."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import click

from companion.errors import InputError
from havoc_cli.kit import Command, cards_from, source_only_from

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


def write_exports(
    targets: list[str],
    out_dir: Path,
    cards,
    piece_size: float,
    source_only: bool,
    base_url: str | None,
    stage,
) -> list[str]:
    """Write each target into ``out_dir/TARGET`` through ``stage`` (moved into place with the
    rest); returns the lines to say."""
    from generator.export import sources
    from generator.export.readme import readme
    from generator.export.shops import export_shop
    from generator.export.tts import export_tts
    from generator.export.vassal import export_vassal

    said: list[str] = []
    scratch = Path(tempfile.mkdtemp(prefix="havoc-export-"))
    try:
        for target in targets:
            folder = scratch / target
            if target == "tts":
                final = out_dir / target
                paths, lines, shown = export_tts(
                    folder, cards, piece_size, source_only, base_url, final
                )
                files, credits = (
                    [p.relative_to(folder) for p in paths],
                    sources.credits(cards, shown),
                )
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
            for f in [*files, Path("README.txt")]:
                shutil.move(folder / f, stage.path(out_dir / target / f))
            said.append(f"{out_dir / target}: {'; '.join(lines)}")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return said


@click.command(cls=Command)
@click.argument("target", metavar="TARGET[,TARGET...]")
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("out") / "export",
    show_default=True,
    help="Each target goes into DIR/TARGET, with a README.txt.",
)
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
@click.pass_context
def export(
    ctx: click.Context, target: str, out_dir: Path, piece_size: str, base_url: str | None
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
    size = SheetOptions.parse(piece_size=piece_size).piece
    with Staging() as stage:
        said = write_exports(
            targets, out_dir, cards_from(ctx), size, source_only_from(ctx), base_url, stage
        )
    for line in said:
        click.echo(line)
