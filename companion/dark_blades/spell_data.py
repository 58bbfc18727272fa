"""Reading the spell deck: cards/dark-blades/spells.toml (the rulebook's transcription) and
spells-kit.toml (the Havoc Kit's completion), checked and merged into a `Deck`.

Every mistake is one `DataError` naming the file and the key. The kit file may add texts and
areas the rules do not give, never replace the rules' own: a kit text for a field a surviving
card prints, or a kit area for a spell whose area the rules name, is refused.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.dark_blades.spell_records import (
    FIELDS,
    GAME,
    KIT_FILE,
    MAX_TEXT,
    RULES_FILE,
    Area,
    Deck,
    Origin,
    Said,
    Spell,
)
from companion.data import Cards, expect, read_toml, require, unknown_keys
from companion.errors import DataError


def _text(table: dict[str, Any], key: str, path: Path, prefix: str) -> str | None:
    if key not in table:
        return None
    value = expect(table[key], str, path, f"{prefix}.{key}").strip()
    if not value:
        raise DataError(f"key '{prefix}.{key}': expected text, got an empty string", path)
    if len(value) > MAX_TEXT:
        raise DataError(
            f"key '{prefix}.{key}': expected at most {MAX_TEXT} characters, got {len(value)}",
            path,
        )
    return value


AREA_KEYS = ("name", "letter", "words", "text", "source", "diagram")


def _areas(data: dict[str, Any], path: Path, origin: Origin) -> dict[str, Area]:
    areas = expect(data.get("areas", {}), dict, path, "areas")
    out: dict[str, Area] = {}
    for key, table in areas.items():
        prefix = f"areas.{key}"
        expect(table, dict, path, prefix)
        unknown_keys(table, AREA_KEYS, path, prefix)
        letter = require(table, "letter", str, path, prefix).strip()
        if len(letter) != 1:
            raise DataError(f"key '{prefix}.letter': expected one character, got {letter!r}", path)
        out[key] = Area(
            key=key,
            name=require(table, "name", str, path, prefix).strip(),
            letter=letter,
            text=expect(table.get("text", ""), str, path, f"{prefix}.text").strip(),
            origin=origin,
            source=expect(table.get("source", ""), str, path, f"{prefix}.source"),
            words=expect(table.get("words", ""), str, path, f"{prefix}.words").strip(),
            diagram=expect(table.get("diagram", ""), str, path, f"{prefix}.diagram").strip(),
        )
    return out


RULE_SPELL_KEYS = (
    "name",
    "count",
    "area",
    "area_source",
    "effect",
    "duration",
    "notes",
    "source",
    "rule_text",
    "rule_source",
)
KIT_SPELL_KEYS = ("area", "area_why", *FIELDS)


def _area_of(key: str | None, areas: dict[str, Area], path: Path, where: str) -> Area | None:
    if key is None:
        return None
    if key not in areas:
        raise DataError(
            f"key '{where}': unknown area {key!r}: expected one of {', '.join(areas)}", path
        )
    return areas[key]


def load_deck(cards: Cards | None = None) -> Deck:
    """Read and check both files (a user's ``--cards`` copy of either wins)."""
    cards = cards or Cards()
    rules_path = cards.path(GAME, RULES_FILE)
    data = read_toml(rules_path)
    unknown_keys(
        data,
        ("source", "deal", "players", "deal_source", "deck_size", "deck_source", "areas", "spells"),
        rules_path,
    )
    areas = _areas(data, rules_path, "rulebook")
    try:
        kit_path: Path | None = cards.path(GAME, KIT_FILE)
    except DataError:
        kit_path = None
    kit: dict[str, Any] = read_toml(kit_path) if kit_path is not None else {}
    if kit_path is not None:
        unknown_keys(kit, ("areas", "spells"), kit_path)
        kit_areas = _areas(kit, kit_path, "kit")
        for key in kit_areas:
            if key in areas:
                raise DataError(f"key 'areas.{key}': the rules already define this area", kit_path)
        areas = {**areas, **kit_areas}
    kit_spells = expect(kit.get("spells", {}), dict, kit_path or rules_path, "spells")

    spells: list[Spell] = []
    rows = require(data, "spells", list, rules_path)
    for index, row in enumerate(rows):
        prefix = f"spells[{index}]"
        expect(row, dict, rules_path, prefix)
        unknown_keys(row, RULE_SPELL_KEYS, rules_path, prefix)
        name = require(row, "name", str, rules_path, prefix).strip()
        prefix = f"spells[{index}] ({name})"
        count = require(row, "count", int, rules_path, prefix)
        if not 1 <= count <= 24:
            raise DataError(f"key '{prefix}.count': expected 1 to 24, got {count}", rules_path)
        if name in (s.name for s in spells):
            raise DataError(f"key '{prefix}.name': {name!r} is listed twice", rules_path)
        source = expect(row.get("source", ""), str, rules_path, f"{prefix}.source")
        texts: dict[str, Said | None] = {}
        for key in FIELDS:
            value = _text(row, key, rules_path, prefix)
            texts[key] = Said(value, "rulebook", source) if value else None
        rule = _text(row, "rule_text", rules_path, prefix)
        rule_source = expect(row.get("rule_source", ""), str, rules_path, f"{prefix}.rule_source")
        rule_text = Said(rule, "rulebook", rule_source) if rule else None
        area_key = row.get("area")
        area = _area_of(
            expect(area_key, str, rules_path, f"{prefix}.area") if area_key is not None else None,
            areas,
            rules_path,
            f"{prefix}.area",
        )
        area_origin: Origin | None = "rulebook" if area is not None else None
        area_source = expect(row.get("area_source", ""), str, rules_path, f"{prefix}.area_source")

        extra = kit_spells.get(name)
        if extra is not None and kit_path is not None:
            kprefix = f"spells.{name}"
            expect(extra, dict, kit_path, kprefix)
            unknown_keys(extra, KIT_SPELL_KEYS, kit_path, kprefix)
            kit_origin: Origin = "kit-wording" if rule_text is not None else "kit"
            why = f"{kit_path.name}: the Havoc Kit's own" + (
                f", worded from the rules ({rule_source})" if rule_text is not None else ""
            )
            for key in FIELDS:
                value = _text(extra, key, kit_path, kprefix)
                if value is None:
                    continue
                if texts[key] is not None:
                    raise DataError(
                        f"key '{kprefix}.{key}': the rules' card already gives it "
                        f"({rules_path.name}); the kit may not replace it",
                        kit_path,
                    )
                texts[key] = Said(value, kit_origin, why)
            if "area" in extra:
                if area is not None:
                    raise DataError(
                        f"key '{kprefix}.area': the rules already give this spell's area "
                        f"({area.name})",
                        kit_path,
                    )
                area = _area_of(
                    expect(extra["area"], str, kit_path, f"{kprefix}.area"),
                    areas,
                    kit_path,
                    f"{kprefix}.area",
                )
                area_origin = "kit"
                area_source = expect(
                    extra.get("area_why", "the Havoc Kit's choice"),
                    str,
                    kit_path,
                    f"{kprefix}.area_why",
                )
        spells.append(
            Spell(
                name=name,
                count=count,
                area=area,
                area_origin=area_origin,
                area_source=area_source,
                effect=texts["effect"],
                duration=texts["duration"],
                notes=texts["notes"],
                rule_text=rule_text,
            )
        )
    if kit_path is not None:
        for name in kit_spells:
            if name not in (s.name for s in spells):
                raise DataError(
                    f"key 'spells.{name}': no such spell in {rules_path.name} "
                    f"(expected one of {', '.join(s.name for s in spells)})",
                    kit_path,
                )
    if not spells:
        raise DataError("key 'spells': expected at least one spell", rules_path)
    deal = require(data, "deal", int, rules_path)
    players = expect(data.get("players", 2), int, rules_path, "players")
    total = sum(s.count for s in spells)
    if players < 1 or deal < 1 or deal * players > total:
        raise DataError(
            f"key 'deal': {players} players x {deal} cards is more than the {total} cards "
            "of the deck",
            rules_path,
        )
    size = data.get("deck_size")
    if size is not None and expect(size, int, rules_path, "deck_size") != total:
        raise DataError(
            f"key 'deck_size': says {size} cards, but the spells' counts add up to {total}",
            rules_path,
        )
    return Deck(
        spells=tuple(spells),
        areas=areas,
        deal=deal,
        players=players,
        deal_source=expect(data.get("deal_source", ""), str, rules_path, "deal_source"),
        rules_path=rules_path,
        kit_path=kit_path,
    )
