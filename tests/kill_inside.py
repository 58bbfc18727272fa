"""kill -9 inside a change to an event file (`companion.event_file`): a child process runs a
store's change with the file's commit paused, the test kills it there, and then checks that the
next open rolls the hot journal back. Shared by the Kniggits battle and the campaign tests."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The child's first lines: argv is (marker, path, action); the event file's commit pauses just
# before committing a change, after creating the marker file, so the test can kill it there.
# The store's own lines follow, reading `path` and doing `action` ("undo" or a JSON change).
PAUSED_COMMIT = """
import json, os, sys, time
from pathlib import Path
from companion.event_file import EventFile
marker, path, action = sys.argv[1:4]
commit = EventFile._commit
def paused(self):
    if self.conn.total_changes:
        Path(marker).write_text(str(os.getpid()))
        time.sleep(60)
    commit(self)
EventFile._commit = paused
"""


def kill_inside_a_change(store_lines: str, path: Path, action: str, marker: Path) -> None:
    """Run ``store_lines`` (after `PAUSED_COMMIT`) on ``path`` with ``action`` in a child, and
    kill -9 it once it is inside the change's transaction."""
    marker.unlink(missing_ok=True)
    child = subprocess.Popen(
        [sys.executable, "-c", PAUSED_COMMIT + store_lines, str(marker), str(path), action],
        cwd=ROOT,
    )
    deadline = time.monotonic() + 60
    while not marker.exists():
        assert child.poll() is None and time.monotonic() < deadline, action
        time.sleep(0.02)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
