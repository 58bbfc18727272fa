"""A VASSAL saved game (``.vsav``), written without VASSAL: a module's predefined set-ups are
such files inside the ``.vmod`` (VASSAL.build.module.PredefinedSetup, ``useFile``).

A saved game is a zip whose ``savedGame`` entry is the game's command stream (GameState:
``begin_save``, the commands that rebuild the game, ``end_save``), joined by ESC as
GameModule.encode joins a command's subcommands (VASSAL.tools.SequenceEncoder's escaping) and
obfuscated as VASSAL.tools.io.ObfuscatingOutputStream wrote it up to VASSAL 3.7, which every
VASSAL reads (DeobfuscatingInputStream): ``!VCSK``, a key byte as two hex digits, then each
byte of the UTF-8 text XORed with the key, as two hex digits. Beside it ``savedata``, the
metadata VASSAL's load dialogs show (VASSAL.build.module.metadata.SaveMetaData).

The commands, as VASSAL writes them (checked against a game VASSAL 3.6 saved itself):
AddPiece ``+/ID/TYPE/STATE`` for each piece (its basic piece's state ``MAP;X;Y;GPID;0``, the
map by its name; a piece inside a stack has map ``null``) and then for each stack
``+/ID/stack/MAP;X;Y;ID;ID...``; and each map's board choice, ``MAPBoardPicker<tab>BOARD<tab>0
<tab>0`` (a board at column 0, row 0), which also answers the board-picking step of a new game.
Everything is fixed: the same game gives the same bytes (the key is a constant, the zip's dates
are fixed).
"""

from __future__ import annotations

import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from io import BytesIO
from xml.etree import ElementTree as ET

HEADER = b"!VCSK"
KEY = 0x4B  # any byte from 1 to 255; VASSAL picks one at random, the kit a constant
BEGIN, END = "begin_save", "end_save"
ESC = "\x1b"  # GameModule.COMMAND_SEPARATOR
ZIP_DATE = (2026, 1, 1, 0, 0, 0)
DATE_SAVED = "1767225600000"  # 2026-01-01 00:00 UTC in ms, as ZIP_DATE: a build says no time


def encode(fields: Sequence[str], delimiter: str) -> str:
    """Fields joined as VASSAL's SequenceEncoder joins them (the delimiter escaped by a
    backslash; a field ending in a backslash, or quoted, wrapped in apostrophes)."""
    out = []
    for f in fields:
        text = f.replace(delimiter, "\\" + delimiter)
        if f.endswith("\\") or (f.startswith("'") and f.endswith("'")):
            text = f"'{text}'"
        out.append(text)
    return delimiter.join(out)


@dataclass(frozen=True)
class Placed:
    """Pieces standing as one stack at ``x``, ``y`` (pixels) on the map ``map`` (its name):
    each a piece slot's AddPiece text (``+/null/TYPE/STATE``, `vassal.piece_definition`) with
    its id in the game."""

    map: str
    x: int
    y: int
    pieces: tuple[tuple[str, str], ...]  # (piece id, the slot's AddPiece text)


def placed_piece(piece_id: str, slot_text: str) -> str:
    """A palette piece's AddPiece text with its own id, inside a stack (its basic piece's
    state starts ``null;0;0``, as a slot's does: the stack says where it stands)."""
    head = "+/null/"
    if not slot_text.startswith(head):
        raise ValueError(f"not a piece slot's text: {slot_text[:40]!r}")
    return f"+/{piece_id}/" + slot_text[len(head) :]


def stack_command(stack_id: str, place: Placed) -> str:
    """The AddPiece of a stack: where it stands and its pieces' ids, bottom first."""
    state = encode([place.map, str(place.x), str(place.y), *(i for i, _t in place.pieces)], ";")
    return encode(["+", stack_id, "stack", state], "/")


def board_choice(map_name: str, board: str) -> str:
    """A map's BoardPicker command: its one board at column 0, row 0."""
    return encode([map_name + "BoardPicker", board, "0", "0"], "\t")


def game_text(
    boards: Sequence[tuple[str, str]],
    stacks: Sequence[Placed],
    stack_ids: Sequence[str],
    extra: Sequence[str] = (),
) -> str:
    """The saved game's command stream: ``boards`` (map, board) chosen, the ``stacks`` laid
    (each stack's id from ``stack_ids``), then ``extra`` commands."""
    commands = [BEGIN]
    for place in stacks:
        commands += [placed_piece(i, text) for i, text in place.pieces]
    commands += [stack_command(i, p) for i, p in zip(stack_ids, stacks, strict=True)]
    commands += [board_choice(m, b) for m, b in boards]
    commands += [*extra, END]
    return encode(commands, ESC)


def obfuscate(text: str, key: int = KEY) -> bytes:
    """``text`` as ObfuscatingOutputStream's hex form: header, key, each byte XOR key."""
    if not 0 < key < 256:
        raise ValueError(f"key {key}: a byte from 1 to 255")
    body = bytes(b ^ key for b in text.encode("utf-8"))
    return HEADER + f"{key:02x}".encode() + body.hex().encode()


def unobfuscate(data: bytes) -> str:
    """The text `obfuscate` hid (DeobfuscatingInputStream's hex form); plain text as it is."""
    if not data.startswith(HEADER):
        return data.decode("utf-8")
    key = int(data[len(HEADER) : len(HEADER) + 2], 16)
    body = bytes.fromhex(data[len(HEADER) + 2 :].decode("ascii"))
    return bytes(b ^ key for b in body).decode("utf-8")


def save_metadata(module: str, version: str, vassal: str, description: str) -> bytes:
    """The ``savedata`` entry (SaveMetaData.save)."""
    data = ET.Element("data", {"version": "1"})
    for tag, text in (
        ("version", version),
        ("VassalVersion", vassal),
        ("dateSaved", DATE_SAVED),
        ("description", description),
        ("moduleName", module),
        ("moduleVersion", version),
    ):
        ET.SubElement(data, tag).text = text
    return ET.tostring(data, encoding="UTF-8", xml_declaration=True)


def zip_entry(z: zipfile.ZipFile, name: str, data: bytes, compress: bool = True) -> None:
    """One zip member with a fixed date and mode: the same content gives the same bytes."""
    info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
    info.compress_type = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
    info.external_attr = 0o644 << 16
    z.writestr(info, data)


def saved_game(text: str, module: str, version: str, vassal: str, description: str) -> bytes:
    """A ``.vsav``: the zip of ``savedGame`` (``text`` obfuscated) and ``savedata``."""
    buffer = BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        zip_entry(z, "savedGame", obfuscate(text))
        zip_entry(z, "savedata", save_metadata(module, version, vassal, description))
    return buffer.getvalue()
