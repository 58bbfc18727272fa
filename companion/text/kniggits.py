"""Kniggits in words both front ends share: tokens (``M2 A1 D1``), the move (``crawl 2 in``,
``6 in``), a kniggit's state (fights, crawls, flees) and an exchange's answer.

`havoc army`, `havoc exchange`, the phone's army, exchange and battle pages and the printed
army sheet say these the same way; they read the rules' records (`companion.kniggits.rules`).
"""

from __future__ import annotations

from companion.kniggits.rules import Clash, Exchange, KniggitRules, Standing
from companion.text import wrap

NONE_FLEES = "the rules say one colour; the kit reads none as fleeing too"


def short(tokens: dict[str, int], colours: tuple[str, ...]) -> str:
    """``{'movement': 2, 'attack': 1, 'defense': 1}`` → ``M2 A1 D1``."""
    return " ".join(f"{c[0].upper()}{tokens[c]}" for c in colours)


def move(rules: KniggitRules, movement_tokens: int) -> str:
    """How far he moves in a turn: ``6 in``, or ``crawl 2 in`` with no Movement token."""
    inches = rules.move(movement_tokens)
    return f"crawl {inches} in" if movement_tokens <= 0 else f"{inches} in"


def state(s: Standing) -> str:
    """A word for what he does now: ``flees``, ``crawls`` (fights, but crawls), ``fights``,
    or ``cannot attack`` (no Attack token)."""
    if s.flees:
        return "flees"
    if not s.can_attack:
        return "cannot attack"
    return "crawls" if s.crawls else "fights"


def state_line(rules: KniggitRules, s: Standing) -> str:
    """``fights; 6 in`` / ``FLEES: one colour left; crawl 2 in``: what he does, how far."""
    how_far = move(rules, s.tokens["movement"])
    if s.flees:
        why = "no tokens left" if s.no_tokens else "one colour left"
        return f"FLEES: {why}; {how_far}"
    what = "fights" if s.can_attack else "cannot attack"
    shield = "" if s.can_defend else ", cannot defend"
    return f"{what}{shield}; {how_far}"


def blow(x: Exchange, by: str, at: str) -> str:
    """One blow's answer: ``Ann hits Bob: Bob loses an Attack token``, ``...: defended``."""
    if x.result == "hit" and x.loses:
        word = x.loses.capitalize()
        article = "an" if word[0] in "AEIOU" else "a"
        return f"{by} hits {at}: {at} loses {article} {word} token"
    if x.result == "hit":
        return f"{by} hits {at}, who has no such token to lose"
    if x.result == "defended":
        return f"{at} parries {by}'s blow"
    return f"{by}'s sword fumbled: no attack"


def clash_lines(rules: KniggitRules, c: Clash) -> list[str]:
    """The exchange as lines: each blow's answer, then how each blow went (heights, why),
    then each fighter's tokens before and after and what he does now."""
    a, b = c.fighters
    pairs = ((c.blows[0], a, b), (c.blows[1], b, a))
    lines = [blow(x, f.name, t.name) for x, f, t in pairs if x is not None]
    for x, f, _at in pairs:
        if x is not None:
            lines.append(wrap(f"  {f.name} {x.attack} v shield {x.defend}: {x.why}", "    "))
    for f, before, after in zip(c.fighters, c.before, c.after, strict=True):
        if before is None or after is None:
            continue
        tokens = f"{short(before.tokens, rules.colours)} -> {short(after.tokens, rules.colours)}"
        lines.append(f"{f.name}: {tokens}")
        lines.append(wrap(f"  {state_line(rules, after)}", "    "))
    return lines
