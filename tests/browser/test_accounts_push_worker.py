"""The Web Push service worker in Chromium (issue 38, item 4): /sw.js registers for the
whole site under the pages' CSP, and a push delivered to it (DevTools'
``ServiceWorker.deliverPushMessage``, standing in for a push service) becomes a system
notification with the nudge's title, text and icon, one per game, whose link stays on this
site."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import BrowserContext, Page, Worker

from tests.support.waiting import wait_for


def registered_worker(ctx: BrowserContext, page: Page, origin: str) -> tuple[Any, str]:
    """Register /sw.js from the page; the DevTools session and its registration id."""
    cdp = ctx.new_cdp_session(page)
    registrations: list[dict[str, Any]] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.extend(event["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    scope = page.evaluate(
        """async () => {
            const reg = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
            await navigator.serviceWorker.ready;
            return reg.scope;
        }"""
    )
    assert scope == f"{origin}/"
    found = wait_for(
        lambda: next((r for r in registrations if r["scopeURL"] == f"{origin}/"), None),
        "the service worker's registration",
    )
    return cdp, found["registrationId"]


# Counts the notifications the worker shows and keeps their promises, so that the test can
# wait until each is on display before it reads them.
COUNT_SHOWN = """() => {
    self.shownByTest = [];
    const reg = self.registration;
    const show = reg.showNotification.bind(reg);
    reg.showNotification = (...args) => {
        const shown = show(...args);
        self.shownByTest.push(shown);
        return shown;
    };
}"""


def shown_after(worker: Worker, page: Page, pushes: int) -> list[dict[str, Any]]:
    """The notifications, read once the worker has shown ``pushes`` of them.

    Chromium's ``getNotifications()`` deletes a stored notification that is not yet on
    display when the read begins (content/browser/notifications/
    platform_notification_context_impl.cc): a read while a push is being shown could lose
    it for good. So the test never polls them; it waits in the worker for every
    ``showNotification`` to settle, then reads."""
    wait_for(
        lambda: worker.evaluate("n => self.shownByTest.length >= n", pushes),
        f"push {pushes} at the worker",
    )
    worker.evaluate("() => Promise.all(self.shownByTest)")
    return page.evaluate(
        """async () => {
            const reg = await navigator.serviceWorker.ready;
            return (await reg.getNotifications()).map((n) => ({
                title: n.title, body: n.body, icon: n.icon, tag: n.tag, url: n.data?.url,
            }));
        }"""
    )


def test_a_push_becomes_a_notification_that_links_to_the_game(web: Any, contexts: Any) -> None:
    origin = web.url
    ctx = contexts()
    ctx.grant_permissions(["notifications"], origin=origin)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{origin}/")
    assert page.evaluate("async () => (await import('/static/js/push.js')).pushSupported()"), (
        "Chromium on 127.0.0.1 (a secure context) offers Web Push"
    )
    cdp, registration = registered_worker(ctx, page, origin)
    (worker,) = wait_for(lambda: ctx.service_workers, "the service worker")
    worker.evaluate(COUNT_SHOWN)

    def push(data: dict[str, Any]) -> None:
        cdp.send(
            "ServiceWorker.deliverPushMessage",
            {"origin": origin, "registrationId": registration, "data": json.dumps(data)},
        )

    push(
        {
            "kind": "your_turn",
            "title": "Du bist am Zug",
            "body": "Bo hat gezogen.",
            "url": f"{origin}/play/abc123",
            "game_id": "abc123",
            "tag": "game:abc123",
        }
    )
    (shown,) = shown_after(worker, page, 1)
    assert shown == {
        "title": "Du bist am Zug",
        "body": "Bo hat gezogen.",
        "icon": f"{origin}/static/favicon.svg",
        "tag": "game:abc123",
        "url": f"{origin}/play/abc123",
    }

    # A newer nudge of the same game replaces it; another game's stands beside it. An
    # address on another site keeps only its path, on this site.
    push(
        {
            "title": "Die Zeit läuft ab",
            "body": "10 %",
            "url": f"{origin}/play/abc123",
            "tag": "game:abc123",
        }
    )
    assert [n["title"] for n in shown_after(worker, page, 2)] == ["Die Zeit läuft ab"]
    push(
        {
            "title": "Neues Spiel",
            "body": "",
            "url": "https://elsewhere.example/play/x9?a=1",
            "tag": "game:x9",
        }
    )
    shown_now = shown_after(worker, page, 3)
    assert sorted(n["title"] for n in shown_now) == ["Die Zeit läuft ab", "Neues Spiel"]
    by_tag = {n["tag"]: n for n in shown_now}
    assert by_tag["game:abc123"]["title"] == "Die Zeit läuft ab"
    assert by_tag["game:x9"]["url"] == f"{origin}/play/x9?a=1"
    assert errors == []
