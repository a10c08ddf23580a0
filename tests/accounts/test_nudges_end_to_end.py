"""A nudge from end to end (issue 38): a real server process (``python -m app`` on a free
port, its own SQLite file), two accounts made through the public API, and the three channels
received by this test itself: a webhook on a local HTTP server, e-mail through a local SMTP
server (aiosmtpd, ``SMTP_SECURITY=none``) to an address confirmed by the link in its mail,
and Web Push to a subscription whose P-256 key pair and auth secret the test holds (its
endpoint on a local HTTP server standing in for the push service).

Ada and Bo sit down at Die Dolmengötter, Bo to start. Bo (German) hears of his first turn on
his webhook, in German. When the turn passes to Ada, whose page is not open, one ``your_turn``
reaches her on each channel: the webhook's JSON, a mail (subject and text name the game and
Bo; its one-click ``List-Unsubscribe`` turns e-mail off) and a push the test decrypts
(aes128gcm); none holds anything of the game that Bo may not see, nor a secret. Then, with
a WebSocket of her seat open (her page), her next turn is skipped on every channel: nothing
more arrives.

Every wait is on an event (a queue with a timeout) or, for what only the database tells
(a skipped nudge), a bounded poll of the SQLite file.
"""

from __future__ import annotations

import base64
import email
import email.policy
import json
import os
import queue
import re
import secrets
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import EmailMessage
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import http_ece
import httpx
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from sqlalchemy import create_engine, select
from websockets.sync.client import connect

from app.db.models import DeliveryRow
from tests.support.server import ServerProcess
from tests.support.waiting import wait_for

WAIT = 20.0
"""Seconds any one thing may take to arrive (a loaded machine's bound, not a measurement)."""

GAME = "Die Dolmengötter"
PASSWORD = "a long pass phrase nobody guesses"


# ---- the receivers ------------------------------------------------------------------------


@dataclass(frozen=True)
class Request:
    path: str
    headers: dict[str, str]
    body: bytes


class Receiver:
    """A local HTTP server (a webhook, a push service): every POST lands in ``got``."""

    def __init__(self, status: int = 204) -> None:
        self.got: queue.Queue[Request] = queue.Queue()
        got = self.got

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                headers = {k.lower(): v for k, v in self.headers.items()}
                got.put(Request(self.path, headers, body))
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.base = f"http://127.0.0.1:{self.server.server_port}"

    def next(self) -> Request:
        try:
            return self.got.get(timeout=WAIT)
        except queue.Empty:
            raise AssertionError(f"nothing reached {self.base} in {WAIT} s") from None

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()


class Mailbox:
    """aiosmtpd on a free loopback port: every mail lands in ``got``."""

    def __init__(self) -> None:
        from aiosmtpd.controller import Controller

        self.got: queue.Queue[EmailMessage] = queue.Queue()
        got = self.got

        class Handler:
            async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
                mail = email.message_from_bytes(envelope.content, policy=email.policy.default)
                assert isinstance(mail, EmailMessage)
                got.put(mail)
                return "250 OK"

        with socket.socket() as probe:  # aiosmtpd's Controller wants a port named
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def next(self) -> EmailMessage:
        try:
            return self.got.get(timeout=WAIT)
        except queue.Empty:
            raise AssertionError(f"no mail in {WAIT} s") from None

    def close(self) -> None:
        self.controller.stop()


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass
class Browser:
    """What a browser keeps of its push subscription: the private key and auth secret."""

    key: ec.EllipticCurvePrivateKey
    auth: bytes
    endpoint: str

    def subscription(self) -> dict[str, Any]:
        public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": b64(public), "auth": b64(self.auth)},
        }

    def decrypt(self, body: bytes) -> dict[str, Any]:
        plain = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        data: dict[str, Any] = json.loads(plain)
        return data


# ---- the server and its players -------------------------------------------------------------


@dataclass
class World:
    server: ServerProcess
    database_url: str
    mailbox: Mailbox
    ada_hook: Receiver
    bo_hook: Receiver
    push_service: Receiver
    browsers: list[httpx.Client]


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    mailbox, ada_hook, bo_hook, push_service = Mailbox(), Receiver(), Receiver(), Receiver(201)
    database_url = f"sqlite:///{tmp_path / 'tafelrunde.db'}"
    server = ServerProcess(
        database_url,
        tmp_path / "server.log",
        NUDGE_DELAY="0",
        NUDGE_POLL_SECONDS="0.2",
        ALLOW_PRIVATE_WEBHOOKS="1",
        SMTP_HOST="127.0.0.1",
        SMTP_PORT=str(mailbox.port),
        SMTP_SECURITY="none",
        SMTP_FROM="Tafelrunde <games@example.org>",
    )
    server.env["PUBLIC_URL"] = server.url  # the links in mails lead back to this server
    browsers: list[httpx.Client] = []
    try:
        server.start()
        yield World(server, database_url, mailbox, ada_hook, bo_hook, push_service, browsers)
    finally:
        for browser in browsers:
            browser.close()
        server.stop()
        for closing in (ada_hook, bo_hook, push_service, mailbox):
            closing.close()


def sign_up(world: World, name: str, language: str) -> httpx.Client:
    """A browser of a new account (its session cookie kept), made through the API."""
    http = httpx.Client(base_url=world.server.url, timeout=WAIT)
    world.browsers.append(http)
    r = http.post(
        "/api/auth/signup", json={"name": name, "password": PASSWORD, "language": language}
    )
    assert r.status_code == 201, r.text
    return http


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def to_act(server: ServerProcess, game_id: str) -> list[int]:
    """Whom the game waits for, as a spectator sees it (no token, no cookie)."""
    r = httpx.get(f"{server.url}/api/games/{game_id}/view", timeout=WAIT)
    assert r.status_code == 200, r.text
    return list(r.json()["view"]["to_act"])


def move(http: httpx.Client, game_id: str, token: str) -> int:
    """The seat of ``token`` plays its first legal action; the new version."""
    r = http.get(f"/api/games/{game_id}/legal-actions", headers=bearer(token))
    assert r.status_code == 200, r.text
    legal = r.json()
    assert legal["actions"], legal
    r = http.post(
        f"/api/games/{game_id}/actions",
        headers=bearer(token),
        json={"version": legal["version"], "action": legal["actions"][0]["action"]},
    )
    assert r.status_code == 200, r.text
    return int(r.json()["version"])


def version_of(server: ServerProcess, game_id: str) -> int:
    r = httpx.get(f"{server.url}/api/games/{game_id}/view", timeout=WAIT)
    return int(r.json()["version"])


def rows(database_url: str, dedupe_key: str) -> list[Any]:
    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            query = select(DeliveryRow).where(DeliveryRow.dedupe_key == dedupe_key)
            return list(conn.execute(query.order_by(DeliveryRow.channel)))
    finally:
        engine.dispose()


def settled(database_url: str, dedupe_key: str, channels: int) -> list[Any] | None:
    """The rows of one event once the runner is done with each of its channels."""
    found = rows(database_url, dedupe_key)
    done = len(found) == channels and all(r.status in ("sent", "skipped") for r in found)
    return found if done else None


def assert_no_secret(raw: str, secrets_: list[str]) -> None:
    """No token, invite key, cookie, password or webhook secret in what a channel got."""
    assert [secret for secret in secrets_ if secret in raw] == []


def assert_no_number(text: str, game_id: str) -> None:
    """No number in a nudge's text but those of the game's link and id: a dolmen's value
    (1 to 4), a hand or a score would be one."""
    assert not re.search(r"\d", re.sub(r"https?://\S+", "", text).replace(game_id, "")), text


def urlpath(url: str) -> str:
    return httpx.URL(url).raw_path.decode()


# ---- the test ------------------------------------------------------------------------------


def test_a_turn_reaches_an_absent_player_once_on_each_channel_and_not_while_her_page_is_open(
    world: World,
) -> None:
    server = world.server
    ada = sign_up(world, "Ada", "en")
    bo = sign_up(world, "Bo", "de")

    # Ada's three channels. The webhook: a URL with a secret in its path.
    hook = f"{world.ada_hook.base}/hook/{secrets.token_hex(8)}"
    r = ada.put("/api/me/notifications", json={"webhook_url": hook})
    assert r.status_code == 200, r.text

    # E-mail: the confirmation mail's link confirms the address.
    r = ada.put("/api/me/notifications", json={"email": "ada@example.org"})
    assert r.status_code == 200, r.text
    assert r.json()["confirmation_sent"] is True and r.json()["email_confirmed"] is False
    confirmation = world.mailbox.next()
    assert confirmation["To"] == "ada@example.org"
    link = re.search(r"http://\S+/api/nudges/confirm\?token=\S+", confirmation.get_content())
    assert link, confirmation.get_content()
    assert httpx.get(link.group(0), timeout=WAIT).status_code == 200  # opened in a mail reader
    assert ada.get("/api/me/notifications").json()["email_confirmed"] is True

    # Web Push: this test is the browser; the push service is a local server.
    browser = Browser(
        ec.generate_private_key(ec.SECP256R1()),
        os.urandom(16),
        f"{world.push_service.base}/push/{secrets.token_hex(8)}",
    )
    r = ada.put("/api/me/notifications", json={"push": True})
    assert r.status_code == 200, r.text
    r = ada.post("/api/me/push-subscriptions", json=browser.subscription())
    assert r.status_code == 201, r.text
    vapid_key = httpx.get(f"{server.url}/api/push/key", timeout=WAIT).json()["public_key"]
    choices = ada.get("/api/me/notifications").json()
    assert choices["push"] is True and choices["push_devices"] == 1
    assert choices["webhook_url"] == hook and choices["email"] == "ada@example.org"

    # Bo, German, has a webhook.
    r = bo.put("/api/me/notifications", json={"webhook_url": f"{world.bo_hook.base}/bo"})
    assert r.status_code == 200, r.text

    # Ada creates the table signed in, Bo to start; both join signed in.
    r = ada.post(
        "/api/games",
        json={"kind": "dolmengoetter", "num_seats": 2, "options": {"start_player": 1}},
    )
    assert r.status_code == 201, r.text
    created = r.json()
    game_id = created["id"]
    keys = {i["seat"]: i["key"] for i in created["invites"]}
    r = ada.post(f"/api/games/{game_id}/seats/0/join", json={"name": "Ada", "key": keys[0]})
    assert r.status_code == 201, r.text
    ada_token = r.json()["token"]
    r = bo.post(f"/api/games/{game_id}/seats/1/join", json={"name": "Bo", "key": keys[1]})
    assert r.status_code == 201, r.text
    bo_token = r.json()["token"]
    assert to_act(server, game_id) == [1]
    secret_texts = [
        ada_token,
        bo_token,
        created["host_token"],
        *keys.values(),
        hook.rsplit("/", 1)[1],
        *(c.value for c in ada.cookies.jar),
        *(c.value for c in bo.cookies.jar),
        PASSWORD,
    ]

    # Bo's first turn reaches his webhook in German (his page is not open either).
    german = world.bo_hook.next()
    assert json.loads(german.body) == {
        "kind": "your_turn",
        "title": f"Du bist am Zug: {GAME}",
        "body": f"Du bist am Zug in {GAME} mit Ada.",
        "url": f"{server.url}/play/{game_id}",
        "game_id": game_id,
    }
    r = bo.put("/api/me/notifications", json={"webhook_url": None})  # enough of that
    assert r.status_code == 200, r.text

    # Bo plays until the turn passes to Ada. Nobody has a page of the game open.
    while to_act(server, game_id) != [0]:
        assert to_act(server, game_id) == [1]
        move(bo, game_id, bo_token)
    version = version_of(server, game_id)
    key = f"turn:{game_id}:0:{version}"
    link_to_game = f"{server.url}/play/{game_id}"

    # The webhook: plain JSON (a local URL has no service's form), the delivery's id.
    delivery = world.ada_hook.next()
    assert delivery.path == urlpath(hook)
    assert delivery.headers["content-type"] == "application/json"
    assert json.loads(delivery.body) == {
        "kind": "your_turn",
        "title": f"Your turn in {GAME}",
        "body": f"It is your turn in {GAME} with Bo.",
        "url": link_to_game,
        "game_id": game_id,
    }
    assert_no_secret(delivery.body.decode(), secret_texts)
    assert_no_number(delivery.body.decode(), game_id)

    # The mail: to the confirmed address, subject and text naming the game and Bo.
    mail = world.mailbox.next()
    assert mail["To"] == "ada@example.org"
    assert mail["Subject"] == f"Your turn in {GAME}"
    text = mail.get_content()
    assert f"It is your turn in {GAME} with Bo." in text and link_to_game in text
    unsubscribe = re.fullmatch(
        r"<(http://\S+/api/nudges/unsubscribe\?token=\S+)>", mail["List-Unsubscribe"]
    )
    assert unsubscribe, mail["List-Unsubscribe"]
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert unsubscribe.group(1) in text
    assert_no_secret(f"{mail.as_string()}\n{text}", secret_texts)
    assert_no_number(f"{mail['Subject']}\n{text.replace(unsubscribe.group(1), '')}", game_id)

    # The push: encrypted to this browser's keys, signed with the server's VAPID key.
    push = world.push_service.next()
    assert push.path == urlpath(browser.endpoint)
    assert push.headers["content-encoding"] == "aes128gcm"
    assert push.headers["authorization"].startswith("vapid ")
    assert f"k={vapid_key}" in push.headers["authorization"]
    assert browser.decrypt(push.body) == {
        "kind": "your_turn",
        "title": f"Your turn in {GAME}",
        "body": f"It is your turn in {GAME} with Bo.",
        "url": link_to_game,
        "game_id": game_id,
        "tag": f"game:{game_id}",
    }
    payload = json.dumps(browser.decrypt(push.body), ensure_ascii=False)
    assert_no_secret(payload, secret_texts)
    assert_no_number(payload, game_id)

    # What Ada was told is what her opponent sees of the table: the game, the names.
    opponent = bo.get(f"/api/games/{game_id}/view", headers=bearer(bo_token)).json()
    assert [s["name"] for s in opponent["seats"]] == ["Ada", "Bo"]
    assert opponent["view"]["players"][0]["hand"] is None  # her dolmens, hidden from Bo

    # Each channel got its message before the runner wrote down the send: wait for the rows.
    sent = wait_for(lambda: settled(world.database_url, key, 3), "the three sends written", WAIT)
    assert {(r.channel, r.status) for r in sent} == {
        ("email", "sent"),
        ("push", "sent"),
        ("webhook", "sent"),
    }

    # Her page opens (a WebSocket with her seat's token); she moves, Bo moves, her turn.
    with connect(f"ws://127.0.0.1:{server.port}/ws/games/{game_id}?token={ada_token}") as page:
        state = json.loads(page.recv(timeout=WAIT))
        assert state["type"] == "state"  # counted in before it is served
        move(ada, game_id, ada_token)
        assert to_act(server, game_id) == [1]
        while to_act(server, game_id) != [0]:
            move(bo, game_id, bo_token)
        again = f"turn:{game_id}:0:{version_of(server, game_id)}"
        skipped = wait_for(
            lambda: settled(world.database_url, again, 3),
            "the runner to decide on Ada's turn while her page is open",
            seconds=WAIT,
        )
    assert [(r.channel, r.status, r.last_error) for r in skipped] == [
        (channel, "skipped", "a page of the game is open")
        for channel in ("email", "push", "webhook")
    ]
    # Exactly one nudge per channel: the runner has decided, and nothing more came.
    assert world.ada_hook.got.empty() and world.push_service.got.empty()
    assert world.mailbox.got.empty() and world.bo_hook.got.empty()

    # The mail's one-click unsubscribe (no sign-in, as a mail reader sends it).
    r = httpx.post(
        unsubscribe.group(1),
        content=b"List-Unsubscribe=One-Click",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
        timeout=WAIT,
    )
    assert r.status_code == 200, r.text
    choices = ada.get("/api/me/notifications").json()
    assert choices["email"] is None and choices["email_confirmed"] is False
    assert choices["webhook_url"] == hook and choices["push"] is True  # the others stay
