"""A refusal in the page's words: the rules speak the CLI's (``--cover: expected ...``); a page
names its field instead (``Cover: expected ...``). The `page_words` filter, on every error line
the pages show.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

# Each option the rules name in a refusal, as the pages label its field.
LABELS = {
    "attack": "Attack",
    "defence": "Defence",
    "defense": "Defence",
    "die": "Die",
    "seed": "Seed",
    "cover": "Cover",
    "range": "Range",
    "target": "Target",
    "weapon": "Weapon",
    "attacker-terrain": "Attacker's terrain",
    "defender-terrain": "Defender's terrain",
    "magic-sword": "Magic Sword",
    "magic_sword": "Magic Sword",
    "magic-ring": "Magic Ring",
    "magic_ring": "Magic Ring",
    "fast-rider": "Fast rider",
    "fast_rider": "Fast rider",
    "tokens": "Tokens",
    "defend": "Shield",
    "points": "Points",
    "players": "Players",
    "player": "Player",
}
# Whole hints that name a CLI way out, and the page's way.
PHRASES = {
    "add --seed N to roll the rest": "leave the die blank to roll",
    "add --force to replace it": "tick \u201cReplace\u201d to replace it",
}
_OPTIONS = re.compile(r"--([a-z][a-z0-9_-]*)((?:/--[a-z][a-z0-9_-]*)*)")


def page_words(message: str, labels: Mapping[str, str] | None = None) -> str:
    """``message`` with each ``--option`` named as its field (``labels`` first, then the
    pages' usual labels); an option no page labels keeps its words, without the dashes."""
    known = {**LABELS, **(labels or {})}
    for cli, page in PHRASES.items():
        message = message.replace(cli, page)

    def field(match: re.Match[str]) -> str:
        names = [match.group(1), *re.findall(r"--([a-z][a-z0-9_-]*)", match.group(2))]
        said = [known.get(n, n.replace("-", " ").replace("_", " ")) for n in names]
        return " or ".join(f"\u201c{s}\u201d" for s in said)

    return _OPTIONS.sub(field, message)
