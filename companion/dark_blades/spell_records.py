"""The Dark Blades spell deck's records: a spell, its texts and whose they are, a card's face,
the deck. Read from cards/ by `companion.dark_blades.spell_data`; dealt by
`companion.dark_blades.spells`, which is the deck's public face and re-exports these.

Origins: ``rulebook`` (the rules' own words: a surviving card, an area's definition, the rule
text), ``kit-wording`` (the kit's card wording of a spell the rule text describes) and ``kit``
(the kit's own: Help, Mire Feet, Temporary Blindness, and areas the rules do not name).
``Spell.card(source_only)`` gives what a card shows: with ``source_only`` no kit text survives
(the rule text stands in for a kit-worded effect; the rest is None, a write-in line).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from companion.errors import InputError

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
    diagram: str = ""  # the kit's note on its diagram of the area (what is the kit's layout)


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
    card_rule: Said | None = None  # an excerpt of rule_text printed on the card

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
        rule = None if shown else self.card_rule  # the rulebook's words: kept by source_only
        return Card(self.name, area, area_origin, self.area_source, texts, shown, rule)


@dataclass(frozen=True)
class Card:
    """A card's face: the spell's name, area and texts (None: not given, a write-in line)."""

    name: str
    area: Area | None
    area_origin: Origin | None
    area_source: str
    texts: dict[str, Said | None]
    rule_text_shown: bool = False  # the effect box holds the rules' description (source-only)
    rule: Said | None = None  # the rule text's words printed under "Rule:" (the rulebook's)

    def label(self, key: str) -> str:
        """The heading of a text box: Effect, Duration, Notes (or Rule text, source-only)."""
        return "Rule text" if key == "effect" and self.rule_text_shown else key.capitalize()

    @property
    def origins(self) -> set[str]:
        """Every origin on the card (area included)."""
        found: set[str] = {t.origin for t in self.texts.values() if t is not None}
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
