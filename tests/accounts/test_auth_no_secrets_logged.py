"""Passwords, session cookies and invite codes never reach a log (issue 38: "never log a
secret"; app/core/logs.py)."""

from __future__ import annotations

import logging

import httpx

from app.core.logs import redact
from app.db.session import Database
from app.services.accounts import Accounts
from app.services.sessions import COOKIE
from tests.support.accounts import PASSWORD, cookie, site

NEW_PASSWORD = "another long passphrase"
WRONG = "wrong but long enough"


def _everything_logged(records: list[logging.LogRecord]) -> str:
    lines = []
    for record in records:
        lines.append(record.getMessage())
        if record.exc_info:
            lines.append(logging.Formatter().formatException(record.exc_info))
    return "\n".join(lines)


def _admin(database_url: str) -> None:
    db = Database(database_url)
    try:
        with db.session() as session:
            Accounts(db).create_admin(session, "Root", PASSWORD)
    finally:
        db.dispose()


def test_no_secret_in_the_records_of_sign_ups_sign_ins_and_their_failures(database_url, caplog):
    caplog.set_level(logging.DEBUG)
    with site(database_url, signup="invite") as s:
        _admin(database_url)
        root = s.browser()
        root.post("/api/auth/login", json={"name": "Root", "password": PASSWORD})
        code = root.post("/api/admin/invite-codes").json()["code"]
        anna = s.browser()
        attempts = [
            ("/api/auth/signup", {"name": "Anna", "password": "password1234", "invite_code": code}),
            ("/api/auth/signup", {"name": "Anna", "password": PASSWORD, "invite_code": "bad-x"}),
            ("/api/auth/signup", {"name": "Anna", "password": PASSWORD, "invite_code": code}),
            ("/api/auth/login", {"name": "Anna", "password": WRONG}),
            ("/api/auth/login", {"name": "Nobody", "password": WRONG}),
            # Someone typed the password into the name field: the name is not logged either.
            ("/api/auth/login", {"name": NEW_PASSWORD, "password": WRONG}),
            ("/api/auth/login", {"name": "Anna", "password": PASSWORD}),
        ]
        for path, body in attempts:
            anna.post(path, json=body)
        anna.put("/api/me/password", json={"password": NEW_PASSWORD, "current_password": WRONG})
        anna.put("/api/me/password", json={"password": NEW_PASSWORD, "current_password": PASSWORD})
        value = cookie(anna)
        anna.post("/api/auth/logout")
    logged = _everything_logged(caplog.records)
    assert caplog.records, "the test should see the app's records"
    for secret in [PASSWORD, NEW_PASSWORD, WRONG, "password1234", code, value, "bad-x"]:
        assert secret and secret not in logged, secret


def test_no_secret_in_a_real_server_log_with_the_access_log_on(server_factory, database_url):
    server = server_factory(ACCESS_LOG="1", SIGNUP="invite")
    _admin(database_url)
    with httpx.Client(base_url=server.url, timeout=30) as root:
        assert root.post("/api/auth/login", json={"name": "Root", "password": PASSWORD}).is_success
        code = root.post("/api/admin/invite-codes").json()["code"]
        root_cookie = root.cookies.get(COOKIE)
    with httpx.Client(base_url=server.url, timeout=30) as anna:
        # The sign-up page opened from an invite link carries the code in its query.
        anna.get("/", params={"invite": code})
        r = anna.post(
            "/api/auth/signup", json={"name": "Anna", "password": PASSWORD, "invite_code": code}
        )
        assert r.status_code == 201
        anna.post("/api/auth/login", json={"name": "Anna", "password": WRONG})
        anna.get("/api/me")
        anna_cookie = anna.cookies.get(COOKIE)
        anna.post("/api/auth/logout")
    server.stop()  # every line it wrote is in the file now
    log = server.log_path.read_text(errors="replace")
    assert "/api/auth/signup" in log, "the test should see the access log's lines"
    assert "invite=[redacted]" in log
    for secret in [PASSWORD, WRONG, code, root_cookie, anna_cookie]:
        assert secret and secret not in log


def test_redact_hides_account_secrets_in_urls_and_cookie_lines():
    assert redact("GET /?invite=abc123&lang=de") == "GET /?invite=[redacted]&lang=de"
    assert redact("/signup?invite_code=abc123") == "/signup?invite_code=[redacted]"
    assert redact("/x?password=hunter22&y=1") == "/x?password=[redacted]&y=1"
    assert redact(f"{COOKIE}=abc; other=1") == f"{COOKIE}=[redacted]; other=1"
    assert redact("GET /friends/add/Qx7-abc HTTP/1.1") == "GET /friends/add/[redacted] HTTP/1.1"
    assert redact("GET /api/games?status=open") == "GET /api/games?status=open"
