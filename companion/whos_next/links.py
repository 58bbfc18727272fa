"""Secret link tokens: 160 random bits in an alphabet that survives paper and a phone keyboard.

Lower case letters and digits without ``0 o 1 l`` (nothing to misread) and without ``-`` or
``_`` (nothing a printed line breaks at, nothing a double tap selects only half of): 32
symbols, five bits each, 32 symbols long.
"""

from __future__ import annotations

import re
import secrets

ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
LENGTH = 32  # 32 symbols x 5 bits = 160 bits
SHAPE = re.compile(rf"[{ALPHABET}]{{{LENGTH}}}")


def new_token() -> str:
    """A fresh token: ``LENGTH`` symbols of ``ALPHABET`` from `secrets`."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
