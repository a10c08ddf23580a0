"""Accounts' names: the one rule for what a name may be and when two names are one
(docs/API.md, "Accounts", **Names**). Sign-up by password or passkey, renaming, sign-in,
friends and seats kept for an account all use it.

A name is readable free text (app/core/inputs.py), trimmed, of at most ``NAME_MAX``
characters, also as compared (``name_key``: NFKC can write one character out as several).
Names are unique by ``name_key``: NFKC, without invisible (format) characters, white space
runs as one space, case-folded. "Anna", "ANNA", "Ａｎｎａ" and "An\u200bna" are one name.
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.core.errors import ApiError
from app.core.inputs import TextRefused, check_text
from app.db.models import AccountRow
from bots.policies import LEVELS

NAME_MAX = 32
"""Characters of a name, as typed (trimmed) and as compared (``name_key``)."""

_SPACES = re.compile(r"\s+")


def name_key(name: str) -> str:
    """What names are unique by and looked up by (the module's docstring)."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(char for char in text if unicodedata.category(char) != "Cf")
    text = _SPACES.sub(" ", text).strip().casefold()
    return unicodedata.normalize("NFKC", text)


def server_bot_name(level: str) -> str:
    """The account of the server's bot of ``level`` (app/services/server_bots.py)."""
    return f"Bot · {level}"


SERVER_BOT_KEYS = frozenset(name_key(server_bot_name(level)) for level in LEVELS)
"""The server's bots' names, kept for them: no person or bot identity takes one."""


def clean_name(name: str) -> str:
    """``name`` trimmed, if it may be an account's name; else 400 ``bad_request`` naming
    ``body.name`` (409 ``name_taken`` for a name of the server's bots). Trusted callers
    may pass a name cleaned already (it stays the same)."""
    name = name.strip()
    if name_key(name) in SERVER_BOT_KEYS:
        raise name_taken(name)
    try:
        check_text(name)
    except TextRefused as refused:
        raise ApiError("bad_request", f"body.name: {refused.message}") from None
    if len(name) > NAME_MAX or len(name_key(name)) > NAME_MAX:
        raise ApiError(
            "bad_request",
            f"body.name: at most {NAME_MAX} characters (as compared: some count as several)",
        )
    return name


def new_friend_code() -> str:
    """A friend link's secret: 128 random bits (22 URL-safe characters)."""
    return secrets.token_urlsafe(16)


def account_fields(name: str, **fields: Any) -> dict[str, Any]:
    """The columns of a new account named ``name`` (cleaned and found free by the caller):
    no password, English, no admin, a fresh friend code, no nudges; ``fields`` set others
    (a person's password hash, a bot's kind). People, bot identities and the server's bot
    levels are all made from it."""
    return {
        "name": name,
        "name_key": name_key(name),
        "password_hash": None,
        "language": "en",
        "is_admin": False,
        "friend_code": new_friend_code(),
        "notify": {},
        **fields,
    }


def find_account(session: Session, name: str) -> AccountRow | None:
    """The account named ``name`` in any of its spellings (disabled or not), or ``None``.
    A name no account could have (empty, or longer than ``NAME_MAX`` as compared) names
    nobody without a query."""
    key = name_key(name)
    if not key or len(key) > NAME_MAX:
        return None
    return session.scalars(select(AccountRow).where(AccountRow.name_key == key)).one_or_none()


def name_taken(name: str) -> ApiError:
    """409 ``name_taken`` for ``name``."""
    return ApiError("name_taken", f"the name {name!r} is taken; choose another")
