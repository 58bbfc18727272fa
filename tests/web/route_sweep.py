"""A sweep of every route with odd values (issue 25 item 2), for the tests and the figures.

Each route's form is read from its page; then each field in turn (the others as the form
fills them in, so the odd value reaches the code behind the first check) and every path part
get each odd value. Umpire forms are posted with the umpire's link and its CSRF token, a game
drawn first, so the values reach the rules. Run as a script for the figures:
``python tests/web/route_sweep.py``.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Any

ODD = ["x", "²", "٣", "-1", "1e9", "%", "", " ", "0", "99999999999999999999", "1.5", "+5"]
ODD_QUICK = ["x", "²", "٣", "-1", "1e9", "%"]
EXTRA = ["seed", "e", "q", "die", "points", "n", "player", "players", "h"]  # not always in a form
_NAME = re.compile(r'<(?:input|select|textarea)[^>]*\bname="([^"]+)"', re.S)
_ALERT = re.compile(r'<p class="flash error" role="alert">(.*?)</p>', re.S)
_ERROR_PAGE = re.compile(r"<h1>[^<]*</h1>\s*<p>(.*?)</p>", re.S)


@dataclass
class Figures:
    tried: int = 0
    refused: int = 0  # 4xx answers
    one_line: int = 0  # of them, with one line saying why
    failures: list[str] = field(default_factory=list)  # 500s and tracebacks


def _fields(page: str) -> tuple[dict[str, str], dict[str, list[str]]]:
    """The form's fields as it fills them in (first option, given value, or blank), and each
    select's options (up to 8)."""
    out: dict[str, str] = {}
    choices: dict[str, list[str]] = {}
    for match in re.finditer(r"<(input|select|textarea)([^>]*)>", page):
        tag, attrs = match.groups()
        name = re.search(r'\bname="([^"]+)"', attrs)
        if not name or name.group(1) in ("viewport", "referrer"):
            continue
        value = re.search(r'\bvalue="([^"]*)"', attrs)
        if tag == "select":
            body = page[match.end() : page.find("</select>", match.end())]
            options = [
                html.unescape(o.group(1) if o.group(1) is not None else o.group(2))
                for o in re.finditer(r'<option(?:[^>]*value="([^"]*)")?[^>]*>([^<]*)', body)
            ]
            choices.setdefault(name.group(1), options[:8])
            out.setdefault(name.group(1), options[0] if options else "")
        else:
            out.setdefault(name.group(1), html.unescape(value.group(1)) if value else "")
    return out, choices


def _bases(
    form: dict[str, str], choices: dict[str, list[str]], forms: str
) -> list[tuple[dict[str, str], str | None]]:
    """The form as filled in ("filled"), then with each select at each of its other options
    in turn ("options"), or both ("all"); each with the select it changed (None: none)."""
    bases: list[tuple[dict[str, str], str | None]] = [(form, None)] if forms != "options" else []
    if forms != "filled":
        for name, options in choices.items():
            bases += [({**form, name: option}, name) for option in options[1:]]
    return bases


def one_line(status: int, body: str) -> bool:
    """A refusal names its reason in one line (the page's alert, or an error page's line)."""
    found = _ALERT.search(body) or _ERROR_PAGE.search(body)
    if found is None:
        return False
    text = re.sub(r"<[^>]+>", "", found.group(1)).strip()
    return bool(text) and "\n" not in text and len(text) <= 300


def _check(fig: Figures, where: str, ask: Any) -> None:
    fig.tried += 1
    try:
        answer = ask()
    except Exception as exc:  # a test app propagates what would be a 500
        fig.failures.append(f"{type(exc).__name__} {where}")
        return
    body = answer.get_data(as_text=True)
    if answer.status_code >= 500 or "Traceback" in body:
        fig.failures.append(f"{answer.status_code} {where}")
    elif 400 <= answer.status_code < 500:
        fig.refused += 1
        fig.one_line += one_line(answer.status_code, body)


def sweep(site: Any, odd: list[str] = ODD, forms: str = "all") -> Figures:
    """Every route of ``site``'s app with odd values in its form. ``forms``: "filled", the
    form as it fills itself in, each odd value in each field and in each path part;
    "options", each select at each of its other options in turn, the other fields each given
    one odd value, the values taken in turn (pairwise: every field meets every option, and
    every option every odd value, when a form has as many fields as odd values; every odd
    value in every field is "filled"'s part); "all", both."""
    fig = Figures()
    client, umpire = site.client, site.umpire
    site.new_game()
    csrf = site.csrf
    for rule in site.app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        methods = sorted(rule.methods - {"HEAD", "OPTIONS"})
        parts = sorted(rule.arguments)
        good = {p: (umpire if p == "token" else "x") for p in parts}
        for method in methods:
            # the path parts, each odd in turn
            for part in parts if forms != "options" else ():
                for value in odd:
                    path = rule.build({**good, part: value or "_"}, append_unknown=False)
                    path = path[1] if isinstance(path, tuple) else path
                    _check(
                        fig, f"{method} {path}", lambda p=path, m=method: client.open(p, method=m)
                    )
            if parts and not all(p == "token" for p in parts):
                continue  # a page named by an odd path part has no form to fill
            path = rule.build(good, append_unknown=False)
            path = path[1] if isinstance(path, tuple) else path
            page = client.get(path).get_data(as_text=True) if "GET" in rule.methods else ""
            if method == "POST":
                form_page = client.get(f"/u/{umpire}/").get_data(as_text=True)
                form, choices = _fields(form_page)
                form["csrf"] = csrf
            else:
                form, choices = _fields(page)
            for turn, (base, changed) in enumerate(_bases(form, choices, forms)):
                names = list(base) + [n for n in EXTRA if n not in base]
                for place, name in enumerate(names):
                    if name in ("csrf", changed):
                        continue
                    # "filled": every odd value; an option changed: one, in turn (pairwise)
                    values = odd if changed is None else [odd[(turn + place) % len(odd)]]
                    for value in values:
                        data = {**base, name: value}
                        where = f"{method} {path} {name}={value!r}"
                        if method == "GET":
                            _check(fig, where, lambda p=path, d=data: client.get(p, query_string=d))
                        else:
                            _check(fig, where, lambda p=path, d=data: client.post(p, data=d))
    return fig


if __name__ == "__main__":
    import tempfile
    from pathlib import Path

    from web_helpers import UMPIRE, Site

    from companion.web.app import create_app

    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / "g.sqlite3"
        app = create_app(game=game, umpire_token=UMPIRE, testing=True)
        fig = sweep(Site(app, app.test_client(), game, UMPIRE))
    share = fig.one_line / fig.refused if fig.refused else 1.0
    print(f"inputs tried: {fig.tried}")
    print(f"refused (4xx): {fig.refused}, with one line: {fig.one_line} ({share:.0%})")
    print(f"500s or tracebacks: {len(fig.failures)}")
    for failure in fig.failures[:40]:
        print("  " + failure)
