"""Playing a game to its end through the REST API (any ``httpx``-like client)."""

from __future__ import annotations

import random
from typing import Any


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def random_move(
    http: Any, game_id: str, tokens: dict[int, str], rng: random.Random, seat: int | None = None
) -> tuple[int, int]:
    """The seat to move (``seat`` if the caller read it already) plays one of its legal
    actions at random. Returns (seat, version it moved from)."""
    if seat is None:
        seat = http.get(f"/api/games/{game_id}/view").json()["view"]["to_act"][0]
    legal = http.get(f"/api/games/{game_id}/legal-actions", headers=auth(tokens[seat])).json()
    r = http.post(
        f"/api/games/{game_id}/actions",
        headers=auth(tokens[seat]),
        json={"version": legal["version"], "action": rng.choice(legal["actions"])["action"]},
    )
    assert r.status_code == 200, r.text
    return seat, legal["version"]


def play_to_end(http: Any, game_id: str, tokens: dict[int, str], rng: random.Random) -> None:
    """Random legal actions for the seats of ``tokens`` until the game is over."""
    for _ in range(5000):
        state = http.get(f"/api/games/{game_id}/view").json()
        if state["status"] == "over":
            return
        random_move(http, game_id, tokens, rng, state["view"]["to_act"][0])
    raise AssertionError(f"game {game_id} did not end")
