"""One Dark Blades combat or missile shot, from a typed request to the finished record.

`resolve` takes a `lookups.MeleeRequest` (a results table, strengths, the column shifts) and
returns a `combat.Lookup` (or a `combat.NoShot` when the rules forbid the shot); `fire` does
the same for a `lookups.MissileRequest` (a missile weapon at a range: its strength band, its
table for the target, no shot at range 1 for bows, the Gargoyle's Breath). Both are plain
functions of the loaded data: the `havoc` CLI prints their record, a web page, a map tool or a
printed sheet may present the same record.
"""

from typing import TYPE_CHECKING, Any, NamedTuple

from companion import dice
from companion.dark_blades import combat as c
from companion.dark_blades.completion import CellSource
from companion.dark_blades.crt import Crt
from companion.dark_blades.lookups import MeleeRequest, MissileRequest, Shifts
from companion.dark_blades.readings import Reading
from companion.dark_blades.special import CombatRules, Outcome, outcome
from companion.dark_blades.states import HEALTH, KINDS
from companion.errors import FieldError

if TYPE_CHECKING:  # not imported for hand-to-hand: `havoc fight` without --range
    from companion.dark_blades.missiles import Missiles


class _Extra(NamedTuple):
    """What a missile weapon adds to a table lookup."""

    weapon: dict[str, Any] | None = None
    void_rule: str | None = None
    no_adverse: Reading | None = None
    no_shot: tuple[str, str | None] | None = None
    rules: CombatRules | None = None
    more_shifts: tuple[c.Shift, ...] = ()  # shifts the weapon adds, with their readings


def resolve(
    crt: Crt,
    request: MeleeRequest,
    cells: CellSource | None = None,
    rules: CombatRules | None = None,
) -> c.Lookup | c.NoShot:
    """The record of one lookup (``cells``: where cells come from, None: the rulebook's;
    ``rules``: the special rules applied to the defender, None: the letter only)."""
    return _resolve(crt, request, cells, _Extra(rules=rules))


def _resolve(
    crt: Crt, request: MeleeRequest, cells: CellSource | None, extra: _Extra
) -> c.Lookup | c.NoShot:
    results = c.table_by_name(crt, request.table)
    attack, defence = list(request.attack), list(request.defence)
    cover = request.shifts.cover
    reason, rule = extra.no_shot or (c.no_shot(crt, results, cover), None)
    if reason is not None:
        if request.die is not None:
            c.parse_face(crt, request.die, None)  # a bad --die is still refused
        c.raw_odds(sum(attack), sum(defence))  # and strengths below 1
        return c.NoShot(results, attack, defence, cover, reason, crt.source, extra.weapon, rule)
    shifts = c.shifts_for(crt, results, **request.shifts.keywords())
    shifts = [*shifts, *extra.more_shifts]
    rules_only = cells is None or cells.completion is None
    left_open = [s for s in shifts if s.reading is not None] if rules_only else []
    shifts = [s for s in shifts if s not in left_open]  # --source-only: not applied
    rng = dice.make_rng(request.seed) if request.die is None else None
    face, rolled = c.parse_face(crt, request.die, rng)
    look = c.lookup(
        crt,
        results.name,
        attack,
        defence,
        shifts,
        face,
        rolled,
        extra.no_adverse,
        extra.void_rule,
        cells,
    )
    look.weapon = extra.weapon
    look.seed = request.seed
    look.left_open = [f"open: {s.label} (rules silent; not applied)" for s in left_open]
    if request.defender_state not in HEALTH:
        why = f"expected {', '.join(HEALTH)}, got {request.defender_state!r}"
        raise FieldError("defender_state", request.defender_state, why)
    if request.defender_kind not in KINDS:
        why = f"expected {', '.join(KINDS)}, got {request.defender_kind!r}"
        raise FieldError("defender_kind", request.defender_kind, why)
    look.defender_state, look.defender_kind = request.defender_state, request.defender_kind
    combat_rules = extra.rules
    if combat_rules is not None:
        source_only = cells is None or cells.completion is None

        def hit(cell: str) -> Outcome:
            return outcome(
                combat_rules,
                results,
                cell,
                request.defender_state,
                request.defender_kind,
                source_only,
                request.defender_boxed,
                None if extra.void_rule else request.attacker,
                request.defender_footing,
            )

        if look.cell:
            result = hit(look.cell)
            if look.void and result.text is None:
                result = Outcome(None)
            look.outcome = result.text
            look.rules = list(result.rules)
            look.readings = list(dict.fromkeys([*look.readings, *result.readings]))
        for cell, _faces in look.chances:
            said = hit(cell) if cell else Outcome(None)
            if said.text is not None and said.short:  # "(kit)": by a kit's reading
                look.effects[cell] = said.short + (" (kit)" if said.readings else "")
            look.readings = list(dict.fromkeys([*look.readings, *said.readings]))
    return look


def fire(
    crt: Crt,
    missiles: "Missiles",
    request: MissileRequest,
    cells: CellSource | None = None,
    rules: CombatRules | None = None,
) -> c.Lookup | c.NoShot:
    """The record of one missile shot: the weapon's strength at the range, its table for the
    target, the cover's shift (``cells`` as for `resolve`)."""
    found, typed = missiles.find(request.weapon)
    hexes, cover = request.hexes, request.cover
    if hexes < 1:
        raise FieldError("range", hexes, "expected 1 hex or more", echo=True)
    band = found.band_at(hexes)
    if len(request.defence) > 1:
        raise FieldError("defence", None, "a missile is fired at one target (one defence)")
    if cover not in (None, "none") and not found.cover:
        why = found.cover_reading.short if found.cover_reading else "no cover rule"
        raise FieldError("cover", cover, f"not for the {found.name} ({why})")
    shifts = Shifts(
        cover=(cover or "none") if found.cover else None,
        cover_terrain=request.cover_terrain if found.cover else None,
        magic_ring=request.magic_ring,
        fast_rider=request.fast_rider,
    )
    about: dict[str, Any] = {
        "weapon": found.name,
        "range": hexes,
        "band": band.band,
        "strength": band.strength,
        "target": request.target,
        "typed": None if typed == found.key else typed,  # a counter word, e.g. "bow"
    }
    readings = []
    if typed != found.key and found.counter_reading is not None:
        readings.append(found.counter_reading)
    no_shot = None
    if hexes == 1 and not found.adjacent:
        no_shot = ("range 1: adjacent to the target", missiles.adjacent_rule)
    melee = MeleeRequest(
        table=found.table_for(request.target),
        attack=(band.strength,),
        defence=request.defence,
        shifts=shifts,
        die=request.die,
        seed=request.seed,
        defender_state=request.defender_state,
        defender_kind=request.defender_kind,
        defender_boxed=request.defender_boxed,
    )
    more: tuple[c.Shift, ...] = ()
    hand_table = c.table_by_name(crt, melee.table).kind == "hand-to-hand"
    if request.magic_ring and hand_table and "magic-ring" in crt.shifts:
        # the Breath reads the hand-to-hand tables: the Ring on it is the missile reading
        columns, _applies, text = crt.shifts["magic-ring"]
        more = (c.Shift(text, columns, crt.reading("ring-on-missiles"), "magic ring"),)
        melee = melee._replace(shifts=shifts._replace(magic_ring=False))
    extra = _Extra(about, found.no_adverse, found.adverse_reading, no_shot, rules, more)
    record = _resolve(crt, melee, cells, extra)
    if isinstance(record, c.Lookup) and readings:
        record.readings = [*readings, *record.readings]
    return record
