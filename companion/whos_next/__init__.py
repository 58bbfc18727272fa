"""Who's Next rules: the secret ring (pure functions), its SQLite store, duel and scoring.

`GAME` declares what Who's Next adds to the companion (see `companion.game`).
"""

from companion.game import Game

GAME = Game(
    title="Who's Next",
    commands={"ring": "companion.commands.whos_next.ring:ring"},
    blueprints=("companion.web.whos_next.pages", "companion.web.whos_next.starts"),
    index_note="index_whos_next.html",
)
