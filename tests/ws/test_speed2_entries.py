"""The WebSocket's ``state`` message encodes each legal action straight from the engine's
model (``Snapshot.legal_entries``, issue 16) instead of dumping it to a dict first: the JSON
must be exactly what the HTTP routes send (``model_dump(mode="json")``), for every action
of every kind, and the seat's list over the socket must be the one ``GET /legal-actions``
gives."""

from __future__ import annotations

import random
from typing import Any

from pydantic_core import to_json

from app.services.registry import available_games


def test_entries_encode_as_the_dumped_actions_do() -> None:
    rng = random.Random(16)
    lists = 0
    for game in available_games().values():
        for seed in range(4):
            state = game.new(2 + seed % 2, seed, {})
            while not state.is_over:
                seat = state.to_act()[0]
                legal = state.legal_actions(seat)
                dumped = [{"action": a.model_dump(mode="json"), "label": a.label()} for a in legal]
                entries = [{"action": a, "label": a.label()} for a in legal]
                assert to_json(entries) == to_json(dumped)
                lists += 1
                state.apply(seat, rng.choice(legal))
    assert lists > 100


def next_state(ws: Any) -> dict[str, Any]:
    while True:
        message = ws.receive_json()
        if message["type"] == "state":
            return message


def test_the_sockets_list_is_the_routes_list(client, kit, kind) -> None:
    game_id, tokens = kit.new_game(client, kind, 2)
    with client.websocket_connect(f"/ws/games/{game_id}?token={tokens[0]}") as ws0:
        state = next_state(ws0)
        for _ in range(3):
            mover = state["to_act"][0]
            r = client.get(f"/api/games/{game_id}/legal-actions", headers=kit.bearer(tokens[mover]))
            assert r.status_code == 200, r.text
            if mover == 0:
                assert state["legal_actions"] == r.json()["actions"]
                assert state["legal_actions"], "the seat to act has actions"
            else:
                assert state["legal_actions"] == []
            action = r.json()["actions"][0]["action"]
            r = client.post(
                f"/api/games/{game_id}/actions",
                headers=kit.bearer(tokens[mover]),
                json={"version": state["version"], "action": action},
            )
            assert r.status_code == 200, r.text
            state = next_state(ws0)
