"""The shared CLI plumbing: names by prefix/initials, one value per option, help with no command."""

from __future__ import annotations

import pytest

from companion.errors import AmbiguousName, InputError
from companion.names import complete, pick
from generator.cli import main as pnp_main
from tests.conftest import run

TABLES = ["infantry-vs-infantry", "infantry-vs-cavalry", "cavalry-vs-infantry", "lake", "river"]


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("lake", "lake"),
        ("LAKE", "lake"),
        ("ri", "river"),
        ("INFANTRY-VS-INFANTRY", "infantry-vs-infantry"),
        ("inf-inf", "infantry-vs-infantry"),
        ("inf-vs-cav", "infantry-vs-cavalry"),
        ("cav", "cavalry-vs-infantry"),
        ("ii", "infantry-vs-infantry"),
        ("ivc", "infantry-vs-cavalry"),
        ("ci", "cavalry-vs-infantry"),
    ],
)
def test_pick_by_whole_prefix_words_or_initials(typed: str, name: str) -> None:
    assert pick(typed, TABLES, "table") == name


def test_pick_refuses_ambiguous_and_unknown_naming_the_choices() -> None:
    with pytest.raises(
        InputError, match=r"table 'inf' could be infantry-vs-infantry, infantry-vs-cavalry"
    ):
        pick("inf", TABLES, "table")
    with pytest.raises(InputError, match=r"unknown table 'sea': expected infantry-vs-infantry"):
        pick("sea", TABLES, "table")
    with pytest.raises(InputError, match="unknown table 'inf-lake'"):
        pick("inf-lake", TABLES, "table")


def test_an_ambiguous_name_lists_every_match_whatever_way_it_fits() -> None:
    crt = ["infantry-vs-infantry", "infantry-vs-mounted", "mounted-vs-mounted"]
    crt += ["mounted-vs-infantry", "missile-vs-mounted", "missile-vs-infantry"]
    with pytest.raises(InputError) as refused:
        pick("mi", crt, "results table")
    # two start with "mi"; mounted-vs-infantry has the initials mi: all three are listed
    assert refused.value.message == (
        "results table 'mi' could be missile-vs-mounted, missile-vs-infantry, "
        "mounted-vs-infantry: type more of it"
    )
    with pytest.raises(AmbiguousName) as refused:
        pick("m", crt, "results table")  # by start, by a later word's start: all five
    assert set(refused.value.matches) == set(crt) - {"infantry-vs-infantry"}


def test_one_word_by_its_start_finds_a_later_word() -> None:
    tables = ["lake", "lake-crawl-out", "river-crawl-out", "spell-resist", "river"]
    assert pick("res", tables, "table") == "spell-resist"
    assert pick("RES", tables, "table") == "spell-resist"
    assert pick("lake", tables, "table") == "lake"  # whole name first
    with pytest.raises(InputError, match="could be lake-crawl-out, river-crawl-out"):
        pick("crawl", tables, "table")


def test_complete_any_case() -> None:
    assert complete(TABLES, "INF") == ["infantry-vs-infantry", "infantry-vs-cavalry"]
    assert complete(TABLES, "") == TABLES


def test_single_value_option_given_twice_is_refused(havoc) -> None:
    result = havoc("roll", "2d6", "--seed", "1", "--seed", "2")
    assert result.exit_code == 2
    assert "--seed given twice" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_repeatable_option_still_repeats(havoc) -> None:
    result = havoc("roll", "d6", "d6", "--die", "1", "--die", "2")
    assert result.exit_code == 0, result.stderr


@pytest.mark.parametrize("args", [[], ["ring"]])
def test_no_subcommand_prints_help_to_stdout(havoc, args: list[str]) -> None:
    result = havoc(*args)
    assert result.exit_code == 0
    assert result.stdout.startswith("Usage: havoc")
    assert "Commands:" in result.stdout
    assert result.stderr == ""


def test_havoc_pnp_no_subcommand_prints_help() -> None:
    result = run(pnp_main, [])
    assert result.exit_code == 0
    assert result.stdout.startswith("Usage: havoc-pnp")
    assert "build" in result.stdout
