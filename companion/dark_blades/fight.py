"""Dark Blades lookups by name: `havoc fight thr gra:wounded 7` and its phone page.

`side` reads one side's names (each by unique prefix, word starts or initials, any case, from
the roster in pieces.csv, with its states after colons: ``gra:wounded``, ``thr:mounted``,
``gra:sword``, ``bf:ring``, ``gob:boxed``; or a form's row, already typed: `Chosen`) as
`Fighter` records. A character's piece is on
foot unless ``:mounted`` says otherwise or the scenario starts him mounted (``mounted``: the
roster names a scenario puts on horses). `melee` and `shot` turn two sides into the typed
requests of `companion.dark_blades.lookups`: the table from the two sides' kinds (infantry,
mounted; a mule is a mounted target, a war dog infantry), the printed values for those states,
the magic items' holders checked against their rules (`items`), and the state and kind of the
one attacker and the one defender for the special rules. All the values in pieces.csv are the
kit's (the rules print none): a front end says so once (`VALUES_NOTE`). Each refusal is a
`companion.errors.FieldError` naming the side's field (``attackers``, ``defenders``, or what
the caller names it: ``shooter``), or ``sword``/``ring`` for a magic item's.
"""

import re
from collections.abc import Collection, Sequence
from typing import Any, NamedTuple

from companion.dark_blades.lookups import MeleeRequest, MissileRequest, Shifts
from companion.dark_blades.pieces import Character
from companion.dark_blades.special import CombatRules, Hit, refused_holder
from companion.dark_blades.states import BOXED, HEALTH, ITEMS, MOUNTS, Health
from companion.errors import AmbiguousName, FieldError, InputError
from companion.names import pick

VALUES_NOTE = "values: the kit's (pieces.csv)"
WORDS = (*HEALTH, *MOUNTS, *ITEMS, BOXED)  # a piece's states after colons, ``gra:wounded``
ITEM_RULES = {"sword": "magic-sword", "ring": "magic-ring"}
SIDE_FIELDS = {"attacker": "attackers", "defender": "defenders"}  # a role's field


class Chosen(NamedTuple):
    """One piece as a front end chose it, before the roster is read: its name as typed, its
    health, ``mount`` (mounted, foot; None: as the scenario starts him), the magic items it
    holds and whether it cannot retreat (``boxed``). A name spec (``gra:wounded:sword``) reads
    as one (`chosen`); a form's row is one already."""

    name: str
    health: Health = Health.HEALTHY
    mount: str | None = None
    sword: bool = False
    ring: bool = False
    boxed: bool = False


class Fighter(NamedTuple):
    """One piece in a fight, in one state, with the values that state prints, the magic item
    it holds and whether it can retreat."""

    name: str
    type: str  # pieces.csv type: foot, mounted, dog, mule
    state: Health
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
        bits: list[str] = [self.state] if self.state != Health.HEALTHY else []
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
    label (``elite axe``); refused as `companion.names.pick` refuses a name."""
    try:
        return names(roster)[pick(text, names(roster), what)]
    except InputError as by_name:
        labels = {c.label: c for c in roster if c.label}
        try:
            return labels[pick(text, labels, what)]
        except InputError:
            raise by_name from None


def _character(roster: tuple[Character, ...], text: str, what: str, field: str) -> Character:
    """`find`, its refusal a refusal of ``field`` (one that starts with the role, ``attacker
    name 'g' could be ...``, is said as it is)."""
    try:
        return find(roster, text, f"{what} name")
    except AmbiguousName as e:
        raise FieldError(field, text, e.message, named=True) from None
    except InputError as e:
        raise FieldError(field, text, e.message) from None


def chosen(
    roster: tuple[Character, ...], spec: str, what: str = "piece", field: str = "piece"
) -> Chosen:
    """A name spec (``gra:wounded:foot:sword``) as the piece it chooses: the name (by any
    unique start, `find`), then its states after colons (`WORDS`, each by any unique start)."""
    name, *words = spec.split(":")
    character = _character(roster, name, what, field)
    health, mount, flags = Health.HEALTHY, None, {}
    for word in words:
        if not word.strip():
            continue
        try:
            said = pick(word, WORDS, f"state of {character.name}")
        except InputError as e:
            raise FieldError(field, spec, e.message) from None
        if said in HEALTH:
            health = Health(said)
        elif said in MOUNTS:
            mount = said
        else:
            flags[said] = True  # sword, ring, boxed
    return Chosen(character.name, health, mount, **flags)


def side(
    roster: tuple[Character, ...],
    specs: Sequence[str | Chosen],
    what: str,
    mounted: Collection[str] = (),
    field: str | None = None,
) -> list[Fighter]:
    """``["thr,gra:wounded", "lab:mounted"]`` (commas or several arguments; or a form's rows,
    `Chosen`) → the fighters; ``mounted``: the roster names that start mounted (a scenario's),
    else all on foot. ``what`` names the role (attacker, shooter), ``field`` the field a
    refusal names (else the role's, `SIDE_FIELDS`)."""
    field = field or SIDE_FIELDS.get(what, what)
    out = []
    for spec in specs:
        if isinstance(spec, Chosen):
            out.append(_fighter(roster, spec, what, field, mounted))
            continue
        for part in str(spec).split(","):
            if part.strip():
                piece = chosen(roster, part.strip(), what, field)
                out.append(_fighter(roster, piece, what, field, mounted))
    if not out:
        raise FieldError(field, None, f"{what}: give a name (e.g. thr, gra:wounded)", named=True)
    return out


def _fighter(
    roster: tuple[Character, ...],
    piece: Chosen,
    what: str,
    field: str,
    starts_mounted: Collection[str],
) -> Fighter:
    character = _character(roster, piece.name, what, field)
    state, mount = piece.health, piece.mount
    values = dict(character.values)

    def refused(why: str) -> FieldError:
        return FieldError(field, piece.name, f"{character.name}: {why}")

    if mount == "mounted" and character.type != "mounted":
        raise refused(f"has no mounted piece (a {character.type} piece)")
    if character.type in ("dog", "mule") and state != Health.HEALTHY:
        raise refused(f"a {character.type}'s counter shows only alive and dead (no {state} state)")
    if piece.boxed and character.type == "mule":
        raise refused("boxed in is for a character; a mule's string retreats together")
    if mount is None:
        mount = "mounted" if character.name in starts_mounted else "foot"
    mounted = character.type == "mounted" and mount == "mounted" and state != Health.STUNNED
    if state == Health.STUNNED:
        attack, defence = None, values.get("stunned_defence")
    elif mounted:
        prefix = "mounted_wounded_" if state == Health.WOUNDED else "mounted_"
        attack, defence = values.get(prefix + "attack"), values.get(prefix + "defence")
    else:
        prefix = "wounded_" if state == Health.WOUNDED else ""
        attack, defence = values.get(prefix + "attack"), values.get(prefix + "defence")
    if defence is None:
        raise refused(f"pieces.csv prints no {state} defence for it")
    return Fighter(
        character.name,
        character.type,
        state,
        mounted,
        attack,
        defence,
        character.weapon,
        piece.sword,
        piece.ring,
        piece.boxed,
    )


def _kind(fighters: list[Fighter], field: str) -> str:
    kinds = {f.target for f in fighters}
    if len(kinds) > 1:
        listed = ", ".join(f.label() for f in fighters)
        raise FieldError(
            field,
            None,
            f"{field}: {listed} mix mounted and foot; the tables take one kind a side "
            "(look up with havoc crt)",
            named=True,
        )
    return kinds.pop()


def mixed(attackers: list[Fighter]) -> bool:
    """Whether mounted and foot attackers combine (the kit's reading picks the table:
    `_attackers_kind`)."""
    return len({f.target for f in attackers}) > 1


def _attackers_kind(attackers: list[Fighter]) -> str:
    """The attackers' table kind. Mounted and foot together: THE KIT'S READING
    (combat-rules.toml ``[readings.mixed-attackers]``) takes the kind that brings the greater
    part of the combined attack strength, the infantry table on a tie."""
    if not mixed(attackers):
        return _kind(attackers, "attackers")
    _attack(attackers)  # a stunned attacker is refused first
    strength = {"mounted": 0, "infantry": 0}
    for f in attackers:
        strength[f.target] += f.attack or 0
    return "mounted" if strength["mounted"] > strength["infantry"] else "infantry"


def _attack(attackers: list[Fighter]) -> tuple[int, ...]:
    for f in attackers:
        if f.attack is None:
            why = "stunned: may not attack" if f.state == Health.STUNNED else "prints no attack"
            raise FieldError("attackers", f.name, f"attacker {f.label()}: {why}", named=True)
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
    use the magic sword"), as is the Sword on missile fire ("hand-to-hand combat only"); each
    refusal names the item's field (``sword``, ``ring``)."""
    for word, holders, others, role in (
        ("sword", attackers, defenders, "attacker"),
        ("ring", defenders, attackers, "defender"),
    ):
        rule = rules.rules[ITEM_RULES[word]]
        wrong = [f for f in others if getattr(f, word)]

        def refused(why: str, word: str = word) -> FieldError:
            return FieldError(word, True, why, named=True)

        if wrong:
            whose = "attack" if word == "sword" else "opponent's attack"
            raise refused(
                f"{wrong[0].label()}: the Magic {word.capitalize()} moves its holder's "
                f"{whose} ({rule.section}): give :{word} to a{'n' if role[0] == 'a' else ''} "
                f"{role}"
            )
        named = [f for f in holders if getattr(f, word)]
        if len(named) > 1:
            raise refused(f"{named[1].label()}: there is only one Magic {word.capitalize()}")
        flag = sword if word == "sword" else ring
        held = named or (holders if flag and len(holders) == 1 else [])
        for f in held:
            if refused_holder(rules, ITEM_RULES[word], f.name):
                raise refused(f"{role} {f.name}: {_quote(rule.rule)} ({rule.section})")
        if flag and not named and len(holders) > 1:
            if all(refused_holder(rules, ITEM_RULES[word], f.name) for f in holders):
                raise refused(f"{role}s: {_quote(rule.rule)} ({rule.section})")
    use_sword = sword or any(f.sword for f in attackers)
    if use_sword and missile:
        section = rules.rules["magic-sword"].section
        why = f"the Magic Sword: hand-to-hand combat only ({section})"
        raise FieldError("sword", True, why, named=True)
    return use_sword, ring or any(f.ring for f in defenders)


def melee(
    attackers: list[Fighter],
    defenders: list[Fighter],
    shifts: Shifts | None = None,
    die: int | None = None,
    seed: int | None = None,
    attacker_on: str = "",
    defender_on: str = "",
) -> MeleeRequest:
    """The hand-to-hand lookup of ``attackers`` on ``defenders``; a refusal names the side
    (``attackers``, ``defenders``). ``attacker_on``/``defender_on``: a side on a bridge or the
    stepping stones (`special.FOOTINGS`), where a retreat falls in."""
    table = f"{_attackers_kind(attackers)}-vs-{_kind(defenders, 'defenders')}"
    defender = _one(defenders)
    attacker = _one(attackers)._replace(footing=attacker_on) if len(attackers) == 1 else None
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
        attacker=attacker,
        defender_footing=defender_on,
    )


def shot(
    shooter: list[Fighter],
    defenders: list[Fighter],
    hexes: int,
    cover: str | None = None,
    die: int | None = None,
    seed: int | None = None,
    field: str = "attackers",
) -> MissileRequest:
    """The missile shot of one foot ``shooter`` with his weapon at one defender (a refusal of
    the shooter names ``field``)."""
    if len(shooter) != 1 or len(defenders) != 1:
        raise FieldError("range", None, "one shooter fires at one target")
    f = shooter[0]
    if f.mounted:
        why = f"{f.name}: mounted characters may not fire missile weapons (give {f.name}:foot)"
        raise FieldError(field, f.name, why)
    if f.state == Health.STUNNED:
        raise FieldError(field, f.name, f"{f.label()}: stunned: may not fire")
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
