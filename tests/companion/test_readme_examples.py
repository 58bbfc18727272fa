"""README.md: its first screen starts with play (the two commands, then what to do next, every
example there running as written), and every `havoc` example of its companion block runs (exit
0) as written.

VICTIM in `havoc ring kill Ann VICTIM` is the name `havoc ring show Ann` gives, as the README
says: the ring is drawn at random, so the example cannot name her victim in advance.
"""

from __future__ import annotations

import json
import re
import shlex

from tests.conftest import ROOT

README = ROOT / "README.md"
FIRST_SCREEN = 40  # lines


def companion_examples() -> list[list[str]]:
    """Each `havoc ...` of the block, in order: the commands, then those named in comments."""
    text = README.read_text(encoding="utf-8")
    block = text.split("## At the table: `havoc`", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands, in_comments = [], []
    for line in block.splitlines():
        command, _, comment = line.partition("#")
        if command.strip().startswith("havoc "):
            commands.append(shlex.split(command)[1:])
        named = re.findall(r"`havoc ([^`]+)`", comment) + re.findall(
            r"havoc (ring duel [^;`]+)", comment
        )
        in_comments += [shlex.split(c) for c in named]
    return commands + in_comments


def test_every_companion_example_in_the_readme_runs(havoc, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))  # a fresh game file
    monkeypatch.chdir(README.parent)  # cards/kniggits/army.csv is relative to the repo
    examples = companion_examples()
    assert ["ring", "kill", "Ann", "VICTIM"] in examples
    assert ["ring", "duel", "Ann", "VICTIM"] in examples  # the other way a victim dies
    assert ["table", "lake"] in examples
    for args in examples:
        if "VICTIM" in args:
            if args[:2] == ["ring", "duel"]:  # the alternative to the kill: on a fresh ring
                fresh = havoc("ring", "new", "Ann", "Bob", "Cat", "Dan", "Eve", "--force")
                assert fresh.exit_code == 0, fresh.output
            shown = havoc("ring", "show", "Ann", "--json")
            args = [json.loads(shown.output)["victim"] if a == "VICTIM" else a for a in args]
        result = havoc(*args)
        assert result.exit_code == 0, (args, result.output)


def test_the_readme_opens_with_a_light_install_and_build_then_the_tests() -> None:
    """The first command installs only what printing and playing need (no test extras) and
    builds; the second adds the test extras and runs the tests."""
    text = README.read_text(encoding="utf-8")
    first_block = text.split("```sh", 1)[1].split("```", 1)[0].strip().splitlines()
    assert len(first_block) == 2
    install, tests = first_block
    assert "pip install -e ." in install and "[test]" not in install
    assert install.rstrip().endswith("havoc-pnp build")
    assert "pip install -e '.[test]'" in tests and tests.rstrip().endswith("python -m pytest")


def first_screen() -> str:
    return "\n".join(README.read_text(encoding="utf-8").splitlines()[:FIRST_SCREEN])


def test_the_first_screen_says_what_to_do_next() -> None:
    """After the two commands: the checklist to print, the table, the phones; no dated timings
    or history (those live in Development, where the lead keeps them current)."""
    screen = first_screen()
    blocks = screen.split("```sh")
    assert len(blocks) == 3, "the two commands, then the examples, both on the first screen"
    commands, examples = screen.index("python -m pytest"), screen.index("havoc fight")
    assert commands < screen.index("`out/print-checklist.pdf`") < examples
    assert screen.index("```", examples) < screen.index("havoc serve")  # closed, then phones
    assert not re.search(
        r"\b20\d\d\b|January|February|March|April|May|June|July|August|"
        r"September|October|November|December",
        screen,
    )
    assert not re.search(r"\b\d+:\d\d\b|\d+ s of CPU|\bminutes?\b", screen)


def test_the_first_screens_examples_run_as_written(havoc, tmp_path, monkeypatch) -> None:
    """Five examples: one per game, a fight by names and a line of sight among them."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))  # a fresh machine's game file
    monkeypatch.delenv("HAVOC_RING_GAME", raising=False)
    block = first_screen().split("```sh")[2].split("```", 1)[0]
    examples = [shlex.split(ln.partition("#")[0]) for ln in block.strip().splitlines()]
    assert all(e[0] == "havoc" for e in examples) and len(examples) == 5
    commands = [e[1] for e in examples]
    assert {"fight", "los", "setup", "exchange", "ring"} == set(commands)  # the four games
    for example in examples:
        result = havoc(*example[1:])
        assert result.exit_code == 0, (example, result.output)
        assert result.output.strip(), example
    fight = havoc(*examples[commands.index("fight")][1:], "--json")
    assert json.loads(fight.output)["attackers"][0]["name"]  # by the pieces' names
