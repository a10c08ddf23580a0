"""Joining a seat as the clients do since contributions are committed, then revealed
(docs/API.md "Fair draws"): the join carries the contribution's commitment only, and the
contribution is posted once every seat is taken."""

from __future__ import annotations

from typing import Any

from engines.core import fairness


def join_committed(
    http: Any, game_id: str, seat: int, contribution: str | None, **body: Any
) -> Any:
    """``POST .../join`` with ``body`` (name, key) and the commitment to ``contribution``
    (none if ``None``); the response."""
    if contribution is not None:
        body["commitment"] = fairness.seat_commitment(contribution)
    return http.post(f"/api/games/{game_id}/seats/{seat}/join", json=body)


def reveal(http: Any, game_id: str, seat: int, token: str, contribution: str) -> Any:
    """``POST .../reveal`` of the seat's contribution; the response."""
    return http.post(
        f"/api/games/{game_id}/seats/{seat}/reveal",
        headers={"Authorization": f"Bearer {token}"},
        json={"contribution": contribution},
    )


def join_all(
    http: Any, created: dict[str, Any], contributions: dict[int, str | None]
) -> dict[int, str]:
    """Join every seat of ``contributions`` (seat → contribution) with its invite, then
    reveal each contribution: the game has started. The seats' tokens."""
    keys = {i["seat"]: i["key"] for i in created["invites"]}
    tokens: dict[int, str] = {}
    for seat, contribution in contributions.items():
        r = join_committed(http, created["id"], seat, contribution, name=f"P{seat}", key=keys[seat])
        assert r.status_code == 201, r.text
        tokens[seat] = r.json()["token"]
    for seat, contribution in contributions.items():
        if contribution is not None:
            r = reveal(http, created["id"], seat, tokens[seat], contribution)
            assert r.status_code == 200, r.text
    return tokens
