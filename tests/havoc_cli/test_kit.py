"""The shared click plumbing (`havoc_cli.kit`): one value per single-value option, read off
click's public option attributes, and a refused field named as the command's option."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from companion.errors import FieldError
from havoc_cli.kit import Command, field_name, given_twice


@click.command(cls=Command, fields={"die": "DIE"})
@click.argument("table", required=False)
@click.option("-s", "--seed", type=int)
@click.option("-d", "--die", "faces", multiple=True)
@click.option("-e", "--explain", is_flag=True)
@click.option("-R", "--magic-ring", is_flag=True)
@click.option("--from", "from_sq")
@click.option("--at", nargs=2)
def probe(**_: object) -> None:
    raise FieldError(_["table"] or "seed", None, "refused")  # type: ignore[index]


@pytest.mark.parametrize(
    ("args", "twice"),
    [
        (["--seed", "1", "--seed", "2"], "--seed"),
        (["-s1", "-s", "2"], "--seed"),
        (["--seed=1", "-eRs", "2"], "--seed"),
        (["--from", "--seed", "--from", "B2"], "--from"),  # a value that looks like an option
        (["-d", "1", "-d", "2", "-ee", "-RR"], None),  # repeatable, flags
        (["--seed", "1", "--", "--seed", "2"], None),  # after --: arguments
        (["--at", "--seed", "--seed", "--seed", "1"], None),  # two values, then one --seed
        (["x", "--seed", "1", "y", "-s", "2"], "--seed"),  # options after arguments
    ],
)
def test_a_single_value_option_given_twice_is_found(args: list[str], twice: str | None) -> None:
    with click.Context(probe) as ctx:
        order = probe.make_parser(ctx).parse_args(args=args)[2] if twice is None else None
    result = CliRunner().invoke(probe, args)
    if twice is None:
        assert given_twice(order) is None
        assert "given twice" not in result.output
    else:
        assert isinstance(result.exception, SystemExit) and result.exit_code == 2
        assert f"{twice} given twice; give it once" in result.output


def test_a_refused_field_is_named_as_the_commands_option_or_argument() -> None:
    assert field_name(probe, "seed") == "--seed"
    assert field_name(probe, "from") == "--from"
    assert field_name(probe, "magic_ring") == "--magic-ring"
    assert field_name(probe, "table") == "TABLE"
    assert field_name(probe, "die") == "DIE"  # the command's own word
    assert field_name(probe, "cover") is None
    said = CliRunner().invoke(probe, ["magic_ring"])
    assert isinstance(said.exception, Exception) and str(said.exception) == "--magic-ring: refused"
    unknown = CliRunner().invoke(probe, ["cover"])
    assert isinstance(unknown.exception, FieldError) and str(unknown.exception) == "cover: refused"
