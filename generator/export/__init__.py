"""Exports off the paper: print-shop images (The Game Crafter, MakePlayingCards), Tabletop
Simulator card sheets, tiles and a saved object, and a VASSAL module.

Every image is rasterised from a PDF the kit draws itself (`faces.write_faces_pdf`: each face
on a page of its own, its bleed round it, through the same `draw_face` as the printed sheets),
so the exports show exactly what the paper shows. `havoc-pnp export TARGET --out DIR` writes
one target; `build --export` adds them to a build.
"""
