"""Lighthouse (Google's page audit, phone profile) over every phone page: one line a page with
its accessibility, performance and best-practices scores, and the failing audits' names.

Needs Lighthouse (``npm install lighthouse``; its ``lighthouse`` program on PATH or given with
``--lighthouse``) and Debian's chromium (as ``CHROME_PATH``). The app is served on loopback in
this process, with a Who's Next game of five, so the umpire's and a player's pages are audited
too. Run: python benchmarks/lighthouse.py [--lighthouse PATH] [--only accessibility] [--pages swim]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import urllib.request
from pathlib import Path

UMPIRE = "Light" + "x" * 22 + "house"
DEEPER = (  # pages the index does not link, each in a state a player sees
    "/dark-blades/maps/arena",
    "/dark-blades/maps/arena?f=K1&t=K3",
    "/dark-blades/maps/arena?f=K1&t=K3&s=Black+Dwarf&n=Goblin&die=8",
    "/dark-blades/swim/mill",
    "/dark-blades/swim/mill?f=K3",
    "/dark-blades/swim/mill?h=C9&d=5+5",
    "/dark-blades/scenarios/arena",
    "/dark-blades/spells/zap",
    "/dark-blades/fight?a1=Thrugg+Lumpthew&d1=Dworc&die=5",
    "/dark-blades/crt?table=ii&attack=8&defence=3&die=4",
    "/cthulhu-who/setup?seed=6",
    "/cthulhu-who/attack?setup=6&from=B1",
    "/cthulhu-who/crush?setup=6&monster=C3&to=C4",
    "/kniggits/exchange?attack=high&defend=low",
)


def _serve(folder: Path) -> tuple[str, object, threading.Thread]:
    from companion.web.app import create_app
    from companion.web.server import make_server

    app = create_app(game=folder / "game.sqlite3", umpire_token=UMPIRE)
    server = make_server(app, "127.0.0.1", 0)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    return f"http://127.0.0.1:{server.effective_port}", server, thread


def _pages(base: str) -> list[str]:
    index = urllib.request.urlopen(f"{base}/").read().decode()
    linked = sorted(set(re.findall(r'href="(/[^"]*)"', index)))
    pages = ["/", *[p for p in linked if not p.startswith("/static/") and p != "/"], *DEEPER]
    import http.cookiejar

    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    umpire = f"{base}/u/{UMPIRE}/"
    form = opener.open(umpire).read().decode()
    csrf = re.search(r'name="csrf" value="([^"]+)"', form)
    action = re.search(r'<form method="post" action="([^"]+)"', form)
    if csrf and action:
        data = urllib.parse.urlencode({"csrf": csrf[1], "names": "Ann\nBob\nCat\nDan\nEve"})
        opener.open(base + action[1].replace("&amp;", "&"), data.encode()).read()
    pages.append(f"/u/{UMPIRE}/")
    after = opener.open(umpire).read().decode()
    player = re.search(r'href="(/p/[^"/]+)/qr"', after)
    if player:
        pages.append(player[1])
    return pages


def audit(lighthouse: str, url: str, only: str | None) -> str:
    """One page's scores and failing audits, one line."""
    with tempfile.TemporaryDirectory() as out:
        report = Path(out) / "r.json"
        cats = only or "accessibility,performance,best-practices"
        subprocess.run(
            [
                lighthouse,
                url,
                f"--only-categories={cats}",
                "--form-factor=mobile",
                "--chrome-flags=--headless=new --no-sandbox",
                "--output=json",
                f"--output-path={report}",
                "--quiet",
            ],
            check=False,
            timeout=180,
            capture_output=True,
        )
        if not report.exists():
            return f"{url}: no report"
        found = json.loads(report.read_text())
    scores = " ".join(
        f"{k[:4]} {round(c['score'] * 100) if c['score'] is not None else '-'}"
        for k, c in found["categories"].items()
    )
    failing = [
        k
        for k, a in found["audits"].items()
        if a.get("score") is not None
        and a["score"] < 1
        and a.get("scoreDisplayMode") in ("binary", "numeric")
        and k in {r["id"] for c in found["categories"].values() for r in c["auditRefs"]}
        and any(
            r["id"] == k and r["weight"] > 0
            for c in found["categories"].values()
            for r in c["auditRefs"]
        )
    ]
    return f"{scores}  {url.split('/', 3)[3][:60] or '/'}" + (
        f"  failing: {', '.join(failing)}" if failing else ""
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lighthouse", default=shutil.which("lighthouse") or "lighthouse")
    parser.add_argument("--only", help="one category, e.g. accessibility")
    parser.add_argument("--pages", help="only the pages whose address holds this, e.g. swim")
    args = parser.parse_args()
    os.environ.setdefault("CHROME_PATH", shutil.which("chromium") or "")
    with tempfile.TemporaryDirectory() as folder:
        base, server, thread = _serve(Path(folder))
        try:
            for page in _pages(base):
                if args.pages and args.pages not in page:
                    continue
                print(audit(args.lighthouse, base + page, args.only), flush=True)
        finally:
            server.close()  # type: ignore[attr-defined]
            thread.join(timeout=5)


if __name__ == "__main__":
    main()
