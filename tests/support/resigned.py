"""A finished two-seat game in which the seat that resigned leads on points (issue 37,
finding 6), played through the REST API of a server whose database the test can read.

Both seats play random legal moves while an engine beside the test follows the same log
(the same seed, read from the database once the game has started). As soon as the seat to
act has a move that ends the game with the other seat the only winner by points, the other
seat resigns and the seat to act plays that move.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, select

import engines
from app.db.models import GameRow
from app.services.snapshots import engine_seed
from engines.core import State

KIND = "dolmengoetter"


@dataclass
class ResignedLeader:
    game_id: str
    tokens: dict[int, str]
    winner: int
    """The seat that did not resign: the table's winner."""
    resigned: int
    """The seat that resigned: the winner by points alone."""
    engine: State
    """The engine's final position."""
    answer: dict[str, Any]
    """The answer to the ending move (``Applied``)."""


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _new_game(http: Any) -> tuple[str, dict[int, str]]:
    r = http.post("/api/games", json={"kind": KIND, "num_seats": 2})
    assert r.status_code == 201, r.text
    game_id, tokens = r.json()["id"], {}
    for invite in r.json()["invites"]:
        seat = invite["seat"]
        joined = http.post(
            f"/api/games/{game_id}/seats/{seat}/join",
            json={"name": ("Anna", "Ben")[seat], "key": invite["key"]},
        )
        assert joined.status_code == 201, joined.text
        tokens[seat] = joined.json()["token"]
    return game_id, tokens


def _start(db: Engine, game_id: str) -> State:
    with db.connect() as conn:
        row = conn.execute(select(GameRow).where(GameRow.id == game_id)).one()
    return engines.get(KIND).new(row.num_seats, engine_seed(row), row.options)


def _post(http: Any, game_id: str, token: str, version: int, action: Any) -> dict[str, Any]:
    r = http.post(
        f"/api/games/{game_id}/actions",
        headers=_auth(token),
        json={"version": version, "action": action.model_dump(mode="json")},
    )
    assert r.status_code == 200, r.text
    return dict(r.json())


def _try_once(http: Any, db: Engine, rng: random.Random) -> ResignedLeader | None:
    game_id, tokens = _new_game(http)
    state = _start(db, game_id)
    version = 0
    while not state.is_over:
        actor = state.to_act()[0]
        other = 1 - actor
        for action in state.legal_actions(actor):
            after = state.clone()
            after.apply(actor, action)
            if after.is_over and after.winners() == [other]:
                r = http.post(
                    f"/api/games/{game_id}/seats/{other}/resign", headers=_auth(tokens[other])
                )
                assert r.status_code == 200, r.text
                answer = _post(http, game_id, tokens[actor], version, action)
                return ResignedLeader(game_id, tokens, actor, other, after, answer)
        action = rng.choice(state.legal_actions(actor))
        _post(http, game_id, tokens[actor], version, action)
        state.apply(actor, action)
        version += 1
    return None


def resigned_leader(http: Any, db: Engine, rng: random.Random) -> ResignedLeader:
    """Such a game; about four random games in five offer the ending move, so a few tries."""
    for _ in range(10):
        played = _try_once(http, db, rng)
        if played is not None:
            return played
    raise AssertionError("no game offered an ending move that leaves the other seat ahead")
