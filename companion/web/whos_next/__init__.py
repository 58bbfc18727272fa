"""Who's Next's phone pages: thin Flask blueprints over companion/whos_next/."""
