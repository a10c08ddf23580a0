"""Web Push subscriptions: one row per browser (its push service's endpoint), for one account.

An endpoint is unique: the same browser subscribing again while signed in as another
account moves the subscription there (a shared laptop: the last account signed in gets the
nudges). The endpoint is a URL the server will call, so it is checked as a webhook's is
(outbound.py); the keys must be a P-256 public key and a 16-byte secret (RFC 8291).
"""

from __future__ import annotations

from cryptography.hazmat.primitives.asymmetric import ec
from sqlalchemy import delete, select

from app.core.config import Settings
from app.core.errors import ApiError
from app.core.security import hash_token
from app.db.models import PushSubscriptionRow, utcnow
from app.db.session import Database, insert_on_conflict
from app.services.nudges import outbound
from app.services.nudges.keys import b64url_decode

MAX_PER_ACCOUNT = 10
"""An account's newest subscriptions kept (its browsers); an older one is dropped."""


def endpoint_hash(endpoint: str) -> str:
    return hash_token(endpoint)


def check_keys(p256dh: str, auth: str) -> None:
    """400 ``bad_subscription`` unless ``p256dh`` is an uncompressed P-256 point and
    ``auth`` 16 bytes, both base64url."""
    try:
        point = b64url_decode(p256dh)
        if len(point) != 65 or point[0] != 4:
            raise ValueError
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        raise ApiError(
            "bad_subscription", "keys.p256dh: not a P-256 public key (base64url, 65 bytes)"
        ) from None
    try:
        secret = b64url_decode(auth)
    except ValueError:
        secret = b""
    if len(secret) != 16:
        raise ApiError("bad_subscription", "keys.auth: not a 16-byte secret (base64url)")


def subscribe(
    db: Database, settings: Settings, account_id: int, endpoint: str, p256dh: str, auth: str
) -> bool:
    """Keep the browser's subscription for ``account_id``; whether it is new (``False``: it
    was there already, perhaps for another account, and is the account's now)."""
    try:
        outbound.check(
            endpoint, allow_private=settings.allow_private_webhooks, what="push endpoint"
        )
    except outbound.Refused as exc:
        # A push service's name not resolving now is its problem, checked again at each
        # push; a URL the server must never call is refused.
        if not exc.transient:
            raise ApiError("push_refused", f"endpoint refused: {exc.reason}") from None
    check_keys(p256dh, auth)
    digest = endpoint_hash(endpoint)
    with db.session() as session, db.write(session):
        existed = session.scalar(
            select(PushSubscriptionRow.id).where(PushSubscriptionRow.endpoint_hash == digest)
        )
        insert = insert_on_conflict(session.get_bind().dialect.name)
        statement = insert(PushSubscriptionRow).values(
            account_id=account_id,
            endpoint=endpoint,
            endpoint_hash=digest,
            p256dh=p256dh,
            auth=auth,
            created_at=utcnow(),
        )
        session.execute(
            statement.on_conflict_do_update(
                index_elements=["endpoint_hash"],
                set_={
                    "account_id": statement.excluded.account_id,
                    "p256dh": statement.excluded.p256dh,
                    "auth": statement.excluded.auth,
                    "created_at": statement.excluded.created_at,
                },
            )
        )
        keep = (
            select(PushSubscriptionRow.id)
            .where(PushSubscriptionRow.account_id == account_id)
            .order_by(PushSubscriptionRow.created_at.desc(), PushSubscriptionRow.id.desc())
            .limit(MAX_PER_ACCOUNT)
        )
        kept = list(session.scalars(keep))
        session.execute(
            delete(PushSubscriptionRow).where(
                PushSubscriptionRow.account_id == account_id,
                PushSubscriptionRow.id.not_in(kept),
            )
        )
    return existed is None


def unsubscribe(db: Database, account_id: int, endpoint: str) -> bool:
    """Forget the account's subscription at ``endpoint``; whether there was one."""
    with db.session() as session, db.write(session):
        result = session.execute(
            delete(PushSubscriptionRow).where(
                PushSubscriptionRow.account_id == account_id,
                PushSubscriptionRow.endpoint_hash == endpoint_hash(endpoint),
            )
        )
    return bool(getattr(result, "rowcount", 0))


def count(db: Database, account_id: int) -> int:
    with db.session() as session:
        return len(
            list(
                session.scalars(
                    select(PushSubscriptionRow.id).where(
                        PushSubscriptionRow.account_id == account_id
                    )
                )
            )
        )
