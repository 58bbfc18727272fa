"""Figures for `havoc-pnp export tts`: the time to write the sheets, tiles and saved object,
the files' total size, the card sheet's pixels and the deck and tiles the JSON holds.

Run: python benchmarks/export_tts.py
"""

from __future__ import annotations

import json
import subprocess
import tempfile
import time
from pathlib import Path

from PIL import Image


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        subprocess.run(["havoc-pnp", "export", "tts", "--out", tmp], check=True)
        took = time.perf_counter() - start
        folder = Path(tmp) / "tts"
        files = [p for p in folder.rglob("*") if p.is_file()]
        size = sum(p.stat().st_size for p in files)
        print(f"export tts: {took:.2f} s wall, {size / 1e6:.1f} MB, {len(files)} files")
        with Image.open(folder / "spells-sheet.png") as sheet:
            print(f"  spells-sheet.png: {sheet.size[0]} x {sheet.size[1]} px")
        saved = json.loads((folder / "havoc-kit-dark-blades.json").read_text("utf-8"))
        for state in saved["ObjectStates"]:
            for key, deck in state.get("CustomDeck", {}).items():
                print(
                    f"  deck {key}: {deck['NumWidth']} x {deck['NumHeight']}, "
                    f"{len(state['ContainedObjects'])} cards"
                )
        tiles = sum(
            1
            for state in saved["ObjectStates"]
            for o in state.get("ContainedObjects", [])
            if o["Name"] == "Custom_Tile"
        )
        print(f"  {tiles} tiles in {len(saved['ObjectStates']) - 1} bags")


if __name__ == "__main__":
    main()
