"""Set-up batches drawn in chunks and joined into one PDF: a sound file, pages in order."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from companion.data import Cards
from generator.cthulhu_who import setups
from generator.sheet.options import SheetOptions

pypdf = pytest.importorskip("pypdf")


def xref_is_exact(data: bytes) -> bool:
    """Every object the xref table lists starts where it says."""
    at = data.rindex(b"\nxref\n") + 1
    _, head, table = data[at:].split(b"\n", 2)
    count = int(head.split()[1])
    return all(
        data[int(table[20 * i : 20 * i + 10]) :].startswith(b"%d 0 obj" % i)
        for i in range(1, count)
    )


@pytest.mark.slow
def test_chunks_join_into_one_sound_pdf(tmp_path, monkeypatch):
    options = SheetOptions.parse(piece_size="1in")
    whole = tmp_path / "whole.pdf"
    stats_whole = setups.write_setups_pdf(whole, Cards(), options, 5, 30, 1, True)
    monkeypatch.setattr(setups, "CHUNK", 2)
    joined = tmp_path / "joined.pdf"
    stats = setups.write_setups_pdf(joined, Cards(), options, 5, 30, 1, True)
    data = joined.read_bytes()
    assert xref_is_exact(data)
    assert data.count(b"/Type /Catalog") == 1 and data.count(b"/Type /Pages") == 1
    reader = pypdf.PdfReader(joined, strict=True)
    assert reader.metadata.title == "Cthulhu Who? set-ups: 5 from seed 30"
    assert len(reader.pages) == stats.pages == stats_whole.pages
    seeds = []
    for page in reader.pages:
        found = re.search(r"set-up (\d+) of 5", page.extract_text())
        if found:
            seeds.append(int(found.group(1)))
    assert seeds == [1, 2, 3, 4, 5]
    assert "the exact odds" in reader.pages[-1].extract_text()  # the last tile's back
    # the same pages as one unchunked document, text for text, except that a document
    # streamed in chunks cannot know its page count while writing its first pages: its
    # footers say "page n" where the unchunked one says "page n/N"
    plain = pypdf.PdfReader(whole)
    total = len(plain.pages)
    for number, (a, b) in enumerate(zip(plain.pages, reader.pages, strict=True), start=1):
        assert f"page {number}/{total}" in a.extract_text()
        assert f"page {number}/" not in b.extract_text()
        assert a.extract_text().replace(f"page {number}/{total}", f"page {number}") == (
            b.extract_text()
        )
    pdfium = pytest.importorskip("pypdfium2")
    document = pdfium.PdfDocument(str(joined))
    assert len(document) == stats.pages
    document[len(document) - 1].render(scale=0.2)
    document.close()
    if shutil.which("qpdf"):
        check = subprocess.run(["qpdf", "--check", str(joined)], capture_output=True)
        assert check.returncode == 0, check.stdout
