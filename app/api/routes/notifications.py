"""Notifications: an account's nudge channels and choices, Web Push subscriptions, and the
links in e-mails (confirm an address, unsubscribe with one click). docs/API.md,
"Notifications"; the senders are app/services/nudges/channels.py.
"""

from __future__ import annotations

from html import escape
from typing import Annotated

from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr

from app.api.deps import AccountDep, ServiceDep
from app.api.schemas import ERRORS, Strict
from app.core.config import Settings
from app.services.nudges import choices as nudge_choices
from app.services.nudges import links, mail, subscriptions
from app.services.nudges.choices import MAX_DIGEST_HOURS, Choices
from app.services.nudges.keys import vapid_keys
from app.services.nudges.outbound import MAX_URL

router = APIRouter(tags=["notifications"], responses=ERRORS)


# ---- bodies --------------------------------------------------------------------------------


class NotificationsOut(BaseModel):
    webhook_url: str | None = Field(
        description="Where webhook nudges go (the account's own URL, shown only to it)."
    )
    email: str | None = Field(description="Where e-mail nudges go once confirmed.")
    email_confirmed: bool = Field(
        description="Read-only: the address's confirmation link was opened. E-mail nudges "
        "go only to a confirmed address."
    )
    push: bool = Field(description="Web Push to this account's subscribed browsers.")
    always: bool = Field(
        description="Nudge even while a page of the game is open (default: not then)."
    )
    digest_hours: int = Field(
        description="0: a nudge per event. 1 to 168: for correspondence games, at most one "
        "message every N hours listing the games where it is your turn."
    )
    email_available: bool = Field(description="Read-only: this server sends e-mail (SMTP).")
    push_devices: int = Field(description="Read-only: browsers subscribed to Web Push.")


class NotificationsSaved(NotificationsOut):
    confirmation_sent: bool | None = Field(
        description="A new address was saved: whether its confirmation mail went out "
        "(false: ask again with POST /api/me/notifications/email-confirmation). null: no "
        "new address."
    )


class NotificationsIn(Strict):
    webhook_url: StrictStr | None = Field(
        None,
        max_length=MAX_URL,
        description="https URL of a Discord, Slack or ntfy webhook, or any URL taking JSON; "
        "null or empty: no webhook. Refused (400 webhook_refused) when it resolves to a "
        "private, loopback, link-local or other non-public address (unless the operator "
        "allows them), is not https, or does not resolve.",
    )
    email: StrictStr | None = Field(
        None,
        max_length=320,
        description="null or empty: no e-mail. A new address is sent a confirmation link "
        "first (400 bad_email, 400 email_unavailable without SMTP, 429 rate_limited within a "
        "minute of the last confirmation mail).",
    )
    push: StrictBool | None = None
    always: StrictBool | None = None
    digest_hours: StrictInt | None = Field(None, ge=0, le=MAX_DIGEST_HOURS)
    email_confirmed: StrictBool | None = Field(
        None, description="Read-only: accepted and ignored (so a GET's answer can be sent back)."
    )
    email_available: StrictBool | None = Field(None, description="Read-only: ignored.")
    push_devices: StrictInt | None = Field(None, description="Read-only: ignored.")


class PushKey(BaseModel):
    public_key: str = Field(
        description="The server's VAPID public key (base64url, uncompressed P-256 point): "
        "PushManager.subscribe's applicationServerKey."
    )


class SubscriptionKeys(Strict):
    p256dh: StrictStr = Field(max_length=200)
    auth: StrictStr = Field(max_length=100)


class PushSubscriptionIn(Strict):
    endpoint: StrictStr = Field(max_length=MAX_URL, description="PushSubscription.endpoint")
    keys: SubscriptionKeys
    expirationTime: int | float | None = Field(
        None, description="Sent by PushSubscription.toJSON(); ignored."
    )


class PushSubscriptionAnswer(BaseModel):
    new: bool = Field(
        description="false: the browser was subscribed already (maybe for "
        "another account: the subscription is this account's now)."
    )
    push_devices: int


class PushEndpoint(Strict):
    endpoint: StrictStr = Field(max_length=MAX_URL)


class ConfirmationAnswer(BaseModel):
    sent: bool = Field(description="Whether the mail server took the confirmation mail.")


# ---- the account's settings ----------------------------------------------------------------


def _out(choices: Choices, settings: Settings, devices: int) -> dict[str, object]:
    return {
        "webhook_url": choices.webhook_url,
        "email": choices.email,
        "email_confirmed": choices.email_confirmed,
        "push": choices.push,
        "always": choices.always,
        "digest_hours": choices.digest_hours,
        "email_available": mail.available(settings),
        "push_devices": devices,
    }


@router.get("/api/me/notifications", response_model=NotificationsOut)
def get_notifications(
    request: Request, account: AccountDep, service: ServiceDep
) -> dict[str, object]:
    """The account's nudge channels and choices."""
    choices = nudge_choices.current(service.db, account.account_id)
    devices = subscriptions.count(service.db, account.account_id)
    return _out(choices, request.app.state.settings, devices)


@router.put("/api/me/notifications", response_model=NotificationsSaved)
def put_notifications(
    body: NotificationsIn, request: Request, account: AccountDep, service: ServiceDep
) -> dict[str, object]:
    """Change any of the writable fields (a field left out keeps its value). A new e-mail
    address is sent a confirmation link; nudges go to it only once that link is opened."""
    settings: Settings = request.app.state.settings
    writable = {"webhook_url", "email", "push", "always", "digest_hours"}
    changes = {k: getattr(body, k) for k in body.model_fields_set & writable}
    for key in ("push", "always", "digest_hours"):
        if key in changes and changes[key] is None:
            del changes[key]  # null: unchanged (these have no "none")
    choices, confirmation = nudge_choices.update_choices(
        service.db, settings, account.account_id, changes
    )
    sent = None
    if confirmation is not None:
        sent = nudge_choices.send_confirmation(settings, confirmation)
    devices = subscriptions.count(service.db, account.account_id)
    return {**_out(choices, settings, devices), "confirmation_sent": sent}


@router.post(
    "/api/me/notifications/email-confirmation",
    response_model=ConfirmationAnswer,
    status_code=202,
)
def resend_confirmation(
    request: Request, account: AccountDep, service: ServiceDep
) -> dict[str, bool]:
    """Send the confirmation link of the account's unconfirmed address again (at most once
    a minute)."""
    settings: Settings = request.app.state.settings
    confirmation = nudge_choices.resend_confirmation(service.db, settings, account.account_id)
    return {"sent": nudge_choices.send_confirmation(settings, confirmation)}


# ---- Web Push ------------------------------------------------------------------------------


@router.get("/api/push/key", response_model=PushKey)
def push_key(service: ServiceDep) -> dict[str, str]:
    """The VAPID public key browsers subscribe with (made on the server's first start)."""
    return {"public_key": vapid_keys(service.db).public_key}


@router.post("/api/me/push-subscriptions", response_model=PushSubscriptionAnswer, status_code=201)
def add_push_subscription(
    body: PushSubscriptionIn, request: Request, account: AccountDep, service: ServiceDep
) -> dict[str, object]:
    """This browser's push subscription (``PushSubscription.toJSON()``), for the account."""
    settings: Settings = request.app.state.settings
    new = subscriptions.subscribe(
        service.db,
        settings,
        account.account_id,
        body.endpoint,
        body.keys.p256dh,
        body.keys.auth,
    )
    return {"new": new, "push_devices": subscriptions.count(service.db, account.account_id)}


@router.delete("/api/me/push-subscriptions", status_code=204)
def delete_push_subscription(
    body: PushEndpoint, account: AccountDep, service: ServiceDep
) -> Response:
    """Forget this browser's subscription (204 also when the account had none there)."""
    subscriptions.unsubscribe(service.db, account.account_id, body.endpoint)
    return Response(status_code=204)


# ---- links in e-mails (no sign-in needed) --------------------------------------------------

PAGES = {
    "en": {
        "title": "Tafelrunde: e-mail reminders",
        "confirmed": "Thank you: reminders will now be sent to {address}.",
        "bad_confirm": "This confirmation link is not valid (any more): it expired after "
        "{days} days, or the address was changed since. Enter the address again in your "
        "account's notification settings to get a new link.",
        "ask": "Stop e-mail reminders to {address}?",
        "button": "Unsubscribe",
        "unsubscribed": "Done: no more reminders will be sent to {address}.",
        "bad_unsubscribe": "This link is not valid (any more). If reminders still reach "
        "you, switch them off in your account's notification settings.",
        "back": "Back to Tafelrunde",
    },
    "de": {
        "title": "Tafelrunde: Erinnerungen per E-Mail",
        "confirmed": "Danke: Erinnerungen gehen ab jetzt an {address}.",
        "bad_confirm": "Dieser Bestätigungslink gilt nicht (mehr): Er ist nach {days} Tagen "
        "abgelaufen, oder die Adresse wurde inzwischen geändert. Gib die Adresse in den "
        "Benachrichtigungen deines Kontos noch einmal ein, um einen neuen Link zu bekommen.",
        "ask": "Keine Erinnerungen mehr an {address} schicken?",
        "button": "Abbestellen",
        "unsubscribed": "Erledigt: An {address} gehen keine Erinnerungen mehr.",
        "bad_unsubscribe": "Dieser Link gilt nicht (mehr). Wenn dich noch Erinnerungen "
        "erreichen, schalte sie in den Benachrichtigungen deines Kontos aus.",
        "back": "Zurück zu Tafelrunde",
    },
    "cs": {
        "title": "Tafelrunde: připomínky e-mailem",
        "confirmed": "Děkujeme: připomínky teď budou chodit na {address}.",
        "bad_confirm": "Tento potvrzovací odkaz (už) neplatí: vypršel po {days} dnech, nebo "
        "se adresa mezitím změnila. Zadej adresu znovu v nastavení připomínek svého účtu a "
        "dostaneš nový odkaz.",
        "ask": "Přestat posílat připomínky na {address}?",
        "button": "Odhlásit odběr",
        "unsubscribed": "Hotovo: na {address} už žádné připomínky chodit nebudou.",
        "bad_unsubscribe": "Tento odkaz (už) neplatí. Pokud ti připomínky stále chodí, "
        "vypni je v nastavení připomínek svého účtu.",
        "back": "Zpět na Tafelrunde",
    },
}

Token = Annotated[str | None, Query(max_length=links.MAX_TOKEN, description="The link's token")]


def _page(language: str, key: str, status: int, *, address: str = "", form: str = "") -> Response:
    texts = PAGES.get(language, PAGES["en"])
    text = escape(texts[key].format(address=address, days=links.CONFIRM_DAYS))
    html = f"""<!doctype html>
<html lang="{escape(language if language in PAGES else "en")}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{escape(texts["title"])}</title>
  <link rel="stylesheet" href="/static/css/style.css">
  <link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
</head>
<body>
  <header class="top"><h1><a href="/">Tafelrunde</a></h1></header>
  <main>
    <section class="card">
      <h2>{escape(texts["title"])}</h2>
      <p role="status">{text}</p>
      {form}
      <p><a href="/">{escape(texts["back"])}</a></p>
    </section>
  </main>
</body>
</html>
"""
    return HTMLResponse(html, status_code=status, headers={"Cache-Control": "no-store"})


@router.get("/api/nudges/confirm", response_class=HTMLResponse, include_in_schema=True)
def confirm_email(token: Token, service: ServiceDep) -> Response:
    """Open the confirmation link of an e-mail: the address is confirmed (a small page
    says so; 400 for a link invalid, expired or made for another address)."""
    outcome = nudge_choices.confirm_email(service.db, token)
    if not outcome.ok:
        return _page(outcome.language, "bad_confirm", 400)
    return _page(outcome.language, "confirmed", 200, address=outcome.address or "")


@router.get("/api/nudges/unsubscribe", response_class=HTMLResponse)
def unsubscribe_page(token: Token, service: ServiceDep) -> Response:
    """The unsubscribe link opened in a browser: a page asking to confirm with a button
    (nothing changes on GET: mail scanners open links)."""
    outcome = nudge_choices.check_link(service.db, "unsubscribe", token)
    if not outcome.ok:
        return _page(outcome.language, "bad_unsubscribe", 400)
    texts = PAGES.get(outcome.language, PAGES["en"])
    action = escape(f"/api/nudges/unsubscribe?token={token}")
    form = (
        f'<form method="post" action="{action}">'
        f'<button type="submit">{escape(texts["button"])}</button></form>'
    )
    return _page(outcome.language, "ask", 200, address=outcome.address or "", form=form)


@router.post("/api/nudges/unsubscribe", response_class=HTMLResponse)
def unsubscribe(token: Token, service: ServiceDep) -> Response:
    """One-click unsubscribe (RFC 8058: the mail reader POSTs ``List-Unsubscribe=One-Click``;
    the page's button POSTs too): e-mail nudges off, the address removed. No sign-in."""
    outcome = nudge_choices.unsubscribe(service.db, token)
    if not outcome.ok:
        return _page(outcome.language, "bad_unsubscribe", 400)
    return _page(outcome.language, "unsubscribed", 200, address=outcome.address or "")
