"""`havoc-pnp maps [NAME...]`: Dark Blades maps at the counters' scale, tiled, and a blank hex
sheet (generator/dark_blades/map_tiles.py)."""

from __future__ import annotations

from pathlib import Path

import click

from generator.commands.common import PnpCommand, build_note_kept, given, output_option
from generator.commands.sheet_options import sheet_options
from generator.dark_blades import MAPS_PDF
from generator.product import Made, Run
from generator.sheet.options import SheetOptions
from havoc_cli.kit import cards_from, source_only_from, source_only_option

# The tiles run to 1/4in inside the paper (everything on them stays there), unless --margin is
# given: at the 1mm corner clearance a mounted counter needs, 5/8in hexes keep the map on 6
# tiles on A4 and Letter that the default 1/2in margin would spread over 8 and 12.
MAP_MARGIN = "1/4in"


def maps_pdf(cards, sheet: SheetOptions, out: Path, names: tuple[str, ...], source_only: bool):
    """Write the maps named (every map when none is) and a blank hex sheet; --source-only
    leaves out the kit's own designs."""
    from companion.dark_blades.maps import find_map, load_maps
    from generator.dark_blades.map_tiles import write_maps_pdf

    if names:
        maps = [find_map(cards, n, source_only) for n in names]
    else:
        maps = load_maps(cards, source_only)
    return maps, write_maps_pdf(out, maps, sheet)


def build_maps(run: Run) -> list[Made]:
    """`build`'s maps: every map at the counters' scale, and a blank hex sheet."""
    from generator.commands.common import own_margin
    from generator.sheet.render_pdf import PdfStats

    path = run.path(MAPS_PDF)
    sheet = own_margin(run.sheet, run.margin_given, MAP_MARGIN)
    found, (pages, size) = maps_pdf(run.cards, sheet, path, (), run.source_only)
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
    )
    made = run.made(
        PdfStats(path, pages, pages, 0, size),
        what + ".",
        what,
        notes=notes,
        kind="maps",
        optional=optional_pages(found, sheet, pages),
        uses=scenario_uses(run.cards, found),
    )
    return [made]


def optional_pages(maps, sheet: SheetOptions, pages: int) -> str:
    """The pages of the maps file one may leave unprinted, in words: each map's overview page
    (how its tiles join) and the blank hex sheet (the last page)."""
    import math

    from generator.dark_blades.map_tiles import Geometry, hex_flats, tile_plan

    r = hex_flats(sheet.piece) / math.sqrt(3.0)
    overviews, page = [], 1
    for m in maps:
        overviews.append(page)
        page += 1 + len(tile_plan(Geometry(m, r), sheet))
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
@output_option(MAPS_PDF)
@source_only_option
@click.argument("names", nargs=-1, metavar="[NAME...]")
@click.pass_context
def maps(ctx: click.Context, sheet: SheetOptions, output: Path, names: tuple[str, ...]) -> None:
    """Dark Blades maps at the counters' scale: a --piece-size counter sits in one hex, a
    mounted (double) counter across two. Each map: an overview of how its tiles join, then
    the tiles (overlap strips, alignment marks, coordinates, edge numbers); then a blank hex
    sheet. NAME: arena, mill, or your own maps (--cards); none: every map. The kit's maps
    are its own design, not the rulebook's: --source-only leaves them out. With NAMEs the
    file is out/dark-blades-maps-NAME.pdf (beside the build's maps) unless -o is given.
    """
    from companion.dark_blades.maps import find_map
    from companion.errors import display_path
    from generator.commands.common import own_margin

    sheet = own_margin(sheet, given(ctx, "margin"), MAP_MARGIN)
    cards, source_only = cards_from(ctx), source_only_from(ctx)
    if names and not given(ctx, "output"):
        keys = dict.fromkeys(find_map(cards, n, source_only).key for n in names)
        output = Path("out") / f"dark-blades-maps-{'-'.join(keys)}.pdf"
    with build_note_kept([output], "-o FILE"):
        found, (pages, size) = maps_pdf(cards, sheet, output, names, source_only)
    what = ", ".join(m.name for m in found) or "blank hex sheet only"
    click.echo(f"{display_path(output)}: {what}, {pages} pages, {size / 1024:.0f} KB")
