"""A bot's event stream across two server processes on one PostgreSQL database: the
stream is held by one process while the bot joins, the game starts and the other seat
moves on the other; the hub's account and game notices (LISTEN/NOTIFY) carry the news."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy import create_engine

from tests.accounts.test_bots_events import Stream, bot_token, person_plays, table
from tests.support.play import auth

pytestmark = pytest.mark.postgres


def test_a_stream_on_one_process_hears_what_happens_on_the_other(servers, pg_url) -> None:
    a, b = servers
    engine = create_engine(pg_url)
    with (
        httpx.Client(base_url=a.url, timeout=30) as on_a,
        httpx.Client(base_url=b.url, timeout=30) as on_b,
    ):
        token = bot_token(on_b, engine)
        stream = Stream(on_a, token)
        try:
            assert stream.next() == {"type": "ready"}
            game_id = table(on_b)["id"]
            r = on_b.post(
                f"/api/games/{game_id}/seats/1/join", json={"name": "Robo"}, headers=auth(token)
            )
            assert r.status_code == 201, r.text
            person = on_b.post(f"/api/games/{game_id}/seats/0/join", json={"name": "Pia"})
            assert person.status_code == 201, person.text
            started = stream.next()
            assert (started["type"], started["game_id"], started["seat"]) == (
                "game_started",
                game_id,
                1,
            )
            person_plays(on_b, game_id, person.json()["token"])
            turn = stream.next()
            version = on_b.get(f"/api/games/{game_id}").json()["version"]
            assert turn == {"type": "your_turn", "game_id": game_id, "seat": 1, "version": version}
        finally:
            stream.close()
            engine.dispose()
