"""The Dark Blades spell deck: cards/dark-blades/spells.toml (the rulebook's transcription)
merged with spells-kit.toml (the Havoc Kit's completion), every text tagged with its origin.

The records (`Spell`, `Card`, `Deck`, `Said`, `Area`, the origins) live in
`companion.dark_blades.spell_records` and are re-exported here; `load` reads the deck
(`companion.dark_blades.spell_data` checks it). The deal follows the rules: shuffle face down,
eight cards each, the rest face down (`deal`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.dark_blades.spell_data import load_deck
from companion.dark_blades.spell_records import (
    FIELDS,
    GAME,
    KIT_AREA_NOTE,
    KIT_BOTH_NOTE,
    KIT_FILE,
    KIT_NOTE,
    KIT_ORIGINS,
    MAX_TEXT,
    RULES_FILE,
    WORDING_NOTE,
    Area,
    Card,
    Deck,
    Origin,
    Said,
    Spell,
)
from companion.data import Cards
from companion.dice import make_rng
from companion.errors import FieldError

__all__ = [
    "FIELDS",
    "GAME",
    "KIT_AREA_NOTE",
    "KIT_BOTH_NOTE",
    "KIT_FILE",
    "KIT_NOTE",
    "KIT_ORIGINS",
    "MAX_TEXT",
    "RULES_FILE",
    "WORDING_NOTE",
    "Area",
    "Card",
    "Deal",
    "Deck",
    "Origin",
    "Said",
    "Spell",
    "deal",
    "load",
]


@dataclass(frozen=True)
class Deal:
    """A shuffled deal: one hand per player, and the rest face down (top card first)."""

    seed: int
    hands: tuple[tuple[str, ...], ...]
    rest: tuple[str, ...]


def load(cards: Cards | None = None) -> Deck:
    """Read and check spells.toml and spells-kit.toml (a user's ``--cards`` copy of either
    wins): see companion/dark_blades/spell_data.py."""
    return load_deck(cards)


# --------------------------------------------------------------------------- the deal


def deal(deck: Deck, seed: int | None = None, players: int | None = None) -> Deal:
    """Shuffle the deck face down and deal ``deck.deal`` cards to each player (the rules: two
    players, eight each); the rest stays face down. The same seed, the same deal."""
    players = deck.players if players is None else players
    cards = deck.cards
    if players < 1 or players * deck.deal > len(cards):
        raise FieldError(
            "players",
            players,
            f"expected 1 to {len(cards) // deck.deal} ({deck.deal} cards each from "
            f"{len(cards)}), got {players}",
        )
    if seed is None:
        seed = make_rng(None).randrange(10**6)
    rng = random.Random(seed)
    rng.shuffle(cards)
    hands = tuple(tuple(cards[i * deck.deal : (i + 1) * deck.deal]) for i in range(players))
    return Deal(seed=seed, hands=hands, rest=tuple(cards[players * deck.deal :]))
