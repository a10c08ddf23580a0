"""Migration 0010 (contributions committed, then revealed) on a database with games from
before it, whose contributions came in the clear: a finished one replays byte for byte and
verifies, and one still waiting for a seat starts with the new kind of join."""

from __future__ import annotations

import json
import random
import secrets
from datetime import UTC, datetime

from fastapi.testclient import TestClient
from sqlalchemy import JSON, column, insert, table

import engines
from app.core.config import Settings
from app.core.security import hash_token
from app.db.migrate import upgrade
from app.db.session import Database
from app.main import create_app
from clients.verify import verify
from engines.core import fairness
from tests.support.fair import join_committed, reveal
from tests.support.play import auth

TOKENS = {0: "old-token-zero", 1: "old-token-one", 2: "waiting-token-zero"}
CLEAR = ["clear-zero", "clear-one"]


def test_games_from_before_committed_contributions_replay_verify_and_start(
    database_url,
) -> None:
    game = engines.get("dschingis_khan")
    server_seed, salt = secrets.token_bytes(32), secrets.token_bytes(16)
    commitment = fairness.commitment(server_seed, salt)
    seed_bytes = fairness.game_seed_bytes(server_seed, CLEAR)
    state = game.new(2, fairness.game_seed(server_seed, CLEAR), {})
    rng = random.Random(9)
    moves = []
    while not state.is_over and len(moves) < 5000:
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat)).model_dump(mode="json")
        state.apply(seat, action)
        moves.append((seat, action))
    assert state.is_over

    db = Database(database_url)
    db.prepare()
    try:
        upgrade(db, "0008")
        now = datetime.now(UTC)
        names = ("id", "kind", "num_seats", "seed", "status", "version", "seats_revision")
        fair = ("server_seed", "salt", "commitment", "game_seed")
        games = table(
            "games",
            *(column(c) for c in (*names, *fair, "public", "created_at", "updated_at")),
            column("options", JSON()),
        )
        seat_columns = ("game_id", "seat", "bot", "name", "token_hash", "joined_at")
        seats = table("seats", *(column(c) for c in (*seat_columns, "connections", "contribution")))
        seats.append_column(column("invite_key"))
        actions = table("actions", *(column(c) for c in ("game_id", "seq", "seat", "created_at")))
        actions.append_column(column("action", JSON()))
        with db.engine.begin() as conn:
            conn.execute(
                insert(games).values(
                    id="done", kind="dschingis_khan", num_seats=2, options={"start_player": None},
                    seed=1, status="over", version=len(moves), seats_revision=2,
                    server_seed=server_seed.hex(), salt=salt.hex(), commitment=commitment,
                    game_seed=seed_bytes.hex(), public=True, created_at=now, updated_at=now,
                )
            )  # fmt: skip
            conn.execute(
                insert(games).values(
                    id="waiting", kind="dschingis_khan", num_seats=2,
                    options={"start_player": None}, seed=2, status="open", version=0,
                    seats_revision=1, server_seed=server_seed.hex(), salt=salt.hex(),
                    commitment=commitment, game_seed=None, public=True, created_at=now,
                    updated_at=now,
                )
            )  # fmt: skip
            for seat in (0, 1):
                conn.execute(
                    insert(seats).values(
                        game_id="done", seat=seat, bot=False, name=f"P{seat}",
                        token_hash=hash_token(TOKENS[seat]), joined_at=now, connections=0,
                        contribution=CLEAR[seat], invite_key="k",
                    )
                )  # fmt: skip
            conn.execute(
                insert(seats).values(
                    game_id="waiting", seat=0, bot=False, name="Early",
                    token_hash=hash_token(TOKENS[2]), joined_at=now, connections=0,
                    contribution="sent-in-the-clear", invite_key="k0",
                )
            )  # fmt: skip
            conn.execute(
                insert(seats).values(
                    game_id="waiting", seat=1, bot=False, name=None, token_hash=None,
                    joined_at=None, connections=0, contribution=None, invite_key="k1",
                )
            )  # fmt: skip
            for seq, (seat, action) in enumerate(moves, start=1):
                conn.execute(
                    insert(actions).values(
                        game_id="done", seq=seq, seat=seat, action=action, created_at=now
                    )
                )
    finally:
        db.dispose()

    with TestClient(
        create_app(Settings(database_url=database_url, bot_delay=0))
    ) as client:  # migrates to head
        # The finished game: its reveal replays byte for byte and verifies.
        shown = client.get("/api/games/done/fairness").json()
        assert shown["revealed"] is True
        assert shown["commitments"] == [None, None] and shown["contributions"] == CLEAR
        assert shown["game_seed"] == seed_bytes.hex()
        assert verify(shown, commitment).ok
        final = client.get("/api/games/done/view", headers=auth(TOKENS[0])).json()
        assert final["view"] == json.loads(json.dumps(state.view(0)))

        # The waiting game: its clear contribution stays; the new seat commits and reveals.
        late = join_committed(client, "waiting", 1, "committed-one", name="Late")
        assert late.status_code == 201, late.text
        summary = client.get("/api/games/waiting").json()
        assert summary["status"] == "open" and summary["reveal"]["waiting"] == [1]
        assert (
            reveal(client, "waiting", 1, late.json()["token"], "committed-one").status_code == 200
        )
        summary = client.get("/api/games/waiting").json()
        assert summary["status"] == "running"
        assert summary["fairness"]["contributions"] == ["sent-in-the-clear", "committed-one"]
