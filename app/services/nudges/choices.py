"""An account's notification settings (``accounts.notify``), the e-mail address's
confirmation and the one-click unsubscribe (``GET|PUT /api/me/notifications``,
``/api/nudges/confirm``, ``/api/nudges/unsubscribe``).

Checked at the edge, with a clear refusal and nothing changed: a webhook URL must be one the
server may call (outbound.py: https, public addresses, unless ``ALLOW_PRIVATE_WEBHOOKS=1``),
an e-mail address must look like one, and e-mail needs ``SMTP_HOST``. A new address gets
nothing but a confirmation mail until its link is opened; a change of address needs a new
confirmation. Switching a channel off skips the nudges still waiting for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import update
from sqlalchemy.orm import Session

from app.core.config import Settings
from app.core.errors import ApiError
from app.db.models import AccountRow, DeliveryRow, utcnow
from app.db.session import Database
from app.services.nudges import links, mail, outbound
from app.services.nudges.keys import link_secret
from app.services.snapshots import as_utc

MAX_DIGEST_HOURS = 168
"""A digest comes at most every N hours, N from 1 to a week (0: no digest)."""
RESEND_SECONDS = 60
"""At most one confirmation mail per account in this many seconds (no mail bombing)."""


@dataclass(frozen=True)
class Choices:
    """What ``GET /api/me/notifications`` shows."""

    webhook_url: str | None
    email: str | None
    email_confirmed: bool
    push: bool
    always: bool
    digest_hours: int

    @classmethod
    def of(cls, notify: dict[str, Any] | None) -> Choices:
        notify = notify or {}
        email = notify.get("email") or None
        return cls(
            webhook_url=notify.get("webhook_url") or None,
            email=email,
            email_confirmed=bool(email and notify.get("email_confirmed")),
            push=bool(notify.get("push")),
            always=bool(notify.get("always")),
            digest_hours=int(notify.get("digest_hours") or 0),
        )


@dataclass(frozen=True)
class Confirmation:
    """A confirmation mail to send once the new address is saved."""

    account_id: int
    name: str
    language: str
    address: str
    url: str


def current(db: Database, account_id: int) -> Choices:
    with db.session() as session:
        return Choices.of(_account(session, account_id).notify)


def check_webhook(url: str, settings: Settings) -> str:
    """``url`` if the server may call it (resolving its name now); 400 ``webhook_refused``."""
    try:
        outbound.check(url, allow_private=settings.allow_private_webhooks, what="webhook URL")
    except outbound.Refused as exc:
        raise ApiError("webhook_refused", f"webhook_url refused: {exc.reason}") from None
    return url.strip()


def check_email(address: str, settings: Settings) -> str:
    if not mail.available(settings):
        raise ApiError(
            "email_unavailable", "this server sends no e-mail (its operator set no SMTP_HOST)"
        )
    try:
        return mail.check_address(address)
    except ValueError as exc:
        raise ApiError("bad_email", f"email: {exc}") from None


def update_choices(
    db: Database,
    settings: Settings,
    account_id: int,
    changes: dict[str, Any],
    now: datetime | None = None,
) -> tuple[Choices, Confirmation | None]:
    """Apply ``changes`` (any of the writable fields; ``None`` clears the webhook URL and the
    address). Returns the settings now and the confirmation mail to send, if the address is
    new. The network (resolving a webhook's host) is asked before the write transaction."""
    now = now or utcnow()
    with db.session() as session:
        account = _account(session, account_id)
        before = dict(account.notify or {})
    checked: dict[str, Any] = {}
    if "webhook_url" in changes:
        url = changes["webhook_url"]
        if url is None or not str(url).strip():
            checked["webhook_url"] = None
        elif url.strip() == before.get("webhook_url"):
            checked["webhook_url"] = before["webhook_url"]  # unchanged: not resolved again
        else:
            checked["webhook_url"] = check_webhook(url, settings)
    if "email" in changes:
        address = changes["email"]
        if address is None or not str(address).strip():
            checked["email"] = None
        else:
            checked["email"] = check_email(address, settings)
    for key in ("push", "always", "digest_hours"):
        if key in changes:
            checked[key] = changes[key]
    new_address = checked.get("email") if "email" in checked else None
    if new_address is not None and new_address == before.get("email"):
        new_address = None  # the same address: keeps its confirmation
    secret = link_secret(db) if new_address is not None else b""

    with db.session() as session, db.write(session):
        account = _account(session, account_id)
        notify = dict(account.notify or {})
        if new_address is not None:
            sent_at = notify.get("confirmation_sent_at")
            if sent_at and now - as_utc(datetime.fromisoformat(sent_at)) < timedelta(
                seconds=RESEND_SECONDS
            ):
                raise ApiError(
                    "rate_limited",
                    "a confirmation mail was sent less than a minute ago; try again shortly",
                    retry_after=RESEND_SECONDS,
                )
            notify["confirmation_sent_at"] = now.isoformat()
            notify["email_confirmed"] = False
        for key, value in checked.items():
            notify[key] = value
        if not notify.get("email"):
            notify["email"] = None
            notify["email_confirmed"] = False
        account.notify = notify
        _skip_switched_off(session, account_id, before, notify)
        choices = Choices.of(notify)
        name, language = account.name, account.language
    confirmation = None
    if new_address is not None:
        token = links.make_token(secret, "confirm", account_id, new_address, now)
        url = links.link_url(settings, "confirm", token)
        confirmation = Confirmation(account_id, name, language, new_address, url)
    return choices, confirmation


def resend_confirmation(
    db: Database, settings: Settings, account_id: int, now: datetime | None = None
) -> Confirmation:
    """A new confirmation mail for the account's unconfirmed address (409 when there is none
    to confirm; 429 within ``RESEND_SECONDS`` of the last one)."""
    now = now or utcnow()
    secret = link_secret(db)
    with db.session() as session, db.write(session):
        account = _account(session, account_id)
        notify = dict(account.notify or {})
        address = notify.get("email")
        if not address:
            raise ApiError("no_email", "there is no e-mail address to confirm")
        if notify.get("email_confirmed"):
            raise ApiError("email_confirmed", "the e-mail address is already confirmed")
        if not mail.available(settings):
            raise ApiError(
                "email_unavailable", "this server sends no e-mail (its operator set no SMTP_HOST)"
            )
        sent_at = notify.get("confirmation_sent_at")
        if sent_at and now - as_utc(datetime.fromisoformat(sent_at)) < timedelta(
            seconds=RESEND_SECONDS
        ):
            raise ApiError(
                "rate_limited",
                "a confirmation mail was sent less than a minute ago; try again shortly",
                retry_after=RESEND_SECONDS,
            )
        notify["confirmation_sent_at"] = now.isoformat()
        account.notify = notify
        name, language = account.name, account.language
    token = links.make_token(secret, "confirm", account_id, address, now)
    return Confirmation(
        account_id, name, language, address, links.link_url(settings, "confirm", token)
    )


CONFIRM_MAIL = {
    "en": (
        "Confirm your e-mail address for Tafelrunde",
        "Hello {name},\n\nplease confirm that Tafelrunde may send reminders to this address "
        "by opening this link:\n\n{url}\n\nThe link works for {days} days. If you did not "
        "ask for this, ignore this mail: nothing more will be sent to you.\n",
    ),
    "de": (
        "Bestätige deine E-Mail-Adresse für Tafelrunde",
        "Hallo {name},\n\nbitte bestätige mit diesem Link, dass Tafelrunde dir an diese "
        "Adresse Erinnerungen schicken darf:\n\n{url}\n\nDer Link gilt {days} Tage. Wenn du "
        "das nicht angefordert hast, beachte diese Mail nicht: Du bekommst keine weitere.\n",
    ),
    "cs": (
        "Potvrď svou e-mailovou adresu pro Tafelrunde",
        "Dobrý den, {name},\n\npotvrď prosím tímto odkazem, že ti Tafelrunde smí na tuto "
        "adresu posílat připomínky:\n\n{url}\n\nOdkaz platí {days} dní. Pokud o to "
        "nestojíš, tohoto e-mailu si nevšímej: nic dalšího ti nepřijde.\n",
    ),
}


def send_confirmation(settings: Settings, confirmation: Confirmation) -> bool:
    """Mail the confirmation link; whether the mail server took it (a failure is not an
    error of the request: the address is saved, the account may ask for another mail)."""
    subject, text = CONFIRM_MAIL.get(confirmation.language, CONFIRM_MAIL["en"])
    letter = mail.compose(
        settings,
        confirmation.address,
        subject,
        text.format(name=confirmation.name, url=confirmation.url, days=links.CONFIRM_DAYS),
    )
    try:
        mail.send(settings, letter)
    except mail.MailFailed:
        return False
    return True


def unsubscribe_url(db: Database, settings: Settings, account_id: int, address: str) -> str:
    """The one-click unsubscribe link of every nudge mail to ``address`` (send_email's
    ``unsubscribe_url``); it works for as long as the account keeps that address."""
    token = links.make_token(link_secret(db), "unsubscribe", account_id, address, utcnow())
    return links.link_url(settings, "unsubscribe", token)


@dataclass(frozen=True)
class LinkOutcome:
    """What a confirmation or unsubscribe link did: ``ok`` (or it was invalid, expired or
    for an address no longer the account's), in the account's language when known."""

    ok: bool
    language: str = "en"
    address: str | None = None


def check_link(
    db: Database, purpose: links.Purpose, token: str | None, now: datetime | None = None
) -> LinkOutcome:
    """Whether ``token`` is a valid link of ``purpose`` now (nothing changed)."""
    now = now or utcnow()
    link = links.read_token(token)
    if link is None:
        return LinkOutcome(False)
    secret = link_secret(db)
    with db.session() as session:
        account = session.get(AccountRow, link.account_id)
        if account is None or account.disabled_at is not None:
            return LinkOutcome(False)
        address = (account.notify or {}).get("email")
        ok = links.verify(secret, purpose, link, address, now)
        return LinkOutcome(ok, account.language, address if ok else None)


def confirm_email(db: Database, token: str | None, now: datetime | None = None) -> LinkOutcome:
    """Mark the address a confirmation link was made for as confirmed."""
    return _follow(db, "confirm", token, now)


def unsubscribe(db: Database, token: str | None, now: datetime | None = None) -> LinkOutcome:
    """Switch e-mail nudges off (the address is removed) for an unsubscribe link's account."""
    return _follow(db, "unsubscribe", token, now)


def _follow(
    db: Database, purpose: links.Purpose, token: str | None, now: datetime | None
) -> LinkOutcome:
    now = now or utcnow()
    link = links.read_token(token)
    if link is None:
        return LinkOutcome(False)
    secret = link_secret(db)
    with db.session() as session, db.write(session):
        account = session.get(AccountRow, link.account_id)
        if account is None or account.disabled_at is not None:
            return LinkOutcome(False)
        before = dict(account.notify or {})
        address = before.get("email")
        if not links.verify(secret, purpose, link, address, now):
            return LinkOutcome(False, account.language)
        notify = dict(before)
        if purpose == "confirm":
            notify["email_confirmed"] = True
        else:
            notify["email"] = None
            notify["email_confirmed"] = False
        account.notify = notify
        _skip_switched_off(session, account.id, before, notify)
        return LinkOutcome(True, account.language, address)


def _account(session: Session, account_id: int) -> AccountRow:
    account = session.get(AccountRow, account_id)
    if account is None:
        raise ApiError("not_signed_in", "sign in first (POST /api/auth/login)")
    return account


def _skip_switched_off(
    session: Session, account_id: int, before: dict[str, Any], after: dict[str, Any]
) -> None:
    """Nudges still waiting for a channel just switched off (or pointed elsewhere: a new
    address must be confirmed first) are skipped, not sent."""
    off = []
    if before.get("webhook_url") and not after.get("webhook_url"):
        off.append("webhook")
    if before.get("email") and (
        not after.get("email")
        or after.get("email") != before.get("email")
        or not after.get("email_confirmed")
    ):
        off.append("email")
    if before.get("push") and not after.get("push"):
        off.append("push")
    if off:
        session.execute(
            update(DeliveryRow)
            .where(
                DeliveryRow.account_id == account_id,
                DeliveryRow.channel.in_(off),
                DeliveryRow.status == "pending",
            )
            .values(status="skipped", last_error="the channel was switched off")
        )
