"""Fresh-request latency while slow sockets fill the server (issue 25 item 1, issue 30 item 1).

Three attacks, each from 127.0.0.1 on `havoc serve`'s server (its own child process, the
kit's tuning, loopback only): ``idle`` sockets that send nothing, ``half`` sockets that send
a request line and a Host header and stop, and ``trickle`` sockets that then send one more
header line every 5 s. During each, a fresh request for the dice page is sent once a second
from another address (127.0.0.2) and, for comparison, from the attacking address itself.
Reported: the fresh requests' median and worst latency (a request not answered within 5 s
counts as failed), how many attack sockets the server held, and when the last was dropped.

``--addresses N`` spreads the sockets over N loopback addresses (127.0.0.10 on), each under
the per-address cap (issue 30: 39 addresses x 30 sockets = 1,170); the fresh requests then come
from 127.0.0.2 and, for comparison, from the first attacking address.

Run: python benchmarks/slow_sockets.py [--sockets 1000] [--seconds 25] [--attacks idle,half,trickle]
     python benchmarks/slow_sockets.py --sockets 1170 --addresses 39 --attacks trickle,idle
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing
import socket
import statistics
import tempfile
import threading
import time
from pathlib import Path

FRESH_TIMEOUT = 5.0
TRICKLE_EVERY = 5.0


def _serve(path: str, ready) -> None:
    from companion.web.app import create_app
    from companion.web.server import make_server

    server = make_server(create_app(game=path), "127.0.0.1", 0)
    ready.send(server.effective_port)
    server.run()


def _fresh(port: int, source: str) -> float | None:
    """Seconds to answer one dice page request from ``source``; None if not answered."""
    began = time.perf_counter()
    try:
        conn = http.client.HTTPConnection(
            "127.0.0.1", port, timeout=FRESH_TIMEOUT, source_address=(source, 0)
        )
        conn.request("GET", "/dice?e=2d6")
        answer = conn.getresponse()
        answer.read()
        conn.close()
        return time.perf_counter() - began if answer.status == 200 else None
    except OSError:
        return None


def _open(s: socket.socket) -> bool:
    s.setblocking(False)  # else recv waits out the socket's timeout first
    try:
        return s.recv(1) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


def _sources(addresses: int) -> list[str]:
    """The attacking addresses: 127.0.0.1 alone, or 127.0.0.10 on (loopback only)."""
    if addresses <= 1:
        return ["127.0.0.1"]
    return [f"127.0.0.{10 + n}" for n in range(min(addresses, 200))]


def _attack(
    port: int, kind: str, sockets: int, seconds: float, addresses: int = 1
) -> dict[str, object]:
    held: list[socket.socket] = []
    stop = threading.Event()
    sources = _sources(addresses)
    for n in range(sockets):
        try:
            s = socket.create_connection(
                ("127.0.0.1", port), timeout=5, source_address=(sources[n % len(sources)], 0)
            )
        except OSError:
            continue
        held.append(s)
        if kind != "idle":
            try:
                s.sendall(b"GET /dice HTTP/1.1\r\nHost: x\r\n")
            except OSError:
                pass

    def trickle() -> None:
        n = 0
        while not stop.wait(TRICKLE_EVERY):
            n += 1
            for s in held:
                try:
                    s.send(f"X-Trickle-{n}: {n}\r\n".encode())
                except OSError:
                    pass

    if kind == "trickle":
        threading.Thread(target=trickle, daemon=True).start()
    time.sleep(1)
    kept = sum(_open(s) for s in held)
    other: list[float | None] = []
    same: list[float | None] = []
    all_dropped = None
    began = time.monotonic()
    while time.monotonic() - began < seconds:
        other.append(_fresh(port, "127.0.0.2"))
        same.append(_fresh(port, sources[0]))
        if all_dropped is None and not any(_open(s) for s in held):
            all_dropped = time.monotonic() - began + 1
        time.sleep(1)
    stop.set()
    for s in held:
        s.close()
    return {"kept": kept, "other": other, "same": same, "dropped": all_dropped}


def _summary(times: list[float | None]) -> str:
    answered = [t for t in times if t is not None]
    if not answered:
        return f"0/{len(times)} answered"
    median, worst = statistics.median(answered) * 1000, max(answered) * 1000
    return f"{len(answered)}/{len(times)} answered, median {median:.0f} ms, worst {worst:.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=25.0)
    parser.add_argument("--attacks", default="idle,half,trickle")
    parser.add_argument("--addresses", type=int, default=1, help="spread over N addresses")
    args = parser.parse_args()
    args.sockets = max(1, min(args.sockets, 5000))  # bounded: loopback only, stops by itself
    args.seconds = max(1.0, min(args.seconds, 120.0))
    with tempfile.TemporaryDirectory() as tmp:
        for kind in args.attacks.split(","):
            parent, child = multiprocessing.Pipe()
            proc = multiprocessing.Process(
                target=_serve, args=(str(Path(tmp) / f"{kind}.sqlite3"), child), daemon=True
            )
            proc.start()
            try:
                port = parent.recv()
                result = _attack(port, kind, args.sockets, args.seconds, args.addresses)
            finally:
                proc.terminate()
                proc.join(10)
                if proc.is_alive():
                    proc.kill()
                    proc.join()
            dropped = result["dropped"]
            sources = _sources(args.addresses)
            where = sources[0] if len(sources) == 1 else f"{len(sources)} addresses"
            print(f"{args.sockets} {kind} sockets from {where} ({result['kept']} held):")
            print(f"  fresh from 127.0.0.2: {_summary(result['other'])}")  # type: ignore[arg-type]
            print(f"  fresh from {sources[0]}: {_summary(result['same'])}")  # type: ignore[arg-type]
            print(
                "  all attack sockets dropped after "
                + (f"{dropped:.0f} s" if dropped is not None else f"more than {args.seconds:.0f} s")
            )


if __name__ == "__main__":
    main()
