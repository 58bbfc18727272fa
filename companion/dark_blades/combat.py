"""Dark Blades combat: odds, column shifts and their reasons, and the whole lookup chain.

Odds (rulebook, Combat): attack ÷ defence rounded DOWN, so 8 v 3 is 2-1. Below 1-1 the odds
are 1-N with N rounded UP (the defender's favour): 6 v 10 is 1-2. The rules do not say whether
column shifts apply before or after odds beyond the table are brought to its ends; THE KIT'S
READING (crt.toml [readings.off-table], labelled in every lookup it touches) puts the raw odds
on the table's nearest column first, then shifts, then keeps the result on the table. Every
number comes from the tables in `companion.dark_blades.crt`.

`lookup` returns a `Lookup`, a plain record (``as_dict`` for --json or a web page) that the
CLI only presents: the answer, then the chain, the kit's readings that applied, the chances.
"""

from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from companion import dice
from companion.dark_blades.completion import NO_EFFECT, CellSource, no_effect_meaning
from companion.dark_blades.crt import MISSING, Crt, ResultsTable, odds_value
from companion.dark_blades.readings import Reading
from companion.dark_blades.special import Rule
from companion.dark_blades.states import Health
from companion.dark_blades.terrain import Advantage, Terrain, check_position
from companion.errors import DataError, FieldError, InputError
from companion.names import pick
from companion.numbers import is_whole

if TYPE_CHECKING:
    import random

ADVERSE = "Attacker"  # key entries that start so are results against the attacker
OFF_TABLE_OPEN = "open: the rules do not say how odds off the table resolve (1-2 to 12-1)"


class _Shift(NamedTuple):
    reason: str
    columns: int
    reading: Reading | None = None  # set when applying this shift is the kit's reading
    label: str = ""  # a few words for the table (``reason`` is the full text)
    more: bool = False  # ``reason`` quotes a rule the label leaves out (a front end points to it)


class Shift(_Shift):
    """One column shift of a lookup: why, how many columns (left negative), and whether it is
    the kit's reading (its ``label`` is its ``reason`` unless given), and whether the full
    ``reason`` says more than the label (``more``: a rule quoted)."""

    __slots__ = ()

    def __new__(
        cls,
        reason: str,
        columns: int,
        reading: Reading | None = None,
        label: str = "",
        more: bool = False,
    ) -> "Shift":
        return super().__new__(cls, reason, columns, reading, label or reason, more)


_LATER: dict[str, Any] = {  # Lookup's fields with defaults: a value, or a factory (list, dict)
    "chances": list,
    "weapon": None,
    "columns": (),
    "meanings": dict,
    "readings": list,
    "fill_in_cell": None,
    "void": None,
    "seed": None,
    "source": "",
    "kit": False,
    "kit_faces": frozenset(),
    "completion": None,
    "outcome": None,
    "rules": list,
    "defender_state": Health.HEALTHY,
    "defender_kind": "character",
    "left_open": list,
    "effects": dict,
}


class Lookup:
    """The whole chain of one combat lookup, as shown to the user (a plain class, not a
    dataclass: it is on `havoc fight`'s import path; the fields below, those after
    ``fill_in`` optional)."""

    def __init__(
        self,
        table: ResultsTable,
        attack: list[int],
        defence: list[int],
        raw_odds: str,
        start: int,
        start_note: str | None,
        shifts: list[Shift],
        column: int,
        end_note: str | None,
        face: int,
        rolled: bool,
        cell: str,
        meaning: str,
        footnote: str | None,
        fill_in: str | None,
        **later: Any,
    ) -> None:
        self.table, self.attack, self.defence, self.raw_odds = table, attack, defence, raw_odds
        self.start, self.start_note, self.shifts, self.column = start, start_note, shifts, column
        self.end_note, self.face, self.rolled, self.cell = end_note, face, rolled, cell
        self.meaning, self.footnote, self.fill_in = meaning, footnote, fill_in
        unknown = set(later) - set(_LATER)
        if unknown:
            raise TypeError(f"Lookup: unknown fields {sorted(unknown)}")
        for name, default in _LATER.items():
            value = later[name] if name in later else default
            setattr(self, name, value() if value in (list, dict) else value)

    table: ResultsTable
    attack: list[int]
    defence: list[int]
    raw_odds: str
    start: int  # column index of the raw odds on the table
    start_note: str | None
    shifts: list[Shift]
    column: int
    end_note: str | None
    face: int
    rolled: bool
    cell: str  # "" when the rules lost it
    meaning: str
    footnote: str | None
    fill_in: str | None
    chances: list[tuple[str, tuple[int, ...]]]
    weapon: dict[str, Any] | None
    columns: tuple[str, ...]  # the table's column labels
    meanings: dict[str, str]  # each cell of the column
    readings: list[Reading]  # the kit's, where they applied
    fill_in_cell: str | None  # the lost cell's name, to fill in (`Crt.cell_name`)
    void: str | None  # why a result against the attacker has no effect (the Breath)
    seed: int | None
    source: str
    kit: bool  # the cell is the kit's completion (the rulebook's is lost)
    kit_faces: frozenset[int]  # faces of the final column the kit completed
    completion: str | None  # the completion file, when one was used
    outcome: str | None  # what the cell does to this defender, when rules change it
    rules: list[Rule]  # the rulebook's rules that applied
    defender_state: str
    defender_kind: str
    left_open: list[str]  # readings not applied (--source-only)
    effects: dict[str, str]  # cell -> what it does to this piece

    @property
    def start_column(self) -> str:
        return self.columns[self.start]

    @property
    def column_label(self) -> str:
        return self.columns[self.column]

    def chance_items(self) -> list[dict[str, Any]]:
        """Each result of the final column: its faces, as a fraction of the die and a percent."""
        n = sum(len(faces) for _, faces in self.chances)
        return [
            {
                "result": cell or None,
                "meaning": self.meanings.get(cell, MISSING),
                "faces": list(faces),
                "chance": f"{len(faces)}/{n}",  # faces out of the die's, as a player counts
                "percent": round(100 * len(faces) / n, 2),
                "kit_faces": [f for f in faces if f in self.kit_faces],
                "effect": self.effects.get(cell),  # what it does here, when rules change it
            }
            for cell, faces in self.chances
        ]

    def as_dict(self) -> dict[str, Any]:
        """The record for --json (and any other front end): every step of the chain."""
        out: dict[str, Any] = {
            **_sides(self.table, self.attack, self.defence),
            "raw_odds": self.raw_odds,
            "start_column": self.start_column,
            "shifts": [
                {
                    "reason": s.reason,
                    "columns": s.columns,
                    "kits_reading": s.reading.text if s.reading else None,
                }
                for s in self.shifts
            ],
            "column": self.column_label,
            "die": self.face,
            "rolled": self.rolled,
            "seed": self.seed if self.rolled else None,
            "result": self.cell or None,
            "meaning": self.meaning,
            "outcome": self.outcome,
            "defender_state": self.defender_state,
            "defender_kind": self.defender_kind,
            "rules": [r.as_dict() for r in self.rules],
            "left_open": self.left_open,
            "kit_completion": self.kit,
            "completion_file": self.completion,
            "void": self.void,
            "footnote": self.footnote,
            "fill_in": self.fill_in,
            "chances": self.chance_items(),
            "kits_readings": [r.as_dict() for r in self.readings],
            "no_shot": False,
            "source": self.source,
        }
        return {**self.weapon, **out} if self.weapon is not None else out


class NoShot(NamedTuple):
    """The rules forbid the shot (infinite cover, adjacent to the target): a result, not an
    error."""

    table: ResultsTable
    attack: list[int]
    defence: list[int]
    cover: str | None
    reason: str
    source: str
    weapon: dict[str, Any] | None = None
    rule: str | None = None  # the rule's text, when ``reason`` is short

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            **_sides(self.table, self.attack, self.defence),
            "cover": self.cover,
            "result": None,
            "no_shot": True,
            "reason": self.reason,
            "rule": self.rule or self.reason,
            "source": self.source,
        }
        return {**self.weapon, **out} if self.weapon is not None else out


def _sides(table: ResultsTable, attack: list[int], defence: list[int]) -> dict[str, Any]:
    """The keys every --json record of a combat starts with: the table and both sides."""
    return {
        "table": table.name,
        "title": table.title,
        "attack": sum(attack),
        "attack_strengths": attack,
        "defence": sum(defence),
        "defence_strengths": defence,
    }


def raw_odds(attack: int, defence: int) -> str:
    """Attack ÷ defence as the rules round it: 8 v 3 → "2-1", 6 v 10 → "1-2"."""
    if attack < 1 or defence < 1:
        raise InputError("attack and defence strengths must be 1 or more")
    if attack >= defence:
        return f"{attack // defence}-1"
    return f"1-{-(-defence // attack)}"


def place_on_table(crt: Crt, odds: str) -> tuple[int, str | None]:
    """The column of ``odds`` (the highest column not above it), or the table's nearest end."""
    index, note = true_column(crt, odds)
    return min(max(index, 0), len(crt.columns) - 1), note


def true_column(crt: Crt, odds: str) -> tuple[int, str | None]:
    """Where ``odds`` stand counted in the table's columns, off its ends too: 1-3 is one column
    left of 1-2 (-1), 14-1 two right of 12-1; with a note when they are not a column."""
    value = odds_value(odds)
    values = [odds_value(c) for c in crt.columns]
    attack, defence = (int(n) for n in odds.split("-"))
    if value < values[0]:
        low_defence = int(crt.columns[0].split("-")[1])
        return -(defence - low_defence), f"{odds} is below the table ({crt.columns[0]})"
    if value > values[-1]:
        high_attack = int(crt.columns[-1].split("-")[0])
        return len(
            values
        ) - 1 + attack - high_attack, f"{odds} is above the table ({crt.columns[-1]})"
    index = max(i for i, v in enumerate(values) if v <= value)
    if values[index] != value:
        return index, f"{odds} is not a column: {crt.columns[index]}"
    return index, None


def _applies(applies: tuple[str, ...], table: ResultsTable) -> bool:
    return table.kind in applies or table.name in applies


def direction(columns: int) -> str:
    """``right 2 columns``, ``left 1 column``, ``no shift``."""
    n = abs(columns)
    if n == 0:
        return "no shift"
    return f"{'right' if columns > 0 else 'left'} {n} column{'s' if n != 1 else ''}"


class _Bare(NamedTuple):
    """A bare ``+``/``0``/``-``: what `terrain.Advantage` holds when no terrain is named."""

    symbol: str
    terrains: tuple[Terrain, ...] = ()
    readings: tuple[Reading, ...] = ()
    note: str = ""

    @property
    def label(self) -> str:
        return self.symbol


def _advantage(value: str | Advantage) -> "Advantage | _Bare":
    return _Bare(value) if isinstance(value, str) else value


def shifts_for(
    crt: Crt,
    table: ResultsTable,
    attacker_terrain: str | Advantage = "0",
    defender_terrain: str | Advantage = "0",
    cover: str | None = None,
    magic_sword: bool = False,
    magic_ring: bool = False,
    fast_rider: bool = False,
    cover_terrain: Terrain | None = None,
) -> list[Shift]:
    """Every column shift that applies, with its reason; refuses ones that cannot apply.

    ``cover_terrain``: the terrain row ``cover`` was read from (named in the shift, with the
    rulebook's Cover section on it).

    Terrain is ``+``/``0``/``-`` or an `Advantage` (terrain names, see
    `companion.dark_blades.terrain`), whose readings ride on the terrain shift.
    """
    out: list[Shift] = []
    att, dfn = _advantage(attacker_terrain), _advantage(defender_terrain)
    if att.terrains or dfn.terrains or (att.symbol, dfn.symbol) != ("0", "0"):
        if table.kind != "hand-to-hand":
            short = crt.reading("no-terrain-on-missiles").short
            field = "attacker_terrain" if att.terrains or att.symbol != "0" else "defender_terrain"
            why = f"not for missile fire ({short}); give the target's cover"
            raise FieldError(field, None, why)
        entry = crt.terrain.get((att.symbol, dfn.symbol))
        if entry is None:
            raise DataError(
                f"no terrain row for attacker {att.symbol} v defender {dfn.symbol}", crt.path
            )
        columns, text = entry
        mounted_attacker = table.name.startswith("mounted-")
        if att.terrains or dfn.terrains:
            check_position(att.terrains, mounted_attacker, "attacker", "attacker_terrain")
            check_position(dfn.terrains, table.target == "mounted", "defender", "defender_terrain")
        reason = f"terrain: attacker {att.label}, defender {dfn.label}: {text}"
        notes = [n for n in (att.note, dfn.note) if n]
        if notes:
            reason += ". " + "; ".join(notes)
        readings = [*att.readings, *dfn.readings]
        if columns or readings or notes:
            label = f"terrain {att.label} v {dfn.label}"
            first = readings[0] if readings else None
            out.append(Shift(reason, columns, first, label, bool(notes)))
    if cover is not None:
        if table.kind != "missile":
            raise FieldError("cover", cover, "for missile fire only (the missile tables)")
        if cover not in crt.cover:
            why = f"expected one of {', '.join(crt.cover)}, got {cover!r}"
            raise FieldError("cover", cover, why)
        if cover_terrain is not None:
            check_position((cover_terrain,), table.target == "mounted", "target", "cover")
        columns_or_none, text = crt.cover[cover]
        if columns_or_none is None:
            raise FieldError("cover", cover, f"no shot: {text}", echo=True)
        if columns_or_none:
            label, reason = f"{cover} cover", f"cover {cover}: {text}"
            if cover_terrain is not None:
                label += f" ({cover_terrain.name})"
                reason = f"cover {cover} ({cover_terrain.printed}, Terrain Types): {text}"
                if cover_terrain.cover_rule:
                    reason += f". Cover: {cover_terrain.cover_rule}"
            more = cover_terrain is not None and bool(cover_terrain.cover_rule)
            out.append(Shift(reason, columns_or_none, None, label, more))
    for name, wanted in (
        ("magic-sword", magic_sword),
        ("magic-ring", magic_ring),
        ("fast-rider", fast_rider),
    ):
        if not wanted:
            continue
        if name not in crt.shifts:
            raise DataError(f"no [shifts.{name}] entry", crt.path)
        columns, applies, text = crt.shifts[name]
        if not _applies(applies, table):
            why = f"not for {table.name} (only {', '.join(applies)})"
            raise FieldError(name.replace("-", "_"), True, why)
        marked = crt.shift_readings.get(name, {})
        reading = marked.get(table.name) or marked.get(table.kind)
        label = name.replace("-", " ")
        out.append(Shift(text, columns, crt.reading(reading) if reading else None, label))
    return out


def parse_strengths(values: tuple[str, ...] | list[str], what: str) -> list[int]:
    """``("5,4", "3")`` → ``[5, 4, 3]`` (several attackers, or several defenders, combined);
    a refusal is a `FieldError` of field ``what`` (``attack``, ``defence``)."""
    out: list[int] = []
    for value in values:
        for part in str(value).split(","):
            part = part.strip()
            if not is_whole(part) or len(part) > 6:
                why = f"expected whole numbers like 8 or 5,3, got {part!r}"
                raise FieldError(what, part, why)
            number = int(part)
            if number < 1:
                raise FieldError(what, number, f"strengths must be 1 or more, got {number}")
            out.append(number)
    if not out:
        raise FieldError(what, None, "give a strength")
    return out


def no_shot(crt: Crt, table: ResultsTable, cover: str | None) -> str | None:
    """Why a missile may not be fired at all (cover the rules rule out), else None.

    A valid RESULT, not an error: commands report it as the outcome. Anything else wrong with
    ``cover`` is left to `shifts_for`, which refuses it.
    """
    if cover is None or table.kind != "missile" or cover not in crt.cover:
        return None
    columns, text = crt.cover[cover]
    return text if columns is None else None


def parse_face(crt: Crt, face: int | None, rng: "random.Random | None") -> tuple[int, bool]:
    """The die face: the one given (checked against the die), or a roll of ``rng``."""
    if face is None:
        rolled, _ = dice.roll_face(crt.die, rng or dice.make_rng(None))
        return rolled, True
    face = dice.d10_face(face, crt.die)  # a d10's ten is the printed 0
    if face not in crt.faces:
        shown = dice.face_runs(crt.faces, crt.faces)
        raise FieldError("die", face, f"a {crt.die} face is {shown} (0 is ten)", echo=True)
    return face, False


def lookup(
    crt: Crt,
    table_name: str,
    attack: list[int],
    defence: list[int],
    shifts: list[Shift],
    face: int,
    rolled: bool = False,
    no_adverse: Reading | None = None,
    void_rule: str | None = None,
    cells: CellSource | None = None,
) -> Lookup:
    """Resolve one combat: odds, the column after ``shifts``, the cell for ``face``.

    ``void_rule``: the attacker cannot be affected by a result against him (the Gargoyle's
    Breath); ``no_adverse`` is the kit's reading of which results those are. ``cells``: where
    the cells come from (the kit's completion marked as such); None: the rulebook's only.
    """
    table = table_by_name(crt, table_name)
    cells = cells or CellSource(crt, None)
    odds = raw_odds(sum(attack), sum(defence))
    true_start, start_note = true_column(crt, odds)
    start = min(max(true_start, 0), len(crt.columns) - 1)
    wanted = true_start + sum(s.columns for s in shifts)
    column = min(max(wanted, 0), len(crt.columns) - 1)
    end_note = None
    if column != wanted:
        end = "left" if wanted < 0 else "right"
        end_note = f"still past the {end} end after shifts: {crt.columns[column]}"
    off_table = true_start != start or column != wanted
    rules_only = cells.completion is None
    shown = cells.cell(table, face, column)
    cell = shown.value
    meaning = _meaning(crt, table, cell, shown.kit)
    if off_table and rules_only:  # --source-only: say what the rules leave open
        cell, meaning = "", OFF_TABLE_OPEN
    footnote = None
    for mark, text in crt.footnotes.items():
        if cell and mark in table.key.get(cell, ""):
            footnote = text
    column_chances = cells.chances(table, column)
    chances = [(ch.value, ch.faces) for ch in column_chances]
    kit_faces = {f for ch in column_chances for f in ch.kit_faces}
    groups = [ch.value for ch in column_chances]
    readings = [s.reading for s in shifts if s.reading is not None]
    if off_table and not rules_only:
        readings.insert(0, crt.reading("off-table"))
    void = None
    if void_rule and cell and table.key.get(cell, "").startswith(ADVERSE):
        void = void_rule
        if no_adverse is not None:
            readings.append(no_adverse)
    return Lookup(
        table=table,
        attack=attack,
        defence=defence,
        raw_odds=odds,
        start=start,
        start_note=start_note,
        shifts=shifts,
        column=column,
        end_note=end_note,
        face=face,
        rolled=rolled,
        cell=cell,
        meaning=meaning,
        footnote=footnote,
        fill_in=None if cell or off_table else crt.where(table, face, column),
        chances=chances,
        columns=crt.columns,
        meanings={c: _meaning(crt, table, c, c == NO_EFFECT) for c in groups},
        readings=list(dict.fromkeys(readings)),
        fill_in_cell=None if cell or off_table else crt.cell_name(table, face, column),
        void=void,
        source=crt.source,
        kit=shown.kit,
        kit_faces=frozenset(kit_faces),
        completion=_relative(cells.completion.path) if cells.completion and kit_faces else None,
    )


def _relative(path: Path) -> str:
    """``dark-blades/crt-completion.toml``: the file under its cards directory."""
    return f"{path.parent.name}/{path.name}"


def _meaning(crt: Crt, table: ResultsTable, cell: str, kit: bool) -> str:
    if not cell:
        return MISSING
    if kit and cell == NO_EFFECT:
        return no_effect_meaning(table)
    return crt.meaning(table, cell)


def table_by_name(crt: Crt, name: str) -> ResultsTable:
    """A results table by name: whole, unique start, word starts (inf-inf) or initials (ii).
    The name as the file spells it is the table at once (a lookup asks for it three times)."""
    found = crt.tables.get(name)
    if found is not None:
        return found
    return crt.tables[pick(name, crt.tables, "results table")]
