"""A table's whole life in the browser (static/js/rematch.js): at the end Anna presses
"Play again", Ben's page shows her offer live and one click seats him in the new game, both
with their seats turned by one; "Your games" on the home page says whose turn it is. The
host abandons a running game and every page shows it at once."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.browser

KIND = "dolmengoetter"
NAMES = ("Anna", "Ben")


def finished_game(base: str, rng: random.Random) -> tuple[str, dict[int, str]]:
    """Anna (seat 0) and Ben (seat 1) play a whole game through the API."""
    with httpx.Client(base_url=base, timeout=10) as http:
        r = http.post(
            "/api/games", json={"kind": KIND, "num_seats": 2, "options": {"start_player": 0}}
        )
        assert r.status_code == 201, r.text
        created = r.json()
        game_id = created["id"]
        tokens = {}
        for invite in created["invites"]:
            seat = invite["seat"]
            r = http.post(
                f"/api/games/{game_id}/seats/{seat}/join",
                json={"name": NAMES[seat], "key": invite["key"]},
            )
            assert r.status_code == 201, r.text
            tokens[seat] = r.json()["token"]
        for _ in range(3000):
            view = http.get(f"/api/games/{game_id}/view").json()
            if view["status"] == "over":
                return game_id, tokens
            seat = view["view"]["to_act"][0]
            auth = {"Authorization": f"Bearer {tokens[seat]}"}
            legal = http.get(f"/api/games/{game_id}/legal-actions", headers=auth).json()
            action = rng.choice(legal["actions"])["action"]
            r = http.post(
                f"/api/games/{game_id}/actions",
                headers=auth,
                json={"version": legal["version"], "action": action},
            )
            assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def seated_page(contexts, table, game_id: str, seat: int, token: str, size: dict[str, int]):
    """A browser that holds ``seat`` of ``game_id`` (as if it had joined it), at the table."""
    ctx = contexts(size)
    held = json.dumps({"seat": seat, "token": token, "name": NAMES[seat]})
    ctx.add_init_script(
        f"if (!localStorage.getItem('tafelrunde.seat.{game_id}')) "
        f"localStorage.setItem('tafelrunde.seat.{game_id}', {held!r});"
        f"localStorage.setItem('tafelrunde.name', {NAMES[seat]!r});"
    )
    player = table.Player(ctx.new_page(), seat, NAMES[seat])
    player.page.goto(f"{table.base}/play/{game_id}")
    return player


def stored_seat(page, game_id: str) -> dict[str, Any] | None:
    raw = page.evaluate("id => localStorage.getItem('tafelrunde.seat.' + id)", game_id)
    return json.loads(raw) if raw else None


def test_a_rematch_offered_at_the_end_is_taken_with_one_click(contexts, table, rng):
    old_id, tokens = finished_game(table.base, rng)
    anna = seated_page(contexts, table, old_id, 0, tokens[0], table.DESKTOP)
    ben = seated_page(contexts, table, old_id, 1, tokens[1], table.DESKTOP)
    for p in (anna, ben):
        p.page.wait_for_selector("body[data-status=over]")
        p.page.wait_for_selector("#conn[data-state=live]")
        p.page.wait_for_selector("#play-again:not([disabled])")
    assert anna.page.locator("#abandon").is_hidden()  # neither holds the host token

    # Anna offers: she is seated in the new game at once and taken there.
    anna.page.click("#play-again")
    anna.page.wait_for_url(lambda url: "/play/" in url and old_id not in url)
    new_id = anna.game_id
    anna.page.wait_for_selector("body[data-status=open]")
    assert stored_seat(anna.page, new_id)["seat"] == 1  # old seat 0 → new seat 1
    assert anna.page.evaluate("id => !!localStorage.getItem('tafelrunde.host.' + id)", new_id)

    # Ben's page hears of it live, without a reload.
    offer = ben.page.locator("#rematch .offer")
    offer.wait_for()
    assert "Anna offers a rematch" in offer.inner_text()
    ben.page.wait_for_selector("#take-seat")
    table.shot(ben.page, "rematch-offer-desktop")
    ben.page.set_viewport_size(table.PHONE)
    ben.page.locator("#rematch").scroll_into_view_if_needed()
    table.shot(ben.page, "rematch-offer-phone")
    ben.page.set_viewport_size(table.DESKTOP)

    # One click: Ben takes his seat and is at the new table, which starts.
    ben.page.click("#take-seat")
    ben.page.wait_for_url(f"**/play/{new_id}")
    assert stored_seat(ben.page, new_id)["seat"] == 0  # old seat 1 → new seat 0
    table.live_at_table(anna, ben)
    summary = httpx.get(f"{table.base}/api/games/{new_id}").json()
    assert summary["rematch_of"] == old_id
    assert [(s["seat"], s["name"], s["joined"]) for s in summary["seats"]] == [
        (0, "Ben", True),
        (1, "Anna", True),
    ]
    # start_player 0 is kept: new seat 0, now Ben's, starts.
    ben.page.wait_for_selector("body[data-my-turn=true]")
    assert "You: seat A" in ben.page.inner_text("#you-are")
    assert "You: seat B" in anna.page.inner_text("#you-are")
    old = httpx.get(f"{table.base}/api/games/{old_id}").json()
    assert old["rematch"]["game"] == new_id and old["rematch"]["seats"] == [0, 1]

    # "Your games" on the home page: whose turn, and how long since the last move.
    for p, line in ((ben, "Your turn"), (anna, "Ben to play")):
        p.page.goto(f"{table.base}/")
        item = p.page.locator(f"#my-games .game-item[data-game='{new_id}'] .game-turn")
        item.wait_for()
        assert line in item.inner_text() and "no move yet" in item.inner_text()
    table.shot(ben.page, "rematch-your-games-desktop")
    assert not anna.errors and not ben.errors, anna.errors + ben.errors


def test_the_host_abandons_a_running_game_and_every_page_sees_it(contexts, table):
    game_id, _, anna, ben = table.two_friends(contexts, KIND, (table.DESKTOP, table.PHONE))
    anna.page.wait_for_selector("#abandon:not([hidden])")
    assert ben.page.locator("#abandon").is_hidden()  # only the host's browser offers it
    table.shot(anna.page, "abandon-button-desktop")

    # Dismissing the confirmation changes nothing.
    anna.page.once("dialog", lambda dialog: dialog.dismiss())
    anna.page.click("#abandon")
    assert httpx.get(f"{table.base}/api/games/{game_id}").json()["status"] == "running"

    anna.page.once("dialog", lambda dialog: dialog.accept())
    anna.page.click("#abandon")
    for p in (anna, ben):
        p.page.wait_for_selector("body[data-status=abandoned]")
        p.page.wait_for_selector("#rematch .abandoned")
        p.page.wait_for_function(
            "() => document.querySelector('#log').innerText.includes('abandoned the game')"
        )
    assert anna.page.locator("#abandon").is_hidden()
    assert ben.page.locator(".tgt.is-target").count() == 0  # nothing to click any more
    assert ben.page.locator(".give-back").count() == 0
    table.shot(ben.page, "abandoned-phone")
    # Left out of the home page's lists, "Your games" included.
    anna.page.goto(f"{table.base}/")
    anna.page.wait_for_selector("#running-games li")
    assert anna.page.locator(f"[data-game='{game_id}']").count() == 0
    assert not anna.errors and not ben.errors, anna.errors + ben.errors
