"""Maps the kit has never seen (issue 33's held-out maps): a user's small map files, each
written here, read and asked as the kit's are; what a map file may not say is refused in one
line naming its line; a broken map breaks only itself, on the command line and on the phone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.dark_blades.map_editor import legend_for
from companion.dark_blades.maps import find_map, load_map, read_maps
from companion.data import Cards
from companion.errors import DataError
from companion.web.app import create_app

LEGEND = """
[legend]
"." = "open"
t = "tree"
s = "slope"
r = "river"
l = "lake"
W = "wall"
"""


def _map(
    folder: Path,
    rows: str,
    extra: str = "",
    name: str = "Ford",
    key: str = "ford",
) -> Path:
    """A map file ``key``.toml in ``folder``'s dark-blades/maps: ``rows`` typed row by row
    (one code a hex), ``extra`` keys before the legend."""
    lines = rows.strip().splitlines()
    width, height = len(lines[0].split()), len(lines)
    typed = "\n".join(f"{n:>2}  {line.strip()}" for n, line in enumerate(lines, start=1))
    maps = folder / "dark-blades" / "maps"
    maps.mkdir(parents=True, exist_ok=True)
    path = maps / f"{key}.toml"
    path.write_text(
        f'name = "{name}"\ndesign = "transcribed"\nwidth = {width}\nheight = {height}\n'
        "edges = { top = 1, right = 2, bottom = 3, left = 4 }\n"
        f'rows = """\n{typed}\n"""\n{extra}\n{LEGEND}',
        encoding="utf-8",
    )
    return path


def _line(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)


# --------------------------------------------------------------------------- the firer's own hex


def test_the_firers_own_hex_is_refused_as_a_target_by_every_lookup(tmp_path: Path, havoc):
    path = _map(tmp_path, ". . .\n. t .\n. . .")
    for args in (
        ("los", path, "B1", "B1"),
        ("los", "arena", "K1", "K1"),
        ("los", path, "A1", "A1,A2"),
    ):
        result = havoc(*args)
        assert result.exit_code == 2, args
        assert result.output.strip().endswith("the firer's own hex; give another hex"), args
        assert len(result.output.strip().splitlines()) == 1
    shot = havoc("missile", "bow", 8, "i", "--map", path, "--from", "A1", "--to", "A1")
    assert shot.exit_code == 2 and "--to A1: the firer's own hex" in shot.output
    assert "--range" not in shot.output  # not an option nobody typed


def test_on_the_phone_the_shooters_hex_tapped_again_drops_him(tmp_path: Path) -> None:
    client = create_app(game=tmp_path / "g.sqlite3", testing=True).test_client()
    page = client.get("/dark-blades/maps/arena?f=K1").get_data(as_text=True)
    assert re.search(r'<a href="\?#answer"[^>]*><use[^>]*/><text[^>]*>K1<', page)
    typed = client.get("/dark-blades/maps/arena?f=K1&t=K1&d=5&die=3")
    body = typed.get_data(as_text=True)
    assert typed.status_code == 400
    assert "“Target” K1: the firer&#39;s own hex; give another hex" in body
    assert "Shooter K1: tap the target" in body  # the shooter stays picked
    assert "Range" not in body.split('id="whole"')[0]


# --------------------------------------------------------------------------- what a file may say


def test_a_river_running_in_a_circle_is_refused_at_its_line(tmp_path: Path) -> None:
    path = _map(tmp_path, "r r .\n. . .", 'flow = """\nA1/ne\nB1/sw\n"""')
    with pytest.raises(DataError) as refused:
        load_map(path, Cards(tmp_path))
    assert str(refused.value) == (
        f"{refused.value.path}:{_line(path, 'A1/ne')}: flow: A1 -> B1 -> A1 runs in a circle "
        "(expected a river to run off the map's edge or into a lake)"
    )


def test_a_pond_with_no_outlet_may_turn_in_itself(tmp_path: Path) -> None:
    path = _map(tmp_path, "l l\n. .", 'flow = "A1/ne B1/sw"')
    m = load_map(path, Cards(tmp_path))
    assert m.downstream((0, 1)) == (1, 1) and m.downstream((1, 1)) == (0, 1)


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("Bad\\nMap", "expected a name on one line (no line breaks or tabs), got 'Bad\\nMap'"),
        ("", "expected a name, got an empty one"),
        ("   ", "expected a name, got an empty one"),
    ],
)
def test_a_map_name_is_one_line_of_text(tmp_path: Path, name: str, says: str) -> None:
    path = _map(tmp_path, ". .", name=name)
    with pytest.raises(DataError, match=re.escape(f":1: key 'name': {says}")):
        load_map(path, Cards(tmp_path))


def test_a_place_name_is_one_line_of_text_too(tmp_path: Path) -> None:
    path = _map(tmp_path, ". .", '[[places]]\nname = "the\\nford"\nhexes = "A1"')
    with pytest.raises(DataError, match=r"'places\[0\]\.name': expected a name on one line") as e:
        load_map(path, Cards(tmp_path))
    assert "\n" not in str(e.value)


def test_a_wall_is_a_hex_side_never_a_hex(tmp_path: Path) -> None:
    path = _map(tmp_path, ". . .\n. W .")
    with pytest.raises(DataError) as refused:
        load_map(path, Cards(tmp_path))
    assert str(refused.value).endswith(
        f":{_line(path, ' 2  . W .')}: rows: B2 is wall: a wall runs along hex sides "
        "(expected it in walls = like B2/ne)"
    )
    assert "wall" not in legend_for(Cards(tmp_path)).values()  # the editor offers no wall hex
    walled = _map(tmp_path, ". . .\n. . .", 'walls = "B2/n"', key="walled")
    assert load_map(walled, Cards(tmp_path)).walls  # as a side it is a wall


def test_a_lip_on_a_hex_that_is_no_slope_is_refused_at_its_own_line(tmp_path: Path) -> None:
    path = _map(tmp_path, "s s .\n. . .", 'lips = """\nA1/n\nB1/n\nC1/n\n"""')
    with pytest.raises(DataError) as refused:
        load_map(path, Cards(tmp_path))
    assert f":{_line(path, 'C1/n')}: lips: C1/n: C1 is open, expected a slope hex" in str(
        refused.value
    )


@pytest.mark.parametrize(("key", "value", "most"), [("height", 100, 99), ("width", 27, 26)])
def test_a_size_out_of_range_names_its_own_limit(tmp_path, key, value, most) -> None:
    path = _map(tmp_path, ". .")
    text = re.sub(rf"^{key} = \d+$", f"{key} = {value}", path.read_text(), flags=re.M)
    path.write_text(text)
    with pytest.raises(DataError, match=f"key '{key}': expected a size from 1 to {most}, got"):
        load_map(path, Cards(tmp_path))


# --------------------------------------------------------------------------- a broken map


def test_a_broken_map_is_listed_with_its_line_and_the_others_still_play(tmp_path: Path) -> None:
    _map(tmp_path, ". .\n. .", key="ford")
    broken = _map(tmp_path, ". .\n. .", key="broken")
    broken.write_text(broken.read_text().replace(" 2  . .", " 2  ."))
    cards = Cards(tmp_path)
    maps, unread = read_maps(cards)
    assert "ford" in {m.key for m in maps} and "arena" in {m.key for m in maps}
    assert [path.stem for path, _ in unread] == ["broken"]
    assert find_map(cards, "ford").key == "ford"
    client = create_app(game=tmp_path / "g.sqlite3", cards=tmp_path, testing=True).test_client()
    listing = client.get("/dark-blades/maps/")
    body = listing.get_data(as_text=True)
    assert listing.status_code == 200
    assert ">Ford</a>" in body and ">The Arena</a>" in body
    assert re.search(r"<b>broken</b>: [^<]*broken\.toml:\d+: rows: row 2 has 1 hexes", body)
    own = client.get("/dark-blades/maps/broken")
    assert own.status_code == 400 and "row 2 has 1 hexes" in own.get_data(as_text=True)
    assert client.get("/dark-blades/maps/nowhere").status_code == 404
    assert client.get("/dark-blades/maps/ford?f=A1&t=B2").status_code == 200
