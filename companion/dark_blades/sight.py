"""Line of sight, range and cover on a Dark Blades map, by the rules' own method.

The line runs from the centre of the firer's hex to the centre of the target's
(`hexgrid.lines`); `walk` follows it hex by hex: trees and buildings block it (the firer may
see into a tree or building hex, not through it), building walls and garden walls along hex
sides hide what lies behind them (garden walls: the kit's reading that "infinite cover" hides;
a wall between two hexes of one building: a building wall), and the rules of firing through
windows and doors decide whether a shot into, out of or through a building may be taken. Cover
comes from the target's hex: a tree light, a door medium, a window medium through its
aperture, a slope medium only when the line crosses the top lip of that slope. A line along a
hex side: each side judged as a line of its own. A mounted target on two hexes
(`horse_sight`): the heavier cover of the two counts (the rules), seen if either hex is, and
the answer says which; range to the nearer (the kit's reading). A target next to the firer may
not be fired at ("adjacent to an enemy character"). What blocks, the rules quoted and the
kit's readings are data: ``cards/dark-blades/sight.toml``.
"""

from pathlib import Path
from typing import Any, NamedTuple

from companion import schema
from companion.dark_blades import hexgrid as hg
from companion.dark_blades.hexgrid import Hex
from companion.dark_blades.maps import HexMap
from companion.dark_blades.readings import Reading, reading_schema
from companion.dark_blades.terrain import check_position, load_terrain
from companion.dark_blades.walk import Side, walk
from companion.data import Cards
from companion.errors import FieldError
from companion.schema import Field, ListOf, MapOf, Table

GAME = "dark-blades"
COVERS = ("none", "light", "medium", "infinite")  # lightest first
HEAVIER = "rules: a horseman's HEAVIER hex counts"  # the rules' line under a horseman's hexes
OFF_BOARD = "(off the board)"  # the line between a layout's maps, where no map lies
ADJACENT = "adjacent to the target"  # why no shot at range 1
# the kit's readings still said when the line is not seen (how it was judged blocked)
_UNSEEN_READINGS = ("along-side", "aperture-sides", "wall", "interior-wall")
# the rules said when the line is not seen
_BLOCKING_RULES = ("building-walls", "see-into", "walls")


# The records here are NamedTuples, not dataclasses: they are on `havoc los`'s import path, and a
# dataclass costs about a millisecond to declare.


class Rule(NamedTuple):
    """A rule the sight applies: its name in sight.toml, its section and its words."""

    name: str
    section: str
    text: str

    def as_dict(self) -> dict[str, str]:
        return {"name": self.name, "section": self.section, "text": self.text}

    @property
    def quote(self) -> str:
        """``"The words." (Section)`` — as the answers print it."""
        return f'"{self.text}" ({self.section})' if self.section else self.text


class SightRules(NamedTuple):
    """sight.toml, checked: what blocks a line, the rules' words and the kit's readings, and
    the rule on firing when adjacent (missiles.toml ``adjacent_rule``; None if it lacks it)."""

    path: Path
    source: str
    blocks: frozenset[str]
    rules: dict[str, Rule]
    readings: dict[str, Reading]
    adjacent: Rule | None = None


RULE = Table(
    (Field("section", str), Field("text", str)),
    build=lambda v, where: Rule(str(where.keys[-1]), v["section"], v["text"]),
)
SIGHT_FILE = Table(
    (
        Field("source", str),
        Field("blocks", ListOf(str)),
        Field("rules", MapOf(RULE)),
        Field("readings", MapOf(reading_schema(lambda where: where.name))),
    )
)
# missiles.toml, for its one sentence on firing when adjacent (the rest is missiles.py's)
_ADJACENT_FILE = Table(
    (Field("adjacent_rule", str, required=False),),
    rest=(str, dict, list, int, float, bool),
    rest_as="",
)


def _build(d: dict[str, Any], p: Path) -> SightRules:
    return SightRules(p, d["source"], frozenset(d["blocks"]), d["rules"], d["readings"])


def load_sight(cards: Cards) -> SightRules:
    """Read and check ``cards/dark-blades/sight.toml`` (once while it and missiles.toml are
    unchanged: the build function is one object, as `schema.load` keys its cache on it)."""
    missiles = cards.path(GAME, "missiles.toml")
    return schema.load(
        cards.path(GAME, "sight.toml"), SIGHT_FILE, _with_adjacent(missiles), (missiles,)
    )


_BUILDERS: dict[Path, Any] = {}


def _with_adjacent(missiles: Path) -> Any:
    """The build function for sight.toml with ``missiles`` (one object per path)."""
    if missiles not in _BUILDERS:

        def build(d: dict[str, Any], p: Path) -> SightRules:
            text = schema.load(missiles, _ADJACENT_FILE).get("adjacent_rule") or ""
            words, _, section = text.removesuffix(")").rpartition(" (")  # "... (Section)"
            rule = Rule("adjacent", section, words) if text.endswith(")") and words else None
            rule = rule or (Rule("adjacent", "", text) if text else None)
            return _build(d, p)._replace(adjacent=rule)

        _BUILDERS[missiles] = build
    return _BUILDERS[missiles]


class Sight(NamedTuple):
    """The answer to `havoc los`: range, whether the firer sees the target, cover, and how."""

    map: HexMap
    origin: Hex
    target: Hex
    range: int
    visible: bool
    cover: str  # none, light, medium, infinite
    why: str  # the cover's reason
    blocked_by: tuple[str, ...]
    line: tuple[Hex, ...]  # the hexes crossed, firer to target (both sides' where it splits)
    along_side: bool
    readings: tuple[Reading, ...]
    parts: "tuple[Sight, ...]" = ()  # a mounted target: the sight to each of his two hexes
    refusal: str = ""  # seen, but a firing rule refuses the shot: why ("" when none does)
    rules: tuple[Rule, ...] = ()  # the rules applied, quoted (the refusing one first)
    steps: tuple[tuple[Hex | None, ...], ...] = ()  # the line step by step: one hex, or a
    # side's each (None: no hex on that side, where the line passes a corner)
    other: Side | None = None  # along a hex side: the side the answer is not taken from

    @property
    def targets(self) -> tuple[Hex, ...]:
        """The target's hexes: one, or a horseman's two."""
        return tuple(p.target for p in self.parts) or (self.target,)

    @property
    def seen_at(self) -> tuple[Hex, ...]:
        """The target's hexes the line sees: his one hex or none; of a horseman's two, each
        that is seen (he is seen if either is: the kit's reading ``horseman``)."""
        if self.parts:
            return tuple(p.target for p in self.parts if p.visible)
        return (self.target,) if self.visible else ()

    @property
    def seen_words(self) -> str:
        """The answer's word: "seen", "not seen", or "seen at K3" when only one of a
        horseman's two hexes is seen."""
        if self.parts and len(self.seen_at) == 1:
            return f"seen at {self.map.label(self.seen_at[0])}"
        return "seen" if self.visible else "not seen"

    @property
    def other_fails(self) -> str:
        """Along a hex side or through a corner, when the answer is taken from one side of the
        line: what stops the other side (``wall H3/s``), or "" when nothing does."""
        other = self.other
        if other is None or not self.visible or not (other.blocked_by or other.no_shot):
            return ""
        if self.refusal and other.no_shot == self.refusal:
            return ""
        return ", ".join(other.blocked_by) or other.no_shot

    @property
    def half_seen(self) -> str:
        """``seen at K10 only (J10 not seen)``: a horseman seen at one of his two hexes ("" for
        one seen at both or neither, or a target on one hex)."""
        if not (self.parts and len(self.seen_at) == 1):
            return ""
        hidden = next(p.target for p in self.parts if not p.visible)
        label = self.map.label
        return f"seen at {label(self.seen_at[0])} only ({label(hidden)} not seen)"

    @property
    def adjacent(self) -> bool:
        """The target is next to the firer: "Characters may not fire ... if they are adjacent
        to an enemy character in the firing step" (Firing and Combat)."""
        return self.range == 1

    @property
    def open_shot(self) -> bool:
        """The line allows a shot: seen, not in infinite cover, no firing rule against it (the
        range is the weapon's matter: `havoc missile` asks this, and its weapon decides range 1)."""
        return self.visible and self.cover != "infinite" and not self.refusal

    @property
    def can_fire(self) -> bool:
        """A missile may be fired: the line allows it and the target is not adjacent."""
        return self.open_shot and not self.adjacent

    @property
    def no_shot(self) -> str:
        """Why no missile may be fired ("" when one may)."""
        if not self.visible:
            return "not seen"
        if self.refusal:
            return self.refusal
        if self.cover == "infinite":
            return f"cover infinite ({self.why})"
        return ADJACENT if self.adjacent else ""

    def as_dict(self) -> dict[str, Any]:
        """For --json; a horseman's two hexes joined by a comma, each hex's own answer in
        ``hexes`` (empty for a target on one hex)."""
        label, on = self.map.label, self.map.on_map
        return {
            "map": self.map.name,
            "map_design": self.map.design,
            "from": label(self.origin),
            "to": ",".join(label(h) for h in self.targets),
            "range": self.range,
            "visible": self.visible,
            "seen_hexes": [label(h) for h in self.seen_at],
            "can_fire": self.can_fire,
            "no_shot": self.no_shot or None,
            "adjacent": self.adjacent,
            "blocked_by": list(self.blocked_by),
            "cover": self.cover,
            "cover_why": self.why,
            "target_terrain": ",".join(self.map.terrain[h] for h in self.targets),
            "line": [label(h) for h in self.line if on(h)],
            "line_steps": [
                [label(h) if h else None for h in step if h is None or on(h)]
                for step in self.steps
                if any(h is not None and on(h) for h in step)
            ],
            "line_text": steps_text(self.map, self.steps),
            "along_hex_side": self.along_side,
            "other_side": _side_dict(self.map, self.other) if self.other else None,
            "rules": [r.as_dict() for r in self.rules],
            "kits_readings": [r.as_dict() for r in self.readings],
            "hexes": [
                {k: v for k, v in p.as_dict().items() if k not in ("map", "map_design", "hexes")}
                for p in self.parts
            ],
        }


def _side_dict(m: HexMap, s: Side) -> dict[str, Any]:
    return {
        "line": [m.label(h) for h in s.hexes if m.on_map(h)],
        "blocked_by": list(s.blocked_by),
        "no_shot": s.no_shot or None,
        "cover": s.cover,
        "cover_why": s.why,
    }


def part_words(s: Sight) -> list[str]:
    """A horseman's two hexes, each as `havoc los` and the map page say it (``K3: range 2,
    medium cover``), then the rules' `HEAVIER` line; nothing for a target on one hex."""
    words = []
    for p in s.parts:
        cover = "no cover" if p.cover == "none" else f"{p.cover} cover"
        if not p.visible:
            seen = f"not seen ({', '.join(p.blocked_by)})"
        elif p.refusal:
            seen = f"no shot ({p.refusal})"
        else:
            seen = cover
        words.append(f"{s.map.label(p.target)}: range {p.range}, {seen}")
    return [*words, HEAVIER] if words else []


def steps_text(m: HexMap, steps: tuple[tuple[Hex | None, ...], ...]) -> str:
    """The line firer to target, ``Q4 Q3|R4 R3``: where the line runs along a hex side, the
    hexes just either side of it joined by ``|``; ``D7 (corner)``: through a corner, a hex on
    one side only; ``C1 (edge)``: along the map's edge, the other side's hex off the map. Only
    hexes on the map are named; ``(off the board)``: where a layout's line crosses the table
    between its maps."""
    words: list[str] = []
    for step in steps:
        on = [m.label(h) for h in step if h is not None and m.on_map(h)]
        if not on:
            if words and words[-1] != OFF_BOARD and any(h is not None for h in step):
                words.append(OFF_BOARD)  # a gap between a layout's maps, said once
            continue
        if len(step) == 2 and len(on) == 1:
            on[0] += " (corner)" if None in step else " (edge)"
        words.append("|".join(on))
    return " ".join(words)


def _steps(one: tuple[Hex, ...], two: tuple[Hex, ...]) -> tuple[tuple[Hex | None, ...], ...]:
    """The two sides' hexes merged in order: a hex both cross once; else one from each side,
    or None for the side that has no hex there (the line through a corner)."""
    common = set(one) & set(two)
    out: list[tuple[Hex | None, ...]] = []
    i = j = 0
    while i < len(one) or j < len(two):
        a = one[i] if i < len(one) else None
        b = two[j] if j < len(two) else None
        if a is not None and a == b:
            out.append((a,))
            i, j = i + 1, j + 1
            continue
        a = a if a not in common else None  # a common hex waits for the other side
        b = b if b not in common else None
        if a is None and b is None:  # both wait (they cannot, in order): take side one's
            a = one[i] if i < len(one) else None
            b = None if a is not None else two[j]
        out.append((a, b))
        i, j = i + (a is not None), j + (b is not None)
    return tuple(out)


def _wall_between(m: HexMap, step: tuple[Hex | None, ...]) -> bool:
    """A step of a line along a hex side (a hex on each side of it) with a wall on that side."""
    if len(step) != 2 or step[0] is None or step[1] is None:
        return False
    side = hg.side_between(step[0], step[1])
    return side is not None and (step[0], side) in m.blocking_sides


def line_of_sight(m: HexMap, rules: SightRules, origin: Hex, target: Hex) -> Sight:
    """Range, sight and cover from ``origin`` to ``target`` on ``m`` (both on the map)."""
    return _judge(m, rules, origin, target)[0]


def _judge(m: HexMap, rules: SightRules, origin: Hex, target: Hex) -> tuple[Sight, Side]:
    """The sight, and the side of the line its cover comes from (seen or not)."""
    one, two = (walk(m, rules.blocks, p, sides) for p, sides in hg.paths(origin, target))
    along = one.hexes != two.hexes
    both = (one, two) if along else (one,)
    clear = [s for s in both if not s.blocked_by and not s.no_shot]
    seen = [s for s in both if not s.blocked_by]
    pick = clear or seen or list(both)
    best = max(pick, key=lambda s: COVERS.index(s.cover))
    visible = bool(seen)
    refusal = "" if clear or not visible else best.no_shot
    blocked = () if visible else tuple(dict.fromkeys(one.blocked_by + two.blocked_by))
    names = ["along-side"] if along else []
    if along and any(_wall_between(m, step) for step in _steps(one.hexes, two.hexes)):
        names.append("along-wall")  # the exact line runs along a wall: neither side crosses it
    if len(one.hexes) > 2:
        names.append("characters")
    for s in pick:
        names.extend(s.readings)
    if not visible:
        names = [n for n in names if n in _UNSEEN_READINGS]
    readings = tuple(rules.readings[n] for n in dict.fromkeys(names) if n in rules.readings)
    ruled = [r for s in pick for r in s.rules]
    if refusal:
        ruled = [best.rules[0]]  # the rule that refused, alone (`walk` puts it first)
    elif not visible:
        ruled = [n for s in both for n in s.rules if n in _BLOCKING_RULES]
    quoted = [rules.rules[n] for n in dict.fromkeys(ruled) if n in rules.rules]
    rng = hg.distance(origin, target)
    if rng == 1 and rules.adjacent is not None:
        quoted.append(rules.adjacent)
    steps = _steps(one.hexes, two.hexes) if along else tuple((h,) for h in one.hexes)
    others = [s for s in both if s is not best]
    sight = Sight(
        m,
        origin,
        target,
        rng,
        visible,
        best.cover if visible else "none",
        best.why if visible else "not seen",
        blocked,
        tuple(h for step in steps for h in step if h is not None),
        along,
        readings,
        refusal=refusal,
        rules=tuple(quoted),
        steps=steps,
        other=others[0] if others else None,
    )
    return sight, best


HORSE_FIELD = "target_hexes"  # the field a horseman's two hexes are refused as


def check_horse(m: HexMap, cards: Cards, hexes: tuple[Hex, ...]) -> None:
    """Refuse, with the rule, a mounted target that is not on two neighbouring hexes or
    stands in a hex impassable to horses (tree, window, house interior), naming the field
    `HORSE_FIELD`."""
    field = HORSE_FIELD
    names = ",".join(m.label(h) for h in hexes)
    if len(hexes) != 2 or hg.distance(*hexes) != 1:
        raise FieldError(
            field,
            names,
            "a mounted character occupies two neighbouring hexes (K3,K4)",
            echo=True,
        )
    rows = load_terrain(cards).rows
    found = tuple(rows[m.terrain[h]] for h in hexes if m.terrain[h] in rows)
    try:
        check_position(found, True, "target", field)
    except FieldError as e:
        raise FieldError(field, names, e.reason, echo=True) from None


def horse_sight(m: HexMap, rules: SightRules, origin: Hex, hexes: tuple[Hex, Hex]) -> Sight:
    """A mounted target on two neighbouring hexes (``check_horse``). The rules: "A mounted
    character occupies two hexes. For cover classification he is considered to be totally in
    cover of the HEAVIER type." The kit's reading (sight.toml, ``horseman``): he is seen if
    either hex is (and may be shot at if either hex may); the range is counted to the nearer
    hex; each hex's cover is worked out as for a target standing there, seen or not (behind a
    building wall: infinite), and the heavier counts."""
    judged = [_judge(m, rules, origin, h) for h in hexes]
    parts = tuple(s for s, _ in judged)
    visible = any(s.visible for s in parts)
    shootable = [s for s in parts if s.visible and not s.refusal]
    refusal = "" if shootable or not visible else next(s.refusal for s in parts if s.visible)
    heavy, side = max(judged, key=lambda j: COVERS.index(j[1].cover))
    names = ["horseman"]
    for s, _ in judged:
        names.extend(r.name for r in s.readings if s.visible)
    names.extend(side.readings)
    readings = tuple(rules.readings[n] for n in dict.fromkeys(names) if n in rules.readings)
    quoted = [r for s in (*(shootable or parts), heavy) for r in s.rules]  # and the cover's
    rng = min(s.range for s in parts)
    if rng == 1 and rules.adjacent is not None:
        quoted.append(rules.adjacent)
    blocked = () if visible else tuple(dict.fromkeys(b for s in parts for b in s.blocked_by))
    line = tuple(
        sorted(
            set(h for s in parts for h in s.line) - set(hexes),
            key=lambda h: hg.distance(origin, h),
        )
    )
    return Sight(
        m,
        origin,
        hexes[0],
        rng,
        visible,
        side.cover if visible else "none",
        f"{m.label(heavy.target)} {side.why}" if visible else "not seen",
        blocked,
        (*line, *hexes),
        any(s.along_side for s in parts),
        readings,
        parts,
        refusal=refusal,
        rules=tuple(dict.fromkeys(quoted)),
        steps=tuple((h,) for h in (*line, *hexes)),
    )
