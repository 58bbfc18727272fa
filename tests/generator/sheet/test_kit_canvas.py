"""The kit's canvas parses a colour named as text once, and draws exactly what reportlab's
own canvas draws with the same calls."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from generator.sheet.kit_canvas import KitCanvas, parsed

COLOURS = ["#ffffff", "#333333", "white", "black", "#1F4FA8", (0.2, 0.4, 0.6)]


def _drawn(kind: type) -> bytes:
    out = io.BytesIO()
    canvas = kind(out, invariant=1, pagesize=(200, 200))
    for i, value in enumerate(COLOURS):
        canvas.setFillColor(value)
        canvas.setStrokeColor(value, alpha=0.5 if i % 2 else None)
        canvas.rect(10 + 20 * i, 10, 15, 15, stroke=1, fill=1)
        canvas.drawString(10, 40 + 20 * i, "Grast")
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def test_the_same_calls_give_the_same_bytes_as_reportlabs_canvas():
    assert _drawn(KitCanvas) == _drawn(Canvas)


def test_a_colour_named_as_text_is_parsed_once():
    parsed.cache_clear()
    _drawn(KitCanvas)
    info = parsed.cache_info()
    texts = [c for c in COLOURS if isinstance(c, str)]
    assert info.misses == len(texts)
    assert info.hits == 2 * len(texts) - len(texts)  # fill and stroke: the second is a hit
