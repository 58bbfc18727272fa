"""`havoc-pnp` commands: files written, one line per file, one-line errors with exit status 2."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from companion.data import Cards
from generator.sheet.layout import impose
from generator.sheet.options import SheetOptions
from tests.conftest import ROOT


def one_line_error(result, starts: str) -> None:
    assert result.exit_code == 2, result.output
    err = result.stderr
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith(f"havoc-pnp: error: {starts}"), err


@pytest.mark.parametrize(
    ("args", "starts"),
    [
        (["counters", "--piece-size", "5/0in"],
         "--piece-size: expected a size such as 5/8in or 16mm, got '5/0in'"),
        (["counters", "--paper", "A3"], "--paper: expected A4, Letter or a size"),
        (["calibrate", "--duplex", "sideways"], "--duplex: expected one of long, short, none"),
        (["build", "--bleed", "2in"], "--bleed: expected at most 1/4in"),
        (["counters", "--back-offset", "left"], "--back-offset: expected DX,DY"),
        (["counters", "--paper", "1.5x1.5in", "--piece-size", "1in"], "--piece-size: a 1in piece"),
        (["counters", "--paper", "2x2in", "--piece-size", "1in"], "piece '"),
        (["counters", "--colour", "red"], "No such option '--colour' (see havoc-pnp counters --help)"),
        (["counters", "-o"], "Option '-o' requires an argument"),
        (["sheets"], "No such command 'sheets'"),
        (["counters", "--roster", "no-such-file.csv"], "no-such-file.csv: --roster: file not"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line(havoc_pnp, args: list[str], starts: str) -> None:
    one_line_error(havoc_pnp(*args), starts)


def test_counters_writes_one_pdf(havoc_pnp, tmp_path: Path) -> None:
    from generator.dark_blades import counters as dark_blades

    out = tmp_path / "c.pdf"
    result = havoc_pnp("counters", "--paper", "letter", "-o", out, "--svg", tmp_path / "svg")
    assert result.exit_code == 0, result.output
    pieces = dark_blades.counter_pieces(Cards())
    pages = impose(pieces, SheetOptions.parse(paper="letter"))
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"{out}: {len(pieces)} counters, {len(pages)} pages")
    from pypdf import PdfReader

    reader = PdfReader(out)
    assert len(reader.pages) == len(pages)
    assert reader.metadata.title == dark_blades.TITLE
    faces = sum(1 + (p.back is not None) for p in pieces)
    assert len(list((tmp_path / "svg").glob("*.svg"))) == faces
    assert lines[1].endswith(f"{faces} SVG files")


@pytest.mark.slow
def test_build_writes_everything_and_is_deterministic(havoc_pnp, kit_build, tmp_path: Path) -> None:
    first = kit_build()  # the run's shared default build, and one more here
    second = havoc_pnp("build", "--out", tmp_path / "b")
    assert second.exit_code == 0, second.output
    names = sorted(p.name for p in first.iterdir())
    assert len(kit_build.said().splitlines()) == len(names)
    games = [
        "kniggits-armies.pdf",
        "kniggits-figures.pdf",
        "kniggits-ruler-obstacles.pdf",
        "kniggits-tokens.pdf",
        "whos-next-slips.pdf",
    ]
    core = ["HOW-TO-PRINT.txt", "calibration.pdf", "dark-blades-counters.pdf"]
    assert set(core + games + ["dark-blades-spells.pdf"]) <= set(names)
    assert names[0] == "HOW-TO-PRINT.txt"
    for name in names[1:]:
        assert (first / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
        if shutil.which("qpdf"):
            check = subprocess.run(["qpdf", "--check", str(first / name)])
            assert check.returncode == 0


def test_calibrate(havoc_pnp, tmp_path: Path) -> None:
    out = tmp_path / "cal.pdf"
    result = havoc_pnp("calibrate", "--paper", "letter", "--duplex", "short", "-o", out)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{out}: calibration sheet, 2 pages")


def _small_cards(tmp_path: Path) -> Path:
    kit = Cards().path("dark-blades", "pieces.csv").read_text(encoding="utf-8").splitlines()
    rows = [line for line in kit if line and not line.startswith("#")]
    mine = tmp_path / "mycards" / "dark-blades"
    mine.mkdir(parents=True)
    (mine / "pieces.csv").write_text("\n".join(rows[:3]) + "\n", encoding="utf-8")
    return tmp_path / "mycards"


@pytest.mark.parametrize("where", ["group", "command"])
def test_cards_dir(havoc_pnp, tmp_path: Path, where: str) -> None:
    from generator.dark_blades import counters as dark_blades

    cards = _small_cards(tmp_path)
    expected = len(dark_blades.counter_pieces(Cards(cards)))
    assert expected < len(dark_blades.counter_pieces(Cards()))
    out = tmp_path / "c.pdf"
    if where == "group":
        result = havoc_pnp("--cards", cards, "counters", "-o", out)
    else:
        result = havoc_pnp("counters", "--cards", cards, "-o", out)
    assert result.exit_code == 0, result.output
    assert f": {expected} counters" in result.stdout


def test_help_reads(havoc_pnp) -> None:
    text = havoc_pnp("--help").stdout
    for command in ("counters", "calibrate", "build"):
        assert command in text
    text = havoc_pnp("counters", "--help").stdout
    for option in ("--roster", "--blank-values", "--svg", "--cards", "--paper", "--duplex"):
        assert option in text


def test_roster_and_blank_values_reach_the_counters(havoc_pnp, tmp_path: Path, monkeypatch) -> None:
    from generator.dark_blades import counters as dark_blades

    cards = _small_cards(tmp_path)
    roster = cards / "dark-blades" / "pieces.csv"
    seen: dict = {}
    real = dark_blades.counter_pieces

    def spy(
        cards_arg, roster=None, blank_values=False, piece_size=45.0, counts=None, riders=None,
        art=True, style="dark",
    ):  # fmt: skip
        seen.update(roster=roster, blank_values=blank_values, piece_size=piece_size, art=art)
        assert style == "dark"  # the default style
        assert counts is None and riders is None  # no --scenario: the whole roster
        return real(cards_arg, roster=roster, blank_values=blank_values)

    monkeypatch.setattr(dark_blades, "counter_pieces", spy)
    out = tmp_path / "c.pdf"
    result = havoc_pnp("counters", "--roster", roster, "--blank-values", "-o", out)
    assert result.exit_code == 0, result.output
    assert seen == {"roster": roster, "blank_values": True, "piece_size": 45.0, "art": True}
    expected = len(real(Cards(), roster=roster))
    assert f": {expected} counters" in result.stdout


HUGE = "9" * 400


@pytest.mark.parametrize("command", ["counters", "calibrate", "build"])
@pytest.mark.parametrize(
    ("option", "value", "starts"),
    [
        ("--back-offset", "nan,0", "--back-offset: expected DX,DY"),
        ("--back-offset", "0,nan", "--back-offset: expected DX,DY"),
        ("--back-offset", "inf,0", "--back-offset: expected DX,DY"),
        ("--back-offset", "-Infinity,0", "--back-offset: expected DX,DY"),
        ("--margin", f"{HUGE}mm", "--margin: '9999"),
        ("--margin", f"0,0,{HUGE}mm,0", "--margin: '9999"),
        ("--piece-size", f"{HUGE}mm", "--piece-size: '9999"),
        ("--gutter", f"{HUGE}in", "--gutter: '9999"),
        ("--bleed", f"{HUGE}mm", "--bleed: '9999"),
        ("--paper", f"{HUGE}x200mm", "--paper: "),
        ("--paper", "210x5081mm", "--paper: '210x5081mm' is larger than a PDF page can be"),
        ("--paper", "201x10in", "--paper: '201x10in' is larger than a PDF page can be"),
    ],
)
def test_non_finite_or_huge_numbers_are_one_line(
    havoc_pnp, tmp_path: Path, command: str, option: str, value: str, starts: str
) -> None:
    out = ["--out", tmp_path / "out"] if command == "build" else ["-o", tmp_path / "x.pdf"]
    one_line_error(havoc_pnp(command, option, value, *out), starts)
    assert not list(tmp_path.iterdir())


def test_largest_pdf_page_is_accepted(havoc_pnp, tmp_path: Path) -> None:
    result = havoc_pnp("calibrate", "--paper", "200x200in", "-o", tmp_path / "c.pdf")
    assert result.exit_code == 0, result.output


def test_a_huge_roster_count_is_one_line_not_a_memory_hog(havoc_pnp, tmp_path: Path) -> None:
    roster = tmp_path / "r.csv"
    roster.write_text(
        "count,name,side,type,attack,defence,move,stunned_defence,wounded_attack,"
        "wounded_defence,wounded_move\n"
        "99999999999999999,X,dark-blades,foot,1,1,1,1,1,1,1\n",
        encoding="utf-8",
    )
    result = havoc_pnp("counters", "--roster", roster, "-o", tmp_path / "x.pdf")
    one_line_error(result, f"{roster}:2: column 'count': ")
    assert "at most 100,000" in result.stderr


def test_output_through_a_symlink_replaces_its_target_not_the_link(havoc_pnp, tmp_path: Path):
    real = tmp_path / "real.pdf"
    real.write_bytes(b"%PDF-1.4 old")  # a PDF: replaced (a file that is not one is refused)
    link = tmp_path / "link.pdf"
    link.symlink_to(real)
    result = havoc_pnp("calibrate", "-o", link)
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert real.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_output_that_is_not_a_regular_file_is_refused(havoc_pnp, tmp_path: Path, kind: str):
    import os
    import stat

    if kind == "fifo":
        target = tmp_path / "pipe.pdf"
        os.mkfifo(target)
        expected = "a FIFO"
    else:  # a device node of our own (never /dev/null: a bug here must not replace it)
        target = tmp_path / "null.pdf"
        try:
            os.mknod(target, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        except OSError:
            pytest.skip("cannot make a device node here (needs root)")
        expected = "a device"
    for command in (["counters", "-o", target], ["calibrate", "-o", target]):
        one_line_error(havoc_pnp(*command), f"{target}: cannot write there: it is {expected}")
    mode = os.stat(target).st_mode
    assert stat.S_ISFIFO(mode) if kind == "fifo" else stat.S_ISCHR(mode)
    # a link to it is followed, and refused just the same
    link = tmp_path / "link.pdf"
    link.symlink_to(target)
    one_line_error(
        havoc_pnp("calibrate", "-o", link), f"{target}: cannot write there: it is {expected}"
    )
    assert link.is_symlink()


def test_output_through_a_symlink_loop_is_one_line(havoc_pnp, tmp_path: Path):
    (tmp_path / "a.pdf").symlink_to(tmp_path / "b.pdf")
    (tmp_path / "b.pdf").symlink_to(tmp_path / "a.pdf")
    one_line_error(havoc_pnp("calibrate", "-o", tmp_path / "a.pdf"), f"{tmp_path}/")


def test_a_cards_dir_without_the_kits_files_is_warned_about(havoc_pnp, tmp_path: Path):
    from companion.errors import display_path

    kit = ROOT / "cards" / "dark-blades" / "pieces.csv"
    stray = tmp_path / "stray"
    stray.mkdir()
    (stray / "pieces.csv").write_text(kit.read_text(encoding="utf-8"), encoding="utf-8")
    result = havoc_pnp("--cards", stray, "counters", "-o", tmp_path / "x.pdf")
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        f"havoc-pnp: warning: --cards {display_path(stray)}: no dark-blades/ directory; using "
        "the kit's data for everything (move pieces.csv into dark-blades/)\n"
    )
    empty = tmp_path / "empty"
    (empty / "dark-blades").mkdir(parents=True)
    result = havoc_pnp("--cards", empty, "counters", "-o", tmp_path / "out.pdf")
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        f"havoc-pnp: warning: --cards {display_path(empty)}: dark-blades/ holds none of "
        "pieces.csv, markers.csv, piece-types.toml; using the kit's data for everything\n"
    )
    # a cards dir that holds one of the files, or no --cards at all: no warning
    (empty / "dark-blades" / "pieces.csv").write_text(kit.read_text(encoding="utf-8"))
    for args in (["--cards", empty, "counters"], ["counters"]):
        result = havoc_pnp(*args, "-o", tmp_path / "y.pdf")
        assert result.exit_code == 0 and result.stderr == "", result.stderr


@pytest.mark.slow
def test_build_on_small_paper_leaves_out_only_what_cannot_fit(kit_build) -> None:
    """`PaperTooSmall` from any product is one warning line; everything else is built."""
    out = kit_build("--paper", "100x150mm")  # shared: built once for the run, exit 0
    warnings = [line for line in kit_build.warned("--paper", "100x150mm").splitlines()
                if "not built" in line]  # fmt: skip
    assert [w.split(" not built")[0] for w in warnings] == [
        "havoc-pnp: warning: cthulhu-who-setups.pdf",
        "havoc-pnp: warning: the Kniggits sheets",
        "havoc-pnp: warning: the Who's Next slips",
        "havoc-pnp: warning: the reference sheets",
    ]
    built = sorted(p.name for p in out.iterdir())
    assert built == [
        "HOW-TO-PRINT.txt",
        "calibration.pdf",
        "dark-blades-counters.pdf",
        "dark-blades-maps.pdf",
        "dark-blades-spells.pdf",
        "print-checklist.pdf",
    ]
    note = (out / "HOW-TO-PRINT.txt").read_text(encoding="utf-8")
    listed, left_out = note.split("NOT BUILT ON THIS PAPER", 1)
    assert "kniggits" not in listed and "dark-blades-spells.pdf" in listed
    assert "kniggits-tokens.pdf: --paper" in left_out  # said, and removed from the folder
