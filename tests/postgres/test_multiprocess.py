"""Several server processes on one PostgreSQL database, as docker-compose.replicas.yml runs
them: live updates cross processes (LISTEN/NOTIFY), the optimistic lock holds across them,
and a process that dies, restarts or goes deaf for a while loses nothing.

Every process here is a real ``uvicorn app.main:app`` on its own loopback port; the hub is
chosen from ``DATABASE_URL`` as in production.
"""

from __future__ import annotations

import signal
import threading
import time
from pathlib import Path

import httpx
import psycopg
import pytest

from tests.postgres.harness import ServerProcess, Table, playable_kind
from tests.support.postgres import PostgresServer

pytestmark = pytest.mark.postgres

DEADLINE = 30.0
"""How long a wait may take on a loaded machine: a deadline, not a measurement (how fast a
move travels between processes is for benchmarks/server_compare.py)."""


def test_both_processes_use_the_postgres_hub(servers) -> None:
    for server in servers:
        ready = httpx.get(f"{server.url}/readyz", timeout=10).json()
        assert ready["database"] == "postgresql"
        assert ready["hub"] == "PostgresHub" and ready["listening"] is True


def test_seat_on_a_sees_the_move_another_seat_posted_to_b(servers) -> None:
    a, b = servers
    table = Table.create(a, playable_kind(a))
    seat, version, actions = table.turn(b)
    watchers = {s: a.ws(table.game_id, table.tokens[s]) for s in range(table.num_seats)}
    spectator = a.ws(table.game_id)
    try:
        assert {w.state["version"] for w in [*watchers.values(), spectator]} == {version}
        r = table.post(b, seat, version, actions[0])
        assert r.status_code == 200, r.text
        for s, socket in [*watchers.items(), (None, spectator)]:
            state = socket.wait_version(version + 1, timeout=DEADLINE)
            # What the socket on A pushed is exactly what B answers for that seat.
            rest = table.view(b, s)
            assert state["version"] == rest["version"] == version + 1
            assert state["view"] == rest["view"]
            assert state["legal_actions"] == rest["legal_actions"]
            assert state["events"], "the new events come with the pushed state"
    finally:
        for socket in [*watchers.values(), spectator]:
            socket.close()


def test_concurrent_double_post_across_processes_applies_exactly_once(servers) -> None:
    a, b = servers
    table = Table.create(a, playable_kind(a))
    watcher = a.ws(table.game_id)
    try:
        for round_ in range(8):
            seat, version, actions = table.turn(a)
            # Two different moves where the seat has a choice, so "which one won" is visible.
            results = race(table, seat, version, {a: actions[0], b: actions[-1]})
            codes = sorted(r.status_code for r in results.values())
            assert codes == [200, 409], f"round {round_}: {[r.text for r in results.values()]}"
            loser = next(r for r in results.values() if r.status_code == 409)
            winner = next(r for r in results.values() if r.status_code == 200)
            assert loser.json()["error"]["code"] == "stale_version"
            # Exactly one action was written, the winner's, on both processes' reading of the log.
            for server in (a, b):
                log = table.log(server, seat)
                assert log["version"] == version + 1
                assert [e["seq"] for e in log["entries"]] == list(range(1, version + 2))
                assert log["entries"][-1]["seat"] == seat
                assert log["entries"][-1]["events"] == winner.json()["events"]
            assert watcher.wait_version(version + 1, timeout=5)["version"] == version + 1
            if watcher.state["status"] == "over":
                break
    finally:
        watcher.close()


def race(
    table: Table, seat: int, version: int, moves: dict[ServerProcess, dict]
) -> dict[ServerProcess, httpx.Response]:
    """Post each move to its process at the same moment (threads released by a barrier)."""
    results: dict[ServerProcess, httpx.Response] = {}
    barrier = threading.Barrier(len(moves))

    def post(server: ServerProcess) -> None:
        barrier.wait()
        results[server] = table.post(server, seat, version, moves[server])

    threads = [threading.Thread(target=post, args=(server,)) for server in moves]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def seats_and_spectator(table: Table) -> list[int | None]:
    return [*range(table.num_seats), None]


def assert_current_everywhere(table: Table, servers: list[ServerProcess], version: int) -> None:
    """Every seat's view (and the spectator's) is at ``version`` and identical through
    every process; so is every seat's log."""
    for seat in seats_and_spectator(table):
        views = [table.view(s, seat) for s in servers]
        assert {v["version"] for v in views} == {version}
        assert all(v == views[0] for v in views[1:]), f"views of seat {seat} differ"
        logs = [table.log(s, seat) for s in servers]
        assert all(log == logs[0] for log in logs[1:]), f"logs of seat {seat} differ"
        assert [e["seq"] for e in logs[0]["entries"]] == list(range(1, version + 1))


def test_process_killed_mid_game_loses_nothing_and_comes_back_current(servers) -> None:
    a, b = servers
    table = Table.create(a, playable_kind(a))
    version = 0
    for i in range(4):  # the game under way through both processes
        version = table.play((a, b)[i % 2], pick=i)
    on_b = {s: b.ws(table.game_id, table.tokens.get(s)) for s in seats_and_spectator(table)}
    on_a = a.ws(table.game_id, table.tokens[0])
    try:
        a.kill(signal.SIGKILL)
        on_a.close()
        for i in range(5):  # players go on on B alone
            version = table.play(b, pick=i)
            for socket in on_b.values():
                assert socket.wait_version(version, timeout=5)["version"] == version
        a.start()
        assert_current_everywhere(table, [a, b], version)
        # The restarted process both hears and is heard.
        on_a = a.ws(table.game_id, table.tokens[0])
        assert on_a.state["version"] == version
        version = table.play(a, pick=1)
        for socket in on_b.values():
            assert socket.wait_version(version, timeout=DEADLINE)["version"] == version
        version = table.play(b, pick=2)
        assert on_a.wait_version(version, timeout=DEADLINE)["version"] == version
        assert_current_everywhere(table, [a, b], version)
        for seat, socket in on_b.items():
            state = socket.wait_version(version, timeout=DEADLINE)
            assert state["view"] == table.view(a, seat)["view"]
    finally:
        on_a.close()
        for socket in on_b.values():
            socket.close()


def test_listener_that_missed_notifications_catches_up_after_reconnecting(
    servers, pg_server: PostgresServer, pg_url: str
) -> None:
    """A's listener connection drops and cannot come back for a while; a move made through B
    meanwhile is announced to nobody on A. Once A listens again it finds the game changed and
    its socket gets the move, from the log."""
    a, b = servers
    table = Table.create(a, playable_kind(a))
    version = table.play(b)
    watcher = a.ws(table.game_id, table.tokens[0])
    dbname = pg_url.rsplit("/", 1)[1]
    admin = psycopg.connect(pg_server.url("postgres", driver=""), autocommit=True)
    try:
        # No new connection to the database from now on (open ones stay): A cannot reconnect.
        admin.execute(f'ALTER DATABASE "{dbname}" ALLOW_CONNECTIONS false')
        killed = admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = %s AND application_name LIKE 'tafelrunde-hub-listen%%' "
            "AND application_name LIKE %s",
            (dbname, f"%pid={a.pid}"),
        ).fetchall()
        assert killed == [(True,)], "A's listener connection was found and dropped"
        deadline = time.monotonic() + DEADLINE
        while httpx.get(f"{a.url}/readyz", timeout=5).json()["listening"]:
            assert time.monotonic() < deadline, "A never noticed its listener was gone"
            time.sleep(0.05)
        version = table.play(b)
        # A cannot connect, so its NOTIFY went unheard: A is still not listening after it.
        ready = httpx.get(f"{a.url}/readyz", timeout=5)
        assert ready.json().get("listening") is False, ready.text
        admin.execute(f'ALTER DATABASE "{dbname}" ALLOW_CONNECTIONS true')
        # A reconnects (with backoff), then re-checks the games it serves.
        state = watcher.wait_version(version, timeout=DEADLINE)
        assert state["version"] == version
        assert state["view"] == table.view(b, 0)["view"]
        assert httpx.get(f"{a.url}/readyz", timeout=5).json()["listening"] is True
    finally:
        admin.execute(f'ALTER DATABASE "{dbname}" ALLOW_CONNECTIONS true')
        admin.close()
        watcher.close()


def test_replicas_starting_together_on_an_empty_database_both_come_up(
    pg_url: str, tmp_path: Path
) -> None:
    """docker-compose.replicas.yml starts app1 and app2 at once; both migrate on start. Only
    one may create the tables; the other waits and finds the schema up to date."""
    procs = [ServerProcess(name, pg_url, tmp_path, BOT_DELAY="0") for name in ("a", "b")]
    errors: list[BaseException] = []

    def start(server: ServerProcess) -> None:
        try:
            server.start()
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=start, args=(p,)) for p in procs]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors, errors
        table = Table.create(procs[0], playable_kind(procs[0]))
        assert table.play(procs[1]) == 1
    finally:
        for p in procs:
            p.stop()


def test_bot_seat_moves_exactly_once_per_turn_with_two_processes_hearing_of_it(servers) -> None:
    """Each process's bot runner hears of every human move (one locally, one through NOTIFY)
    and both try the bot's reply; the optimistic lock lets one through, and the game goes on
    with no gap, no double move and no error in either server's log."""
    a, b = servers
    table = Table.create(a, playable_kind(a), bots=(1,))
    human = b.ws(table.game_id, table.tokens[0])
    try:
        for i in range(6):
            deadline = time.monotonic() + DEADLINE
            while not human.state["legal_actions"] and human.state["status"] != "over":
                human.next_state(max(deadline - time.monotonic(), 0.001))
            if human.state["status"] == "over":
                break
            version = human.state["version"]
            move = human.state["legal_actions"][0]["action"]
            r = table.post((a, b)[i % 2], 0, version, move)
            assert r.status_code == 200, r.text
            human.wait_version(version + 1, timeout=DEADLINE)
        # The bot's reply to the last move first: the two logs are then read of one position.
        deadline = time.monotonic() + DEADLINE
        while not human.state["legal_actions"] and human.state["status"] != "over":
            human.next_state(max(deadline - time.monotonic(), 0.001))
        log = table.log(a, 0)
        assert [e["seq"] for e in log["entries"]] == list(range(1, log["version"] + 1))
        assert any(e["seat"] == 1 for e in log["entries"]), "the bot played"
        assert table.log(b, 0) == log
    finally:
        human.close()
    for server in (a, b):
        assert "Traceback" not in server.log() and "failed" not in server.log(), server.log()
