"""Every WebSocket message to a seat (or a spectator) is the same whatever it may not know:
the first state message with all events since 0, and the errors for guessed actions sent
over the socket (twin of the game: tests/security/conftest.py)."""

from __future__ import annotations

import pytest

CASES = [("dschingis_khan", 3, 35), ("dolmengoetter", 3, 40), ("dschingis_khan", 2, 4)]


def messages(client, game_id, token, probe_actions, version, skip):
    url = f"/ws/games/{game_id}?since=0" + (f"&token={token}" if token else "")
    out = []
    with client.websocket_connect(url) as ws:
        out.append(ws.receive_text())
        for action in probe_actions:
            if action in skip:
                continue
            ws.send_json({"type": "action", "version": version, "action": action})
            out.append(ws.receive_text())
    return out


@pytest.mark.parametrize(("kind", "num_seats", "plies"), CASES)
def test_websocket_messages_do_not_depend_on_what_the_seat_may_not_know(
    client, db, kit, sec, make_rng, kind, num_seats, plies
):
    game_id, tokens, state, actor, legal, probe_actions = sec.probed_position(
        client, kit, kind, num_seats, plies, make_rng
    )
    probe_actions = probe_actions[:15]
    for observer in [None, *range(num_seats)]:
        token = tokens.get(observer) if observer is not None else None
        skip = [a["action"] for a in legal] if observer == actor else []
        args = (client, game_id, token, probe_actions, state["version"], skip)
        real = messages(*args)
        with sec.twin_served(client, db, game_id, observer, 3):
            twin = messages(*args)
        assert len(twin) == len(real)
        for i, (a, b) in enumerate(zip(real, twin, strict=True)):
            assert a == b, f"message {i} differs for observer {observer}"
    assert client.get(f"/api/games/{game_id}").json()["version"] == state["version"]
