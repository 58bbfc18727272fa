"""Join reportlab PDFs into one, a chunk at a time: how a big document (a batch of
Cthulhu Who? set-ups) streams to disk.

reportlab holds a whole document in memory until ``save()``. A batch of set-ups is therefore
drawn as a series of small reportlab documents (chunks), and each chunk, once saved to bytes,
is copied into the output file here, its objects renumbered, and let go; only the page numbers
and object offsets stay (a few bytes a page). The output has one page tree, the first chunk's
document information (title, author...), and an ordinary cross-reference table.

Only what reportlab writes is read: numbered objects listed in a classic xref table, a trailer
naming /Root and /Info, a catalog pointing at one /Pages object whose /Kids are the pages.
Object references are renumbered only in an object's dictionary, never inside stream data.
"""

from __future__ import annotations

import re
from typing import IO

_REF = re.compile(rb"(\d+) 0 R\b")
_OBJ = re.compile(rb"^(\d+) 0 obj\r?\n")


def _found(match: re.Match[bytes] | None, what: str) -> re.Match[bytes]:
    """``match``, or a ValueError naming the ``what`` a reportlab PDF always has."""
    if match is None:
        raise ValueError(f"not a PDF as reportlab writes it: no {what}")
    return match


class PdfJoiner:
    """Writes one PDF to ``handle`` from chunks added in page order."""

    PAGES, CATALOG, INFO = 1, 2, 3  # ids of the objects the joiner writes itself

    def __init__(self, handle: IO[bytes]) -> None:
        self.out = handle
        self.pos = 0
        self.offsets: dict[int, int] = {}
        self.kids: list[int] = []
        self.next_id = 4
        self.trailer_id = b""
        self.started = False

    def _write(self, data: bytes) -> None:
        self.out.write(data)
        self.pos += len(data)

    def add(self, pdf: bytes) -> None:
        """Copy one reportlab PDF's pages (and what they use) into the output."""
        xref_at = pdf.rindex(b"\nxref\n") + 1
        trailer = pdf[pdf.rindex(b"trailer") :]
        root = int(_found(re.search(rb"/Root (\d+) 0 R", trailer), "/Root").group(1))
        info = int(_found(re.search(rb"/Info (\d+) 0 R", trailer), "/Info").group(1))
        lines = pdf[xref_at:].split(b"\n", 2)  # "xref", "0 COUNT", then 20-byte entries
        count = int(lines[1].split()[1])
        table = lines[2][: 20 * count]
        offsets = {
            i: int(table[20 * i : 20 * i + 10])
            for i in range(1, count)
            if table[20 * i + 17] == 110
        }  # 110: "n", an object in use
        order = sorted(offsets, key=offsets.__getitem__)
        ends = {obj: offsets[nxt] for obj, nxt in zip(order, order[1:], strict=False)}
        ends[order[-1]] = xref_at
        body = {obj: pdf[offsets[obj] : ends[obj]] for obj in order}
        pages = int(_found(re.search(rb"/Pages (\d+) 0 R", body[root]), "/Pages").group(1))
        kids = [int(k) for k in _REF.findall(body[pages].split(b"/Kids", 1)[1].split(b"]")[0])]
        if not self.started:
            self._write(pdf[: offsets[order[0]]])  # reportlab's header
            found = re.search(rb"/ID\s*\n?(\[[^\]]*\])", trailer)
            self.trailer_id = _found(found, "/ID in the trailer").group(1)
            self.started = True
        mapping = {pages: self.PAGES, root: self.CATALOG}
        keep_info = self.INFO not in self.offsets
        if keep_info:
            mapping[info] = self.INFO
        for obj in order:
            if obj not in mapping and obj != info:
                mapping[obj] = self.next_id
                self.next_id += 1

        def renumber(match: re.Match[bytes]) -> bytes:
            return b"%d 0 R" % mapping[int(match.group(1))]

        for obj in order:
            if obj in (root, pages) or (obj == info and not keep_info):
                continue
            text = body[obj]
            head = _found(_OBJ.match(text), "numbered object header")
            rest = text[head.end() :]
            cut = _stream_start(rest)
            new_id = mapping[obj]
            self.offsets[new_id] = self.pos
            self._write(b"%d 0 obj\n" % new_id + _REF.sub(renumber, rest[:cut]) + rest[cut:])
        self.kids += [mapping[k] for k in kids]

    def finish(self) -> int:
        """The page tree, the catalog, the xref table and trailer; returns the page count."""
        kids = b" ".join(b"%d 0 R" % k for k in self.kids)
        self.offsets[self.PAGES] = self.pos
        self._write(
            b"%d 0 obj\n<<\n/Count %d /Kids [ %s ] /Type /Pages\n>>\nendobj\n"
            % (self.PAGES, len(self.kids), kids)
        )
        self.offsets[self.CATALOG] = self.pos
        self._write(
            b"%d 0 obj\n<<\n/PageMode /UseNone /Pages %d 0 R /Type /Catalog\n>>\nendobj\n"
            % (self.CATALOG, self.PAGES)
        )
        size = self.next_id
        xref = self.pos
        rows = [b"xref\n0 %d\n0000000000 65535 f \n" % size]
        rows += [b"%010d 00000 n \n" % self.offsets[i] for i in range(1, size)]
        self._write(b"".join(rows))
        self._write(
            b"trailer\n<<\n/ID %s\n/Info %d 0 R\n/Root %d 0 R\n/Size %d\n>>\n"
            % (self.trailer_id, self.INFO, self.CATALOG, size)
            + b"startxref\n%d\n%%%%EOF\n" % xref
        )
        return len(self.kids)


def _stream_start(rest: bytes) -> int:
    """Where an object's stream data begins (after its dictionary), or its end if none."""
    for marker in (b">>\nstream\r\n", b">>\nstream\n"):
        at = rest.find(marker)
        if at >= 0:
            return at + len(marker)
    return len(rest)
