"""Migration 0006 (rematch, abandon, lists) on a database with games from before it: a
game's last move time is taken from its newest action, it has no rematch, it is listed
(public, not idle) with whose turn it is, and it plays on and can be abandoned."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from fastapi.testclient import TestClient
from sqlalchemy import JSON, column, insert, select, table

import engines
from app.core.config import Settings
from app.core.security import hash_token
from app.db.migrate import upgrade
from app.db.models import GameRow
from app.db.session import Database
from app.main import create_app
from tests.support.play import auth

SEED = 42_424_242
TOKENS = {0: "pre-0006-zero", 1: "pre-0006-one"}
HOST = "pre-0006-host"


def test_games_from_before_0006_keep_playing_with_their_last_move_time(database_url) -> None:
    game = engines.get("dolmengoetter")
    state = game.new(2, SEED, {})
    rng = random.Random(6)
    moves = []
    for _ in range(5):
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat)).model_dump(mode="json")
        state.apply(seat, action)
        moves.append((seat, action))

    db = Database(database_url)
    db.prepare()
    now = datetime.now(UTC)
    last = now - timedelta(hours=2)
    try:
        upgrade(db, "0005")
        names = ("id", "kind", "num_seats", "seed", "status", "version", "seats_revision")
        games = table(
            "games",
            *(column(c) for c in (*names, "public", "created_at", "updated_at")),
            *(column(c) for c in ("host_token_hash",)),
            column("options", JSON()),
        )
        seats = table(
            "seats", *(column(c) for c in ("game_id", "seat", "bot", "name", "token_hash"))
        )
        seats.append_column(column("joined_at"))
        seats.append_column(column("connections"))
        actions = table("actions", *(column(c) for c in ("game_id", "seq", "seat", "created_at")))
        actions.append_column(column("action", JSON()))
        with db.engine.begin() as conn:
            for game_id, version in (("played", len(moves)), ("fresh", 0)):
                conn.execute(
                    insert(games).values(
                        id=game_id, kind="dolmengoetter", num_seats=2,
                        options={"start_player": None}, seed=SEED, status="running",
                        version=version, seats_revision=2, public=True, created_at=now,
                        updated_at=now,
                        host_token_hash=hash_token(HOST) if game_id == "played" else None,
                    )
                )  # fmt: skip
                for seat in (0, 1):
                    conn.execute(
                        insert(seats).values(
                            game_id=game_id, seat=seat, bot=False, name=f"P{seat}",
                            token_hash=hash_token(f"{TOKENS[seat]}-{game_id}"), joined_at=now,
                            connections=0,
                        )
                    )  # fmt: skip
            for seq, (seat, action) in enumerate(moves, start=1):
                at = last - timedelta(minutes=len(moves) - seq)
                conn.execute(
                    insert(actions).values(
                        game_id="played", seq=seq, seat=seat, action=action, created_at=at
                    )
                )
    finally:
        db.dispose()

    with TestClient(create_app(Settings(database_url=database_url, bot_delay=0))) as client:
        played = client.get("/api/games/played").json()
        moved = datetime.fromisoformat(played["last_move_at"])
        assert abs((moved - last).total_seconds()) < 1
        assert played["to_act"] == state.to_act()
        assert played["rematch"] is None and played["rematch_of"] is None
        assert client.get("/api/games/fresh").json()["last_move_at"] is None
        assert {g["id"] for g in client.get("/api/games").json()} == {"played", "fresh"}
        # It plays on, and the move is its new last move.
        seat = state.to_act()[0]
        token = f"{TOKENS[seat]}-played"
        legal = client.get("/api/games/played/legal-actions", headers=auth(token)).json()
        r = client.post(
            "/api/games/played/actions",
            headers=auth(token),
            json={"version": len(moves), "action": legal["actions"][0]["action"]},
        )
        assert r.status_code == 200, r.text
        after = datetime.fromisoformat(client.get("/api/games/played").json()["last_move_at"])
        assert after > moved
        # Its host (from before) may abandon it.
        r = client.post("/api/games/played/abandon", headers=auth(HOST))
        assert r.status_code == 200 and r.json()["status"] == "abandoned", r.text
        assert [g["id"] for g in client.get("/api/games").json()] == ["fresh"]

    check = Database(database_url)
    try:
        with check.engine.connect() as conn:
            rematch = conn.execute(select(GameRow.rematch_id, GameRow.rematch_of)).all()
        assert rematch == [(None, None), (None, None)]
    finally:
        check.dispose()
