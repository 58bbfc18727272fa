"""Run the app under waitress: bind, print where to point the phones, stop cleanly on Ctrl-C.

A port in use or an address that cannot be bound is one clear `InputError`; waitress's queue
warnings are quieted (`companion.web.app.quiet_logs`). Waitress writes no access log, so no
token ever reaches the terminal from a request.

Slow sockets (issue 25 item 1): waitress drops a connection only after `channel_timeout` of
*silence*, so a socket that trickles one header line every few seconds would live for hours and
1,000 of them would fill the connection table. Three bounds close that: a request must arrive
whole (head and body) within `REQUEST_DEADLINE` of its first byte; once the server holds
more than `BUSY` connections an address that already holds `PER_ADDRESS` is refused more (its
new sockets are closed at once), so one address cannot take the room the other phones need;
and once it holds `ROOM`, each new connection closes the stalest one not being answered, so
sockets spread over many addresses (issue 30 item 1) never stop it accepting a new phone.
"""

from __future__ import annotations

import errno
import socket
import time
from collections import Counter
from typing import Any

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ErrorTask, ThreadedTaskDispatcher

from companion.errors import InputError

THREADS = 8
# A slow or idle phone must not lock the others out: waitress holds idle and half-sent
# connections in its event loop (not in a thread), so allow many (waitress' default of 100
# is what 101 idle sockets exhausted), drop the idle ones soon, and poll() instead of select()
# (select stops at 1,024 descriptors). Requests are small: cap headers and bodies low.
TUNING = {
    "connection_limit": 1000,
    "channel_timeout": 20,  # seconds an idle or stalled connection is kept
    "cleanup_interval": 5,
    "backlog": 1024,
    "asyncore_use_poll": True,
    "max_request_header_size": 16 * 1024,
    "max_request_body_size": 256 * 1024,
}
REQUEST_DEADLINE = 10.0  # seconds from a request's first byte to its last (head and body)
BUSY = 500  # open connections above which the per-address cap applies
PER_ADDRESS = 32  # connections one address keeps once the server is busy (a phone uses ~6)
# Room for a new phone, whatever the spread (issue 30 item 1): 39 addresses x 30 idle or
# trickling sockets stay under the per-address cap and filled the connection table, so a fresh
# phone waited in the kernel's queue. Once ROOM connections are open, each new one closes the
# stalest connection that is not being answered (idle, or a request still arriving, the
# longest first), so the server never stops accepting and a phone that sends its request at
# once is answered at once.
ROOM = 600
ACCEPT_BATCH = 64  # connections accepted in one pass of the event loop


def lan_address() -> str:
    """This machine's address on the local network (the route out; no packet is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def make_server(app: Any, host: str, port: int, threads: int = THREADS) -> Any:
    """A waitress server bound to host:port (port 0: any free port); refused in one line."""
    from companion.web.app import quiet_logs

    quiet_logs()
    try:
        adj = Adjustments(host=host, port=port, threads=threads, ident="havoc", **TUNING)
    except ValueError:
        raise InputError(f"--host {host}: not an address this machine can listen on") from None
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(adj.threads)
    threads_ready(dispatcher)
    try:  # the first address the host names, as the banner shows one
        return Server(app, {}, dispatcher=dispatcher, adj=adj, sockinfo=adj.listen[0])
    except OSError as exc:
        dispatcher.shutdown()
        if exc.errno == errno.EADDRINUSE:
            raise InputError(
                f"--port {port}: already in use (try another, e.g. --port {port + 1})"
            ) from None
        raise InputError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def threads_ready(dispatcher: ThreadedTaskDispatcher, wait: float = 5.0) -> bool:
    """Wait until every worker thread is idle, waiting for a task (at most `wait` seconds).

    Waitress counts a thread that has started but not yet reached its wait as busy, so a
    request in the first moments after start-up was logged as "Task queue depth is 1" on a
    loaded machine. The banner is printed only once the threads are ready."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        with dispatcher.lock:
            if dispatcher.active_count <= 0:
                return True
        time.sleep(0.002)
    return False


def qr_text(link: str) -> str:
    """The link as a QR code drawn with block characters, for the terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(link, error="l").terminal(out=out, compact=True, border=2)
    return out.getvalue()


class ErrorAnswer(ErrorTask):
    """Waitress's own answer to a request it refuses before the app sees it (400 malformed,
    413 too large, 431 headers too large), with the security headers every page carries."""

    def execute(self) -> None:
        from companion.web.app import SECURITY_HEADERS

        self.response_headers.extend([*SECURITY_HEADERS, ("Cache-Control", "no-store")])
        super().execute()


class Channel(HTTPChannel):
    """Waitress's channel, timing each request from its first byte and counted per address."""

    error_task_class = ErrorAnswer

    request_started: float | None = None  # when the request being received began
    _counted = False  # counted in the server's per-address tally (until closed)

    def __init__(self, server: Any, sock: socket.socket, addr: Any, adj: Any, map: Any = None):
        super().__init__(server, sock, addr, adj, map=map)
        self.client = _client(addr)
        server.per_address[self.client] += 1
        self._counted = True

    def received(self, data: bytes) -> bool:
        if self.request is None and data and self.request_started is None:
            self.request_started = time.monotonic()
        done = super().received(data)
        if self.request is None:  # every request it began has arrived whole
            self.request_started = None
        return done

    def del_channel(self, map: Any = None) -> None:
        super().del_channel(map)
        if self._counted:
            self._counted = False
            held = self.server.per_address
            held[self.client] -= 1
            if held[self.client] <= 0:
                del held[self.client]


class Server(TcpWSGIServer):
    """Waitress's TCP server with a deadline per request and a cap per address when busy."""

    channel_class = Channel

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.per_address: Counter[str] = Counter()
        self.refused = 0  # sockets closed at once under the per-address cap
        self.evicted = 0  # stale connections closed to make room for new ones
        super().__init__(*args, **kwargs)

    def handle_accept(self) -> None:
        """Accept every connection waiting (up to `ACCEPT_BATCH`: one poll of the event loop
        costs a pass over every socket, so one accept per pass drained a flood at ~200/s),
        then close the stalest ones not being answered until at most `ROOM` remain."""
        for _ in range(ACCEPT_BATCH):
            try:
                accepted = self.accept()
            except OSError:
                break
            if accepted is None:
                break
            self._take(*accepted)
        if len(self.active_channels) > ROOM:
            self.make_room(len(self.active_channels) - ROOM)

    def _take(self, conn: socket.socket, addr: Any) -> None:
        if len(self.active_channels) > BUSY and self.per_address[_client(addr)] >= PER_ADDRESS:
            self.refused += 1
            conn.close()
            return
        try:
            self.set_socket_options(conn)
        except OSError:
            conn.close()
            return
        self.channel_class(self, conn, self.fix_addr(addr), self.adj, map=self._map)

    def make_room(self, count: int = 1) -> int:
        """Close the ``count`` stalest connections that are not being answered: those whose
        request is still arriving (by when it began) or that idle (by their last activity),
        oldest first. Returns how many were closed (fewer when the rest are being answered)."""
        mono, wall = time.monotonic(), time.time()
        ages = []
        for channel in list(self.active_channels.values()):
            if channel.requests or channel.total_outbufs_len or channel.will_close:
                continue  # being answered, or closing already
            started = getattr(channel, "request_started", None)
            age = mono - started if started is not None else wall - channel.last_activity
            ages.append((age, id(channel), channel))
        ages.sort(reverse=True)
        for _age, _id, channel in ages[:count]:
            channel.handle_close()
        self.evicted += min(count, len(ages))
        return min(count, len(ages))

    def maintenance(self, now: float) -> None:
        super().maintenance(now)
        cutoff = time.monotonic() - REQUEST_DEADLINE
        for channel in list(self.active_channels.values()):
            started = getattr(channel, "request_started", None)
            if started is not None and started < cutoff and not channel.requests:
                channel.will_close = True


def _client(addr: Any) -> str:
    """The client's address without its port (IPv4 or IPv6)."""
    return str(addr[0]) if isinstance(addr, tuple) and addr else str(addr)
