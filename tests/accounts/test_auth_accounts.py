"""Signing up, in and out with a password, and the account's own page (issue 38, item 1).

docs/API.md, "Accounts": ``POST /api/auth/signup|login|logout|logout-everywhere``,
``GET|PATCH /api/me``, ``PUT /api/me/password``, ``DELETE /api/me/sessions/{id}``.
"""

from __future__ import annotations

from http.cookies import SimpleCookie

import pytest

from app.services.sessions import COOKIE
from tests.support.accounts import PASSWORD, cookie, log_in, sign_up, site, sql


def _set_cookie(response) -> SimpleCookie:
    jar: SimpleCookie = SimpleCookie()
    jar.load(response.headers["set-cookie"])
    return jar


def test_sign_up_signs_the_browser_in_with_a_strict_cookie(database_url):
    with site(database_url, session_days=7) as s:
        browser = s.browser()
        r = browser.post("/api/auth/signup", json={"name": "Anna", "password": PASSWORD})
        assert r.status_code == 201
        account = r.json()["account"]
        assert account["name"] == "Anna"
        assert account["language"] == "en"
        assert account["has_password"] is True
        assert account["is_admin"] is False
        assert account["passkeys"] == []
        assert [s["current"] for s in account["sessions"]] == [True]
        assert account["friend_link"].startswith("http://testserver/friends/add/")
        morsel = _set_cookie(r)[COOKIE]
        assert morsel["httponly"] is True
        assert morsel["samesite"].lower() == "lax"
        assert morsel["path"] == "/"
        assert morsel["max-age"] == str(7 * 86400)
        assert not morsel["secure"]  # plain http: a Secure cookie would never come back
        # The password is stored as argon2id, never as typed.
        (stored,) = sql(database_url, "SELECT password_hash FROM accounts")
        assert stored[0].startswith("$argon2id$") and PASSWORD not in stored[0]
        # The cookie signs the browser in; without it nobody is.
        assert browser.get("/api/me").json()["account"]["id"] == account["id"]
        assert s.browser().get("/api/me").json()["error"]["code"] == "not_signed_in"


def test_the_cookie_is_secure_when_the_request_came_over_https(database_url):
    with site(database_url) as s:
        browser = s.browser(base_url="https://testserver")
        r = browser.post("/api/auth/signup", json={"name": "Anna", "password": PASSWORD})
        assert r.status_code == 201
        assert _set_cookie(r)[COOKIE]["secure"] is True


def test_me_sends_the_cookie_again_so_a_used_sign_in_keeps_it(database_url):
    with site(database_url) as s:
        browser = s.browser()
        sign_up(browser, "Anna")
        value = cookie(browser)
        r = browser.get("/api/me")
        assert _set_cookie(r)[COOKIE].value == value


def test_language_comes_from_the_body_else_from_accept_language(database_url):
    with site(database_url) as s:
        assert sign_up(s.browser(), "Anna", language="de")["language"] == "de"
        german = s.browser(headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"})
        assert sign_up(german, "Bert")["language"] == "de"
        czech = s.browser(headers={"Accept-Language": "cs-CZ,cs;q=0.9,en;q=0.8"})
        assert sign_up(czech, "Cyril")["language"] == "cs"
        assert sign_up(s.browser(), "Eliška", language="cs")["language"] == "cs"
        french = s.browser(headers={"Accept-Language": "fr-FR, en;q=0.5"})
        assert sign_up(french, "Carla")["language"] == "en"
        r = s.browser().post(
            "/api/auth/signup", json={"name": "Dora", "password": PASSWORD, "language": "fr"}
        )
        assert r.status_code == 400


@pytest.mark.parametrize(
    ("password", "code"),
    [
        ("short one", "password_too_short"),
        ("x" * 257, "password_too_long"),
        ("password1234", "password_too_common"),
        ("1234567890", "password_too_common"),
        ("QwertyUiop", "password_too_common"),
        ("aaaaaaaaaaaa", "password_too_common"),
        ("abcdefghijkl", "password_too_common"),
        ("Wanderer Anna", "password_too_common"),  # the name
        ("wanderer anna2024!", "password_too_common"),  # the name and a number
    ],
)
def test_weak_passwords_are_refused_and_nothing_is_made(database_url, password, code):
    with site(database_url) as s:
        browser = s.browser()
        r = browser.post("/api/auth/signup", json={"name": "Wanderer Anna", "password": password})
        assert r.status_code == 422
        assert r.json()["error"]["code"] == code
        assert password not in r.text
        assert "set-cookie" not in r.headers
        assert sql(database_url, "SELECT count(*) FROM accounts")[0][0] == 0


@pytest.mark.parametrize(
    "name",
    ["", "   ", "\u200b", "A" * 33, "evil\u202ename", "bell\x07"],
    ids=["empty", "spaces", "invisible", "33-chars", "bidi", "control"],
)
def test_unreadable_or_long_names_are_refused(database_url, name):
    with site(database_url) as s:
        r = s.browser().post("/api/auth/signup", json={"name": name, "password": PASSWORD})
        assert r.status_code == 400
        assert r.json()["error"]["code"] == "bad_request"
        assert "name" in r.json()["error"]["message"]


def test_names_are_unique_ignoring_case_width_and_invisible_characters(database_url):
    with site(database_url) as s:
        sign_up(s.browser(), "  Anna Berg ")
        for twin in ["anna berg", "ANNA  BERG", "Ａｎｎａ Berg", "An\u200bna Berg"]:
            r = s.browser().post("/api/auth/signup", json={"name": twin, "password": PASSWORD})
            assert r.status_code == 409, twin
            assert r.json()["error"]["code"] == "name_taken"
        names = sql(database_url, "SELECT name FROM accounts")
        assert names == [("Anna Berg",)]  # trimmed, kept as typed otherwise
        # The sign-in takes any spelling of the name.
        assert log_in(s.browser(), "ANNA berg")["name"] == "Anna Berg"


def test_log_in_log_out_and_the_old_cookie_is_refused(database_url):
    with site(database_url) as s:
        sign_up(s.browser(), "Anna")
        laptop = s.browser()
        log_in(laptop, "anna")
        old = cookie(laptop)
        assert old
        r = laptop.post("/api/auth/logout")
        assert r.status_code == 204
        assert _set_cookie(r)[COOKIE]["max-age"] == "0"
        assert laptop.get("/api/me").status_code == 401
        # Copying the old value back signs nobody in: the row is gone.
        thief = s.browser()
        thief.cookies.set(COOKIE, old, domain="testserver.local")
        r = thief.get("/api/me")
        assert r.status_code == 401 and r.json()["error"]["code"] == "not_signed_in"
        # Signing out twice (or never signed in) answers the same.
        assert s.browser().post("/api/auth/logout").status_code == 204


def test_log_out_everywhere_ends_every_device(database_url):
    with site(database_url) as s:
        laptop, phone, other = s.browser(), s.browser(), s.browser()
        sign_up(laptop, "Anna")
        log_in(phone, "Anna")
        sign_up(other, "Bert")
        assert len(laptop.get("/api/me").json()["account"]["sessions"]) == 2
        assert phone.post("/api/auth/logout-everywhere").status_code == 204
        assert laptop.get("/api/me").status_code == 401
        assert phone.get("/api/me").status_code == 401
        assert other.get("/api/me").status_code == 200  # another account is untouched
        r = s.browser().post("/api/auth/logout-everywhere")
        assert r.json()["error"]["code"] == "not_signed_in"


def test_rename_and_language(database_url):
    with site(database_url) as s:
        anna = s.browser()
        sign_up(anna, "Anna")
        sign_up(s.browser(), "Bert")
        r = anna.patch("/api/me", json={"name": "Anna B", "language": "de"})
        assert r.status_code == 200
        assert (r.json()["account"]["name"], r.json()["account"]["language"]) == ("Anna B", "de")
        assert anna.patch("/api/me", json={"name": "ANNA b"}).status_code == 200  # own name
        r = anna.patch("/api/me", json={"name": "bert"})
        assert r.status_code == 409 and r.json()["error"]["code"] == "name_taken"
        assert anna.patch("/api/me", json={"language": "fr"}).status_code == 400
        assert anna.patch("/api/me", json={"name": "\u202e"}).status_code == 400
        assert anna.get("/api/me").json()["account"]["name"] == "ANNA b"
        log_in(s.browser(), "anna b")
        assert s.browser().patch("/api/me", json={"language": "de"}).status_code == 401


def test_change_password_needs_the_current_one_and_signs_other_devices_out(database_url):
    with site(database_url) as s:
        laptop, phone = s.browser(), s.browser()
        sign_up(laptop, "Anna")
        log_in(phone, "Anna")
        new = "a brand new passphrase"
        r = laptop.put("/api/me/password", json={"password": new})
        assert r.status_code == 403 and r.json()["error"]["code"] == "wrong_password"
        r = laptop.put(
            "/api/me/password", json={"password": new, "current_password": "not it at all"}
        )
        assert r.status_code == 403 and r.json()["error"]["code"] == "wrong_password"
        r = laptop.put("/api/me/password", json={"password": "short", "current_password": PASSWORD})
        assert r.status_code == 422 and r.json()["error"]["code"] == "password_too_short"
        r = laptop.put("/api/me/password", json={"password": new, "current_password": PASSWORD})
        assert r.status_code == 200
        assert laptop.get("/api/me").status_code == 200  # this browser stays signed in
        assert phone.get("/api/me").status_code == 401  # the others are signed out
        r = s.browser().post("/api/auth/login", json={"name": "Anna", "password": PASSWORD})
        assert r.json()["error"]["code"] == "login_failed"
        log_in(s.browser(), "Anna", new)


def test_a_passkey_only_account_adds_a_password_without_a_current_one(database_url):
    with site(database_url) as s:
        browser = s.browser()
        sign_up(browser, "Anna")
        sql(database_url, "UPDATE accounts SET password_hash = NULL")  # as a passkey sign-up
        assert browser.get("/api/me").json()["account"]["has_password"] is False
        r = browser.put("/api/me/password", json={"password": "my first password here"})
        assert r.status_code == 200
        assert r.json()["account"]["has_password"] is True
        log_in(s.browser(), "Anna", "my first password here")


def test_sessions_are_listed_under_opaque_ids_and_can_be_ended_one_by_one(database_url):
    with site(database_url) as s:
        laptop = s.browser(headers={"User-Agent": "Laptop Browser"})
        phone = s.browser(headers={"User-Agent": "Phone Browser"})
        sign_up(laptop, "Anna")
        log_in(phone, "Anna")
        sessions = laptop.get("/api/me").json()["account"]["sessions"]
        assert {x["user_agent"] for x in sessions} == {"Laptop Browser", "Phone Browser"}
        hashes = {row[0] for row in sql(database_url, "SELECT id_hash FROM auth_sessions")}
        for listed in sessions:
            assert listed["id"] not in hashes
            assert not any(listed["id"] in h for h in hashes)  # not even a piece of the key
        phones = next(x for x in sessions if x["user_agent"] == "Phone Browser")
        assert phones["current"] is False
        r = laptop.delete(f"/api/me/sessions/{phones['id']}")
        assert r.status_code == 204
        assert phone.get("/api/me").status_code == 401
        assert laptop.get("/api/me").status_code == 200
        r = laptop.delete(f"/api/me/sessions/{phones['id']}")
        assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_session"
        # Another account's sign-in cannot be ended by its id.
        bert = s.browser()
        sign_up(bert, "Bert")
        berts = bert.get("/api/me").json()["account"]["sessions"][0]["id"]
        assert laptop.delete(f"/api/me/sessions/{berts}").status_code == 404
        assert bert.get("/api/me").status_code == 200
        # Ending the own one signs this browser out and clears its cookie.
        own = laptop.get("/api/me").json()["account"]["sessions"][0]
        assert own["current"] is True
        r = laptop.delete(f"/api/me/sessions/{own['id']}")
        assert r.status_code == 204
        assert laptop.get("/api/me").status_code == 401


def test_auth_config_tells_the_sign_up_page_what_to_ask(database_url):
    with site(database_url, signup="invite", accounts_required=True) as s:
        assert s.browser().get("/api/auth/config").json() == {
            "signup": "invite",
            "accounts_required": True,
            "password_min_length": 10,
        }
