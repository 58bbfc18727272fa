"""Figures for `havoc-pnp export vassal`: the time to write the module, its size, its boards
(pixels), its grids and its pieces.

Run: python benchmarks/export_vassal.py
"""

from __future__ import annotations

import subprocess
import tempfile
import time
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        subprocess.run(["havoc-pnp", "export", "vassal", "--out", tmp], check=True)
        took = time.perf_counter() - start
        vmod = Path(tmp) / "vassal" / "havoc-kit-dark-blades.vmod"
        with zipfile.ZipFile(vmod) as z:
            root = ET.fromstring(z.read("buildFile.xml"))
            images = sum(1 for n in z.namelist() if n.startswith("images/"))
        print(
            f"export vassal: {took:.2f} s wall, {vmod.stat().st_size / 1e6:.1f} MB, {images} images"
        )
        for m in root.iter("VASSAL.build.module.Map"):
            for b in m.iter("VASSAL.build.module.map.boardPicker.Board"):
                grids = [
                    f"x0={g.get('x0')} y0={g.get('y0')} "
                    f"dx={float(g.get('dx')):.4f} dy={g.get('dy')}"
                    for g in b.iter("VASSAL.build.module.map.boardPicker.board.HexGrid")
                ]
                print(
                    f"  {m.get('mapName')}: {b.get('width')} x {b.get('height')} px; "
                    + "; ".join(grids)
                )
        slots = list(root.iter("VASSAL.build.widget.PieceSlot"))
        print(f"  {len(slots)} piece slots, nextPieceSlotId {root.get('nextPieceSlotId')}")


if __name__ == "__main__":
    main()
