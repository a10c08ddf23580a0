"""Signing up and in through the pages (issue 38, item 1), in Chromium: the account page's
form with a password (a too-short one refused with the rule in plain words, nothing made),
and with a passkey (Chromium's virtual authenticator over the DevTools protocol); signing out
from the header's menu and in again (password: wrong first, then right; passkey: one
button, no name); every page's header says who is signed in. In English and German, on a
desktop and a phone, with screenshots of the sign-up."""

from __future__ import annotations

import pytest

from app.services.sessions import COOKIE
from tests.browser.accounts_ui import (
    AUTHENTICATOR,
    browser,
    english_on_german_page,
    focus_is_visible,
    new_password,
    page_problems,
    screenshot,
    site_fixture,
    unique,
)
from tests.browser.conftest import DESKTOP, PHONE

pytestmark = pytest.mark.browser

site = site_fixture()


@pytest.mark.parametrize(
    ("locale", "size", "device"),
    [
        ("en-GB", DESKTOP, "desktop"),
        ("de-DE", PHONE, "phone"),
        ("en-GB", PHONE, "phone"),
        ("de-DE", DESKTOP, "desktop"),
    ],
)
def test_sign_up_with_a_password_through_the_form(chromium, site, locale, size, device):
    lang = locale[:2]
    anna = browser(chromium, site.url, size, locale)
    try:
        name, password = unique("Anna"), new_password()
        anna.goto("/")
        # Signed out: the header offers to sign in; it leads to the account page.
        anna.page.wait_for_selector(".account-slot[data-state=signed-out] .sign-in-link")
        with anna.page.expect_navigation():
            anna.page.click(".sign-in-link")
        anna.page.wait_for_selector("#panel-signin:not([hidden])")
        anna.page.click("#tab-signup")
        anna.page.wait_for_selector("#panel-signup:not([hidden])")
        hint = anna.page.inner_text("#signup-password-hint")
        assert ("At least 10 characters" if lang == "en" else "Mindestens 10 Zeichen") in hint
        assert page_problems(anna.page) == []
        if lang == "de":
            assert english_on_german_page(anna.page) == []
        anna.page.fill("#signup-name", name)
        anna.page.fill("#signup-password", "short")
        screenshot(anna.page, f"signup-{lang}-{device}")

        # Too short: the page says the rule, the server is not even asked, nothing is made.
        anna.page.click("#signup-submit")
        error = anna.page.locator("#signup-error")
        error.wait_for()
        assert ("at least 10" if lang == "en" else "mindestens 10") in error.inner_text()
        assert anna.me() is None

        anna.page.fill("#signup-password", password)
        with anna.page.expect_navigation():
            anna.page.click("#signup-submit")
        anna.page.wait_for_selector("#welcome:not([hidden])")
        account = anna.me()
        assert account is not None
        assert account["name"] == name
        assert account["has_password"] is True
        assert account["language"] == lang  # the page's language became the account's
        [cookie] = [c for c in anna.context.cookies() if c["name"] == COOKIE]
        assert cookie["httpOnly"] is True
        # The header now names the account, on this page and every other.
        assert anna.page.inner_text(".account-slot .account-label") == name
        assert anna.page.input_value("#rename-name") == name
        if lang == "de":
            assert english_on_german_page(anna.page) == []
        screenshot(anna.page, f"welcome-{lang}-{device}")
        anna.home()
        assert anna.page.inner_text(".account-slot .account-label") == name
        assert anna.errors == []
    finally:
        anna.context.close()


def test_sign_out_and_in_again_with_a_password(chromium, site):
    anna = browser(chromium, site.url, DESKTOP)
    try:
        name, password = unique("Anna"), new_password()
        anna.sign_up_with_password(name, password)
        assert focus_is_visible(anna.page) == []
        # Sign out from the header's menu: the page says "Sign in" again, the session ends.
        anna.page.click(".account-menu summary")
        with anna.page.expect_navigation():
            anna.page.click(".account-menu [data-action=sign-out]")
        anna.page.wait_for_selector(".account-slot[data-state=signed-out]")
        assert anna.me() is None

        # A wrong password: refused in plain words; the right one: My games.
        anna.account_page()
        anna.page.fill("#signin-name", name)
        anna.page.fill("#signin-password", password + "x")
        anna.page.click("#signin-submit")
        anna.page.locator("#signin-error").wait_for()
        assert anna.page.inner_text("#signin-error").strip() != ""
        assert anna.me() is None
        anna.page.fill("#signin-password", password)
        with anna.page.expect_navigation():
            anna.page.click("#signin-submit")
        anna.page.wait_for_selector("#account-games[data-loaded]")
        assert anna.page.inner_text(".account-slot .account-label") == name
        assert anna.me()["name"] == name
        assert anna.errors == []
    finally:
        anna.context.close()


def test_sign_up_with_a_passkey_through_the_form_then_sign_in_with_it(chromium, site):
    # WebAuthn wants a host name as relying party: the pages at http://localhost:PORT.
    base = site.url.replace("127.0.0.1", "localhost")
    anna = browser(chromium, base, DESKTOP)
    try:
        cdp = anna.context.new_cdp_session(anna.page)
        cdp.send("WebAuthn.enable")
        authenticator = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
        name = unique("Bea")
        anna.goto("/account?tab=signup")
        anna.page.wait_for_selector("#panel-signup:not([hidden])")
        # No name yet: the page asks for one before any passkey dialog.
        anna.page.click("#passkey-signup")
        anna.page.locator("#signup-error").wait_for()
        assert cdp.send("WebAuthn.getCredentials", authenticator)["credentials"] == []

        anna.page.fill("#signup-name", name)
        with anna.page.expect_navigation():
            anna.page.click("#passkey-signup")
        anna.page.wait_for_selector("#welcome:not([hidden])")
        account = anna.me()
        assert account["name"] == name
        assert account["has_password"] is False
        assert len(account["passkeys"]) == 1
        [credential] = cdp.send("WebAuthn.getCredentials", authenticator)["credentials"]
        assert credential["isResidentCredential"] is True
        # The account page lists the passkey, and offers to add a password.
        anna.page.wait_for_selector("#passkey-list [data-passkey]")
        assert anna.page.inner_text("#password-title") == "Add a password"
        # Its only way to sign in cannot be removed from the page.
        assert anna.page.locator("#passkey-list [data-passkey] button").is_disabled()

        # Signed out, one button signs in again: no name typed.
        anna.page.click("#sign-out")
        anna.page.wait_for_url(f"{base}/")
        assert anna.me() is None
        anna.account_page()
        with anna.page.expect_navigation():
            anna.page.click("#passkey-signin")
        anna.page.wait_for_selector("#account-games[data-loaded]")
        assert anna.page.inner_text(".account-slot .account-label") == name
        assert anna.errors == []
    finally:
        anna.context.close()
