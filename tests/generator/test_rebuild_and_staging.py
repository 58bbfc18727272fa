"""Commands that rebuild what you built, and builds that write all their files or none.

HOW-TO-PRINT's commands and the calibration sheet's step 5 carry every option the files were
built with (``--cards`` too); a failure anywhere in ``build`` (the last file included) leaves
the previous build as it was; every page's footer names the back offset it was built for."""

from __future__ import annotations

import os
import shlex
import shutil
from pathlib import Path

import pdfplumber
import pytest

from companion.errors import DataError, InputError
from generator.sheet.options import SheetOptions
from generator.sheet.staging import Staging
from tests.conftest import ROOT

OPTIONS = ["--paper", "letter", "--piece-size", "1 1/4in", "--margin", "12mm",
           "--bleed", "1/8in", "--duplex", "short", "--back-offset", "1.5,-2",
           "--cut-guides", "lines", "--gutter", "5mm"]  # fmt: skip
NAMES = ("HOW-TO-PRINT.txt", "calibration.pdf", "dark-blades-counters.pdf")


def my_cards(tmp_path: Path) -> Path:
    mine = tmp_path / "my cards"
    (mine / "dark-blades").mkdir(parents=True)
    kit = (ROOT / "cards" / "dark-blades" / "pieces.csv").read_text(encoding="utf-8")
    mine_values = kit.replace(
        ",Zatan,,dark-blades,dog,fangs,8,6,9,", ",Zatan,,dark-blades,dog,fangs,8,6,7,"
    )
    assert mine_values != kit
    (mine / "dark-blades" / "pieces.csv").write_text(mine_values)
    return mine


def text_of(path: Path, page: int = 0) -> str:
    with pdfplumber.open(path) as pdf:
        return " ".join(pdf.pages[page].extract_text().split())


@pytest.mark.slow
def test_the_rebuild_commands_carry_every_option(havoc_pnp, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    cards = my_cards(tmp_path)
    first = havoc_pnp("build", "--cards", cards, "--out", "first", *OPTIONS)
    assert first.exit_code == 0, first.output
    note = (tmp_path / "first" / "HOW-TO-PRINT.txt").read_text(encoding="utf-8")
    command = note.split("with:\n", 1)[1].splitlines()[0].strip()
    words = shlex.split(command)
    assert words[words.index("--cards") + 1] == str(cards)
    for key in SheetOptions().arguments():  # every option, defaults too
        assert f"--{key}" in words, key
    words[words.index("--out") + 1] = "second"
    again = havoc_pnp(*words[1:])
    assert again.exit_code == 0, again.output
    for name in NAMES[1:]:
        assert (tmp_path / "first" / name).read_bytes() == (tmp_path / "second" / name).read_bytes()
    assert "Values from my cards" in text_of(tmp_path / "second" / "dark-blades-counters.pdf")
    # the calibration sheet's step 5: the same build, a new offset
    step5 = text_of(tmp_path / "first" / "calibration.pdf")
    wanted = command.replace("--back-offset 1.5,-2", "--back-offset DX,DY")
    wanted = wanted.replace(" --out first", "")
    assert wanted in step5
    assert "moves the fronts as well as the backs" in step5


def test_calibrate_step_5_names_the_options_it_was_printed_with(havoc_pnp, tmp_path) -> None:
    cards = my_cards(tmp_path)
    result = havoc_pnp("calibrate", "--cards", cards, "-o", tmp_path / "c.pdf", *OPTIONS)
    assert result.exit_code == 0, result.output
    step5 = text_of(tmp_path / "c.pdf")
    assert "--paper Letter" in step5 and "--duplex short" in step5
    assert f"--cards '{cards}'" in step5 and "--piece-size '1 1/4in'" in step5
    assert "--back-offset DX,DY" in step5 and "havoc-pnp counters" not in step5


@pytest.mark.slow
def test_every_page_names_the_offset_it_was_built_for(havoc_pnp, tmp_path) -> None:
    result = havoc_pnp("build", "--out", tmp_path, "--back-offset", "1.5,-2")
    assert result.exit_code == 0, result.output
    for name in NAMES[1:]:
        with pdfplumber.open(tmp_path / name) as pdf:
            for page in pdf.pages:
                assert "built for --back-offset 1.5,-2" in " ".join(page.extract_text().split())


@pytest.mark.slow
@pytest.mark.parametrize("where", ["howto", "calibration"])
def test_a_failed_build_leaves_the_previous_one(
    havoc_pnp, kit_build, tmp_path, monkeypatch, where
) -> None:
    import generator.calibrate
    import generator.howto

    shutil.copytree(kit_build(), tmp_path, dirs_exist_ok=True)  # a previous build
    assert set(NAMES) <= {p.name for p in tmp_path.iterdir()}
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}  # every file build wrote

    def broken(*args, **kwargs):
        raise DataError("template broken", Path("how-to-print.txt.j2"))

    target = generator.howto if where == "howto" else generator.calibrate
    monkeypatch.setattr(target, "render" if where == "howto" else "_back", broken)
    second = havoc_pnp("build", "--out", tmp_path, "--paper", "letter")
    assert second.exit_code == 2 and "template broken" in second.output
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before  # no staging left


def test_staging_puts_the_old_files_back_when_a_move_fails(tmp_path, monkeypatch) -> None:
    for name in ("a", "b"):
        (tmp_path / name).write_text(f"old {name}")
    real = os.replace
    calls = []

    def flaky(src, dst):
        calls.append(dst)
        if len(calls) == 4:  # a's backup, a, b's backup, then b fails
            raise OSError(28, "No space left on device")
        return real(src, dst)

    with pytest.raises(InputError, match="No space left on device; nothing was changed"):
        with Staging() as stage:
            for name in ("a", "b"):
                stage.path(tmp_path / name).write_text(f"new {name}")
            monkeypatch.setattr(os, "replace", flaky)
    monkeypatch.setattr(os, "replace", real)
    assert [(tmp_path / n).read_text() for n in ("a", "b")] == ["old a", "old b"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "b"]


def test_a_whole_folder_is_swapped_in_or_the_old_one_put_back(tmp_path, monkeypatch) -> None:
    old = tmp_path / "tts"
    (old / "counters").mkdir(parents=True)
    (old / "counters" / "stale.png").write_text("old")
    (tmp_path / "note.txt").write_text("old note")
    real = os.replace
    calls = []

    def flaky(src, dst):
        calls.append(dst)
        if len(calls) == 4:  # the old folder aside, the new one in, note's backup, then note
            raise OSError(28, "No space left on device")
        return real(src, dst)

    with pytest.raises(InputError, match="nothing was changed"):
        with Staging() as stage:
            (stage.whole_folder(old) / "new.png").write_text("new")
            stage.path(tmp_path / "note.txt").write_text("new note")
            monkeypatch.setattr(os, "replace", flaky)
    monkeypatch.setattr(os, "replace", real)
    assert (old / "counters" / "stale.png").read_text() == "old" and not (old / "new.png").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["note.txt", "tts"]
    with Staging() as stage:
        (stage.whole_folder(old) / "new.png").write_text("new")
    assert sorted(p.name for p in old.iterdir()) == ["new.png"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["note.txt", "tts"]


def test_staging_refuses_a_file_where_the_folder_goes(tmp_path) -> None:
    (tmp_path / "out").write_text("not a folder")
    with pytest.raises(InputError, match="it is a file, not a folder"):
        with Staging() as stage:
            stage.path(tmp_path / "out" / "x.pdf")


def test_help_readme_and_note_say_the_fronts_move_too(havoc_pnp, kit_build) -> None:
    help_text = " ".join(havoc_pnp("counters", "--help").output.split())
    assert "back pages only" not in help_text
    assert "fronts give up that much room on one side, so they move too" in help_text
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "back pages only" not in readme and "the fronts move too" in readme
    note = " ".join((kit_build() / "HOW-TO-PRINT.txt").read_text(encoding="utf-8").split())
    assert "A new offset moves the fronts as well as the backs" in note
    assert "fine line just inside its edge" in note  # what is printed: see test_cut_edges.py
    assert "coloured edges" not in note


@pytest.mark.slow
def test_a_failed_first_build_leaves_no_folder(havoc_pnp, tmp_path, monkeypatch) -> None:
    import generator.howto

    def broken(*args, **kwargs):
        raise DataError("template broken", Path("how-to-print.txt.j2"))

    monkeypatch.setattr(generator.howto, "render", broken)
    result = havoc_pnp("build", "--out", tmp_path / "new" / "out")
    assert result.exit_code == 2
    assert list(tmp_path.iterdir()) == []


def test_staging_writes_through_a_symlink_and_refuses_a_directory_first(tmp_path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    (real / "t.pdf").write_text("old")
    (tmp_path / "link.pdf").symlink_to(real / "t.pdf")
    with Staging() as stage:
        staged = stage.path(tmp_path / "link.pdf")
        staged.write_text("new")
        assert stage.final(staged) == tmp_path / "link.pdf"
    assert (tmp_path / "link.pdf").is_symlink() and (real / "t.pdf").read_text() == "new"
    (tmp_path / "adir").mkdir()
    written = []
    with pytest.raises(InputError, match="it is a directory"):
        with Staging() as stage:
            stage.path(tmp_path / "adir")
            written.append("never")  # refused before the caller writes anything
    assert written == [] and sorted(p.name for p in tmp_path.iterdir()) == [
        "adir",
        "link.pdf",
        "real",
    ]


def test_a_product_that_fails_fails_the_build_and_touches_nothing(
    havoc_pnp, kit_build, tmp_path
) -> None:
    """A user's roster that breaks one scenario: not a warning and a stale scenario sheet,
    but one error line, exit 2 and the previous build as it was."""
    out = shutil.copytree(kit_build(), tmp_path / "out")  # a previous build
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    assert "dark-blades-scenarios.pdf" in before
    mine = tmp_path / "mine"
    (mine / "dark-blades").mkdir(parents=True)
    kit = (ROOT / "cards" / "dark-blades" / "pieces.csv").read_text(encoding="utf-8")
    (mine / "dark-blades" / "pieces.csv").write_text(kit.replace(",Zatan,", ",Zatanas,"))
    broken = havoc_pnp("build", "--cards", mine, "--out", out)
    assert broken.exit_code == 2, broken.output
    assert "Zatan" in broken.stderr and "Traceback" not in broken.output
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_a_product_left_out_for_small_paper_is_removed_and_said(
    havoc_pnp, kit_build, tmp_path
) -> None:
    out = shutil.copytree(kit_build(), tmp_path / "out")  # a previous build
    assert (out / "kniggits-armies.pdf").exists() and (out / "whos-next-slips.pdf").exists()
    small = havoc_pnp("build", "--out", out, "--paper", "100x150mm")
    assert small.exit_code == 0, small.output
    left = {p.name for p in out.iterdir()}
    for name in ("kniggits-armies.pdf", "whos-next-slips.pdf", "cthulhu-who-setups.pdf",
                 "dark-blades-scenarios.pdf", "kniggits-aid.pdf"):  # fmt: skip
        assert name not in left, name
    note = (out / "HOW-TO-PRINT.txt").read_text(encoding="utf-8")
    tail = note.split("NOT BUILT ON THIS PAPER", 1)[1]
    assert "kniggits-armies.pdf:" in tail and "whos-next-slips.pdf:" in tail
    assert "dark-blades-scenarios.pdf:" in tail and "too small" in tail
