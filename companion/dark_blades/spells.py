"""The Dark Blades spell deck: cards/dark-blades/spells.toml (the rulebook's transcription)
merged with spells-kit.toml (the Havoc Kit's completion), every text tagged with its origin.

Origins: ``rulebook`` (the rules' own words: a surviving card, an area's definition, the rule
text), ``kit-wording`` (the kit's card wording of a spell the rule text describes) and ``kit``
(the kit's own: Help, Mire Feet, Temporary Blindness, and areas the rules do not name).
``Spell.card(source_only)`` gives what a card shows: with ``source_only`` no kit text survives
(the rule text stands in for a kit-worded effect; the rest is None, a write-in line). The deal
follows the rules: shuffle face down, eight cards each, the rest face down (`deal`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from companion.data import Cards, expect, read_toml, require, unknown_keys
from companion.dice import make_rng
from companion.errors import DataError, InputError

GAME = "dark-blades"
RULES_FILE = "spells.toml"
KIT_FILE = "spells-kit.toml"
FIELDS = ("effect", "duration", "notes")
Origin = Literal["rulebook", "kit-wording", "kit"]
KIT_ORIGINS = ("kit-wording", "kit")
MAX_TEXT = 600  # characters a card text may hold (a card has room for so much)

KIT_NOTE = "KIT: the Havoc Kit's own text; the rules give only this spell's name."
KIT_AREA_NOTE = "KIT: the area is the Havoc Kit's choice; the rules name none."
KIT_BOTH_NOTE = "KIT: the Havoc Kit's own text and area; the rules give only the name."
WORDING_NOTE = "Card worded by the Havoc Kit from the rules' text."


@dataclass(frozen=True)
class Said:
    """One text and whose it is; ``source`` cites where the rules say it (or why the kit does)."""

    text: str
    origin: Origin
    source: str = ""

    @property
    def is_kit(self) -> bool:
        """Whether the text is the kit's (its own or its wording), not the rulebook's."""
        return self.origin in KIT_ORIGINS

    def as_dict(self) -> dict[str, Any]:
        """For --json."""
        return {"text": self.text, "origin": self.origin, "source": self.source}


@dataclass(frozen=True)
class Area:
    """An area of effect: its name, the short letter printed with it, the rules' explanation."""

    key: str
    name: str
    letter: str
    text: str
    origin: Origin
    source: str = ""
    words: str = ""


@dataclass(frozen=True)
class Spell:
    """One spell of the deck (``count`` copies)."""

    name: str
    count: int
    area: Area | None
    area_origin: Origin | None
    area_source: str
    effect: Said | None
    duration: Said | None
    notes: Said | None
    rule_text: Said | None

    def texts(self) -> dict[str, Said | None]:
        """effect, duration, notes as the deck holds them (kit texts included)."""
        return {"effect": self.effect, "duration": self.duration, "notes": self.notes}

    def card(self, source_only: bool = False) -> Card:
        """What the card shows; ``source_only`` keeps only the rulebook's words."""
        area, area_origin = self.area, self.area_origin
        texts = self.texts()
        if source_only:
            if area_origin != "rulebook":
                area, area_origin = None, None
            kept = {
                k: v if v is not None and v.origin == "rulebook" else None for k, v in texts.items()
            }
            if kept["effect"] is None and self.rule_text is not None:
                kept["effect"] = self.rule_text  # the rules' own description of the spell
            texts = kept
        shown = source_only and texts["effect"] is self.rule_text and self.rule_text is not None
        return Card(self.name, area, area_origin, self.area_source, texts, shown)


@dataclass(frozen=True)
class Card:
    """A card's face: the spell's name, area and texts (None: not given, a write-in line)."""

    name: str
    area: Area | None
    area_origin: Origin | None
    area_source: str
    texts: dict[str, Said | None]
    rule_text_shown: bool = False  # the effect box holds the rules' description (source-only)

    def label(self, key: str) -> str:
        """The heading of a text box: Effect, Duration, Notes (or Rule text, source-only)."""
        return "Rule text" if key == "effect" and self.rule_text_shown else key.capitalize()

    @property
    def origins(self) -> set[str]:
        """Every origin on the card (area included)."""
        found = {t.origin for t in self.texts.values() if t is not None}
        if self.area_origin is not None:
            found.add(self.area_origin)
        return found

    @property
    def kit_own(self) -> bool:
        """Some text or the area is the kit's own (badge and footnote on paper)."""
        return "kit" in self.origins

    def footnotes(self) -> list[str]:
        """The lines that say what on the card is the kit's, most important first."""
        said = [t for t in self.texts.values() if t is not None]
        own = any(t.origin == "kit" for t in said)
        notes = []
        if own:
            notes.append(KIT_NOTE if self.area_origin != "kit" else KIT_BOTH_NOTE)
        elif self.area_origin == "kit":
            notes.append(KIT_AREA_NOTE)
        if any(t.origin == "kit-wording" for t in said):
            notes.append(WORDING_NOTE)
        return notes

    def as_dict(self) -> dict[str, Any]:
        """For --json: every text with its origin; None where nothing is given."""
        area = None
        if self.area is not None:
            area = {
                "key": self.area.key,
                "name": self.area.name,
                "letter": self.area.letter,
                "words": self.area.words,
                "text": self.area.text,
                "origin": self.area_origin,
                "source": self.area_source,
            }
        out: dict[str, Any] = {"name": self.name, "area": area}
        out["effect_is_rule_text"] = self.rule_text_shown
        for key, said in self.texts.items():
            out[key] = said.as_dict() if said is not None else None
        out["kit"] = sorted(o for o in self.origins if o in KIT_ORIGINS)
        out["footnotes"] = self.footnotes()
        return out


@dataclass(frozen=True)
class Deck:
    """The whole deck: spells in the rules' order, the areas, and the deal."""

    spells: tuple[Spell, ...]
    areas: dict[str, Area]
    deal: int
    players: int
    deal_source: str
    rules_path: Path
    kit_path: Path | None

    @property
    def cards(self) -> list[str]:
        """One name per physical card, in the rules' order (24 for the rules' deck)."""
        return [s.name for s in self.spells for _ in range(s.count)]

    def spell(self, name: str) -> Spell:
        """The spell called exactly ``name``."""
        for spell in self.spells:
            if spell.name == name:
                return spell
        raise InputError(f"unknown spell {name!r}")

    @property
    def names(self) -> list[str]:
        """The spells' names, in the rules' order."""
        return [s.name for s in self.spells]


@dataclass(frozen=True)
class Deal:
    """A shuffled deal: one hand per player, and the rest face down (top card first)."""

    seed: int
    hands: tuple[tuple[str, ...], ...]
    rest: tuple[str, ...]


# --------------------------------------------------------------------------- loading


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


AREA_KEYS = ("name", "letter", "words", "text", "source")


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


def load(cards: Cards | None = None) -> Deck:
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


# --------------------------------------------------------------------------- the deal


def deal(deck: Deck, seed: int | None = None, players: int | None = None) -> Deal:
    """Shuffle the deck face down and deal ``deck.deal`` cards to each player (the rules: two
    players, eight each); the rest stays face down. The same seed, the same deal."""
    players = deck.players if players is None else players
    cards = deck.cards
    if players < 1 or players * deck.deal > len(cards):
        raise InputError(
            f"--players: expected 1 to {len(cards) // deck.deal} ({deck.deal} cards each from "
            f"{len(cards)}), got {players}"
        )
    if seed is None:
        seed = make_rng(None).randrange(10**6)
    rng = random.Random(seed)
    rng.shuffle(cards)
    hands = tuple(tuple(cards[i * deck.deal : (i + 1) * deck.deal]) for i in range(players))
    return Deal(seed=seed, hands=hands, rest=tuple(cards[players * deck.deal :]))
