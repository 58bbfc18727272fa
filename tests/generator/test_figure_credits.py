"""The figures' authors are credited on what the kit prints (CC BY asks for it)."""

from __future__ import annotations

from pdf_read import page_texts

from companion import art
from companion.data import Cards


def test_how_to_print_and_the_checklist_credit_every_figure_author(kit_build):
    out = kit_build()
    authors = art.authors(art.load_manifest(Cards()))
    assert len(authors) >= 5
    note = (out / "HOW-TO-PRINT.txt").read_text(encoding="utf-8")
    credits = note.split("\nCREDITS\n", 1)[1]
    checklist = " ".join(page_texts(out / "print-checklist.pdf"))
    for text in (" ".join(credits.split()), " ".join(checklist.split())):
        assert "game-icons.net" in text and "CC BY 3.0" in text
        for author in authors:
            assert author in text, author
