"""What a look-up form had set, in words, for the line under the answer ("with: Magic Sword,
defender in Tree (+)") and the heading over the form's modifiers: nothing ticked stays set
unseen when the form comes back filled in for the next look-up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.dark_blades.states import Health

FLAG_WORDS = {
    "magic_sword": "Magic Sword",
    "magic_ring": "Magic Ring",
    "fast_rider": "fast rider",
    "source_only": "rulebook cells only",
}
SYMBOL_WORDS = {"+": "+", "-": "\u2212"}


def _terrain(whose: str, value: str, choices: Sequence[tuple[str, str]]) -> str | None:
    """``attacker +`` for a symbol, ``attacker in Tree (+)`` for a Terrain Types row."""
    if value in ("", "0"):
        return None
    if value in SYMBOL_WORDS:
        return f"{whose} {SYMBOL_WORDS[value]}"
    label = dict(choices).get(value, value)
    return f"{whose} in {label}"


def used(
    args: Mapping[str, str],
    terrain: Mapping[str, tuple[str, Sequence[tuple[str, str]]]],
    covers: Sequence[tuple[str, str]] = (),
    flags: Sequence[str] = tuple(FLAG_WORDS),
) -> list[str]:
    """Each modifier ``args`` sets, in the page's words: the terrain fields (``terrain``: field
    -> (whose, its choices)), the cover, then the ticked ``flags``."""
    out = []
    for field, (whose, choices) in terrain.items():
        said = _terrain(whose, args.get(field, "").strip(), choices)
        if said:
            out.append(said)
    cover = args.get("cover", "").strip()
    if cover and cover != "none":
        out.append(f"cover: {dict(covers).get(cover, cover)}")
    state = args.get("defender_state", "").strip()
    if state and state != Health.HEALTHY:
        out.append(f"defender {state}")
    kind = args.get("defender_kind", "").strip()
    if kind and kind != "character":
        out.append(f"defender is a {kind}")
    out += [FLAG_WORDS[f] for f in flags if args.get(f) == "on"]
    return out
