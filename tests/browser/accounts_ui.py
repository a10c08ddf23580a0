"""What the account browser tests share: a server of their own, players who sign up and in
through the pages, and the checks every account page must pass (labels, tap targets,
visible focus, the screen's width).

The server is the app as the README runs it, on its own SQLite file, with ``RATE_LOGIN=0``:
these tests sign up and in more often in a minute than the default budget allows one
address, and the rate limits have tests of their own (part AUTH).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser as Chromium
from playwright.sync_api import BrowserContext, Page

from tests.browser.conftest import NETWORK_NOISE, shot
from tests.browser.test_german_table import TABLE_PARTS, english_on_page, english_only
from tests.support.server import ServerProcess

AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
}


def start_site(directory: Path, **env: str) -> ServerProcess:
    """A server for one test module (see the top of this file)."""
    return ServerProcess(
        f"sqlite:///{directory / 'accounts.db'}",
        directory / "server.log",
        BOT_DELAY="0.05",
        RATE_LOGIN="0",
        **env,
    ).start()


def site_fixture(**env: str) -> Any:
    """A module-scoped ``site`` fixture: the server of that test module."""

    @pytest.fixture(scope="module")
    def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
        server = start_site(tmp_path_factory.mktemp("accounts-site"), **env)
        yield server
        server.stop()

    return site


def unique(name: str) -> str:
    """A display name no other test on the server has: "Anna 3f9c"."""
    return f"{name} {secrets.token_hex(2)}"


def new_password() -> str:
    """A password the server's rules take (long, not common, not the name)."""
    return f"plum-{secrets.token_hex(4)}-harbour"


class Browser:
    """One player's browser profile and page; collects the page's script errors."""

    def __init__(self, context: BrowserContext, base: str) -> None:
        self.context = context
        self.base = base
        self.page: Page = context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("console", self._console)

    def _console(self, msg: Any) -> None:
        # A refused request (401, 409, 422) is logged by the browser itself: expected here.
        if msg.type == "error" and not any(n in msg.text for n in NETWORK_NOISE):
            self.errors.append(msg.text)

    def goto(self, path: str) -> None:
        self.page.goto(self.base + path)

    def fetch(self, path: str, method: str = "GET", body: Any = None) -> dict[str, Any]:
        """A same-origin request from the page, with its cookie: ``{status, body}``."""
        return self.page.evaluate(
            """async ([path, method, body]) => {
                const init = {method, headers: {Accept: 'application/json'}};
                if (body !== null) {
                    init.headers['Content-Type'] = 'application/json';
                    init.body = JSON.stringify(body);
                }
                const r = await fetch(path, init);
                const text = await r.text();
                return {status: r.status, body: text ? JSON.parse(text) : null};
            }""",
            [path, method, body],
        )

    def me(self) -> dict[str, Any] | None:
        answer = self.fetch("/api/me")
        return answer["body"]["account"] if answer["status"] == 200 else None

    def account_page(self) -> None:
        """The account page, drawn (signed in or out)."""
        self.goto("/account")
        self.page.wait_for_selector("body:not([data-state=loading])")

    def home(self) -> None:
        """The home page, with its lists (and, signed in, My games) loaded."""
        self.goto("/")
        self.page.wait_for_selector("body[data-account]", state="attached")
        if self.page.get_attribute("body", "data-account") == "signed-in":
            self.page.wait_for_selector("#account-games[data-loaded]")

    def sign_up_with_password(self, name: str, password: str) -> None:
        """The account page's sign-up form, with a password; ends on the welcome."""
        self.goto("/account?tab=signup")
        self.page.wait_for_selector("#panel-signup:not([hidden])")
        self.page.fill("#signup-name", name)
        self.page.fill("#signup-password", password)
        with self.page.expect_navigation():
            self.page.click("#signup-submit")
        self.page.wait_for_selector("#welcome:not([hidden])")

    def sign_in_with_password(self, name: str, password: str) -> None:
        """The account page's sign-in form; ends on the home page's My games."""
        self.account_page()
        self.page.fill("#signin-name", name)
        self.page.fill("#signin-password", password)
        with self.page.expect_navigation():
            self.page.click("#signin-submit")
        self.page.wait_for_selector("#account-games[data-loaded]")


def browser(chromium: Chromium, base: str, size: dict[str, int], locale: str = "en-GB") -> Browser:
    """A new browser profile (its own cookies and storage) on ``base``, ``size`` large."""
    ctx = chromium.new_context(viewport=size, locale=locale)
    ctx.set_default_timeout(15000)
    return Browser(ctx, base)


def page_problems(page: Page) -> list[str]:
    """What a person would trip over on the page as it is shown now: a control without a
    name (label), a tap target smaller than 24×24 px, the page wider than the screen."""
    return page.evaluate(
        """() => {
        const out = [];
        const shown = (el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
        };
        const what = (el) => `${el.tagName.toLowerCase()}#${el.id || ''}.${el.className || ''}`;
        for (const el of document.querySelectorAll('input, select, textarea')) {
            if (!shown(el) || el.type === 'hidden') continue;
            const named = el.labels?.length || el.getAttribute('aria-label')
                || el.getAttribute('aria-labelledby');
            if (!named) out.push(`no label: ${what(el)}`);
        }
        // Tap targets (WCAG 2.2, 2.5.8): controls, not links inside a sentence.
        const controls = 'button, select, input:not([type=checkbox]):not([type=radio]), '
            + 'summary, a.button, .menu-item, .section-nav a, .sign-in-link, .tab';
        for (const el of document.querySelectorAll(controls)) {
            if (!shown(el)) continue;
            const r = el.getBoundingClientRect();
            const size = `${Math.round(r.width)}x${Math.round(r.height)}`;
            if (r.width < 24 || r.height < 24) out.push(`small target ${size}: ${what(el)}`);
        }
        for (const el of document.querySelectorAll('input[type=checkbox], input[type=radio]')) {
            if (!shown(el)) continue;
            const label = el.labels?.[0];
            const r = (label || el).getBoundingClientRect();
            if (r.height < 24) out.push(`small target ${Math.round(r.height)} high: ${what(el)}`);
        }
        const width = document.documentElement.scrollWidth;
        if (width > window.innerWidth) out.push(`page ${width} px wide on ${window.innerWidth}`);
        return out;
    }"""
    )


def focus_is_visible(page: Page, presses: int = 12) -> list[str]:
    """Tab through the first controls: each focused one must show an outline."""
    missing = []
    page.locator("body").focus()
    for _ in range(presses):
        page.keyboard.press("Tab")
        seen = page.evaluate(
            """() => {
            const el = document.activeElement;
            if (!el || el === document.body) return null;
            const s = getComputedStyle(el);
            const ok = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2)
                || s.boxShadow !== 'none';
            return ok ? '' : `${el.tagName}#${el.id}`;
        }"""
        )
        if seen:
            missing.append(seen)
    return missing


def screenshot(page: Page, name: str) -> Path:
    """``test-artifacts/screenshots/accounts-<name>.png``."""
    return shot(page, f"accounts-{name}")


def english_on_german_page(page: Page) -> list[str]:
    """English words on a German page (the check of tests/browser/test_german_table.py:
    English texts of the tables, four letters or more, that the German table lacks)."""
    assert page.evaluate("document.documentElement.lang") == "de"
    return english_on_page(page, english_only(page.evaluate(TABLE_PARTS)))


def set_language(page: Page, lang: str) -> None:
    """This browser's language choice (the header's switch), then the page again."""
    page.evaluate("l => localStorage.setItem('tafelrunde.lang', l)", lang)
    page.reload()
    page.wait_for_selector(f"html[lang={lang}]", state="attached")
