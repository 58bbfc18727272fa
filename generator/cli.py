"""`havoc-pnp`: print-and-play sheets. The group; each command lives in generator/commands/ and
is imported only when run (or listed in --help).

Every command shares the sheet options (generator/sheet/options.py). Bad input, including
click's own usage errors, is one line `havoc-pnp: error: ...` and exit status 2, never a
traceback.
"""

from __future__ import annotations

import click

from companion import __version__
from havoc_cli.kit import LazyGroup, cards_option, source_only_option

# The commands every game shares; each game declares its own in its package
# (`PRINTING.commands`, generator/<game>/__init__.py), read through `generator.registry`.
CORE = {
    "aids": "generator.commands.build:aids",
    "calibrate": "generator.commands.build:calibrate",
    "build": "generator.commands.build:build",
    "export": "generator.commands.export:export",
}


@click.group(
    cls=LazyGroup,
    lazy=CORE,
    more="generator.registry:pnp_commands",
    prog="havoc-pnp",
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@cards_option
@source_only_option
@click.version_option(__version__, prog_name="havoc-pnp")
def main() -> None:
    """Havoc Kit print-and-play: counters, spell cards, set-up sheets, reference sheets, the
    other games' pieces, and a printer calibration page.

    \b
    Typical use:
      havoc-pnp build --paper letter    everything into ./out/
      havoc-pnp build --paper letter --back-offset 1,-0.5
                                        again, with calibration.pdf's DX,DY
      havoc-pnp setups --seed 7         one more file beside them

    Every command takes the same sheet options (paper, margins, piece size, bleed, cut
    guides, duplex, back offset); see `havoc-pnp counters --help`.

    A command that writes one file takes -o FILE; one that writes several, --out DIR. `build`
    writes HOW-TO-PRINT.txt and print-checklist.pdf for its files. The other commands write
    what differs from the build beside it, under names of their own (set-ups by seed, the
    saved ring's slips, one scenario's counters, sheets or maps); one that remakes a build's
    file with other bytes says so in a warning: `build` refreshes the two.
    """
