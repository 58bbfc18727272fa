"""Sheet options shared by every generator command: one frozen, validated `SheetOptions`.

Paper, margins, piece size, bleed, cut guides, duplex mode, back offset and the gutter between
blocks are parsed and checked here, once (`generator.commands.sheet_options` adds them to a
command and hands it a ready `SheetOptions` as ``sheet``). Every bad value becomes one
`InputError` line naming the option, what was expected and what was given.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Literal

from companion.errors import InputError, OptionError
from generator.sheet.units import (
    DEFAULT_PIECE_SIZE,
    INCH,
    MAX_LENGTH,
    MM,
    PIECE_SIZES,
    format_length,
    parse_length,
    try_length,
)


class PaperTooSmall(InputError):
    """The paper cannot hold one kind of sheet (a set-up sheet, an army sheet, a slip, a
    reference sheet). The command that prints that sheet refuses it in one line; `build`
    leaves that one product out with a warning and builds the rest."""


PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210 * MM, 297 * MM),
    "letter": (8.5 * INCH, 11 * INCH),
}
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}
BLEEDS = {"none": 0.0, "0": 0.0}
CUT_GUIDES = ("crop", "lines", "none")
DUPLEX = ("long", "short", "none")
MIN_PIECE = 10 * MM  # below this no counter's words print readably (sheets may ask for more)
SAFE_EDGE = 18.0  # 1/4in: everything a user must read stays this far inside the paper edge
FOOTER_RESERVE = 36.0  # the footer's two lines sit above SAFE_EDGE, below the pieces

CutGuides = Literal["crop", "lines", "none"]
Duplex = Literal["long", "short", "none"]


@dataclass(frozen=True)
class SheetOptions:
    """Everything about the sheet, in points (1/72 in). Build with `SheetOptions.parse`."""

    paper: str = "A4"
    width: float = PAPERS["a4"][0]
    height: float = PAPERS["a4"][1]
    margin_top: float = 36.0
    margin_right: float = 36.0
    margin_bottom: float = 36.0
    margin_left: float = 36.0
    piece: float = PIECE_SIZES[DEFAULT_PIECE_SIZE]
    bleed: float = 0.0
    cut_guides: CutGuides = "crop"
    duplex: Duplex = "long"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    gutter: float = 9.0

    def __post_init__(self) -> None:
        self.validate()

    # ------------------------------------------------------------------ derived values
    @property
    def back_offset(self) -> tuple[float, float]:
        """The back offset in points."""
        return (self.back_offset_mm[0] * MM, self.back_offset_mm[1] * MM)

    @property
    def usable(self) -> tuple[float, float, float, float]:
        """The area inside the margins (and above the footer): (x0, y0, x1, y1) in points."""
        return self.usable_with(FOOTER_RESERVE)

    @property
    def safe_area(self) -> tuple[float, float, float, float]:
        """The usable area, never closer than SAFE_EDGE (1/4in) to the paper's edge, whatever
        ``--margin`` says (home printers cannot print the outer few millimetres): where the
        reference sheets, army sheets, standees and slips draw."""
        x0, y0, x1, y1 = self.usable
        return (
            max(x0, SAFE_EDGE),
            max(y0, SAFE_EDGE),
            min(x1, self.width - SAFE_EDGE),
            min(y1, self.height - SAFE_EDGE),
        )

    def usable_with(self, reserve: float) -> tuple[float, float, float, float]:
        """The area inside the margins, keeping at least ``reserve`` points at the bottom for
        a footer (0: a sheet that puts its footer elsewhere, e.g. up a side margin)."""
        return (
            self.margin_left,
            max(self.margin_bottom, reserve),
            self.width - self.margin_right,
            self.height - self.margin_top,
        )

    @property
    def front_area(self) -> tuple[float, float, float, float]:
        """Where front faces may go: the usable area less room for the back offset."""
        return self.front_area_with(FOOTER_RESERVE)

    def front_area_with(self, reserve: float) -> tuple[float, float, float, float]:
        """`front_area` keeping ``reserve`` points at the bottom for a footer.

        Backs land where the flip puts their fronts, moved by the offset; the front area gives
        up the offset on the side the backs move out from, so every back stays inside the mirror
        image of the usable area (and on the paper), as with no offset.
        """
        x0, y0, x1, y1 = self.usable_with(reserve)
        if self.duplex == "none":
            return (x0, y0, x1, y1)
        dx, dy = self.back_offset
        if self.duplex == "long":  # back x = W - x - w + dx, back y = y + dy
            x0, x1 = x0 + max(dx, 0.0), x1 + min(dx, 0.0)
            y0, y1 = y0 - min(dy, 0.0), y1 - max(dy, 0.0)
        else:  # short: back x = x + dx, back y = H - y - h + dy
            x0, x1 = x0 - min(dx, 0.0), x1 - max(dx, 0.0)
            y0, y1 = y0 + max(dy, 0.0), y1 + min(dy, 0.0)
        return (x0, y0, x1, y1)

    @property
    def piece_name(self) -> str:
        """The piece size as a person would write it (5/8in, 16mm)."""
        return format_length(self.piece)

    def describe(self) -> str:
        """One line: paper, piece size, bleed, duplex."""
        bleed = "no bleed" if self.bleed == 0 else f"{format_length(self.bleed)} bleed"
        duplex = "fold-over" if self.duplex == "none" else f"duplex {self.duplex} edge"
        return f"{self.paper}, {self.piece_name} pieces, {bleed}, {duplex}"

    def arguments(self) -> dict[str, str]:
        """The options as one would type them (``piece-size`` -> ``5/8in``); parsing them again
        gives these very options back."""
        top, right, bottom, left = (
            self.margin_top,
            self.margin_right,
            self.margin_bottom,
            self.margin_left,
        )
        if top == right == bottom == left:
            margin = _typed(top)
        elif (top, right) == (bottom, left):
            margin = f"{_typed(top)},{_typed(right)}"
        else:
            margin = ",".join(_typed(v) for v in (top, right, bottom, left))
        dx, dy = self.back_offset_mm
        return {
            "paper": self.paper,
            "margin": margin,
            "piece-size": _typed(self.piece),
            "bleed": _typed(self.bleed) if self.bleed else "none",
            "cut-guides": self.cut_guides,
            "duplex": self.duplex,
            "back-offset": f"{dx:g},{dy:g}",
            "gutter": _typed(self.gutter) if self.gutter else "0",
        }

    # ------------------------------------------------------------------ checks
    def validate(self) -> None:
        """Refuse sheets nothing fits on; the message says which option to change."""
        if self.cut_guides not in CUT_GUIDES:
            raise InputError(
                f"--cut-guides: expected one of {', '.join(CUT_GUIDES)}, got {self.cut_guides!r}"
            )
        if self.duplex not in DUPLEX:
            raise InputError(f"--duplex: expected one of {', '.join(DUPLEX)}, got {self.duplex!r}")
        x0, y0, x1, y1 = self.usable
        if x1 - x0 <= 0 or y1 - y0 <= 0:
            raise InputError(
                f"--margin: margins leave no room on {self.paper} "
                f"({self.width / MM:.0f} x {self.height / MM:.0f} mm)"
            )
        if self.piece < MIN_PIECE - 1e-9:
            raise OptionError(
                "--piece-size", f"{self.piece_name} is too small to print readably (at least 10mm)"
            )
        outer = self.piece + 2 * self.bleed
        if self.back_offset_mm != (0.0, 0.0):
            x0, y0, x1, y1 = self.front_area
        room_w = x1 - x0
        if self.duplex == "none":
            room_w = self.fold_half_width()
        if outer > room_w or outer > y1 - y0:
            where = "half of the page (fold-over)" if self.duplex == "none" else "the margins"
            if self.back_offset_mm != (0.0, 0.0):
                where += " less the room kept for --back-offset"
            raise OptionError(
                "--piece-size",
                f"a {self.piece_name} piece"
                f"{' with bleed' if self.bleed else ''} ({outer:.1f} pt) does not fit inside "
                f"{where} on {self.paper} ({room_w:.1f} x {y1 - y0:.1f} pt); use smaller "
                "margins, a smaller piece or larger paper",
            )
        if self.duplex == "none" and self.back_offset_mm != (0.0, 0.0):
            raise InputError(
                "--back-offset: applies to duplex back pages; with --duplex none the backs "
                "are on the front's page (fold-over)"
            )

    def margin_warning(self) -> str | None:
        """One line when a margin is under 1/4in (most printers cannot print the outer
        3-5 mm: the outer pieces may be clipped); None when every margin is 1/4in or more."""
        narrow = min(self.margin_top, self.margin_right, self.margin_bottom, self.margin_left)
        if narrow >= SAFE_EDGE - 1e-9:
            return None
        return (
            f"--margin {self.arguments()['margin']}: under 1/4in (6.35 mm) from the paper edge; "
            "most printers cannot print the outer 3-5 mm, so the outer pieces may be clipped "
            "(fine on a borderless printer)"
        )

    def fold_half_width(self) -> float:
        """Fold-over: the width each half offers (symmetric about the vertical fold line)."""
        side = max(self.margin_left, self.margin_right)
        return self.width / 2 - self.gutter / 2 - side

    # ------------------------------------------------------------------ parsing
    @classmethod
    def parse(
        cls,
        paper: str = "A4",
        margin: str = "0.5in",
        piece_size: str = DEFAULT_PIECE_SIZE,
        bleed: str = "none",
        cut_guides: str = "crop",
        duplex: str = "long",
        back_offset: str = "0,0",
        gutter: str = "1/8in",
    ) -> SheetOptions:
        """Build options from the command-line strings (every error names its option)."""
        name, width, height = parse_paper(paper)
        top, right, bottom, left = parse_margins(margin)
        return cls(
            paper=name,
            width=width,
            height=height,
            margin_top=top,
            margin_right=right,
            margin_bottom=bottom,
            margin_left=left,
            piece=parse_piece_size(piece_size),
            bleed=parse_bleed(bleed),
            cut_guides=_choice("--cut-guides", cut_guides, CUT_GUIDES),  # type: ignore[arg-type]
            duplex=_choice("--duplex", duplex, DUPLEX),  # type: ignore[arg-type]
            back_offset_mm=parse_offset(back_offset),
            gutter=parse_length(gutter, "--gutter", "1/8in or 3mm", allow_zero=True),
        )


def _typed(points: float) -> str:
    """A length as typed on the command line, the shortest form that reads back exactly."""
    candidates = [format_length(points)]
    candidates += [f"{points / MM:.{d}f}".rstrip("0").rstrip(".") + "mm" for d in range(1, 7)]
    for text in candidates:
        if parse_length(text, "length", allow_zero=True) == points:
            return text
    return f"{points!r}pt"


def _choice(option: str, value: str, choices: tuple[str, ...]) -> str:
    folded = value.strip().lower()
    if folded not in choices:
        raise InputError(f"{option}: expected one of {', '.join(choices)}, got {value!r}")
    return folded


def parse_paper(text: str) -> tuple[str, float, float]:
    """'A4', 'Letter' or a custom 'WxH' such as '8.5x11in' or '200x280mm'."""
    key = text.strip().lower()
    if key in PAPERS:
        return (PAPER_NAMES[key], *PAPERS[key])
    match = re.fullmatch(r"(.+?)\s*x\s*(.+)", key)
    error = InputError(
        f"--paper: expected A4, Letter or a size such as 8.5x11in or 200x280mm, got {text!r}"
    )
    if not match:
        raise error
    second = match.group(2)
    unit = re.search(r"(in|mm|cm|pt|\")$", second)
    width = try_length(match.group(1), default_unit=unit.group(1) if unit else None)
    height = try_length(second)
    if not width or not height:
        raise error
    if max(width, height) > MAX_LENGTH:
        raise InputError(
            f"--paper: {text.strip()[:40]!r} is larger than a PDF page can be (at most "
            f"200 x 200 in, 5080 x 5080 mm: 14,400 PDF units a side)"
        )
    return (text.strip(), width, height)


def parse_margins(text: str) -> tuple[float, float, float, float]:
    """One length (all sides), two (top/bottom, left/right) or four (top, right, bottom, left)."""
    parts = [p for p in text.split(",")]
    if len(parts) not in (1, 2, 4):
        raise InputError(
            f"--margin: expected one, two or four sizes such as 0.5in or 10mm,12mm, got {text!r}"
        )
    values = [parse_length(p, "--margin", "0.5in or 10mm,12mm", allow_zero=True) for p in parts]
    if len(values) == 1:
        return (values[0],) * 4  # type: ignore[return-value]
    if len(values) == 2:
        return (values[0], values[1], values[0], values[1])
    return tuple(values)  # type: ignore[return-value]


def parse_piece_size(text: str, option: str = "--piece-size") -> float:
    """1/2in, 5/8in, 3/4in, 1in (named counter sizes) or any length such as 16mm; a refusal
    names ``option``."""
    key = text.strip().lower().replace(" ", "")
    if key in PIECE_SIZES:
        return PIECE_SIZES[key]
    return parse_length(text, option, "5/8in or 16mm")


def parse_bleed(text: str) -> float:
    """none (shared cut lines), 3mm, 1/8in, or another small length."""
    key = text.strip().lower()
    if key in BLEEDS:
        return BLEEDS[key]
    value = parse_length(text, "--bleed", "none, 3mm or 1/8in", allow_zero=True)
    if value > 0.25 * INCH:
        raise InputError(f"--bleed: expected at most 1/4in (usually 3mm or 1/8in), got {text!r}")
    return value


_DECIMAL = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)", re.ASCII)


def parse_offset(text: str) -> tuple[float, float]:
    """'DX,DY' in millimetres (as read from the calibration sheet), e.g. '1.5,-0.5'."""
    parts = text.replace("mm", "").split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        if not all(_DECIMAL.fullmatch(p.strip()) for p in parts):
            raise ValueError  # float() also takes "٣", "1e3", "inf" and "1_0"
        dx, dy = (float(p) for p in parts)
        if not (math.isfinite(dx) and math.isfinite(dy)):
            raise ValueError
    except ValueError:
        raise InputError(
            f"--back-offset: expected DX,DY in millimetres such as 1.5,-0.5, got {text[:40]!r}"
        ) from None
    if abs(dx) > 20 or abs(dy) > 20:
        raise InputError(f"--back-offset: expected at most 20 mm each way, got {text!r}")
    return (dx + 0.0, dy + 0.0)
