"""out/HOW-TO-PRINT.txt: written by `havoc-pnp build` from templates/how-to-print.txt.j2, it
names each file with its pages, sheets and pieces (read back from the PDFs and the roster),
the options, the steps for the chosen duplex mode and cut guides, and a command that rebuilds
the very same files."""

from __future__ import annotations

import shlex
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion.data import Cards
from generator.dark_blades import counters as dark_blades
from tests.conftest import ROOT

OPTIONS = [
    "--paper", "letter", "--piece-size", "3/4in", "--duplex", "short",
    "--back-offset", "1,-0.5", "--bleed", "3mm", "--cut-guides", "lines",
]  # fmt: skip


def build(havoc_pnp, out: Path, *options: str) -> str:
    result = havoc_pnp("build", "--out", out, *options)
    assert result.exit_code == 0, result.output
    assert (
        result.stdout.splitlines()[-1] == f"{out / 'HOW-TO-PRINT.txt'}: how to print, step by step"
    )
    return (out / "HOW-TO-PRINT.txt").read_text(encoding="utf-8")


def note_of(kit: Path) -> str:
    """HOW-TO-PRINT.txt of a shared `kit_build` folder."""
    return (kit / "HOW-TO-PRINT.txt").read_text(encoding="utf-8")


def pages(path: Path) -> int:
    return len(PdfReader(path).pages)


@pytest.mark.slow
def test_files_options_and_steps(kit_build) -> None:
    out = kit_build(*OPTIONS)
    note = note_of(out)
    counters, calibration = out / "dark-blades-counters.pdf", out / "calibration.pdf"
    n = pages(counters)
    assert "dark-blades-counters.pdf\n    Dark Blades counters" in note
    assert (
        f"Print pages 1-{n} on both sides, flipping on the short edge:\n    {n // 2} sheets" in note
    )
    assert "calibration.pdf\n    Printer calibration" in note
    assert f"Print pages 1-{pages(calibration)} on both sides" in note
    made = dark_blades.counter_pieces(Cards())
    squares = sum(1 for p in made if p.cols == 1 and "marker" not in p.tags)
    doubles = sum(1 for p in made if p.cols == 2)
    markers = sum(1 for p in made if "marker" in p.tags)
    assert f"{squares} square counters, {doubles} double-length, {markers} markers." in note
    for line in (
        "paper         Letter",
        "piece size    3/4in",
        "duplex        short edge",
        "back offset   1,-0.5 mm (DX,DY)",
        "bleed         3mm bleed",
        "cut guides    lines",
    ):
        assert line in note
    assert '"Actual size"' in note and "flipping on the short edge" in note
    assert "--back-offset 1,-0.5: the new offset" in note
    assert "Every cut line runs to the edge of the paper" in note
    assert "two cuts between neighbours" in note
    assert "NOT the rulebook's" in note
    for line in note.splitlines():
        assert len(line) < 80 or line.lstrip().startswith("havoc-pnp "), line


@pytest.mark.slow
def test_the_command_in_the_note_rebuilds_the_same_files(
    havoc_pnp, kit_build, tmp_path, monkeypatch
):
    first = kit_build(*OPTIONS)
    note = note_of(first)
    command = note.split("with:\n", 1)[1].splitlines()[0].strip()
    words = shlex.split(command)
    assert words[:2] == ["havoc-pnp", "build"] and "--back-offset" in words
    monkeypatch.chdir(tmp_path)  # the note's --out is the path as given
    words[words.index("--out") + 1] = "second"
    again = havoc_pnp(*words[1:])
    assert again.exit_code == 0, again.output
    for name in ("dark-blades-counters.pdf", "calibration.pdf"):
        assert (first / name).read_bytes() == (tmp_path / "second" / name).read_bytes()
    rebuild = [ln.strip() for ln in note.splitlines() if "--back-offset DX,DY" in ln]
    assert rebuild == [command.replace("--back-offset 1,-0.5", "--back-offset DX,DY")]


@pytest.mark.slow
def test_fold_over_and_crop_steps(kit_build) -> None:
    note = note_of(kit_build("--duplex", "none"))
    assert "single-sided" in note and "glue" in note and "fold" in note
    assert "DX,DY" not in note and "flipping" not in note
    assert "cut along the vertical marks" in note  # crop marks, the default


@pytest.mark.slow
@pytest.mark.parametrize("existing", [True, False])
def test_written_atomically_through_templates_dir(havoc_pnp, tmp_path, monkeypatch, existing):
    import companion.data

    templates = tmp_path / "templates"
    shutil.copytree(companion.data.templates_dir(), templates)  # the aids' templates too
    (templates / "how-to-print.txt.j2").write_text("{{ files|length }} files, {{ counters }}\n")
    monkeypatch.setattr(companion.data, "templates_dir", lambda: templates)
    out = tmp_path / "o"
    if existing:
        out.mkdir()
        (out / "HOW-TO-PRINT.txt").write_text("old")
    note = build(havoc_pnp, out)
    assert note == f"{len(list(out.glob('*.pdf')))} files, dark-blades-counters.pdf\n"
    assert sorted(p.name for p in out.iterdir() if p.name.startswith(".")) == []


@pytest.mark.slow
def test_the_note_says_source_only_counters_are_blank(kit_build) -> None:
    note = " ".join(note_of(kit_build("--source-only")).split())
    assert "The value boxes are blank (--source-only" in note
    assert "Values on the counters" not in note


def test_the_note_says_where_the_values_come_from(havoc_pnp, kit_build, tmp_path: Path) -> None:
    from companion.errors import display_path

    note = " ".join(note_of(kit_build()).split())
    assert "Values on the counters are the Havoc Kit's own defaults, NOT the rulebook's" in note
    mine = tmp_path / "mine" / "dark-blades"
    mine.mkdir(parents=True)
    kit = ROOT / "cards" / "dark-blades" / "pieces.csv"
    (mine / "pieces.csv").write_text(kit.read_text(encoding="utf-8"), encoding="utf-8")
    note = " ".join(build(havoc_pnp, tmp_path / "out", "--cards", tmp_path / "mine").split())
    assert f"Values on the counters come from {display_path(mine / 'pieces.csv')}." in note
    assert "own defaults" not in note


def test_the_note_names_the_export_command_in_one_line(tmp_path: Path) -> None:
    from generator.commands.export import TARGETS
    from generator.howto import render
    from generator.sheet.options import SheetOptions

    note = render(SheetOptions.parse(), tmp_path, [], read=[])
    (line,) = [x for x in note.splitlines() if "havoc-pnp export" in x]
    assert len(line) <= 80 and line.endswith("havoc-pnp export " + ",".join(TARGETS))
    assert "Licence: https://creativecommons.org/licenses/by/3.0/" in note
