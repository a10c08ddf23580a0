"""The three ways a nudge reaches a player with no page open: Web Push, e-mail, a webhook.

The senders are plain blocking functions: the runner (runner.py) calls them in a worker
thread, outside any database transaction, and reads their outcome: they return when the
other side took the message, or raise ``DeliveryFailed`` whose ``retry`` says whether a later
attempt may succeed (a timeout, a 5xx, a 429) or not (a 404 webhook, a refused address, a
push subscription the browser dropped). A failure's message names its kind or status code,
never a URL (webhook URLs hold their secret in the path), a token or a password: the
runner may keep it in ``deliveries.last_error``.

Formats (docs/API.md, "Notifications"): a webhook's body follows the service its URL
belongs to (Discord, Slack, ntfy, else plain JSON); e-mail is plain text with RFC 8058
one-click unsubscribe; Web Push is RFC 8291 encryption (aes128gcm, pywebpush) with RFC 8292
VAPID (py_vapid) of a small JSON object the service worker (static/sw.js) shows.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from email.header import Header
from email.utils import parseaddr
from typing import Any, Literal

import httpx
from pywebpush import WebPusher, WebPushException
from sqlalchemy import delete, select

from app.core.config import VERSION, Settings
from app.db.models import PushSubscriptionRow
from app.db.session import Database
from app.services.nudges import mail, outbound
from app.services.nudges.keys import VapidKeys
from app.services.nudges.links import public_base


@dataclass(frozen=True)
class Message:
    """One nudge, in the account's language (built by the runner's texts). ``url``: the
    absolute address to open (a game's page, the friends page). Public facts only."""

    kind: str
    title: str
    body: str
    url: str
    game_id: str | None
    delivery_id: int


class DeliveryFailed(Exception):
    """The channel did not take the message. ``retry``: trying again later may work."""

    def __init__(self, message: str, retry: bool = True) -> None:
        super().__init__(message)
        self.message = message
        self.retry = retry


class SubscriptionGone(DeliveryFailed):
    """The push service answered 404 or 410: the browser dropped this subscription for good
    (``deliver_push`` deletes it)."""

    def __init__(self, message: str, endpoint_hash: str) -> None:
        super().__init__(message, retry=False)
        self.endpoint_hash = endpoint_hash


USER_AGENT = f"Tafelrunde/{VERSION} (nudges)"
DELIVERY_HEADER = "X-Tafelrunde-Delivery"
MAX_TEXT = 1500
"""A message's body is cut to this many characters (Discord takes 2000 per message)."""


def _failed_status(channel: str, status: int) -> DeliveryFailed:
    if 300 <= status < 400:
        return DeliveryFailed(
            f"the {channel} answered with a redirect ({status}); redirects are not followed",
            retry=False,
        )
    retry = status in (408, 425, 429) or status >= 500
    return DeliveryFailed(f"the {channel} answered {status}", retry=retry)


def _post(
    channel: str,
    url: str,
    content: bytes,
    headers: dict[str, str],
    *,
    allow_private: bool,
    timeout: float,
) -> outbound.Answer:
    try:
        target = outbound.check(url, allow_private=allow_private, what=f"{channel} URL")
        return outbound.post(target, content, headers, timeout=timeout)
    except outbound.Refused as exc:
        raise DeliveryFailed(exc.reason, retry=exc.transient) from None
    except outbound.CallFailed as exc:
        what = "did not answer in time" if exc.kind == "timeout" else "could not be reached"
        raise DeliveryFailed(f"the {channel} {what}", retry=True) from None


# ---- webhooks ----------------------------------------------------------------------------

WebhookForm = Literal["discord", "slack", "ntfy", "json"]
FORMS: tuple[WebhookForm, ...] = ("discord", "slack", "ntfy", "json")
DISCORD_HOSTS = (
    "discord.com",
    "discordapp.com",
    "ptb.discord.com",
    "canary.discord.com",
)


def webhook_form(url: str) -> WebhookForm:
    """The body a webhook URL wants. Named by the URL's fragment (``#discord``, ``#slack``,
    ``#ntfy``, ``#json``: never sent, for a self-hosted service with another name), else
    recognised: ``discord.com/api/webhooks/...`` (or discordapp.com), ``hooks.slack.com``,
    a host with ``ntfy`` in its name; anything else gets plain JSON."""
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, ValueError):
        return "json"
    hint = parsed.fragment.lower()
    for form in FORMS:
        if hint == form:
            return form
    host = parsed.raw_host.decode("ascii").lower().rstrip(".")
    if host in DISCORD_HOSTS and parsed.path.startswith("/api/webhooks/"):
        return "discord"
    if host == "hooks.slack.com":
        return "slack"
    if "ntfy" in host:
        return "ntfy"
    return "json"


def _cut(text: str, limit: int = MAX_TEXT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _slack_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def webhook_request(url: str, message: Message) -> tuple[bytes, dict[str, str]]:
    """The body and headers of ``message`` for the webhook at ``url``."""
    headers = {"User-Agent": USER_AGENT, DELIVERY_HEADER: str(message.delivery_id)}
    body = _cut(message.body)
    form = webhook_form(url)
    payload: dict[str, Any]
    if form == "ntfy":
        headers["Content-Type"] = "text/plain; charset=utf-8"
        # Header values are Latin-1 on the wire; ntfy reads RFC 2047 ("=?utf-8?b?...?=").
        headers["Title"] = Header(message.title, "utf-8").encode()
        headers["Click"] = message.url
        return body.encode("utf-8"), headers
    if form == "discord":
        # No @everyone, role or user pings, whatever a player's name says.
        text = f"**{message.title}**\n{body}\n{message.url}"
        payload = {"content": _cut(text, 2000), "allowed_mentions": {"parse": []}}
    elif form == "slack":
        text = f"*{_slack_escape(message.title)}*\n{_slack_escape(body)}\n<{message.url}>"
        payload = {"text": text}
    else:
        payload = {
            "kind": message.kind,
            "title": message.title,
            "body": body,
            "url": message.url,
            "game_id": message.game_id,
        }
    headers["Content-Type"] = "application/json"
    return json.dumps(payload, ensure_ascii=False).encode("utf-8"), headers


def send_webhook(url: str, message: Message, *, allow_private: bool, timeout: float = 10) -> None:
    """POST ``message`` to the webhook ``url`` (checked and resolved once: outbound.py)."""
    content, headers = webhook_request(url, message)
    answer = _post("webhook", url, content, headers, allow_private=allow_private, timeout=timeout)
    if not 200 <= answer.status < 300:
        raise _failed_status("webhook", answer.status)


# ---- e-mail ------------------------------------------------------------------------------

FOOTER = {
    "en": "You get this mail because you switched on e-mail reminders at Tafelrunde.\n"
    "Stop them with one click: {url}",
    "de": "Du bekommst diese Mail, weil du bei Tafelrunde Erinnerungen per E-Mail "
    "eingeschaltet hast.\nMit einem Klick abbestellen: {url}",
    "cs": "Tento e-mail dostáváš, protože máš na Tafelrunde zapnuté připomínky e-mailem.\n"
    "Odhlásit je jedním kliknutím: {url}",
}


def email_text(message: Message, unsubscribe_url: str, language: str = "en") -> str:
    footer = FOOTER.get(language, FOOTER["en"]).format(url=unsubscribe_url)
    return f"{message.body}\n\n{message.url}\n\n-- \n{footer}\n"


def send_email(
    settings: Settings,
    to: str,
    message: Message,
    *,
    unsubscribe_url: str,
    language: str = "en",
    timeout: float = 30,
) -> None:
    """Mail ``message`` to ``to`` (a confirmed address) through the operator's SMTP server.
    The Message-ID is made from the delivery's id: a delivery sent twice (a process killed
    after the server took it) is one message to the mail reader."""
    letter = mail.compose(
        settings,
        to,
        message.title,
        email_text(message, unsubscribe_url, language),
        message_id=f"nudge.{message.delivery_id}",
        unsubscribe_url=unsubscribe_url,
    )
    try:
        mail.send(settings, letter, timeout=timeout)
    except mail.MailFailed as exc:
        raise DeliveryFailed(exc.reason, retry=exc.retry) from None


# ---- Web Push ----------------------------------------------------------------------------

PUSH_TTL = 24 * 3600
"""Seconds a push service keeps a message for a browser that is offline."""
VAPID_HOURS = 12
"""A VAPID signature's lifetime (RFC 8292 allows at most 24 hours)."""


def vapid_subject(settings: Settings) -> str:
    """Who push services may contact about this server (VAPID's ``sub``): ``mailto:`` the
    sender of e-mail, else ``PUBLIC_URL`` when it is https, else a placeholder."""
    _name, address = parseaddr(settings.smtp_from)
    if "@" in address:
        return f"mailto:{address}"
    base = public_base(settings)
    if base.startswith("https://"):
        return base
    return "mailto:tafelrunde@localhost"


def push_payload(message: Message) -> bytes:
    """What the service worker gets (static/sw.js): small JSON, well under 4 KB."""
    data = {
        "kind": message.kind,
        "title": _cut(message.title, 200),
        "body": _cut(message.body, 1000),
        "url": message.url,
        "game_id": message.game_id,
        "tag": f"game:{message.game_id}" if message.game_id else message.kind,
    }
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


def send_push(
    subscription: PushSubscriptionRow,
    message: Message,
    vapid: VapidKeys,
    *,
    subject: str,
    allow_private: bool,
    ttl: int = PUSH_TTL,
    timeout: float = 10,
    now: float | None = None,
) -> None:
    """Encrypt ``message`` to the subscription's keys (aes128gcm) and POST it to its push
    service, signed with the server's VAPID key. Raises ``SubscriptionGone`` on 404/410."""
    info = {
        "endpoint": subscription.endpoint,
        "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
    }
    try:
        encrypted = WebPusher(info).encode(push_payload(message), "aes128gcm")["body"]
    except (WebPushException, ValueError, TypeError):
        raise DeliveryFailed("the push subscription's keys are not usable", retry=False) from None
    try:
        endpoint = httpx.URL(subscription.endpoint)
    except (httpx.InvalidURL, ValueError):
        raise DeliveryFailed("the push endpoint is not a valid URL", retry=False) from None
    claims = {
        "aud": f"{endpoint.scheme}://{endpoint.netloc.decode('ascii')}",
        "sub": subject,
        "exp": int(now if now is not None else time.time()) + VAPID_HOURS * 3600,
    }
    headers = {
        **vapid.signer.sign(claims),
        "User-Agent": USER_AGENT,
        "Content-Type": "application/octet-stream",
        "Content-Encoding": "aes128gcm",
        "TTL": str(ttl),
        "Urgency": "normal",
        # At most 32 base64url characters (RFC 8030): a retried delivery replaces the one
        # the push service still holds instead of arriving twice.
        "Topic": f"tafelrunde-{message.delivery_id}"[:32],
    }
    answer = _post(
        "push service",
        subscription.endpoint,
        encrypted,
        headers,
        allow_private=allow_private,
        timeout=timeout,
    )
    if answer.status in (404, 410):
        raise SubscriptionGone(
            f"the push service answered {answer.status}: the subscription is gone",
            subscription.endpoint_hash,
        )
    if not 200 <= answer.status < 300:
        raise _failed_status("push service", answer.status)


def deliver_push(
    db: Database, settings: Settings, account_id: int, message: Message, vapid: VapidKeys
) -> int:
    """``message`` to every push subscription of the account (its phone, its laptop);
    returns to how many it went. Subscriptions the push service calls gone are deleted.
    Raises ``DeliveryFailed`` when it reached none: ``retry`` if one may work later. Reads
    and deletes in short transactions of their own, never open while sending."""
    with db.session() as session:
        subscriptions = list(
            session.scalars(
                select(PushSubscriptionRow)
                .where(PushSubscriptionRow.account_id == account_id)
                .order_by(PushSubscriptionRow.id)
            )
        )
    subject = vapid_subject(settings)
    sent, gone, failures = 0, [], []
    for subscription in subscriptions:
        try:
            send_push(
                subscription,
                message,
                vapid,
                subject=subject,
                allow_private=settings.allow_private_webhooks,
            )
            sent += 1
        except SubscriptionGone as exc:
            gone.append(exc.endpoint_hash)
        except DeliveryFailed as exc:
            failures.append(exc)
    if gone:
        forget_subscriptions(db, gone)
    if sent:
        return sent
    if failures:
        raise DeliveryFailed(failures[0].message, retry=any(f.retry for f in failures))
    raise DeliveryFailed("the account has no push subscription left", retry=False)


def forget_subscriptions(db: Database, endpoint_hashes: list[str]) -> None:
    with db.session() as session, db.write(session):
        session.execute(
            delete(PushSubscriptionRow).where(
                PushSubscriptionRow.endpoint_hash.in_(endpoint_hashes)
            )
        )
