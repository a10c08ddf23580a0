"""Many requests at once that each read the database (a hundred pages loading together):
every one is answered, none waits for a database connection until it times out. With a
capped SQLite pool the server deadlocked (app/db/session.py): each sync route keeps its
session's connection until its answer has been validated in another worker thread. On
PostgreSQL, whose pool stays capped, fewer requests than connections hold a session at once
(``REQUEST_SESSIONS``): without that the server deadlocked there too."""

from __future__ import annotations

import asyncio
import collections

import httpx

CLIENTS = 100


def test_a_hundred_clients_reading_at_once_are_all_answered(server_factory, database_url, kit):
    # Keep-alive longer than a loaded machine may leave a connection idle between a client's
    # requests: a server closing one as the next request is sent is not what this tests.
    server = server_factory(TIMEOUT_KEEP_ALIVE="60")
    with httpx.Client(base_url=server.url) as http:
        game_id, _ = kit.new_game(http, "dolmengoetter", 2)

    async def run() -> collections.Counter[int]:
        codes: collections.Counter[int] = collections.Counter()
        limits = httpx.Limits(max_connections=CLIENTS)
        async with httpx.AsyncClient(base_url=server.url, timeout=60, limits=limits) as http:

            async def client() -> None:
                for _ in range(10):
                    codes[(await http.get(f"/api/games/{game_id}/presence")).status_code] += 1

            await asyncio.gather(*(client() for _ in range(CLIENTS)))
        return codes

    assert asyncio.run(run()) == {200: 10 * CLIENTS}
