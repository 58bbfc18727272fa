"""Reading the spell deck: cards/dark-blades/spells.toml (the rulebook's transcription) and
spells-kit.toml (the Havoc Kit's completion), checked and merged into a `Deck`.

Every mistake is one `DataError` naming the file and the key. The kit file may add texts and
areas the rules do not give, never replace the rules' own: a kit text for a field a surviving
card prints, or a kit area for a spell whose area the rules name, is refused.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion import schema
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
from companion.data import Cards
from companion.errors import DataError
from companion.schema import Field, ListOf, MapOf, Table, Where


def _text(value: str, where: Where) -> str:
    value = value.strip()
    if not value:
        raise where.error("expected text, got an empty string")
    if len(value) > MAX_TEXT:
        raise where.error(f"expected at most {MAX_TEXT} characters, got {len(value)}")
    return value


def _stripped(value: str, _where: Where) -> str:
    return value.strip()


def _letter(letter: str, where: Where) -> str:
    letter = letter.strip()
    if len(letter) != 1:
        raise where.error(f"expected one character, got {letter!r}")
    return letter


def _count(count: int, where: Where) -> int:
    if not 1 <= count <= 24:
        raise where.error(f"expected 1 to 24, got {count}")
    return count


def _name_of(row: object) -> str | None:
    name = row.get("name") if isinstance(row, dict) else None
    return name.strip() if isinstance(name, str) else None


AREA = Table(
    (
        Field("name", str, check=_stripped),
        Field("letter", str, check=_letter),
        Field("words", str, required=False, default="", check=_stripped),
        Field("text", str, required=False, default="", check=_stripped),
        Field("source", str, required=False, default=""),
        Field("diagram", str, required=False, default="", check=_stripped),
    )
)
AREA_KEYS = tuple(f.name for f in AREA.fields)
TEXTS = tuple(Field(key, str, required=False, check=_text) for key in FIELDS)
RULE_SPELL = Table(
    (
        Field("name", str, check=_stripped),
        Field("count", int, check=_count),
        Field("area", str, required=False),
        Field("area_source", str, required=False, default=""),
        *TEXTS,
        Field("source", str, required=False, default=""),
        Field("rule_text", str, required=False, check=_text),
        Field("rule_source", str, required=False, default=""),
        Field("card_rule", str, required=False, check=_text),
    )
)
RULE_SPELL_KEYS = tuple(f.name for f in RULE_SPELL.fields)
RULES = Table(
    (
        Field("source", str, required=False),
        Field("areas", MapOf(AREA), required=False, default={}),
        Field("spells", ListOf(RULE_SPELL, label=_name_of)),
        Field("deal", int),
        Field("players", int, required=False, default=2),
        Field("deal_source", str, required=False, default=""),
        Field("deck_size", int, required=False),
        Field("deck_source", str, required=False),
    )
)
"""spells.toml: the rulebook's transcription."""
KIT_SPELL = Table(
    (
        Field("area", str, required=False),
        Field("area_why", str, required=False, default="the Havoc Kit's choice"),
        *TEXTS,
    )
)
KIT_SPELL_KEYS = tuple(f.name for f in KIT_SPELL.fields)
KIT = Table(
    (
        Field("areas", MapOf(AREA), required=False, default={}),
        Field("spells", MapOf(KIT_SPELL), required=False, default={}),
    )
)
"""spells-kit.toml: the Havoc Kit's completion."""


def _areas(checked: dict[str, dict], origin: Origin) -> dict[str, Area]:
    return {key: Area(key=key, origin=origin, **values) for key, values in checked.items()}


def _area_of(key: str | None, areas: dict[str, Area], where: Where) -> Area | None:
    if key is None:
        return None
    if key not in areas:
        raise where.error(f"unknown area {key!r}: expected one of {', '.join(areas)}")
    return areas[key]


def _card_rule(excerpt: str | None, rule: str | None, source: str, where: Where) -> Said | None:
    """The rule text's words printed on the card: every part (between "…") word for word from
    ``rule_text``, so it stays the rulebook's."""
    if excerpt is None:
        return None
    if rule is None:
        raise where.error("expected a rule_text to take it from, got none")
    flat = " ".join(rule.split())
    for part in excerpt.split("…"):
        part = " ".join(part.split())
        if not part or part not in flat:
            raise where.error(
                f"expected the rule_text's own words (parts joined by '…'), got {part!r}"
            )
    return Said(excerpt, "rulebook", source)


def load_deck(cards: Cards | None = None) -> Deck:
    """Read and check both files (a user's ``--cards`` copy of either wins); each file's shape
    is checked once while it is unchanged."""
    cards = cards or Cards()
    rules_path = cards.path(GAME, RULES_FILE)
    data = schema.load(rules_path, RULES)
    areas = _areas(data["areas"], "rulebook")
    try:
        kit_path: Path | None = cards.path(GAME, KIT_FILE)
    except DataError:
        kit_path = None
    kit: dict[str, Any] = {"areas": {}, "spells": {}}
    if kit_path is not None:
        kit = schema.load(kit_path, KIT)
        kit_areas = _areas(kit["areas"], "kit")
        for key in kit_areas:
            if key in areas:
                raise (
                    Where(kit_path)
                    .child("areas")
                    .child(key)
                    .error("the rules already define this area")
                )
        areas = {**areas, **kit_areas}
    kit_spells = kit["spells"]

    spells: list[Spell] = []
    for index, row in enumerate(data["spells"]):
        name = row["name"]
        at = Where(rules_path).child("spells").child(index, name)
        if name in (s.name for s in spells):
            raise at.child("name").error(f"{name!r} is listed twice")
        texts: dict[str, Said | None] = {
            key: Said(row[key], "rulebook", row["source"]) if row[key] else None for key in FIELDS
        }
        rule = row["rule_text"]
        rule_text = Said(rule, "rulebook", row["rule_source"]) if rule else None
        card_rule = _card_rule(row["card_rule"], rule, row["rule_source"], at.child("card_rule"))
        area = _area_of(row["area"], areas, at.child("area"))
        area_origin: Origin | None = "rulebook" if area is not None else None
        area_source = row["area_source"]

        extra = kit_spells.get(name)
        if extra is not None and kit_path is not None:
            kat = Where(kit_path).child("spells").child(name)
            kit_origin: Origin = "kit-wording" if rule_text is not None else "kit"
            why = f"{kit_path.name}: the Havoc Kit's own" + (
                f", worded from the rules ({row['rule_source']})" if rule_text is not None else ""
            )
            for key in FIELDS:
                value = extra[key]
                if value is None:
                    continue
                if texts[key] is not None:
                    raise kat.child(key).error(
                        f"the rules' card already gives it ({rules_path.name}); "
                        "the kit may not replace it"
                    )
                texts[key] = Said(value, kit_origin, why)
            if extra["area"] is not None:
                if area is not None:
                    raise kat.child("area").error(
                        f"the rules already give this spell's area ({area.name})"
                    )
                area = _area_of(extra["area"], areas, kat.child("area"))
                area_origin = "kit"
                area_source = extra["area_why"]
        spells.append(
            Spell(
                name=name,
                count=row["count"],
                area=area,
                area_origin=area_origin,
                area_source=area_source,
                effect=texts["effect"],
                duration=texts["duration"],
                notes=texts["notes"],
                rule_text=rule_text,
                card_rule=card_rule,
            )
        )
    if kit_path is not None:
        for name in kit_spells:
            if name not in (s.name for s in spells):
                raise (
                    Where(kit_path)
                    .child("spells")
                    .child(name)
                    .error(
                        f"no such spell in {rules_path.name} "
                        f"(expected one of {', '.join(s.name for s in spells)})"
                    )
                )
    top = Where(rules_path)
    if not spells:
        raise top.child("spells").error("expected at least one spell")
    deal, players = data["deal"], data["players"]
    total = sum(s.count for s in spells)
    if players < 1 or deal < 1 or deal * players > total:
        raise top.child("deal").error(
            f"{players} players x {deal} cards is more than the {total} cards of the deck"
        )
    size = data["deck_size"]
    if size is not None and size != total:
        raise top.child("deck_size").error(
            f"says {size} cards, but the spells' counts add up to {total}"
        )
    return Deck(
        spells=tuple(spells),
        areas=areas,
        deal=deal,
        players=players,
        deal_source=data["deal_source"],
        rules_path=rules_path,
        kit_path=kit_path,
    )
