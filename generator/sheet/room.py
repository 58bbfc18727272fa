"""The room crop marks and the footer keep on a page: how far from the paper's edge pieces
packed for crop marks stop, so that a full page still has a mark on every side (read by the
layout, which packs, and by the guides, which draw)."""

from generator.sheet.options import SAFE_EDGE

MARK_GAP = 2.0  # between the pieces (bleed included) and a mark
FOOTER_BAND = 34.0  # kept clear at the bottom of the page: 1/4in, then the footer's two lines
KEPT_MARK = 9.0  # 1/8in: pieces packed for crop marks leave at least this long a mark each side
# how far from the paper's edge such pieces stop: at the bottom, above the footer and a mark
# (the footer would otherwise fill the bottom margin of a full page); elsewhere, a mark
# inside the 1/4in every printer prints
KEPT_BOTTOM = FOOTER_BAND + KEPT_MARK + MARK_GAP
KEPT_SIDE = SAFE_EDGE + KEPT_MARK + MARK_GAP
