"""Dark Blades piece data: the kit's roster, markers and types load; bad data gets one clear line."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from companion.dark_blades import pieces as db
from companion.data import Cards, default_cards_dir
from companion.errors import DataError, display_path

KIT = default_cards_dir() / "dark-blades"
HEADER = (
    "count,name,label,side,type,weapon,attack,defence,move,stunned_defence,wounded_attack,"
    "wounded_defence,wounded_move,mounted_attack,mounted_defence,mounted_move,"
    "mounted_wounded_attack,mounted_wounded_defence,mounted_wounded_move,notes"
)
FOOT = {
    "count": "1", "name": "Grast", "label": "", "side": "dark-blades", "type": "foot",
    "weapon": "sword", "attack": "14", "defence": "12", "move": "6", "stunned_defence": "4",
    "wounded_attack": "6", "wounded_defence": "5", "wounded_move": "3",
}  # fmt: skip
MOUNTED_VALUES = {
    "mounted_attack": "20", "mounted_defence": "14", "mounted_move": "12",
    "mounted_wounded_attack": "9", "mounted_wounded_defence": "7", "mounted_wounded_move": "10",
}  # fmt: skip


def csv_row(header: str = HEADER, **cells: str) -> str:
    values = {**FOOT, **cells}
    return ",".join(values.get(column, "") for column in header.split(","))


def cards_with(tmp_path: Path, **files: str) -> Cards:
    """A user cards dir holding only ``files`` (name with '_' for '-'/'.'); the rest is the kit's."""
    folder = tmp_path / "cards" / "dark-blades"
    folder.mkdir(parents=True, exist_ok=True)
    names = {"pieces": "pieces.csv", "markers": "markers.csv", "types": "piece-types.toml"}
    for key, text in files.items():
        (folder / names[key]).write_text(text, encoding="utf-8")
    return Cards(tmp_path / "cards")


def load_error(cards: Cards) -> str:
    with pytest.raises(DataError) as info:
        db.load(cards)
    message = str(info.value)
    assert "\n" not in message
    return message


def roster_error(tmp_path: Path, *rows: str, header: str = HEADER) -> tuple[str, str]:
    """The error for a roster of ``rows`` (line 1 is the header), and its path prefix."""
    cards = cards_with(tmp_path, pieces="\n".join([header, *rows]) + "\n")
    where = display_path(tmp_path / "cards" / "dark-blades" / "pieces.csv")
    return load_error(cards), where


# --------------------------------------------------------------------------- the kit's own data


@pytest.fixture(scope="module")
def kit() -> db.PieceSet:
    return db.load(Cards())


def test_roster_file_says_the_values_are_the_kits_not_the_rulebooks():
    head = (KIT / "pieces.csv").read_text(encoding="utf-8").splitlines()[:3]
    assert head[0].startswith("#")
    assert "HAVOC KIT'S OWN DEFAULTS, NOT THE RULEBOOK'S" in head[0]
    text = (KIT / "pieces.csv").read_text(encoding="utf-8")
    assert "TO REPLACE THEM" in text


RULES_NAMES = {
    # name as rules-and-gaps.md writes it -> the roster's name
    "Dark Blades": "Dark Blades",
    "Zatan": "Zatan",
    "Sunfire": "Sunfire",
    "Quill": "Quill",
    "Grast": "Grast",
    "Hohmley": "Hohmley",
    "Laberne": "Laberne",
    "Thrugg Lumpthew": "Thrugg Lumpthew",
    "the Black Fox": "The Black Fox",
    "the Shaman": "Shaman",
    "the Dragon": "Dragon",
    "Job and Sarah": "Job",
    "Elite pole-arm": "Mon-Oger Elite Pole-Arm",
    "Elite pole-arm/axe": "Mon-Oger Elite Axe",
    "Berserker": "Mon-Oger Berserker",
    "sword": "Mon-Oger Sword",
    "Goblins": "Goblin",
    "Black Dwarves": "Black Dwarf",
    "Dworc": "Dworc",
    "Gargoyle": "Gargoyle",
    "Trolls": "Troll",
    "Elven Mercenaries": "Elven Mercenary",
    "War Dogs": "Mon-Oger War Dog",
    "pack Mules": "Pack Mule",
}
KNIGHTS = (
    "Ceebey of Londaal", "Evans of Coffe", "Dill of Cardwyn", "Peterson of Monks Island",
    "Matt of Jizir", "Zed of Honna", "Jon Barney of Cardwyn", "Leigh of Colme", "Arlon of Asiera",
    "Roberts of Londaal", "Davrich of Denitia", "Simon of Franmere", "Mackandy of Coffe",
    "Rix of Jizir",
)  # fmt: skip


def test_every_character_and_creature_of_the_rules_is_in_the_roster(kit):
    gaps = (Path("/work/shared/reference/rules-and-gaps.md"),)
    if gaps[0].exists():  # the names this test checks are the ones the reference lists
        text = " ".join(gaps[0].read_text(encoding="utf-8").split())
        for rules_name in RULES_NAMES:
            assert rules_name in text, rules_name
    names = {c.name for c in kit.roster}
    for roster_name in [*RULES_NAMES.values(), "Sarah", *KNIGHTS]:
        assert roster_name in names, roster_name
    assert len(KNIGHTS) == 14


def test_every_marker_of_the_rules_is_there(kit):
    words = {(m.front, m.back) for m in kit.markers}
    assert ("FLAMES", "ASHES") in words
    assert any("TARGET HEX" in front for front, _ in words)
    assert any("MAGIC SWORD" in front for front, _ in words)
    assert any("MAGIC RING" in front for front, _ in words)


def test_counts_cover_the_largest_scenario(kit):
    count = {c.name: c.count for c in kit.roster}
    assert count["Goblin"] == 7  # The Arena
    assert count["Black Dwarf"] == 8  # The Arena
    assert count["Mon-Oger War Dog"] == 2  # The Raid
    assert count["Pack Mule"] == 4  # Mule Train
    mon_ogers = {n: c for n, c in count.items() if n.startswith("Mon-Oger") and "Dog" not in n}
    assert sum(mon_ogers.values()) == 21  # "all 21 Mon-Ogers"
    assert count["Mon-Oger Elite Pole-Arm"] >= 2 and count["Mon-Oger Elite Axe"] >= 2
    assert count["Mon-Oger Berserker"] >= 1 and count["Mon-Oger Sword"] >= 4  # The Raid
    for one in ("Dark Blades", "The Black Fox", "Dworc", "Gargoyle", "Dragon", "Job", "Sarah"):
        assert count[one] == 1


def test_counts_the_rules_do_not_give_are_labelled_as_the_kits(kit):
    by_name = {c.name: c for c in kit.roster}
    for name in ("Mon-Oger Sword", "Elven Mercenary", "Troll"):
        assert "KIT'S" in by_name[name].notes.upper(), name


def test_the_kit_values_follow_the_rules_hints(kit):
    wounded_moves = []
    for c in kit.roster:
        v = c.value
        if c.type == "mounted":
            assert v("mounted_move") >= 8 and v("mounted_wounded_move") >= 8, c.name  # "> 7"
        if c.type in ("foot", "mounted"):
            assert v("stunned_defence") < v("defence"), c.name
            assert v("wounded_attack") < v("attack") and v("wounded_defence") < v("defence")
            wounded_moves.append(v("wounded_move"))
        assert v("defence") and v("defence") > 0, c.name  # even mules and dogs can be attacked
    assert any(m >= 3 for m in wounded_moves) and any(m < 3 for m in wounded_moves)
    infantry = [c.value("defence") for c in kit.roster if c.name.startswith("Mon-Oger Sword")]
    assert infantry == [10]  # the kit's choice: the rules' worked example (crossbow 20 v 10)
    attack = {c.name: c.value("attack") or 0 for c in kit.roster}
    defence = {c.name: c.value("defence") for c in kit.roster}
    beasts = ("Gargoyle", "Dragon", "Dworc", "Troll")
    for hero in ("Dark Blades", "The Black Fox"):
        others = [n for n in attack if n not in beasts]
        assert attack[hero] == max(attack[n] for n in others)
        assert defence[hero] == max(defence[n] for n in others)
    for beast in beasts:
        assert attack[beast] > attack["Mon-Oger Sword"] and defence[beast] > 10


def test_flip_system_types(kit):
    foot = kit.types["foot"]
    assert [(p.front.state, p.back.state) for p in foot.pieces] == [
        ("HEALTHY", "STUNNED"),
        ("WOUNDED", "KILLED"),
    ]
    mounted = kit.types["mounted"]
    assert [(p.front.state, p.back.state, p.cols) for p in mounted.pieces] == [
        ("MOUNTED", "RIDERLESS HORSE", 2),
        ("WOUNDED · MOUNTED", "DEAD HORSE", 2),
        ("HEALTHY", "STUNNED", 1),
        ("WOUNDED", "KILLED", 1),
    ]
    assert [(p.front.state, p.back.state) for p in kit.types["mule"].pieces] == [
        ("HEALTHY", "KILLED")
    ]
    assert [(p.front.state, p.back.state) for p in kit.types["dog"].pieces] == [("ALIVE", "DEAD")]
    assert foot.pieces[0].back.values == ("stunned_defence",)


def test_one_flames_marker_per_troll(kit):
    flames = next(m for m in kit.markers if m.front == "FLAMES")
    trolls = next(c for c in kit.roster if c.name == "Troll")
    assert kit.marker_count(flames) == trolls.count


def test_a_marker_that_needs_a_piece_prints_only_with_it(kit):
    """The Magic Ring needs the Shaman who creates it: none on the Arena's counters."""
    ring = next(m for m in kit.markers if m.name == "Magic Ring")
    target = next(m for m in kit.markers if m.name == "Spell Target Hex")
    assert ring.needs == ("Shaman",) and kit.marker_count(ring) == 1
    no_shaman = kit.with_roster(tuple(c for c in kit.roster if c.name != "Shaman"))
    assert no_shaman.marker_count(ring) == 0
    assert no_shaman.marker_count(target) == target.count  # Quill casts spells too
    no_caster = no_shaman.with_roster(tuple(c for c in no_shaman.roster if c.name != "Quill"))
    assert no_caster.marker_count(target) == 0


def test_marker_needs_must_name_roster_rows(tmp_path):
    header = MARKERS_HEADER.replace("per_piece,", "per_piece,needs,")
    pieces = f"{HEADER}\n{csv_row(name='Troll', side='black-fox')}\n"
    rows = f"{header}\n1,Ring,,Troll|Shamn,RING,,RING,,,\n"
    message = load_error(cards_with(tmp_path, markers=rows, pieces=pieces))
    where = display_path(tmp_path / "cards" / "dark-blades" / "markers.csv")
    assert message == (
        f"{where}:2: column 'needs': 'Shamn' is not a name in the pieces roster "
        "(names joined by |: the marker prints only with one of them)"
    )


def test_a_users_cards_dir_overrides_only_the_files_it_holds(tmp_path):
    text = "\n".join([HEADER, csv_row(count="3", name="Troll", side="black-fox")]) + "\n"
    loaded = db.load(cards_with(tmp_path, pieces=text))
    assert [(c.name, c.count) for c in loaded.roster] == [("Troll", 3)]
    flames = next(m for m in loaded.markers if m.front == "FLAMES")
    assert loaded.marker_count(flames) == 3


def test_a_roster_without_trolls_prints_no_flames(tmp_path):
    path = tmp_path / "mine.csv"
    path.write_text("\n".join([HEADER, csv_row()]) + "\n", encoding="utf-8")
    loaded = db.load(Cards(), roster=path)
    flames = next(m for m in loaded.markers if m.front == "FLAMES")
    assert loaded.marker_count(flames) == 0


def test_roster_argument_replaces_pieces_csv(tmp_path):
    path = tmp_path / "mine.csv"
    path.write_text("\n".join([HEADER, csv_row(name="Troll")]) + "\n", encoding="utf-8")
    loaded = db.load(Cards(), roster=path)
    assert [c.name for c in loaded.roster] == ["Troll"] and loaded.roster_path == path


def test_semicolon_separated_roster_from_a_spreadsheet(tmp_path):
    text = HEADER.replace(",", ";") + "\n" + csv_row(name="Troll").replace(",", ";") + "\n"
    loaded = db.load(cards_with(tmp_path, pieces=text))
    assert loaded.roster[0].value("attack") == 14


# --------------------------------------------------------------------------- bad rosters


def test_bad_whole_number(tmp_path):
    message, where = roster_error(tmp_path, csv_row(), csv_row(name="Hohmley", attack="x"))
    assert message == f"{where}:3: column 'attack': expected a whole number, got 'x'"


def test_negative_value(tmp_path):
    message, where = roster_error(tmp_path, csv_row(defence="-2"))
    assert message == f"{where}:2: column 'defence': expected a whole number of 0 or more, got '-2'"


def test_unknown_column(tmp_path):
    message, where = roster_error(tmp_path, csv_row() + ",x", header=HEADER + ",colour")
    assert message.startswith(f"{where}:1: unknown column 'colour': expected columns are count,")


def test_stunned_move_column_says_why(tmp_path):
    message, where = roster_error(tmp_path, csv_row() + ",2", header=HEADER + ",stunned_move")
    assert message == (
        f"{where}:1: column 'stunned_move': a stunned piece has no attack and no movement, only "
        "a low defence (the rules); use stunned_defence"
    )


def test_missing_required_column(tmp_path):
    header = HEADER.replace("side,", "")
    message, where = roster_error(tmp_path, csv_row(header), header=header)
    assert message == f"{where}:1: missing required column 'side'"


def test_missing_required_value(tmp_path):
    message, where = roster_error(tmp_path, csv_row(name=""))
    assert message == f"{where}:2: column 'name': a value is required"


def test_missing_value_the_type_prints(tmp_path):
    message, where = roster_error(tmp_path, csv_row(wounded_move=""))
    assert message == (
        f"{where}:2: column 'wounded_move': a foot piece prints this value; fill it in "
        "(or print the value boxes blank and write it by hand)"
    )


def test_mounted_value_on_a_foot_character(tmp_path):
    message, where = roster_error(tmp_path, csv_row(mounted_move="12"))
    assert message.startswith(
        f"{where}:2: column 'mounted_move': a foot piece has no face that prints it"
    )
    assert message.endswith("leave the cell blank")


def test_wounded_value_on_a_dog(tmp_path):
    dog = csv_row(type="dog", stunned_defence="", wounded_attack="", wounded_defence="")
    message, where = roster_error(tmp_path, dog)
    assert message.startswith(f"{where}:2: column 'wounded_move': a dog piece has no face")


def test_attack_on_a_mule(tmp_path):
    blank = dict.fromkeys(("move", "stunned_defence", "wounded_attack", "wounded_defence"), "")
    mule = csv_row(type="mule", wounded_move="", **blank)
    message, where = roster_error(tmp_path, mule)
    assert message.startswith(f"{where}:2: column 'attack': a mule piece has no face")


def test_mounted_character_needs_its_horse_values(tmp_path):
    values = {**MOUNTED_VALUES, "mounted_wounded_move": ""}
    message, where = roster_error(tmp_path, csv_row(type="mounted", **values))
    assert message.startswith(f"{where}:2: column 'mounted_wounded_move': a mounted piece prints")
    assert (
        db.load(
            cards_with(tmp_path, pieces=HEADER + "\n" + csv_row(type="mounted", **MOUNTED_VALUES))
        )
        .roster[0]
        .value("mounted_move")
        == 12
    )


def test_duplicate_name(tmp_path):
    message, where = roster_error(tmp_path, csv_row(), csv_row(name="grast"))
    assert message == f"{where}:3: duplicate name 'grast' (first on line 2)"


@pytest.mark.parametrize(
    "count, expected",
    [
        ("0", "expected a positive whole number (how many to print), got '0'"),
        ("-3", "expected a positive whole number (how many to print), got '-3'"),
        ("two", "expected a positive whole number, got 'two'"),
        ("1.5", "expected a positive whole number, got '1.5'"),
    ],
)
def test_count_not_a_positive_number(tmp_path, count, expected):
    message, where = roster_error(tmp_path, csv_row(count=count))
    assert message == f"{where}:2: column 'count': {expected}"


def test_unknown_side(tmp_path):
    message, where = roster_error(tmp_path, csv_row(side="orcs"))
    assert message == (
        f"{where}:2: column 'side': expected one of dark-blades, black-fox, neutral, got 'orcs'"
    )


def test_unknown_type(tmp_path):
    message, where = roster_error(tmp_path, csv_row(type="cavalry"))
    assert message == (
        f"{where}:2: column 'type': expected one of foot, mounted, mule, dog, got 'cavalry'"
    )


def test_unknown_weapon(tmp_path):
    message, where = roster_error(tmp_path, csv_row(weapon="musket"))
    assert message.startswith(f"{where}:2: column 'weapon': expected one of ")
    assert message.endswith("got 'musket'")


def test_name_too_long_without_a_label(tmp_path):
    message, where = roster_error(tmp_path, csv_row(name="Peterson of Monks Island"))
    assert message == (
        f"{where}:2: name 'Peterson of Monks Island' is too long for a counter (24 characters): "
        "give a label of at most 12"
    )
    row = csv_row(name="Peterson of Monks Island", label="Peterson")
    assert db.load(cards_with(tmp_path, pieces=f"{HEADER}\n{row}\n")).roster[0].label == "Peterson"


def test_a_label_too_long_is_blamed_on_the_label(tmp_path):
    row = csv_row(name="Peterson of Monks Island", label="Peterson of Monks")
    message, where = roster_error(tmp_path, row)
    assert message == (
        f"{where}:2: column 'label': 'Peterson of Monks' is too long for a counter "
        "(17 characters, at most 12)"
    )
    message, where = roster_error(tmp_path, csv_row(label="Grast the Great"))
    assert message.startswith(f"{where}:2: column 'label': 'Grast the Great' is too long")


def test_too_many_cells(tmp_path):
    message, where = roster_error(tmp_path, csv_row() + ",extra")
    assert message == f"{where}:2: 21 cells but the header on line 1 names 20"


def test_empty_roster(tmp_path):
    message, where = roster_error(tmp_path)
    assert message == f"{where}: no pieces: expected at least one row under the header"


def test_roster_file_not_found(tmp_path):
    with pytest.raises(DataError) as info:
        db.load(Cards(), roster=tmp_path / "nope.csv")
    assert str(info.value) == f"{display_path(tmp_path / 'nope.csv')}: file not found"


# --------------------------------------------------------------------------- bad markers

MARKERS_HEADER = "count,name,per_piece,front,front_note,back,back_note,front_colour,back_colour"


def marker_error(tmp_path: Path, row: str) -> tuple[str, str]:
    pieces = f"{HEADER}\n{csv_row(name='Troll', side='black-fox')}\n"
    cards = cards_with(tmp_path, markers=f"{MARKERS_HEADER}\n{row}\n", pieces=pieces)
    return load_error(cards), display_path(tmp_path / "cards" / "dark-blades" / "markers.csv")


def test_marker_bad_colour(tmp_path):
    message, where = marker_error(tmp_path, "1,Flames,,FLAMES,,ASHES,,blurple,")
    assert message.startswith(
        f"{where}:2: column 'front_colour': expected a colour like #1f4fa8 or one of black,"
    )
    assert message.endswith("got 'blurple'")


def test_marker_per_piece_must_name_a_roster_row(tmp_path):
    message, where = marker_error(tmp_path, "1,Flames,Trol,FLAMES,,ASHES,,,")
    assert message == (
        f"{where}:2: column 'per_piece': 'Trol' is not a name in the pieces roster "
        "(one marker per piece of that name)"
    )


def test_marker_word_too_long(tmp_path):
    message, where = marker_error(tmp_path, "1,Sword,,THE MAGIC SWORD,,SWORD,,,")
    assert message == (
        f"{where}:2: column 'front': 'THE MAGIC SWORD' is too long for a counter "
        "(15 characters, at most 12)"
    )


def test_marker_count_must_be_positive(tmp_path):
    message, where = marker_error(tmp_path, "0,Sword,,SWORD,,SWORD,,,")
    assert message == (
        f"{where}:2: column 'count': expected a positive whole number (how many to print), got '0'"
    )


# --------------------------------------------------------------------------- bad piece-types.toml


def types_error(tmp_path: Path, old: str, new: str) -> tuple[str, str]:
    text = (KIT / "piece-types.toml").read_text(encoding="utf-8")
    assert old in text, old
    cards = cards_with(tmp_path, types=text.replace(old, new, 1))
    message = load_error(cards)
    where = display_path(tmp_path / "cards" / "dark-blades" / "piece-types.toml")
    line = re.match(rf"{re.escape(where)}:(\d+): ", message)
    assert line, message  # every error names the line of the key (or of its table)
    return message.replace(f"{where}:{line.group(1)}:", f"{where}:", 1), where


def test_types_errors_name_the_line_of_the_key(tmp_path):
    text = (KIT / "piece-types.toml").read_text(encoding="utf-8")
    cards = cards_with(tmp_path, types=text.replace('background = "#dce6f2"', 'background = "sky"'))
    line = 1 + text[: text.index('background = "#dce6f2"')].count("\n")
    assert f"piece-types.toml:{line}: key 'sides.dark-blades.background'" in load_error(cards)


def test_types_bad_side_colour(tmp_path):
    message, where = types_error(tmp_path, 'background = "#dce6f2"', 'background = "sky"')
    assert message.startswith(
        f"{where}: key 'sides.dark-blades.background': expected a colour like #1f4fa8 or one of"
    )
    assert message.endswith("got 'sky'")


def test_the_rulebooks_colour_code_is_data_with_its_source(kit):
    # the rulebook: "Attack Strength: black. Defence Strength: red. Movement Value: blue."
    assert kit.value_colours == {"attack": "#000000", "defence": "#c0161d", "move": "#1f4fa8"}
    text = (KIT / "piece-types.toml").read_text(encoding="utf-8")
    assert "Attack Strength: black. Defence Strength: red. Movement Value: blue." in " ".join(
        line.lstrip("# ") for line in text.splitlines()
    )


def test_types_value_colours_are_read_from_the_file(tmp_path):
    text = (KIT / "piece-types.toml").read_text(encoding="utf-8")
    cards = cards_with(tmp_path, types=text.replace('move = "#1f4fa8"', 'move = "green"'))
    assert db.load(cards).value_colours["move"] == "#2e7d32"


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ('move = "#1f4fa8"\n', "", "missing key 'value_colours.move'"),
        ('move = "#1f4fa8"', 'move = "sky"', "key 'value_colours.move': expected a colour like"),
        ('move = "#1f4fa8"', 'move = "white"', "key 'value_colours.move': white does not show"),
        (
            'move = "#1f4fa8"',
            'move = "#C0161D"',
            "key 'value_colours.move': #c0161d is also the defence colour",
        ),
        (
            'move = "#1f4fa8"',
            'move = "#1f4fa8"\nmorale = "#00ff00"',
            "unknown key 'value_colours.morale'",
        ),
        ("\n[value_colours]\n", "\n[value_colors]\n", "unknown key 'value_colors'"),
    ],
)
def test_types_bad_value_colours(tmp_path, old, new, expected):
    message, where = types_error(tmp_path, old, new)
    assert message.startswith(f"{where}: {expected}"), message


def test_types_movement_on_a_stunned_face(tmp_path):
    old = 'back = { state = "STUNNED", values = ["stunned_defence"] }'
    new = 'back = { state = "STUNNED", values = ["stunned_defence", "move"] }'
    message, where = types_error(tmp_path, old, new)
    assert message == (
        f"{where}: key 'types.foot.pieces[1].back.values': a STUNNED face shows only a low "
        "defence (the rules: no movement, no attack), not move"
    )


def test_types_values_on_a_killed_face(tmp_path):
    old = 'back = { state = "KILLED", values = [] }'
    new = 'back = { state = "KILLED", values = ["defence"] }'
    message, where = types_error(tmp_path, old, new)
    assert (
        message == f"{where}: key 'types.foot.pieces[2].back.values': a KILLED face shows no values"
    )


def test_types_unknown_value_column(tmp_path):
    old = 'values = ["attack", "defence", "move"] }\nback = { state = "STUNNED"'
    new = 'values = ["attack", "defense", "move"] }\nback = { state = "STUNNED"'
    message, where = types_error(tmp_path, old, new)
    assert message.startswith(
        f"{where}: key 'types.foot.pieces[1].front.values': unknown value column 'defense'"
    )


def test_types_two_values_of_one_colour(tmp_path):
    old = 'values = ["attack", "defence", "move"] }\nback = { state = "STUNNED"'
    new = 'values = ["attack", "defence", "wounded_defence"] }\nback = { state = "STUNNED"'
    message, where = types_error(tmp_path, old, new)
    assert message == (
        f"{where}: key 'types.foot.pieces[1].front.values': 'wounded_defence' and 'defence' are "
        "both defence values; a face prints one of each"
    )


def test_types_piece_size(tmp_path):
    message, where = types_error(tmp_path, 'key = "mule"\ncols = 2', 'key = "mule"\ncols = 3')
    assert (
        message == f"{where}: key 'types.mule.pieces[1].cols': expected 1 or 2 (cells long), got 3"
    )


def test_types_also_must_name_a_type(tmp_path):
    message, where = types_error(tmp_path, 'also = "foot"', 'also = "infantry"')
    assert message == (
        f"{where}: key 'types.mounted.also': expected another type (foot, mule, dog), "
        "got 'infantry'"
    )


def test_types_unknown_key(tmp_path):
    message, where = types_error(tmp_path, 'key = "dog"', 'key = "dog"\nsize = 1')
    assert message == (
        f"{where}: unknown key 'types.dog.pieces[1].size': expected one of back, cols, front, "
        "key, mounted"
    )


def test_types_missile_weapon_must_be_a_weapon(tmp_path):
    old = 'missile_weapons = ["bow", "crossbow"]'
    message, where = types_error(tmp_path, old, 'missile_weapons = ["bow", "sling"]')
    assert message.startswith(
        f"{where}: key 'missile_weapons': 'sling' is not one of the [weapons] (sword,"
    )


def test_types_mounted_flag_is_true_or_false(tmp_path):
    message, where = types_error(tmp_path, "cols = 2\nmounted = true", 'cols = 2\nmounted = "yes"')
    assert message == (
        f"{where}: key 'types.mounted.pieces[1].mounted': expected true or false, got 'yes'"
    )


def test_the_kit_files_survive_a_round_trip_copy(tmp_path):
    """A user who copies the kit's directory unchanged gets the same pieces."""
    shutil.copytree(KIT, tmp_path / "cards" / "dark-blades")
    mine = db.load(Cards(tmp_path / "cards"))
    kit = db.load(Cards())
    assert mine.roster == kit.roster and mine.markers == kit.markers


# --------------------------------------------------------------------------- bounds


def test_a_count_too_large_for_memory_is_refused_before_anything_is_made(tmp_path):
    message, where = roster_error(tmp_path, csv_row(count="999999999999999999"))
    assert message == (
        f"{where}:2: column 'count': 999,999,999,999,999,999 is too large (at most "
        f"{db.MAX_PIECES:,})"
    )
    message, where = roster_error(tmp_path, csv_row(count="99999999999999999999"))
    assert message.startswith(f"{where}:2: column 'count': 999999999999... has too many digits")


def test_the_roster_makes_at_most_max_pieces(tmp_path):
    # a foot character makes two counters: half the limit fits exactly, one more does not
    half = db.MAX_PIECES // 2
    rows = [csv_row(count=str(half - 1)), csv_row(name="Hohmley", count="1")]
    no_markers = f"{MARKERS_HEADER}\n"
    loaded = db.load(cards_with(tmp_path, pieces="\n".join([HEADER, *rows]), markers=no_markers))
    assert sum(c.count for c in loaded.roster) == half
    rows.append(csv_row(name="Quill", count="1"))
    message, where = roster_error(tmp_path, *rows)
    assert message == (
        f"{where}:4: column 'count': at most {db.MAX_PIECES:,} counters in all; with this row "
        f"the roster makes {db.MAX_PIECES + 2:,}"
    )


def test_markers_per_piece_count_towards_the_limit(tmp_path):
    pieces = f"{HEADER}\n{csv_row(name='Troll', side='black-fox', count='40000')}\n"
    markers = f"{MARKERS_HEADER}\n3,Flames,Troll,FLAMES,,ASHES,,,\n"
    cards = cards_with(tmp_path, markers=markers, pieces=pieces)
    where = display_path(tmp_path / "cards" / "dark-blades" / "markers.csv")
    assert load_error(cards) == (
        f"{where}:2: column 'count': at most {db.MAX_PIECES:,} counters in all; with this row "
        "the roster with its markers makes 200,000"
    )


@pytest.mark.parametrize("column", ["attack", "stunned_defence", "wounded_move"])
def test_values_have_at_most_three_digits(tmp_path, column):
    loaded = db.load(cards_with(tmp_path, pieces=f"{HEADER}\n{csv_row(**{column: '999'})}\n"))
    assert loaded.roster[0].value(column) == 999
    message, where = roster_error(tmp_path, csv_row(**{column: "99999999999"}))
    assert message == f"{where}:2: column '{column}': 99,999,999,999 is too large (at most 999)"
    message, where = roster_error(tmp_path, csv_row(**{column: "1000"}))
    assert message == f"{where}:2: column '{column}': 1,000 is too large (at most 999)"
