"""A client that authenticates in its first message never gets the spectator's state after
it (issue 15, item 7): a room push that comes while its token is being checked waits for the
seat's state instead. Driven directly, so the push lands inside the check every time."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from anyio import from_thread
from starlette.websockets import WebSocketState

from app.ws.endpoint import GameSocket, Phase


class FakeWebSocket:
    """What ``GameSocket`` needs of a Starlette WebSocket; records what it sends."""

    def __init__(self, game_id: str) -> None:
        self.path_params = {"game_id": game_id}
        self.query_params: dict[str, str] = {}
        self.application_state = WebSocketState.CONNECTED
        self.client = None  # no address: counted as "unknown" by the per-client limits
        self.sent: list[dict[str, Any]] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(json.loads(text))

    async def close(self, code: int) -> None:
        self.application_state = WebSocketState.DISCONNECTED


async def deliver(sock: GameSocket) -> None:
    """Write what the socket queued to the fake network, as its sender task would."""
    sock.outbox.close(1000)
    await sock._send_forever()


def test_a_push_during_the_auth_check_is_not_sent_as_the_spectators(client, kit, kind):
    service = client.app.state.service
    game_id, tokens = kit.new_game(client, kind, 2)
    snap = service.snapshot(game_id)
    ws = FakeWebSocket(game_id)
    sock = GameSocket(ws, service, client.app.state.rooms, heartbeat=30)  # type: ignore[arg-type]
    sock.phase = Phase.AWAITING_AUTH  # connected without a token; nothing sent yet

    def authenticate_while_the_room_pushes(gid: str, token: str):
        # The room's first push arrives while the token is being checked.
        from_thread.run(sock.push, snap)
        return service.authenticate(gid, token)

    class Slow:
        authenticate = staticmethod(authenticate_while_the_room_pushes)

        def __getattr__(self, name: str) -> Any:
            return getattr(service, name)

    sock.service = Slow()

    async def run() -> None:
        await sock.on_receive(
            {"type": "websocket.receive", "text": json.dumps({"type": "auth", "token": tokens[1]})}
        )
        await sock.push(snap)  # what the room sends after the auth's notify
        await deliver(sock)

    asyncio.run(run())
    states = [m for m in ws.sent if m["type"] == "state"]
    assert [m["seat"] for m in states] == [1]
    assert states[0]["view"] == snap.seat_state(1)["view"]


def test_an_auth_without_a_token_leaves_a_spectator_who_gets_states(client, kit, kind):
    service = client.app.state.service
    game_id, _ = kit.new_game(client, kind, 2)
    snap = service.snapshot(game_id)
    ws = FakeWebSocket(game_id)
    sock = GameSocket(ws, service, client.app.state.rooms, heartbeat=30)  # type: ignore[arg-type]
    sock.phase = Phase.AWAITING_AUTH

    async def run() -> None:
        await sock.on_receive({"type": "websocket.receive", "text": '{"type": "auth"}'})
        await sock.push(snap)
        await deliver(sock)

    asyncio.run(run())
    assert [m["type"] for m in ws.sent] == ["error", "state"]
    assert ws.sent[1]["seat"] is None
