"""E-mail nudges (issue 38, item 4) against a real local SMTP server (aiosmtpd): an address
is confirmed by a link before any nudge goes to it; every nudge mail carries a one-click
unsubscribe link (RFC 8058) that works without signing in; the mail server's refusals say
whether to try again."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from datetime import timedelta
from email.message import Message as Mail
from typing import Any
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from app.core.config import Settings
from app.db.models import AccountRow, DeliveryRow, utcnow
from app.services.nudges import channels_of, choices
from app.services.nudges.channels import DeliveryFailed, Message, send_email
from tests.support.channels import Mailbox, app_client, notify_of, sign_in, smtp_server

pytestmark = pytest.mark.filterwarnings(
    "ignore:Requiring AUTH while not requiring TLS:UserWarning"  # the local test server's
)

PUBLIC = "https://games.example.org"
MESSAGE = Message(
    kind="your_turn",
    title="Your turn: Dschingis Khan",
    body="Bo has moved. It is your turn at the table with Bo and Cy.",
    url=f"{PUBLIC}/play/abc123",
    game_id="abc123",
    delivery_id=4711,
)


def mail_settings(port: int, **more: Any) -> dict[str, Any]:
    return {
        "smtp_host": "127.0.0.1",
        "smtp_port": port,
        "smtp_security": "none",
        "smtp_from": "Tafelrunde <games@example.org>",
        "public_url": PUBLIC,
        **more,
    }


@pytest.fixture
def mailbox() -> Iterator[tuple[int, Mailbox]]:
    with smtp_server() as server:
        yield server


@pytest.fixture
def client(database_url: str, mailbox: tuple[int, Mailbox]) -> Iterator[TestClient]:
    with app_client(database_url, **mail_settings(mailbox[0])) as c:
        yield c


def body_of(mail: Mail) -> str:
    payload = mail.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode(mail.get_content_charset() or "utf-8")


def local(url: str) -> str:
    """The path and query of one of the server's own links (the test client has no host)."""
    parts = urlsplit(url)
    return f"{parts.path}?{parts.query}"


def confirmed_account(client: TestClient, db: Any, box: Mailbox, address: str) -> int:
    account = sign_in(client, db)
    r = client.put("/api/me/notifications", json={"email": address})
    assert r.status_code == 200, r.text
    link = re.search(r"https://\S+/api/nudges/confirm\?token=\S+", body_of(box.messages[-1]))
    assert link
    assert client.get(local(link.group(0))).status_code == 200
    return account


# ---- confirming an address -----------------------------------------------------------------


def test_a_new_address_gets_a_confirmation_link_and_no_nudge_before_it_is_opened(
    client: TestClient, db: Any, mailbox: tuple[int, Mailbox]
) -> None:
    _port, box = mailbox
    account = sign_in(client, db, name="Ada")
    r = client.put("/api/me/notifications", json={"email": "  ada@Example.ORG "})
    assert r.status_code == 200, r.text
    assert r.json()["email"] == "ada@example.org"
    assert r.json()["email_confirmed"] is False
    assert r.json()["confirmation_sent"] is True

    (mail,) = box.messages
    assert box.envelopes[0][1] == ["ada@example.org"]
    assert mail["To"] == "ada@example.org"
    assert mail["From"] == "Tafelrunde <games@example.org>"
    assert mail["Subject"] == "Confirm your e-mail address for Tafelrunde"
    body = body_of(mail)
    assert body.startswith("Hello Ada,")
    link = re.search(r"https://games\.example\.org/api/nudges/confirm\?token=\S+", body)
    assert link, body

    with Session(db) as session:  # no e-mail channel until the address is confirmed
        row = session.get(AccountRow, account)
        assert row is not None
        assert "email" not in channels_of(session, row)

    page = client.get(local(link.group(0)))
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert "ada@example.org" in page.text
    assert client.get("/api/me/notifications").json()["email_confirmed"] is True
    with Session(db) as session:
        row = session.get(AccountRow, account)
        assert row is not None
        assert "email" in channels_of(session, row)
    assert client.get(local(link.group(0))).status_code == 200  # opened twice: still fine


def test_the_confirmation_follows_the_account_language(
    client: TestClient, db: Any, mailbox: tuple[int, Mailbox]
) -> None:
    _port, box = mailbox
    sign_in(client, db, name="Bo", language="de")
    client.put("/api/me/notifications", json={"email": "bo@example.org"})
    assert box.messages[0]["Subject"] == "Bestätige deine E-Mail-Adresse für Tafelrunde"
    assert body_of(box.messages[0]).startswith("Hallo Bo,")
    link = re.search(r"https://\S+confirm\?token=\S+", body_of(box.messages[0]))
    assert link
    page = client.get(local(link.group(0)))
    assert '<html lang="de">' in page.text and "Danke" in page.text


def test_a_czech_account_gets_its_confirmation_and_pages_in_czech(
    client: TestClient, db: Any, mailbox: tuple[int, Mailbox]
) -> None:
    _port, box = mailbox
    sign_in(client, db, name="Eliška", language="cs")
    client.put("/api/me/notifications", json={"email": "eliska@example.org"})
    assert box.messages[0]["Subject"] == "Potvrď svou e-mailovou adresu pro Tafelrunde"
    assert body_of(box.messages[0]).startswith("Dobrý den, Eliška,")
    link = re.search(r"https://\S+confirm\?token=\S+", body_of(box.messages[0]))
    assert link
    page = client.get(local(link.group(0)))
    assert '<html lang="cs">' in page.text and "Děkujeme" in page.text
    assert "eliska@example.org" in page.text


def test_a_confirmation_link_is_refused_when_expired_changed_or_forged(
    client: TestClient, db: Any, mailbox: tuple[int, Mailbox]
) -> None:
    _port, box = mailbox
    account = sign_in(client, db)
    client.put("/api/me/notifications", json={"email": "ada@example.org"})
    url = re.search(r"https://\S+confirm\?token=(\S+)", body_of(box.messages[0]))
    assert url
    token = url.group(1)
    database = client.app.state.service.db  # type: ignore[attr-defined]

    later = utcnow() + timedelta(days=2, minutes=1)
    assert not choices.confirm_email(database, token, now=later).ok  # two days are over
    account_id, expires, mac = token.split(".")
    for forged in (
        f"{int(account_id) + 1}.{expires}.{mac}",  # another account
        f"{account_id}.{int(expires) + 86400}.{mac}",  # a longer life
        f"{account_id}.{expires}.{mac[:-2]}AA",
        "",
        "garbage",
    ):
        r = client.get("/api/nudges/confirm", params={"token": forged})
        assert r.status_code == 400
        assert "not valid" in r.text
    assert notify_of(db, account)["email_confirmed"] is False

    # The address changes (after the minute between confirmation mails): the old link is void.
    notify = notify_of(db, account)
    notify["confirmation_sent_at"] = (utcnow() - timedelta(minutes=2)).isoformat()
    with Session(db) as session:
        row = session.get(AccountRow, account)
        assert row is not None
        row.notify = notify
        session.commit()
    assert (
        client.put("/api/me/notifications", json={"email": "ada@other.example"}).status_code == 200
    )
    assert client.get("/api/nudges/confirm", params={"token": token}).status_code == 400
    assert client.get("/api/me/notifications").json()["email_confirmed"] is False
    new = re.search(r"confirm\?token=(\S+)", body_of(box.messages[1]))
    assert new
    assert client.get("/api/nudges/confirm", params={"token": new.group(1)}).status_code == 200


def test_confirmation_mails_are_limited_to_one_a_minute(
    client: TestClient, db: Any, mailbox: tuple[int, Mailbox]
) -> None:
    _port, box = mailbox
    account = sign_in(client, db)
    assert client.put("/api/me/notifications", json={"email": "ada@example.org"}).status_code == 200
    before = notify_of(db, account)
    r = client.put("/api/me/notifications", json={"email": "victim@example.org"})
    assert r.status_code == 429
    assert r.json()["error"]["code"] == "rate_limited"
    assert r.headers["retry-after"] == "60"
    r = client.post("/api/me/notifications/email-confirmation")
    assert r.status_code == 429
    assert notify_of(db, account) == before
    assert len(box.messages) == 1

    # The same address again (every field sent back, as a settings page does): no new mail.
    settings = client.get("/api/me/notifications").json()
    r = client.put("/api/me/notifications", json={**settings, "push": True})
    assert r.status_code == 200 and r.json()["confirmation_sent"] is None
    assert len(box.messages) == 1


def test_a_confirmation_can_be_sent_again(
    client: TestClient, db: Any, mailbox: tuple[int, Mailbox]
) -> None:
    _port, box = mailbox
    account = sign_in(client, db)
    r = client.post("/api/me/notifications/email-confirmation")
    assert r.status_code == 409 and r.json()["error"]["code"] == "no_email"
    client.put("/api/me/notifications", json={"email": "ada@example.org"})
    with Session(db) as session:
        row = session.get(AccountRow, account)
        assert row is not None
        row.notify = {
            **row.notify,
            "confirmation_sent_at": (utcnow() - timedelta(seconds=61)).isoformat(),
        }
        session.commit()
    r = client.post("/api/me/notifications/email-confirmation")
    assert r.status_code == 202 and r.json() == {"sent": True}
    assert len(box.messages) == 2
    link = re.search(r"confirm\?token=(\S+)", body_of(box.messages[1]))
    assert link
    assert client.get("/api/nudges/confirm", params={"token": link.group(1)}).status_code == 200
    r = client.post("/api/me/notifications/email-confirmation")
    assert r.status_code == 409 and r.json()["error"]["code"] == "email_confirmed"


@pytest.mark.parametrize(
    "address",
    [
        "ada",
        "ada@",
        "@example.org",
        "ada@localhost",
        "ada @example.org",
        "ada@example.org\r\nBcc: all@example.org",
        "Ada <ada@example.org>",
        "ada@exa mple.org",
        "a" * 250 + "@example.org",
    ],
)
def test_an_address_that_is_not_one_is_refused(
    client: TestClient, db: Any, mailbox: tuple[int, Mailbox], address: str
) -> None:
    account = sign_in(client, db)
    r = client.put("/api/me/notifications", json={"email": address})
    assert r.status_code == 400, r.text
    assert r.json()["error"]["code"] in ("bad_email", "bad_request")
    assert notify_of(db, account) == {}
    assert mailbox[1].messages == []


def test_without_smtp_there_is_no_email(database_url: str, db: Any) -> None:
    with app_client(database_url) as client:
        sign_in(client, db)
        assert client.get("/api/me/notifications").json()["email_available"] is False
        r = client.put("/api/me/notifications", json={"email": "ada@example.org"})
        assert r.status_code == 400
        assert r.json()["error"]["code"] == "email_unavailable"


# ---- nudge mails and unsubscribing ---------------------------------------------------------


def test_a_nudge_mail_has_its_link_and_a_one_click_unsubscribe(
    client: TestClient, db: Any, mailbox: tuple[int, Mailbox]
) -> None:
    port, box = mailbox
    account = confirmed_account(client, db, box, "ada@example.org")
    settings = Settings(**mail_settings(port))
    database = client.app.state.service.db  # type: ignore[attr-defined]
    unsubscribe = choices.unsubscribe_url(database, settings, account, "ada@example.org")
    send_email(settings, "ada@example.org", MESSAGE, unsubscribe_url=unsubscribe)

    mail = box.messages[-1]
    assert mail["Subject"] == MESSAGE.title
    assert mail["To"] == "ada@example.org"
    assert mail["Message-ID"] == "<nudge.4711@example.org>"  # the same delivery, the same id
    assert mail["List-Unsubscribe"] == f"<{unsubscribe}>"
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert mail["Auto-Submitted"] == "auto-generated"
    body = body_of(mail)
    assert MESSAGE.body in body and MESSAGE.url in body and unsubscribe in body
    assert unsubscribe.startswith(f"{PUBLIC}/api/nudges/unsubscribe?token=")

    # A pending e-mail nudge is skipped once e-mail is off.
    with Session(db) as session:
        session.add(
            DeliveryRow(
                account_id=account,
                channel="email",
                dedupe_key="turn:abc123:0:7",
                event={"kind": "your_turn", "game_id": "abc123"},
            )
        )
        session.commit()

    # The mail reader's one-click POST (RFC 8058): no cookie, no sign-in.
    outsider = TestClient(client.app)
    r = outsider.post(
        local(unsubscribe),
        content=b"List-Unsubscribe=One-Click",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert r.status_code == 200, r.text
    assert "ada@example.org" in r.text
    assert client.get("/api/me/notifications").json()["email"] is None
    assert notify_of(db, account)["email_confirmed"] is False
    with Session(db) as session:
        status = session.scalar(select(DeliveryRow.status).where(DeliveryRow.account_id == account))
        assert status == "skipped"
        row = session.get(AccountRow, account)
        assert row is not None
        assert "email" not in channels_of(session, row)
    again = outsider.post(local(unsubscribe), content=b"List-Unsubscribe=One-Click")
    assert again.status_code == 400  # nothing left to unsubscribe; nothing changed


def test_the_unsubscribe_page_asks_before_it_changes_anything(
    client: TestClient, db: Any, mailbox: tuple[int, Mailbox]
) -> None:
    port, box = mailbox
    account = confirmed_account(client, db, box, "ada@example.org")
    database = client.app.state.service.db  # type: ignore[attr-defined]
    url = choices.unsubscribe_url(
        database, Settings(**mail_settings(port)), account, "ada@example.org"
    )
    outsider = TestClient(client.app)
    page = outsider.get(local(url))
    assert page.status_code == 200
    assert '<form method="post"' in page.text and "<button" in page.text
    assert notify_of(db, account)["email"] == "ada@example.org"  # a GET changes nothing
    action = re.search(r'action="([^"]+)"', page.text)
    assert action
    assert outsider.post(action.group(1).replace("&amp;", "&")).status_code == 200
    assert notify_of(db, account)["email"] is None
    forged = outsider.get("/api/nudges/unsubscribe", params={"token": "1.0.AAAA"})
    assert forged.status_code == 400


def test_an_unsubscribe_link_stops_working_for_a_changed_address(
    client: TestClient, db: Any, mailbox: tuple[int, Mailbox]
) -> None:
    port, box = mailbox
    account = confirmed_account(client, db, box, "ada@example.org")
    database = client.app.state.service.db  # type: ignore[attr-defined]
    settings = Settings(**mail_settings(port))
    old = choices.unsubscribe_url(database, settings, account, "ada@example.org")
    other = sign_in(client, db, name="Bo")  # another account's link is no key to Ada's
    assert other != account
    with Session(db) as session:
        row = session.get(AccountRow, account)
        assert row is not None
        row.notify = {**row.notify, "email": "ada@new.example", "email_confirmed": True}
        session.commit()
    assert TestClient(client.app).post(local(old)).status_code == 400
    assert notify_of(db, account)["email"] == "ada@new.example"


# ---- the mail server ----------------------------------------------------------------------


def test_the_mail_server_login_is_used(db: Any) -> None:
    with smtp_server(login=("tafelrunde", "s3cret-pass")) as (port, box):
        settings = Settings(
            **mail_settings(port, smtp_user="tafelrunde", smtp_password="s3cret-pass")
        )
        send_email(settings, "ada@example.org", MESSAGE, unsubscribe_url=f"{PUBLIC}/u")
        assert box.logins == [("tafelrunde", "s3cret-pass")]
        assert len(box.messages) == 1
        wrong = Settings(**mail_settings(port, smtp_user="tafelrunde", smtp_password="wrong"))
        with pytest.raises(DeliveryFailed) as failed:
            send_email(wrong, "ada@example.org", MESSAGE, unsubscribe_url=f"{PUBLIC}/u")
        assert "login" in failed.value.message and "wrong" not in failed.value.message
        assert len(box.messages) == 1


def test_a_refused_recipient_is_not_tried_again() -> None:
    with smtp_server(refuse=("gone@example.org",)) as (port, box):
        with pytest.raises(DeliveryFailed) as failed:
            send_email(
                Settings(**mail_settings(port)),
                "gone@example.org",
                MESSAGE,
                unsubscribe_url=f"{PUBLIC}/u",
            )
        assert failed.value.retry is False
        assert box.messages == []


def test_an_unreachable_mail_server_is_tried_again() -> None:
    with smtp_server() as (port, _box):
        pass  # stopped: nobody listens on the port any more
    with pytest.raises(DeliveryFailed) as failed:
        send_email(Settings(**mail_settings(port)), "ada@example.org", MESSAGE, unsubscribe_url="u")
    assert failed.value.retry is True


def test_starttls_is_required_when_chosen() -> None:
    """SMTP_SECURITY=starttls with a server that offers none: a failure, never clear text."""
    with smtp_server() as (port, box):
        settings = Settings(**mail_settings(port, smtp_security="starttls"))
        with pytest.raises(DeliveryFailed) as failed:
            send_email(settings, "ada@example.org", MESSAGE, unsubscribe_url=f"{PUBLIC}/u")
        assert "STARTTLS" in failed.value.message
        assert box.messages == []


def test_the_mail_password_never_reaches_the_log(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with smtp_server(login=("tafelrunde", "right-pass")) as (port, _box):
        for password in ("right-pass", "WRONG-SECRET-PASS"):
            settings = Settings(
                **mail_settings(port, smtp_user="tafelrunde", smtp_password=password)
            )
            try:
                send_email(settings, "ada@example.org", MESSAGE, unsubscribe_url=f"{PUBLIC}/u")
            except DeliveryFailed as failed:
                assert "PASS" not in str(failed)
    assert "right-pass" not in caplog.text and "WRONG-SECRET-PASS" not in caplog.text
