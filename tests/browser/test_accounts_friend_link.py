"""The friend link's page in Chromium (/friends/add/{code}, static/js/friends.js): a
signed-in player becomes the link owner's friend with one button, never by opening the link
alone; a player who is not signed in is asked to sign in and brought back; the owner's own
link says so; in English and German, on a phone."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import expect
from sqlalchemy import Engine, create_engine

from app.services import sessions
from tests.browser.conftest import PHONE, Player, shot
from tests.support.accounts import make_account, sign_in

pytestmark = pytest.mark.browser


@pytest.fixture
def db(web) -> Iterator[Engine]:
    engine = create_engine(web.database_url)
    yield engine
    engine.dispose()


def account(db: Engine, name: str) -> tuple[str, str]:
    """A new account with a name unique on the shared server: its name and session cookie."""
    name = f"{name} {secrets.token_hex(2)}"
    return name, sign_in(db, make_account(db, name))


def friends_of(base: str, cookie: str) -> dict:
    r = httpx.get(f"{base}/api/me/friends", cookies={sessions.COOKIE: cookie}, timeout=10)
    assert r.status_code == 200, r.text
    return r.json()


def signed_in(contexts, base: str, cookie: str, **options):
    ctx = contexts(**options) if options else contexts()
    ctx.add_cookies([{"name": sessions.COOKIE, "value": cookie, "url": base}])
    return ctx


def test_a_signed_in_player_becomes_friends_with_one_button(contexts, web, db) -> None:
    anna, anna_cookie = account(db, "Anna")
    _, bert_cookie = account(db, "Bert")
    link = friends_of(web.url, anna_cookie)["link"]
    assert link.startswith(f"{web.url}/friends/add/")
    bert = Player(signed_in(contexts, web.url, bert_cookie, size=PHONE).new_page(), None, "Bert")
    bert.page.goto(link)
    bert.page.wait_for_selector("#friend-add:not([hidden])")
    assert "friend link" in bert.page.inner_text("#friend-status")
    assert friends_of(web.url, bert_cookie)["friends"] == []  # opening alone adds nobody
    shot(bert.page, "friends-link-offer-phone-en")
    bert.page.click("#friend-add")
    bert.page.wait_for_selector("#friend-add[hidden]", state="attached")
    assert bert.page.inner_text("#friend-status") == f"You and {anna} are friends now."
    assert [f["name"] for f in friends_of(web.url, bert_cookie)["friends"]] == [anna]
    assert bert.errors == []


def test_not_signed_in_the_page_asks_to_sign_in_and_come_back(contexts, web, db) -> None:
    _, anna_cookie = account(db, "Anna")
    link = friends_of(web.url, anna_cookie)["link"]
    code = link.rpartition("/")[2]
    stranger = Player(contexts().new_page(), None, "Stranger")
    stranger.page.goto(link)
    sign_in_link = stranger.page.wait_for_selector("#friend-sign-in:not([hidden])")
    assert sign_in_link.get_attribute("href") == f"/?next=%2Ffriends%2Fadd%2F{code}"
    assert stranger.page.is_hidden("#friend-add")
    assert "Sign in" in stranger.page.inner_text("#friend-status")
    assert stranger.errors == []


def test_the_owner_sees_their_own_link_in_german(contexts, web, db) -> None:
    _, anna_cookie = account(db, "Anna")
    link = friends_of(web.url, anna_cookie)["link"]
    ctx = signed_in(contexts, web.url, anna_cookie)
    page = ctx.new_page()
    page.add_init_script("localStorage.setItem('tafelrunde.lang', 'de')")
    page.goto(link)
    expect(page.locator("#friend-status")).to_contain_text("dein eigener Freundeslink")
    assert page.is_hidden("#friend-add")
    assert page.title() == "Tafelrunde – Freunde finden"
    shot(page, "friends-link-own-desktop-de")


def test_a_renewed_link_says_so(contexts, web, db) -> None:
    _, anna_cookie = account(db, "Anna")
    _, bert_cookie = account(db, "Bert")
    old = friends_of(web.url, anna_cookie)["link"]
    r = httpx.post(
        f"{web.url}/api/me/friend-link", cookies={sessions.COOKIE: anna_cookie}, timeout=10
    )
    assert r.status_code == 200
    page = signed_in(contexts, web.url, bert_cookie).new_page()
    page.goto(old)
    page.click("#friend-add")
    error = page.wait_for_selector("#friend-error:not([hidden])")
    assert "not valid" in error.inner_text()
    assert page.is_hidden("#friend-add")
    assert friends_of(web.url, bert_cookie)["friends"] == []
