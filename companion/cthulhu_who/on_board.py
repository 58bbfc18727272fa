"""Cthulhu Who? answers on a rolled garden: an attack's range and line, a 4-square monster's
move and collapse; one record each for the CLI (`havoc attack --from --to`, `havoc crush`) and
the phone pages, so both say the same.

The garden is the one printed on set-up sheet S (`garden_for`, the same seed); every answer
follows the kit's readings (geometry.py) and carries their one-line labels.
"""

import re
from typing import Any, NamedTuple

from companion.cthulhu_who import geometry as geo
from companion.cthulhu_who.attacks import (
    CANNOT,
    CRUSH,
    SILENT,
    Attacker,
    AttackTable,
    Score,
    name_key,
)
from companion.cthulhu_who.garden import Garden, garden_for, garden_settings
from companion.data import Cards
from companion.errors import FieldError, InputError

MAX_SEED = 10**18  # a set-up seed has at most 18 digits (the phone page's limit too)


def garden_of(cards: Cards, setup: int, boards: int) -> Garden:
    """The garden printed with set-up ``setup`` on ``boards`` boards."""
    if not 0 <= setup < MAX_SEED:
        raise FieldError(
            "setup", setup, f"expected a set-up seed 0 or more (at most 18 digits), got {setup}"
        )
    if boards not in (1, 2):
        raise FieldError("boards", boards, f"expected 1 or 2, got {boards}")
    return garden_for(garden_settings(cards), setup, boards)


def crushes_only(attacker: Attacker) -> bool:
    """A 4-square monster: it never attacks, its move crushes (`four_square_move`)."""
    return bool(attacker.scores) and all(
        s.kind in ("crush", "silent") for s in attacker.scores.values()
    )


class BoardAttack(NamedTuple):
    """An attack placed on the garden: the shot, and the readings it used."""

    garden: Garden
    shot: geo.Shot
    readings: list[str]

    def to_dict(self) -> dict[str, Any]:
        """For ``--json``."""
        s = self.shot
        return {
            "setup": self.garden.seed,
            "boards": self.garden.boards,
            "from": geo.name(s.start),
            "to": geo.name(s.end),
            "range": s.squares,
            "reach": s.reach,
            "adjacent": s.adjacent,
            "line": [geo.name(q) for q in s.line.crossed],
            "terrain": [
                {"square": geo.name((t.col, t.row)), "kind": t.kind.name} for t in s.line.terrain
            ],
            "wall": s.line.wall,
            "check_for_figures": [geo.name(q) for q in s.line.check()] if s.reach > 1 else [],
            "allowed": s.allowed,
            "why_not": s.why_not() or None,
            "readings": self.readings,
        }

    def lines(self) -> list[str]:
        """What the board says, a line each (after the answer line)."""
        s = self.shot
        out = []
        reach = "adjacent only" if s.reach <= 1 else f"reaches {s.reach}"
        out.append(f"Range {s.squares} square{'s' if s.squares != 1 else ''} ({reach})")
        if s.reach > 1:
            if s.line.crossed:
                out.append("Line crosses " + ", ".join(geo.name(q) for q in s.line.crossed))
            else:
                out.append("Line crosses no square")
            if s.line.terrain:
                out.append(
                    "Terrain in the way: "
                    + ", ".join(f"{t.kind.name} {geo.name((t.col, t.row))}" for t in s.line.terrain)
                )
            if s.line.wall:
                out.append("The join's wall is in the way")
        return out

    def check_line(self) -> str:
        """The squares the players must find empty ("" when none or not allowed)."""
        squares = self.shot.line.check()
        if not self.shot.allowed or self.shot.reach <= 1 or not squares:
            return ""
        return "Only if no figure on " + ", ".join(geo.name(q) for q in squares)


def board_attack(
    cards: Cards,
    rd: geo.Readings,
    attacker: Attacker,
    target: str,
    setup: int,
    boards: int,
    start: str,
    end: str,
    fields: tuple[str, str] = ("from", "to"),
) -> BoardAttack:
    """``attacker`` on square ``start`` attacking the ``target`` on ``end``, on the garden of
    set-up ``setup``; ``fields``: the two squares' fields in errors."""
    garden = garden_of(cards, setup, boards)
    first, second = fields  # the two squares' fields in errors
    a = geo.free_square(garden, geo.parse_square(start, garden, first), first)
    b = geo.free_square(garden, geo.parse_square(end, garden, second), second)
    if a == b:
        raise FieldError(second, end, f"{geo.name(b)} is the attacker's own square")
    shot = geo.shot(garden, rd, a, b, attacker.range)
    used = ["diagonals"]
    if attacker.range > 1:
        used += ["line", "figures"]
    if boards == 2:
        used.append("wall")
    if any(re.search(r"[24]-square", n, re.I) for n in (attacker.name, target)):
        used.append("big-figures")
    return BoardAttack(garden, shot, rd.short(*used))


def _crusher(table: AttackTable) -> Attacker:
    """The attack table's 4-square monster row (its crushes)."""
    return next(a for a in table.attackers if a.name.lower().startswith("4-square"))


def _fate(score: Score) -> str:
    """What a 4-square monster's move does to a figure in a square it enters."""
    return {CRUSH: "crushed", SILENT: "not in the rules", CANNOT: "not crushed"}.get(
        score.kind, "a roll"
    )


def crush_fates(table: AttackTable) -> list[tuple[str, str]]:
    """Each kind of figure (the table's targets) and its fate in a square the 4-square
    monster enters, kinds with the same fate together: ``[("Hero, Cultist", "crushed"), ...]``
    (the attack table's 4-square row: "crush", or "silent" where the rules do not say)."""
    crusher = _crusher(table)
    by_fate: dict[str, list[str]] = {}
    for target in table.targets:
        by_fate.setdefault(_fate(crusher.scores[target]), []).append(target)
    return [(", ".join(kinds), fate) for fate, kinds in by_fate.items()]


class Move(NamedTuple):
    """A 4-square monster's move (or, with no move, where it stands) and its collapse."""

    garden: Garden
    start: tuple[int, int]
    crush: geo.Crush | None
    collapse: tuple[tuple[int, int], ...]
    crushed: list[tuple[str, str, str]]  # (square, figure named, what happens)
    hits: str  # what the collapse's Cultist attack needs against each figure
    readings: list[str]

    def to_dict(self) -> dict[str, Any]:
        """For ``--json``."""
        c = self.crush
        return {
            "setup": self.garden.seed,
            "boards": self.garden.boards,
            "monster": " ".join(geo.name(q) for q in geo.block(self.start)),
            "to": None if c is None else " ".join(geo.name(q) for q in geo.block(c.end)),
            "entered": [] if c is None else [geo.name(q) for q in c.entered],
            "figures": [{"square": s, "figure": f, "result": r} for s, f, r in self.crushed],
            "collapse": [geo.name(q) for q in self.collapse],
            "collapse_needs": self.hits,
            "readings": self.readings,
        }


def four_square_move(
    cards: Cards,
    rd: geo.Readings,
    table: AttackTable,
    setup: int,
    boards: int,
    monster: str,
    to: str | None,
    figures: tuple[str, ...],
) -> Move:
    """The block at ``monster`` moving to ``to`` (None: not moving); ``figures``: ``SQ=KIND``
    for each figure the players say is in a square it enters (its fate from the attack table)."""
    garden = garden_of(cards, setup, boards)
    start = geo.parse_square(monster, garden, "monster")
    geo.check_block(garden, start, "monster")
    moved = None
    if to is not None:
        moved = geo.crush(garden, rd, start, geo.parse_square(to, garden, "to"))
    elif figures:
        raise FieldError(
            "at", figures[0], "figures are crushed only by a move; give where it moves to"
        )
    crusher = _crusher(table)
    crushed = []
    entered = {geo.name(q) for q in moved.entered} if moved else set()
    for given in figures:
        square, sep, kind = given.partition("=")
        if not sep or not kind.strip():
            raise FieldError(
                "at", given, f"expected SQUARE=FIGURE like C3=hero, got {given[:30]!r}"
            )
        where = geo.name(geo.parse_square(square, garden, "at"))
        if where not in entered:
            raise FieldError(
                "at", given, f"{where} is not a square it enters ({', '.join(sorted(entered))})"
            )
        try:
            target = table.target(kind)
        except InputError:
            kinds = ", ".join(name_key(t) for t in table.targets)
            why = f"{kind.strip()[:20]!r} is not a figure: expected {kinds}"
            raise FieldError("at", given, why) from None
        crushed.append((where, target, _fate(crusher.scores[target])))
    end = moved.end if moved else start
    used = ["four-square", "collapse", "diagonals"] + (["wall"] if boards == 2 else [])
    hits = table.collapse_hits()
    return Move(garden, start, moved, geo.collapse(garden, rd, end), crushed, hits, rd.short(*used))
