"""The streaming joiner: reportlab chunks become one PDF with every page, in order."""

from __future__ import annotations

import io
import subprocess

import pypdf
import pytest
from reportlab.pdfgen.canvas import Canvas

from generator.sheet.pdf_join import PdfJoiner


def _chunk(words: list[str]) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(200, 100))
    canvas.setTitle("joined")
    for word in words:
        canvas.drawString(20, 50, word)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_join_keeps_every_page_in_order_and_the_first_title(tmp_path):
    out = tmp_path / "joined.pdf"
    with out.open("wb") as handle:
        joiner = PdfJoiner(handle)
        joiner.add(_chunk(["alpha", "beta"]))
        joiner.add(_chunk(["gamma"]))
        assert joiner.finish() == 3
    check = subprocess.run(["qpdf", "--check", str(out)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    reader = pypdf.PdfReader(out)
    assert [p.extract_text().strip() for p in reader.pages] == ["alpha", "beta", "gamma"]
    assert reader.metadata.title == "joined"


def test_a_pdf_without_a_root_is_refused_by_name():
    pdf = _chunk(["alpha"]).replace(b"/Root", b"/Rout")
    with pytest.raises(ValueError, match="no /Root"):
        PdfJoiner(io.BytesIO()).add(pdf)
