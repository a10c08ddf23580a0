"""Migration 0005 (fair draws) on a database with games from before it: an old game keeps
its seed and replays byte for byte, has no commitment, and plays on."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime

from fastapi.testclient import TestClient
from sqlalchemy import JSON, column, insert, table

import engines
from app.core.config import Settings
from app.core.security import hash_token
from app.db.migrate import upgrade
from app.db.session import Database
from app.main import create_app
from tests.support.play import auth

OLD_SEED = 8_675_309_123
TOKENS = {0: "old-token-zero", 1: "old-token-one"}


def test_a_game_from_before_fair_draws_replays_and_plays_on(database_url) -> None:
    game = engines.get("dschingis_khan")
    state = game.new(2, OLD_SEED, {})
    rng = random.Random(5)
    moves = []
    for _ in range(6):
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat)).model_dump(mode="json")
        state.apply(seat, action)
        moves.append((seat, action))

    db = Database(database_url)
    db.prepare()
    try:
        upgrade(db, "0004")
        now = datetime.now(UTC)
        names = ("id", "kind", "num_seats", "seed", "status", "version", "seats_revision")
        games = table(
            "games",
            *(column(c) for c in (*names, "public", "created_at", "updated_at")),
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
            conn.execute(
                insert(games).values(
                    id="old", kind="dschingis_khan", num_seats=2, options={"start_player": None},
                    seed=OLD_SEED, status="running", version=len(moves), seats_revision=2,
                    public=False, created_at=now, updated_at=now,
                )
            )  # fmt: skip
            for seat in (0, 1):
                conn.execute(
                    insert(seats).values(
                        game_id="old", seat=seat, bot=False, name=f"P{seat}",
                        token_hash=hash_token(TOKENS[seat]), joined_at=now, connections=0,
                    )
                )  # fmt: skip
            for seq, (seat, action) in enumerate(moves, start=1):
                conn.execute(
                    insert(actions).values(
                        game_id="old", seq=seq, seat=seat, action=action, created_at=now
                    )
                )
    finally:
        db.dispose()

    with TestClient(
        create_app(Settings(database_url=database_url, bot_delay=0))
    ) as client:  # migrates to head
        summary = client.get("/api/games/old").json()
        assert summary["version"] == len(moves)
        assert summary["fairness"] == {
            "commitment": None,
            "commitments": [None, None],
            "contributions": [None, None],
        }
        for seat in (0, 1):
            seen = client.get("/api/games/old/view", headers=auth(TOKENS[seat])).json()
            assert seen["view"] == json.loads(json.dumps(state.view(seat)))
        reveal = client.get("/api/games/old/fairness").json()
        assert reveal["revealed"] is False and reveal["commitment"] is None
        # It plays on with the draws of its old seed.
        seat = state.to_act()[0]
        action = state.legal_actions(seat)[0].model_dump(mode="json")
        events = [e.view(seat) for e in state.apply(seat, action)]
        r = client.post(
            "/api/games/old/actions",
            headers=auth(TOKENS[seat]),
            json={"version": len(moves), "action": action},
        )
        assert r.status_code == 200, r.text
        assert r.json()["events"] == json.loads(json.dumps(events))
