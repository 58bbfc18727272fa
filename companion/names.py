"""Names typed at the table: whole, by unique prefix, word starts or initials, any case.

`pick` finds the one name meant, or raises `UnknownName` / `AmbiguousName` (InputErrors carrying
the candidates); `complete` offers names for shell completion. Plain Python (no click).
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.errors import AmbiguousName, UnknownName


def pick(text: str, choices: Iterable[str], what: str) -> str:
    """The one of ``choices`` that ``text`` names: whole, by unique prefix, any case.

    A name of several words (``infantry-vs-infantry``) is also named word by word, each word by
    its start (``inf-inf``, ``inf-vs-cav``), by its initials (``ii``), or by the start of any
    one of its words (``res`` for spell-resist); "vs", "of" and "the" may be left out. The
    closest way of naming wins (whole, then start, word starts, initials, one word's start).
    Raises `UnknownName` when nothing fits, `AmbiguousName` (with every name that fits, in any
    of those ways, closest first) when more than one does; both name ``what``.
    """
    names = list(dict.fromkeys(choices))
    found = matches(text, names)
    if len(found) == 1:
        return found[0]
    if found:
        raise AmbiguousName(what, text, tuple(found))
    raise UnknownName(what, text, tuple(names))


def matches(text: str, choices: Iterable[str]) -> list[str]:
    """The names ``text`` fits, as `pick` reads it: the one the closest way of naming finds
    alone, else every name it fits in any way (closest first); none when nothing fits."""
    names = list(dict.fromkeys(choices))
    key = text.strip().casefold()
    folded = [(n, n.casefold()) for n in names]
    for at, tier in enumerate(_TIERS):
        found = [n for n, f in folded if tier(key, f)]
        if len(found) == 1:
            return found
        if found:  # several: every name it fits, this way and the looser ones after it
            looser = [n for later in _TIERS[at + 1 :] for n, f in folded if later(key, f)]
            return list(dict.fromkeys([*found, *looser]))
    return []


def complete(choices: Iterable[str], incomplete: str) -> list[str]:
    """Shell completion: the choices that start with what has been typed (any case)."""
    start = incomplete.casefold()
    return [name for name in dict.fromkeys(choices) if name.casefold().startswith(start)]


_SKIP = {"vs", "of", "the", "v"}


def _words_of(name: str) -> list[str]:
    return [w for w in name.replace("_", "-").replace(" ", "-").split("-") if w]


def _exact(key: str, name: str) -> bool:
    return key == name


def _prefix(key: str, name: str) -> bool:
    return bool(key) and name.startswith(key)


def _words(key: str, name: str) -> bool:
    """Each typed word starts the next word of the name (skippable words may be left out)."""
    typed, words = _words_of(key), _words_of(name)
    if len(typed) < 2:
        return False
    at = 0
    for part in typed:
        while at < len(words) and not words[at].startswith(part):
            if words[at] not in _SKIP:
                return False
            at += 1
        if at == len(words):
            return False
        at += 1
    return all(w in _SKIP for w in words[at:])


def _initials(key: str, name: str) -> bool:
    words = _words_of(name)
    if len(words) < 2 or not key.isalnum():
        return False
    full = "".join(w[0] for w in words)
    short = "".join(w[0] for w in words if w not in _SKIP)
    return key in (full, short)


def _word_start(key: str, name: str) -> bool:
    """One typed word that starts a later word of the name (``res``: spell-resist)."""
    words = _words_of(name)
    return len(words) > 1 and bool(key) and any(w.startswith(key) for w in words[1:])


_TIERS = (_exact, _prefix, _words, _initials, _word_start)
