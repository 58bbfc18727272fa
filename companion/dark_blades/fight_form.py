"""One parser for a fight by name, shared by `havoc fight` and its phone page: strings in, a
typed `Asked` out, each refusal a `companion.errors.FieldError` naming one of `FIELDS`.

`ask` takes the fields as the user typed them (`FIELDS`: the two sides' name specs or a
form's typed rows, `fight.Chosen` (`piece_row`), the range,
the cover, each side's terrain, the Magic Sword and Ring, the die, the seed, the scenario).
Each front end names a refused field in its own words (the command its option, the page its
label). `answer` resolves what `ask` returns, with the cells and the special rules, as
`havoc crt` and `havoc missile` do. The front ends only gather strings and present the
record: they cannot drift apart.
"""

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from companion.dark_blades import combat as c
from companion.dark_blades import combat_form, pieces
from companion.dark_blades import fight as f
from companion.dark_blades import terrain as ter
from companion.dark_blades.completion import cell_source
from companion.dark_blades.crt import Crt, load_crt
from companion.dark_blades.lookups import MeleeRequest, MissileRequest, Shifts
from companion.dark_blades.missiles import load_weapons
from companion.dark_blades.resolve import fire, resolve
from companion.dark_blades.special import FOOTINGS, CombatRules, load_combat_rules
from companion.dark_blades.states import HEALTH, ITEMS, MOUNTS, Health
from companion.data import Cards
from companion.errors import FieldError, InputError
from companion.names import pick
from companion.numbers import is_whole

if TYPE_CHECKING:  # imported when a scenario is given
    from companion.dark_blades.scenarios import Scenario

FIELDS = (
    "attackers",
    "defenders",
    "range",
    "cover",
    "attacker_terrain",
    "defender_terrain",
    "attacker_inside",
    "attacker_on",
    "defender_on",
    "sword",
    "ring",
    "die",
    "seed",
    "scenario",
)


ROLES = ("attacker", "defender")


class Asked(NamedTuple):
    """A fight, parsed: the two sides, the typed request, and the data it was read with."""

    attackers: list[f.Fighter]
    defenders: list[f.Fighter]
    request: MeleeRequest | MissileRequest
    crt: Crt
    rules: CombatRules
    scenario: str | None  # the scenario's title, when one set who starts mounted
    footings: tuple[str, ...] = ("", "")  # each side's bridge or stepping-stones, or ""


def _text(values: Mapping[str, Any], name: str) -> str:
    value = values.get(name)
    return "" if value is None else str(value).strip()[:200]


def _whole(text: str, field: str, lowest: int, example: str) -> int | None:
    if not text:
        return None
    if not is_whole(text) or len(text) > 18 or int(text) < lowest:
        raise FieldError(field, text, f"expected {example}, got {text[:20]!r}")
    return int(text)


def _field(field: str, error: InputError, value: object = None) -> FieldError:
    """``error`` (a scenario's, a terrain's) as a refusal of ``field``; one that names its
    field already is as it is."""
    if isinstance(error, FieldError):
        return error
    return FieldError(field, value, error.message)


def _scenario(cards: Cards, name: str) -> "Scenario | None":
    """The scenario ``name`` (blank: none)."""
    if not name:
        return None
    from companion.dark_blades.scenarios import find_scenario, load_scenarios

    try:
        return find_scenario(load_scenarios(cards, pieces.load(cards)), name)
    except InputError as e:
        raise _field("scenario", e, name) from None


def _spared(scenario: "Scenario", attackers: list[f.Fighter], defenders: list[f.Fighter]) -> None:
    """Refuse an attack the scenario's special rules forbid (Mule Train: the Black Fox's side
    may not attack the mules), quoting the rule."""
    for side in scenario.sides:
        members = {force.character.name for force in side.forces}
        by = [a for a in attackers if a.name in members]
        on = [d for d in defenders if d.name in side.may_not_attack]
        if by and on:
            raise FieldError(
                "defenders",
                None,
                f"{scenario.title}: {by[0].name} ({side.name}) may not attack the "
                f'{on[0].name}: "{side.may_not_attack_rule}" (Special Rules; the kit '
                "reads any attack on one as an attempt to kill it)",
                named=True,
            )


def ask(cards: Cards, values: Mapping[str, Any]) -> Asked:
    """Parse the fields of a fight (see the module docstring); a `FieldError` names the first
    field that cannot be answered."""
    roster = pieces.roster(cards)
    crt = load_crt(cards)
    rules = load_combat_rules(cards)
    scenario = _scenario(cards, _text(values, "scenario"))
    title = scenario.title if scenario else None
    mounted = tuple(n for side in scenario.sides for n in side.mounted) if scenario else ()
    sides = []
    for role in ("attacker", "defender"):
        given = values.get(f.SIDE_FIELDS[role]) or []
        specs = [s if isinstance(s, f.Chosen) else str(s)[:200] for s in given][:12]
        sides.append(f.side(roster, specs, role, mounted))
    attackers, defenders = sides
    if scenario is not None:
        _spared(scenario, attackers, defenders)
    hexes = _whole(_text(values, "range"), "range", 1, "hexes like 12")
    die = _whole(_text(values, "die"), "die", 0, "a face like 7 (0 is ten)")
    seed = _whole(_text(values, "seed"), "seed", 0, "a whole number")
    at = _text(values, "attacker_terrain") or "0"
    dt = _text(values, "defender_terrain") or "0"
    cover_text = _text(values, "cover")
    inside = bool(values.get("attacker_inside"))
    sword, ring = f.items(
        rules,
        attackers,
        defenders,
        bool(values.get("sword")),
        bool(values.get("ring")),
        missile=hexes is not None,
    )
    request: MeleeRequest | MissileRequest
    on = ["", ""]
    if hexes is not None:
        for role in ROLES:
            if _text(values, f"{role}_on"):
                why = "hand-to-hand only (a retreat there falls in)"
                raise FieldError(f"{role}_on", _text(values, f"{role}_on"), why)
        if inside:
            why = "hand-to-hand only (a shot into a window takes the target's cover)"
            raise FieldError("attacker_inside", True, why, named=False)
        if at != "0" or dt != "0":
            field = "attacker_terrain" if at != "0" else "defender_terrain"
            why = "not for missile fire (give the target's cover)"
            raise FieldError(field, at if field == "attacker_terrain" else dt, why)
        shot = f.shot(attackers, defenders, hexes, None, die, seed)
        try:
            load_weapons(cards).carried(attackers[0].name, shot.weapon)
        except InputError as e:
            raise FieldError("attackers", None, e.message, named=True) from None
        kind, row = combat_form.cover(cards, crt, cover_text, shot.target)
        request = shot._replace(cover=kind, cover_terrain=row, magic_ring=ring)
    else:
        if cover_text and cover_text != "none":
            raise FieldError("cover", cover_text, "for missile fire (give a range)")
        shifts = Shifts(
            attacker_terrain=_terrain(cards, crt, at, "attacker", attackers),
            defender_terrain=_terrain(cards, crt, dt, "defender", defenders, inside),
            magic_sword=sword,
            magic_ring=ring,
        )
        on = [
            _footing(rules, _text(values, f"{role}_on"), role, side)
            for role, side in zip(ROLES, sides, strict=True)
        ]
        request = f.melee(attackers, defenders, shifts, die, seed, *on)
    return Asked(attackers, defenders, request, crt, rules, title, tuple(on))


def _terrain(
    cards: Cards,
    crt: Crt,
    text: str,
    role: str,
    side: list[f.Fighter],
    inside: bool = False,
) -> "str | ter.Advantage":
    """A bare + 0 - as it is (the symbols of the terrain shift table), else the terrain rows
    named, checked against the side's kind (a horseman's two hexes); ``inside``: the attacker
    is inside the building (`terrain.advantage`)."""
    if text in {symbol for pair in crt.terrain for symbol in pair}:
        return text
    field = f"{role}_terrain"
    try:
        found = ter.advantage(ter.load_terrain(cards), text, role, field, inside)
        mounted = any(p.target == "mounted" for p in side)
        ter.check_position(found.terrains, mounted, role, field)
    except InputError as e:
        raise _field(field, e, text) from None
    return found


def _footing(rules: CombatRules, text: str, role: str, side: list[f.Fighter]) -> str:
    """``bridge``, ``stepping-stones`` (any unique start or word: ``stones``) or blank; a side
    on one is on foot ("Bridges must be crossed on foot", "only ... characters on foot")."""
    if not text:
        return ""
    field = f"{role}_on"
    try:
        footing = pick(text, FOOTINGS, "footing")
    except InputError as e:
        raise FieldError(field, text, e.message) from None
    rule = rules.rules["bridge" if footing == "bridge" else "stones"]
    for fighter in side:
        if fighter.mounted:
            why = f"{fighter.label()}: on foot only ({rule.section}: {rule.rule.split('.')[0]})"
            raise FieldError(field, text, why)
    return footing


def answer(cards: Cards, asked: Asked, source_only: bool = False) -> c.Lookup | c.NoShot:
    """The record of the fight `ask` parsed: `resolve` or `fire` with the cells (the kit's
    completion unless ``source_only``) and the special rules."""
    cells = cell_source(cards, asked.crt, source_only)
    if isinstance(asked.request, MissileRequest):
        record = fire(asked.crt, load_weapons(cards), asked.request, cells, asked.rules)
    else:
        record = resolve(asked.crt, asked.request, cells, asked.rules)
    if isinstance(record, c.Lookup) and (len(asked.attackers) > 1 or len(asked.defenders) > 1):
        record.rules = [*record.rules, asked.rules.rules["several"]]
    if isinstance(record, c.Lookup):
        for footing in asked.footings:  # said whatever the die: a retreat there falls in
            rule = asked.rules.rules["bridge" if footing == "bridge" else "stones"]
            if footing and rule not in record.rules:
                record.rules = [*record.rules, rule]
    if isinstance(record, c.Lookup) and f.mixed(asked.attackers):
        record.rules = [*record.rules, asked.rules.rules["combine-attack"]]
        record.readings = [*record.readings, asked.rules.readings["mixed-attackers"]]
    return record


def piece_row(
    name: str,
    health: str = "",
    mount: str = "",
    holds: tuple[str, ...] = (),
    boxed: bool = False,
    label: str = "piece",
    field: str = "attackers",
) -> f.Chosen:
    """One piece of a form's rows as the typed piece `ask` takes (`fight.Chosen`): ``health``
    one of `states.HEALTH` (blank: healthy), ``mount`` foot or mounted (blank: on foot unless
    the scenario starts him mounted), ``holds`` the magic items (``sword``, ``ring``),
    ``boxed``: he cannot retreat. Refuses a choice the form does not offer, naming ``label``
    (``defender 2``) in the refusal of ``field``."""
    health, mount = health.strip() or Health.HEALTHY, mount.strip()
    if health not in HEALTH:
        why = f"{label} health: expected {', '.join(HEALTH)}, got {health[:20]!r}"
        raise FieldError(field, health, why, named=True)
    if mount and mount not in MOUNTS:
        why = f"{label}: expected foot or mounted, got {mount[:20]!r}"
        raise FieldError(field, mount, why, named=True)
    items = {item: item in holds for item in ITEMS}
    return f.Chosen(name.strip()[:60], Health(health), mount or None, boxed=boxed, **items)
