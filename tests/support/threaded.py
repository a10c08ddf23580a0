"""uvicorn serving an ASGI app in a thread of the test's own process, on a socket the test
made (so it can set the socket's buffers first), for tests that reach into the server
while it runs (its rooms, its protocol objects)."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import uvicorn

START_SECONDS = 60.0  # how long starting may take on a loaded machine (not a measurement)


@contextlib.contextmanager
def uvicorn_thread(app: Any, sock: socket.socket, **config: Any) -> Iterator[uvicorn.Server]:
    """Serve ``app`` on the bound ``sock`` until the block ends (``config``: uvicorn's
    settings, e.g. ``app.core.serving.uvicorn_options``); the socket is closed afterwards."""
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", **config))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + START_SECONDS
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield server
    finally:
        server.should_exit = True
        thread.join(START_SECONDS)
        with contextlib.suppress(OSError):
            sock.close()
