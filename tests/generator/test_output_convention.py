"""One output convention across `havoc-pnp`: -o FILE for one file, --out DIR for several, the
other spelling answered with a one-line hint; and a single-product command never silently
leaves a build's HOW-TO-PRINT.txt and print-checklist.pdf describing files it replaced."""

from __future__ import annotations

import click
import pytest

from generator.cli import main

ONE_FILE = ["calibrate", "counters", "maps", "scenarios", "setups", "spells"]
SEVERAL = ["aids", "build", "export", "kniggits", "slips"]


def _options(command: click.Command) -> set[str]:
    return {o for p in command.params for o in p.opts}


def test_every_command_writes_through_one_spelling() -> None:
    ctx = click.Context(main)
    names = main.list_commands(ctx)
    assert sorted(names) == sorted(ONE_FILE + SEVERAL)  # a new command is sorted in here
    for name in names:
        shown = _options(main.get_command(ctx, name))
        assert ("-o" in shown) == (name in ONE_FILE), name
        assert ("--out" in shown) == (name in SEVERAL), name
        assert "--output" not in shown or "-o" in shown, name


def test_a_mistyped_option_is_not_offered_the_other_spelling(havoc_pnp) -> None:
    result = havoc_pnp("counters", "--colour", "red")
    assert result.exit_code == 2 and "--out" not in result.output, result.output


@pytest.mark.parametrize("name", ONE_FILE)
def test_out_on_a_one_file_command_is_a_hint(havoc_pnp, tmp_path, name) -> None:
    result = havoc_pnp(name, "--out", tmp_path)
    assert result.exit_code == 2
    assert result.output.count("\n") == 1, result.output
    assert f"--out: {name} writes one file: give -o FILE" in result.output
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("name", SEVERAL)
@pytest.mark.parametrize("spelling", ["-o", "--output"])
def test_o_on_a_several_files_command_is_a_hint(havoc_pnp, tmp_path, name, spelling) -> None:
    target = ["tgc"] if name == "export" else []
    result = havoc_pnp(name, *target, spelling, tmp_path / "x.pdf")
    assert result.exit_code == 2
    assert result.output.count("\n") == 1, result.output
    assert f"{spelling}: {name} writes several files: give --out DIR" in result.output
    assert not list(tmp_path.iterdir())


def test_setups_are_named_by_their_seeds_beside_the_builds(havoc_pnp, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    one = havoc_pnp("setups", "--seed", "7")
    assert one.exit_code == 0, one.output
    batch = havoc_pnp("setups", "-n", "2", "--seed", "7")
    assert batch.exit_code == 0, batch.output
    drawn = havoc_pnp("setups")
    seed = drawn.output.split("--seed ")[1].split()[0]
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert names == sorted(
        [
            "cthulhu-who-setups-seed-7.pdf",
            "cthulhu-who-setups-seeds-7-8.pdf",
            f"cthulhu-who-setups-seed-{seed}.pdf",
        ]
    )  # never the build's cthulhu-who-setups.pdf
    assert one.output.startswith("out/cthulhu-who-setups-seed-7.pdf: 1 Cthulhu Who? set-up")


def test_one_scenarios_sheets_are_named_for_it(havoc_pnp, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = havoc_pnp("scenarios", "raid", "RAID")
    assert result.exit_code == 0, result.output
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["dark-blades-scenarios-raid.pdf"]


def _fake_build(folder, name: str) -> None:
    """A folder as a build leaves it, as far as the guard looks: a note listing ``name``."""
    folder.mkdir()
    (folder / "HOW-TO-PRINT.txt").write_text(f"1. {name}: what it is\n", encoding="utf-8")
    (folder / "print-checklist.pdf").write_bytes(b"%PDF- the build's checklist")
    (folder / name).write_bytes(b"%PDF- the build's file")


def test_remaking_a_builds_file_with_other_bytes_says_so(havoc_pnp, tmp_path) -> None:
    out = tmp_path / "out"
    _fake_build(out, "calibration.pdf")
    first = havoc_pnp("calibrate", "-o", out / "calibration.pdf")
    assert first.exit_code == 0, first.output
    warning = first.stderr.strip()
    assert warning.count("\n") == 0 and warning.startswith("havoc-pnp: warning: ")
    assert "HOW-TO-PRINT.txt and print-checklist.pdf describe the build's calibration.pdf" in (
        warning
    )
    assert "havoc-pnp build refreshes them" in warning
    again = havoc_pnp("calibrate", "-o", out / "calibration.pdf")  # the same bytes again
    assert again.exit_code == 0 and again.stderr == ""
    elsewhere = havoc_pnp("calibrate", "-o", out / "mine.pdf")  # not the build's file
    assert elsewhere.exit_code == 0 and elsewhere.stderr == ""


def test_a_folder_without_a_build_note_is_nobody_s_business(havoc_pnp, tmp_path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "calibration.pdf").write_bytes(b"%PDF- old")
    result = havoc_pnp("calibrate", "-o", out / "calibration.pdf")
    assert result.exit_code == 0 and result.stderr == ""


def test_the_rings_slips_go_beside_the_builds_blank_ones(havoc_pnp, tmp_path) -> None:
    out = tmp_path / "out"
    _fake_build(out, "whos-next-slips.pdf")
    result = havoc_pnp("slips", "--names", "Ann,Bob,Cat", "--out", out)
    assert result.exit_code == 0 and result.stderr == "", result.output
    assert (out / "whos-next-slips.pdf").read_bytes() == b"%PDF- the build's file"
    assert (out / "whos-next-game-slips.pdf").is_file()
