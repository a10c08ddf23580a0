"""Keys the server makes once and every process shares (``server_keys``): the VAPID key pair
of Web Push and the secret that signs e-mail links.

The first process that needs a key makes one and inserts it "or nothing" (the name is the
primary key); whoever lost that race reads the winner's. So however many processes start at
once, there is one key pair, and a subscription made through one process is good for all.
"""

from __future__ import annotations

import base64
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02
from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from app.db.models import ServerKeyRow, utcnow
from app.db.session import Database

VAPID_KEY = "vapid_private_key"
"""PEM (PKCS#8) of the P-256 key that signs Web Push requests (RFC 8292)."""
LINK_SECRET = "link_secret"
"""256 random bits (base64url) keying the HMAC of e-mail links (links.py)."""


def server_key(db: Database, name: str, make: Callable[[], str]) -> str:
    """The key ``name``, made with ``make`` and stored if no process has made it yet. Uses
    sessions of its own (a write transaction only the first time)."""
    query = select(ServerKeyRow.value).where(ServerKeyRow.name == name)
    with db.session() as session:
        value = session.scalar(query)
        if value is not None:
            return value
        insert = pg_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert
        with db.write(session):
            session.execute(
                insert(ServerKeyRow)
                .values(name=name, value=make(), created_at=utcnow())
                .on_conflict_do_nothing(index_elements=["name"])
            )
        stored = session.scalar(query)
    if stored is None:  # pragma: no cover - the row was inserted or already there
        raise RuntimeError(f"server key {name!r} could not be stored")
    return stored


def b64url(data: bytes) -> str:
    """base64url without padding (as Web Push and VAPID write keys)."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text: str) -> bytes:
    """base64url with or without padding; raises ``ValueError`` on anything else."""
    if not isinstance(text, str) or not text or any(c in text for c in "+/ \n\r\t"):
        raise ValueError("not base64url")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError) as exc:
        raise ValueError("not base64url") from exc


def _new_vapid_pem() -> str:
    key = ec.generate_private_key(ec.SECP256R1())
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode("ascii")


@dataclass(frozen=True)
class VapidKeys:
    """The server's Web Push identity: ``signer`` signs the ``Authorization`` header of each
    push (py_vapid), ``public_key`` is what browsers subscribe with (``GET /api/push/key``).
    Its ``repr`` names no secret."""

    signer: Vapid02
    public_key: str
    """base64url of the uncompressed P-256 point (65 bytes)."""

    def __repr__(self) -> str:
        return f"VapidKeys(public_key={self.public_key!r})"


@lru_cache(maxsize=4)
def _vapid_from_pem(pem: str) -> VapidKeys:
    private = serialization.load_pem_private_key(pem.encode("ascii"), password=None)
    if not isinstance(private, ec.EllipticCurvePrivateKey):  # pragma: no cover
        raise RuntimeError("the stored VAPID key is not an elliptic-curve key")
    public = private.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return VapidKeys(Vapid02(private), b64url(public))


def vapid_keys(db: Database) -> VapidKeys:
    """The server's VAPID key pair, made on first use (first start) and kept in the
    database, so every process and every restart signs with the same key."""
    return _vapid_from_pem(server_key(db, VAPID_KEY, _new_vapid_pem))


def link_secret(db: Database) -> bytes:
    """The secret of e-mail links (confirmation, unsubscribe), made on first use."""
    return b64url_decode(server_key(db, LINK_SECRET, lambda: secrets.token_urlsafe(32)))
