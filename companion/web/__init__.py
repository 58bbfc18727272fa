"""`havoc serve`: the companion's phone pages (Flask app factory, blueprints, waitress).

`app.create_app` builds the app; each page family is a blueprint over the same `companion`
rules the CLI calls (`dice_tables`, `dark_blades`, `cthulhu_who`, `kniggits`, `whos_next`);
`security` holds the CSRF and
log-redaction helpers; `server` runs the app under waitress.
"""
