"""A room encodes each seat's ``state`` message once per version and hands the same text to
every connection of that seat that is as far (issue 16): two tabs of one seat get the same
message, every seat and the spectators get their own view, as the engine's replay has it."""

from __future__ import annotations

from typing import Any


def next_state(ws: Any) -> dict[str, Any]:
    while True:
        message = ws.receive_json()
        if message["type"] == "state":
            return message


def test_connections_of_one_seat_share_its_message_and_no_other(client, db, kit, kind) -> None:
    game_id, tokens = kit.new_game(client, kind, 2)
    paths = {
        seat: f"/ws/games/{game_id}" + (f"?token={tokens[seat]}" if seat is not None else "")
        for seat in (0, 1, None)
    }
    with (
        client.websocket_connect(paths[0]) as a0,
        client.websocket_connect(paths[0]) as a1,
        client.websocket_connect(paths[1]) as b0,
        client.websocket_connect(paths[1]) as b1,
        client.websocket_connect(paths[None]) as s0,
        client.websocket_connect(paths[None]) as s1,
    ):
        sockets = {0: (a0, a1), 1: (b0, b1), None: (s0, s1)}
        first = {seat: [next_state(ws) for ws in pair] for seat, pair in sockets.items()}
        mover = first[None][0]["to_act"][0]
        action = first[mover][0]["legal_actions"][0]["action"]
        r = client.post(
            f"/api/games/{game_id}/actions",
            headers=kit.bearer(tokens[mover]),
            json={"version": 0, "action": action},
        )
        assert r.status_code == 200, r.text

        game = kit.replay(db, game_id)
        for seat, pair in sockets.items():
            one, two = (next_state(ws) for ws in pair)
            assert one == two
            assert one["version"] == 1 and one["seat"] == seat
            assert kit.jsonable(one["view"]) == game.view(1, seat)
            assert kit.jsonable(one["events"]) == game.events_between(seat, 0, 1)
