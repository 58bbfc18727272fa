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
