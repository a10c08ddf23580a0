"""Passkeys in Chromium, with its virtual authenticator (DevTools protocol, ``WebAuthn``):
app/static/js/passkeys.js signs up, signs in again after signing out, signs in on a "phone"
holding the same (synced) passkey, and adds a second passkey, under the page's
Content-Security-Policy.

WebAuthn needs a secure context and a relying-party id that is a host name: the pages are
opened at http://localhost:PORT (a secure context; RP id ``localhost``). At
http://127.0.0.1:PORT the browser refuses (an IP address is no RP id): the module says
``passkey_unsupported``."""

from __future__ import annotations

import secrets
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, CDPSession, Page

from app.services.sessions import COOKIE
from tests.browser.conftest import DESKTOP, NETWORK_NOISE, PHONE

pytestmark = pytest.mark.browser

AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
}

CALL = """async ([fn, args]) => {
    const passkeys = await import('/static/js/passkeys.js');
    try {
        return {ok: await passkeys[fn](...args)};
    } catch (err) {
        return {code: err.code, message: err.message};
    }
}"""


class Device:
    """A browser profile with a page at this server and a platform authenticator."""

    def __init__(self, context: BrowserContext, base: str) -> None:
        self.context = context
        self.page: Page = context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("console", self._console)
        self.cdp: CDPSession = context.new_cdp_session(self.page)
        self.cdp.send("WebAuthn.enable")
        self.authenticator = self.add_authenticator()
        self.page.goto(f"{base}/")

    def _console(self, msg: Any) -> None:
        # A refused request (401, 409) is logged by the browser itself: expected here.
        if msg.type == "error" and not any(n in msg.text for n in NETWORK_NOISE):
            self.errors.append(msg.text)

    def add_authenticator(self, **options: Any) -> str:
        answer = self.cdp.send(
            "WebAuthn.addVirtualAuthenticator", {"options": {**AUTHENTICATOR, **options}}
        )
        return answer["authenticatorId"]

    def credentials(self, authenticator: str | None = None) -> list[dict[str, Any]]:
        answer = self.cdp.send(
            "WebAuthn.getCredentials", {"authenticatorId": authenticator or self.authenticator}
        )
        return answer["credentials"]

    def call(self, fn: str, *args: Any) -> dict[str, Any]:
        return self.page.evaluate(CALL, [fn, list(args)])

    def fetch_json(self, path: str) -> dict[str, Any]:
        return self.page.evaluate(
            "async (path) => { const r = await fetch(path); return {status: r.status, "
            "body: await r.json()}; }",
            path,
        )

    def sign_out(self) -> None:
        """Sign out as the page does: ``POST /api/auth/logout`` (its sign-in ends)."""
        status = self.page.evaluate(
            "async () => (await fetch('/api/auth/logout', {method: 'POST'})).status"
        )
        assert status == 204
        assert self.me()["status"] == 401

    def me(self) -> dict[str, Any]:
        """``GET /api/me``: ``{status, body}``."""
        return self.fetch_json("/api/me")


def localhost(url: str) -> str:
    return url.replace("127.0.0.1", "localhost")


def test_sign_up_with_a_passkey_then_sign_in_again_and_on_a_phone(web, contexts):
    base = localhost(web.url)
    name = f"Anna {secrets.token_hex(3)}"
    laptop = Device(contexts(DESKTOP), base)

    answer = laptop.call("signUpWithPasskey", name, {"language": "de", "label": "Laptop"})
    assert "ok" in answer, answer
    assert answer["ok"]["account"]["name"] == name
    assert answer["ok"]["account"]["has_password"] is False
    [credential] = laptop.credentials()
    assert credential["rpId"] == "localhost"
    assert credential["isResidentCredential"] is True  # sign-in needs no name
    [cookie] = [c for c in laptop.context.cookies() if c["name"] == COOKIE]
    assert cookie["httpOnly"] is True
    assert cookie["sameSite"] == "Lax"
    assert COOKIE not in laptop.page.evaluate("document.cookie")  # no script reads it
    listed = laptop.fetch_json("/api/me/passkeys")
    assert [p["label"] for p in listed["body"]["passkeys"]] == ["Laptop"]

    assert laptop.me()["body"]["account"]["name"] == name

    # Signed out, the passkey signs in again, no name typed.
    laptop.sign_out()
    assert laptop.fetch_json("/api/me/passkeys")["status"] == 401
    answer = laptop.call("signInWithPasskey")
    assert "ok" in answer, answer
    assert answer["ok"]["account"]["name"] == name
    assert laptop.me()["body"]["account"]["name"] == name
    assert laptop.fetch_json("/api/me/passkeys")["status"] == 200

    # A phone holding the same passkey, synced by the platform as it is now (a copy with
    # an older signature counter would be a clone, and refused), signs in as well.
    [credential] = laptop.credentials()
    phone = Device(contexts(PHONE), base)
    phone.cdp.send(
        "WebAuthn.addCredential",
        {
            "authenticatorId": phone.authenticator,
            "credential": {
                key: credential[key]
                for key in (
                    "credentialId",
                    "isResidentCredential",
                    "rpId",
                    "privateKey",
                    "userHandle",
                    "signCount",
                )
            },
        },
    )
    answer = phone.call("signInWithPasskey")
    assert "ok" in answer, answer
    assert answer["ok"]["account"]["name"] == name
    assert phone.me()["body"]["account"]["name"] == name
    assert phone.fetch_json("/api/me/passkeys")["status"] == 200
    assert laptop.errors == phone.errors == []  # nothing refused by the CSP, no script error


def test_add_a_second_passkey_from_the_page(web, contexts):
    base = localhost(web.url)
    device = Device(contexts(DESKTOP), base)
    name = f"Ben {secrets.token_hex(3)}"
    assert "ok" in device.call("signUpWithPasskey", name, {})

    # The authenticator that holds the account's passkey is excluded: the browser says so.
    again = device.call("addPasskey", "Same device")
    assert again["code"] == "passkey_exists", again
    assert again["message"]

    # A security key plugged in (the platform authenticator gone) is added.
    device.cdp.send(
        "WebAuthn.removeVirtualAuthenticator", {"authenticatorId": device.authenticator}
    )
    key = device.add_authenticator(transport="usb")
    added = device.call("addPasskey", "Security key")
    assert "ok" in added, added
    assert added["ok"]["label"] == "Security key"
    assert len(device.credentials(key)) == 1
    labels = [p["label"] for p in device.call("listPasskeys")["ok"]["passkeys"]]
    assert labels == ["", "Security key"]

    # The new key signs in on its own.
    device.sign_out()
    assert "ok" in device.call("signInWithPasskey")
    assert device.me()["body"]["account"]["name"] == name
    assert device.errors == []


def test_refusals_reach_the_page_with_their_code(web, contexts):
    base = localhost(web.url)
    device = Device(contexts(DESKTOP), base)
    name = f"Cem {secrets.token_hex(3)}"
    assert "ok" in device.call("signUpWithPasskey", name, {})
    # The server's: the name is taken (checked before the browser's dialog opens).
    other = Device(contexts(DESKTOP), base)
    taken = other.call("signUpWithPasskey", name.upper(), {})
    assert taken["code"] == "name_taken", taken
    assert other.credentials() == []
    # The browser's: no passkey of this site on this device.
    none = other.call("signInWithPasskey")
    assert none["code"] == "passkey_cancelled", none
    # The server's again: the last way in stays.
    [only] = device.call("listPasskeys")["ok"]["passkeys"]
    kept = device.call("removePasskey", only["id"])
    assert kept["code"] == "last_sign_in_method", kept


def test_at_an_ip_address_the_module_says_passkeys_are_unavailable(web, contexts):
    device = Device(contexts(DESKTOP), web.url)  # http://127.0.0.1:PORT
    answer = device.call("signUpWithPasskey", f"Dora {secrets.token_hex(3)}", {})
    assert answer["code"] == "passkey_unsupported", answer
    assert device.credentials() == []
