"""What the exports are made of: the spell deck's cards and the Dark Blades counters, as the
printed sheets make them (the same `Piece`s, the same faces), and file-safe names for them."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from companion import art
from companion.dark_blades import spells as deck_data
from companion.data import Cards
from generator.dark_blades.counters import counter_pieces
from generator.dark_blades.spells import spell_cards
from generator.sheet.pieces import Face, Figure, Piece

POKER = (180.0, 252.0)  # 2.5 x 3.5 in: the shops' poker card and the kit's default


def slug(name: str) -> str:
    """``"Magic Arrow 2"`` -> ``"magic-arrow-2"``: a file name every system takes."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "piece"


def spell_deck(cards: Cards, source_only: bool) -> list[Piece]:
    """The 24 spell cards at poker size, as `havoc-pnp spells` prints them."""

    return spell_cards(deck_data.load(cards), *POKER, source_only)


def counters(cards: Cards, piece_size: float, source_only: bool) -> list[Piece]:
    """Every Dark Blades counter at ``piece_size`` (blank value boxes with --source-only)."""

    return counter_pieces(cards, blank_values=source_only, piece_size=piece_size)


def back(piece: Piece) -> Face:
    """A two-sided piece's back: the exports draw both sides of every card and counter."""
    if piece.back is None:
        raise ValueError(f"{piece.name} has no back to export")
    return piece.back


@dataclass(frozen=True)
class Kind:  # not a NamedTuple: its ``count`` would hide tuple.count
    """One distinct piece (its two faces) and how many the sheets print of it."""

    name: str
    piece: Piece
    count: int


def kinds(pieces: Sequence[Piece]) -> list[Kind]:
    """The distinct pieces (same faces), in print order, each with its count; names unique."""
    found: dict[tuple[Face, Face | None, int, int], list[Piece]] = {}
    for p in pieces:
        found.setdefault((p.front, p.back, p.cols, p.rows), []).append(p)
    out: list[Kind] = []
    used: set[str] = set()
    for group in found.values():
        base = slug(re.sub(r"\s+\d+$", "", group[0].name))
        name, n = base, 1
        while name in used:
            n += 1
            name = f"{base}-{n}"
        used.add(name)
        out.append(Kind(name, group[0], len(group)))
    return out


def credits(cards: Cards, pieces: Sequence[Piece]) -> list[str]:
    """The lines crediting the authors of the kit's figures drawn on ``pieces`` (CC BY asks
    for it): the printed kit's own credit and licence lines (`companion.art`), for the figures
    this export shows; none when it shows none."""

    drawn = [
        op.source
        for p in pieces
        for face in (p.front, p.back)
        if face is not None
        for op in face.ops
        if isinstance(op, Figure)
    ]
    shown = art.credited(art.load_manifest(cards), drawn)
    return [art.credits_line(shown), art.licence_line(shown)] if shown else []
