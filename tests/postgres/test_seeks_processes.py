"""Seeks across two server processes on one PostgreSQL database: two accounts join the
last place of a seek at the same moment, each on another process; the seek's row lock lets
exactly one of them take it and make the game, and the other is told the seek is closed. A
stream that asked for the list's changes hears of a seek made on the other process."""

from __future__ import annotations

import json
import threading
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text

from tests.postgres.harness import ServerProcess
from tests.support.accounts import account_with_cookie, signed_in

pytestmark = pytest.mark.postgres


@pytest.mark.parametrize("round_", range(3))
def test_two_joins_for_the_last_place_make_one_game(servers, pg_url, round_: int) -> None:
    a, b = servers
    engine = create_engine(pg_url)
    try:
        cookies = {n: account_with_cookie(engine, f"{n}{round_}")[1] for n in ("A", "B", "C")}
        body = {"kind": "dolmengoetter", "num_seats": 2}
        with httpx.Client(base_url=a.url, timeout=30) as http:
            r = http.post("/api/seeks", json=body, headers=signed_in(cookies["A"]))
            assert r.status_code == 201, r.text
            seek_id = r.json()["id"]
        answers: dict[str, Any] = {}
        together = threading.Barrier(2)

        def join(name: str, server: ServerProcess) -> None:
            with httpx.Client(base_url=server.url, timeout=30) as http:
                together.wait()
                answers[name] = http.post(
                    f"/api/seeks/{seek_id}/join", headers=signed_in(cookies[name])
                )

        threads = [
            threading.Thread(target=join, args=("B", a)),
            threading.Thread(target=join, args=("C", b)),
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        codes = sorted(answers[n].status_code for n in ("B", "C"))
        assert codes == [200, 409]
        (won,) = [answers[n] for n in ("B", "C") if answers[n].status_code == 200]
        (lost,) = [answers[n] for n in ("B", "C") if answers[n].status_code == 409]
        assert lost.json()["error"]["code"] == "seek_closed"
        with engine.connect() as conn:
            games = conn.execute(
                text("SELECT count(*) FROM games WHERE kind = 'dolmengoetter'")
            ).scalar_one()
            status, game_id = conn.execute(
                text("SELECT status, game_id FROM seeks WHERE id = :i"), {"i": seek_id}
            ).one()
            places = conn.execute(
                text("SELECT count(*) FROM seek_seats WHERE seek_id = :i"), {"i": seek_id}
            ).scalar_one()
        assert games == 1
        assert (status, places) == ("started", 2)
        assert game_id == won.json()["game_id"]
    finally:
        engine.dispose()


def test_a_seek_made_on_one_process_reaches_a_stream_on_the_other(servers, pg_url) -> None:
    a, b = servers
    engine = create_engine(pg_url)
    try:
        watcher = account_with_cookie(engine, "Watcher")[1]
        maker = account_with_cookie(engine, "Maker")[1]
        with (
            httpx.Client(base_url=a.url, timeout=30) as on_a,
            httpx.Client(base_url=b.url, timeout=30) as on_b,
            on_b.stream("GET", "/api/me/events?seeks=true", headers=signed_in(watcher)) as r,
        ):
            assert r.status_code == 200
            lines = (json.loads(line) for line in r.iter_lines() if line)
            messages = (m for m in lines if m["type"] != "keep_alive")
            assert next(messages) == {"type": "ready"}
            body = {"kind": "dolmengoetter", "num_seats": 3}
            made = on_a.post("/api/seeks", json=body, headers=signed_in(maker))
            assert made.status_code == 201, made.text
            assert next(messages) == {"type": "seeks_changed"}
    finally:
        engine.dispose()
