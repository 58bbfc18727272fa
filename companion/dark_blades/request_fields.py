"""The fields of a request as a front end received them, read once for every parser of
`companion.dark_blades` (`combat_form`, `fight_form`, `sight_request`, `shot_request`,
`swim_request`): a field as typed, a field of several words, a whole number. A refusal is a
`companion.errors.FieldError` naming the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import FieldError
from companion.numbers import is_whole


def text(values: Mapping[str, Any], name: str) -> str:
    """A field as typed (blank: not given), cut to a sane length."""
    value = values.get(name)
    return "" if value is None else str(value).strip()[:200]


def words(values: Mapping[str, Any], name: str) -> list[str]:
    """A field that may hold several words (a list of them, or one string): each word given,
    trimmed (blank ones left out)."""
    value = values.get(name)
    given = [value] if isinstance(value, str) else list(value or ())
    return [str(w).strip()[:40] for w in given if str(w).strip()]


def whole(values: Mapping[str, Any], field: str, lowest: int, example: str) -> int | None:
    """A whole-number field (blank: None), ``lowest`` or more."""
    typed = text(values, field)
    if not typed:
        return None
    if not is_whole(typed) or len(typed) > 18 or int(typed) < lowest:
        raise FieldError(field, typed, f"expected {example}, got {typed[:20]!r}")
    return int(typed)
