"""What a refusal shows the public (issue 30 item 9): a page refusing a broken file under
--cards names it from the cards folder, never the server's own folders; waitress's own answers
(400, 413, 431, before the app sees the request) carry the pages' security headers."""

from __future__ import annotations

import socket
import threading

import pytest

from companion.data import default_cards_dir
from companion.web.app import SECURITY_HEADERS, create_app
from companion.web.server import TUNING, make_server


def test_a_refusal_names_the_file_from_the_cards_folder(tmp_path):
    cards = tmp_path / "private-folder" / "cards"
    (cards / "dark-blades").mkdir(parents=True)
    roster = (default_cards_dir() / "dark-blades" / "pieces.csv").read_text(encoding="utf-8")
    broken = roster.replace(",Goblin,,black-fox,foot,sword,6,", ",Goblin,,black-fox,foot,sword,x,")
    assert broken != roster
    (cards / "dark-blades" / "pieces.csv").write_text(broken, encoding="utf-8")
    client = create_app(cards=cards, testing=True).test_client()
    for url in ("/dark-blades/fight?a1=Goblin&d1=Goblin&die=7", "/dark-blades/scenarios/arena"):
        answer = client.get(url)
        html = answer.get_data(as_text=True)
        assert answer.status_code == 400, url
        assert "dark-blades/pieces.csv:" in html and "expected a whole number" in html
        assert "private-folder" not in html and str(tmp_path) not in html


def _raw(port: int, data: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(data)
        chunks = []
        while True:
            try:
                chunk = s.recv(65536)
            except OSError:
                break
            if not chunk:
                break
            chunks.append(chunk)
    return b"".join(chunks)


@pytest.mark.slow  # a server
def test_waitress_own_answers_carry_the_security_headers(tmp_path):
    server = make_server(create_app(game=tmp_path / "g.sqlite3", testing=True), "127.0.0.1", 0)
    loop = threading.Thread(target=server.run, daemon=True)
    loop.start()
    port = server.effective_port
    big_header = b"X-Big: " + b"a" * (TUNING["max_request_header_size"] + 10) + b"\r\n"
    big_body = TUNING["max_request_body_size"] + 10
    cases = {
        b"400": b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n",
        b"413": f"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: {big_body}\r\n\r\n".encode(),
        b"431": b"GET / HTTP/1.1\r\nHost: x\r\n" + big_header + b"\r\n",
    }
    try:
        for status, request in cases.items():
            answer = _raw(port, request)
            head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1")
            assert head.split()[1].encode() == status, head
            for name, value in SECURITY_HEADERS:
                assert f"{name}: {value}" in head, (status, name)
            assert "Cache-Control: no-store" in head
    finally:
        server.close()
        for channel in list(server._map.values()):
            channel.close()
        server.task_dispatcher.shutdown()
        loop.join(timeout=10)


def test_a_form_over_the_limit_is_told_the_limit(tmp_path):
    client = create_app(game=tmp_path / "g.sqlite3", testing=True).test_client()
    answer = client.post("/dark-blades/map-editor/check", data={"text": "#" * 70_000})
    assert answer.status_code == 413
    assert "Too much text: a form takes at most 64 KB." in answer.get_data(as_text=True)
