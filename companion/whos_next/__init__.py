"""Who's Next rules: the secret ring (pure functions), its SQLite store, duel and scoring."""
