"""`havoc crush`, and `havoc attack`'s squares: Cthulhu Who? on the garden of a set-up sheet.

Thin over companion.cthulhu_who.on_board (the kit's readings of the board, geometry.py): parse
the squares, call, print 40-column text or ``--json``. Under ``--source-only`` the board's
answers are refused: how squares are counted is the kit's reading, not the rulebook's.
"""

from __future__ import annotations

from typing import Any

import click

from companion.errors import InputError
from companion.text import fit, wrap
from havoc_cli.kit import (
    SEED,
    Narrow,
    Whole,
    cards_from,
    emit_json,
    json_option,
    kit_of,
)

CRUSH_JSON = """--json: {setup, boards, monster (its 4 squares), to (its 4 squares after,
or null), entered, figures: [{square, figure, result}], collapse (squares), collapse_needs,
readings (the kit's)}"""
SOURCE_ONLY_BOARD = (
    "--source-only: the rules do not say how squares are counted on the board (diagonals, "
    "lines); that is the kit's reading (cards/cthulhu-who/readings.toml): leave out --source-only"
)


def board_options(command: Any) -> Any:
    """``--boards 1|2``: the set-up sheet's garden of one board or two side by side."""
    return click.option(
        "--boards",
        type=Whole(1, 2),
        default=1,
        show_default=True,
        metavar="1|2",
        help="The sheet's boards: 1, or 2 side by side.",
    )(command)


def board_attack_for(
    ctx: click.Context,
    who: Any,
    whom: str,
    setup_seed: int | None,
    boards: int,
    from_sq: str | None,
    to_sq: str | None,
) -> Any:
    """The attack on the garden of set-up ``setup_seed``, or None without --from/--to."""
    if from_sq is None and to_sq is None:
        if setup_seed is not None:
            raise InputError("--setup: give --from SQ and --to SQ too (the two squares)")
        return None
    if from_sq is None or to_sq is None:
        raise InputError(f"{'--from' if from_sq is None else '--to'}: give both --from and --to")
    if setup_seed is None:
        raise InputError("--from/--to: give --setup S too (the seed printed on the set-up sheet)")
    if kit_of(ctx).source_only:
        raise InputError(SOURCE_ONLY_BOARD)
    from companion.cthulhu_who.geometry import ReadingRefusal, readings
    from companion.cthulhu_who.on_board import board_attack, crushes_only

    if crushes_only(who):
        raise InputError(
            f"--from/--to: a {who.name} does not attack; its move crushes: "
            "havoc crush --setup S --monster SQ --to SQ"
        )

    cards = cards_from(ctx)
    rd = readings(cards)
    try:
        return board_attack(cards, rd, who, whom, setup_seed, boards, from_sq, to_sq)
    except ReadingRefusal as e:  # the kit's reading refuses it: say so
        raise e.labelled(rd) from None


def square_name(square: tuple[int, int]) -> str:
    """A square as printed on the board (B3)."""
    from companion.cthulhu_who.geometry import name

    return name(square)


# --------------------------------------------------------------------------- crush


@click.command(cls=Narrow, epilog=CRUSH_JSON, short_help="Cthulhu Who? monster crush.")
@click.option(
    "--setup", "setup_seed", type=SEED, required=True, metavar="S", help="Set-up S's garden."
)
@board_options
@click.option("--monster", required=True, metavar="SQ", help="Its block's lowest square (B3).")
@click.option("--to", "to_sq", metavar="SQ", help="The block's lowest square after the move.")
@click.option(
    "--at",
    "figures",
    multiple=True,
    metavar="SQ=FIGURE",
    help="A figure in a square it enters, e.g. C3=hero (again for each).",
)
@json_option
@click.pass_context
def crush(
    ctx: click.Context,
    setup_seed: int,
    boards: int,
    monster: str,
    to_sq: str | None,
    figures: tuple[str, ...],
    as_json: bool,
) -> None:
    """Cthulhu Who? 4-square monster: the squares its move of 1 space enters (every figure there
    is crushed), and the squares its collapse hits if it is killed there.

    The block is named by its lowest-lettered, lowest-numbered square (B3: B3 C3 B4 C4), on the
    garden of set-up sheet S. Without --to: the collapse squares where it stands. The board's
    geometry is the kit's reading (cards/cthulhu-who/readings.toml).
    """
    if kit_of(ctx).source_only:
        raise InputError(SOURCE_ONLY_BOARD)
    from companion.cthulhu_who.attacks import attack_table
    from companion.cthulhu_who.geometry import ReadingRefusal, block, name, readings
    from companion.cthulhu_who.on_board import four_square_move

    cards = cards_from(ctx)
    rd = readings(cards)
    try:
        move = four_square_move(
            cards, rd, attack_table(cards), setup_seed, boards, monster, to_sq, figures
        )
    except ReadingRefusal as e:  # the kit's reading refuses it: say so
        raise e.labelled(rd) from None
    if as_json:
        emit_json(move.to_dict())
        return
    lines = []
    if move.crush is not None:
        entered = ", ".join(name(q) for q in move.crush.entered)
        lines.append(f"Enters {entered}: crushes all there")
        for square, figure, result in move.crushed:
            lines.append(f"  {figure} on {square}: {result}")
        if not move.crushed:
            lines.append("  heroes, cultists: killed, no roll")
        end = move.crush.end
        lines.append(f"Moves {name(move.start)} to {name(end)}, set-up {setup_seed}")
    else:
        end = move.start
        lines.append(f"Stands at {name(end)}, set-up {setup_seed}")
    lines.append(f"On {' '.join(name(q) for q in block(end))}")
    lines.append("If the monster is killed there, it")
    lines.append("  collapses: a Cultist attack on each")
    lines.append("  figure on:")
    lines.append(wrap("  " + ", ".join(name(q) for q in move.collapse), "  "))
    lines.append(wrap(f"  ({move.hits})", "  "))
    lines += [wrap("- " + r, "  ") for r in move.readings]
    click.echo(fit(lines))
