"""The `havoc` console script's entry point: Python's cyclic garbage collector kept off the
objects a lookup makes to start and keeps until it exits.

A lookup imports click and the rules' modules (their record classes) and reads the cards: tens
of thousands of objects that all live until the process ends. The cyclic collector would walk
them again and again while they are made, and once more as the interpreter shuts down, and
find no garbage. So `havoc` pauses the collector while it starts; once the command is chosen
(`started`, called by `LazyGroup.get_command`) what exists is set aside (`gc.freeze`) and the
collector runs again over what the command itself makes; what is left is set aside before the
exit. `benchmarks/startup_tricks.py` shows what it saves (the issue's bar for a start-up trick
is 3 ms). Only the installed script does this: a test or a program calling `companion.cli.main`
keeps its collector as it was.
"""

from __future__ import annotations

import gc

_paused = False


def havoc() -> None:
    """`havoc`: the companion's CLI, its start-up not walked by the cyclic collector."""
    global _paused
    gc.disable()
    _paused = True
    from companion.cli import main  # after the pause: its imports are most of the start-up

    try:
        main()
    finally:
        started()
        gc.freeze()  # nothing left for the exit's collection to walk


def started() -> None:
    """The command is chosen: set aside what the start-up made and run the collector again
    (nothing, unless `havoc` paused it)."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()
