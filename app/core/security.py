"""Seat tokens: shown once, stored only as a hash."""

from __future__ import annotations

import hashlib
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    # Tokens are 256 random bits, so a plain SHA-256 (no salt, no stretching) cannot be
    # brute-forced and lets us look a seat up by an indexed column.
    return hashlib.sha256(token.encode("utf-8")).hexdigest()
