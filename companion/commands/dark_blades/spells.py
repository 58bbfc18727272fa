"""`havoc spell [NAME]` and `havoc deal`: the Dark Blades spell deck at the table.

`spell` shows one card at 40 columns (the kit's texts marked [KIT], with the footnote that says
whose they are), or lists the deck; `deal` shuffles and deals the rules' eight cards each,
seeded, the rest face down. Data: cards/dark-blades/spells.toml and spells-kit.toml.
"""

from __future__ import annotations

from typing import Any

import click

from companion.dark_blades import spells as sp
from companion.text import fit
from havoc_cli.kit import (
    WHOLE,
    Command,
    Name,
    cards_from,
    emit_json,
    json_option,
    seed_option,
    source_only_from,
    source_only_option,
)

KIT_MARK = "[KIT] "
SPELL_KEYS = """--json: {name, count, source_only, area: {key, name, letter, words, text,
origin, source} or null, effect, duration, notes: {text, origin, source} or null,
effect_is_rule_text, rule_text: {text, origin, source} or null, kit: [origins],
footnotes: [text]}; origin is rulebook, kit-wording or kit.
No NAME: {cards, spells: [{name, count, area, kit}]}"""
DEAL_KEYS = """--json: {seed, each, players, hands: [{player, cards: [name]}], face_down,
rest: [name] (top first; only with --show-rest)}"""


def _deck(ctx: click.Context) -> sp.Deck:
    return sp.load(cards_from(ctx))


def _names(ctx: click.Context) -> list[str]:
    return _deck(ctx).names


def spell_lines(spell: sp.Spell, card: sp.Card, source_only: bool) -> list[str]:
    """The card at 40 columns: name, area, effect, duration, notes, then the footnotes."""
    copies = f"{spell.count} card{'s' if spell.count != 1 else ''}"
    lines = [f"{card.name} ({copies})"]
    if card.area is not None:
        mark = KIT_MARK if card.area_origin == "kit" else ""
        lines.append(f"{mark}Area: {card.area.name} [{card.area.letter}]")
        if card.area.words:
            lines.append(f"  {card.area.words}")
    else:
        lines.append("Area: not in the source rules")
    for key, said in card.texts.items():
        if said is None:
            lines.append(f"{card.label(key)}: not in the source rules")
            continue
        mark = KIT_MARK if said.is_kit else ""
        lines.append(f"{mark}{card.label(key)}: {said.text}")
    rule = spell.rule_text
    effect = card.texts.get("effect")
    if rule is not None and not card.rule_text_shown and effect and effect.origin == "rulebook":
        # the card reference's words, then the rules' fuller text (e.g. the Magic Arrow hits
        # the first opposition character in line, unless shielded)
        lines.append(f"Rule ({rule.source}): {rule.text}")
    notes = card.footnotes()
    if notes:
        lines.append("")
        lines += notes
    if source_only:
        lines.append("(--source-only: the rulebook's words only)")
    return lines


@click.command(cls=Command, epilog=SPELL_KEYS, short_help="Dark Blades spell card.")
@click.argument("name", required=False, type=Name("spell", _names))
@source_only_option
@json_option
@click.pass_context
def spell(ctx: click.Context, name: str | None, as_json: bool) -> None:
    """A Dark Blades spell card: area, effect, duration, notes.

    NAME by any unique start or initials (`mag-ar`, `tb`); none lists the deck. Texts marked
    [KIT] are the Havoc Kit's, not the rulebook's.
    """
    source_only = source_only_from(ctx)  # `havoc --source-only spell` or `spell --source-only`
    deck = _deck(ctx)
    if name is None:
        rows = []
        for s in deck.spells:
            card = s.card(source_only)
            area = card.area.letter if card.area is not None else "?"
            rows.append((s, card, area))
        if as_json:
            emit_json(
                {
                    "cards": len(deck.cards),
                    "spells": [
                        {
                            "name": s.name,
                            "count": s.count,
                            "area": c.area.key if c.area is not None else None,
                            "kit": sorted(o for o in c.origins if o in sp.KIT_ORIGINS),
                        }
                        for s, c, _ in rows
                    ],
                }
            )
            return
        lines = [f"{len(deck.cards)} cards, {len(deck.spells)} spells"]
        for s, c, area in rows:
            mark = " KIT" if c.kit_own else ""
            lines.append(f"{s.count} x {s.name} [{area}]{mark}")
        lines.append("[area letter]; KIT: kit's own text/area")
        click.echo(fit(lines))
        return
    found = deck.spell(name)
    card = found.card(source_only)
    if as_json:
        out: dict[str, Any] = {"name": found.name, "count": found.count}
        out["source_only"] = source_only
        out.update({k: v for k, v in card.as_dict().items() if k != "name"})
        out["rule_text"] = found.rule_text.as_dict() if found.rule_text else None
        emit_json(out)
        return
    click.echo(fit(spell_lines(found, card, source_only)))


@click.command(cls=Command, epilog=DEAL_KEYS, short_help="Deal the spell cards.")
@seed_option
@click.option(
    "--players",
    type=WHOLE,
    default=None,
    metavar="N",
    help="How many hands (the rules: 2).",
)
@click.option(
    "--player",
    "only",
    type=WHOLE,
    default=None,
    metavar="N",
    help="Show only hand N (each player, the same --seed, his own phone).",
)
@click.option("--show-rest", is_flag=True, help="Also list the face-down cards, top first.")
@json_option
@click.pass_context
def deal(
    ctx: click.Context,
    seed: int | None,
    players: int | None,
    only: int | None,
    show_rest: bool,
    as_json: bool,
) -> None:
    """Shuffle the spell deck and deal eight cards each; the rest stay face down."""
    deck = _deck(ctx)
    dealt = sp.deal(deck, seed, players)
    count = len(dealt.hands)
    if only is not None and not 1 <= only <= count:
        from companion.errors import InputError

        raise InputError(f"--player: expected 1 to {count}, got {only}")
    shown = [(i, hand) for i, hand in enumerate(dealt.hands, start=1) if only in (None, i)]
    if as_json:
        out: dict[str, Any] = {
            "seed": dealt.seed,
            "each": deck.deal,
            "players": count,
            "hands": [{"player": i, "cards": list(hand)} for i, hand in shown],
            "face_down": len(dealt.rest),
        }
        if show_rest:
            out["rest"] = list(dealt.rest)
        emit_json(out)
        return
    lines = [f"{deck.deal} cards each, seed {dealt.seed}"]
    for i, hand in shown:
        lines.append(f"Player {i}:")
        for name in sorted(set(hand), key=deck.names.index):
            copies = hand.count(name)
            lines.append(f"  {name}" + (f" x{copies}" if copies > 1 else ""))
    lines.append(f"Face down: {len(dealt.rest)} cards")
    if show_rest:
        lines += [f"  {n}. {name}" for n, name in enumerate(dealt.rest, start=1)]
    lines.append(f"Again: havoc deal --seed {dealt.seed}")
    click.echo(fit(lines))
