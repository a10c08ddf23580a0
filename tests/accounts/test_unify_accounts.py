"""Accounts are one product however they are made and used (issue 38): one name rule for
password and passkey sign-ups, friends and kept seats; one way accounts are made (SIGNUP,
invite codes used once); one answer and one cookie for every sign-in; one sign-in budget."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.support.accounts import (
    PASSWORD,
    account_with_cookie,
    log_in,
    refused,
    sign_up,
    signed_in,
    site,
    sql,
)
from tests.support.authenticator import passkey_log_in, passkey_sign_up
from tests.support.play import auth

KIND = "dolmengoetter"


def passkey_options(browser: TestClient, name: str, **extra: Any) -> Any:
    return browser.post("/api/auth/passkey/signup/options", json={"name": name, **extra})


def test_one_name_rule_whichever_way_an_account_is_made(database_url):
    with site(database_url, rate_login=0) as s:
        sign_up(s.browser(), "  Anna Berg ")
        _, made = passkey_sign_up(s.browser(), "Ärger")
        assert made.status_code == 201, made.text
        # A passkey sign-up cannot take a spelling of a password account's name ...
        for twin in ["anna berg", "ANNA  BERG", "Ａｎｎａ Berg", "An\u200bna Berg"]:
            refused(passkey_options(s.browser(), twin), 409, "name_taken")
        # ... nor a password sign-up one of a passkey account's.
        for twin in ["ärger", "A\u0308RGER"]:
            r = s.browser().post("/api/auth/signup", json={"name": twin, "password": PASSWORD})
            refused(r, 409, "name_taken")
        # The same limits: 32 characters, also as compared (NFKC writes ﷺ out as 18).
        for name in ["A" * 33, "ﷺ" * 2, "evil\u202ename"]:
            refused(passkey_options(s.browser(), name), 400, "bad_request")
            r = s.browser().post("/api/auth/signup", json={"name": name, "password": PASSWORD})
            refused(r, 400, "bad_request")
        assert sql(database_url, "SELECT name, name_key FROM accounts ORDER BY id") == [
            ("Anna Berg", "anna berg"),
            ("Ärger", "ärger"),
        ]


def test_every_sign_in_answers_the_account_as_get_me_does(database_url):
    with site(database_url, rate_login=0) as s:
        laptop, phone, tablet = s.browser(), s.browser(), s.browser()
        passkey, signed_up = passkey_sign_up(laptop, "Anna", label="Laptop")
        assert signed_up.status_code == 201, signed_up.text
        assert laptop.put("/api/me/password", json={"password": PASSWORD}).status_code == 200
        signed_in_by_passkey = passkey_log_in(phone, passkey)
        assert signed_in_by_passkey.status_code == 200, signed_in_by_passkey.text
        log_in(tablet, "anna")
        signed_in_by_password = tablet.post(
            "/api/auth/login", json={"name": "anna", "password": PASSWORD}
        )
        for browser, answer in [
            (laptop, signed_up),
            (phone, signed_in_by_passkey),
            (tablet, signed_in_by_password),
        ]:
            me = browser.get("/api/me").json()
            assert answer.json().keys() == {"account"}
            account = answer.json()["account"]
            assert account.keys() == me["account"].keys()
            assert [p["label"] for p in account["passkeys"]] == ["Laptop"]
            assert account["friend_link"] == me["account"]["friend_link"]
            assert account["friend_link"].startswith("http://testserver/friends/add/")
            [current] = [x for x in account["sessions"] if x["current"]]
            assert current["id"] == next(x["id"] for x in me["account"]["sessions"] if x["current"])


def test_the_friend_link_in_me_is_the_one_friends_hand_out(database_url):
    with site(database_url, public_url="https://games.example.org/") as s:
        anna = s.browser(base_url="https://testserver")
        account = sign_up(anna, "Anna")
        link = anna.get("/api/me/friends").json()["link"]
        assert link.startswith("https://games.example.org/friends/add/")
        assert account["friend_link"] == link
        assert anna.get("/api/me").json()["account"]["friend_link"] == link
        assert anna.get("/api/me/export").json()["account"]["friend_link"] == link
        renewed = anna.post("/api/me/friend-link").json()["link"]
        assert anna.get("/api/me").json()["account"]["friend_link"] == renewed != link


def test_an_invite_code_is_good_for_one_account_whichever_way_it_signs_up(database_url):
    with site(database_url, signup="invite", rate_login=0) as s:
        accounts = s.app.state.accounts
        with accounts.db.session() as session:
            first, second = accounts.make_invite_code(session), accounts.make_invite_code(session)
        anna = s.browser()
        sign_up(anna, "Anna", invite_code=first)
        # Used by a password sign-up: a passkey sign-up is refused it, before its ceremony.
        refused(passkey_options(s.browser(), "Bert", invite_code=first), 403, "invite_code_invalid")
        refused(passkey_options(s.browser(), "Bert"), 403, "invite_code_required")
        # Still used after the account that used it is deleted.
        assert anna.request("DELETE", "/api/me", json={"confirm": "Anna"}).status_code == 204
        refused(passkey_options(s.browser(), "Bert", invite_code=first), 403, "invite_code_invalid")
        r = s.browser().post(
            "/api/auth/signup", json={"name": "Bert", "password": PASSWORD, "invite_code": first}
        )
        refused(r, 403, "invite_code_invalid")
        # Used by a passkey sign-up: a password sign-up is refused it.
        _, r = passkey_sign_up(s.browser(), "Cem", invite_code=second)
        assert r.status_code == 201, r.text
        r = s.browser().post(
            "/api/auth/signup", json={"name": "Dora", "password": PASSWORD, "invite_code": second}
        )
        refused(r, 403, "invite_code_invalid")
        assert sql(database_url, "SELECT name FROM accounts") == [("Cem",)]


def test_passkey_sign_up_speaks_the_browsers_language_as_the_password_one(database_url):
    with site(database_url, rate_login=0) as s:
        german = {"Accept-Language": "de-AT, en;q=0.5"}
        _, r = passkey_sign_up(TestClient(s.app, headers=german), "Anna")
        assert r.json()["account"]["language"] == "de"
        r = s.browser(headers=german).post(
            "/api/auth/signup", json={"name": "Bert", "password": PASSWORD}
        )
        assert r.json()["account"]["language"] == "de"
        _, r = passkey_sign_up(TestClient(s.app, headers=german), "Cem", language="en")
        assert r.json()["account"]["language"] == "en"


def test_passkeys_and_passwords_spend_one_sign_in_budget(database_url):
    with site(database_url, rate_login=3) as s:
        browser = s.browser("10.0.0.7")
        r = browser.post("/api/auth/login", json={"name": "Nobody", "password": PASSWORD})
        refused(r, 401, "login_failed")
        assert browser.post("/api/auth/passkey/login/options", json={}).status_code == 200
        assert passkey_options(browser, "Anna").status_code == 200
        # The address's budget is spent, by either way in.
        refused(browser.post("/api/auth/passkey/login/options", json={}), 429, "rate_limited")
        refused(passkey_options(browser, "Anna"), 429, "rate_limited")
        r = browser.post("/api/auth/login", json={"name": "Anna", "password": PASSWORD})
        refused(r, 429, "rate_limited")
        # A body that does not fit is refused first, as the password sign-up's is.
        refused(passkey_options(browser, "Anna", password=PASSWORD), 400, "bad_request")
        # Another address has its own budget.
        assert passkey_options(s.browser("10.0.0.8"), "Anna").status_code == 200


def test_every_sign_in_sets_one_cookie_secure_under_an_https_public_url(database_url):
    with site(database_url, public_url="https://games.example.org", rate_login=0) as s:
        browser = s.browser()  # plain http behind a proxy that does not say https
        r = browser.post("/api/auth/signup", json={"name": "Anna", "password": PASSWORD})
        password_cookie = r.headers["set-cookie"]
        passkey_browser = s.browser(base_url="https://games.example.org")
        _, r = passkey_sign_up(passkey_browser, "Bert")
        passkey_cookie = r.headers["set-cookie"]
        for cookie in (password_cookie, passkey_cookie):
            attributes = {a.strip().split("=")[0].lower() for a in cookie.split(";")}
            assert {"httponly", "secure", "path", "max-age", "samesite"} <= attributes, cookie
            assert "samesite=lax" in cookie.lower()


def test_friends_and_kept_seats_find_an_account_by_any_spelling_of_its_name(
    client: TestClient, db
) -> None:
    _, anna_cookie = account_with_cookie(client, "Anna Berg")
    _, bert_cookie = account_with_cookie(client, "Bert")
    # A friend request by another spelling reaches her.
    r = client.post("/api/me/friends", json={"name": "ANNA  BERG"}, headers=signed_in(bert_cookie))
    assert r.status_code == 201, r.text
    assert r.json() == {"status": "pending", "name": "Anna Berg"}
    r = client.post("/api/me/friends", json={"name": "bert"}, headers=signed_in(anna_cookie))
    assert r.json() == {"status": "accepted", "name": "Bert"}
    # A friend's seat at a new table, and a seat the host keeps, by other spellings.
    made = client.post(
        "/api/games",
        json={"kind": KIND, "num_seats": 3, "seats": [{}, {"friend": "an\u200bna berg"}, {}]},
        headers=signed_in(bert_cookie),
    )
    assert made.status_code == 201, made.text
    game = made.json()
    r = client.post(
        f"/api/games/{game['id']}/seats/2/invite",
        headers=auth(game["host_token"]),
        json={"account": "Ａｎｎａ Berg"},
    )
    assert r.status_code == 200, r.text
    assert r.json() == {"seat": 2, "account": "Anna Berg"}
    games = client.get("/api/me/games", headers=signed_in(anna_cookie)).json()["games"]
    assert {g["game_id"] for g in games if g["invited"]} == {game["id"]}
    # Ending the friendship by another spelling.
    r = client.delete("/api/me/friends/ANNA%20%20BERG", headers=signed_in(bert_cookie))
    assert r.status_code == 204
