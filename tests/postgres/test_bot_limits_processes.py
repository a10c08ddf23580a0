"""A person's bot limit holds with two server processes on one PostgreSQL database: two
new bots asked for at the same moment, each on another process, when one more is allowed,
make exactly one (docs/API.md, "Bot accounts"). The test holds the person's row itself
until both requests wait for it, so they truly meet."""

from __future__ import annotations

import threading
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text

from app.services.bot_accounts import MAX_BOTS
from tests.postgres.harness import ServerProcess, waiting_for_a_lock
from tests.support.accounts import account_with_cookie, signed_in
from tests.support.waiting import wait_for

pytestmark = pytest.mark.postgres


def test_two_bots_asked_for_at_once_past_the_limit_make_one(servers, pg_url) -> None:
    a, b = servers
    engine = create_engine(pg_url)
    try:
        person, cookie = account_with_cookie(engine, "Ada")
        with httpx.Client(base_url=a.url, timeout=30) as http:
            for i in range(MAX_BOTS - 1):
                r = http.post("/api/me/bots", json={"name": f"Robo {i}"}, headers=signed_in(cookie))
                assert r.status_code == 201, r.text
        answers: dict[str, Any] = {}

        def ask(name: str, server: ServerProcess) -> None:
            with httpx.Client(base_url=server.url, timeout=60) as http:
                answers[name] = http.post(
                    "/api/me/bots", json={"name": name}, headers=signed_in(cookie)
                )

        with engine.connect() as holder:
            # NO KEY UPDATE: a new bot's foreign key to Ada (a KEY SHARE lock) passes it; only
            # the limit's own lock (FOR UPDATE) waits, so without it nothing would wait.
            holder.execute(
                text("SELECT id FROM accounts WHERE id = :i FOR NO KEY UPDATE"), {"i": person}
            )
            threads = [
                threading.Thread(target=ask, args=("Last A", a)),
                threading.Thread(target=ask, args=("Last B", b)),
            ]
            for t in threads:
                t.start()
            wait_for(lambda: waiting_for_a_lock(engine), "a request waiting for Ada's row")
            holder.rollback()  # both go on, one after the other
        for t in threads:
            t.join()
        codes = sorted(answers[n].status_code for n in ("Last A", "Last B"))
        assert codes == [201, 409], {n: r.text for n, r in answers.items()}
        refused = next(r for r in answers.values() if r.status_code == 409)
        assert refused.json()["error"]["code"] == "too_many_bots"
        with engine.connect() as conn:
            bots = conn.execute(
                text("SELECT count(*) FROM accounts WHERE owner_id = :i"), {"i": person}
            ).scalar_one()
        assert bots == MAX_BOTS
    finally:
        engine.dispose()
