"""Dark Blades combat and missile look-ups as a few taps: the result first, then the chain
and the chances in the column.

Each page parses its form and calls the CLI's own entry points,
`companion.dark_blades.resolve.resolve` and `fire` (the same as `havoc crt` and `havoc
missile`), with the cells of `companion.dark_blades.completion.cell_source`: the kit's
completion of the lost cells, shown marked KIT, unless "rulebook cells only" (``source_only``,
as ``--source-only``) is ticked; then a lost cell says so and where to fill it in. Terrain and
cover are + 0 - or the Terrain Types rows by name (`companion.dark_blades.terrain`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from flask import Blueprint, render_template, request, url_for
from markupsafe import Markup, escape

from companion import dice
from companion.dark_blades import combat as c
from companion.dark_blades import combat_form, fight_form, pieces
from companion.dark_blades import fight as fight_rules
from companion.dark_blades import terrain as ter
from companion.dark_blades.completion import cell_source
from companion.dark_blades.crt import MISSING, Crt, load_crt
from companion.dark_blades.lookups import MissileRequest
from companion.dark_blades.maps import read_maps
from companion.dark_blades.missiles import TARGETS, load_weapons
from companion.dark_blades.resolve import fire, resolve
from companion.dark_blades.scenarios import load_scenarios
from companion.dark_blades.special import FOOTINGS, load_combat_rules
from companion.dark_blades.states import HEALTH, KINDS
from companion.errors import HavocError, InputError
from companion.text.dark_blades import KIT_LINE, lookup_fill_in_how, void_words
from companion.web.current import cards, refused
from companion.web.current import source_only as page_source_only
from companion.web.dark_blades import modifiers
from companion.web.paths import named

bp = Blueprint("dark_blades", __name__, url_prefix="/dark-blades")
SYMBOLS = (("0", "0: no effect"), ("+", "+: better"), ("-", "-: worse"))
FLAGS = ("magic_sword", "magic_ring", "fast_rider")
KIT_SAYS = KIT_LINE.strip()  # "kit's completion: rulebook cell lost", as `havoc crt` says


def _typed(fields: tuple[str, ...]) -> dict[str, Any]:
    """The form's fields as typed (a ticked box is ``on``: True), for
    `companion.dark_blades.combat_form`, the parser `havoc crt` and `havoc missile` use."""
    return {
        f: (request.args.get(f) == "on" if f in FLAGS else request.args.get(f, "")) for f in fields
    }


def _hexes(field: str, whose: str) -> str:
    """A terrain select, joined with its mounted second hex (``tree,open``, as the CLI takes
    it: the most disadvantageous counts)."""
    first = request.args.get(field, "0").strip()[:40] or "0"
    second = request.args.get(field + "2", "").strip()[:40]
    if not second:
        return first
    if first in ter.SYMBOLS:
        raise InputError(f"{whose} second hex: give the first hex as a terrain too, not {first}")
    return f"{first},{second}"


def _source_only() -> bool:
    return page_source_only()


def terrain_choices(table: ter.TerrainTable, role: str) -> list[tuple[str, str]]:
    """The terrain select's options: + 0 -, then each printed row by name with the + 0 - it
    gives ``role`` (attacker or defender)."""
    rows = [
        (t.name, f"{t.printed} ({t.as_attacker if role == 'attacker' else t.as_defender})")
        for t in table.rows.values()
    ]
    return [*SYMBOLS, *rows]


def row_choices(table: ter.TerrainTable) -> list[tuple[str, str]]:
    """A mounted character's second hex: none, or a printed row by name."""
    return [("", "-"), *((t.name, t.printed) for t in table.rows.values())]


def cover_choices(table: ter.TerrainTable, crt: Crt) -> list[tuple[str, str]]:
    """The cover select's options: the kinds, then each terrain row with its cover type."""
    rows = [(t.name, f"{t.printed} ({t.cover.lower()})") for t in table.rows.values()]
    return [*((k, k) for k in crt.cover), *rows]


class Chance(NamedTuple):
    """One result's row of the chances in the final column, as the page shows it (attributes,
    not a dict's keys: the template reads each one without a failed attribute look-up first)."""

    result: str
    missing: bool
    meaning: str
    faces: str
    chance: str
    percent: str
    kit: bool
    kit_part: str
    effect: str | None  # what it does to this piece, when rules change it


class Answer(NamedTuple):
    """A look-up as the page shows it (`view`): a shot the rules forbid (``no_shot``, the
    reason, and ``shot``, its record), or the result (``look``) with its chain and chances."""

    look: c.Lookup | None = None
    column: str = ""
    shifts: tuple[tuple[str, str, Any], ...] = ()
    chances: tuple[Chance, ...] = ()
    kit_says: str = KIT_SAYS
    void_words: str = ""
    kit_faces: str = ""
    source_only: bool = False
    fill_in_how: str | None = None
    no_shot: str = ""
    shot: c.NoShot | None = None


def view(crt: Crt, record: c.Lookup | c.NoShot, source_only: bool = False) -> Answer:
    """The record as the page shows it: the result, the chain, the column's chances, the
    kit's cells marked."""
    if isinstance(record, c.NoShot):
        return Answer(no_shot=record.reason, shot=record)
    look = record
    n = len(crt.faces)
    chances = []
    for item in look.chance_items():
        kit = item["kit_faces"]
        chances.append(
            Chance(
                result=item["result"] or MISSING,
                missing=item["result"] is None,
                meaning=item["meaning"] if item["result"] else "",
                faces=dice.face_runs(item["faces"], crt.faces),
                chance=item["chance"],
                percent=dice.percent(len(item["faces"]), n),
                kit=bool(kit),
                kit_part=dice.face_runs(kit, crt.faces) if kit != item["faces"] else "",
                effect=item["effect"],
            )
        )
    kit_faces = sorted(look.kit_faces, key=crt.faces.index)
    return Answer(
        look=look,
        column=look.column_label,
        shifts=tuple((c.direction(s.columns), s.reason, s.reading) for s in look.shifts),
        chances=tuple(chances),
        void_words=void_words(look) if look.void else "",
        kit_faces=dice.face_runs(kit_faces, crt.faces) if kit_faces else "",
        source_only=source_only,
        fill_in_how=lookup_fill_in_how(crt, look),
    )


def _terrain_form(terrain_table: Any, data: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The crt and fight pages' terrain and cover selects, and each terrain field's side
    (for the "with:" line of what was used)."""
    choices = {
        "at_choices": terrain_choices(terrain_table, "attacker"),
        "dt_choices": terrain_choices(terrain_table, "defender"),
        "rows": row_choices(terrain_table),
        "covers": cover_choices(terrain_table, data),
    }
    sides = {
        "at": ("attacker", choices["at_choices"]),
        "at2": ("attacker also", choices["rows"]),
        "dt": ("defender", choices["dt_choices"]),
        "dt2": ("defender also", choices["rows"]),
    }
    return choices, sides


@bp.get("/crt")
def crt() -> str:
    """Hand-to-hand (and missile) tables by strengths, terrain and magic items."""
    here = cards()
    data = load_crt(here)
    terrain_table = ter.load_terrain(here)
    args = request.args
    answer, error = None, None
    if args.get("attack") or args.get("defence"):
        try:
            values = {
                **_typed(combat_form.MELEE_FIELDS),
                "table": args.get("table", "")[:60] or next(iter(data.tables)),  # the first
                "attacker_terrain": _hexes("at", "attacker's"),
                "defender_terrain": _hexes("dt", "defender's"),
            }
            wanted = combat_form.melee(here, data, values)
            cells = cell_source(here, data, _source_only())
            record = resolve(data, wanted, cells, load_combat_rules(here))
            answer = view(data, record, _source_only())
        except HavocError as e:
            error = refused(e)
    choices, sides = _terrain_form(terrain_table, data)
    used = modifiers.used(args, sides, choices["covers"])
    return render_template(
        "crt.html",
        crt=data,
        args=args,
        answer=answer,
        error=error,
        used=used,
        states=HEALTH,
        kinds=KINDS,
        **choices,
    )


@bp.get("/missile")
def missile() -> str:
    """A missile weapon at a range: its strength, then its table for the target (the
    Gargoyle's Breath included)."""
    here = cards()
    data = load_crt(here)
    weapons = load_weapons(here)
    terrain_table = ter.load_terrain(here)
    args = request.args
    answer, error = None, None
    if args.get("range"):
        try:
            values = _typed(combat_form.MISSILE_FIELDS)
            wanted = combat_form.missile(
                here, data, {**values, "target": values["target"] or "infantry"}
            )
            cells = cell_source(here, data, _source_only())
            record = fire(data, weapons, wanted, cells, load_combat_rules(here))
            answer = view(data, record, _source_only())
        except HavocError as e:
            error = refused(e)
    covers = cover_choices(terrain_table, data)
    return render_template(
        "missile.html",
        crt=data,
        weapons=weapons.weapons,
        targets=TARGETS,
        args=args,
        answer=answer,
        error=error,
        covers=covers,
        states=HEALTH,
        kinds=KINDS,
        used=modifiers.used(args, {}, covers, ("magic_ring", "fast_rider", "source_only")),
    )


ROWS = 3  # pieces a side on the fight page
PER_PIECE = ("sword", "ring")  # ticked on a piece's row, not for the whole side
# The fight form's own labels of `fight_form.FIELDS` (the rest are the pages' usual `LABELS`).
PAGE_LABELS = {
    "attackers": "Attackers",
    "defenders": "Defenders",
    "sword": "Magic Sword",
    "ring": "Magic Ring",
    "scenario": "Scenario",
    "attacker_inside": "Attacker inside the building",
    "attacker_on": "Attacker on a bridge or the stones",
    "defender_on": "Defender on a bridge or the stones",
}


def _pieces(role: str, item: str) -> list[fight_rules.Chosen]:
    """The side's rows (``a1``, ``a1_health``, ``a1_mount``, ``a1_sword``, ``a1_boxed``, ...) as
    the typed pieces `fight_form.ask` takes; blank rows are skipped."""
    out = []
    for i in range(1, ROWS + 1):
        key = f"{role[0]}{i}"
        name = request.args.get(key, "").strip()
        if not name:
            continue
        out.append(
            fight_form.piece_row(
                name,
                request.args.get(key + "_health", ""),
                request.args.get(key + "_mount", ""),
                (item,) if request.args.get(f"{key}_{item}") == "on" else (),
                request.args.get(key + "_boxed") == "on",
                f"{role} {i}",
                fight_rules.SIDE_FIELDS[role],
            )
        )
    return out


@bp.get("/fight")
def fight() -> str:
    """Combat by the pieces' names: up to three pieces a side, each with its health, foot or
    mounted, the Sword (attackers) or the Ring (defenders) and whether he can retreat; each
    side's terrain, the cover, a range for missile fire, the scenario (who starts mounted).
    The form's strings go to `companion.dark_blades.fight_form`, the parser `havoc fight`
    uses; a form that cannot be answered says why (400)."""
    here = cards()
    roster = pieces.load(here).roster
    terrain_table = ter.load_terrain(here)
    data = load_crt(here)
    args = request.args
    answer, error, sides, asked = None, None, None, None
    if any(k != "source_only" for k in args):
        try:
            values = {  # each field as typed; the sides and terrains from their rows
                **{f: args.get(f, "") for f in fight_form.FIELDS if f not in PER_PIECE},
                "attackers": _pieces("attacker", "sword"),
                "defenders": _pieces("defender", "ring"),
                "attacker_terrain": _hexes("at", "attacker's"),
                "defender_terrain": _hexes("dt", "defender's"),
            }
            if not values["attackers"] or not values["defenders"]:
                raise InputError("give an attacker and a defender (pick a name on each side)")
            asked = fight_form.ask(here, values)
            record = fight_form.answer(here, asked, _source_only())
            answer = view(asked.crt, record, _source_only())
            missile = isinstance(asked.request, MissileRequest)
            sides = fight_rules.sides_line(asked.attackers, asked.defenders, missile=missile)
        except HavocError as e:
            error = refused(e, PAGE_LABELS)
    choices, terrain_sides = _terrain_form(terrain_table, data)
    in_water = asked is not None and any(asked.footings)  # a retreat there falls in: swim
    return render_template(
        "fight.html",
        footings=FOOTINGS,
        swim_maps=[(m.key, m.name) for m in read_maps(here)[0] if m.flow] if in_water else [],
        crt=data,
        args=args,
        answer=answer,
        error=error,
        sides=sides,
        scenario=asked.scenario if asked else None,
        fighters=(asked.attackers, asked.defenders) if asked else None,
        picked=_picked(asked) if asked else {},
        values_note=fight_rules.VALUES_NOTE,
        name_options=name_options(tuple(ch.name for ch in roster)),
        mounted_names={ch.name for ch in roster if ch.type == "mounted"},
        scenarios=[(s.key, s.title) for s in _scenarios(here, roster)],
        health=HEALTH,
        row_count=ROWS,
        used=_fight_used(args, terrain_table, choices["covers"], terrain_sides),
        **{**choices, "rows_choices": choices["rows"]},
    )


def _picked(asked: fight_form.Asked) -> dict[str, str]:
    """Each filled row's key (``a1``, ``d2``) and the roster name its typed name was taken for
    (``Thrugg`` → ``Thrugg Lumpthew``): the row's select shows the piece that fought."""
    out: dict[str, str] = {}
    for role, fighters in (("attacker", asked.attackers), ("defender", asked.defenders)):
        keys = [
            f"{role[0]}{i}"
            for i in range(1, ROWS + 1)
            if request.args.get(f"{role[0]}{i}", "").strip()
        ]
        if len(keys) == len(fighters):
            out.update(zip(keys, (f.name for f in fighters), strict=True))
    return out


@lru_cache(maxsize=8)
def name_options(names: tuple[str, ...]) -> Markup:
    """The roster's names as ``<option>`` tags, made once per roster: the fight form offers
    them in each of its attacker and defender rows (`selected` marks a row's choice)."""
    return Markup("".join(f'<option value="{escape(n)}">{escape(n)}</option>' for n in names))


@bp.app_template_filter("selected")
def selected(options: Markup, value: str | None) -> Markup:
    """``options`` (``<option value=...>`` tags) with the one whose value is ``value`` marked
    selected (none for an empty value or one not offered)."""
    if not value:
        return options
    mark = f'<option value="{escape(value)}">'
    return Markup(str(options).replace(mark, mark[:-1] + " selected>"))


def _fight_used(
    args: Any, table: ter.TerrainTable, covers: Any, sides: dict[str, Any]
) -> list[str]:
    """The fight page's "with:" line: the terrains (a window defender attacked from inside at
    its ``from_inside`` value), the cover, where each side stands, the attacker inside."""
    inside = args.get("attacker_inside") == "on"
    if inside:
        whose, choices = sides["dt"]
        rows = table.rows
        shown = [
            (v, f"{rows[v].printed} ({rows[v].from_inside}: attacker inside)")
            if v in rows and rows[v].from_inside
            else (v, text)
            for v, text in choices
        ]
        sides = {**sides, "dt": (whose, shown)}
    out = modifiers.used(args, sides, covers, ("source_only",))
    out += [
        f"{role} on {args[f'{role}_on']}"
        for role in ("attacker", "defender")
        if args.get(f"{role}_on")
    ]
    return [*out, "attacker inside the building"] if inside else out


def _scenarios(here: Any, roster: Any) -> list[Any]:
    """The scenarios for the form's select (none when they cannot be read: the page still
    answers without one)."""
    try:
        return list(load_scenarios(here, pieces.load(here)).values())
    except HavocError:
        return []


@bp.get("/terrain")
@bp.get("/terrain/<name>")
def terrain(name: str | None = None) -> str:
    """The rulebook's Terrain Types table (cards/dark-blades/terrain.toml, as `havoc terrain`):
    each row's advantage, movement and cover, the kit's readings marked; with a name (any
    case, by its start), that row first."""
    table = ter.load_terrain(cards())
    picked = None
    if name is not None:
        picked = named(name, table.names(), "terrain", lambda n: url_for(".terrain", name=n))
    return render_template("terrain.html", table=table, picked=picked, missing=MISSING)
