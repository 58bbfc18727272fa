"""Dark Blades sheets: the counters."""
