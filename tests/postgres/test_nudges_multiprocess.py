"""Nudges with two server processes on one PostgreSQL database (issue 38, item 4): a wave of
nudges falls due at once, both processes claim and send, one is killed (SIGKILL) while its
webhook requests are still unanswered. Every event arrives, under one delivery id each: the
other process claims the dead one's deliveries once their lease has run out and sends them
again with the same ``X-Tafelrunde-Delivery``, by which the receiver drops the repeat (a
process that dies after its message left and before it wrote so down cannot do better; the
header is what docs/API.md, "Nudges", promises for that). Nothing else is sent twice.

Twenty tables of Die Dolmengötter, seat 1 of each held by an account with a webhook at a
local HTTP server of this test (``ALLOW_PRIVATE_WEBHOOKS=1``), where the turn has passed to
that seat. They are set up through a third process whose runner never looks, then stopped:
the two processes find the turns on their first look, all due already.
"""

from __future__ import annotations

import json
import secrets
import signal
import threading
from collections import Counter
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, insert, select, update

from app.db.models import AccountRow, DeliveryRow, SeatRow, utcnow
from tests.postgres.harness import ServerProcess
from tests.support.play import auth
from tests.support.waiting import wait_for

pytestmark = pytest.mark.postgres

TABLES = 20
LEASE = 15
ENV = {
    "NUDGE_DELAY": "1",
    "NUDGE_POLL_SECONDS": "0.2",
    "NUDGE_LEASE_SECONDS": str(LEASE),
    "ALLOW_PRIVATE_WEBHOOKS": "1",
}


class Receiver:
    """A webhook endpoint that holds every request unanswered until ``release``."""

    def __init__(self) -> None:
        self.got: list[tuple[str, str]] = []  # (X-Tafelrunde-Delivery, body)
        self.lock = threading.Lock()
        self.released = threading.Event()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"])).decode()
                with receiver.lock:
                    receiver.got.append((self.headers.get("X-Tafelrunde-Delivery", ""), body))
                receiver.released.wait(timeout=120)
                try:
                    self.send_response(204)
                    self.end_headers()
                except OSError:
                    pass  # its sender was killed meanwhile

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook/{secrets.token_hex(4)}"

    def count(self) -> int:
        with self.lock:
            return len(self.got)

    def close(self) -> None:
        self.released.set()
        self.server.shutdown()
        self.thread.join()


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    r = Receiver()
    yield r
    r.close()


def set_up_tables(server: ServerProcess, pg_url: str, hook: str) -> dict[str, int]:
    """Twenty tables whose seat 1 (an account's) is to act; game id -> account id."""
    engine = create_engine(pg_url)
    out: dict[str, int] = {}
    try:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            for i in range(TABLES):
                r = http.post(
                    "/api/games",
                    json={"kind": "dolmengoetter", "num_seats": 2, "options": {"start_player": 0}},
                )
                assert r.status_code == 201, r.text
                game_id = r.json()["id"]
                tokens = {}
                for invite in r.json()["invites"]:
                    j = http.post(
                        f"/api/games/{game_id}/seats/{invite['seat']}/join",
                        json={"name": f"P{invite['seat']}", "key": invite["key"]},
                    )
                    assert j.status_code == 201, j.text
                    tokens[invite["seat"]] = j.json()["token"]
                with engine.begin() as conn:
                    account = conn.execute(
                        insert(AccountRow)
                        .values(
                            name=f"Player{i}",
                            name_key=f"player{i}",
                            language="en",
                            friend_code=secrets.token_urlsafe(12),
                            notify={"webhook_url": hook},
                            is_admin=False,
                            created_at=utcnow(),
                        )
                        .returning(AccountRow.id)
                    ).scalar_one()
                    conn.execute(
                        update(SeatRow)
                        .where(SeatRow.game_id == game_id, SeatRow.seat == 1)
                        .values(account_id=account)
                    )
                out[game_id] = account
                for _ in range(20):  # seat 0 plays until the game waits for seat 1
                    view = http.get(f"/api/games/{game_id}/view").json()["view"]
                    if view["to_act"] == [1]:
                        break
                    legal = http.get(
                        f"/api/games/{game_id}/legal-actions", headers=auth(tokens[0])
                    ).json()
                    m = http.post(
                        f"/api/games/{game_id}/actions",
                        headers=auth(tokens[0]),
                        json={"version": legal["version"], "action": legal["actions"][0]["action"]},
                    )
                    assert m.status_code == 200, m.text
                else:
                    raise AssertionError(f"the turn never passed to seat 1 in {game_id}")
    finally:
        engine.dispose()
    return out


def deliveries(pg_url: str) -> list[Any]:
    engine = create_engine(pg_url)
    try:
        with engine.connect() as conn:
            return list(conn.execute(select(DeliveryRow).order_by(DeliveryRow.id)))
    finally:
        engine.dispose()


def start_together(*servers: ServerProcess) -> None:
    threads = [threading.Thread(target=s.start) for s in servers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for s in servers:
        assert s.proc is not None and s.proc.poll() is None, s.log()


def test_a_wave_of_nudges_arrives_once_per_event_when_a_process_is_killed_mid_wave(
    pg_url: str, tmp_path: Path, receiver: Receiver
) -> None:
    setup = ServerProcess("setup", pg_url, tmp_path, **{**ENV, "NUDGE_POLL_SECONDS": "3600"})
    setup.start()
    try:
        tables = set_up_tables(setup, pg_url, receiver.url)
    finally:
        setup.stop()
    assert deliveries(pg_url) == [], "the setup process never looked"

    a = ServerProcess("a", pg_url, tmp_path, **ENV)
    b = ServerProcess("b", pg_url, tmp_path, **ENV)
    try:
        start_together(a, b)
        a_pid, b_pid = a.pid, b.pid

        def both_mid_wave() -> list[Any] | None:
            rows = deliveries(pg_url)
            sending = [r for r in rows if r.status == "sending"]
            by_a = [r for r in sending if f":{a_pid}:" in (r.claimed_by or "")]
            by_b = [r for r in sending if f":{b_pid}:" in (r.claimed_by or "")]
            # Both hold claims, and every claimed nudge has reached the receiver.
            if by_a and by_b and receiver.count() >= len(sending):
                return by_a
            return None

        in_flight = wait_for(both_mid_wave, "both processes to send their share of the wave")
        assert len(deliveries(pg_url)) == TABLES, "one delivery per event and channel"
        a.kill(signal.SIGKILL)
        receiver.released.set()

        def all_sent() -> bool:
            return all(r.status == "sent" for r in deliveries(pg_url))

        wait_for(all_sent, "every nudge to be sent", seconds=LEASE + 60)
        rows = deliveries(pg_url)
    finally:
        a.stop()
        b.stop()

    # One row per event, each sent, the dead process's ones by B after their lease.
    assert sorted(r.event["game"] for r in rows) == sorted(tables)
    assert {(r.event["game"], r.account_id) for r in rows} == set(tables.items())
    assert all(r.event["kind"] == "your_turn" and r.channel == "webhook" for r in rows)
    dead = {r.id for r in in_flight}
    for row in rows:
        if row.id in dead:
            assert f":{b_pid}:" in row.claimed_by and row.attempts == 2, row
        else:
            assert row.attempts == 1, row

    # The receiver: every delivery id, every event's, and only the dead one's twice.
    with receiver.lock:
        got = list(receiver.got)
    seen = Counter(delivery for delivery, _ in got)
    assert set(seen) == {str(r.id) for r in rows}, "each event under its delivery's id"
    assert {d for d, n in seen.items() if n > 1} == {str(i) for i in dead}
    assert max(seen.values()) == 2
    by_id = {str(r.id): r for r in rows}
    for delivery, body in got:
        game_id = by_id[delivery].event["game"]
        assert game_id in body and "Die Dolmengötter" in json.loads(body)["title"]
