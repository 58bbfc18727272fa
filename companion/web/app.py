"""The Flask app factory: configuration, blueprints, error pages and security headers.

`create_app(game=..., cards=..., umpire_token=...)` returns an app that serves the lookup
pages to anyone on the network and the Who's Next pages to whoever holds a token. No page
ever shows a stack trace; log lines never carry a token (see `companion.web.security`).
"""

from __future__ import annotations

import importlib
import logging
import os
import secrets
import stat
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, g, render_template, request
from flask.sessions import SecureCookieSessionInterface

from companion.data import Cards, templates_dir
from companion.errors import HavocError, InputError
from companion.registry import blueprints, games
from companion.web.current import page_line
from companion.web.figures import piece_figure
from companion.web.paths import moved
from companion.web.security import Csrf, Hands, new_token, redact
from companion.whos_next.game_file import default_game_path

LOG = logging.getLogger("havoc.web")
PRIVATE_PREFIXES = ("/u/", "/p/", "/dark-blades/spells/deal/", "/dark-blades/spells/hand/")
# The blueprints every game shares; each game adds its own (`companion.registry.blueprints`).
# Rolled tables a user adds under cards/ need nothing: `dice_tables` lists them.
CORE_BLUEPRINTS = ("companion.web.dice_tables",)
CSP = (
    "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; "
    "img-src 'self' data:; manifest-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)

# Every answer carries these, the pages' and waitress's own (companion.web.server.ErrorAnswer).
SECURITY_HEADERS = (
    ("Content-Security-Policy", CSP),
    ("Referrer-Policy", "no-referrer"),  # tokens never leave in a Referer
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
)


class UmpireSessions(SecureCookieSessionInterface):
    """A signed session (for the umpire's messages) on the umpire's pages only: every other
    page, the players' included, neither reads nor sets a cookie, and skips the signing."""

    def open_session(self, app: Flask, request: Any) -> Any:
        if not request.path.startswith("/u/"):
            return self.null_session_class()
        return super().open_session(app, request)


class HavocFlask(Flask):
    """Flask whose exception log names the method and a redacted path, never a token."""

    def log_exception(self, exc_info: Any) -> None:  # noqa: D102 - Flask's hook
        text = "".join(traceback.format_exception(*exc_info))
        known = [self.config["UMPIRE_TOKEN"], *(request.view_args or {}).values()]
        known = [str(k) for k in known if isinstance(k, str)]
        LOG.error(
            "error on %s %s\n%s", request.method, redact(request.path, *known), redact(text, *known)
        )


def create_app(
    game: str | os.PathLike[str] | None = None,
    cards: str | os.PathLike[str] | None = None,
    umpire_token: str | None = None,
    testing: bool = False,
    source_only: bool = False,
) -> Flask:
    """The companion's web app over the game file ``game`` and the cards directory ``cards``.

    ``umpire_token`` opens the umpire's pages; a fresh one is drawn when it is not given (the
    `serve` command prints the link once). ``source_only`` (``havoc --source-only serve``):
    every page shows only what the rulebooks give, whatever its own switch says.
    """

    web = templates_dir() / "web"
    app = HavocFlask(
        __name__,
        template_folder=str(web),
        static_folder=str(web / "static"),
        static_url_path="/static",
    )
    Cards(cards)  # a bad --cards is refused before the server starts
    game_path = Path(game) if game is not None else default_game_path()
    _check_game_path(game_path)
    app.config.update(
        SECRET_KEY=secrets.token_bytes(32),
        GAME_PATH=game_path,
        CARDS_DIR=Path(cards) if cards is not None else None,
        SOURCE_ONLY=source_only,
        UMPIRE_TOKEN=umpire_token or new_token(),
        TESTING=testing,
        PROPAGATE_EXCEPTIONS=False,  # never a traceback in a response, tests included
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Strict",
        MAX_CONTENT_LENGTH=64 * 1024,
        SEND_FILE_MAX_AGE_DEFAULT=3600,
    )
    app.session_interface = UmpireSessions()
    app.extensions["havoc_csrf"] = Csrf()
    app.extensions["havoc_hands"] = Hands()  # the spell deal's private links
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True

    app.jinja_env.globals["piece_figure"] = piece_figure  # templates/web/_figure.html

    for module in (*CORE_BLUEPRINTS, *blueprints()):
        app.register_blueprint(importlib.import_module(module).bp)
    index_games = [game for _, game in games()]

    @app.route("/")
    def index() -> str:
        return render_template("index.html", games=index_games)

    @app.errorhandler(404)
    @app.errorhandler(405)
    def not_found(_error: Exception) -> Any:
        # Unknown pages, unknown tokens and wrong tokens all get this same answer; a public
        # page's address in other case, or without its game's name, leads to that page.

        if request.method == "GET" and (page := moved()) is not None:
            return page
        return render_template("error.html", title="Not found", message="No such page."), 404

    @app.errorhandler(400)
    def bad_request(_error: Exception) -> tuple[str, int]:
        return render_template("error.html", title="Bad request", message="Bad request."), 400

    @app.errorhandler(403)
    def forbidden(_error: Exception) -> tuple[str, int]:
        message = "This form is out of date or not yours: reload the page and try again."
        return render_template("error.html", title="Refused", message=message), 403

    @app.errorhandler(413)
    def too_large(_error: Exception) -> tuple[str, int]:
        most = f"{current_app.config['MAX_CONTENT_LENGTH'] // 1024} KB"
        message = f"Too much text: a form takes at most {most}."
        return render_template("error.html", title="Too large", message=message), 413

    @app.errorhandler(HavocError)
    def bad_input(error: HavocError) -> tuple[str, int]:
        if request.path.startswith("/p/"):  # a player: never the server's paths or its words
            message = "The game file cannot be read; ask the umpire."
            return render_template("error.html", title="Cannot read the game", message=message), 503
        message = page_line(error)
        return render_template("error.html", title="Cannot do that", message=message), 400

    @app.errorhandler(500)
    def server_error(_error: Exception) -> tuple[str, int]:
        message = "Something went wrong on the server; the game is unchanged. Try again."
        return render_template("error.html", title="Server error", message=message), 500

    @app.teardown_appcontext
    def close_store(_error: BaseException | None) -> None:
        store = g.pop("havoc_store", None)
        if store is not None:
            store.close()

    @app.after_request
    def headers(response: Response) -> Response:
        if g.get("havoc_refused") and response.status_code == 200:
            response.status_code = 400  # a form refused: its page, with the one-line reason
        response.headers.extend(SECURITY_HEADERS)  # no page sets them itself
        if request.path.startswith(PRIVATE_PREFIXES):
            response.headers["Cache-Control"] = "no-store"
        return response

    return app


def _check_game_path(path: Path) -> None:
    """Refuse, before the server starts, a game path that can never be a game file: empty
    (``--game ""`` is the current folder), a folder, a name the system refuses."""

    if str(path) in ("", "."):
        raise InputError('--game "": give the game file\'s name (or leave --game out)')
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return  # drawn by the umpire's first ring
    except OSError as exc:
        name = str(path) if len(str(path)) <= 60 else f"…{str(path)[-40:]}"
        raise InputError(f"--game {name}: {exc.strerror}") from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError(f"--game {path}: a folder, not a game file")


class OncePerMinute(logging.Filter):
    """Pass each distinct message at most once a minute (waitress repeats some per request)."""

    def __init__(self) -> None:
        super().__init__()
        self.last: dict[str, float] = {}

    def filter(self, record: logging.LogRecord) -> bool:

        key = str(record.msg)[:60]
        now = time.monotonic()
        if now - self.last.get(key, -1e9) < 60:
            return False
        self.last[key] = now
        return True


class Redacted(logging.Filter):
    """Take tokens out of a log record (waitress names the request's path in some errors)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg, record.args = redact(record.getMessage()), None
        if record.exc_info:
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
            record.exc_info = None
        return True


def quiet_logs() -> None:
    """Waitress's "Task queue depth" and connection-limit warnings, which repeat whenever all
    its threads are busy, are passed once a minute at most: never a flood. Tokens are taken
    out of whatever waitress logs."""
    for name in ("waitress.queue", "waitress"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, OncePerMinute) for f in logger.filters):
            logger.addFilter(OncePerMinute())
            logger.addFilter(Redacted())
    if not LOG.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("havoc serve: %(message)s"))
        LOG.addHandler(handler)
