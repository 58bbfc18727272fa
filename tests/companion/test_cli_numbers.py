"""One number type for every numeric option of both CLIs (issue 25 item 4): ASCII digits only,
no sign, within its range; Unicode digits, signs, exponents and 20-digit seeds are refused in
one line with exit 2, naming the option."""

from __future__ import annotations

import click
import pytest

from companion.cli import main as havoc_main
from generator.cli import main as pnp_main
from havoc_cli.kit import SEED, Whole
from tests.conftest import run

ODD = ["x", "²", "٣", "١٠", "-1", "+5", "1e9", "1.5", " 7", "12345678901234567890"]


def _commands(group: click.Group, path: tuple[str, ...] = ()):
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if isinstance(command, click.Group):
            yield from _commands(command, (*path, name))
        else:
            yield (*path, name), command


def _numeric(main: click.Group):
    """(main, command path, option, its type) for every parameter that takes a number."""
    for path, command in _commands(main):
        for param in command.params:
            kind = param.type
            if isinstance(kind, Whole | click.types._NumberParamTypeBase):
                yield main, path, param, kind


NUMERIC = [*_numeric(havoc_main), *_numeric(pnp_main)]
IDS = [f"{m.name}-{'-'.join(p)}-{o.name}" for m, p, o, _ in NUMERIC]


def test_every_numeric_option_of_both_clis_uses_the_one_type():
    assert len(NUMERIC) >= 20  # seeds, dice, counts, ports, points in both CLIs
    other = [
        i for i, (_m, _p, _o, kind) in zip(IDS, NUMERIC, strict=True) if type(kind) is not Whole
    ]
    assert other == []


def test_every_seed_option_is_the_seed_type():
    seeds = [
        (i, kind) for i, (_m, _p, o, kind) in zip(IDS, NUMERIC, strict=True) if o.name == "seed"
    ]
    assert len(seeds) >= 8
    assert all(kind is SEED for _i, kind in seeds), seeds


@pytest.mark.parametrize(("main", "path", "option", "kind"), NUMERIC, ids=IDS)
def test_odd_numbers_are_refused_in_one_line(main, path, option, kind, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    flag = option.opts[-1] if isinstance(option, click.Option) else None
    for odd in ODD:
        if flag is None:  # an argument: typed directly (only the numeric ones are tried)
            continue
        values = [odd] * option.nargs
        result = run(main, [*path, flag, *values])
        lines = result.output.strip().splitlines()
        assert result.exit_code == 2 and len(lines) == 1, (path, flag, odd, result.output)
        assert flag in lines[0] and "whole number" in lines[0], lines[0]


def test_the_type_takes_ascii_digits_within_its_range():
    port = Whole(0, 65535)
    assert port.convert("8600", None, None) == 8600 and port.convert("0", None, None) == 0
    assert SEED.convert("999999999999999999", None, None) == 10**18 - 1
    for odd in ["65536", "٣", "-1", "+5", "", "0x10", "1_000"]:
        with pytest.raises(click.BadParameter):
            port.convert(odd, None, None)
    with pytest.raises(click.BadParameter):
        SEED.convert("1000000000000000000", None, None)


def test_a_seed_gives_the_same_roll_as_before(havoc):
    assert havoc("roll", "2d6", "--seed", "7").output == havoc("roll", "2d6", "-s", "07").output


def test_a_batch_of_set_ups_never_passes_the_largest_seed(havoc_pnp, tmp_path):
    result = havoc_pnp(
        "setups", "--seed", "999999999999999999", "-n", "2", "--output", tmp_path / "s.pdf"
    )
    assert result.exit_code == 2 and "passes the largest seed" in result.output
    assert not (tmp_path / "s.pdf").exists()
