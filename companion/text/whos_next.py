"""What the umpire's screen says after each Who's Next event, and which of it is secret.

The screen may be read out or shown to a player, so every line that reveals the ring (who
hunts whom, who takes whose slip) is a `Line` with ``secret=True``; `render` prints it after
`MARK` on every screen line it takes, so a wrapped line is marked too. Lines that are not
secret (who died, how many are left) are safe to show. The secret lines come last: the
result first, then what only the umpire may read.

Which slip goes where after a death that is not the killer's own victim is the kit's ruling
(the rules only say what happens when a player kills his own victim); such lines say so.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.text import WIDTH, cells, wrap
from companion.whos_next.ring import Death, Undecided

MARK = "UMPIRE ONLY: "
KIT_RULING = "kit's ruling"
SLIP_RULES = "rules"  # the killer killed his own victim: the rules say he takes the slip
SLIP_KIT = "kit"  # anyone else died: his hunter takes the slip (the kit's ruling)


@dataclass(frozen=True)
class Line:
    """One thing to say; ``secret``: for the umpire's eyes only."""

    text: str
    secret: bool = False


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 player``, ``2 players`` (``many`` for irregular plurals)."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``..."""
    if number % 100 in (11, 12, 13):
        return f"{number}th"
    return f"{number}" + {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")


def died(death: Death) -> Line:
    """A death, in the one wording the CLI and the web both use (safe to show)."""
    return Line(f"{death.dead} is dead, killed by {death.by}.")


def slip_rule(death: Death) -> str:
    """Whose word hands the dead player's slip on: `SLIP_RULES` or `SLIP_KIT`."""
    return SLIP_RULES if death.own_victim else SLIP_KIT


def slip(death: Death) -> list[Line]:
    """Who takes the dead player's slip (secret: it tells who hunted him)."""
    if death.own_victim:
        return [Line(f"{death.by} takes {death.dead}'s slip.", True)]
    return [
        Line(
            f"{death.hunter}, who hunted {death.dead}, takes his slip ({KIT_RULING}: "
            f"not {death.by}'s victim).",
            True,
        )
    ]


def game_over(last: str, champion: str) -> list[Line]:
    """The end, in the one wording the CLI and the web use: the winner on points (the rules:
    the most points wins), then the last one standing, who need not be the winner."""
    return [
        Line(f"Game over. Winner: {champion} (most points)."),
        Line(f"{last} is the last one standing."),
    ]


def left(
    alive: int, winner: str | None, contest_at: int, champion: str | None = None
) -> list[Line]:
    """How the game stands after a death (safe to show); ``winner``: the last one standing,
    ``champion``: the winner on points (`companion.whos_next.duel_scoring.winner`)."""
    if winner is not None:
        return game_over(winner, champion or winner)
    lines = [Line(f"{plural(alive, 'player')} left.")]
    if alive <= contest_at:
        lines += [
            Line("From now on both roll one die:"),
            Line("highest wins, ties throw again"),
            Line(f"(kit's reading: {contest_at} or fewer left)"),
        ]
    return lines


def after_death(
    death: Death, alive: int, winner: str | None, contest_at: int, champion: str | None = None
) -> list[Line]:
    """The game's state, then the slip (no slip once the game is over: nobody is hunted)."""
    return left(alive, winner, contest_at, champion) + ([] if winner is not None else slip(death))


def throw(attacker: str, defender: str, faces: tuple[int, ...]) -> Line:
    """One throw of the contest (both roll, attacker first), a tie said as one."""
    if len(faces) == 1:
        return Line(f"{attacker} {faces[0]}, {defender} not rolled")
    tie = ": tie, throw again" if faces[0] == faces[1] else ""
    return Line(f"{attacker} {faces[0]}, {defender} {faces[1]}{tie}")


def tie(error: Undecided) -> list[Line]:
    """A contest the dice typed at the table left tied: the throws, then that nobody died
    (safe to show). Only for ``error.tie``; a lone die is refused with `str(error)`."""
    return [
        Line(f"{error.attacker} attacked {error.defender}:"),
        *(throw(error.attacker, error.defender, t) for t in error.throws),
        Line("Nobody died: both roll again."),
    ]


def undone(death: Death, alive: int) -> list[Line]:
    """An undone death: who is back (safe), and the slips going back (secret)."""
    return [
        Line(f"Undone: {death.dead}'s death, by {death.by}."),
        Line(f"{death.dead} is back; {plural(alive, 'player')} alive."),
        Line(
            f"{death.hunter} gives {death.dead} back his slip and hunts {death.dead} again.", True
        ),
    ]


def render(lines: list[Line], width: int = WIDTH) -> list[str]:
    """Screen lines no wider than ``width``; each screen line of a secret starts with `MARK`."""
    out: list[str] = []
    for line in lines:
        if not line.secret:
            out += (
                wrap(line.text, "  ", width).split("\n")
                if cells(line.text) > width
                else [line.text]
            )
            continue
        out += [MARK + part for part in wrap(line.text, "", width - len(MARK)).split("\n")]
    return out
