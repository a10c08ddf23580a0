"""Die Dolmengötter engine tests (RULES.md DG-1..DG-11)."""
