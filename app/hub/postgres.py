"""The hub for several server processes on one PostgreSQL database: ``LISTEN/NOTIFY``.

After a commit, ``publish`` delivers to this process's subscribers at once and sends
``NOTIFY tafelrunde_games, '{"game": ..., "version": ..., "origin": ...}'``; every other
process hears it on its listener connection and delivers to its own subscribers, which load
the game through the service (catching up from the action log by version). A notification
carries no game data, so nothing hidden ever passes through it.

Notifications are fire-and-forget: one sent while a listener was disconnected is lost for
that listener. So the listener reconnects with backoff and, once listening again, delivers
every game changed since it lost the connection (``games.updated_at``) and every game with
local subscribers; subscribers then read the log, which has everything. While connected it
also re-checks, every ``resync_interval`` seconds, the version of each game with local
subscribers, which covers a process that died between its commit and its ``NOTIFY``.

Chat notices (``publish_chat``) go on the same channel as
``{"game": ..., "chat": <message id>, "origin": ...}``, one per message (none is coalesced);
after a reconnection every game with local chat subscribers gets a ``0`` notice, so they
read whatever they missed from the database. Presence notices (``publish_presence``) go
as ``{"game": ..., "presence": 1, "origin": ...}``, several of one game before the next send
as one; after a reconnection every game with local presence subscribers gets one. Account
notices (``publish_account``) go as ``{"game": "<account id>", "account": 1, "origin": ...}``,
coalesced like presence; after a reconnection every account with local subscribers gets one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import time
import uuid
from datetime import UTC, datetime, timedelta

import psycopg

from app.db.session import libpq_conninfo
from app.hub.base import Hub

log = logging.getLogger(__name__)

CHANNEL = "tafelrunde_games"
LISTENER_NAME = f"tafelrunde-hub-listen pid={os.getpid()}"
PUBLISHER_NAME = f"tafelrunde-hub-notify pid={os.getpid()}"
"""``application_name`` of the hub's two connections: ``pg_stat_activity`` tells an operator
(or a test) which process each belongs to."""

CLOCK_SKEW = timedelta(seconds=30)
"""``updated_at`` comes from each server's clock: look back this much further on resync."""


Notice = tuple[str, str, int]
"""A notice to the other processes: (kind, game id, key). The kind names the payload's
field (``version``, ``chat``, ``presence``); the key tells one game's chat messages apart
(0 for the others: one notice per game)."""


class Backoff:
    """Delays between reconnection attempts: doubling from ``first`` up to ``limit``."""

    def __init__(self, first: float, limit: float) -> None:
        self.first, self.limit = first, limit
        self.current = first

    def next(self) -> float:
        delay = self.current
        self.current = min(self.current * 2, self.limit)
        return delay

    def reset(self) -> None:
        self.current = self.first


class PostgresHub(Hub):
    def __init__(
        self,
        database_url: str,
        *,
        resync_interval: float = 15.0,
        probe_interval: float = 5.0,
        backoff_first: float = 0.2,
        backoff_limit: float = 10.0,
    ) -> None:
        super().__init__()
        if not re.match(r"^postgres(ql)?(\+\w+)?://", database_url):
            raise ValueError("HUB=postgres needs a PostgreSQL DATABASE_URL")
        self.conninfo = libpq_conninfo(database_url)
        self.origin = uuid.uuid4().hex[:16]
        """Tells this process's own notifications apart: it has delivered those already."""
        self.resync_interval = resync_interval
        self.probe_interval = probe_interval
        self._backoff = (backoff_first, backoff_limit)
        self._seen: dict[str, int] = {}
        self._outbox: dict[Notice, int] = {}
        """Notices not yet sent: (kind, game id, chat message id or 0) -> value."""
        self._outbox_ready: asyncio.Event | None = None
        self._tasks: list[asyncio.Task] = []
        self.listening: asyncio.Event | None = None
        """Set while the listener connection is up and ``LISTEN`` is in force."""
        self.reconnects = 0
        self.checks = 0
        """Version checks done (each ``_resync``): lets a test wait for the next one."""

    # ---- lifecycle --------------------------------------------------------------------

    async def start(self) -> None:
        await super().start()
        self._outbox_ready = asyncio.Event()
        self.listening = asyncio.Event()
        self._tasks = [
            asyncio.create_task(self._listen_forever(), name="pg-hub-listen"),
            asyncio.create_task(self._publish_forever(), name="pg-hub-notify"),
        ]
        # Serve at once even if the database is slow to answer; but normally be listening
        # before the first request, so no notification is missed right after start.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.listening.wait(), timeout=5)

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks = []
        await super().stop()

    # ---- publishing -------------------------------------------------------------------

    def _announce_chat(self, game_id: str, message_id: int) -> None:
        self._deliver_chat(game_id, message_id)
        self._send(("chat", game_id, message_id), message_id)

    def _announce_presence(self, game_id: str, _: int) -> None:
        self._deliver_presence(game_id)
        self._send(("presence", game_id, 0), 1)

    def _announce_account(self, key: str, _: int) -> None:
        self._deliver_account(key)
        self._send(("account", key, 0), 1)

    def _announce(self, game_id: str, version: int) -> None:
        self._note(game_id, version)
        self._deliver(game_id, version, local=True)
        self._send(("version", game_id, 0), version)

    def _send(self, notice: Notice, value: int) -> None:
        """Queue a notice for the other processes. Several of one game's versions (or its
        presence) before the next send are one notice: only the newest matters; every
        chat message is a notice of its own."""
        self._outbox[notice] = max(value, self._outbox.get(notice, -1))
        if self._outbox_ready is not None:
            self._outbox_ready.set()

    async def _publish_forever(self) -> None:
        assert self._outbox_ready is not None
        backoff = Backoff(*self._backoff)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.conninfo, autocommit=True, application_name=PUBLISHER_NAME
                ) as conn:
                    backoff.reset()
                    while True:
                        await self._outbox_ready.wait()
                        self._outbox_ready.clear()
                        batch, self._outbox = self._outbox, {}
                        payloads = [
                            json.dumps({"game": g, kind: v, "origin": self.origin})
                            for (kind, g, _), v in batch.items()
                        ]
                        try:
                            await conn.execute(
                                "SELECT pg_notify(%s, p) FROM unnest(%s::text[]) AS p",
                                (CHANNEL, payloads),
                            )
                        except BaseException:
                            for notice, v in batch.items():  # send them on the next connection
                                self._send(notice, v)
                            raise
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                delay = backoff.next()
                log.warning(
                    "hub: NOTIFY connection failed (%s); retrying in %.1fs", _short(exc), delay
                )
                await asyncio.sleep(delay)

    # ---- listening --------------------------------------------------------------------

    async def _listen_forever(self) -> None:
        assert self.listening is not None
        backoff = Backoff(*self._backoff)
        lost_at: datetime | None = None
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.conninfo, autocommit=True, application_name=LISTENER_NAME
                ) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    # Listening from here on: whatever was committed before is in the log.
                    await self._resync(conn, changed_since=lost_at)
                    backoff.reset()
                    self.listening.set()
                    if lost_at is not None:
                        log.info("hub: listening again")
                    await self._listen(conn)
            except asyncio.CancelledError:
                self.listening.clear()
                raise
            except Exception as exc:
                if self.listening.is_set() or lost_at is None:
                    lost_at = datetime.now(UTC)
                self.listening.clear()
                self.reconnects += 1
                delay = backoff.next()
                log.warning(
                    "hub: listener connection lost (%s); reconnecting in %.1fs", _short(exc), delay
                )
                await asyncio.sleep(delay)

    async def _listen(self, conn: psycopg.AsyncConnection) -> None:
        next_resync = time.monotonic() + self.resync_interval
        while True:
            async for note in conn.notifies(timeout=self.probe_interval):
                self._on_notify(note.payload)
            # Quiet for a while: a half-open connection would never raise, so ask something.
            if time.monotonic() >= next_resync:
                await self._resync(conn, changed_since=None)
                next_resync = time.monotonic() + self.resync_interval
            else:
                await conn.execute("SELECT 1")

    def _on_notify(self, payload: str) -> None:
        try:
            note = json.loads(payload)
            game_id, origin = str(note["game"]), note["origin"]
            chat = int(note["chat"]) if "chat" in note else None
            presence = "presence" in note
            account = "account" in note
            version = int(note["version"]) if chat is None and not (presence or account) else -1
        except (ValueError, KeyError, TypeError):
            log.warning("hub: ignoring a malformed notification %r", payload[:200])
            return
        if origin == self.origin:
            return
        if chat is not None:
            self._deliver_chat(game_id, chat)
            return
        if presence:
            self._deliver_presence(game_id)
            return
        if account:
            self._deliver_account(game_id)
            return
        self._note(game_id, version)
        self._deliver(game_id, version)

    async def _resync(self, conn: psycopg.AsyncConnection, changed_since: datetime | None) -> None:
        """Deliver what may have been missed; see the module docstring.

        ``changed_since`` set (after reconnecting): every game changed since then and every
        game with local subscribers is delivered. ``None`` (periodic check, or the first
        connection): games with local subscribers whose version moved past what was seen.
        """
        self.checks += 1
        with self._lock:
            local = list(self._games)
            chats = list(self._chats) if changed_since is not None else []
            present = list(self._presence) if changed_since is not None else []
            accounts = list(self._accounts) if changed_since is not None else []
        for game_id in chats:  # chat subscribers read what they missed from the database
            self._deliver_chat(game_id, 0)
        for game_id in present:  # and presence subscribers what it is now
            self._deliver_presence(game_id)
        for key in accounts:  # and event streams what concerns their accounts
            self._deliver_account(key)
        if changed_since is None and not local:
            return
        since = changed_since - CLOCK_SKEW if changed_since is not None else None
        cur = await conn.execute(
            "SELECT id, version FROM games WHERE id = ANY(%s) OR updated_at >= %s",
            (local, since),
        )
        rows = await cur.fetchall()
        for game_id, version in rows:
            if changed_since is not None or version > self._seen.get(game_id, -1):
                self._note(game_id, version)
                self._deliver(game_id, version)

    def _note(self, game_id: str, version: int) -> None:
        if version > self._seen.get(game_id, -1):
            self._seen[game_id] = version
        if len(self._seen) > 100_000:  # a long-running process: forget games nobody watches
            with self._lock:
                watched = set(self._games)
            self._seen = {g: v for g, v in self._seen.items() if g in watched}


def _short(exc: BaseException) -> str:
    """libpq's messages span several lines; a log line wants the first."""
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0] if text else ''}"
