"""The write path trusts a cached head only as far as the optimistic lock checks it (issue 16).

Two apps on one SQLite file stand for two server processes (each its own cache, no hub
between them): one changes the game, the other's cache is left behind. A move posted to the
one behind must be judged by the database: applied when the client's version is right
(though the cache's seats revision was old), refused as stale when it is not (though the
cache agreed with it), and never written twice. And a cached game's move that fails half
way through its write leaves nothing of it behind, and one that cannot be written on the
event loop's thread without waiting is written by a worker thread, once.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete, func, insert, select

from app.db import session as db_session
from app.db.models import ActionRow, GameRow, utcnow
from app.main import create_app
from tests.conftest import settings_for


def two_processes(database_url: str) -> tuple[TestClient, TestClient]:
    settings = settings_for(database_url, release_away_minutes=0)
    return TestClient(create_app(settings)), TestClient(create_app(settings))


def stored_version(db, game_id: str) -> int:
    with db.connect() as conn:
        return conn.scalar(select(GameRow.version).where(GameRow.id == game_id))


def logged_actions(db, game_id: str) -> int:
    with db.connect() as conn:
        return conn.scalar(
            select(func.count()).select_from(ActionRow).where(ActionRow.game_id == game_id)
        )


def test_a_move_on_a_cache_behind_the_seats_is_applied_from_the_database(
    database_url, db, kit, kind
) -> None:
    a, b = two_processes(database_url)
    with a, b:
        created = a.post("/api/games", json={"kind": kind, "num_seats": 2}).json()
        game_id, host = created["id"], created["host_token"]
        keys = kit.invite_keys(created)
        tokens = {}
        for seat in (0, 1):
            r = a.post(
                f"/api/games/{game_id}/seats/{seat}/join", json={"name": "P", "key": keys[seat]}
            )
            tokens[seat] = r.json()["token"]
        seat, action = kit.next_move(b, game_id, tokens)  # b caches version 0 now
        other = 1 - seat
        # In process a, the other seat is given back and taken again: same version, two
        # seats revisions on; process b's cache still has the old revision.
        r = a.post(f"/api/games/{game_id}/seats/{other}/release", headers=kit.bearer(tokens[other]))
        assert r.status_code == 200, r.text
        invites = a.get(f"/api/games/{game_id}/invites", headers=kit.bearer(host)).json()
        key = next(i["key"] for i in invites if i["seat"] == other)
        r = a.post(f"/api/games/{game_id}/seats/{other}/join", json={"name": "Q", "key": key})
        assert r.status_code == 201, r.text

        r = b.post(
            f"/api/games/{game_id}/actions",
            headers=kit.bearer(tokens[seat]),
            json={"version": 0, "action": action},
        )
        assert r.status_code == 200, r.text
        assert r.json()["version"] == 1
        assert a.get(f"/api/games/{game_id}/view").json()["version"] == 1
        assert logged_actions(db, game_id) == 1


def test_a_stale_move_is_refused_though_the_cache_behind_agrees_with_it(
    database_url, db, kit, kind
) -> None:
    a, b = two_processes(database_url)
    with a, b:
        game_id, tokens = kit.new_game(a, kind, 2)
        seat, action = kit.next_move(b, game_id, tokens)  # b caches version 0
        body = {"version": 0, "action": action}
        r = a.post(f"/api/games/{game_id}/actions", headers=kit.bearer(tokens[seat]), json=body)
        assert r.status_code == 200, r.text

        r = b.post(f"/api/games/{game_id}/actions", headers=kit.bearer(tokens[seat]), json=body)
        assert r.status_code == 409, r.text
        assert r.json()["error"]["code"] == "stale_version"
        assert "version 1" in r.json()["error"]["message"]
        assert logged_actions(db, game_id) == 1
        assert b.get(f"/api/games/{game_id}/view").json()["version"] == 1


def test_a_move_whose_action_row_cannot_be_written_changes_nothing(
    database_url, db, kit, kind
) -> None:
    """A cached game's move is written on a connection of its own (``Database.writing``):
    when its second statement fails, the first (the version's bump) is undone with it."""
    with TestClient(create_app(settings_for(database_url))) as a:
        game_id, tokens = kit.new_game(a, kind, 2)
        seat, action = kit.next_move(a, game_id, tokens)  # the game is cached at version 0
        # A row already at seq 1, as if another writer got there: the action's INSERT
        # breaks the unique (game_id, seq) after the version's UPDATE went through.
        stray = {"game_id": game_id, "seq": 1, "seat": seat, "action": action}
        with db.begin() as conn:
            conn.execute(insert(ActionRow).values(created_at=utcnow(), **stray))
        body = {"version": 0, "action": action}
        r = a.post(f"/api/games/{game_id}/actions", headers=kit.bearer(tokens[seat]), json=body)
        assert r.status_code == 409, r.text
        assert r.json()["error"]["code"] == "stale_version"
        assert stored_version(db, game_id) == 0
        assert a.get(f"/api/games/{game_id}/view").json()["version"] == 0

        with db.begin() as conn:
            conn.execute(delete(ActionRow).where(ActionRow.game_id == game_id))
        r = a.post(f"/api/games/{game_id}/actions", headers=kit.bearer(tokens[seat]), json=body)
        assert r.status_code == 200, r.text
        assert (stored_version(db, game_id), logged_actions(db, game_id)) == (1, 1)


def test_a_move_that_finds_the_write_gate_taken_is_written_once_by_a_worker_thread(
    tmp_path: Path, kit, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(db_session, "GATE_WAIT_ON_LOOP", 0.01)
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with TestClient(create_app(settings_for(url))) as client:
        game_id, tokens = kit.new_game(client, "dolmengoetter", 2)
        seat, action = kit.next_move(client, game_id, tokens)
        database = client.app.state.service.db
        database._gate.acquire()  # a long write in a worker thread
        threading.Timer(0.3, database._gate.release).start()
        r = client.post(
            f"/api/games/{game_id}/actions",
            headers=kit.bearer(tokens[seat]),
            json={"version": 0, "action": action},
        )
        assert r.status_code == 200, r.text
        assert r.json()["version"] == 1
        log = client.get(f"/api/games/{game_id}/log", headers=kit.bearer(tokens[seat])).json()
        assert [entry["seq"] for entry in log["entries"]] == [1]
