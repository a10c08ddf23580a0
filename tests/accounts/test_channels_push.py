"""Web Push nudges (issue 38, item 4): the server's VAPID key pair is made once and kept;
a browser's subscription is stored for its account (one row per endpoint); a nudge is
encrypted to the subscription's keys (RFC 8291, aes128gcm) and signed with VAPID (RFC 8292):
the test holds the subscription's private key and auth secret, receives the push on a local
HTTP server standing in for the push service, decrypts it and checks the signature with the
key ``GET /api/push/key`` publishes. A subscription the push service calls gone is deleted."""

from __future__ import annotations

import base64
import json
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import http_ece
import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.core.config import Settings
from app.db.models import AccountRow, PushSubscriptionRow, ServerKeyRow
from app.db.session import Database
from app.services.nudges import channels_of
from app.services.nudges.channels import DeliveryFailed, Message, deliver_push, send_push
from app.services.nudges.keys import vapid_keys
from tests.conftest import settings_for
from tests.support.channels import Captured, app_client, fake_dns, http_server, sign_in

MESSAGE = Message(
    kind="your_turn",
    title="Du bist am Zug: Die Dolmengötter",
    body="Bo hat gezogen. Du bist dran.",
    url="https://games.example.org/play/abc123",
    game_id="abc123",
    delivery_id=4711,
)


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Browser:
    """What a browser holds for one push subscription: its private key and auth secret."""

    key: ec.EllipticCurvePrivateKey
    auth: bytes
    endpoint: str

    @classmethod
    def new(cls, endpoint: str) -> Browser:
        return cls(ec.generate_private_key(ec.SECP256R1()), os.urandom(16), endpoint)

    def subscription(self) -> dict[str, Any]:
        public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": b64(public), "auth": b64(self.auth)},
        }

    def decrypt(self, body: bytes) -> Any:
        plain = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)


@pytest.fixture
def push_service() -> Iterator[tuple[str, Any]]:
    with http_server(201) as server:
        yield server


GOOD_KEY = Browser.new("https://push.example.net/x").subscription()["keys"]["p256dh"]


@pytest.fixture(autouse=True)
def dns(monkeypatch: pytest.MonkeyPatch) -> None:
    """The push services' names, as public addresses (the tests have no DNS)."""
    fake_dns(monkeypatch, {"push.example.net": ["93.184.216.34"], "p.example": ["2606:2800::1"]})


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with app_client(
        database_url,
        allow_private_webhooks=True,  # the stand-in push service is on 127.0.0.1
        smtp_from="Tafelrunde <games@example.org>",
    ) as c:
        yield c


def database(client: TestClient) -> Database:
    return client.app.state.service.db  # type: ignore[attr-defined,no-any-return]


def settings(client: TestClient) -> Settings:
    return client.app.state.settings  # type: ignore[attr-defined,no-any-return]


def subscriptions(db: Any) -> list[tuple[int, str]]:
    with Session(db) as session:
        rows = session.execute(
            select(PushSubscriptionRow.account_id, PushSubscriptionRow.endpoint)
        ).all()
        return [(r.account_id, r.endpoint) for r in rows]


def verify_vapid(request: Captured, public_key: str, audience: str) -> dict[str, Any]:
    """The claims of the request's ``Authorization: vapid t=<JWT>, k=<key>``, after checking
    the ES256 signature with ``public_key``."""
    scheme, _, params = request.headers["authorization"].partition(" ")
    assert scheme == "vapid"
    parts = dict(p.strip().split("=", 1) for p in params.split(","))
    assert parts["k"] == public_key
    header, claims, signature = parts["t"].split(".")
    assert json.loads(unb64(header)) == {"typ": "JWT", "alg": "ES256"}
    raw = unb64(signature)
    assert len(raw) == 64
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(public_key))
    key.verify(der, f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    tampered = f"{header}.{b64(b'{}')}".encode()
    with pytest.raises(InvalidSignature):
        key.verify(der, tampered, ec.ECDSA(hashes.SHA256()))
    decoded: dict[str, Any] = json.loads(unb64(claims))
    assert decoded["aud"] == audience
    return decoded


# ---- the key pair -------------------------------------------------------------------------


def test_the_vapid_key_is_made_on_first_start_and_kept(database_url: str, db: Any) -> None:
    with app_client(database_url) as client:
        with Session(db) as session:  # made at start, before anyone asked
            assert session.get(ServerKeyRow, "vapid_private_key") is not None
        key = client.get("/api/push/key")
        assert key.status_code == 200
        public = key.json()["public_key"]
        point = unb64(public)
        assert len(point) == 65 and point[0] == 4
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
        assert client.get("/api/push/key").json() == {"public_key": public}
        stored = client.get("/api/push/key").text
        assert "PRIVATE" not in stored
    with app_client(database_url) as again:  # a restart, or another process
        assert again.get("/api/push/key").json()["public_key"] == public


def test_processes_starting_at_once_make_one_key(database_url: str) -> None:
    databases = [Database(settings_for(database_url).database_url) for _ in range(4)]
    with app_client(database_url, migrate_on_start=True):
        pass  # the tables
    with Session(databases[0].engine) as session:
        session.query(ServerKeyRow).delete()
        session.commit()
    barrier = threading.Barrier(len(databases))
    keys: list[str] = []

    def start(db: Database) -> None:
        barrier.wait()
        keys.append(vapid_keys(db).public_key)

    threads = [threading.Thread(target=start, args=(d,)) for d in databases]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(keys) == 4 and len(set(keys)) == 1
    for d in databases:
        d.dispose()


# ---- subscriptions ------------------------------------------------------------------------


def test_a_subscription_is_kept_for_the_account_and_moves_with_the_browser(
    client: TestClient, db: Any, database_url: str
) -> None:
    endpoint = "https://push.example.net/send/abc"
    browser = Browser.new(endpoint)
    ada = sign_in(client, db, name="Ada")
    client.put("/api/me/notifications", json={"push": True})
    with Session(db) as session:  # push on, but no browser yet: no push channel
        row = session.get(AccountRow, ada)
        assert row is not None and "push" not in channels_of(session, row)
    r = client.post("/api/me/push-subscriptions", json=browser.subscription())
    assert r.status_code == 201, r.text
    assert r.json() == {"new": True, "push_devices": 1}
    assert client.get("/api/me/notifications").json()["push_devices"] == 1
    with Session(db) as session:
        row = session.get(AccountRow, ada)
        assert row is not None and "push" in channels_of(session, row)

    with TestClient(client.app) as shared_laptop:  # the same browser, Bo signed in now
        bo = sign_in(shared_laptop, db, name="Bo")
        r = shared_laptop.post("/api/me/push-subscriptions", json=browser.subscription())
        assert r.json() == {"new": False, "push_devices": 1}
        assert subscriptions(db) == [(bo, endpoint)]
        # Ada cannot remove what is Bo's now; Bo can.
        r = client.request("DELETE", "/api/me/push-subscriptions", json={"endpoint": endpoint})
        assert r.status_code == 204
        assert subscriptions(db) == [(bo, endpoint)]
        r = shared_laptop.request(
            "DELETE", "/api/me/push-subscriptions", json={"endpoint": endpoint}
        )
        assert r.status_code == 204
    assert subscriptions(db) == []


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"endpoint": "https://10.1.2.3/push"}, "push_refused"),
        ({"endpoint": "https://[::1]/push"}, "push_refused"),
        ({"endpoint": "http://push.example.net/push"}, "push_refused"),
        ({"endpoint": "not a url"}, "push_refused"),
        (
            {"keys": {"p256dh": b64(b"\x04" + b"\x01" * 64), "auth": b64(b"a" * 16)}},
            "bad_subscription",
        ),
        ({"keys": {"p256dh": b64(b"\x04" * 33), "auth": b64(b"a" * 16)}}, "bad_subscription"),
        ({"keys": {"p256dh": "%%%", "auth": b64(b"a" * 16)}}, "bad_subscription"),
        ({"keys": {"p256dh": GOOD_KEY, "auth": b64(b"a" * 15)}}, "bad_subscription"),
        ({"keys": {"p256dh": GOOD_KEY}}, "bad_request"),
    ],
)
def test_a_subscription_the_server_cannot_use_is_refused(
    database_url: str, db: Any, change: dict[str, Any], code: str
) -> None:
    with app_client(database_url) as client:  # private addresses not allowed
        sign_in(client, db)
        body = {**Browser.new("https://push.example.net/x").subscription(), **change}
        r = client.post("/api/me/push-subscriptions", json=body)
        assert r.status_code == 400, r.text
        assert r.json()["error"]["code"] == code
        assert subscriptions(db) == []


def test_subscribing_needs_a_sign_in(client: TestClient) -> None:
    r = client.post(
        "/api/me/push-subscriptions", json=Browser.new("https://p.example/x").subscription()
    )
    assert r.status_code == 401 and r.json()["error"]["code"] == "not_signed_in"
    assert client.get("/api/me/notifications").status_code == 401
    assert client.get("/api/push/key").status_code == 200  # the public key is public


# ---- a push, end to end -------------------------------------------------------------------


def test_a_push_is_encrypted_to_the_browser_and_signed_by_the_server(
    client: TestClient, db: Any, push_service: tuple[str, Any]
) -> None:
    address, got = push_service
    browser = Browser.new(f"http://{address}/push/v2/abc")
    ada = sign_in(client, db)
    assert client.post("/api/me/push-subscriptions", json=browser.subscription()).status_code == 201
    public_key = client.get("/api/push/key").json()["public_key"]
    with Session(db) as session:
        subscription = session.scalars(select(PushSubscriptionRow)).one()
        session.expunge(subscription)
    assert subscription.account_id == ada

    now = 1_800_000_000
    send_push(
        subscription,
        MESSAGE,
        vapid_keys(database(client)),
        subject="mailto:games@example.org",
        allow_private=True,
        now=now,
    )
    (request,) = got.requests
    assert request.path == "/push/v2/abc"
    assert request.headers["content-encoding"] == "aes128gcm"
    assert request.headers["ttl"] == "86400"
    assert request.headers["urgency"] == "normal"
    assert request.headers["topic"] == "tafelrunde-4711"
    assert browser.decrypt(request.body) == {
        "kind": "your_turn",
        "title": MESSAGE.title,
        "body": MESSAGE.body,
        "url": MESSAGE.url,
        "game_id": "abc123",
        "tag": "game:abc123",
    }
    assert MESSAGE.body.encode() not in request.body  # encrypted, not merely encoded
    claims = verify_vapid(request, public_key, f"http://{address}")
    assert claims == {
        "aud": f"http://{address}",
        "sub": "mailto:games@example.org",
        "exp": now + 12 * 3600,
    }
    other = Browser.new(browser.endpoint)  # another browser's key cannot read it
    with pytest.raises(Exception):  # noqa: B017 - http_ece raises a bare error
        other.decrypt(request.body)


def test_every_browser_of_the_account_gets_the_push(
    client: TestClient, db: Any, push_service: tuple[str, Any]
) -> None:
    address, got = push_service
    phone, laptop = (
        Browser.new(f"http://{address}/p/phone"),
        Browser.new(f"http://{address}/p/laptop"),
    )
    ada = sign_in(client, db)
    for browser in (phone, laptop):
        client.post("/api/me/push-subscriptions", json=browser.subscription())
    vapid = vapid_keys(database(client))
    assert deliver_push(database(client), settings(client), ada, MESSAGE, vapid) == 2
    by_path = {r.path: r for r in got.requests}
    assert phone.decrypt(by_path["/p/phone"].body)["title"] == MESSAGE.title
    assert laptop.decrypt(by_path["/p/laptop"].body)["title"] == MESSAGE.title
    for request in got.requests:  # claims' sub from SMTP_FROM
        assert verify_vapid(request, vapid.public_key, f"http://{address}")["sub"] == (
            "mailto:games@example.org"
        )


@pytest.mark.parametrize("status", [404, 410])
def test_a_subscription_the_push_service_calls_gone_is_deleted(
    client: TestClient, db: Any, status: int
) -> None:
    with http_server(status) as (address, got):
        ada = sign_in(client, db)
        client.post(
            "/api/me/push-subscriptions", json=Browser.new(f"http://{address}/p/1").subscription()
        )
        with pytest.raises(DeliveryFailed) as failed:
            deliver_push(
                database(client), settings(client), ada, MESSAGE, vapid_keys(database(client))
            )
    assert failed.value.retry is False
    assert len(got.requests) == 1
    assert subscriptions(db) == []
    assert client.get("/api/me/notifications").json()["push_devices"] == 0


def test_a_failing_push_service_is_tried_again_and_keeps_the_subscription(
    client: TestClient, db: Any
) -> None:
    with http_server(503) as (address, _got):
        ada = sign_in(client, db)
        client.post(
            "/api/me/push-subscriptions", json=Browser.new(f"http://{address}/p/1").subscription()
        )
        with pytest.raises(DeliveryFailed) as failed:
            deliver_push(
                database(client), settings(client), ada, MESSAGE, vapid_keys(database(client))
            )
    assert failed.value.retry is True
    assert len(subscriptions(db)) == 1


def test_a_push_endpoint_turned_private_is_not_called(database_url: str, db: Any) -> None:
    """Saved while allowed, then the operator switched private addresses off."""
    with http_server(201) as (address, got):
        with app_client(database_url, allow_private_webhooks=True) as client:
            ada = sign_in(client, db)
            client.post(
                "/api/me/push-subscriptions",
                json=Browser.new(f"http://{address}/p/1").subscription(),
            )
        with app_client(database_url) as client, pytest.raises(DeliveryFailed):
            deliver_push(
                database(client), settings(client), ada, MESSAGE, vapid_keys(database(client))
            )
    assert got.requests == []
    with Session(db) as session:
        assert session.scalar(select(func.count()).select_from(PushSubscriptionRow)) == 1


# ---- the browser's side -------------------------------------------------------------------


def test_the_service_worker_is_served_for_the_whole_site(client: TestClient) -> None:
    r = client.get("/sw.js")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/javascript")
    assert r.headers["cache-control"] == "no-cache"
    assert "script-src 'self'" in r.headers["content-security-policy"]
    for needed in (
        'addEventListener("push"',
        "showNotification",
        "notificationclick",
        "openWindow",
        "/static/favicon.svg",
    ):
        assert needed in r.text
    module = client.get("/static/js/push.js")
    assert module.status_code == 200
    for name in ("pushSupported", "enablePush", "disablePush"):
        assert (
            f"export function {name}" in module.text
            or f"export async function {name}" in module.text
        )
