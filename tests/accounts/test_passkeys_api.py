"""Passkeys over the API, with a software authenticator (tests/support/authenticator.py):
sign up and sign in without a password, add and remove passkeys, and every way a sign-in
must fail — an unknown passkey, a bad signature, another origin, a replayed or expired
ceremony, a cloned authenticator — with the same 401 ``login_failed``."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, func, select, update

from app.core.security import hash_token
from app.db.models import AccountRow, AuthSessionRow, InviteCodeRow, PasskeyRow
from app.main import create_app
from app.services.passkeys import CEREMONY_SECONDS, RelyingParty
from app.services.sessions import COOKIE
from tests.conftest import settings_for
from tests.support.authenticator import (
    SoftPasskey,
    b64url,
    passkey_log_in,
    passkey_login_options,
    passkey_sign_up,
    unb64url,
)


class Clock:
    """The passkey service's "now", moved by the test."""

    def __init__(self) -> None:
        self.now = datetime(2026, 12, 5, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def make_client(database_url: str, clock: Clock) -> Iterator[Any]:
    """``make_client(**settings)``: a server (its passkeys on ``clock``; no sign-in rate
    limit unless asked) and a browser."""
    opened: list[TestClient] = []

    def make(base_url: str = "http://testserver", **overrides: Any) -> TestClient:
        app = create_app(settings_for(database_url, **{"rate_login": 0, **overrides}))
        app.state.passkeys.clock = clock
        client = TestClient(app, base_url=base_url)
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in opened:
        client.__exit__(None, None, None)


@pytest.fixture
def http(make_client) -> TestClient:
    return make_client()


def other_browser(http: TestClient) -> TestClient:
    """A second browser (no cookies) on the same server."""
    return TestClient(http.app, base_url=str(http.base_url))


def count(db: Engine, table: Any) -> int:
    with db.connect() as conn:
        return conn.execute(select(func.count()).select_from(table)).scalar_one()


def assert_login_failed(r: Any) -> None:
    assert r.status_code == 401, r.text
    assert r.json()["error"]["code"] == "login_failed"
    assert COOKIE not in r.cookies


# ---- signing up --------------------------------------------------------------------------


def test_signup_options_ask_for_a_discoverable_passkey_of_this_host(http):
    r = http.post("/api/auth/passkey/signup/options", json={"name": "Anna", "language": "de"})
    assert r.status_code == 200, r.text
    public_key = r.json()["publicKey"]
    assert public_key["rp"] == {"id": "testserver", "name": "Tafelrunde"}
    assert public_key["user"]["name"] == "Anna"
    assert public_key["authenticatorSelection"]["residentKey"] == "required"
    assert public_key["authenticatorSelection"]["userVerification"] == "preferred"
    assert public_key["attestation"] == "none"
    assert public_key["timeout"] == CEREMONY_SECONDS * 1000
    assert {"type": "public-key", "alg": -7} in public_key["pubKeyCredParams"]
    assert len(unb64url(public_key["challenge"])) >= 16


def test_sign_up_with_a_passkey_makes_a_signed_in_account_without_password(http, db):
    passkey, r = passkey_sign_up(http, " Anna ", language="de", invite_code=None)
    assert r.status_code == 201, r.text
    account = r.json()["account"]
    assert account["name"] == "Anna"
    assert account["language"] == "de"
    assert account["has_password"] is False
    assert account["is_admin"] is False
    cookie = next(c for c in r.headers.get_list("set-cookie") if c.startswith(f"{COOKIE}="))
    assert "HttpOnly" in cookie
    assert "SameSite=lax" in cookie or "SameSite=Lax" in cookie
    assert "Secure" not in cookie  # plain http: a browser would drop a Secure cookie
    listed = http.get("/api/me/passkeys")
    assert listed.status_code == 200, listed.text
    assert [p["label"] for p in listed.json()["passkeys"]] == [""]
    with db.connect() as conn:
        row = conn.execute(select(AccountRow)).one()
        stored = conn.execute(select(PasskeyRow)).one()
    assert (row.name, row.name_key, row.password_hash) == ("Anna", "anna", None)
    assert len(row.friend_code) >= 20
    assert stored.credential_id == passkey.credential_id
    assert stored.account_id == row.id


def test_a_name_is_taken_whatever_its_case_or_unicode_form(http, db):
    assert passkey_sign_up(http, "Ärger")[1].status_code == 201
    for name in ("ärger", "ÄRGER", "A\u0308rger"):  # the last: A + combining diaeresis
        r = other_browser(http).post("/api/auth/passkey/signup/options", json={"name": name})
        assert r.status_code == 409, (name, r.text)
        assert r.json()["error"]["code"] == "name_taken"
    assert count(db, AccountRow) == 1


def test_a_name_taken_between_options_and_answer_is_refused_and_nothing_made(http, db):
    first = http.post("/api/auth/passkey/signup/options", json={"name": "Ben"}).json()
    assert passkey_sign_up(other_browser(http), "ben")[1].status_code == 201
    late = SoftPasskey()
    r = http.post(
        "/api/auth/passkey/signup/verify",
        json={"ceremony": first["ceremony"], "credential": late.create(first["publicKey"])},
    )
    assert r.status_code == 409, r.text
    assert r.json()["error"]["code"] == "name_taken"
    assert count(db, AccountRow) == 1
    assert count(db, PasskeyRow) == 1


@pytest.mark.parametrize("name", ["", "   ", "\u200b", "a\u202eb", "x" * 65, "ﷺ" * 4])
def test_names_nobody_can_read_or_too_long_are_refused(http, db, name):
    r = http.post("/api/auth/passkey/signup/options", json={"name": name})
    assert r.status_code == 400, r.text
    assert r.json()["error"]["code"] == "bad_request"
    assert count(db, AccountRow) == 0


def test_signup_closed_makes_no_account(make_client, db):
    http = make_client(signup="closed")
    r = http.post("/api/auth/passkey/signup/options", json={"name": "Anna"})
    assert r.status_code == 403
    assert r.json()["error"]["code"] == "signup_closed"
    assert count(db, AccountRow) == 0


def test_signup_by_invite_needs_an_unused_code_and_uses_it_up(make_client, db):
    http = make_client(signup="invite")
    with db.begin() as conn:
        conn.execute(InviteCodeRow.__table__.insert().values(code_hash=hash_token("sesame")))
    r = http.post("/api/auth/passkey/signup/options", json={"name": "Anna"})
    assert (r.status_code, r.json()["error"]["code"]) == (403, "invite_code_required")
    r = http.post(
        "/api/auth/passkey/signup/options", json={"name": "Anna", "invite_code": "open sesame"}
    )
    assert (r.status_code, r.json()["error"]["code"]) == (403, "invite_code_invalid")
    # Two sign-ups begun with the same code: the first to finish uses it up.
    ben_options = http.post(
        "/api/auth/passkey/signup/options", json={"name": "Ben", "invite_code": "sesame"}
    ).json()
    _, r = passkey_sign_up(http, "Anna", invite_code="sesame")
    assert r.status_code == 201, r.text
    r = http.post(
        "/api/auth/passkey/signup/verify",
        json={
            "ceremony": ben_options["ceremony"],
            "credential": SoftPasskey().create(ben_options["publicKey"]),
        },
    )
    assert (r.status_code, r.json()["error"]["code"]) == (403, "invite_code_invalid")
    with db.connect() as conn:
        code = conn.execute(select(InviteCodeRow)).one()
        anna = conn.execute(select(AccountRow.id).where(AccountRow.name == "Anna")).scalar_one()
    assert code.used_by == anna
    assert count(db, AccountRow) == 1


def test_a_signup_answer_from_another_origin_is_refused(http, db):
    options = http.post("/api/auth/passkey/signup/options", json={"name": "Anna"}).json()
    credential = SoftPasskey("https://evil.example").create(options["publicKey"])
    r = http.post(
        "/api/auth/passkey/signup/verify",
        json={"ceremony": options["ceremony"], "credential": credential},
    )
    assert r.status_code == 400, r.text
    assert r.json()["error"]["code"] == "passkey_failed"
    assert "origin" in r.json()["error"]["message"].lower()
    assert count(db, AccountRow) == 0


def test_a_signup_ceremony_is_used_once_and_expires(http, clock, db):
    options = http.post("/api/auth/passkey/signup/options", json={"name": "Anna"}).json()
    body = {
        "ceremony": options["ceremony"],
        "credential": SoftPasskey().create(options["publicKey"]),
    }
    assert http.post("/api/auth/passkey/signup/verify", json=body).status_code == 201
    again = http.post("/api/auth/passkey/signup/verify", json=body)
    assert (again.status_code, again.json()["error"]["code"]) == (400, "passkey_failed")

    late = http.post("/api/auth/passkey/signup/options", json={"name": "Ben"}).json()
    clock.advance(CEREMONY_SECONDS + 1)
    r = http.post(
        "/api/auth/passkey/signup/verify",
        json={"ceremony": late["ceremony"], "credential": SoftPasskey().create(late["publicKey"])},
    )
    assert (r.status_code, r.json()["error"]["code"]) == (400, "passkey_failed")
    assert count(db, AccountRow) == 1


def test_malformed_credentials_are_refused_not_crashed_on(http, db):
    for credential in (
        {},
        {"id": "x", "rawId": "x", "type": "public-key", "response": {}},
        {
            "id": "AA",
            "rawId": "AA",
            "type": "public-key",
            "response": {"clientDataJSON": "!!", "attestationObject": "AA"},
        },
    ):
        options = http.post("/api/auth/passkey/signup/options", json={"name": "Anna"}).json()
        r = http.post(
            "/api/auth/passkey/signup/verify",
            json={"ceremony": options["ceremony"], "credential": credential},
        )
        assert (r.status_code, r.json()["error"]["code"]) == (400, "passkey_failed"), r.text
        options = passkey_login_options(http)
        r = http.post(
            "/api/auth/passkey/login/verify",
            json={"ceremony": options["ceremony"], "credential": credential},
        )
        assert_login_failed(r)
    assert count(db, AccountRow) == 0


# ---- signing in --------------------------------------------------------------------------


def test_sign_in_with_the_passkey_on_another_browser(http, db):
    passkey, _ = passkey_sign_up(http, "Anna")
    laptop = other_browser(http)
    options = passkey_login_options(laptop)
    assert options["publicKey"]["rpId"] == "testserver"
    assert options["publicKey"].get("allowCredentials", []) == []  # discoverable: no name
    assert options["publicKey"]["userVerification"] == "preferred"
    credential = passkey.get(options["publicKey"])
    r = laptop.post(
        "/api/auth/passkey/login/verify",
        json={"ceremony": options["ceremony"], "credential": credential},
    )
    assert r.status_code == 200, r.text
    assert r.json()["account"]["name"] == "Anna"
    assert laptop.get("/api/me/passkeys").status_code == 200
    with db.connect() as conn:
        stored = conn.execute(select(PasskeyRow)).one()
    assert stored.sign_count == passkey.sign_count == 1
    assert stored.last_used_at is not None
    assert count(db, AuthSessionRow) == 2  # the phone's sign-in and the laptop's


def test_each_sign_in_gets_a_new_cookie_and_ends_the_browsers_previous_one(http, db):
    passkey, first = passkey_sign_up(http, "Anna")
    old = first.cookies[COOKIE]
    again = passkey_log_in(http, passkey)
    assert again.status_code == 200
    new = again.cookies[COOKIE]
    assert new != old
    with db.connect() as conn:
        hashes = set(conn.execute(select(AuthSessionRow.id_hash)).scalars())
    assert hashes == {hash_token(new)}
    stale = other_browser(http)
    stale.cookies.set(COOKIE, old)
    assert stale.get("/api/me/passkeys").json()["error"]["code"] == "not_signed_in"


def test_an_unknown_passkey_does_not_sign_in(http):
    passkey_sign_up(http, "Anna")
    stranger = SoftPasskey()
    stranger.device.cred_init("testserver", b"someone")
    assert_login_failed(passkey_log_in(other_browser(http), stranger))


def test_a_bad_signature_does_not_sign_in(http):
    passkey, _ = passkey_sign_up(http, "Anna")
    browser = other_browser(http)
    options = passkey_login_options(browser)
    credential = passkey.get(options["publicKey"])
    signature = bytearray(unb64url(credential["response"]["signature"]))
    signature[-1] ^= 1
    credential["response"]["signature"] = b64url(bytes(signature))
    r = browser.post(
        "/api/auth/passkey/login/verify",
        json={"ceremony": options["ceremony"], "credential": credential},
    )
    assert_login_failed(r)


def test_an_answer_from_another_origin_does_not_sign_in(http):
    passkey, _ = passkey_sign_up(http, "Anna")
    assert_login_failed(passkey_log_in(other_browser(http), passkey, origin="https://evil.example"))
    assert_login_failed(
        passkey_log_in(other_browser(http), passkey, origin="http://testserver:8080")
    )


def test_the_log_says_why_a_sign_in_failed_and_names_no_secret(http, caplog):
    passkey, first = passkey_sign_up(http, "Anna")
    browser = other_browser(http)
    options = passkey_login_options(browser)
    credential = passkey.get(options["publicKey"], "https://evil.example")
    with caplog.at_level(logging.INFO, logger="app.services.passkeys"):
        r = browser.post(
            "/api/auth/passkey/login/verify",
            json={"ceremony": options["ceremony"], "credential": credential},
        )
    assert_login_failed(r)
    [record] = [r for r in caplog.records if "passkey sign-in refused" in r.getMessage()]
    assert record.levelno == logging.WARNING  # most often a proxy without PUBLIC_URL
    assert "https://evil.example" in record.getMessage()
    assert "http://testserver" in record.getMessage()
    for secret in (options["ceremony"], first.cookies[COOKIE], options["publicKey"]["challenge"]):
        assert secret not in caplog.text


def test_a_replayed_sign_in_is_refused(http):
    passkey, _ = passkey_sign_up(http, "Anna")
    browser = other_browser(http)
    options = passkey_login_options(browser)
    body = {"ceremony": options["ceremony"], "credential": passkey.get(options["publicKey"])}
    assert browser.post("/api/auth/passkey/login/verify", json=body).status_code == 200
    thief = other_browser(http)
    assert_login_failed(thief.post("/api/auth/passkey/login/verify", json=body))


def test_an_expired_sign_in_is_refused(http, clock):
    passkey, _ = passkey_sign_up(http, "Anna")
    browser = other_browser(http)
    options = passkey_login_options(browser)
    body = {"ceremony": options["ceremony"], "credential": passkey.get(options["publicKey"])}
    clock.advance(CEREMONY_SECONDS + 1)
    assert_login_failed(browser.post("/api/auth/passkey/login/verify", json=body))
    # In time, the same passkey signs in.
    assert passkey_log_in(browser, passkey).status_code == 200


def test_a_signup_ceremony_cannot_sign_in(http):
    passkey, _ = passkey_sign_up(http, "Anna")
    signup = http.post("/api/auth/passkey/signup/options", json={"name": "Ben"}).json()
    public_key = {"challenge": signup["publicKey"]["challenge"], "rpId": "testserver"}
    body = {"ceremony": signup["ceremony"], "credential": passkey.get(public_key)}
    assert_login_failed(other_browser(http).post("/api/auth/passkey/login/verify", json=body))


def test_a_cloned_authenticator_is_refused_once_its_counter_goes_backwards(http):
    passkey, _ = passkey_sign_up(http, "Anna")
    clone = passkey.clone()
    assert passkey_log_in(other_browser(http), passkey).status_code == 200  # counter 1
    assert passkey_log_in(other_browser(http), passkey).status_code == 200  # counter 2
    assert clone.sign_count == 0
    assert_login_failed(passkey_log_in(other_browser(http), clone))  # counter 1 again
    assert passkey_log_in(other_browser(http), passkey).status_code == 200  # the original: 3


def test_a_disabled_account_does_not_sign_in(http, db):
    passkey, _ = passkey_sign_up(http, "Anna")
    with db.begin() as conn:
        conn.execute(update(AccountRow).values(disabled_at=datetime.now(UTC)))
    assert_login_failed(passkey_log_in(other_browser(http), passkey))


def test_every_failure_reads_the_same(http, clock):
    passkey, _ = passkey_sign_up(http, "Anna")
    stranger = SoftPasskey()
    stranger.device.cred_init("testserver", b"someone")
    answers = [
        passkey_log_in(other_browser(http), stranger),
        passkey_log_in(other_browser(http), passkey, origin="https://evil.example"),
    ]
    options = passkey_login_options(http)
    clock.advance(CEREMONY_SECONDS + 1)
    answers.append(
        http.post(
            "/api/auth/passkey/login/verify",
            json={"ceremony": options["ceremony"], "credential": passkey.get(options["publicKey"])},
        )
    )
    assert len({(r.status_code, r.text) for r in answers}) == 1


def test_sign_in_and_sign_up_attempts_are_rate_limited_per_address(make_client, db):
    http = make_client(rate_login=3)
    passkey, _ = passkey_sign_up(http, "Anna")
    assert passkey_log_in(http, passkey).status_code == 200
    assert http.post("/api/auth/passkey/login/options", json={}).status_code == 200
    for path, body in (("login/options", {}), ("signup/options", {"name": "Ben"})):
        r = http.post(f"/api/auth/passkey/{path}", json=body)
        assert (r.status_code, r.json()["error"]["code"]) == (429, "rate_limited")
        assert int(r.headers["retry-after"]) >= 1
    assert count(db, AccountRow) == 1


# ---- the account's passkeys --------------------------------------------------------------


def add_passkey(http: TestClient, label: str | None = None, passkey: SoftPasskey | None = None):
    passkey = passkey or SoftPasskey()
    r = http.post("/api/me/passkeys/options")
    assert r.status_code == 200, r.text
    options = r.json()
    body: dict[str, Any] = {
        "ceremony": options["ceremony"],
        "credential": passkey.create(options["publicKey"]),
    }
    if label is not None:
        body["label"] = label
    return passkey, http.post("/api/me/passkeys", json=body), options


def test_add_a_second_passkey_and_sign_in_with_either(http):
    first, _ = passkey_sign_up(http, "Anna")
    second, r, options = add_passkey(http, "Security key")
    assert r.status_code == 201, r.text
    assert r.json()["label"] == "Security key"
    excluded = [c["id"] for c in options["publicKey"]["excludeCredentials"]]
    assert excluded == [first.credential_id]  # the browser will not add it twice
    assert options["publicKey"]["user"]["name"] == "Anna"
    listed = http.get("/api/me/passkeys").json()["passkeys"]
    assert [p["label"] for p in listed] == ["", "Security key"]
    for passkey in (first, second):
        r = passkey_log_in(other_browser(http), passkey)
        assert r.status_code == 200, r.text
        assert r.json()["account"]["name"] == "Anna"


def test_adding_a_passkey_needs_a_sign_in_and_the_accounts_own_ceremony(http):
    stranger = other_browser(http)
    r = stranger.post("/api/me/passkeys/options")
    assert (r.status_code, r.json()["error"]["code"]) == (401, "not_signed_in")
    passkey_sign_up(http, "Anna")
    ben = other_browser(http)
    passkey_sign_up(ben, "Ben")
    options = http.post("/api/me/passkeys/options").json()  # Anna's ceremony, Ben answers
    r = ben.post(
        "/api/me/passkeys",
        json={
            "ceremony": options["ceremony"],
            "credential": SoftPasskey().create(options["publicKey"]),
        },
    )
    assert (r.status_code, r.json()["error"]["code"]) == (400, "passkey_failed")
    assert len(ben.get("/api/me/passkeys").json()["passkeys"]) == 1


def test_a_passkey_registered_already_is_refused(http, db):
    passkey, _ = passkey_sign_up(http, "Anna")
    same = passkey.clone()
    same.device.cred_init = lambda rp_id, user_handle: None  # the same credential again
    _, r, _ = add_passkey(http, passkey=same)
    assert (r.status_code, r.json()["error"]["code"]) == (409, "passkey_exists")
    assert count(db, PasskeyRow) == 1


def test_the_only_way_in_cannot_be_deleted(http, db):
    passkey_sign_up(http, "Anna")
    [only] = http.get("/api/me/passkeys").json()["passkeys"]
    r = http.delete(f"/api/me/passkeys/{only['id']}")
    assert (r.status_code, r.json()["error"]["code"]) == (409, "last_sign_in_method")
    assert count(db, PasskeyRow) == 1


def test_delete_one_of_two_passkeys_then_the_last_is_kept(http, db):
    first, _ = passkey_sign_up(http, "Anna")
    second, r, _ = add_passkey(http, "Phone")
    first_id = http.get("/api/me/passkeys").json()["passkeys"][0]["id"]
    assert http.delete(f"/api/me/passkeys/{first_id}").status_code == 204
    assert [p["label"] for p in http.get("/api/me/passkeys").json()["passkeys"]] == ["Phone"]
    assert_login_failed(passkey_log_in(other_browser(http), first))  # a deleted passkey is gone
    r = http.delete(f"/api/me/passkeys/{r.json()['id']}")
    assert (r.status_code, r.json()["error"]["code"]) == (409, "last_sign_in_method")
    assert passkey_log_in(other_browser(http), second).status_code == 200


def test_an_account_with_a_password_may_delete_its_only_passkey(http, db):
    passkey, _ = passkey_sign_up(http, "Anna")
    with db.begin() as conn:
        conn.execute(update(AccountRow).values(password_hash="$argon2id$v=19$m=65536,t=3,p=4$x$y"))
    [only] = http.get("/api/me/passkeys").json()["passkeys"]
    assert http.delete(f"/api/me/passkeys/{only['id']}").status_code == 204
    assert count(db, PasskeyRow) == 0
    assert_login_failed(passkey_log_in(other_browser(http), passkey))


def test_another_accounts_passkey_is_unknown(http, db):
    passkey_sign_up(http, "Anna")
    ben = other_browser(http)
    passkey_sign_up(ben, "Ben")
    add_passkey(ben, "spare")
    bens = ben.get("/api/me/passkeys").json()["passkeys"]
    for passkey_id in (bens[0]["id"], 999):
        r = http.delete(f"/api/me/passkeys/{passkey_id}")
        assert (r.status_code, r.json()["error"]["code"]) == (404, "unknown_passkey")
        r = http.patch(f"/api/me/passkeys/{passkey_id}", json={"label": "mine"})
        assert (r.status_code, r.json()["error"]["code"]) == (404, "unknown_passkey")
    assert count(db, PasskeyRow) == 3
    r = other_browser(http).delete(f"/api/me/passkeys/{bens[0]['id']}")
    assert (r.status_code, r.json()["error"]["code"]) == (401, "not_signed_in")


def test_rename_a_passkey(http):
    passkey_sign_up(http, "Anna")
    [only] = http.get("/api/me/passkeys").json()["passkeys"]
    r = http.patch(f"/api/me/passkeys/{only['id']}", json={"label": "Laptop"})
    assert r.status_code == 200, r.text
    assert http.get("/api/me/passkeys").json()["passkeys"][0]["label"] == "Laptop"
    r = http.patch(f"/api/me/passkeys/{only['id']}", json={"label": "\u202e"})
    assert r.status_code == 400


# ---- the relying party: the host name players open ----------------------------------------


@pytest.mark.parametrize(
    ("public_url", "request_url", "rp_id", "origin"),
    [
        ("", "http://localhost:8000/api/x", "localhost", "http://localhost:8000"),
        (
            "",
            "https://Games.Example.org:443/api/x",
            "games.example.org",
            "https://games.example.org",
        ),
        (
            "https://games.example.org/",
            "http://10.0.0.5:8000/api",
            "games.example.org",
            "https://games.example.org",
        ),
        ("https://example.org:8443/tafel", "http://x/", "example.org", "https://example.org:8443"),
        ("http://localhost:80", "http://x/", "localhost", "http://localhost"),
    ],
)
def test_the_relying_party_is_public_url_or_the_requests_host(
    public_url, request_url, rp_id, origin
):
    assert RelyingParty.serving(public_url, request_url) == RelyingParty(rp_id, origin)


def test_with_public_url_passkeys_belong_to_that_host_and_its_cookie_is_secure(make_client):
    http = make_client("https://games.example.org", public_url="https://games.example.org")
    options = http.post("/api/auth/passkey/signup/options", json={"name": "Anna"}).json()
    assert options["publicKey"]["rp"]["id"] == "games.example.org"
    _, r = passkey_sign_up(http, "Anna")
    assert r.status_code == 201, r.text
    cookie = next(c for c in r.headers.get_list("set-cookie") if c.startswith(f"{COOKIE}="))
    assert "Secure" in cookie
    # The same server reached under another name does not take its passkeys' answers.
    elsewhere = SoftPasskey("https://other.example.org")
    options = http.post("/api/auth/passkey/signup/options", json={"name": "Ben"}).json()
    r = http.post(
        "/api/auth/passkey/signup/verify",
        json={
            "ceremony": options["ceremony"],
            "credential": elsewhere.create(options["publicKey"]),
        },
    )
    assert (r.status_code, r.json()["error"]["code"]) == (400, "passkey_failed")
