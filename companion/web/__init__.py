"""`havoc serve`: the companion's phone pages (Flask app factory, blueprints, waitress).

`app.create_app` builds the app; each page family is a blueprint over the same `companion`
rules the CLI calls (`dice_tables` for every game; each game names its own in its package, read
through `companion.registry`); `current` gives a view its cards, --source-only and the
request's ring store; `kept` serves a page asked again as it was made while its files are
unchanged; `security` holds the CSRF and log-redaction helpers; `server` runs the app under
waitress.
"""
