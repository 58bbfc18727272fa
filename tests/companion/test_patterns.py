"""companion.patterns.LazyPattern: a pattern compiled on first use answers as re.compile's."""

from __future__ import annotations

import re
import subprocess
import sys

from companion.patterns import LazyPattern


def test_it_answers_as_the_compiled_pattern_and_compiles_once():
    lazy = LazyPattern(r"\b(defender|rider) killed", re.IGNORECASE)
    assert lazy._compiled is None  # nothing compiled yet
    plain = re.compile(r"\b(defender|rider) killed", re.IGNORECASE)
    for text in ("Defender killed.", "rider KILLED", "no one hurt"):
        assert bool(lazy.search(text)) == bool(plain.search(text))
    first = lazy._compiled
    assert first is not None and lazy.sub("x", "Rider killed") == "x"
    assert lazy._compiled is first and lazy.pattern == plain.pattern


def test_the_lookups_import_without_compiling_their_patterns():
    """Importing the crt and fight path compiles none of the module patterns (each costs a
    start-up about 0.15 ms)."""
    code = (
        "import companion.dark_blades.fight, companion.dark_blades.special, "
        "companion.dark_blades.crt, companion.dice, companion.csv_rosters\n"
        "from companion.dark_blades import special, crt, completion\n"
        "import companion.dice as d, companion.data as a, companion.csv_rosters as r\n"
        "ps=[special.HORSE_HIT, special.KILLS, special.INJURES, crt._ODDS, completion.KILLED,"
        " d._TERM, a._HEX_COLOUR, r._SEP_LINE]\n"
        "print(sum(p._compiled is not None for p in ps))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "0"
