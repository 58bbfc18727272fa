"""`generator.export.vassal_save`: a saved game as VASSAL reads it - the hex obfuscation of
DeobfuscatingInputStream, commands joined by ESC as GameModule.decode splits them, the zip's
entries; and the Dark Blades module the same bytes whatever Python's string hashing."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import zipfile

import pytest

from generator.export import vassal_save as vs


def test_obfuscation_is_vassals_hex_form_and_reads_back():
    data = vs.obfuscate("AB\u00e9", key=0x10)
    # header, key 10, then A^10=51, B^10=52, and the two UTF-8 bytes of e-acute XOR 10
    assert data == b"!VCSK10" + b"5152" + bytes([0xC3 ^ 0x10, 0xA9 ^ 0x10]).hex().encode()
    assert vs.unobfuscate(data) == "AB\u00e9"
    assert vs.unobfuscate(b"plain") == "plain"  # VASSAL reads an unobfuscated stream as it is
    with pytest.raises(ValueError, match="key 0"):
        vs.obfuscate("x", key=0)


def test_a_game_text_lays_pieces_then_stacks_then_boards_between_begin_and_end():
    slot = "+/null/piece;;;a.png;Quill/null;0;0;3;0"
    place = vs.Placed("Scenario 9: Test", 60, 180, (("hk1", slot), ("hk2", slot)))
    text = vs.game_text([("Scenario 9: Test", "Scenario 9: Test")], [place], ["hks1"])
    assert text.split(vs.ESC) == [
        "begin_save",
        "+/hk1/piece;;;a.png;Quill/null;0;0;3;0",
        "+/hk2/piece;;;a.png;Quill/null;0;0;3;0",
        "+/hks1/stack/Scenario 9: Test;60;180;hk1;hk2",
        "Scenario 9: TestBoardPicker\tScenario 9: Test\t0\t0",
        "end_save",
    ]
    with pytest.raises(ValueError, match="not a piece slot"):
        vs.placed_piece("hk1", "piece;;;a.png")


def test_a_saved_game_zip_is_the_same_bytes_each_time():
    one = vs.saved_game("begin_save\x1bend_save", "M", "1.0", "3.6.0", "d")
    assert one == vs.saved_game("begin_save\x1bend_save", "M", "1.0", "3.6.0", "d")
    with zipfile.ZipFile(io.BytesIO(one)) as z:
        assert z.namelist() == ["savedGame", "savedata"]
        assert vs.unobfuscate(z.read("savedGame")) == "begin_save\x1bend_save"
        assert all(i.date_time == vs.ZIP_DATE for i in z.infolist())


@pytest.mark.slow
def test_the_vassal_modules_are_byte_identical_build_to_build(tmp_path):
    """Two builds, each with its own string hashing (PYTHONHASHSEED), give the same bytes."""
    made = []
    for seed in ("1", "2"):
        out = tmp_path / seed
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run([shutil.which("havoc-pnp") or "havoc-pnp", "export", "vassal", "--out",
                        str(out)], check=True, env=env, capture_output=True)  # fmt: skip
        made.append(out / "vassal")
    for name in ("havoc-kit-dark-blades.vmod", "havoc-kit-cthulhu-who.vmod"):
        assert (made[0] / name).read_bytes() == (made[1] / name).read_bytes(), name
