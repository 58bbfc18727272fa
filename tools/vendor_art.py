"""Copy the game-icons.net figures the kit uses out of ``@iconify-json/game-icons``.

Run once when the set of figures changes (the files are then data in cards/art/, replaceable):

    cd /tmp && npm pack @iconify-json/game-icons && tar xzf iconify-json-game-icons-*.tgz
    python tools/vendor_art.py /tmp/package/icons.json

Reads cards/art/manifest.csv (key, file, icon, author, ...) and writes each ``file`` as a plain
SVG (512 x 512 viewBox, one path filled with ``currentColor``, which the kit paints in the side's
ink). The iconify JSON names no per-icon author: the manifest's authors are game-icons.net's
folder names (https://game-icons.net/1x1/AUTHOR/ICON.html).
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

ART = Path(__file__).resolve().parent.parent / "cards" / "art"

SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}">\n'
    "<title>{title}</title>\n{body}\n</svg>\n"
)


def main(icons_json: str) -> None:
    """Write every manifest row's SVG from the iconify JSON at ``icons_json``."""
    data = json.loads(Path(icons_json).read_text(encoding="utf-8"))
    lines = (ART / "manifest.csv").read_text(encoding="utf-8").splitlines()
    rows = csv.DictReader(line for line in lines if line and not line.startswith("#"))
    for row in rows:
        icon = data["icons"][row["icon"]]
        w = icon.get("width", data.get("width", 512))
        h = icon.get("height", data.get("height", 512))
        title = f"{row['icon']} by {row['author']} (game-icons.net, CC BY 3.0)"
        text = SVG.format(w=w, h=h, title=title, body=icon["body"])
        (ART / row["file"]).write_text(text, encoding="utf-8")
        print(row["file"])


if __name__ == "__main__":
    main(sys.argv[1])
