"""Kniggits rules: the army check and the sword-and-shield exchange."""
