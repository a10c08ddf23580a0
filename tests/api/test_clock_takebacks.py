"""Clocks and take-backs, on a clock the test sets (``ClockService.now``), expiries handled
by calling the clock poller's ``tick`` (its own loop polls once an hour here).

- A move the server's bot made for a seat whose time ran out is the server's, never the
  seat's to take back: otherwise each lapse was one take-back away from a fresh clock.
- A take-back of the seat's own move refills nothing: the restored turn keeps the time it
  had used, and the seat it had passed the turn to loses nothing.
- An expiry is written together with the bot's move, or not at all: a failure between the
  two leaves the expiry to the next poll, at once, and it is written once.

Die Dolmengötter with two human seats, seat 0 first: a druid placed may be taken back.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import event, select

from app.db.models import ActionRow, utcnow
from tests.api.test_clocks_api import make_client, play_first, start, view
from tests.support.waiting import wait_for

HOUR = 3600


class FakeClock:
    """The server's clock time, moved on by the test only."""

    def __init__(self) -> None:
        self.moment = utcnow().replace(microsecond=0)  # clocks count whole milliseconds

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, seconds: float) -> None:
        self.moment += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def client(database_url: str, clock: FakeClock):
    with make_client(database_url, clock_poll_seconds=HOUR) as c:
        c.app.state.service.clocks.now = clock
        yield c


def tick(client) -> int:
    handled: int = client.app.state.clock_runner.tick()
    return handled


def undo(client, kit, game_id: str, token: str, version: int) -> Any:
    return client.post(
        f"/api/games/{game_id}/undo", headers=kit.bearer(token), json={"version": version}
    )


def can_undo(client, kit, game_id: str, token: str) -> tuple[bool, bool]:
    """``can_undo`` as the seat's view and its legal actions say it."""
    legal = client.get(f"/api/games/{game_id}/legal-actions", headers=kit.bearer(token)).json()
    return view(client, kit, game_id, token)["can_undo"], legal["can_undo"]


def moves(db, game_id: str) -> list[tuple[int, bool]]:
    """(seat, by_server) of each row of the game's action log."""
    with db.connect() as conn:
        rows = conn.execute(
            select(ActionRow.seat, ActionRow.by_server)
            .where(ActionRow.game_id == game_id)
            .order_by(ActionRow.seq)
        )
        return [(seat, bool(by_server)) for seat, by_server in rows]


def by_server(client, kit, game_id: str, token: str | None) -> list[bool]:
    """``by_server`` of each entry of the game's log, as ``token``'s seat (None: a watcher)
    reads it."""
    headers = kit.bearer(token) if token else {}
    log = client.get(f"/api/games/{game_id}/log", headers=headers).json()
    return [entry["by_server"] for entry in log["entries"]]


def expiries(client, game_id: str) -> list[dict[str, Any]]:
    log = client.get(f"/api/games/{game_id}/log").json()
    return [e for e in log["table_events"] if e["type"] == "clock_expired"]


def deadline(client, kit, game_id: str) -> datetime:
    return datetime.fromisoformat(view(client, kit, game_id)["clock"]["deadline"])


def test_the_bots_move_for_a_lapsed_clock_is_not_the_seats_to_take_back(client, kit, db, clock):
    game_id, tokens = start(client, kit, {"type": "correspondence", "hours": 1})
    assert tick(client) == 0  # nothing has run out
    clock.advance(HOUR + 1)
    assert tick(client) == 1
    assert expiries(client, game_id) == [{"type": "clock_expired", "seat": 0, "version": 0}]
    assert moves(db, game_id) == [(0, True)]  # the server's move, not seat 0's
    assert by_server(client, kit, game_id, tokens[1]) == [True]  # the log says whose
    state = view(client, kit, game_id, tokens[0])
    assert state["version"] == 1 and state["clock"]["running"] == [1]
    # The engine would let seat 0 take it back (nobody acted since); the server does not.
    assert can_undo(client, kit, game_id, tokens[0]) == (False, False)
    r = undo(client, kit, game_id, tokens[0], 1)
    assert r.status_code == 409, r.text
    assert r.json()["error"]["code"] == "played_by_server"
    after = view(client, kit, game_id, tokens[0])
    assert after["version"] == 1 and after["clock"] == state["clock"]  # nothing written
    # Seat 1's hour runs from the bot's move; seat 0 gets no second one.
    assert deadline(client, kit, game_id) == clock() + timedelta(hours=1)
    assert moves(db, game_id) == [(0, True)]
    play_first(client, kit, game_id, tokens[1])
    assert by_server(client, kit, game_id, None) == [True, False]


def test_a_take_back_gives_the_turn_back_with_the_deadline_it_had(client, kit, db, clock):
    game_id, tokens = start(client, kit, {"type": "correspondence", "hours": 1})
    turn_ends = deadline(client, kit, game_id)
    # Seat 0 moves late in its hour and takes it back, over and over: its hour never grows.
    for _ in range(3):
        clock.advance(15 * 60)
        played = play_first(client, kit, game_id, tokens[0])
        assert view(client, kit, game_id)["clock"]["running"] == [1]
        clock.advance(60)
        r = undo(client, kit, game_id, tokens[0], played["version"])
        assert r.status_code == 200, r.text
        assert view(client, kit, game_id)["clock"]["running"] == [0]
        assert deadline(client, kit, game_id) == turn_ends
    # 48 minutes of the hour are gone; when the rest is, the bot moves for seat 0.
    clock.advance(12 * 60)
    assert tick(client) == 1
    assert expiries(client, game_id)[-1] == {"type": "clock_expired", "seat": 0, "version": 6}
    assert moves(db, game_id)[-1] == (0, True)
    assert undo(client, kit, game_id, tokens[0], 7).json()["error"]["code"] == "played_by_server"
    # The log marks that move alone, after the moves and take-backs of seat 0's own.
    assert by_server(client, kit, game_id, tokens[0]) == [False] * 6 + [True]


def test_a_live_take_back_charges_the_taker_not_the_seat_it_had_passed_to(client, kit, clock):
    game_id, tokens = start(client, kit, {"type": "live", "minutes": 1, "increment": 10})
    clock.advance(10)
    played = play_first(client, kit, game_id, tokens[0])
    # Seat 0 used 10 s and earned the 10 s increment; seat 1's minute runs.
    assert view(client, kit, game_id)["clock"]["remaining_ms"] == [60_000, 60_000]
    clock.advance(20)
    assert undo(client, kit, game_id, tokens[0], played["version"]).status_code == 200
    clock_now = view(client, kit, game_id)["clock"]
    assert clock_now["running"] == [0]
    # The 20 s since the move are seat 0's (and so is the increment, taken back): seat 1,
    # whose clock ran only because of the move taken back, has its whole minute.
    assert clock_now["remaining_ms"] == [30_000, 60_000]


def test_a_move_the_bot_made_for_a_timed_out_live_seat_is_not_taken_back(client, kit, db, clock):
    game_id, tokens = start(client, kit, {"type": "live", "minutes": 1, "increment": 0})
    clock.advance(61)
    assert tick(client) == 1
    # The bot stands in for seat 0 and plays its move.
    wait_for(lambda: view(client, kit, game_id)["version"] >= 1, "the stand-in's move")
    assert moves(db, game_id) == [(0, True)]
    assert can_undo(client, kit, game_id, tokens[0]) == (False, False)
    r = undo(client, kit, game_id, tokens[0], 1)
    assert r.status_code == 409 and r.json()["error"]["code"] == "played_by_server"
    state = view(client, kit, game_id)
    assert state["version"] == 1 and state["seats"][0]["stand_in"] == "timeout"


@pytest.mark.parametrize("fail_on", ["INSERT INTO actions", "INSERT INTO table_events"])
def test_an_expiry_that_fails_halfway_is_written_once_at_the_next_poll(
    client, kit, db, clock, fail_on
):
    game_id, _ = start(client, kit, {"type": "correspondence", "hours": 1})
    engine = client.app.state.service.db.engine
    failures: list[str] = []

    def crash(conn, cursor, statement, parameters, context, executemany) -> None:
        if statement.startswith(fail_on) and not failures:
            failures.append(statement)
            raise RuntimeError("the process died here")

    clock.advance(HOUR + 1)
    event.listen(engine, "before_cursor_execute", crash)
    try:
        with pytest.raises(RuntimeError, match="died"):
            tick(client)
    finally:
        event.remove(engine, "before_cursor_execute", crash)
    assert failures
    # Nothing of that expiry stands, and nothing holds it back: the next poll, at the same
    # clock time, writes it, once, with its move.
    assert tick(client) == 1
    assert expiries(client, game_id) == [{"type": "clock_expired", "seat": 0, "version": 0}]
    assert moves(db, game_id) == [(0, True)]
    assert tick(client) == 0
