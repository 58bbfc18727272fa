"""A slow or idle client cannot stall the others (issue 17 item 8): with 200 idle sockets and
200 half-sent requests held open on loopback, a fresh request is still answered at once."""

from __future__ import annotations

import http.client
import socket
import threading

import pytest

from companion.web.app import create_app
from companion.web.server import make_server

pytestmark = pytest.mark.slow  # concurrency stress

HANGING = 200
ANSWER_WITHIN = 2.0  # seconds: the fresh request's socket times out after this


def test_a_fresh_request_is_answered_while_200_idle_sockets_hang(tmp_path):
    server = make_server(create_app(game=tmp_path / "g.sqlite3", testing=True), "127.0.0.1", 0)
    port = server.effective_port
    loop = threading.Thread(target=server.run, daemon=True)
    loop.start()
    hanging: list[socket.socket] = []
    try:
        for i in range(HANGING * 2):
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            if i % 2:  # half of them stop in the middle of their headers
                s.sendall(b"GET /dice HTTP/1.1\r\nHost: x\r\n")
            hanging.append(s)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=ANSWER_WITHIN)
        conn.request("GET", "/dice?e=2d6")
        answer = conn.getresponse()
        assert answer.status == 200 and b"Chance of" in answer.read()
        conn.close()
    finally:
        for s in hanging:
            s.close()
        server.close()
        server.task_dispatcher.shutdown()
