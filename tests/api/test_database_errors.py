"""What the server does when its database fails under it (issue 36): a bot's move that
met a database error is tried again, a COMMIT whose outcome is unknown says so, and the
log holds one line per failure, a traceback once, and never a statement's parameters."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event
from sqlalchemy import exc as sa_exc

from app.bots.runner import RETRY_FIRST, RETRY_MOST
from tests.support.waiting import wait_for


def read_only_error() -> sa_exc.OperationalError:
    """What SQLite answers a write while its file is read-only."""
    return sa_exc.OperationalError(
        "INSERT INTO actions ...",
        None,
        sqlite3.OperationalError("attempt to write a readonly database"),
    )


def test_a_bot_whose_move_met_a_database_error_moves_once_it_is_back(client, kit, kind):
    bots = client.app.state.bots
    service = bots.service
    waits: list[float] = []

    async def no_wait(seconds: float) -> None:  # the backoff's waits, without the time
        waits.append(seconds)
        await asyncio.sleep(0)

    bots.sleep = no_wait
    act, failures = service.act, []

    def failing_act(*args: Any, **kwargs: Any) -> Any:
        if len(failures) < 4:  # the database refuses the bot's first four tries
            failures.append(args)
            raise read_only_error()
        return act(*args, **kwargs)

    service.act = failing_act
    try:
        r = client.post(
            "/api/games",
            json={"kind": kind, "num_seats": 2, "seats": [{"bot": True}, {"bot": False}]},
        )
        game_id = r.json()["id"]
        key = kit.invite_keys(r.json())[1]
        joined = client.post(f"/api/games/{game_id}/seats/1/join", json={"name": "Ann", "key": key})
        tokens = {1: joined.json()["token"]}

        def bot_moved() -> bool:
            view = client.get(f"/api/games/{game_id}/view").json()
            if view["view"]["to_act"] == [1]:  # the human's turn: play it
                seat, action = kit.next_move(client, game_id, tokens)
                client.post(
                    f"/api/games/{game_id}/actions",
                    headers=kit.bearer(tokens[seat]),
                    json={"version": view["version"], "action": action},
                )
                return False
            log = client.get(f"/api/games/{game_id}/log", headers=kit.bearer(tokens[1])).json()
            return any(entry["seat"] == 0 for entry in log["entries"])

        wait_for(bot_moved, "the bot's move after the database came back")
    finally:
        del service.act
    assert len(failures) == 4
    assert waits[:4] == [RETRY_FIRST, 2 * RETRY_FIRST, 4 * RETRY_FIRST, 8 * RETRY_FIRST]
    assert all(w <= RETRY_MOST for w in waits)


@contextmanager
def connection_lost_at_commit(client) -> Iterator[list[int]]:
    """The next COMMIT of a move loses its connection: the driver's connection closes just
    before it, so the database rolls the move back, but the server cannot know that."""
    engine = client.app.state.service.db.engine
    moving: set[int] = set()
    lost: list[int] = []

    def note_move(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if statement.lstrip().upper().startswith("INSERT INTO ACTIONS"):
            moving.add(id(conn))

    def close_it(conn: Any) -> None:
        if id(conn) in moving and not lost:
            lost.append(1)
            conn.connection.dbapi_connection.close()

    event.listen(engine, "before_cursor_execute", note_move)
    event.listen(engine, "commit", close_it)
    try:
        yield lost
    finally:
        event.remove(engine, "commit", close_it)
        event.remove(engine, "before_cursor_execute", note_move)


def test_a_move_whose_commit_lost_its_connection_answers_commit_unknown(client, kit, kind):
    game_id, tokens = kit.new_game(client, kind, 2)
    version = client.get(f"/api/games/{game_id}").json()["version"]
    seat, action = kit.next_move(client, game_id, tokens)
    with connection_lost_at_commit(client) as lost:
        r = client.post(
            f"/api/games/{game_id}/actions",
            headers=kit.bearer(tokens[seat]),
            json={"version": version, "action": action},
        )
    assert lost
    assert r.status_code == 503 and r.headers["retry-after"]
    assert r.json()["error"]["code"] == "commit_unknown"
    # Asking the game tells: here the move was not applied, and may be sent again.
    assert client.get(f"/api/games/{game_id}").json()["version"] == version
    again = client.post(
        f"/api/games/{game_id}/actions",
        headers=kit.bearer(tokens[seat]),
        json={"version": version, "action": action},
    )
    assert again.status_code == 200, again.text


def test_a_websocket_move_whose_commit_lost_its_connection_says_commit_unknown(client, kit, kind):
    game_id, tokens = kit.new_game(client, kind, 2)
    seat, action = kit.next_move(client, game_id, tokens)
    with client.websocket_connect(f"/ws/games/{game_id}?token={tokens[seat]}") as ws:
        state = ws.receive_json()
        with connection_lost_at_commit(client) as lost:
            ws.send_json(
                {"type": "action", "version": state["version"], "action": action, "ref": "m1"}
            )
            answer = ws.receive_json()
        assert lost
        assert answer["type"] == "error" and answer["ref"] == "m1"
        assert answer["code"] == "commit_unknown"


def test_a_database_outage_logs_one_line_per_failure_and_one_traceback(client, kit, kind, caplog):
    game_id, tokens = kit.new_game(client, kind, 2)
    seat, action = kit.next_move(client, game_id, tokens)
    service = client.app.state.service
    # The requests above marked their seats as seen; that write commits in the background,
    # and a commit is "the database works again". Let it land before the outage begins, or
    # it may come between two failures and rightly show the next one's traceback.
    writes = service.presence_writes
    wait_for(lambda: writes._writer is None or writes._writer.done(), "presence written")

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise read_only_error()

    service.db.writing_now = service.db.writing = refused
    try:
        with caplog.at_level(logging.WARNING):
            for _ in range(5):
                r = client.post(
                    f"/api/games/{game_id}/actions",
                    headers=kit.bearer(tokens[seat]),
                    json={"version": 0, "action": action},
                )
                assert r.json()["error"]["code"] == "database_unavailable"
    finally:
        del service.db.writing_now, service.db.writing
    failures = [r for r in caplog.records if "database unavailable" in r.getMessage()]
    assert len(failures) == 5
    assert [r.exc_info is not None for r in failures] == [True, False, False, False, False]
    # Once the database works again, the next outage shows its traceback again.
    ok = client.post(
        f"/api/games/{game_id}/actions",
        headers=kit.bearer(tokens[seat]),
        json={"version": 0, "action": action},
    )
    assert ok.status_code == 200, ok.text
    caplog.clear()
    service.db.writing_now = service.db.writing = refused
    try:
        with caplog.at_level(logging.WARNING):
            client.post(
                f"/api/games/{game_id}/actions",
                headers=kit.bearer(tokens[seat]),
                json={"version": 1, "action": action},
            )
    finally:
        del service.db.writing_now, service.db.writing
    again = [r for r in caplog.records if "database unavailable" in r.getMessage()]
    assert [r.exc_info is not None for r in again] == [True]


def test_a_failed_statement_logs_none_of_its_parameters(client, db, kit, kind, caplog):
    """A new game's row carries its secret seed: the statement that failed to write it
    must not bring the seed to the log, nor to the client."""
    engine = client.app.state.service.db.engine
    driver_error = engine.dialect.loaded_dbapi.OperationalError  # SQLite's or PostgreSQL's
    seen: list[Any] = []

    def refuse_games(conn, cursor, statement, parameters, context, executemany) -> None:
        if statement.startswith("INSERT INTO games"):
            seen.append(parameters)
            raise driver_error("disk I/O error")

    event.listen(engine, "before_cursor_execute", refuse_games)
    try:
        with caplog.at_level(logging.DEBUG):
            r = client.post("/api/games", json={"kind": kind, "num_seats": 2})
    finally:
        event.remove(engine, "before_cursor_execute", refuse_games)
    assert r.status_code == 503
    assert seen
    text = caplog.text + r.text
    secrets = [str(v) for v in _values(seen[0]) if isinstance(v, int | str) and len(str(v)) >= 8]
    assert secrets  # the seeds and ids were there to leak
    for secret in secrets:
        assert secret not in text


def _values(parameters: Any) -> list[Any]:
    if isinstance(parameters, dict):
        return list(parameters.values())
    return list(parameters)
