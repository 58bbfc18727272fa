"""`havoc serve`: the phone pages for the whole table, and Who's Next links (companion/web)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import click

from companion.web.app import create_app
from companion.web.server import lan_address, make_server, qr_text
from companion.whos_next.game_file import default_game_path
from havoc_cli.kit import Command, Kit, Whole, emit_json, json_option, pass_kit

DEFAULT_PORT = 8600


@click.command(
    cls=Command,
    short_help="Phone pages for the table.",
    epilog="--json: {url, umpire_url, host, port, game} printed once the server listens.",
)
@click.option(
    "--lan", is_flag=True, help="Serve the local network on its address (default: this machine)."
)
@click.option(
    "--host",
    default=None,
    metavar="ADDRESS",
    help="Listen on ADDRESS instead (0.0.0.0: every interface).",
)
@click.option("--port", type=Whole(0, 65535), default=DEFAULT_PORT, show_default=True)
@click.option(
    "--game",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    envvar="HAVOC_RING_GAME",
    help="Who's Next game file (default: as `havoc ring`).",
)
@click.option("--qr/--no-qr", default=True, help="With --lan, a QR code of the players' address.")
@json_option
@pass_kit
def serve(
    kit: Kit,
    lan: bool,
    host: str | None,
    port: int,
    game: Path | None,
    qr: bool,
    as_json: bool,
) -> None:
    """Serve the companion's pages to phones: dice, look-ups, spell cards, scenarios,
    set-ups and Who's Next.

    Everyone opens the address it prints; the umpire's secret link is printed once (with
    --lan's QR code, written instead to a file only you can read, named in its place). Ctrl-C
    or `kill` stops it.
    """
    app = create_app(game=game, cards=kit.cards_dir, source_only=kit.source_only)
    if host is None:
        host = lan_address() if lan else "127.0.0.1"
    server = make_server(app, host, port)
    shown = lan_address() if host in ("0.0.0.0", "::") else host
    if ":" in shown:
        shown = f"[{shown}]"
    base = f"http://{shown}:{server.effective_port}"
    umpire = f"{base}/u/{app.config['UMPIRE_TOKEN']}/"
    app.config["PUBLIC_URL"] = base  # players' links name the address the phones reach
    if as_json:
        emit_json(
            {
                "url": base + "/",
                "umpire_url": umpire,
                "host": host,
                "port": server.effective_port,
                "game": str(app.config["GAME_PATH"]),
            }
        )
    else:
        _banner(base, umpire, qr and shown != "127.0.0.1", Path(app.config["GAME_PATH"]))

    def stop(_signum: int, _frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)  # `kill` stops it as cleanly as Ctrl-C
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    if not as_json:
        click.echo("Stopped.")


def _banner(base: str, umpire: str, qr: bool, game: Path) -> None:
    """The umpire's secret link, then, where the players look, their address and its QR code.
    With a QR code on the screen the players come to the laptop to scan it, so the umpire's
    link is not printed at all: it goes to a file beside the game file, readable by its owner
    only (0600), and the banner names the file. Text in 40 columns; links whole on their own
    line, never wrapped (a link pasted from two lines opens nothing)."""
    if qr:
        kept = umpire_link_file(game)
        try:
            _write_private(kept, umpire + "\n")
            click.echo("Who's Next umpire: your secret link")
            click.echo("is in this file (yours only; read it")
            click.echo("when no player is looking):")
            click.echo(str(kept))
        except OSError as exc:
            click.echo("Who's Next umpire: cannot write your")
            click.echo(f"link to {kept} ({exc.strerror});")
            click.echo("start again with --no-qr to see it.")
    else:
        click.echo("Who's Next umpire (secret, shown once;")
        click.echo("keep it off the players' screen):")
        click.echo(umpire)
    click.echo("")
    click.echo("Havoc Kit is served. On the phones,")
    click.echo("type (with http://):")
    click.echo(base + "/")
    if qr:
        click.echo(qr_text(base + "/"), nl=False)
    click.echo("Ctrl-C stops the server.")


def umpire_link_file(game: Path) -> Path:
    """Where `havoc serve --lan` keeps the umpire's link: beside the game file."""
    return game.with_name(game.name + ".umpire-link")


def _write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path``, readable and writable by its owner only (never through a
    symlink; an existing file is made 0600 too)."""
    if path.parent == default_game_path().parent:  # a fresh machine has no data folder yet
        path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    try:
        os.fchmod(fd, 0o600)
        os.write(fd, text.encode())
    finally:
        os.close(fd)
