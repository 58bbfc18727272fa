"""The `havoc attack/setup/crush` commands: output width, --json keys, exit codes."""

from __future__ import annotations

import json
import re
import tomllib
from fractions import Fraction

import pytest

from tests.conftest import ROOT, assert_narrow

ROOT = ROOT
CTHULHU = ROOT / "cards" / "cthulhu-who"
SETUP_KEYS = ["monster_size", "monsters", "cultists", "danger", "heroes", "weapons", "dice", "seed"]


# --------------------------------------------------------------------------- setup


def test_one_setup_shows_every_die(havoc):
    result = havoc("setup", "--seed", 7)
    assert result.exit_code == 0, result.output
    assert_narrow(result.output)
    data = json.loads(havoc("setup", "--seed", 7, "--json").output)
    assert list(data) == SETUP_KEYS
    d = data["dice"]
    text = result.output
    assert f"Size     d6={d['size']}: {data['monster_size']['name']}" in text
    assert f"Monsters d6={d['monsters']}, size col {d['size']}: {data['monsters']}" in text
    assert f"Cultists d6={d['cultists']}, size col {d['size']}: {data['cultists']}" in text
    assert f"{d['size']}+{d['monsters']}+{d['cultists']} = {data['danger']}" in text
    assert data["danger"] == d["size"] + d["monsters"] + d["cultists"]
    for i, (die, weapon) in enumerate(zip(d["weapons"], data["weapons"], strict=True), 1):
        assert f"Hero {i}   d6={die}: {weapon}" in text
    assert "Pieces needed:" in text


def test_a_random_setup_shows_its_seed_to_roll_or_print_it_again(havoc):
    text = havoc("setup")
    assert text.exit_code == 0, text.output
    seed = re.fullmatch(r"Cthulhu Who\? set-up \(seed (\d+)\)", text.output.splitlines()[1])
    assert seed, text.output
    last = text.output.strip().splitlines()[-1]
    assert last == f"Print it: havoc-pnp setups --seed {seed[1]}"
    assert havoc("setup", "--seed", seed[1]).output == text.output  # the same set-up again
    drawn = json.loads(havoc("setup", "--json").output)
    again = json.loads(havoc("setup", "--seed", drawn["seed"], "--json").output)
    assert isinstance(drawn["seed"], int) and again == drawn
    many = havoc("setup", "-n", 3).output.splitlines()
    seeded = re.fullmatch(r"3 set-ups \(seed (\d+)\)", many[0])
    assert seeded and havoc("setup", "-n", 3, "--seed", seeded[1]).output.splitlines() == many
    dice = ["--die", "3", "--die", "5", "--die", "2", "--die", "6", "--die", "5", "--die", "1"]
    real = json.loads(havoc("setup", *dice, "--die", "6", "--json").output)
    assert real["seed"] is None  # real dice: no seed to show
    assert "Print it" not in havoc("setup", *dice, "--die", "6").output


def test_setup_answers_first(havoc):
    data = json.loads(havoc("setup", "-s", 7, "--json").output)
    text = havoc("setup", "-s", 7).output.splitlines()
    cultists = "Cultist" if data["cultists"] == 1 else "Cultists"
    heroes = "Hero" if data["heroes"] == 1 else "Heroes"
    name = data["monster_size"]["name"]
    assert text[0] == f"{data['monsters']} x {name}, {data['cultists']} {cultists}, " + (
        f"{data['heroes']} {heroes}"
    )
    assert text[1] == "Cthulhu Who? set-up (seed 7)"


@pytest.mark.parametrize(
    "extra, named",
    [
        (("-n", 5), "-n:"),
        (("--seed", 3), "--seed:"),
        (("-s", 3, "-n", 2), "-n, --seed:"),
        (("--die", 3), "--die:"),
    ],
)
def test_setup_stats_refuses_what_it_would_ignore(havoc, extra, named):
    result = havoc("setup", "--stats", *extra)
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1
    assert f"error: {named} --stats counts all 1,296 rolls" in result.output


def test_setup_from_real_dice(havoc):
    # Bear (size 3): monsters die 5 -> 4, cultists die 2 -> 1; danger 10 and heroes die 6 -> 3
    # heroes (rulebook tables), whose weapon dice 5, 1, 6 are Shotgun, Cutlery, Shotgun.
    args = ["setup", *[x for v in (3, 5, 2, 6, 5, 1, 6) for x in ("--die", v)]]
    data = json.loads(havoc(*args, "--json").output)
    assert data["monster_size"]["name"] == "Bear" and data["monsters"] == 4
    assert (data["cultists"], data["danger"], data["heroes"]) == (1, 10, 3)
    assert data["weapons"] == ["Shotgun", "Cutlery", "Shotgun"]
    text = havoc(*args).output
    assert_narrow(text)
    assert "set-up (your dice)" in text and "Hero 2   d6=1: Cutlery" in text
    short = havoc("setup", "--die", 3, "--die", 5)
    assert short.exit_code == 2 and "more dice are needed than the 2 given" in short.output
    extra = havoc(*args, "--die", 4)
    assert extra.exit_code == 2 and "1 more than needed" in extra.output
    seeded = json.loads(havoc("setup", "--die", 3, "--seed", 1, "--json").output)
    assert seeded["dice"]["size"] == 3  # the given die first, the rest rolled


def test_setup_is_reproducible(havoc):
    assert (
        havoc("setup", "--seed", 11, "-n", 50).output
        == havoc("setup", "--seed", 11, "-n", 50).output
    )


def test_many_setups_one_line_each(havoc):
    result = havoc("setup", "--seed", 3, "-n", 500)
    assert result.exit_code == 0
    assert_narrow(result.output)
    setups = json.loads(havoc("setup", "--seed", 3, "-n", 500, "--json").output)
    assert len(setups) == 500 and all(list(s) == SETUP_KEYS[:-1] for s in setups)  # no seed
    lines = result.output.splitlines()
    body = [ln for ln in lines if " D" in ln and "h:" in ln]
    assert len(body) == 500
    for line, s in zip(body, setups, strict=True):
        assert line.startswith(f"{s['monster_size']['name']} {s['monsters']}m {s['cultists']}c")
        assert f" D{s['danger']} {s['heroes']}h:" in line


def test_bad_count(havoc):
    result = havoc("setup", "-n", 0)
    assert result.exit_code == 2
    assert "error: -n" in result.output


def test_many_setups_are_printed_in_batches_with_the_same_rolls(havoc):
    import random

    from companion.commands.cthulhu_who.setups import BATCH
    from companion.cthulhu_who.setup import setup_tables
    from companion.data import Cards

    n = BATCH + 7  # crosses a batch boundary
    printed = json.loads(havoc("setup", "--seed", 4, "-n", n, "--json").output)
    rolled = setup_tables(Cards()).roll_many(random.Random(4), n)
    assert printed == [s.to_dict() for s in rolled]
    text = havoc("setup", "--seed", 4, "-n", n).output.splitlines()
    assert len(text) == n + 4 and text[0] == f"{n} set-ups (seed 4)"  # 4 header lines


@pytest.mark.parametrize("extra", [(), ("--json",), ("--stats",)])
def test_setup_count_is_capped(havoc, extra):
    result = havoc("setup", "-n", "99999999999", *extra)
    assert result.exit_code == 2
    assert result.output.strip() == (
        "havoc: error: -n: at most 1,000,000 set-ups in one command, got 99,999,999,999"
    )


def test_stats_json_is_the_enumerated_distribution(havoc):
    with (CTHULHU / "setup.toml").open("rb") as handle:
        data = tomllib.load(handle)
    result = havoc("setup", "--stats", "--json")
    stats = json.loads(result.output)
    assert stats["combinations"] == 1296
    danger: dict[int, int] = {}
    heroes: dict[int, int] = {}
    columns = data["heroes"]["columns"]
    for s in range(1, 7):
        for m in range(1, 7):
            for c in range(1, 7):
                t = s + m + c
                danger[t] = danger.get(t, 0) + 1
                col = next(
                    i
                    for i, b in enumerate(columns)
                    if int(b.split("-")[0]) <= t <= int(b.split("-")[-1])
                )
                for h in range(1, 7):
                    n = data["heroes"]["rows"][str(h)][col]
                    heroes[n] = heroes.get(n, 0) + 1
    for key, counts, total in (("danger", danger, 216), ("heroes", heroes, 1296)):
        assert {int(k): Fraction(v["chance"]) for k, v in stats[key].items()} == {
            k: Fraction(n, total) for k, n in counts.items()
        }
    for key in ("monsters", "cultists", "danger", "heroes"):
        assert sum(Fraction(v["chance"]) for v in stats[key].values()) == 1
    text = havoc("setup", "--stats").output
    assert_narrow(text)
    assert "1/216" in text


# --------------------------------------------------------------------------- attack


def test_attack_roll_and_chance(havoc):
    result = havoc("attack", "hero/cutlery", "cultist", "--dice", 3, 4)
    assert result.exit_code == 0
    assert_narrow(result.output)
    # the answer first, then the chain
    assert result.output.splitlines()[0] == "KILLED: your 3+4 = 7, needs 7-12"
    assert result.output.splitlines()[1] == "Hero/Cutlery v Cultist"
    assert "Chance 21/36 (58.3%)" in result.output  # 7-12 on 2d6: 21 of the 36 throws
    miss = havoc("attack", "cut", "CULT", "-d", 3, "-d", 3)
    assert miss.output.splitlines()[0] == "Missed: your 3+3 = 6, needs 7-12"
    rolled = havoc("attack", "sh", "2-sq", "-s", 1).output.splitlines()[0]
    assert rolled.startswith(("KILLED: rolled ", "Missed: rolled ")) and "needs 8-12" in rolled


def test_attack_footnotes_short_and_explain_quotes_the_rules(havoc):
    plain = havoc("attack", "pistol", "cultist", "--die", 6, "--die", 6).output
    assert plain.count("\n- ") == 1 and "2 squares" in plain  # one short note: the range
    assert "intervening" not in plain
    full = havoc("attack", "pistol", "cultist", "--die", 6, "--die", 6, "-e").output
    assert_narrow(full)
    assert '"Heros armed with Pistol or Shotgun' in full  # the rules' own words
    data = json.loads(havoc("attack", "pistol", "cultist", "-d", 1, "-d", 1, "--json").output)
    assert any("no intervening figures" in q for q in data["quotes"])


@pytest.mark.parametrize("target", ["dog", "2-square", "4-square", "house"])
def test_a_4_square_monster_is_not_said_to_crush_a_monster(havoc, target):
    result = havoc("attack", "4-square", target)
    assert result.exit_code == 0
    assert_narrow(result.output)
    assert result.output.splitlines()[0] == "Not in the rules: they do not say"
    assert "crushed" not in result.output.lower() and "dies" not in result.output
    data = json.loads(havoc("attack", "house", target, "--json").output)
    assert data["result"] == "not in the rules" and data["chance"] is None


def test_attack_names_complete_in_the_shell():
    from click.shell_completion import ShellComplete

    from companion.cli import main

    shell = ShellComplete(main, {}, "havoc", "_HAVOC_COMPLETE")
    assert [c.value for c in shell.get_completions(["attack"], "sh")] == ["shotgun"]
    targets = [c.value for c in shell.get_completions(["attack", "shotgun"], "ho")]
    assert "house" in targets and "horse" in targets


def test_attack_json(havoc):
    data = json.loads(havoc("attack", "shotgun", "4-square", "--dice", 6, 3, "--json").output)
    assert data["attacker"] == "Hero/Shotgun" and data["target"] == "4-square Monster"
    assert data["needs"] == "9-12" and Fraction(data["chance"]) == Fraction(10, 36)
    assert data["percent"] == 27.78
    assert data["roll"] == {"dice": [6, 3], "total": 9, "kills": True, "rolled": False}
    again = json.loads(
        havoc("attack", "shotgun", "4-square", "--die", 6, "--die", 3, "--json").output
    )
    assert again == data  # --die twice is the same as the older --dice A B
    assert any("2 squares" in n for n in data["rules"])
    assert any("collapses" in n for n in data["rules"])


def test_attack_seeded_roll_is_reproducible(havoc):
    a = json.loads(havoc("attack", "pistol", "dog", "--seed", 5, "--json").output)
    b = json.loads(havoc("attack", "pistol", "dog", "--seed", 5, "--json").output)
    assert a["roll"] == b["roll"] and a["roll"]["rolled"] is True


def test_cannot_attack_and_crush(havoc):
    dash = havoc("attack", "cultist", "cultist")
    assert dash.exit_code == 0 and "Cannot attack" in dash.output
    data = json.loads(havoc("attack", "cultist", "2-square", "--json").output)
    assert data["result"] == "cannot attack" and data["roll"] is None
    crush = havoc("attack", "4-square", "hero")
    assert crush.output.startswith("Crushed: killed, no roll\n")
    assert_narrow(crush.output)
    data = json.loads(havoc("attack", "house", "cultist", "--json").output)
    assert data["result"] == "crush" and data["roll"] is None and Fraction(data["chance"]) == 1


@pytest.mark.parametrize(
    "args, message",
    [
        (("bazooka", "hero"), "unknown attacker 'bazooka': expected one of hero/cutlery"),
        (("hero", "cultist"), "which hero?"),
        (("cultist", "priest"), "unknown target 'priest'"),
        (("cultist", "hero", "--die", 0, "--die", 6), "--die 0: a d6 shows 1 to 6"),
        (("cultist", "hero", "--die", 6), "more dice are needed than the 1 given"),
        (("cultist", "hero", "--die", 1, "--die", 2, "--die", 3), "1 more than needed"),
    ],
)
def test_attack_bad_input(havoc, args, message):
    result = havoc("attack", *args)
    assert result.exit_code == 2
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_user_cards_override_and_bad_cards_are_exit_2(havoc, tmp_path):
    mine = tmp_path / "cthulhu-who"
    mine.mkdir()
    text = (CTHULHU / "setup.toml").read_text(encoding="utf-8")
    (mine / "setup.toml").write_text(text.replace('"Cutlery"', '"Candlestick"'), encoding="utf-8")
    stats = json.loads(havoc("--cards", tmp_path, "setup", "--stats", "--json").output)
    assert "Candlestick" in stats["weapon"] and "Cutlery" not in stats["weapon"]
    (mine / "setup.toml").write_text(text.replace("[heroes.rows]", "[heroes.rowz]"))
    result = havoc("--cards", tmp_path, "setup")
    assert result.exit_code == 2
    assert re.search(r"setup\.toml:\d+: missing key 'heroes\.rows'", result.output)


@pytest.mark.parametrize("command", ["attack", "setup", "crush"])
def test_help_is_narrow(havoc, command):
    result = havoc(command, "--help")
    assert result.exit_code == 0
    assert_narrow(result.output)


# --------------------------------------------------------------------------- on the board


def _rolled_garden(seed: int, boards: int = 1):
    from companion.cthulhu_who.garden import garden_for, garden_settings
    from companion.data import Cards

    return garden_for(garden_settings(Cards()), seed, boards)


def _name(square) -> str:
    return f"{chr(ord('A') + square[0])}{square[1] + 1}"


def _pairs(garden):
    """Squares two apart in a row with terrain between them, and with a free square between."""
    held = {(t.col, t.row): t.kind.name for t in garden.terrain}
    blocked = clear = None
    for row in range(8):
        for col in range(6):
            a, mid, b = (col, row), (col + 1, row), (col + 2, row)
            if a in held or b in held:
                continue
            if mid in held and blocked is None:
                blocked = (a, b, mid, held[mid])
            if mid not in held and clear is None:
                clear = (a, b, mid)
    return clear, blocked


def test_attack_on_the_rolled_garden_clear_blocked_and_out_of_range(havoc):
    garden = _rolled_garden(3)
    (a, b, mid), (c, d, wall, kind) = _pairs(garden)
    ok = havoc("attack", "shotgun", "cultist", "--setup", 3, "--from", _name(a), "--to", _name(b))
    assert ok.exit_code == 0, ok.output
    assert_narrow(ok.output)
    lines = ok.output.splitlines()
    assert lines[0].startswith(("KILLED: rolled", "Missed: rolled"))
    assert lines[1] == f"Only if no figure on {_name(mid)}"  # figures: the players' to check
    assert "Range 2 squares (reaches 2)" in lines
    assert "kit's reading: line centre to centre" in ok.output
    blocked = havoc("attack", "pistol", "dog", "--setup", 3, "--from", _name(c), "--to", _name(d))
    assert blocked.output.splitlines()[0] == f"NOT ALLOWED: {kind} {_name(wall)} blocks the line"
    assert "no roll" in blocked.output
    far = (a[0], (a[1] + 3) % 8) if a[1] + 3 < 8 else (a[0], a[1] - 3)
    held = {(t.col, t.row) for t in garden.terrain}
    if far not in held:
        out = havoc("attack", "pistol", "dog", "--setup", 3, "--from", _name(a), "--to", _name(far))
        assert out.output.splitlines()[0] == "NOT ALLOWED: 3 squares away, reaches 2"
    melee = havoc("attack", "poker", "cultist", "--setup", 3, "--from", _name(a), "--to", _name(b))
    assert melee.output.splitlines()[0] == "NOT ALLOWED: not adjacent (2 squares)"


def test_attack_on_the_board_json_and_seeded(havoc):
    garden = _rolled_garden(3)
    (a, b, mid), _ = _pairs(garden)
    args = ("attack", "shotgun", "hero", "--setup", 3, "--from", _name(a), "--to", _name(b))
    data = json.loads(havoc(*args, "--json").output)
    assert data["result"] == "cannot attack" and data["board"]["range"] == 2
    args = ("attack", "shotgun", "cultist", "--setup", 3, "--from", _name(a), "--to", _name(b))
    one = json.loads(havoc(*args, "--seed", 9, "--json").output)
    assert one == json.loads(havoc(*args, "--seed", 9, "--json").output)
    board = one["board"]
    assert board["allowed"] is True and board["line"] == [_name(mid)]
    assert board["check_for_figures"] == [_name(mid)] and board["terrain"] == []
    assert all(r.startswith("kit's reading: ") for r in board["readings"])
    assert json.loads(havoc("attack", "shotgun", "cultist", "--json").output)["board"] is None


def test_attack_across_the_join_wall(havoc):
    garden = _rolled_garden(5, 2)
    held = {(t.col, t.row) for t in garden.terrain}
    if {(7, 1), (8, 1)} & held:
        pytest.skip("terrain beside the join in row 2 of this garden")
    out = havoc("attack", "2-sq", "hero", "--setup", 5, "--boards", 2, "--from", "H2", "--to", "I2")
    assert out.output.splitlines()[0] == "NOT ALLOWED: the join's wall blocks it"
    assert "kit's reading: join open at rows 4-5" in out.output


@pytest.mark.parametrize(
    "args, message",
    [
        (("--setup", 1), "--setup: give --from SQ and --to SQ too"),
        (("--from", "B2", "--to", "C3"), "--from/--to: give --setup S too"),
        (("--setup", 1, "--from", "B2"), "--to: give both --from and --to"),
        (("--setup", 1, "--from", "Z2", "--to", "C3"), "--from: Z2 is off the garden"),
        (("--setup", -1, "--from", "B2", "--to", "C3"), "Invalid value for '--setup': '-1'"),
    ],
)
def test_attack_on_the_board_bad_input(havoc, args, message):
    result = havoc("attack", "pistol", "cultist", *args)
    assert result.exit_code == 2
    assert message in result.output and len(result.output.strip().splitlines()) == 1


def test_board_answers_are_the_kits_reading_left_out_under_source_only(havoc):
    args = ("--setup", 1, "--from", "B2", "--to", "C3")
    result = havoc("--source-only", "attack", "pistol", "cultist", *args)
    assert result.exit_code == 2 and "kit's reading" in result.output
    assert havoc("--source-only", "crush", "--setup", 1, "--monster", "B2").exit_code == 2
    four = havoc("attack", "house", "hero", *args)
    assert four.exit_code == 2 and "havoc crush" in four.output


def _free_block_move(garden):
    held = {(t.col, t.row) for t in garden.terrain}
    for row in range(7):
        for col in range(6):
            squares = {(col + dc, row + dr) for dc in (0, 1, 2) for dr in (0, 1)}
            if not squares & held:
                return (col, row), (col + 1, row), [(col + 2, row), (col + 2, row + 1)]
    raise AssertionError("no free 3 x 2 in this garden")


def test_crush_names_the_squares_entered_and_the_collapse(havoc):
    garden = _rolled_garden(1)
    start, end, entered = _free_block_move(garden)
    args = ("crush", "--setup", 1, "--monster", _name(start), "--to", _name(end))
    out = havoc(*args, "--at", f"{_name(entered[0])}=hero")
    assert out.exit_code == 0, out.output
    assert_narrow(out.output)
    lines = out.output.splitlines()
    assert lines[0] == f"Enters {', '.join(_name(s) for s in entered)}: crushes all there"
    assert lines[1] == f"  Hero on {_name(entered[0])}: crushed"
    data = json.loads(havoc(*args, "--at", f"{_name(entered[1])}=dog", "--json").output)
    assert data["entered"] == [_name(s) for s in entered]
    assert data["figures"][0]["result"] == "not in the rules"  # the table: silent v monsters
    held = {(t.col, t.row) for t in garden.terrain}
    ring = {
        (c, r)
        for c in range(end[0] - 1, end[0] + 3)
        for r in range(end[1] - 1, end[1] + 3)
        if 0 <= c < 8 and 0 <= r < 8
    }
    ring -= {(end[0] + dc, end[1] + dr) for dc in (0, 1) for dr in (0, 1)} | held
    assert set(data["collapse"]) == {_name(s) for s in ring}
    assert "11-12 v Hero" in data["collapse_needs"]
    bad = havoc(*args, "--at", f"{_name(start)}=hero")
    assert bad.exit_code == 2 and "is not a square it enters" in bad.output
    unknown = havoc(*args, "--at", f"{_name(entered[0])}=shoggoth")
    assert unknown.exit_code == 2 and "--at: 'shoggoth' is not a figure" in unknown.output
