"""A Dark Blades piece's states, named once for the rules, the parsers and the pages: its
health (`Health`: healthy, wounded, stunned), on foot or mounted (`MOUNTS`), the magic items a
piece may hold (`ITEMS`), boxed in (`BOXED`: no hex to retreat to), and what a defender is to
the special rules (`KINDS`). `Health` is a `StrEnum`: each state is its word (``"wounded"``),
in JSON and in a page as anywhere.
"""

from __future__ import annotations

from enum import StrEnum


class Health(StrEnum):
    """A piece's health, as its counter prints it (a war dog's and a mule's: healthy only)."""

    HEALTHY = "healthy"
    WOUNDED = "wounded"
    STUNNED = "stunned"


HEALTH = tuple(Health)  # the words, healthy first (a form's choices)
HURT = (Health.WOUNDED.value, Health.STUNNED.value)  # a swimmer wounded or stunned drowns
MOUNTS = ("mounted", "foot")
ITEMS = ("sword", "ring")  # holds the Magic Sword, the Magic Ring
BOXED = "boxed"  # boxed in: no hex to retreat to
KINDS = ("character", "dog", "mule", "troll")  # what the defender is, to the special rules
