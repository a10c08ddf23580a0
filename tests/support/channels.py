"""Helpers of the notification channels' tests (tests/accounts/test_channels_*.py): an app
with chosen settings, a signed-in account made directly in the database (the channels do
not depend on how an account signs up), and local servers that capture what the server
sends (HTTP for webhooks and push services, aiosmtpd for e-mail)."""

from __future__ import annotations

import email
import email.policy
import secrets
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from app.db.models import AccountRow
from app.main import create_app
from app.services import sessions
from tests.conftest import settings_for


@contextmanager
def app_client(database_url: str, **settings: Any) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for(database_url, **settings))) as client:
        yield client


def sign_in(client: TestClient, db: Engine, name: str = "Ada", language: str = "en") -> int:
    """Make account ``name`` and give ``client`` its session cookie; returns its id."""
    with Session(db) as session:
        account = AccountRow(
            name=name,
            name_key=name.casefold(),
            language=language,
            friend_code=secrets.token_urlsafe(12),
            notify={},
        )
        session.add(account)
        session.flush()
        cookie = sessions.start(session, account.id, "tests")
        session.commit()
        account_id = account.id
    client.cookies.set(sessions.COOKIE, cookie)
    return account_id


def notify_of(db: Engine, account_id: int) -> dict[str, Any]:
    with Session(db) as session:
        return dict(
            session.scalar(select(AccountRow.notify).where(AccountRow.id == account_id)) or {}
        )


def fake_dns(monkeypatch: pytest.MonkeyPatch, table: dict[str, list[str]]) -> list[str]:
    """``socket.getaddrinfo`` answering the names in ``table`` (others as before); returns
    the list of names looked up, in order."""
    real = socket.getaddrinfo
    looked_up: list[str] = []

    def getaddrinfo(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        name = host.decode() if isinstance(host, bytes) else str(host)
        looked_up.append(name)
        if name in table:
            port = int(port or 0)
            return [
                (socket.AF_INET6, socket.SOCK_STREAM, 6, "", (a, port, 0, 0))
                if ":" in a
                else (socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port))
                for a in table[name]
            ]
        return real(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return looked_up


# ---- a local HTTP server that records requests ----------------------------------------------


@dataclass
class Captured:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Recorder:
    """What a local server received; ``status`` is what it answers."""

    status: int = 201
    requests: list[Captured] = field(default_factory=list)
    arrived: threading.Event = field(default_factory=threading.Event)


@contextmanager
def http_server(status: int = 201, tls: Any = None) -> Iterator[tuple[str, Recorder]]:
    """A threaded HTTP server on 127.0.0.1 (``tls``: an ``ssl.SSLContext`` to serve HTTPS);
    yields its ``host:port`` and the recorder."""
    recorder = Recorder(status)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length)
            recorder.requests.append(
                Captured("POST", self.path, {k.lower(): v for k, v in self.headers.items()}, body)
            )
            self.send_response(recorder.status)
            self.send_header("Content-Length", "0")
            if 300 <= recorder.status < 400:
                self.send_header("Location", "http://127.0.0.1:1/elsewhere")
            self.end_headers()
            recorder.arrived.set()

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    if tls is not None:
        server.socket = tls.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"127.0.0.1:{server.server_address[1]}", recorder
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


# ---- a local SMTP server ------------------------------------------------------------------


@dataclass
class Mailbox:
    messages: list[Message] = field(default_factory=list)
    envelopes: list[tuple[str, list[str]]] = field(default_factory=list)
    logins: list[tuple[str, str]] = field(default_factory=list)


@contextmanager
def smtp_server(
    login: tuple[str, str] | None = None, refuse: tuple[str, ...] = ()
) -> Iterator[tuple[int, Mailbox]]:
    """aiosmtpd on a free loopback port (no TLS: ``SMTP_SECURITY=none``). ``login``: the
    only user and password it takes (AUTH then required); ``refuse``: recipients it answers
    550."""
    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult

    box = Mailbox()

    class Handler:
        async def handle_RCPT(
            self, server: Any, session: Any, envelope: Any, address: str, options: Any
        ) -> str:
            if address in refuse:
                return "550 no such user here"
            envelope.rcpt_tos.append(address)
            return "250 OK"

        async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
            box.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
            box.messages.append(
                email.message_from_bytes(envelope.content, policy=email.policy.default)
            )
            return "250 OK"

    def authenticator(
        server: Any, session: Any, envelope: Any, mechanism: str, data: Any
    ) -> AuthResult:
        pair = (data.login.decode(), data.password.decode())
        box.logins.append(pair)
        return AuthResult(success=pair == login, handled=False)  # False: aiosmtpd answers 535

    options: dict[str, Any] = {}
    if login is not None:
        options = {
            "authenticator": authenticator,
            "auth_required": True,
            "auth_require_tls": False,
        }
    with socket.socket() as probe:  # a free port (aiosmtpd's Controller needs one named)
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(Handler(), hostname="127.0.0.1", port=port, **options)
    controller.start()
    try:
        yield port, box
    finally:
        controller.stop()
