"""Sign-ins tell nobody which names exist, and are rate-limited per address and per name
(issue 38: "answer the same for an unknown name and a wrong password"; docs/API.md,
"Accounts")."""

from __future__ import annotations

import pytest
from argon2 import PasswordHasher

from tests.support.accounts import PASSWORD, log_in, sign_up, site, sql


def _answer(response) -> tuple[int, bytes, dict[str, str]]:
    headers = {k: v for k, v in response.headers.items() if k.lower() != "date"}
    return response.status_code, response.content, headers


@pytest.fixture
def verifies(monkeypatch):
    """Every argon2 verification made (the hash it checked against)."""
    seen: list[str] = []
    real = PasswordHasher.verify

    def spy(self, stored, password):
        seen.append(stored if isinstance(stored, str) else stored.decode())
        return real(self, stored, password)

    monkeypatch.setattr(PasswordHasher, "verify", spy)
    return seen


def test_unknown_name_wrong_password_and_passkey_only_answer_alike(database_url, verifies):
    with site(database_url) as s:
        sign_up(s.browser(), "Anna")
        sign_up(s.browser(), "Paula")
        sql(database_url, "UPDATE accounts SET password_hash = NULL WHERE name = 'Paula'")
        answers = {}
        for case, name in [("unknown", "Nobody"), ("wrong", "Anna"), ("passkey", "Paula")]:
            r = s.browser().post(
                "/api/auth/login", json={"name": name, "password": "not the password"}
            )
            answers[case] = _answer(r)
        assert answers["unknown"] == answers["wrong"] == answers["passkey"]
        status, body, headers = answers["unknown"]
        assert status == 401
        assert b'"login_failed"' in body
        assert "set-cookie" not in headers
        # The same work each time: one argon2 verification, the unknown name's and the
        # passkey-only account's against a hash with the same parameters as Anna's.
        assert len(verifies) == 3
        params = {h.rsplit("$", 2)[0] for h in verifies}
        assert len(params) == 1 and params.pop().startswith("$argon2id$")


def test_a_disabled_account_learns_it_only_with_the_right_password(database_url):
    with site(database_url) as s:
        sign_up(s.browser(), "Anna")
        sql(database_url, "UPDATE accounts SET disabled_at = CURRENT_TIMESTAMP")
        sql(database_url, "DELETE FROM auth_sessions")
        wrong = s.browser().post("/api/auth/login", json={"name": "Anna", "password": "nope" * 3})
        unknown = s.browser().post("/api/auth/login", json={"name": "Zed", "password": "nope" * 3})
        assert _answer(wrong) == _answer(unknown)
        right = s.browser().post("/api/auth/login", json={"name": "Anna", "password": PASSWORD})
        assert right.status_code == 403
        assert right.json()["error"]["code"] == "account_disabled"
        assert "set-cookie" not in right.headers
        assert sql(database_url, "SELECT count(*) FROM auth_sessions")[0][0] == 0


def test_login_is_limited_per_address(database_url):
    with site(database_url, rate_login=3) as s:
        sign_up(s.browser(address="10.0.0.9"), "Anna")
        attacker = s.browser(address="10.0.0.1")
        for name in ("Anna", "Bert", "Carla"):  # three names, one address: its budget
            r = attacker.post("/api/auth/login", json={"name": name, "password": "guess " * 2})
            assert r.status_code == 401
        r = attacker.post("/api/auth/login", json={"name": "Dora", "password": "guess " * 2})
        assert r.status_code == 429
        assert r.json()["error"]["code"] == "rate_limited"
        assert int(r.headers["retry-after"]) >= 1
        # Even the right password is not tried from this address now.
        r = attacker.post("/api/auth/login", json={"name": "Anna", "password": PASSWORD})
        assert r.status_code == 429
        # Another address signs in as usual.
        log_in(s.browser(address="10.0.0.2"), "Anna")


def test_login_is_limited_per_account_name_whatever_the_address(database_url):
    with site(database_url, rate_login=3) as s:
        sign_up(s.browser(address="10.0.0.9"), "Anna")
        for i in range(3):  # a botnet: each address guesses once
            r = s.browser(address=f"10.1.0.{i}").post(
                "/api/auth/login", json={"name": "anna", "password": f"guess number {i}"}
            )
            assert r.status_code == 401
        # The name (in any spelling) has spent its budget, for every address.
        r = s.browser(address="10.2.0.1").post(
            "/api/auth/login", json={"name": "ANNA", "password": PASSWORD}
        )
        assert r.status_code == 429
        assert r.json()["error"]["code"] == "rate_limited"
        assert "retry-after" in r.headers
        # Other names are not held back.
        sign_up(s.browser(address="10.0.0.8"), "Bert")
        log_in(s.browser(address="10.2.0.1"), "Bert")


def test_sign_ups_spend_the_address_budget_too(database_url):
    with site(database_url, rate_login=2) as s:
        browser = s.browser(address="10.0.0.1")
        sign_up(browser, "Anna")
        sign_up(browser, "Bert")
        r = browser.post("/api/auth/signup", json={"name": "Carla", "password": PASSWORD})
        assert r.status_code == 429
        assert sql(database_url, "SELECT count(*) FROM accounts")[0][0] == 2


def test_rate_login_zero_turns_the_limit_off(database_url):
    with site(database_url, rate_login=0) as s:
        browser = s.browser()
        for _ in range(12):
            r = browser.post("/api/auth/login", json={"name": "x", "password": "y" * 10})
            assert r.status_code == 401
