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
        preexec_fn=_ctrl_c_as_at_a_terminal,
    )


def _ctrl_c_as_at_a_terminal() -> None:
    """In the server's process, before Python starts: SIGINT as at a terminal. A suite run as a
    background job inherits SIGINT ignored, and Python keeps an ignored SIGINT ignored: the
    Ctrl-C tests would then wait 30 s and fail."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _stop(proc: subprocess.Popen, signum: int = signal.SIGINT) -> tuple[str, str]:
    """Stop the server as a user would; never leave it running, whatever went wrong."""
    try:
        proc.send_signal(signum)
        return proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()


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
    """The first link after ``heading``: whole on one line, never wrapped."""
    start = next(i for i, line in enumerate(lines) if line.startswith(heading))
    return next(line for line in lines[start:] if line.startswith("http://"))


def _text(lines: list[str]) -> list[str]:
    """The banner's lines but its links (which are never wrapped, whatever their length)."""
    return [line for line in lines if not line.startswith("http://")]


def test_serve_prints_where_to_go_serves_and_stops_cleanly(tmp_path):
    proc = _start(tmp_path, "--port", "0")
    try:
        lines = _read_banner(proc)
        assert all(len(line) <= WIDTH for line in _text(lines)), lines
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
        out, err = _stop(proc)
    assert proc.returncode == 0, err
    assert "Stopped." in out and "Traceback" not in err
    assert token not in out + err  # printed once, in the banner only


def test_sigterm_stops_it_as_cleanly_as_ctrl_c(tmp_path):
    proc = _start(tmp_path, "--port", "0")
    try:
        base = _after(_read_banner(proc), "type (with http://)")
        with urllib.request.urlopen(base + "dice?e=2d6") as answer:
            assert answer.status == 200
    finally:
        out, err = _stop(proc, signal.SIGTERM)
    assert proc.returncode == 0, err
    assert out.rstrip().endswith("Stopped.") and err == ""


def test_a_port_in_use_is_one_line(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = _start(tmp_path, "--port", str(port))
        try:
            out, err = proc.communicate(timeout=30)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
    assert proc.returncode == 2
    assert err.strip().splitlines() == [
        f"havoc: error: --port {port}: already in use (try another, e.g. --port {port + 1})"
    ]


def test_lan_prints_a_qr_code_within_40_columns_and_keeps_the_umpire_link_off_screen(tmp_path):
    proc = _start(tmp_path, "--port", "0", "--lan")
    try:
        lines = _read_banner(proc)
        kept = tmp_path / "g.sqlite3.umpire-link"
        umpire = kept.read_text().strip()
        with urllib.request.urlopen(umpire) as answer:  # the file's link is the umpire's page
            assert b"new ring" in answer.read()
    finally:
        out, err = _stop(proc)
    drawn = [i for i, line in enumerate(lines) if any(c in line for c in "█▀▄")]
    assert drawn and lines[drawn[-1] + 1].startswith("Ctrl-C")  # the players' QR code
    assert "/u/" not in out + err and str(kept) in lines  # the file named, never the link
    assert kept.stat().st_mode & 0o777 == 0o600
    assert umpire.startswith("http://") and "/u/" in umpire
    text = [line for line in _text(lines) if line != str(kept)]
    assert all(len(line) <= WIDTH for line in text), max(text, key=len)
    players = _after(lines, "type (with http://)")
    assert not players.startswith("http://0.0.0.0")


def test_lan_binds_the_lan_address_not_every_interface(tmp_path):
    import json

    from companion.web.server import lan_address

    for args, host in ((["--lan"], lan_address()), (["--lan", "--host", "0.0.0.0"], "0.0.0.0")):
        proc = _start(tmp_path, "--port", "0", "--json", *args)
        try:
            text = proc.stdout.readline()
            while not text.rstrip().endswith("}"):
                text += proc.stdout.readline()
        finally:
            _stop(proc)
        data = json.loads(text)
        assert data["host"] == host
        assert data["url"] == f"http://{lan_address()}:{data['port']}/"


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
        out, _err = _stop(proc)
    assert set(data) == {"url", "umpire_url", "host", "port", "game"}
    assert data["url"] == f"http://127.0.0.1:{data['port']}/" and data["host"] == "127.0.0.1"
    assert data["umpire_url"].startswith(data["url"] + "u/")
    assert out == ""  # nothing after the document


def test_ctrl_c_stops_it_when_the_tests_run_as_a_background_job(tmp_path):
    """A background job inherits SIGINT ignored: the servers the tests start still stop on it."""
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        proc = _start(tmp_path, "--port", "0")
    finally:
        signal.signal(signal.SIGINT, old)
    try:
        base = _after(_read_banner(proc), "type (with http://)")
        with urllib.request.urlopen(base + "dice?e=2d6") as answer:  # serving: in its loop
            assert answer.status == 200
    finally:
        out, err = _stop(proc)
    assert proc.returncode == 0, err
    assert "Stopped." in out and "Traceback" not in err
