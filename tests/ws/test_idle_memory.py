"""An idle connection keeps no copy of the messages it has sent (issue 16, memory per live
game): a state message is a whole view with its legal actions, 10-20 KB, and a server
holding 1,000 games has 2,000 connections waiting for the next move most of the time."""

from __future__ import annotations

import inspect
import time
import tracemalloc

from app.core import jsontext


def held_messages() -> int:
    """Bytes still held that were allocated where every message's text is made (the
    endpoint's messages are ``jsontext.text``'s strings)."""
    lines, first = inspect.getsourcelines(jsontext.text)
    snapshot = tracemalloc.take_snapshot().filter_traces(
        [
            tracemalloc.Filter(True, jsontext.__file__, lineno)
            for lineno in range(first, first + len(lines))
        ]
    )
    return sum(stat.size for stat in snapshot.statistics("filename"))


def state_size(ws) -> int:
    text = ws.receive_text()
    assert text.startswith('{"type":"state"')
    return len(text)


def test_an_idle_connection_lets_its_last_message_go(client, kit) -> None:
    game_id, tokens = kit.new_game(client, "dschingis_khan", 2)
    tracemalloc.start()
    try:
        paths = [f"/ws/games/{game_id}?token={tokens[seat]}" for seat in (0, 1)]
        with client.websocket_connect(paths[0]) as a, client.websocket_connect(paths[1]) as b:
            # Only sizes are kept: in-process, the client receives the server's very text.
            smallest = min(state_size(a), state_size(b))
            # The server lets go right after sending; the client may read first.
            deadline = time.monotonic() + 3
            while held_messages() >= smallest and time.monotonic() < deadline:
                time.sleep(0.05)
            assert held_messages() < smallest, "a sent message is still held"
    finally:
        tracemalloc.stop()
