"""What the server writes to the terminal: no flood of waitress warnings, never a token."""

from __future__ import annotations

import logging

from companion.web.app import quiet_logs
from companion.web.security import new_token, redact


def _fresh() -> None:
    """Forget earlier tests' messages (the loggers are the process's own)."""
    for name in ("waitress", "waitress.queue"):
        logging.getLogger(name).filters.clear()
    quiet_logs()


def test_waitress_repeats_are_passed_once(caplog):
    _fresh()
    with caplog.at_level(logging.WARNING, logger="waitress"):
        for depth in range(100):
            logging.getLogger("waitress.queue").warning("Task queue depth is %d", depth)
            logging.getLogger("waitress").warning("total open connections reached the limit")
    assert len(caplog.records) == 2


def test_waitress_errors_never_show_a_token(caplog):
    _fresh()
    token = new_token()
    with caplog.at_level(logging.ERROR, logger="waitress"):
        try:
            raise RuntimeError(f"broken on /p/{token}")
        except RuntimeError:
            logging.getLogger("waitress").exception("Exception while serving /p/%s", token)
    assert "Exception while serving /p/…" in caplog.text
    assert token not in caplog.text and "RuntimeError" in caplog.text


def test_redact_keeps_python_names_and_takes_tokens():
    token = "cNaOekToGI6g_0EDqhyaY3fXE84zGhv2"  # shaped like new_token()'s
    line = f"full_dispatch_request handle_user_exception GET /u/{token}/kill ({token})"
    assert redact(line) == "full_dispatch_request handle_user_exception GET /u/…/kill (…)"
    other = new_token()
    assert other not in redact(f"GET /p/{other}", other)


def test_redact_takes_tokens_of_the_link_alphabet():
    from companion.whos_next.links import new_token as link_token

    token = link_token()
    assert redact(f"GET /x/{token} and {token}") == "GET /x/… and …"
    assert redact("handle_user_exception_and_more_words") == "handle_user_exception_and_more_words"


class _SlowStart:
    """A dispatcher whose threads take a moment to start, as on a loaded machine."""

    @staticmethod
    def make():
        import time

        from waitress.task import ThreadedTaskDispatcher

        class Slow(ThreadedTaskDispatcher):
            def handler_thread(self, thread_no):
                time.sleep(0.2)
                super().handler_thread(thread_no)

        return Slow()


class _Task:
    def __init__(self) -> None:
        import threading

        self.done = threading.Event()

    def service(self) -> None:
        self.done.set()

    def defer(self) -> None:
        pass

    def cancel(self) -> None:
        pass


def _first_task_warns(dispatcher, caplog) -> bool:
    task = _Task()
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="waitress.queue"):
        dispatcher.add_task(task)
    assert task.done.wait(5)
    return any("Task queue depth" in r.getMessage() for r in caplog.records)


def test_the_first_request_after_start_up_is_not_a_queue_warning(caplog):
    """Waitress counts a thread not yet waiting as busy: a request in the first moments was
    logged as "Task queue depth is 1" (CI's SIGTERM test saw it). The server waits for its
    threads before its banner."""
    from companion.web.server import threads_ready

    logging.getLogger("waitress.queue").filters.clear()  # every message, not once a minute
    hurried = _SlowStart.make()
    hurried.set_thread_count(2)
    try:
        assert _first_task_warns(hurried, caplog)  # what happened before
    finally:
        hurried.shutdown()
    ready = _SlowStart.make()
    ready.set_thread_count(2)
    try:
        assert threads_ready(ready)
        assert not _first_task_warns(ready, caplog)
    finally:
        ready.shutdown()
    quiet_logs()


def test_make_server_returns_with_every_thread_waiting(tmp_path):
    from companion.web.app import create_app
    from companion.web.server import make_server

    server = make_server(
        create_app(tmp_path / "g.sqlite3", testing=True), "127.0.0.1", 0, threads=4
    )
    try:
        with server.task_dispatcher.lock:
            assert server.task_dispatcher.active_count == 0
            assert len(server.task_dispatcher.threads) == 4
    finally:
        server.close()
        server.task_dispatcher.shutdown()
