"""Resigning and clocks in the browser.

Anna creates a Die Dolmengötter table for two with a time limit of a day per move; Ben
joins by his link, on his phone, and resigns: both pages show at once that the server's
bot plays his seat, and it does, to the end, while Anna plays hers; the log names the bot as
the maker of those moves.

Then a table whose correspondence clock is a few seconds per move (``CLOCK_MIN_SECONDS=1``,
the testing setting of this module's own server): the seat to act sees its countdown tick,
and when it runs out the server's bot makes the move, on both pages. That move is not the
seat's to take back: its page offers no Undo for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, select, update

from app.db.models import GameRow
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser

GAME = "dolmengoetter"


@pytest.fixture(scope="module")
def clock_web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server of its own: clocks of seconds, a poll every 0.2 s, a bot that waits a bit."""
    directory: Path = tmp_path_factory.mktemp("clock-server")
    server = ServerProcess(
        f"sqlite:///{directory / 'clocks.db'}",
        directory / "server.log",
        BOT_DELAY="0.2",
        CLOCK_MIN_SECONDS="1",
        CLOCK_POLL_SECONDS="0.2",
    ).start()
    yield server
    server.stop()


def seat_row(player, seat: int):
    return player.page.locator(f"#players tr[data-seat='{seat}']")


def test_a_resigned_seat_is_played_by_the_bot_to_the_end(contexts, table, clock_web, rng):
    base = clock_web.url
    anna_page = contexts(table.DESKTOP).new_page()
    anna_page.goto(f"{base}/")
    anna_page.wait_for_selector("#time-control")
    anna_page.select_option("#time-control", label="1 day per move")
    # create_game fills in the rest of the form (the time limit stays as chosen).
    game_id, invites, _ = _create_keeping_time(table, anna_page, base)
    ben_page = contexts(table.PHONE).new_page()
    table.join_by_link(ben_page, invites[1], "Ben")
    anna = table.Player(anna_page, 0, "Anna")
    ben = table.Player(ben_page, 1, "Ben")
    table.live_at_table(anna, ben)
    # Seat 0's day-long countdown shows on its row on both pages, ticking.
    for p in (anna, ben):
        clock = seat_row(p, 0).locator(".seat-clock")
        clock.wait_for(state="visible")
        assert clock.get_attribute("data-running") == "true"
        assert "23:59:" in clock.inner_text() or "1 d" in clock.inner_text()
    assert seat_row(anna, 1).locator(".seat-clock").is_hidden()  # not Ben's turn

    # Ben resigns (he confirms the question).
    ben.page.once("dialog", lambda dialog: dialog.accept())
    ben.page.click("#resign")
    for p in (anna, ben):
        tag = seat_row(p, 1).locator(".stand-in-tag")
        tag.wait_for(state="visible")
        assert tag.inner_text() == "bot plays (resigned)"
        p.page.wait_for_function(
            "() => document.querySelector('#log').innerText.includes('resigned')"
        )
    ben.page.wait_for_selector("#resign", state="hidden")
    table.shot(anna.page, "resign-bot-plays-desktop")
    table.shot(ben.page, "resign-bot-plays-phone")

    # Anna plays on; the bot answers for Ben every time, to the end.
    table.play([anna], rng)
    anna.page.wait_for_selector("body[data-status=over]")
    ben.page.wait_for_selector("body[data-status=over]")
    result = httpx.get(f"{base}/api/games/{game_id}/result", timeout=10).json()
    assert result["resigned"] == [1]
    log = httpx.get(f"{base}/api/games/{game_id}/log", timeout=10).json()
    seats = {e["seat"] for e in log["entries"]}
    assert seats == {0, 1}  # the bot played Ben's seat
    # Every move of Ben's seat was the server's bot's, and both logs say so by name.
    assert all(e["by_server"] == (e["seat"] == 1) for e in log["entries"])
    for p, maker in ((anna, "The server's bot for Ben:"), (ben, "The server's bot for you:")):
        assert maker in p.page.inner_text("#log")
    assert seat_row(anna, 1).locator(".stand-in-tag").inner_text() == "bot plays (resigned)"
    assert anna.errors == [] and ben.errors == []


def _create_keeping_time(table, page, base):
    """``table.create_game`` reloads the home page; choose the time limit again after it
    has loaded, by filling the form the same way but without ``goto``."""
    page.locator(f"#kind-{GAME}").check()
    page.select_option("#num-seats", "2")
    page.select_option("#seat-role-0", "you")
    page.select_option("#seat-role-1", "friend")
    page.fill("#your-name", "Anna")
    page.select_option("#start-player", "0")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    invites = {1: page.input_value("#invite-1")}
    spectator = page.input_value("#spectator-link")
    game_id = spectator.rstrip("/").split("/play/")[1]
    page.click("#open-game")
    page.wait_for_selector("body[data-version]")
    return game_id, invites, spectator


def test_a_correspondence_clock_runs_out_and_the_bot_moves(contexts, table, clock_web):
    base = clock_web.url
    r = httpx.post(
        f"{base}/api/games",
        json={
            "kind": GAME,
            "num_seats": 2,
            "options": {"start_player": 0},
            "time_control": {"type": "correspondence", "seconds": 6},
        },
        timeout=10,
    )
    assert r.status_code == 201, r.text
    game_id = r.json()["id"]
    links = {i["seat"]: f"{base}{i['path']}" for i in r.json()["invites"]}
    anna_page = contexts(table.DESKTOP).new_page()
    ben_page = contexts(table.PHONE).new_page()
    table.join_by_link(anna_page, links[0], "Anna")
    table.join_by_link(ben_page, links[1], "Ben")
    anna = table.Player(anna_page, 0, "Anna")
    ben = table.Player(ben_page, 1, "Ben")
    table.live_at_table(anna, ben)
    assert anna.version() == 0
    # Anna's seconds tick down on her row, red: little time is left.
    clock = seat_row(anna, 0).locator(".seat-clock")
    clock.wait_for(state="visible")
    first = clock.inner_text()
    anna.page.wait_for_function(
        "t => document.querySelector(\"tr[data-seat='0'] .seat-clock\").innerText !== t",
        arg=first,
    )
    assert clock.get_attribute("data-low") == "true"
    assert seat_row(ben, 0).locator(".seat-clock").is_visible()
    table.shot(anna.page, "clock-running-desktop")
    table.shot(ben.page, "clock-running-phone")

    # She does not move: the server's bot makes her move, seen on both pages.
    for p in (anna, ben):
        p.page.wait_for_function("() => Number(document.body.dataset.version) >= 1")
        p.page.wait_for_function(
            "() => document.querySelector('#log').innerText.includes('the server\\'s bot made')"
        )
    # The bot's move names the bot, newest first above the expiry: not read as Anna's own.
    for p, maker in ((anna, "The server's bot for you:"), (ben, "The server's bot for Anna:")):
        move = p.page.locator("#log li[data-seq='1']").inner_text()
        assert move.startswith(maker), move
    log = httpx.get(f"{base}/api/games/{game_id}/log", timeout=10).json()
    assert log["entries"][0]["seat"] == 0
    assert {"type": "clock_expired", "seat": 0, "version": 0} in log["table_events"]
    # Now Ben's clock runs, on his row; Anna's seat is still hers (no bot marker).
    seat_row(ben, 1).locator(".seat-clock[data-running=true]").wait_for(state="visible")
    assert seat_row(anna, 0).locator(".stand-in-tag").count() == 0
    table.shot(anna.page, "clock-expired-desktop")
    table.shot(ben.page, "clock-expired-phone")
    assert anna.errors == [] and ben.errors == []


def lapse_turn(database_url: str, game_id: str) -> None:
    """Move the running seat's turn start back past its time per move, as if the time had
    passed: the server's clock is its own process's, so the test moves the game's instead
    (a new seats revision, so every cache reads it again)."""
    engine = create_engine(database_url)
    try:
        with engine.begin() as conn:
            row = conn.execute(
                select(GameRow.clock, GameRow.time_control, GameRow.deadline).where(
                    GameRow.id == game_id
                )
            ).one()
            shift = (row.time_control["seconds"] + 1) * 1000
            clock = dict(row.clock)
            clock["at"] -= shift
            clock["started_ms"] = [
                t - shift if t is not None else None for t in clock["started_ms"]
            ]
            conn.execute(
                update(GameRow)
                .where(GameRow.id == game_id)
                .values(
                    clock=clock,
                    deadline=row.deadline - timedelta(milliseconds=shift),
                    seats_revision=GameRow.seats_revision + 1,
                )
            )
    finally:
        engine.dispose()


def test_the_bots_move_for_a_lapsed_clock_offers_no_undo(contexts, table, clock_web):
    base = clock_web.url
    r = httpx.post(
        f"{base}/api/games",
        json={
            "kind": GAME,
            "num_seats": 2,
            "options": {"start_player": 0},
            "time_control": {"type": "correspondence", "hours": 1},
        },
        timeout=10,
    )
    assert r.status_code == 201, r.text
    game_id = r.json()["id"]
    links = {i["seat"]: f"{base}{i['path']}" for i in r.json()["invites"]}
    anna_page = contexts(table.DESKTOP).new_page()
    ben_page = contexts(table.PHONE).new_page()
    table.join_by_link(anna_page, links[0], "Anna")
    table.join_by_link(ben_page, links[1], "Ben")
    anna = table.Player(anna_page, 0, "Anna")
    ben = table.Player(ben_page, 1, "Ben")
    table.live_at_table(anna, ben)

    # Anna's hour runs out: the server's bot makes her move, on both pages.
    lapse_turn(clock_web.database_url, game_id)
    for p in (anna, ben):
        p.page.wait_for_function("() => Number(document.body.dataset.version) >= 1")
        p.page.wait_for_function(
            "() => document.querySelector('#log').innerText.includes('the server\\'s bot made')"
        )
    seat_row(ben, 1).locator(".seat-clock[data-running=true]").wait_for(state="visible")
    # Nobody has acted since, yet the move is not hers to take back: no Undo, and the
    # server refuses it.
    assert anna.page.locator("#undo").is_hidden()
    assert anna.version() == 1
    token = anna.token
    r = httpx.post(
        f"{base}/api/games/{game_id}/undo",
        headers={"Authorization": f"Bearer {token}"},
        json={"version": 1},
        timeout=10,
    )
    assert r.status_code == 409 and r.json()["error"]["code"] == "played_by_server"
    assert httpx.get(f"{base}/api/games/{game_id}", timeout=10).json()["version"] == 1
    table.shot(anna.page, "clock-expired-no-undo-desktop")
    assert anna.errors == [] and ben.errors == []
