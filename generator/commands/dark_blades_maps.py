"""`havoc-pnp maps [NAME...]`: Dark Blades maps at the counters' scale, tiled, and a blank hex
sheet (generator/dark_blades/map_tiles.py)."""

from __future__ import annotations

from pathlib import Path

import click

from generator.commands.common import PnpCommand, build_note_kept, given, output_option
from generator.commands.sheet_options import sheet_options
from generator.dark_blades import HEX_FITS, MAPS_PDF
from generator.product import Made, Run
from generator.sheet.options import SheetOptions
from havoc_cli.kit import cards_from, source_only_from, source_only_option

# The tiles run to 1/4in inside the paper (everything on them stays there), unless --margin is
# given: at the 1mm corner clearance a mounted counter needs, 5/8in hexes keep the map on 6
# tiles on A4 and Letter that the default 1/2in margin would spread over 8 and 12.
MAP_MARGIN = "1/4in"

hex_option = click.option(
    "--hex",
    "hexes",
    type=click.Choice(HEX_FITS, case_sensitive=False),
    default="roomy",
    show_default=True,
    help="Map hex size: roomy (a mounted counter clears every hex corner by 1 mm) or tight "
    "(a counter plus 3 mm, about half the paper: counters overhang the hex corners, as on "
    "many printed wargame maps; the kit's reading). Line of sight and ranges count hexes.",
)


def maps_pdf(
    cards,
    sheet: SheetOptions,
    out: Path,
    names: tuple[str, ...],
    source_only: bool,
    hexes: str = "roomy",
):
    """Write the maps named (every map when none is) and a blank hex sheet, with ``hexes``
    (roomy or tight) hexes; --source-only leaves out the kit's own designs."""
    from companion.dark_blades.maps import load_maps, map_named
    from generator.dark_blades.map_tiles import write_maps_pdf

    if names:
        maps = [map_named(cards, n, source_only) for n in names]
    else:
        maps = load_maps(cards, source_only)
    return maps, write_maps_pdf(out, maps, sheet, hexes.lower())


def build_maps(run: Run) -> list[Made]:
    """`build`'s maps: every map at the counters' scale, and a blank hex sheet."""
    from generator.commands.common import own_margin
    from generator.sheet.render_pdf import PdfStats

    path = run.path(MAPS_PDF)
    sheet = own_margin(run.sheet, run.margin_given, MAP_MARGIN)
    found, (pages, size) = maps_pdf(run.cards, sheet, path, (), run.source_only, run.hexes)
    if any(m.is_kit for m in found):
        what = "Dark Blades maps, the kit's designs (not the rulebook's), blank hex sheet"
    elif found:
        what = f"Dark Blades maps ({len(found)}) and a blank hex sheet"
    else:
        what = "A blank hex sheet (--source-only leaves out the kit's maps)"
    notes = (
        "Single-sided, at 100% (no fit to page).",
        "Each map starts with an overview page: how its tiles join.",
        "Trim each tile along its solid 'cut' edges (right and bottom); lay it over",
        "the tinted strip of the tile to its right or below, its edge on the dashed",
        "line, hex lines and coordinates meeting; tape the joins on the back.",
        *hex_sizes(found, sheet, run.hexes),
    )
    made = run.made(
        PdfStats(path, pages, pages, 0, size),
        what + ".",
        what,
        notes=notes,
        kind="maps",
        optional=optional_pages(found, sheet, pages, run.hexes),
        uses=scenario_uses(run.cards, found),
    )
    return [made]


def hex_sizes(maps, sheet: SheetOptions, hexes: str) -> tuple[str, ...]:
    """HOW-TO-PRINT's lines on the hex size: the sheets the maps take at each size (overviews
    and the blank hex sheet included), which one this build used, and at tight the kit's
    reading of a counter in a hex, labelled."""
    import textwrap

    from generator.dark_blades.map_tiles import TIGHT_READING, hex_flats, map_pages
    from generator.sheet.units import format_length

    if not maps:
        return ()
    said = []
    for fit in HEX_FITS:
        pages = [map_pages(m, sheet, fit) for m in maps]
        chosen = " (these files)" if fit == hexes else ""
        said.append(
            f"--hex {fit}{chosen} {format_length(hex_flats(sheet.piece, fit))}, "
            f"{sum(pages) - len(pages)} sheets of tiles ({sum(pages) + 1} in all)"
        )
    lines = [
        f"Hexes across the flats, for {format_length(sheet.piece)} counters: "
        + "; ".join(said)
        + "."
    ]
    if hexes == "tight":
        lines.append(TIGHT_READING)
    return tuple(line for text in lines for line in textwrap.wrap(text, 74))


def optional_pages(maps, sheet: SheetOptions, pages: int, hexes: str = "roomy") -> str:
    """The pages of the maps file one may leave unprinted, in words: each map's overview page
    (how its tiles join) and the blank hex sheet (the last page)."""
    from generator.dark_blades.map_tiles import map_pages

    overviews, page = [], 1
    for m in maps:
        overviews.append(page)
        page += map_pages(m, sheet, hexes)
    said = [f"page{'s' if len(overviews) > 1 else ''} {', '.join(map(str, overviews))} "
            "(the overview of each map)"] if overviews else []  # fmt: skip
    said.append(f"page {pages} (the blank hex sheet)")
    return " and ".join(said)


def scenario_uses(cards, maps) -> str:
    """Which scenario plays on which of ``maps``, from cards/dark-blades/scenario-maps.toml
    (the maps in order, the first above the next) and the scenario files' titles."""
    from companion.dark_blades import pieces
    from companion.dark_blades.scenario_marks import scenario_maps
    from companion.dark_blades.scenarios import load_scenarios

    names = {m.key: m.name for m in maps}
    titles = {k: s.title for k, s in load_scenarios(cards, pieces.load(cards)).items()}
    uses: dict[str, list[str]] = {}
    for key, keys in scenario_maps(cards).items():
        if key in titles and all(k in names for k in keys):
            uses.setdefault(" above ".join(names[k] for k in keys), []).append(titles[key])
    if not uses:
        return ""
    return "Scenarios: " + "; ".join(f"{', '.join(t)}: {m}" for m, t in uses.items()) + "."


@click.command(cls=PnpCommand)
@sheet_options
@hex_option
@output_option(MAPS_PDF)
@source_only_option
@click.argument("names", nargs=-1, metavar="[NAME...]")
@click.pass_context
def maps(
    ctx: click.Context, sheet: SheetOptions, hexes: str, output: Path, names: tuple[str, ...]
) -> None:
    """Dark Blades maps at the counters' scale: a --piece-size counter sits in one hex, a
    mounted (double) counter across two (--hex tight: hexes a counter plus 3 mm). Each map:
    an overview of how its tiles join, then the tiles (overlap strips, alignment marks,
    coordinates, edge numbers); then a blank hex sheet. NAME: arena, mill, or your own maps
    (--cards, or a map file by its path: ./ford.toml); none: every map. The kit's maps are its
    own design, not the rulebook's: --source-only leaves them out. With NAMEs the file is
    out/dark-blades-maps-NAME.pdf (beside the build's maps) unless -o is given.
    """
    from companion.dark_blades.maps import map_named
    from companion.errors import display_path
    from generator.commands.common import own_margin

    sheet = own_margin(sheet, given(ctx, "margin"), MAP_MARGIN)
    cards, source_only = cards_from(ctx), source_only_from(ctx)
    if names and not given(ctx, "output"):
        keys = dict.fromkeys(map_named(cards, n, source_only).key for n in names)
        output = Path("out") / f"dark-blades-maps-{'-'.join(keys)}.pdf"
    with build_note_kept([output], "-o FILE"):
        found, (pages, size) = maps_pdf(cards, sheet, output, names, source_only, hexes)
    what = ", ".join(m.name for m in found) or "blank hex sheet only"
    click.echo(f"{display_path(output)}: {what}, {pages} pages, {size / 1024:.0f} KB")
