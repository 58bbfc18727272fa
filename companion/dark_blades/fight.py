"""Dark Blades lookups by name: `havoc fight thr gra:wounded 7` and its phone page.

`side` reads one side's names (each by unique prefix, word starts or initials, any case, from
the roster in pieces.csv, with its states after colons: ``gra:wounded``, ``thr:mounted``,
``gra:sword``, ``bf:ring``, ``gob:boxed``) as `Fighter` records. A character's piece is on
foot unless ``:mounted`` says otherwise or the scenario starts him mounted (``mounted``: the
roster names a scenario puts on horses). `melee` and `shot` turn two sides into the typed
requests of `companion.dark_blades.lookups`: the table from the two sides' kinds (infantry,
mounted; a mule is a mounted target, a war dog infantry), the printed values for those states,
the magic items' holders checked against their rules (`items`), and the state and kind of the
one attacker and the one defender for the special rules. All the values in pieces.csv are the
kit's (the rules print none): a front end says so once (`VALUES_NOTE`).

(A NamedTuple, not a dataclass: this module is on `havoc fight`'s import path.)
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any, NamedTuple

from companion.dark_blades.lookups import MeleeRequest, MissileRequest, Shifts
from companion.dark_blades.pieces import Character
from companion.dark_blades.special import STATES, CombatRules, Hit, refused_holder
from companion.errors import FieldError, InputError
from companion.names import pick

VALUES_NOTE = "values: the kit's (pieces.csv)"
MOUNTS = ("mounted", "foot")
ITEMS = ("sword", "ring")  # holds the Magic Sword, the Magic Ring
BOXED = "boxed"  # boxed in: no hex to retreat to
WORDS = (*STATES, *MOUNTS, *ITEMS, BOXED)
ITEM_RULES = {"sword": "magic-sword", "ring": "magic-ring"}


class Fighter(NamedTuple):
    """One piece in a fight, in one state, with the values that state prints, the magic item
    it holds and whether it can retreat."""

    name: str
    type: str  # pieces.csv type: foot, mounted, dog, mule
    state: str  # healthy, wounded, stunned
    mounted: bool
    attack: int | None  # None: this piece in this state may not attack
    defence: int
    weapon: str
    sword: bool = False
    ring: bool = False
    boxed: bool = False

    @property
    def target(self) -> str:
        """The results tables' kind: a mule is hit on the mounted table, a dog on foot."""
        return "mounted" if self.mounted or self.type == "mule" else "infantry"

    @property
    def special(self) -> str:
        """The special rules that apply when this piece is hit."""
        if self.type in ("dog", "mule"):
            return self.type
        return "troll" if "troll" in self.name.casefold() else "character"

    def hit(self) -> Hit:
        """What the special rules take of this piece when a result falls on it."""
        return Hit(self.state, self.special, self.boxed)

    def label(self) -> str:
        bits = [self.state] if self.state != "healthy" else []
        if self.type == "mounted":
            bits.append("mounted" if self.mounted else "on foot")
        bits += [w for w, on in (("Sword", self.sword), ("Ring", self.ring)) if on]
        bits += ["boxed in"] if self.boxed else []
        return f"{self.name} ({', '.join(bits)})" if bits else self.name

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "type": self.type,
            "state": self.state,
            "mounted": self.mounted,
            "attack": self.attack,
            "defence": self.defence,
            "sword": self.sword,
            "ring": self.ring,
            "boxed": self.boxed,
        }


def names(roster: tuple[Character, ...]) -> dict[str, Character]:
    """Every piece by its roster name."""
    return {character.name: character for character in roster}


def find(roster: tuple[Character, ...], text: str, what: str) -> Character:
    """A piece by its roster name (``thr``, ``black-fox``, ``bf``), else by its counter
    label (``elite axe``)."""
    try:
        return names(roster)[pick(text, names(roster), what)]
    except InputError as by_name:
        labels = {c.label: c for c in roster if c.label}
        try:
            return labels[pick(text, labels, what)]
        except InputError:
            raise by_name from None


def side(
    roster: tuple[Character, ...],
    specs: list[str] | tuple[str, ...],
    what: str,
    mounted: Collection[str] = (),
) -> list[Fighter]:
    """``["thr,gra:wounded", "lab:mounted"]`` → the fighters (commas or several arguments);
    ``mounted``: the roster names that start mounted (a scenario's), else all on foot."""
    out = []
    for spec in specs:
        for part in str(spec).split(","):
            if part.strip():
                out.append(_fighter(roster, part.strip(), what, mounted))
    if not out:
        raise InputError(f"{what}: give a name (e.g. thr, gra:wounded)")
    return out


def _fighter(
    roster: tuple[Character, ...], spec: str, what: str, starts_mounted: Collection[str]
) -> Fighter:
    name, *words = spec.split(":")
    character = find(roster, name, f"{what} name")
    state, mount, chosen_words = "healthy", None, set()
    for word in words:
        if not word.strip():
            continue
        chosen = pick(word, WORDS, f"state of {character.name}")
        chosen_words.add(chosen)
        if chosen in STATES:
            state = chosen
        elif chosen in MOUNTS:
            mount = chosen
    values = dict(character.values)
    if mount == "mounted" and character.type != "mounted":
        raise InputError(f"{character.name}: has no mounted piece (a {character.type} piece)")
    if character.type in ("dog", "mule") and state != "healthy":
        raise InputError(
            f"{character.name}: a {character.type}'s counter shows only alive and dead "
            f"(no {state} state)"
        )
    if BOXED in chosen_words and character.type == "mule":
        raise InputError(
            f"{character.name}: boxed in is for a character; a mule's string retreats together"
        )
    if mount is None:
        mount = "mounted" if character.name in starts_mounted else "foot"
    mounted = character.type == "mounted" and mount == "mounted" and state != "stunned"
    if state == "stunned":
        attack, defence = None, values.get("stunned_defence")
    elif mounted:
        prefix = "mounted_wounded_" if state == "wounded" else "mounted_"
        attack, defence = values.get(prefix + "attack"), values.get(prefix + "defence")
    else:
        prefix = "wounded_" if state == "wounded" else ""
        attack, defence = values.get(prefix + "attack"), values.get(prefix + "defence")
    if defence is None:
        raise InputError(f"{character.name}: pieces.csv prints no {state} defence for it")
    return Fighter(
        character.name,
        character.type,
        state,
        mounted,
        attack,
        defence,
        character.weapon,
        "sword" in chosen_words,
        "ring" in chosen_words,
        BOXED in chosen_words,
    )


def _kind(fighters: list[Fighter], what: str) -> str:
    kinds = {f.target for f in fighters}
    if len(kinds) > 1:
        listed = ", ".join(f.label() for f in fighters)
        raise InputError(
            f"{what}: {listed} mix mounted and foot; the tables take one kind a side "
            "(look up with havoc crt)"
        )
    return kinds.pop()


def _attack(attackers: list[Fighter]) -> tuple[int, ...]:
    for f in attackers:
        if f.attack is None:
            why = "stunned: may not attack" if f.state == "stunned" else "prints no attack"
            raise InputError(f"attacker {f.label()}: {why}")
    return tuple(f.attack for f in attackers if f.attack is not None)


def _one(fighters: list[Fighter]) -> Hit:
    """What the special rules take of a side (one piece; several: the owner picks who
    suffers, so the result stays as printed)."""
    return fighters[0].hit() if len(fighters) == 1 else Hit()


def _quote(rule: str) -> str:
    """The sentence of a magic item's rule that names who may not hold it."""
    said = next(s for s in re.split(r"(?<=\.)\s+", rule) if '"' in s)
    return said.removeprefix("Note: ").rstrip(".")


def items(
    rules: CombatRules,
    attackers: list[Fighter],
    defenders: list[Fighter],
    sword: bool = False,
    ring: bool = False,
    missile: bool = False,
) -> tuple[bool, bool]:
    """Whether the Magic Sword and the Magic Ring count in this fight: held by a piece named
    ``:sword`` (an attacker) or ``:ring`` (a defender), or ``sword``/``ring`` (one of that side
    holds it). A holder the item's rule refuses is refused with the rule ("'Dark Blades' cannot
    use the magic sword"), as is the Sword on missile fire ("hand-to-hand combat only")."""
    for word, holders, others, role in (
        ("sword", attackers, defenders, "attacker"),
        ("ring", defenders, attackers, "defender"),
    ):
        rule = rules.rules[ITEM_RULES[word]]
        wrong = [f for f in others if getattr(f, word)]
        if wrong:
            whose = "attack" if word == "sword" else "opponent's attack"
            raise InputError(
                f"{wrong[0].label()}: the Magic {word.capitalize()} moves its holder's "
                f"{whose} ({rule.section}): give :{word} to a{'n' if role[0] == 'a' else ''} "
                f"{role}"
            )
        named = [f for f in holders if getattr(f, word)]
        if len(named) > 1:
            raise InputError(f"{named[1].label()}: there is only one Magic {word.capitalize()}")
        flag = sword if word == "sword" else ring
        held = named or (holders if flag and len(holders) == 1 else [])
        for f in held:
            if refused_holder(rules, ITEM_RULES[word], f.name):
                raise InputError(f"{role} {f.name}: {_quote(rule.rule)} ({rule.section})")
        if flag and not named and len(holders) > 1:
            if all(refused_holder(rules, ITEM_RULES[word], f.name) for f in holders):
                raise InputError(f"{role}s: {_quote(rule.rule)} ({rule.section})")
    use_sword = sword or any(f.sword for f in attackers)
    if use_sword and missile:
        section = rules.rules["magic-sword"].section
        raise InputError(f"the Magic Sword: hand-to-hand combat only ({section})")
    return use_sword, ring or any(f.ring for f in defenders)


def melee(
    attackers: list[Fighter],
    defenders: list[Fighter],
    shifts: Shifts | None = None,
    die: int | None = None,
    seed: int | None = None,
) -> MeleeRequest:
    """The hand-to-hand lookup of ``attackers`` on ``defenders``."""
    table = f"{_kind(attackers, 'attackers')}-vs-{_kind(defenders, 'defenders')}"
    defender = _one(defenders)
    return MeleeRequest(
        table=table,
        attack=_attack(attackers),
        defence=tuple(f.defence for f in defenders),
        shifts=shifts or Shifts(),
        die=die,
        seed=seed,
        defender_state=defender.state,
        defender_kind=defender.kind,
        defender_boxed=defender.boxed,
        attacker=_one(attackers) if len(attackers) == 1 else None,
    )


def shot(
    shooter: list[Fighter],
    defenders: list[Fighter],
    hexes: int,
    cover: str | None = None,
    die: int | None = None,
    seed: int | None = None,
) -> MissileRequest:
    """The missile shot of one foot ``shooter`` with his weapon at one defender."""
    if len(shooter) != 1 or len(defenders) != 1:
        raise FieldError("range", None, "one shooter fires at one target")
    f = shooter[0]
    if f.mounted:
        raise InputError(
            f"{f.name}: mounted characters may not fire missile weapons (give {f.name}:foot)"
        )
    if f.state == "stunned":
        raise InputError(f"{f.label()}: stunned: may not fire")
    target = defenders[0]
    return MissileRequest(
        weapon=f.weapon,
        hexes=hexes,
        defence=(target.defence,),
        target=target.target,
        cover=cover,
        die=die,
        seed=seed,
        defender_state=target.state,
        defender_kind=target.special,
        defender_boxed=target.boxed,
    )


def sides_line(
    attackers: list[Fighter], defenders: list[Fighter], missile: bool = False
) -> list[str]:
    """``Thrugg Lumpthew (mounted) 22`` / ``v Grast (wounded, mounted) 7``: who, with which
    printed value (a shooter's strength is his weapon's, shown above)."""
    att = " + ".join(f.label() if missile else f"{f.label()} {f.attack}" for f in attackers)
    dfn = " + ".join(f"{f.label()} {f.defence}" for f in defenders)
    return [att, f"v {dfn}"]
