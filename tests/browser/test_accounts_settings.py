"""The account page once signed in (issue 38, items 1, 4 and 5), in Chromium: reminder
settings (e-mail with its confirmation state, the link from the mail a local SMTP server
received opened, a webhook, "always", a digest) saved and shown again, a private webhook
address refused in plain words with nothing saved; renaming, a
password changed (the other devices signed out with it), another device signed out from the
list of devices; "Download my data"
as a file without secrets; "Delete my account" only with the name typed. Screenshots of the
page with the reminder settings in English and German, at 1280×720, 1920×1080 and 390×844."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser.accounts_ui import (
    Browser,
    browser,
    english_on_german_page,
    focus_is_visible,
    new_password,
    page_problems,
    screenshot,
    set_language,
    start_site,
    unique,
)
from tests.browser.conftest import PHONE
from tests.support.channels import Mailbox, smtp_server
from tests.support.server import ServerProcess
from tests.support.waiting import wait_for

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def mailbox() -> Iterator[tuple[int, Mailbox]]:
    """A local mail server (aiosmtpd) the site sends its e-mail to."""
    with smtp_server() as server:
        yield server


@pytest.fixture(scope="module")
def site(
    tmp_path_factory: pytest.TempPathFactory, mailbox: tuple[int, Mailbox]
) -> Iterator[ServerProcess]:
    server = start_site(
        tmp_path_factory.mktemp("accounts-settings"),
        SMTP_HOST="127.0.0.1",
        SMTP_PORT=str(mailbox[0]),
        SMTP_SECURITY="none",
        SMTP_FROM="Tafelrunde <games@example.org>",
    )
    yield server
    server.stop()


DESKTOP_720 = {"width": 1280, "height": 720}
FULL_HD = {"width": 1920, "height": 1080}


def reminders(b: Browser) -> dict:
    answer = b.fetch("/api/me/notifications")
    assert answer["status"] == 200, answer
    return answer["body"]


def confirmation_link(box: Mailbox, address: str) -> str:
    """The path of the confirmation link in the newest mail to ``address``."""
    mail = wait_for(
        lambda: next((m for m in reversed(box.messages) if address in str(m["To"])), None),
        f"the confirmation mail to {address}",
    )
    text = mail.get_body(preferencelist=("plain",)).get_content()
    link = re.search(r"https?://\S+/api/nudges/confirm\?token=\S+", text)
    assert link, text
    parts = urlsplit(link.group(0))
    return f"{parts.path}?{parts.query}"


def test_reminder_settings_are_saved_and_shown_in_both_languages(chromium, site, mailbox):
    anna = browser(chromium, site.url, DESKTOP_720)
    try:
        anna.sign_up_with_password(unique("Anna"), new_password())
        anna.account_page()
        anna.page.wait_for_selector("#notify-form:not([hidden])")
        before = reminders(anna)

        # A webhook into a private network: refused in plain words, nothing saved.
        anna.page.fill("#notify-webhook", "http://127.0.0.1:9/hook")
        anna.page.click("#notify-save")
        anna.page.locator("#notify-error").wait_for()
        assert "public address" in anna.page.inner_text("#notify-error")
        assert reminders(anna) == before

        address = f"anna-{unique('x').split()[1]}@example.org"
        anna.page.fill("#notify-webhook", "https://93.184.215.14/hooks/tafelrunde")
        anna.page.fill("#notify-email", address)
        anna.page.check("#notify-always")
        anna.page.select_option("#notify-digest", "24")
        anna.page.click("#notify-save")
        expect(anna.page.locator("#notify-status")).to_contain_text(address)
        saved = reminders(anna)
        assert saved["webhook_url"] == "https://93.184.215.14/hooks/tafelrunde"
        assert saved["email"] == address
        assert saved["email_confirmed"] is False
        assert saved["always"] is True
        assert saved["digest_hours"] == 24
        assert anna.page.get_attribute("#email-state", "data-state") == "waiting"
        assert anna.page.locator("#email-resend").is_visible()
        link = confirmation_link(mailbox[1], address)

        # Shown again as saved, the address waiting for its confirmation.
        anna.account_page()
        anna.page.wait_for_selector("#notify-form:not([hidden])")
        assert anna.page.input_value("#notify-email") == address
        assert anna.page.get_attribute("#email-state", "data-state") == "waiting"
        assert address in anna.page.inner_text("#email-state")
        assert anna.page.is_checked("#notify-always")
        assert anna.page.input_value("#notify-digest") == "24"
        assert page_problems(anna.page) == []
        assert focus_is_visible(anna.page) == []
        screenshot(anna.page, "settings-waiting-en-desktop")

        # The link from the mail confirms the address; the page says so.
        anna.goto(link)
        anna.account_page()
        anna.page.wait_for_selector("#email-state[data-state=confirmed]")
        assert reminders(anna)["email_confirmed"] is True
        assert anna.page.locator("#email-resend").is_hidden()
        screenshot(anna.page, "settings-en-desktop")
        set_language(anna.page, "de")
        anna.page.wait_for_selector("#notify-form:not([hidden])")
        assert english_on_german_page(anna.page) == []
        screenshot(anna.page, "settings-de-desktop")

        # The same page on a phone and on a large screen.
        for size, device in ((PHONE, "phone"), (FULL_HD, "fullhd")):
            anna.page.set_viewport_size(size)
            for lang in ("en", "de"):
                set_language(anna.page, lang)
                anna.page.wait_for_selector("#notify-form:not([hidden])")
                assert page_problems(anna.page) == [], (device, lang)
                screenshot(anna.page, f"settings-{lang}-{device}")
        assert anna.errors == []
    finally:
        anna.context.close()


def test_rename_password_devices_data_and_deleting_the_account(chromium, site):
    name, password = unique("Anna"), new_password()
    laptop = browser(chromium, site.url, DESKTOP_720)
    phone = browser(chromium, site.url, PHONE)
    try:
        laptop.sign_up_with_password(name, password)
        phone.sign_in_with_password(name, password)

        # Rename: the header follows.
        laptop.account_page()
        new_name = unique("Annabel")
        laptop.page.fill("#rename-name", new_name)
        laptop.page.click("#rename-submit")
        expect(laptop.page.locator(".account-slot .account-label")).to_have_text(new_name)
        assert laptop.me()["name"] == new_name

        # A new password: the current one is asked for, a short one refused by the page;
        # once changed, the account's other devices are signed out.
        laptop.page.fill("#new-password", "short")
        laptop.page.fill("#current-password", password)
        laptop.page.click("#password-submit")
        laptop.page.locator("#password-error").wait_for()
        changed = new_password()
        laptop.page.fill("#new-password", changed)
        laptop.page.fill("#current-password", password + "x")
        laptop.page.click("#password-submit")
        expect(laptop.page.locator("#password-error")).to_contain_text("current password")
        laptop.page.fill("#current-password", password)
        laptop.page.click("#password-submit")
        expect(laptop.page.locator("#password-status")).to_contain_text("other devices")
        expect(laptop.page.locator("#session-list li")).to_have_count(1)
        assert phone.me() is None
        phone.sign_in_with_password(new_name, changed)

        # Devices: two; the phone signed out from the laptop's list.
        laptop.account_page()
        rows = laptop.page.locator("#session-list li")
        expect(rows).to_have_count(2)
        assert laptop.page.locator("#session-list li.current").count() == 1
        other = laptop.page.locator("#session-list li:not(.current)")
        other.locator("button").click()
        expect(rows).to_have_count(1)
        assert phone.me() is None
        phone.home()
        assert phone.page.get_attribute(".account-slot", "data-state") == "signed-out"

        # My data, as a file: the account, and no secret.
        with laptop.page.expect_download() as download:
            laptop.page.click("#export-link")
        text = download.value.path().read_text(encoding="utf-8")
        json.loads(text)  # a JSON file
        assert new_name in text
        assert password not in text and changed not in text

        # Delete: only with the name typed exactly.
        laptop.page.click("#delete-box summary")
        assert laptop.page.is_disabled("#delete-submit")
        laptop.page.fill("#delete-confirm", new_name + "x")
        assert laptop.page.is_disabled("#delete-submit")
        assert laptop.me() is not None
        laptop.page.fill("#delete-confirm", new_name)
        with laptop.page.expect_navigation():
            laptop.page.click("#delete-submit")
        laptop.page.wait_for_selector("#home-note:not([hidden])")
        assert laptop.me() is None
        laptop.account_page()
        laptop.page.fill("#signin-name", new_name)
        laptop.page.fill("#signin-password", changed)
        laptop.page.click("#signin-submit")
        laptop.page.locator("#signin-error").wait_for()
        assert laptop.errors == [] and phone.errors == []
    finally:
        laptop.context.close()
        phone.context.close()
