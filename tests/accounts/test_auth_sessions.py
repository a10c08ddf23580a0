"""Sign-ins as server-side rows: a new one at every sign-in (no fixation), gone when
revoked, expired after ``SESSION_DAYS`` unused (issue 38, item 1)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import create_engine, func, select
from sqlalchemy.orm import Session

from app.core.security import hash_token
from app.db.models import AuthSessionRow, utcnow
from app.db.session import Database
from app.services import sessions
from app.services.accounts import Accounts
from tests.support.accounts import PASSWORD, cookie, log_in, sign_up, site, sql, with_cookie


def test_a_planted_cookie_is_not_the_one_after_sign_in(database_url):
    with site(database_url) as s:
        sign_up(s.browser(), "Anna")
        victim = s.browser()
        with_cookie(victim, "planted-by-the-attacker")
        log_in(victim, "Anna")
        after = cookie(victim)
        assert after and after != "planted-by-the-attacker"
        # The attacker's copy signs nobody in.
        attacker = s.browser()
        with_cookie(attacker, "planted-by-the-attacker")
        assert attacker.get("/api/me").status_code == 401


def test_a_valid_cookie_planted_before_sign_in_ends_with_it(database_url):
    """Mallory plants her own signed-in cookie in Anna's browser; Anna signs in: her
    browser gets a new value, and Mallory's planted sign-in is ended, not shared."""
    with site(database_url) as s:
        mallory = s.browser()
        sign_up(mallory, "Mallory")
        planted = cookie(mallory)
        sign_up(s.browser(), "Anna")
        anna = s.browser()
        with_cookie(anna, planted or "")
        log_in(anna, "Anna")
        assert cookie(anna) != planted
        assert anna.get("/api/me").json()["account"]["name"] == "Anna"
        assert mallory.get("/api/me").status_code == 401


def test_every_sign_in_gets_its_own_value(database_url):
    with site(database_url) as s:
        sign_up(s.browser(), "Anna")
        values = set()
        for _ in range(3):
            browser = s.browser()
            log_in(browser, "Anna")
            values.add(cookie(browser))
        assert len(values) == 3
        stored = {row[0] for row in sql(database_url, "SELECT id_hash FROM auth_sessions")}
        assert {hash_token(v or "") for v in values} <= stored
        assert not values & stored  # only hashes are kept


def test_session_days_expiry_with_an_injected_clock(database_url):
    with site(database_url, session_days=30) as s:
        browser = s.browser()
        sign_up(browser, "Anna")
        value = cookie(browser) or ""
    engine = create_engine(database_url)
    try:
        with Session(engine) as session:
            start = utcnow()
            used = sessions.signed_in(session, value, 30, now=start + timedelta(days=29))
            assert used is not None and used.name == "Anna"
            # Used on day 29: idle time counts from then.
            later = start + timedelta(days=29 + 29)
            assert sessions.signed_in(session, value, 30, now=later) is not None
            gone = later + timedelta(days=30, minutes=1)
            assert sessions.signed_in(session, value, 30, now=gone) is None
            # The expired row is deleted: it is gone for any later time too.
            assert session.scalar(select(func.count()).select_from(AuthSessionRow)) == 0
            assert sessions.signed_in(session, value, 30, now=start) is None
    finally:
        engine.dispose()


def test_the_server_applies_session_days(database_url):
    """A sign-in last used longer ago than SESSION_DAYS answers 401 (its row aged in the
    database, as if the days had passed)."""
    with site(database_url, session_days=2) as s:
        browser = s.browser()
        sign_up(browser, "Anna")
        old = (utcnow() - timedelta(days=2, minutes=5)).replace(tzinfo=None)
        sql(database_url, "UPDATE auth_sessions SET last_seen_at = :t", t=old)
        r = browser.get("/api/me")
        assert r.status_code == 401 and r.json()["error"]["code"] == "not_signed_in"
        assert sql(database_url, "SELECT count(*) FROM auth_sessions")[0][0] == 0


def test_revoked_and_disabled_sessions_end_at_once(database_url):
    db = Database(database_url)
    try:
        with site(database_url) as s:
            browser = s.browser()
            sign_up(browser, "Anna")
            accounts = Accounts(db)
            with db.session() as session:
                assert accounts.revoke(session, "anna") == 1
            assert browser.get("/api/me").status_code == 401
            log_in(browser, "Anna")
            with db.session() as session:
                accounts.set_disabled(session, "Anna", True)
            assert browser.get("/api/me").status_code == 401
            r = browser.post("/api/auth/login", json={"name": "Anna", "password": PASSWORD})
            assert r.json()["error"]["code"] == "account_disabled"
            with db.session() as session:
                accounts.set_disabled(session, "Anna", False)
            log_in(browser, "Anna")
    finally:
        db.dispose()
