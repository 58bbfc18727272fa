"""A Dark Blades lookup record as lines for a 40-column phone terminal, the answer first.

Line 1 is the result (``E  Defender wounded.``, ``not in the source rules`` or ``NO SHOT``);
then the table and the chain (odds, each shift in a word, the column and the die), one short
line per kit's reading that applied, a pointer to a footnote or to filling in a lost cell only
when one applies, and the chance of each result in the column. ``explain`` adds the full texts:
each shift's reason, each reading, the footnote, the table's note, how to fill in a lost cell,
and the source. Pure text: the CLI prints it, a web page may use the record instead.
"""

from __future__ import annotations

from typing import Any

from companion import dice
from companion.dark_blades.combat import Lookup, NoShot, Shift, direction
from companion.dark_blades.crt import MISSING, Crt
from companion.text import WIDTH, cells, wrap
from companion.text.fill_in import fill_in_how, fill_in_lines


def lookup_fill_in_how(crt: Crt, look: Lookup) -> str | None:
    """How to fill in the lost cell ``look`` landed on, in one line (None: no cell to fill)."""
    return fill_in_how(crt.fill, look.fill_in_cell) if look.fill_in_cell else None


def lookup_json(crt: Crt, record: Lookup | NoShot) -> dict[str, Any]:
    """The record's ``--json``: its values, and ``fill_in_how`` in words for a lookup."""
    if isinstance(record, NoShot):
        return record.as_dict()
    return {**record.as_dict(), "fill_in_how": lookup_fill_in_how(crt, record)}


def pack(items: list[str], head: str = "", indent: str = "  ") -> list[str]:
    """``items`` joined by "; " into lines of at most 40 columns, breaking between items."""
    lines: list[str] = []
    current = head
    for item in items:
        joined = f"{current}; {item}" if current and current != head else current + item
        if cells(joined) <= WIDTH:
            current = joined
            continue
        if current.strip():
            lines.append(current)
        current = indent + item
        if cells(current) > WIDTH:
            lines.extend(wrap(current, indent).split("\n")[:-1])
            current = wrap(current, indent).split("\n")[-1]
    if current.strip():
        lines.append(current)
    return lines


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 hex``, ``2 hexes``."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def _weapon_line(weapon: dict) -> str:
    hexes = plural(weapon["range"], "hex", "hexes")
    return f"{weapon['weapon']}, {hexes} ({weapon['band']}): {weapon['strength']}"


def _answer(look: Lookup) -> str:
    if not look.cell:
        return look.meaning if look.meaning != MISSING else MISSING
    if look.void:
        return f"{look.cell}  {void_words(look)} ({look.meaning})"
    if look.outcome:
        return f"{look.cell}  {look.outcome}"
    return f"{look.cell}  {look.meaning}"


def void_words(look: Lookup) -> str:
    """``No effect on the Gargoyle``: a result against the attacker that cannot touch him."""
    who = "the attacker"
    if look.weapon and "'s " in look.weapon["weapon"]:
        who = "the " + look.weapon["weapon"].split("'s ")[0]  # the Gargoyle's Breath
    return f"No effect on {who}"


def _odds(look: Lookup) -> str:
    attack, defence = sum(look.attack), sum(look.defence)
    line = f"{attack}÷{defence} = {look.raw_odds}"
    if look.start_note:
        line += f" → {look.start_column}"
    return line


def _die(look: Lookup) -> str:
    how = "rolled" if look.rolled else "given"
    return f"die {look.face} ({how}{'; 0 is ten' if look.face == 0 else ''})"


def _chances(crt: Crt, look: Lookup) -> list[str]:
    items = []
    for item in look.chance_items():
        faces = dice.face_runs(item["faces"], crt.faces)
        said = f"{item['result'] or MISSING}" + (f"→{item['effect']}" if item["effect"] else "")
        items.append(f"{said} {item['chance']} ({faces})")
    return pack(items, f"chance in {look.column_label}: ")


def _fits(line: str, shorter: str) -> str:
    return line if cells(line) <= WIDTH else shorter


KIT_LINE = "  kit's completion: rulebook cell lost"


def _shift_label(s: Shift) -> str:
    """A shift's few words; one whose full text quotes a rule points to it (``-e``)."""
    return f"{s.label} (-e)" if s.more else s.label


def lookup_lines(crt: Crt, look: Lookup, explain: bool = False) -> list[str]:
    """The answer, then the chain; with ``explain``, every full text after it."""
    lines = [wrap(_answer(look), "   ")]
    if look.outcome and not look.void:
        lines.append(wrap(f"  ({look.cell}: {look.meaning})", "   "))
    if look.kit:
        lines.append(KIT_LINE)
    if look.weapon is not None:
        lines.append(_weapon_line(look.weapon))
    lines.append(look.table.title)
    chain = _odds(look)
    if look.shifts:
        lines.append(chain)
        lines += [f"{direction(s.columns)}: {_shift_label(s)}" for s in look.shifts]
        chain = f"column {look.column_label}"
        if look.end_note:
            chain += " (end)"
    joined = f"{chain}, {_die(look)}"
    lines += [joined] if cells(joined) <= WIDTH else [chain, _die(look)]
    lines += [r.short for r in look.readings]
    lines += [wrap(note, "  ") for note in look.left_open]
    lines += [_fits(f"rule: {r.short}", r.short) for r in look.rules]
    if look.footnote and not look.void and not explain:
        lines.append("★ see the footnote: --explain")
    if not look.cell and look.fill_in and not explain:
        lines.append(f"fill in: row {look.face}, column {look.column_label} (-e)")
    lines += _chances(crt, look)
    if look.kit_faces:
        faces = dice.face_runs(sorted(look.kit_faces, key=crt.faces.index), crt.faces)
        lines += pack([f"die {faces}"], "kit's cells in this column: ")
    if explain:
        lines += _explain(crt, look)
    return lines


def _explain(crt: Crt, look: Lookup) -> list[str]:
    out = ["", "in full:"]
    out += [wrap(f"{look.table.title} ({look.table.name})", "  ")]
    out += [wrap(f"odds: {look.start_note}", "  ")] if look.start_note else []
    out += [wrap(f"{direction(s.columns)}: {s.reason}", "  ") for s in look.shifts]
    out += [wrap(f"odds: {look.end_note}", "  ")] if look.end_note else []
    out += [wrap(f"{r.short}: {r.text}", "  ") for r in look.readings]
    out += [wrap(f"rule ({r.section}): {r.rule}", "  ") for r in look.rules]
    if look.void:
        out.append(wrap(f"no effect: {look.void}", "  "))
    if look.footnote:
        out.append(wrap(look.footnote, "  "))
    if look.table.note:
        out.append(wrap(f"note: {look.table.note}", "  "))
    if not look.cell:
        cell = [f"  [{look.table.name}]", f"  row {look.face}, column {look.column_label}"]
        out += fill_in_lines(crt.fill, cell)
    if look.kit:
        out.append(
            wrap(
                "kit's completion: the rulebook's cell is lost; the Havoc Kit's own cell from "
                f"{look.completion} is shown (--source-only: the rulebook's cells only)",
                "  ",
            )
        )
    out.append(wrap(f"source: {look.source}", "  "))
    return out


def no_shot_lines(shot: NoShot, explain: bool = False) -> list[str]:
    """NO SHOT first, then why (the rule), then what was asked."""
    lines = ["NO SHOT", wrap(f"({shot.reason})", " ")]
    if explain and shot.rule:
        lines.append(wrap(f"rule: {shot.rule}", "  "))
    if shot.weapon is not None:
        lines.append(_weapon_line(shot.weapon))
    lines.append(shot.table.title)
    attack, defence = sum(shot.attack), sum(shot.defence)
    asked = f"attack {attack}, defence {defence}"
    if shot.cover:
        asked += f", cover {shot.cover}"
    lines.append(asked)
    if explain:
        lines += ["", wrap(f"source: {shot.source}", "  ")]
    return lines


__all__ = ["lookup_lines", "no_shot_lines", "pack", "WIDTH"]
