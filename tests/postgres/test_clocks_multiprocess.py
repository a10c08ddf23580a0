"""Clocks with several server processes on one PostgreSQL database: a deadline that passes
is claimed by exactly one process (one ``clock_expired`` table event and one bot move per
expiry), and a deadline set before every process stopped is still enforced by a process
started after it passed (deadlines live in the database, not in a timer in memory). A
process killed while writing an expiry leaves nothing of it behind: the other process
writes it, once, as soon as it looks (no claim of the dead one holds it back).

Die Dolmengötter with two human seats, seat 0 first, a correspondence clock of two seconds
per move (``CLOCK_MIN_SECONDS=1``, the testing setting). Nobody answers: the server's bot
plays each move when its seat's time runs out.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import Engine, create_engine, func, select, text

from app.db.models import ActionRow, GameRow, TableEventRow
from tests.postgres.harness import ServerProcess, two_servers
from tests.support.waiting import wait_for

pytestmark = pytest.mark.postgres

CLOCK_ENV = {"BOT_DELAY": "0", "CLOCK_MIN_SECONDS": "1", "CLOCK_POLL_SECONDS": "0.2"}


@pytest.fixture
def servers(pg_url: str, tmp_path: Path) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    with two_servers(pg_url, tmp_path, **CLOCK_ENV) as pair:
        yield pair


def create(server: ServerProcess, seconds: int) -> str:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        r = http.post(
            "/api/games",
            json={
                "kind": "dolmengoetter",
                "num_seats": 2,
                "options": {"start_player": 0},
                "time_control": {"type": "correspondence", "seconds": seconds},
            },
        )
        assert r.status_code == 201, r.text
        game_id = r.json()["id"]
        for invite in r.json()["invites"]:
            j = http.post(
                f"/api/games/{game_id}/seats/{invite['seat']}/join",
                json={"name": f"P{invite['seat']}", "key": invite["key"]},
            )
            assert j.status_code == 201, j.text
    return game_id


def game_log(server: ServerProcess, game_id: str) -> dict[str, Any]:
    r = httpx.get(f"{server.url}/api/games/{game_id}/log", timeout=30)
    assert r.status_code == 200, r.text
    return r.json()


def action_seats(pg_url: str, game_id: str) -> list[int]:
    engine = create_engine(pg_url)
    try:
        with engine.connect() as conn:
            return list(
                conn.scalars(
                    select(ActionRow.seat)
                    .where(ActionRow.game_id == game_id)
                    .order_by(ActionRow.seq)
                )
            )
    finally:
        engine.dispose()


def deadline_passed(pg_url: str, game_id: str) -> bool:
    engine = create_engine(pg_url)
    try:
        with engine.connect() as conn:
            return bool(
                conn.scalar(select(GameRow.deadline < func.now()).where(GameRow.id == game_id))
            )
    finally:
        engine.dispose()


def test_an_expiring_clock_fires_exactly_once_with_two_processes(servers, pg_url) -> None:
    a, b = servers
    game_id = create(a, seconds=2)
    # Three expiries in a row, each seen by both processes' pollers.
    wait_for(lambda: game_log(b, game_id)["version"] >= 3, "three expiries")
    log = game_log(a, game_id)
    done = log["version"]
    expired = [e for e in log["table_events"] if e["type"] == "clock_expired"]
    # One claim per expiry: one table event at each version, one bot move after it.
    assert [e["version"] for e in expired if e["version"] < done] == list(range(done))
    assert [e["seat"] for e in expired if e["version"] < done] == [v % 2 for v in range(done)]
    seats = action_seats(pg_url, game_id)
    assert seats[:done] == [v % 2 for v in range(done)]
    assert len(seats) in (done, done + 1)  # one more may have landed since the log was read


def test_a_restarted_server_enforces_a_deadline_set_before_it_stopped(
    pg_url: str, tmp_path: Path
) -> None:
    # The first process never looks at its clocks (an hour between looks), so however long
    # the machine takes to set the game up and stop it, the deadline is left to the next one.
    first = ServerProcess(
        "first", pg_url, tmp_path, **{**CLOCK_ENV, "CLOCK_POLL_SECONDS": "3600"}
    ).start()
    try:
        game_id = create(first, seconds=2)
    finally:
        first.stop()
    # Nobody runs while seat 0's deadline passes.
    wait_for(lambda: deadline_passed(pg_url, game_id), "the deadline to pass")
    assert action_seats(pg_url, game_id) == []
    later = ServerProcess("later", pg_url, tmp_path, **CLOCK_ENV).start()
    try:
        wait_for(lambda: game_log(later, game_id)["version"] >= 1, "the bot's move for seat 0")
        log = game_log(later, game_id)
        first_expiry = [
            e for e in log["table_events"] if e["type"] == "clock_expired" and e["version"] == 0
        ]
        assert first_expiry == [{"type": "clock_expired", "seat": 0, "version": 0}]
        assert action_seats(pg_url, game_id)[:1] == [0]
    finally:
        later.stop()


def expiries_written(pg_url: str, game_id: str) -> int:
    engine = create_engine(pg_url)
    try:
        with engine.connect() as conn:
            events = conn.scalars(
                select(TableEventRow.event).where(TableEventRow.game_id == game_id)
            )
            return sum(e["type"] == "clock_expired" for e in events)
    finally:
        engine.dispose()


def waiting_move(engine: Engine) -> int:
    """Inserts into ``actions`` waiting for a lock (a fresh transaction: PostgreSQL keeps
    one view of the activity per transaction)."""
    with engine.connect() as conn:
        return (
            conn.scalar(
                text(
                    "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                    "AND query LIKE 'INSERT INTO actions%'"
                )
            )
            or 0
        )


def test_a_process_killed_while_writing_an_expiry_leaves_it_to_the_next_one(
    pg_url: str, tmp_path: Path
) -> None:
    a = ServerProcess("a", pg_url, tmp_path, **CLOCK_ENV).start()
    b = ServerProcess("b", pg_url, tmp_path, **CLOCK_ENV)
    engine = create_engine(pg_url)
    try:
        with engine.connect() as hold:
            # Writes of moves wait while this lock is held (reads do not): A is caught in the
            # middle of writing the expiry, where it is killed.
            hold.execute(text("LOCK TABLE actions IN SHARE MODE"))
            game_id = create(a, seconds=4)
            wait_for(lambda: waiting_move(engine), "A's write of the bot's move to wait")
            a.kill(signal.SIGKILL)
            # Nothing of A's expiry stands: no event, and the deadline is still the one
            # that passed, so any process acts on it at its next look.
            assert expiries_written(pg_url, game_id) == 0
            assert deadline_passed(pg_url, game_id)
            assert action_seats(pg_url, game_id) == []
            b.start()
            hold.rollback()
        wait_for(lambda: game_log(b, game_id)["version"] >= 1, "B's move for seat 0")
        log = game_log(b, game_id)
        first = [e for e in log["table_events"] if e["version"] == 0]
        assert first == [{"type": "clock_expired", "seat": 0, "version": 0}]
        assert action_seats(pg_url, game_id)[:1] == [0]
    finally:
        engine.dispose()
        a.stop()
        b.stop()
