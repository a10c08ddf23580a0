"""While PostgreSQL is down every route answers 503 ``database_unavailable`` JSON with
``Retry-After`` (never a plain-text 500), a WebSocket is told so and closed with 1013,
``/healthz`` stays 200; once PostgreSQL is back the same process serves again (issue 15)."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import httpx
import pytest
import websockets
from websockets.exceptions import ConnectionClosed

from tests.conftest import bearer, new_game
from tests.support.postgres import PostgresServer, require_postgres
from tests.support.server import ServerProcess

pytestmark = pytest.mark.postgres


def assert_database_unavailable(r: httpx.Response) -> None:
    assert r.status_code == 503, (r.request.url, r.status_code, r.text)
    assert r.headers["content-type"] == "application/json"
    assert r.json()["error"]["code"] == "database_unavailable"
    assert int(r.headers["retry-after"]) > 0
    assert "127.0.0.1" not in r.text and "postgres" not in r.json()["error"]["message"]


def test_every_route_answers_503_json_while_postgres_is_down_and_serves_after(
    tmp_path: Path,
) -> None:
    require_postgres()
    pg = PostgresServer().start()  # its own server: this test stops it
    try:
        url = pg.create_database("down")
        server = ServerProcess(url, tmp_path / "server.log").start()
        try:
            http = httpx.Client(base_url=server.url, timeout=30)
            game_id, tokens = new_game(http, "dolmengoetter", 2)
            view = http.get(f"/api/games/{game_id}/view").json()
            seat = view["view"]["to_act"][0]
            legal = http.get(f"/api/games/{game_id}/legal-actions", headers=bearer(tokens[seat]))
            move = {"version": view["version"], "action": legal.json()["actions"][0]["action"]}
            pg.pause()  # as an operator's restart of PostgreSQL does

            tries = [
                http.get("/api/games"),
                http.get(f"/api/games/{game_id}"),
                http.get(f"/api/games/{game_id}/view"),
                http.get(f"/api/games/{game_id}/log"),
                http.get(f"/api/games/{game_id}/legal-actions", headers=bearer(tokens[seat])),
                http.post("/api/games", json={"kind": "dolmengoetter", "num_seats": 2}),
                http.post(f"/api/games/{game_id}/seats/0/join", json={"name": "late"}),
                http.post(f"/api/games/{game_id}/actions", json=move, headers=bearer(tokens[seat])),
                http.get("/readyz"),
            ]
            for r in tries:
                assert_database_unavailable(r)
            assert http.get("/healthz").status_code == 200

            async def ws_down() -> tuple[dict, int]:
                async with websockets.connect(f"{server.ws_url}/ws/games/{game_id}") as ws:
                    error = json.loads(await asyncio.wait_for(ws.recv(), 30))
                    with pytest.raises(ConnectionClosed) as closed:
                        await asyncio.wait_for(ws.recv(), 30)
                    return error, closed.value.rcvd.code

            error, code = asyncio.run(ws_down())
            assert error["type"] == "error" and error["code"] == "database_unavailable"
            assert code == 1013

            pg.resume()
            deadline = time.monotonic() + 60
            while http.get("/readyz").status_code != 200 and time.monotonic() < deadline:
                time.sleep(0.2)
            assert http.get("/readyz").status_code == 200
            # Nothing was applied while it was down: the version tells a client so.
            assert http.get(f"/api/games/{game_id}").json()["version"] == view["version"]
            r = http.post(f"/api/games/{game_id}/actions", json=move, headers=bearer(tokens[seat]))
            assert r.status_code == 200
            assert r.json()["version"] == view["version"] + 1
        finally:
            server.stop()
    finally:
        pg.stop()
