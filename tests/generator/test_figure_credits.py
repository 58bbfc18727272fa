"""The figures' authors are credited on what the kit prints (CC BY asks for it)."""

from __future__ import annotations

from companion import art
from companion.data import Cards


def test_how_to_print_and_the_checklist_credit_every_figure_author(kit_build):
    from pypdf import PdfReader

    out = kit_build()
    authors = art.authors(art.load_manifest(Cards()))
    assert len(authors) >= 5
    note = (out / "HOW-TO-PRINT.txt").read_text(encoding="utf-8")
    credits = note.split("\nCREDITS\n", 1)[1]
    checklist = " ".join(
        page.extract_text() for page in PdfReader(out / "print-checklist.pdf").pages
    )
    for text in (" ".join(credits.split()), " ".join(checklist.split())):
        assert "game-icons.net" in text and "CC BY 3.0" in text
        for author in authors:
            assert author in text, author
