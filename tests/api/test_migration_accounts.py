"""Migration 0011 (accounts) keeps every game and seat: a database at 0010 holding a game in
play, a finished one and one waiting for a player is brought to the newest revision; every
row reads as before, the old seat tokens play on, the free seat is joined without an
account, and a signed-in player keeps an old anonymous seat in the account."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect, text

from app.db.migrate import current_revision, head_revision, upgrade
from app.db.session import Database
from tests.conftest import settings_for
from tests.support.accounts import sign_up
from tests.support.fair import join_all, join_committed
from tests.support.play import auth, play_to_end

OLD_TABLES = ("games", "seats", "actions", "table_events", "chat_messages")


def columns_now(database_url: str) -> dict[str, list[str]]:
    """The columns each of the tables 0010 had has now."""
    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            return {t: [c["name"] for c in inspect(conn).get_columns(t)] for t in OLD_TABLES}
    finally:
        engine.dispose()


def rows(database_url: str, at: dict[str, list[str]]) -> dict[str, list[dict[str, Any]]]:
    """Every row of the tables 0010 had, by their columns ``at`` 0010 (the ones later
    migrations add, such as 0011's account_id or 0014's allow_bots, left out), in a
    stable order."""
    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            out = {}
            for table in OLD_TABLES:
                columns = at[table]
                query = f"SELECT {', '.join(columns)} FROM {table} ORDER BY {columns[0]}"
                out[table] = [dict(r._mapping) for r in conn.execute(text(query))]
            return out
    finally:
        engine.dispose()


def move(client: TestClient, game_id: str, token: str) -> None:
    legal = client.get(f"/api/games/{game_id}/legal-actions", headers=auth(token)).json()
    r = client.post(
        f"/api/games/{game_id}/actions",
        headers=auth(token),
        json={"version": legal["version"], "action": legal["actions"][0]["action"]},
    )
    assert r.status_code == 200, r.text


def test_games_and_seats_from_before_accounts_are_kept_and_play_on(database_url) -> None:
    settings = settings_for(database_url)
    from app.main import create_app

    with TestClient(create_app(settings)) as client:
        playing = client.post("/api/games", json={"kind": "dolmengoetter", "num_seats": 2}).json()
        tokens = join_all(client, playing, {0: "zero", 1: "one"})
        for _ in range(3):
            seat = client.get(f"/api/games/{playing['id']}/view").json()["view"]["to_act"][0]
            move(client, playing["id"], tokens[seat])
        done = client.post("/api/games", json={"kind": "dolmengoetter", "num_seats": 2}).json()
        play_to_end(
            client, done["id"], join_all(client, done, {0: None, 1: None}), random.Random(3)
        )
        waiting = client.post("/api/games", json={"kind": "dschingis_khan", "num_seats": 2}).json()
        keys = {i["seat"]: i["key"] for i in waiting["invites"]}
        early = join_committed(client, waiting["id"], 0, None, name="Early", key=keys[0])
        assert early.status_code == 201, early.text
        r = client.post(
            f"/api/games/{playing['id']}/chat", json={"text": "hi"}, headers=auth(tokens[0])
        )
        assert r.status_code in (200, 201), r.text

    db = Database(database_url)
    try:
        with db.engine.connect() as conn, conn.begin():
            # Back to the previous head, as a server of 0.2.0 left its database.
            from alembic import command

            from app.db.migrate import alembic_config

            cfg = alembic_config()
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0010")
        assert current_revision(db) == "0010"
        assert "accounts" not in inspect(db.engine).get_table_names()
        at_0010 = columns_now(database_url)
        before = rows(database_url, at_0010)
        upgrade(db)
        assert current_revision(db) == head_revision()  # 0011 and every one after it
    finally:
        db.dispose()
    after = rows(database_url, at_0010)
    assert after == before, "migration 0011 changed a game, seat, action, event or chat line"

    with TestClient(create_app(settings)) as client:
        seat = client.get(f"/api/games/{playing['id']}/view").json()["view"]["to_act"][0]
        move(client, playing["id"], tokens[seat])  # the old tokens play on
        assert client.get(f"/api/games/{done['id']}").json()["status"] == "over"
        late = join_committed(client, waiting["id"], 1, None, name="Late", key=keys[1])
        assert late.status_code == 201, late.text  # no account needed
        sign_up(client, "Ada Lovelace")
        claimed = client.post("/api/me/claim", json={"game_id": playing["id"], "token": tokens[0]})
        assert claimed.status_code == 200, claimed.text
        mine = client.get("/api/me/games").json()["games"]
        assert [g["game_id"] for g in mine] == [playing["id"]]
