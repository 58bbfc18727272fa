"""Cthulhu Who? rules: the set-up tables and roller, the attack scores."""
