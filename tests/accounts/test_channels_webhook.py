"""Webhook nudges (issue 38, item 4): the body each service wants, recognised from the URL;
delivery to a real local HTTP server; and no server-side request forgery: a URL pointing at
a private, loopback, link-local (or otherwise non-public) address, directly or through a
DNS name, is refused when sent and when saved, unless the operator allows private ones."""

from __future__ import annotations

import contextlib
import datetime as dt
import ipaddress
import json
import logging
import socket
import ssl
from email.header import decode_header, make_header
from pathlib import Path
from typing import Any

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from app.services.nudges import outbound
from app.services.nudges.channels import (
    DeliveryFailed,
    Message,
    send_webhook,
    webhook_form,
    webhook_request,
)
from tests.support.channels import app_client, fake_dns, http_server, notify_of, sign_in

MESSAGE = Message(
    kind="your_turn",
    title="Your turn: Die Dolmengötter",
    body="Bo moved; @everyone it is your turn <now> & then.",
    url="https://games.example.org/play/abc123",
    game_id="abc123",
    delivery_id=4711,
)


# ---- formats -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "form"),
    [
        ("https://discord.com/api/webhooks/123/secret", "discord"),
        ("https://discordapp.com/api/webhooks/123/secret", "discord"),
        ("https://discord.com/channels/123", "json"),  # not a webhook path
        ("https://hooks.slack.com/services/T0/B0/secret", "slack"),
        ("https://ntfy.sh/my-topic", "ntfy"),
        ("https://ntfy.example.org/my-topic", "ntfy"),
        ("https://push.example.org/my-topic#ntfy", "ntfy"),  # named by the fragment
        ("https://chat.example.org/hooks/abc#slack", "slack"),  # a Slack-compatible service
        ("https://example.org/hook", "json"),
        ("https://evil.example/discord.com/api/webhooks/1/x", "json"),
    ],
)
def test_the_form_is_recognised_from_the_url(url: str, form: str) -> None:
    assert webhook_form(url) == form


def test_each_form_carries_the_message() -> None:
    body, headers = webhook_request("https://discord.com/api/webhooks/1/s", MESSAGE)
    discord = json.loads(body)
    assert discord["content"].startswith("**Your turn: Die Dolmengötter**\n")
    assert MESSAGE.url in discord["content"] and MESSAGE.body in discord["content"]
    assert discord["allowed_mentions"] == {"parse": []}  # "@everyone" in a name pings no one
    assert headers["X-Tafelrunde-Delivery"] == "4711"

    body, _ = webhook_request("https://hooks.slack.com/services/T/B/s", MESSAGE)
    slack = json.loads(body)
    assert set(slack) == {"text"}
    assert "&lt;now&gt; &amp; then" in slack["text"]  # Slack's control characters escaped
    assert slack["text"].endswith(f"<{MESSAGE.url}>")

    body, headers = webhook_request("https://ntfy.sh/topic", MESSAGE)
    assert body.decode() == MESSAGE.body
    assert str(make_header(decode_header(headers["Title"]))) == MESSAGE.title
    assert headers["Click"] == MESSAGE.url
    assert headers["Content-Type"].startswith("text/plain")

    body, headers = webhook_request("https://example.org/hook", MESSAGE)
    assert json.loads(body) == {
        "kind": "your_turn",
        "title": MESSAGE.title,
        "body": MESSAGE.body,
        "url": MESSAGE.url,
        "game_id": "abc123",
    }
    assert headers["Content-Type"] == "application/json"


# ---- delivery to a local server ------------------------------------------------------------


def test_each_form_is_delivered_to_a_local_server(monkeypatch: pytest.MonkeyPatch) -> None:
    names = ["discord.com", "hooks.slack.com", "ntfy.example.org", "hooks.example"]
    fake_dns(monkeypatch, {key: ["127.0.0.1"] for key in names})
    with http_server(204) as (address, got):
        port = address.split(":")[1]
        for url in (
            f"http://discord.com:{port}/api/webhooks/9/s3cret",
            f"http://hooks.slack.com:{port}/services/T/B/s3cret",
            f"http://ntfy.example.org:{port}/topic",
            f"http://hooks.example:{port}/nudges?key=1",
        ):
            send_webhook(url, MESSAGE, allow_private=True)
    discord, slack, ntfy, plain = got.requests
    assert discord.path == "/api/webhooks/9/s3cret"
    assert discord.headers["host"] == f"discord.com:{port}"
    assert json.loads(discord.body)["content"].startswith("**Your turn")
    assert json.loads(slack.body)["text"].startswith("*Your turn")
    assert ntfy.body.decode() == MESSAGE.body and ntfy.headers["click"] == MESSAGE.url
    assert str(make_header(decode_header(ntfy.headers["title"]))) == MESSAGE.title
    assert plain.path == "/nudges?key=1"
    assert json.loads(plain.body)["game_id"] == "abc123"
    for request in got.requests:
        assert request.headers["x-tafelrunde-delivery"] == "4711"
        assert request.headers["user-agent"].startswith("Tafelrunde/")


def test_the_name_is_resolved_once_and_the_checked_address_is_called(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """DNS rebinding: the first answer is checked and connected to; no second lookup of the
    name happens that could answer otherwise."""
    with http_server(200) as (address, got):
        port = address.split(":")[1]
        looked_up = fake_dns(monkeypatch, {"hooks.example": ["127.0.0.1"]})
        send_webhook(f"http://hooks.example:{port}/x", MESSAGE, allow_private=True)
    assert looked_up.count("hooks.example") == 1
    assert got.requests[0].headers["host"] == f"hooks.example:{port}"


def test_a_redirect_is_not_followed() -> None:
    with http_server(302) as (address, got), pytest.raises(DeliveryFailed) as failed:
        send_webhook(f"http://{address}/hook", MESSAGE, allow_private=True)
    assert not failed.value.retry
    assert "redirect" in failed.value.message
    assert len(got.requests) == 1


@pytest.mark.parametrize(
    ("status", "retry"),
    [(500, True), (503, True), (429, True), (404, False), (400, False), (401, False)],
)
def test_a_refusal_says_whether_to_try_again(status: int, retry: bool) -> None:
    with http_server(status) as (address, _got), pytest.raises(DeliveryFailed) as failed:
        send_webhook(f"http://{address}/api/webhooks/1/SECRETPART", MESSAGE, allow_private=True)
    assert failed.value.retry is retry
    assert str(status) in failed.value.message
    assert "SECRETPART" not in str(failed.value)  # the URL's secret is never in a failure


def test_no_answer_is_tried_again() -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(DeliveryFailed) as failed:
        send_webhook(f"http://127.0.0.1:{port}/hook", MESSAGE, allow_private=True)
    assert failed.value.retry


# ---- https: the checked address, the certificate checked against the name ----------------


def _certificate(directory: Path, name: str) -> tuple[Path, Path]:
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = directory / f"{name}.pem", directory / f"{name}.key"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_path, key_path


@pytest.mark.parametrize(
    ("served_as", "delivered"), [("hooks.example", True), ("other.example", False)]
)
def test_https_connects_to_the_address_and_checks_the_name(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, served_as: str, delivered: bool
) -> None:
    cert, key = _certificate(tmp_path, served_as)
    server_tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server_tls.load_cert_chain(cert, key)
    monkeypatch.setattr(outbound, "tls_context", lambda: ssl.create_default_context(cafile=cert))
    fake_dns(monkeypatch, {"hooks.example": ["127.0.0.1"]})
    with http_server(200, tls=server_tls) as (address, got):
        url = f"https://hooks.example:{address.split(':')[1]}/hook"
        if delivered:
            send_webhook(url, MESSAGE, allow_private=True)
        else:
            with pytest.raises(DeliveryFailed) as failed:
                send_webhook(url, MESSAGE, allow_private=True)
            assert failed.value.retry and "could not be reached" in failed.value.message
    assert len(got.requests) == (1 if delivered else 0)


# ---- server-side request forgery ------------------------------------------------------------

PRIVATE = [
    "https://127.0.0.1/hook",
    "https://127.1.2.3/hook",
    "https://10.0.0.8/hook",
    "https://172.16.5.4/hook",
    "https://192.168.1.20/hook",
    "https://169.254.169.254/latest/meta-data/",
    "https://0.0.0.0/hook",
    "https://224.0.0.251/hook",
    "https://100.64.0.1/hook",
    "https://[::1]/hook",
    "https://[::]/hook",
    "https://[fe80::1]/hook",
    "https://[fc00::1]/hook",
    "https://[ff02::1]/hook",
    "https://[::ffff:127.0.0.1]/hook",
    "https://[::ffff:169.254.169.254]/hook",
    "https://[::ffff:10.0.0.1]/hook",
    "https://[2002:7f00:1::1]/hook",  # 6to4 of 127.0.0.1
    "https://[64:ff9b::a00:1]/hook",  # NAT64 of 10.0.0.1
    "https://2130706433/hook",  # 127.0.0.1 as one number
    "https://localhost/hook",
]


@pytest.mark.parametrize("url", PRIVATE)
def test_private_addresses_are_refused(url: str) -> None:
    with pytest.raises(DeliveryFailed) as failed:
        send_webhook(url, MESSAGE, allow_private=False)
    assert not failed.value.retry
    assert "address" in failed.value.message and "public" in failed.value.message


def test_nothing_reaches_a_local_server_by_default() -> None:
    with http_server(200) as (address, got):
        for host in (address, f"[::ffff:{address.split(':')[0]}]:{address.split(':')[1]}"):
            with pytest.raises(DeliveryFailed):
                send_webhook(f"http://{host}/hook", MESSAGE, allow_private=False)
            with pytest.raises(DeliveryFailed):
                send_webhook(f"https://{host}/hook", MESSAGE, allow_private=False)
    assert got.requests == []


@pytest.mark.parametrize(
    "addresses",
    [
        ["10.1.2.3"],
        ["127.0.0.1"],
        ["169.254.169.254"],
        ["::1"],
        ["::ffff:192.168.0.1"],
        ["fe80::abcd"],
        ["93.184.216.34", "127.0.0.1"],
    ],  # one private answer among public ones
)
def test_names_resolving_to_private_addresses_are_refused(
    monkeypatch: pytest.MonkeyPatch, addresses: list[str]
) -> None:
    fake_dns(monkeypatch, {"hooks.example": addresses})
    with pytest.raises(DeliveryFailed) as failed:
        send_webhook("https://hooks.example/hook", MESSAGE, allow_private=False)
    assert not failed.value.retry
    private = next(a for a in addresses if outbound.why_not_public(ipaddress.ip_address(a)))
    assert outbound.shown(ipaddress.ip_address(private)) in failed.value.message


def test_plain_http_is_refused_unless_private_addresses_are_allowed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake_dns(monkeypatch, {"hooks.example": ["93.184.216.34"]})
    with pytest.raises(DeliveryFailed) as failed:
        send_webhook("http://hooks.example/hook", MESSAGE, allow_private=False)
    assert "https" in failed.value.message and not failed.value.retry


def test_a_name_that_does_not_resolve_is_tried_again(monkeypatch: pytest.MonkeyPatch) -> None:
    def nowhere(*args: Any, **kwargs: Any) -> Any:
        raise socket.gaierror(socket.EAI_NONAME, "unknown")

    monkeypatch.setattr(socket, "getaddrinfo", nowhere)
    with pytest.raises(DeliveryFailed) as failed:
        send_webhook("https://hooks.example/hook", MESSAGE, allow_private=False)
    assert failed.value.retry


# ---- checked when saved -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("https://127.0.0.1/hook", "loopback"),
        ("https://[::ffff:127.0.0.1]/hook", "loopback address (::ffff:127.0.0.1, IPv4 in IPv6"),
        ("https://169.254.169.254/hook", "link-local"),
        ("https://inside.example/hook", "private"),
        ("http://outside.example/hook", "https://"),
        ("ftp://outside.example/hook", "https://"),
        ("https:///hook", ""),
        ("not a url", ""),
        ("https://nowhere.example/hook", "does not resolve"),
    ],
)
def test_saving_a_refused_webhook_url_says_why_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch, database_url: str, db: Any, url: str, reason: str
) -> None:
    with app_client(database_url) as client:
        account = sign_in(client, db)
        fake_dns(
            monkeypatch,
            {"inside.example": ["192.168.4.4"], "outside.example": ["93.184.216.34"]},
        )
        real = socket.getaddrinfo

        def no_nowhere(host: Any, *args: Any, **kwargs: Any) -> Any:
            if host == "nowhere.example":
                raise socket.gaierror(socket.EAI_NONAME, "unknown")
            return real(host, *args, **kwargs)

        monkeypatch.setattr(socket, "getaddrinfo", no_nowhere)
        before = notify_of(db, account)
        r = client.put("/api/me/notifications", json={"webhook_url": url, "always": True})
        assert r.status_code == 400, r.text
        assert r.json()["error"]["code"] == "webhook_refused"
        assert reason in r.json()["error"]["message"]
        assert notify_of(db, account) == before
        assert client.get("/api/me/notifications").json()["webhook_url"] is None


def test_a_public_webhook_url_is_saved_and_shown_to_its_account(
    monkeypatch: pytest.MonkeyPatch, database_url: str, db: Any
) -> None:
    fake_dns(monkeypatch, {"discord.com": ["162.159.135.232"]})
    url = "https://discord.com/api/webhooks/1/s3cret"
    with app_client(database_url) as client:
        sign_in(client, db)
        r = client.put("/api/me/notifications", json={"webhook_url": url})
        assert r.status_code == 200, r.text
        assert r.json()["webhook_url"] == url
        assert client.get("/api/me/notifications").json()["webhook_url"] == url
        r = client.put("/api/me/notifications", json={"webhook_url": None})
        assert r.json()["webhook_url"] is None


def test_an_operator_may_allow_private_webhooks(database_url: str, db: Any) -> None:
    with app_client(database_url, allow_private_webhooks=True) as client:
        sign_in(client, db)
        r = client.put("/api/me/notifications", json={"webhook_url": "http://127.0.0.1:9/hook"})
        assert r.status_code == 200, r.text
        assert r.json()["webhook_url"] == "http://127.0.0.1:9/hook"


def test_a_webhook_url_never_reaches_the_log(caplog: pytest.LogCaptureFixture) -> None:
    """Discord and Slack keep the webhook's secret in its path: nothing logged names it,
    whether the delivery works or fails (httpx and httpcore included, at DEBUG)."""
    caplog.set_level(logging.DEBUG)
    for status in (204, 404):
        with http_server(status) as (address, _got):
            url = f"http://{address}/api/webhooks/1/VERY-SECRET-TOKEN"
            with contextlib.suppress(DeliveryFailed):
                send_webhook(url, MESSAGE, allow_private=True)
    assert caplog.records  # the libraries did log, at DEBUG
    assert "VERY-SECRET-TOKEN" not in caplog.text
