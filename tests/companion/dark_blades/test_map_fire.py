"""`map_fire`: a shot along a map's sight (range and cover from the map, one function for the
CLI and the phone page) and the shot by the roster's names."""

from __future__ import annotations

import pytest

from companion.dark_blades import pieces, shot_request
from companion.dark_blades.completion import cell_source
from companion.dark_blades.crt import load_crt
from companion.dark_blades.lookups import MissileRequest
from companion.dark_blades.map_fire import fire_on_map, on_map
from companion.dark_blades.maps import find_map
from companion.dark_blades.missiles import load_weapons
from companion.dark_blades.named_shot import by_name, named_shot
from companion.dark_blades.resolve import fire
from companion.dark_blades.sight import line_of_sight, load_sight
from companion.data import Cards
from companion.errors import FieldError, InputError


def _sight(origin: str, target: str):
    cards = Cards()
    m = find_map(cards, "arena")
    return line_of_sight(m, load_sight(cards), m.hex(origin), m.hex(target))


def test_the_map_gives_the_range_and_the_cover_whatever_the_request_held() -> None:
    cards = Cards()
    crt, weapons = load_crt(cards), load_weapons(cards)
    cells = cell_source(cards, crt, False)
    sight = _sight("K1", "K3")  # range 2, medium cover (the top lip at K3/n)
    asked = MissileRequest("crossbow", 30, (10,), "infantry", cover="light", die=4)
    record = fire_on_map(crt, weapons, asked, sight, cells)
    by_hand = fire(crt, weapons, MissileRequest("crossbow", 2, (10,), "infantry", "medium", die=4))
    assert (sight.range, sight.cover) == (2, "medium")
    assert record.weapon["range"] == 2 and record.column == by_hand.column
    assert (
        record.cell
        == fire(
            crt, weapons, MissileRequest("crossbow", 2, (10,), "infantry", "medium", die=4), cells
        ).cell
    )
    assert on_map(asked, _sight("K1", "K12")).cover is None  # open ground: no cover


@pytest.mark.parametrize(
    ("origin", "target", "said"),
    [
        ("A1", "T14", "no shot: not seen (blocked by tree B2"),
        ("T1", "M6", "no shot: not seen (blocked by building S2"),  # through the window hex
        ("Q4", "T2", "no shot: not seen (blocked by building S2"),  # through the building
        ("R3", "R5", "no shot: out at window R4; the firer is not in it"),  # a firing rule
    ],
)
def test_a_sight_with_no_shot_is_refused(origin, target, said) -> None:
    with pytest.raises(InputError, match=r"no shot: "):
        on_map(MissileRequest("shortbow", 1, (10,), "infantry"), _sight(origin, target))
    with pytest.raises(InputError) as e:
        on_map(MissileRequest("shortbow", 1, (10,), "infantry"), _sight(origin, target))
    assert said in str(e.value)


def test_the_shooters_weapon_and_the_targets_defence_come_from_the_roster() -> None:
    cards = Cards()
    roster, weapons = pieces.load(cards).roster, load_weapons(cards)
    dwarf = next(c for c in roster if c.name == "Black Dwarf")
    goblin = next(c for c in roster if c.name == "Goblin")
    wanted, by, at = named_shot(roster, weapons, _sight("K1", "K12"), "bla", "gob")
    assert wanted.weapon == dwarf.weapon == "crossbow" and wanted.hexes == 11
    assert wanted.defence == (goblin.value("defence"),) and wanted.target == "infantry"
    assert [f.name for f in by] == ["Black Dwarf"] and [f.name for f in at] == ["Goblin"]
    typed, _, none = named_shot(roster, weapons, _sight("K1", "K12"), "bla", "", (7,), "mounted")
    assert (typed.defence, typed.target, none) == ((7,), "mounted", [])


@pytest.mark.parametrize(
    ("shooter", "target", "said"),
    [
        ("troll", "gob", "shooter Troll: his weapon, claws (pieces.csv), is not a missile weapon"),
        ("sarah", "gob", "shooter Sarah: has no weapon (pieces.csv)"),
        ("bla:stunned", "gob", "stunned: may not fire"),
        ("bla", "", "target: give his name or his defence"),
    ],
)
def test_a_shooter_who_cannot_fire_is_refused(shooter, target, said) -> None:
    cards = Cards()
    roster, weapons = pieces.load(cards).roster, load_weapons(cards)
    with pytest.raises(InputError) as e:
        named_shot(roster, weapons, _sight("K1", "K12"), shooter, target)
    assert said in str(e.value)


def test_a_shot_from_the_map_in_the_terminal_does_not_load_the_roster() -> None:
    """`havoc missile --map` takes a weapon and a defence: the roster (pieces.csv and the
    modules that read it) is the phone's, for its shots by name (`named_shot`)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from companion.cli import main\n"
        "main(['missile', 'bow', '8', 'i', '--map', 'arena', '--from', 'K1', '--to', 'K3',"
        " '--die', '4'], standalone_mode=False)\n"
        "roster = ('named_shot', 'pieces', 'piece_types', 'fight')\n"
        "print(sorted(m for m in sys.modules if m.rsplit('.', 1)[-1] in roster"
        " or m == 'companion.csv_rosters'))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "K1->K3: range 2" in done.stdout
    assert done.stdout.rstrip().splitlines()[-1] == "[]"


def test_a_shooter_by_name_without_the_rosters_reader_is_refused_by_its_field() -> None:
    """The shared parser reads names only with the reader the phone gives it."""
    cards = Cards()
    crt, sight = load_crt(cards), _sight("K1", "K12")
    fields = {"shooter": "bla", "defence": "7"}
    with pytest.raises(FieldError) as refused:
        shot_request.shot_request(cards, crt, sight, fields)
    assert refused.value.field == "shooter"
    asked = shot_request.shot_request(cards, crt, sight, fields, by_name)
    roster = pieces.load(cards).roster
    by_hand, shooters, _ = named_shot(roster, load_weapons(cards), sight, "bla", "", (7,))
    assert asked.request == by_hand and asked.shooters == tuple(shooters)
