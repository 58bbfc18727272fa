"""Run the app under waitress: bind, print where to point the phones, stop cleanly on Ctrl-C.

A port in use or an address that cannot be bound is one clear `InputError`; waitress's queue
warnings are quieted (`companion.web.app.quiet_logs`). Waitress writes no access log, so no
token ever reaches the terminal from a request.
"""

from __future__ import annotations

import errno
import socket
from typing import Any

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
    from waitress.server import create_server

    from companion.web.app import quiet_logs

    quiet_logs()
    try:
        return create_server(app, host=host, port=port, threads=threads, ident="havoc", **TUNING)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise InputError(
                f"--port {port}: already in use (try another, e.g. --port {port + 1})"
            ) from None
        raise InputError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def qr_text(link: str) -> str:
    """The link as a QR code drawn with block characters, for the terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(link, error="l").terminal(out=out, compact=True, border=2)
    return out.getvalue()
