"""Helpers for the phone-page tests: a `Site` (an app over a temporary game file and its umpire's
forms) and `visible` (a page's text as a reader sees it)."""

from __future__ import annotations

import html as html_lib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

UMPIRE = "U" * 8 + "m" * 8 + "p" * 8 + "i" * 8  # 32 URL-safe characters, like a real token
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]


@dataclass
class Site:
    app: Any
    client: Any
    game: Path
    umpire: str

    @property
    def csrf(self) -> str:
        return self.app.extensions["havoc_csrf"].token(self.umpire)

    def post(self, action: str, token: str | None = None, csrf: str | None = "", **form: Any):
        return self.post_with(self.client, action, token, csrf, **form)

    def post_with(
        self, client: Any, action: str, token: str | None = None, csrf: str | None = "", **form: Any
    ):
        """POST an umpire action with ``client`` (the umpire's CSRF token unless given)."""
        data = {k: str(v) for k, v in form.items()}
        if csrf is not None:
            data["csrf"] = csrf or self.csrf
        return client.post(f"/u/{token or self.umpire}/{action}", data=data)

    def new_game(self, names: list[str] = NAMES) -> None:
        answer = self.post("new", names="\n".join(names))
        assert answer.status_code == 302, answer.get_data(as_text=True)

    def ring(self):
        from companion.whos_next.store import Store

        with Store(self.game) as store:
            return store.load()

    def seat(self, name: str) -> int:
        return self.ring().players.index(name)

    def links(self) -> dict[str, str]:
        """Each player's private path, as the umpire's slip pages show it."""
        from companion.whos_next.store import Store

        with Store(self.game) as store:
            return {name: f"/p/{token}" for name, token in store.links().values()}

    def text(self, url: str) -> str:
        """The page's visible words; a page that refuses its form answers 400, any other 200."""
        answer = self.client.get(url)
        words = visible(answer.get_data(as_text=True))
        expected = 400 if "Refused:" in words and "/u/" not in url else 200
        assert answer.status_code == expected, (url, answer.status_code)
        return words


def visible(html: str) -> str:
    """The page's text as a reader sees it (tags dropped, spaces collapsed)."""
    main = html.split("<main>", 1)[-1]
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", main)).split())
