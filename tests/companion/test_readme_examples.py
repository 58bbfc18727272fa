"""Every `havoc` example in README.md's companion block runs (exit 0) as written.

VICTIM in `havoc ring kill Ann VICTIM` is the name `havoc ring show Ann` gives, as the README
says: the ring is drawn at random, so the example cannot name her victim in advance.
"""

from __future__ import annotations

import json
import re
import shlex

from tests.conftest import ROOT

README = ROOT / "README.md"


def companion_examples() -> list[list[str]]:
    """Each `havoc ...` of the block, in order: the commands, then those named in comments."""
    text = README.read_text(encoding="utf-8")
    block = text.split("## The companion: `havoc`", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
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
