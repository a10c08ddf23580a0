"""The history slider on the game page (static/js/history.js): step through a game's past
positions, replay a finished game as seen by each seat, the watcher or fully revealed, and
come back to live play."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.browser

KIND = "dolmengoetter"


def new_game(base: str, kind: str = KIND) -> tuple[str, dict[int, str]]:
    r = httpx.post(f"{base}/api/games", json={"kind": kind, "num_seats": 2})
    assert r.status_code == 201, r.text
    created = r.json()
    tokens = {}
    for invite in created["invites"]:
        seat = invite["seat"]
        r = httpx.post(
            f"{base}/api/games/{created['id']}/seats/{seat}/join",
            json={"name": ["Anna", "Ben"][seat], "key": invite["key"]},
        )
        assert r.status_code == 201, r.text
        tokens[seat] = r.json()["token"]
    return created["id"], tokens


def play(base: str, game_id: str, tokens: dict[int, str], moves: int, rng: random.Random) -> int:
    """Random legal moves through the API (at most ``moves``); returns the version."""
    with httpx.Client(base_url=base) as http:
        for _ in range(moves):
            view = http.get(f"/api/games/{game_id}/view").json()
            if view["status"] == "over":
                return int(view["version"])
            seat = view["view"]["to_act"][0]
            auth = {"Authorization": f"Bearer {tokens[seat]}"}
            legal = http.get(f"/api/games/{game_id}/legal-actions", headers=auth).json()
            r = http.post(
                f"/api/games/{game_id}/actions",
                headers=auth,
                json={
                    "version": legal["version"],
                    "action": rng.choice(legal["actions"])["action"],
                },
            )
            assert r.status_code == 200, r.text
        return int(http.get(f"/api/games/{game_id}").json()["version"])


def history(base: str, game_id: str, seat: Any, version: int) -> dict[str, Any]:
    r = httpx.get(f"{base}/api/games/{game_id}/history", params={"seat": seat, "version": version})
    assert r.status_code == 200, r.text
    return dict(r.json())


def open_as(
    contexts, table, game_id: str, seat: int | None, token: str | None, finished: bool = False
):
    ctx = contexts(table.DESKTOP)
    if token is not None:
        held = json.dumps({"seat": seat, "token": token, "name": "Anna"})
        ctx.add_init_script(f"localStorage.setItem('tafelrunde.seat.{game_id}', {held!r})")
    player = table.Player(ctx.new_page(), seat, "Anna")
    player.page.goto(f"{table.base}/play/{game_id}")
    player.page.wait_for_selector("#history:not([hidden])")
    if finished:
        # A finished game opens on its result dialog: closed, the board and history are there.
        player.page.wait_for_selector("#result:not([hidden]) #ranking li")
        player.page.keyboard.press("Escape")
        player.page.wait_for_selector("#result", state="hidden")
    return player


def shown(page, version: int, seat: str) -> None:
    page.wait_for_function(
        "want => document.body.dataset.historyShown === want", arg=f"{version}:{seat}"
    )


def count(page, selector: str) -> int:
    return int(page.locator(f"#board {selector}").count())


def test_a_finished_game_is_replayed_as_each_seat_and_revealed(contexts, table):
    base = table.base
    game_id, tokens = new_game(base)
    latest = play(base, game_id, tokens, 3000, random.Random(5))
    assert httpx.get(f"{base}/api/games/{game_id}").json()["status"] == "over"

    anna = open_as(contexts, table, game_id, 0, tokens[0], finished=True)
    page = anna.page
    page.wait_for_selector("body[data-status=over]")
    shown(page, latest, "0")
    assert page.locator("#history-seen-by").is_visible()

    # The first position: no druid on the board; stepping forward places them one by one.
    page.click("button[aria-label='First position']")
    shown(page, 0, "0")
    assert count(page, ".druid") == 0
    page.click("button[aria-label='Next move']")
    shown(page, 1, "0")
    assert count(page, ".druid") == 1
    # The action's place is marked on the board.
    placed = history(base, game_id, 0, 1)["events"][0]["place"]
    assert page.locator(f"#board .tgt.is-mark[data-key='place:{placed}']").count() == 1
    # Keyboard: the slider takes the arrow keys, Home and End.
    page.focus("#history-slider")
    page.keyboard.press("ArrowRight")
    shown(page, 2, "0")
    assert count(page, ".druid") == 2
    page.keyboard.press("ArrowLeft")
    shown(page, 1, "0")

    # A position with dolmens on the board that not everyone could see then.
    version = next(
        v
        for v in range(latest - 1, 0, -1)
        if any(
            d["value"] is None
            for c in history(base, game_id, "watcher", v)["view"]["circles"]
            for d in c["stack"]
        )
    )
    page.fill("#history-slider", str(version))
    page.dispatch_event("#history-slider", "input")
    known: dict[str, int] = {}
    for perspective in ("0", "1", "watcher", "all"):
        page.select_option("#history-seen-by", perspective)
        shown(page, version, perspective)
        view = history(base, game_id, perspective, version)["view"]
        expected = sum(
            d["value"] is not None and d["owner"] is not None
            for c in view["circles"]
            for d in c["stack"]
        )
        known[perspective] = count(page, ".dolmen:not(.scored)[data-value]")
        assert known[perspective] == expected, perspective
        if perspective == "1":
            table.shot(page, "history-dolmengoetter-seen-by-ben-desktop")
    total = count(page, ".dolmen:not(.scored)")
    assert known["all"] == total > known["watcher"]
    assert known["watcher"] <= min(known["0"], known["1"])
    table.shot(page, "history-dolmengoetter-revealed-desktop")
    assert not anna.errors


def test_looking_back_stops_moves_and_the_latest_position_resumes_play(contexts, table):
    base = table.base
    game_id, tokens = new_game(base)
    latest = play(base, game_id, tokens, 5, random.Random(9))
    seat = httpx.get(f"{base}/api/games/{game_id}/view").json()["view"]["to_act"][0]
    player = open_as(contexts, table, game_id, seat, tokens[seat])
    page = player.page
    page.wait_for_selector("body[data-my-turn=true]")
    shown(page, latest, str(seat))
    assert page.locator("#history-seen-by").is_hidden()  # only once the game has ended

    page.click("button[aria-label='Previous move']")
    shown(page, latest - 1, str(seat))
    page.wait_for_selector("body[data-my-turn=false]")
    assert page.locator("#board .tgt.is-target").count() == 0
    assert page.locator(".history-back").is_visible()
    assert count(page, ".druid") == latest - 1

    page.click(".history-back button")
    shown(page, latest, str(seat))
    page.wait_for_selector("body[data-my-turn=true]")
    page.wait_for_selector("body[data-history=live]")
    assert page.locator("#board .tgt.is-target").count() > 0
    # And the game goes on from the page. Following it live, the slider follows each new
    # move from the socket's state alone (no /history request per move); its line counts the
    # moves and leaves saying what the newest did to the log's first turn.
    asked: list[str] = []
    page.on("request", lambda r: "/history" in r.url and asked.append(r.url))
    table.click_one(player, random.Random(1))
    page.wait_for_function("v => document.body.dataset.version === String(v)", arg=latest + 1)
    shown(page, latest + 1, str(seat))
    play(base, game_id, tokens, 1, random.Random(2))  # the other seat's move
    shown(page, latest + 2, str(seat))
    assert page.inner_text(".history-where") == f"Move {latest + 2} of {latest + 2}"
    other = ["Anna", "Ben"][1 - seat]
    newest = page.inner_text("#log > li:first-child")
    assert newest.startswith(f"{other}: "), newest
    assert asked == [], asked
    assert not player.errors


def test_a_finished_dschingis_khan_game_shows_each_seats_faces_then_all(contexts, table):
    base = table.base
    game_id, tokens = new_game(base, "dschingis_khan")
    latest = play(base, game_id, tokens, 3000, random.Random(3))
    assert httpx.get(f"{base}/api/games/{game_id}").json()["status"] == "over"
    # A watcher's page (no seat) of the finished game.
    watcher = open_as(contexts, table, game_id, None, None, finished=True)
    page = watcher.page
    shown(page, latest, "watcher")

    def faces(view: dict[str, Any]) -> tuple[int, int]:
        layers = [layer for v in view["villages"] for layer in v["stack"]]
        return sum(layer["face"] is not None for layer in layers), len(layers)

    def known_at(v: int) -> list[int]:
        return [faces(history(base, game_id, p, v)["view"])[0] for p in ("watcher", 0, "all")]

    # A position where seat 0 knew more faces than a watcher, and not all of them.
    version = next(v for v in range(latest - 1, 0, -1) if sorted(set(known_at(v))) == known_at(v))
    page.fill("#history-slider", str(version))
    page.dispatch_event("#history-slider", "input")
    known: dict[str, int] = {}
    for perspective in ("0", "1", "watcher", "all"):
        page.select_option("#history-seen-by", perspective)
        shown(page, version, perspective)
        expected, layers = faces(history(base, game_id, perspective, version)["view"])
        known[perspective] = count(page, ".tile[data-face]")
        assert known[perspective] == expected, perspective
        assert count(page, ".tile") == layers
    assert known["all"] == count(page, ".tile") > known["0"] > known["watcher"]
    table.shot(page, "history-dschingis-khan-revealed-desktop")
    assert not watcher.errors
