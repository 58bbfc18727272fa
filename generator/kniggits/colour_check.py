"""How far apart colours stay for colour-blind eyes and in greyscale (token kinds, army colours).

Each colour is converted from sRGB to linear RGB, passed through the Machado, Oliveira and
Fernandes (2009) full-severity simulation matrix for protanopia, deuteranopia or tritanopia
(or reduced to its relative luminance Y for greyscale), clipped to [0, 1], and compared in
CIELAB (D65) with the CIE 1976 colour difference ΔE*ab = sqrt(ΔL*² + Δa*² + Δb*²). In greyscale
a* = b* = 0, so the difference is ΔL* alone. Pure Python, no imaging library.
"""

from __future__ import annotations

import math
from itertools import combinations

# Machado et al. 2009, severity 1.0, applied to linear RGB.
MATRICES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
VISIONS = ("normal", *MATRICES, "greyscale")
FORMULA = (
    "CIE76 ΔE*ab in CIELAB (D65) after the Machado 2009 full-severity simulation in linear "
    "sRGB; greyscale: ΔL* of the relative luminance"
)

RGB = tuple[float, float, float]


def parse_hex(colour: str) -> RGB:
    """'#rrggbb' -> sRGB components in [0, 1]."""
    text = colour.strip().lstrip("#")
    if len(text) != 6 or any(c not in "0123456789abcdefABCDEF" for c in text):
        raise ValueError(f"expected a colour such as #1f77b4, got {colour!r}")
    return tuple(int(text[i : i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb_linear: RGB) -> tuple[float, float, float]:
    r, g, b = rgb_linear
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def simulate(colour: str, vision: str) -> RGB:
    """The linear RGB a viewer with ``vision`` sees for ``colour`` (greyscale: Y, Y, Y)."""
    linear = tuple(_linear(c) for c in parse_hex(colour))
    if vision == "normal":
        return linear  # type: ignore[return-value]
    if vision == "greyscale":
        y = 0.2126729 * linear[0] + 0.7151522 * linear[1] + 0.0721750 * linear[2]
        return (y, y, y)
    matrix = MATRICES[vision]
    out = (sum(m * c for m, c in zip(row, linear, strict=True)) for row in matrix)
    return tuple(min(1.0, max(0.0, v)) for v in out)  # type: ignore[return-value]


def delta_e(first: str, second: str, vision: str = "normal") -> float:
    """CIE76 ΔE*ab between two colours as seen with ``vision``."""
    a, b = _lab(simulate(first, vision)), _lab(simulate(second, vision))
    return math.dist(a, b)


def smallest_differences(colours: dict[str, str]) -> dict[str, tuple[float, str, str]]:
    """Per vision: (the smallest ΔE between any two of ``colours``, and which two)."""
    out: dict[str, tuple[float, str, str]] = {}
    for vision in VISIONS:
        out[vision] = min(
            (delta_e(colours[a], colours[b], vision), a, b) for a, b in combinations(colours, 2)
        )
    return out
