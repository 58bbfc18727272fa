"""Page addresses typed by hand: any case, a game's page without the game's name, and a name
in an address by its start (`named`: every name it could be, when several).

`moved()` is asked only when no page answers a path: ``/Dark-Blades/CRT`` and ``/spells/Fireburst``
(a game's page, its game left out) are sent on to the page they name, the query kept. The
private pages (``/u/``, ``/p/``) are never guessed at: their tokens are case-sensitive and every
wrong one gets the same 404.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from flask import Response, abort, current_app, redirect, render_template, request
from werkzeug.exceptions import HTTPException
from werkzeug.routing import RequestRedirect

from companion.names import matches  # the one matching point, CLI and web alike

if TYPE_CHECKING:
    from werkzeug.wrappers import Response as BaseResponse  # what redirect() gives

PRIVATE = ("/u/", "/p/")
STATIC = "static"


def _page(path: str, literal: str = "") -> str | None:
    """The path a page answers at (``path``, or where its rule sends it), or None. With
    ``literal``, only a page whose rule spells that start out (``/dark-blades/spells``, not
    ``/tables/<game>``)."""
    adapter = current_app.url_map.bind("localhost")
    try:
        rule, _args = adapter.match(path, method="GET", return_rule=True)
    except RequestRedirect as moved_to:  # a missing trailing slash
        to = moved_to.new_url.split("localhost", 1)[-1].split("?", 1)[0]
        return _page(to, literal) if to != path else None
    except HTTPException:
        return None
    if rule.endpoint == STATIC or not (rule.rule + "/").startswith(literal.rstrip("/") + "/"):
        return None
    return path


def _prefixes() -> list[str]:
    """Each game's first path segment (``/dark-blades``), from the registered pages."""
    firsts = {
        "/" + rule.rule.strip("/").split("/", 1)[0]
        for rule in current_app.url_map.iter_rules()
        if rule.rule.count("/") > 1 and rule.endpoint != STATIC
    }
    return sorted(p for p in firsts if not p.startswith(("/u", "/p", "/<")))


def moved() -> BaseResponse | None:
    """A redirect to the page ``request.path`` means, when it is unambiguous; else None."""
    path = request.path.lower()
    if len(path) > 200 or path.startswith(PRIVATE) or "//" in path or _page(request.path):
        return None  # (a page that answers this path found nothing: no guessing)
    found = [path] if path != request.path and _page(path) else []
    if not found:
        first = "/" + path.strip("/").split("/", 1)[0]
        found = [prefix + path for prefix in _prefixes() if _page(prefix + path, prefix + first)]
    if len(found) != 1:
        return None
    target = _page(found[0]) or found[0]
    query = request.query_string.decode("ascii", "replace")
    return redirect(target + ("?" + query if query else ""), code=302)


def named(typed: str, names: Iterable[str], what: str, link: Callable[[str], str]) -> str:
    """The one of ``names`` an address names (any case, by its start, word starts or initials,
    as the CLI reads names); aborts 404 when it names none, and answers with a page listing
    every name it could be, each a link, when it names several."""

    found = matches(typed[:60], names)
    if len(found) == 1:
        return found[0]
    if not found:
        abort(404)
    page = render_template(
        "choose.html", typed=typed[:60], what=what, links=[(n, link(n)) for n in found]
    )
    abort(Response(page, status=200, mimetype="text/html"))
