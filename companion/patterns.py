"""Regular expressions compiled on first use, so `havoc`'s start-up pays only for those the
command it runs uses (compiling one costs about 0.15 ms, and a lookup's path holds several)."""

from __future__ import annotations

import re
from typing import Any


class LazyPattern:
    """``re.compile(pattern, flags)``, compiled the first time one of its methods is asked for
    (``.match``, ``.search``, ``.sub``, ``.pattern`` ...)."""

    __slots__ = ("_compiled", "_flags", "_source")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._source = pattern
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = re.compile(self._source, self._flags)
        return getattr(compiled, name)
