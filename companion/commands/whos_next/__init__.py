"""Who's Next's `havoc` subcommands: thin click commands over companion/whos_next/."""
