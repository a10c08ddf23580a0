"""The WebSocket's messages and the answer to a move are written by orjson (issue 16,
app/core/jsontext.py): the text must be byte for byte what pydantic-core's ``to_json``
wrote before, for every seat's ``state`` message (the engine's action models among the
legal actions, the live clock's deadline and the last move's time as UTC datetimes), a
spectator's, and the events of the moves, through whole random games of every kind."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any

import pytest
from pydantic_core import to_json

from app.core import jsontext
from app.core.errors import ApiError
from app.ws.endpoint import error_message, state_message


def same_text(value: Any) -> None:
    assert jsontext.dumps(value) == to_json(value)
    assert jsontext.text(value) == to_json(value).decode()


def test_every_message_of_whole_games_is_written_as_before(client, kit, kind) -> None:
    rng = random.Random(16)
    service = client.app.state.service
    r = client.post(
        "/api/games",
        json={
            "kind": kind,
            "num_seats": 2,
            "time_control": {"type": "live", "minutes": 30, "increment": 5},
        },
    )
    assert r.status_code == 201, r.text
    game_id = r.json()["id"]
    tokens = {}
    for seat, key in kit.invite_keys(r.json()).items():
        j = client.post(f"/api/games/{game_id}/seats/{seat}/join", json={"name": "Ä", "key": key})
        tokens[seat] = j.json()["token"]
    checked = 0
    while True:
        snap = service.snapshot(game_id)
        for seat in (0, 1, None):
            message = state_message(snap, seat, max(snap.version - 3, 0), 0)
            # The legal list is written once per version (``Snapshot.legal_entries``): as
            # the HTTP routes list it (``offered_actions``), dumped from the engine's models.
            legal = snap.offered_actions(seat)
            assert bool(legal) == (seat is not None and seat in snap.to_act())
            # The view's shared parts are written once per version (``message_view``): as
            # the engine's own view of the seat, made afresh, is written.
            view = snap.state.view(seat if snap.seed_fixed else None)
            before = to_json({**message, "view": view, "legal_actions": legal})
            assert jsontext.dumps(message) == before
            assert jsontext.text(message) == before.decode()
            checked += 1
        if snap.status != "running":
            break
        assert snap.clock_view()["deadline"] is not None, "a datetime is in the message"
        mover = snap.to_act()[0]
        legal = snap.state.legal_actions(mover)
        r = client.post(
            f"/api/games/{game_id}/actions",
            headers=kit.bearer(tokens[mover]),
            json={"version": snap.version, "action": rng.choice(legal).model_dump(mode="json")},
        )
        assert r.status_code == 200, r.text
        assert r.content == to_json(r.json())
    assert snap.status == "over" and checked > 150


@pytest.mark.parametrize(
    "value",
    [
        error_message(ApiError("rate_limited", "slow down: «Würfel» ✓", retry_after=1.25)),
        {"at": datetime(2026, 12, 1, 21, 0, 0, 123456, tzinfo=UTC), "n": {1: [1.0, None]}},
        {"text": 'line\nbreak "quoted" \\ \u2028 \U0001f3b2', "big": 2**53 + 1, "f": 1e-7},
        {"set": {3}, "tuple": (1, "a"), "frozen": frozenset({"x"})},
    ],
)
def test_odd_values_are_written_as_before(value: Any) -> None:
    same_text(value)
