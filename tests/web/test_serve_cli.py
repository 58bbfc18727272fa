"""`havoc serve` as a user runs it: the address and the umpire's link printed in 40 columns,
pages served by waitress, a clean stop on Ctrl-C, a port in use refused in one line, and no
token in anything the server writes after start-up."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from companion.text import WIDTH

pytestmark = pytest.mark.slow


def _start(tmp_path: Path, *args: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from companion.cli import main; main()",
            "serve",
            "--game",
            str(tmp_path / "g.sqlite3"),
            *args,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def _read_banner(proc: subprocess.Popen) -> list[str]:
    lines: list[str] = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        if line.startswith("Ctrl-C"):
            return lines
    raise AssertionError(
        f"no banner: {lines} {proc.stderr.read() if proc.poll() is not None else ''}"
    )


def _after(lines: list[str], heading: str) -> str:
    """The indented lines under ``heading`` joined back into one link."""
    start = next(i for i, line in enumerate(lines) if line.startswith(heading)) + 1
    parts = []
    for line in lines[start:]:
        if not line.startswith("  "):
            break
        parts.append(line.strip())
    return "".join(parts)


def test_serve_prints_where_to_go_serves_and_stops_cleanly(tmp_path):
    proc = _start(tmp_path, "--port", "0")
    try:
        lines = _read_banner(proc)
        assert all(len(line) <= WIDTH for line in lines), lines
        base = _after(lines, "type (with http://)")
        umpire = _after(lines, "Who's Next umpire")
        assert base.startswith("http://127.0.0.1:") and umpire.startswith(base + "u/")
        token = umpire.rstrip("/").rsplit("/", 1)[1]
        with urllib.request.urlopen(base + "dice?e=2d6") as answer:
            assert answer.status == 200 and b"Chance of" in answer.read()
        with urllib.request.urlopen(umpire) as answer:
            assert b"new ring" in answer.read()
        try:
            urllib.request.urlopen(base + "p/" + "Q" * 32)
        except urllib.error.HTTPError as refused:
            assert refused.code == 404
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert "Stopped." in out and "Traceback" not in err
    assert token not in out + err  # printed once, in the banner only


def test_a_port_in_use_is_one_line(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = _start(tmp_path, "--port", str(port))
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == 2
    assert err.strip().splitlines() == [
        f"havoc: error: --port {port}: already in use (try another, e.g. --port {port + 1})"
    ]


def test_lan_prints_a_qr_code_within_40_columns(tmp_path):
    proc = _start(tmp_path, "--port", "0", "--lan")
    try:
        lines = _read_banner(proc)
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=30)
    assert any("█" in line or "▀" in line or "▄" in line for line in lines)
    assert all(len(line) <= WIDTH for line in lines), max(lines, key=len)


def test_json_says_where_it_listens(tmp_path):
    import json

    proc = _start(tmp_path, "--port", "0", "--json")
    try:
        first = proc.stdout.readline()
        text = first
        while not text.rstrip().endswith("}"):
            text += proc.stdout.readline()
        data = json.loads(text)
    finally:
        proc.send_signal(signal.SIGINT)
        out, _err = proc.communicate(timeout=30)
    assert set(data) == {"url", "umpire_url", "host", "port", "game"}
    assert data["url"] == f"http://127.0.0.1:{data['port']}/" and data["host"] == "127.0.0.1"
    assert data["umpire_url"].startswith(data["url"] + "u/")
    assert out == ""  # nothing after the document
