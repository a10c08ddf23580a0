"""Dschingis Khan engine tests (RULES.md DK-1..DK-17)."""
