"""Passwords: argon2id hashes (argon2-cffi) and what a new password must be.

A password is at least ``MIN_LENGTH`` characters, at most ``MAX_LENGTH``, not one of the
common ones people pick (``common_passwords.txt``, ignoring case), not one character
repeated or a plain run like ``1234567890`` or ``abcdefghij``, and not the account's name
(nor the name with only digits or punctuation after it). Hashes are argon2id with
argon2-cffi's defaults (RFC 9106's low-memory profile); a hash made with older parameters
is made again at the next sign-in.

Every sign-in does the same work whether the name exists or not: an unknown name (or an
account with passkeys only) is checked against ``dummy_hash()``, a hash of a random value,
so neither the answer nor its time tells which names exist.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from importlib.resources import files
from itertools import pairwise

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from app.core.security import new_token

MIN_LENGTH = 10
MAX_LENGTH = 256
"""Long enough for any passphrase; argon2 hashes any length in the same time, but a request
of megabytes is no password."""

HASHER = PasswordHasher()


class PasswordRefused(ValueError):
    """A new password the rules refuse; ``code`` is the API's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@cache
def common_passwords() -> frozenset[str]:
    """The shipped list, lower case (read once per process)."""
    text = files("app.core").joinpath("common_passwords.txt").read_text(encoding="utf-8")
    return frozenset(
        line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")
    )


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


DIGITS_UP = "0123456789" * 3
DIGITS_DOWN = DIGITS_UP[::-1]


def _is_run(text: str) -> bool:
    """One character repeated, a run of consecutive characters (``abcdefghij``,
    ``9876543210``) or of digits going round (``7890123456``)."""
    if len(set(text)) == 1:
        return True
    if {ord(b) - ord(a) for a, b in pairwise(text)} in ({1}, {-1}):
        return True
    return text.isdigit() and (text in DIGITS_UP or text in DIGITS_DOWN)


def check_new_password(password: str, name: str = "") -> None:
    """``PasswordRefused`` unless ``password`` may be a new password of account ``name``."""
    if len(password) < MIN_LENGTH:
        raise PasswordRefused(
            "password_too_short", f"a password needs at least {MIN_LENGTH} characters"
        )
    if len(password) > MAX_LENGTH:
        raise PasswordRefused(
            "password_too_long", f"a password may have at most {MAX_LENGTH} characters"
        )
    folded = _fold(password)
    if folded in common_passwords() or _is_run(folded):
        raise PasswordRefused(
            "password_too_common",
            "this password is one of the most common ones; choose another (a few unusual "
            "words together make a good one)",
        )
    own = _fold(name).strip()
    rest = folded[len(own) :] if own and folded.startswith(own) else None
    if rest is not None and not any(char.isalpha() for char in rest):
        raise PasswordRefused(
            "password_too_common", "the password may not be your name (with a number after it)"
        )


def hash_password(password: str) -> str:
    """An argon2id hash of ``password`` (tens of milliseconds of CPU: call it off the
    event loop and outside a write transaction)."""
    return HASHER.hash(password)


@cache
def dummy_hash() -> str:
    """A hash of a random value nobody knows, with the same parameters as real ones."""
    return HASHER.hash(new_token())


def verify_password(stored: str | None, password: str) -> bool:
    """Whether ``password`` matches ``stored``; ``None`` (no password) is checked against
    ``dummy_hash()`` so it costs the same and never matches."""
    try:
        HASHER.verify(stored if stored is not None else dummy_hash(), password)
    except (VerificationError, InvalidHashError):
        return False
    return stored is not None


def needs_rehash(stored: str) -> bool:
    """Whether ``stored`` was made with other parameters than new hashes are."""
    try:
        return HASHER.check_needs_rehash(stored)
    except InvalidHashError:
        return True
