"""The Web Push service worker in Chromium (issue 38, item 4): /sw.js registers for the
whole site under the pages' CSP, and a push delivered to it (DevTools'
``ServiceWorker.deliverPushMessage``, standing in for a push service) becomes a system
notification with the nudge's title, text and icon, one per game, whose link stays on this
site."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import BrowserContext, Page

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


def notifications(page: Page) -> list[dict[str, Any]]:
    return page.evaluate(
        """async () => {
            const reg = await navigator.serviceWorker.ready;
            return (await reg.getNotifications()).map((n) => ({
                title: n.title, body: n.body, icon: n.icon, tag: n.tag, url: n.data?.url,
            }));
        }"""
    )


def showing(page: Page, titles: set[str], what: str) -> list[dict[str, Any]]:
    """The notifications once their titles are ``titles``; a failure says what was shown."""
    seen: list[list[dict[str, Any]]] = [[]]

    def check() -> list[dict[str, Any]] | None:
        seen[0] = notifications(page)
        return seen[0] if {n["title"] for n in seen[0]} == titles else None

    try:
        return wait_for(check, what)
    except AssertionError as waited:
        raise AssertionError(f"{waited}; shown: {seen[0]}") from None


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
    (shown,) = wait_for(lambda: notifications(page), "the notification")
    assert shown == {
        "title": "Du bist am Zug",
        "body": "Bo hat gezogen.",
        "icon": f"{origin}/static/favicon.svg",
        "tag": "game:abc123",
        "url": f"{origin}/play/abc123",
    }

    # A newer nudge of the same game replaces it; another game's stands beside it. An
    # address on another site keeps only its path, on this site. Each push is awaited before
    # the next, so that a failure says which one was not shown.
    push(
        {
            "title": "Die Zeit läuft ab",
            "body": "10 %",
            "url": f"{origin}/play/abc123",
            "tag": "game:abc123",
        }
    )
    showing(page, {"Die Zeit läuft ab"}, "the replaced notification")
    push(
        {
            "title": "Neues Spiel",
            "body": "",
            "url": "https://elsewhere.example/play/x9?a=1",
            "tag": "game:x9",
        }
    )
    shown_now = showing(page, {"Die Zeit läuft ab", "Neues Spiel"}, "the new notification")
    by_tag = {n["tag"]: n for n in shown_now}
    assert by_tag["game:abc123"]["title"] == "Die Zeit läuft ab"
    assert by_tag["game:x9"]["url"] == f"{origin}/play/x9?a=1"
    assert errors == []
