"""Signed links in e-mails: confirming an address, unsubscribing from e-mail nudges.

A link's token is ``<account id>.<expiry>.<mac>``: ``mac`` is an HMAC-SHA256, keyed with the
server's ``link_secret`` (keys.py), of the purpose, the account id, the e-mail address and
the expiry. The address is not in the token, yet bound by it: a link works only while the
account's address is still the one it was made for (a link for an old address, or for
another account, checks false). A confirmation link expires after ``CONFIRM_DAYS``; an
unsubscribe link never does (``0``), as mail stays in mailboxes for years.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal
from urllib.parse import quote

from app.core.config import Settings
from app.services.nudges.keys import b64url

Purpose = Literal["confirm", "unsubscribe"]

CONFIRM_DAYS = 2
"""Days a confirmation link works."""
MAX_TOKEN = 120


def address_key(address: str) -> str:
    """The form of an address a link is bound to (the domain's case does not count)."""
    local, _, domain = address.strip().rpartition("@")
    return f"{local}@{domain.lower()}"


def _mac(secret: bytes, purpose: Purpose, account_id: int, address: str, expires: int) -> str:
    text = f"tafelrunde-link\n{purpose}\n{account_id}\n{address_key(address)}\n{expires}"
    return b64url(hmac.new(secret, text.encode("utf-8"), hashlib.sha256).digest())


def make_token(
    secret: bytes, purpose: Purpose, account_id: int, address: str, now: datetime
) -> str:
    expires = int((now + timedelta(days=CONFIRM_DAYS)).timestamp()) if purpose == "confirm" else 0
    return f"{account_id}.{expires}.{_mac(secret, purpose, account_id, address, expires)}"


@dataclass(frozen=True)
class Link:
    """A token's claim, not yet checked against the account (``verify`` does)."""

    account_id: int
    expires: int
    mac: str


def read_token(token: str | None) -> Link | None:
    """The parts of a well-formed token, or ``None``."""
    if not token or len(token) > MAX_TOKEN:
        return None
    parts = token.split(".")
    if len(parts) != 3 or not all(p.isascii() for p in parts):
        return None
    account, expires, mac = parts
    if not (account.isdigit() and expires.isdigit()) or len(account) > 12 or len(expires) > 12:
        return None
    return Link(int(account), int(expires), mac)


def verify(secret: bytes, purpose: Purpose, link: Link, address: str | None, now: datetime) -> bool:
    """Whether ``link`` was made for ``purpose``, its account and ``address`` (the account's
    address now), and has not expired."""
    if not address:
        return False
    if purpose == "confirm" and (link.expires == 0 or now.timestamp() > link.expires):
        return False
    if purpose == "unsubscribe" and link.expires != 0:
        return False
    expected = _mac(secret, purpose, link.account_id, address, link.expires)
    return hmac.compare_digest(expected.encode("ascii"), link.mac.encode("ascii", "replace"))


def public_base(settings: Settings) -> str:
    """The address players open, for links sent by mail, push and webhook: ``PUBLIC_URL``,
    else ``http://localhost:PORT``."""
    return (settings.public_url or f"http://localhost:{settings.port}").rstrip("/")


def link_url(settings: Settings, purpose: Purpose, token: str) -> str:
    path = "confirm" if purpose == "confirm" else "unsubscribe"
    return f"{public_base(settings)}/api/nudges/{path}?token={quote(token, safe='')}"
