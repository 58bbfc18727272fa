"""Secrets for the Who's Next pages and the spell deal: unguessable tokens, CSRF tokens, the
deal's private hand links (`Hands`), and log redaction.

Every link token is 160 bits from `secrets` in an alphabet that survives paper
(`companion.whos_next.links`). A form's CSRF token is an HMAC of the umpire's
token under a per-process key, so it is worthless without the umpire's link and changes when
the server restarts. `redact` takes tokens out of anything written to the server's log.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from companion.whos_next.links import ALPHABET, LENGTH, new_token

__all__ = ["Csrf", "Hands", "looks_like_token", "new_token", "redact", "same"]
_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{20,}")  # also the tokens of earlier kits


def looks_like_token(text: str) -> bool:
    """Cheap shape check before any look-up (bounded length, URL-safe alphabet)."""
    return 20 <= len(text) <= 64 and _TOKEN_SHAPE.fullmatch(text) is not None


def same(a: object, b: object) -> bool:
    """Constant-time comparison of two secrets, of any text (compared as UTF-8 bytes).

    `hmac.compare_digest` raises TypeError on a str with a non-ASCII character, so a link or
    form value in any script was a 500; here any text that is not the secret is simply not it."""
    return hmac.compare_digest(_bytes(a), _bytes(b))


def _bytes(value: object) -> bytes:
    """``value`` as bytes to compare: UTF-8 (lone surrogates kept), None as nothing."""
    if value is None:
        return b""
    if isinstance(value, bytes):
        return value
    return str(value).encode("utf-8", "surrogatepass")


class Csrf:
    """CSRF tokens bound to the umpire's token, under a key that lives as long as the process."""

    def __init__(self) -> None:
        self._key = secrets.token_bytes(32)

    def token(self, umpire: str) -> str:
        return hmac.new(self._key, _bytes(umpire), hashlib.sha256).hexdigest()

    def valid(self, umpire: str, given: str | None) -> bool:
        return bool(given) and same(self.token(umpire), given)


class Hands:
    """Private links for a spell deal, kept by no one: a deal is a fresh token; its seed, the
    dealer's link and each hand's link are HMACs of it under a per-process key. A player's
    link names the deal but not the seed, and no link can be made from another without the
    key: his own hand opens nothing else, neither the dealer's page nor another hand."""

    def __init__(self) -> None:
        self._key = secrets.token_bytes(32)

    def _mac(self, *parts: object) -> str:
        text = _bytes("\x1f".join(str(p) for p in parts))
        return hmac.new(self._key, text, hashlib.sha256).hexdigest()[:32]

    def seed(self, deal: str) -> int:
        """The deal's seed (18 digits at most, as a typed seed): never shown, never sent."""
        return int(self._mac("seed", deal), 16) % 10**18

    def dealer(self, deal: str, players: int) -> str:
        return self._mac("dealer", deal, players)

    def hand(self, deal: str, players: int, player: int) -> str:
        return self._mac("hand", deal, players, player)

    def valid(self, given: str, wanted: str) -> bool:
        return same(given, wanted)


_PRIVATE_PATH = re.compile(r"(/[pu]/)[A-Za-z0-9_-]+")
_DEAL_PATH = re.compile(r"(/spells/(?:deal|hand)/)[A-Za-z0-9_/-]+")
_LONG_RUN = re.compile(r"[A-Za-z0-9_-]{20,}")
_LINK_SYMBOLS = frozenset(ALPHABET)


def _random_looking(run: str) -> bool:
    """Upper case, lower case and a digit in one long run (an earlier kit's token), or a run
    of the link alphabet as long as a token with a digit in it: a token, not a Python name."""
    if len(run) >= LENGTH and set(run) <= _LINK_SYMBOLS and any(c.isdigit() for c in run):
        return True
    return (
        any(c.isupper() for c in run)
        and any(c.islower() for c in run)
        and any(c.isdigit() for c in run)
    )


def redact(text: str, *secrets_known: str) -> str:
    """``text`` with the known secrets, private paths and token-like runs replaced by ``…``."""
    for secret in secrets_known:
        if secret:
            text = text.replace(secret, "…")
    text = _PRIVATE_PATH.sub(r"\1…", text)
    text = _DEAL_PATH.sub(r"\1…", text)
    return _LONG_RUN.sub(lambda m: "…" if _random_looking(m.group()) else m.group(), text)
