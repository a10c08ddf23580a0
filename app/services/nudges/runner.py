"""The nudge runner: every server process runs one (started in the app's lifespan, like the
``ClockRunner``). Every ``NUDGE_POLL_SECONDS`` it

1. looks at the games the hub said changed (every ``SCAN_SECONDS`` and on start: at every
   game with an account seat) and records the nudges they ask for (watch.py), and
2. claims the due nudges, decides whether each should still go, sends it through its
   channel outside any transaction and marks it (delivery.py).

Neither step is on a move's path: the hub's notice only adds the game to a set. Time
comes from ``NudgeRunner.now`` (the wall clock; tests set their own). docs/API.md,
"Nudges", says what is sent when, and what "exactly once" promises.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta

from sqlalchemy import delete
from starlette.concurrency import run_in_threadpool

from app.core.config import Settings
from app.core.errors import DATABASE_FAILURES, database_failed
from app.db.models import DeliveryRow, utcnow
from app.db.session import Database
from app.services.games import GameService
from app.services.nudges import channels, choices
from app.services.nudges.channels import DeliveryFailed
from app.services.nudges.delivery import (
    Claim,
    Deliveries,
    Recipient,
    Sender,
)
from app.services.nudges.keys import vapid_keys
from app.services.nudges.texts import Message
from app.services.nudges.watch import Watcher

__all__ = ["DeliveryFailed", "NudgeRunner", "Recipient", "Sender", "default_senders"]

log = logging.getLogger(__name__)

SCAN_SECONDS = 300.0
"""Seconds between two looks at every game with an account seat (besides the changed ones)."""

SENDING = 8
"""Nudges one process sends at once (each in a thread of its own, waiting on the network)."""

ROUNDS = 50
"""Claims of ``SENDING`` rows one poll makes at most (the next poll takes the rest)."""

KEEP = timedelta(days=30)
"""Sent, skipped and failed nudges are deleted after this."""

POLL_MOST = 60.0
"""Seconds: the longest wait between two polls while the database fails (it doubles)."""


def public_url(settings: Settings) -> str:
    """The address links in nudges start with (``PUBLIC_URL``)."""
    return (settings.public_url or f"http://localhost:{settings.port}").rstrip("/")


class NudgeRunner:
    """Notices events and delivers nudges in this process."""

    def __init__(self, service: GameService, settings: Settings, send: Sender | None = None):
        self.service = service
        self.now: Callable[[], datetime] = utcnow
        """The time nudges are due and leases run by (tests set their own)."""
        self.poll = settings.nudge_poll_seconds

        def clock() -> datetime:
            return self.now()

        self.watch = Watcher(service, settings.nudge_delay, clock, service.rematch_window)
        name = f"{socket.gethostname()[:24]}:{os.getpid()}:{secrets.token_hex(3)}"
        self.deliveries = Deliveries(
            service,
            send or default_senders(service.db, settings),
            base_url=public_url(settings),
            lease=settings.nudge_lease_seconds,
            clock=clock,
            name=name,
        )
        self._pool: ThreadPoolExecutor | None = None
        self._ticking = threading.Lock()
        self._next_scan: datetime | None = None
        self._stopping = False
        self._task: asyncio.Task[None] | None = None
        self._unsubscribe: Callable[[], None] | None = None

    async def start(self) -> None:
        self._stopping = False
        self._unsubscribe = self.service.hub.subscribe_all_changes(self.watch.changed)
        self._task = asyncio.create_task(self._loop(), name="nudges")

    async def stop(self) -> None:
        self._stopping = True
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        if self._pool is not None:
            # A send under way finishes in its thread (its row is marked); nothing new starts.
            self._pool.shutdown(wait=False)
            self._pool = None

    async def _loop(self) -> None:
        # The first poll (a look at every game) waits one interval: not in the way of the
        # start, which has a backlog of its own to serve.
        wait = self.poll
        failures = 0
        while True:
            await asyncio.sleep(wait)
            wait = self.poll
            try:
                await run_in_threadpool(self.tick)
                failures = 0
            except asyncio.CancelledError:
                raise
            except DATABASE_FAILURES as exc:
                failures += 1
                wait = min(self.poll * 2**failures, max(self.poll, POLL_MOST))
                database_failed(log, "nudge poll failed", exc)
            except Exception:
                log.exception("nudge poll failed")

    def tick(self) -> int:
        """One poll: record what happened, then send what is due; how many were sent."""
        with self._ticking:
            now = self.now()
            full = self._next_scan is None or now >= self._next_scan
            self.watch.look(full)
            if full:
                self._next_scan = now + timedelta(seconds=SCAN_SECONDS)
                self._forget_old(now)
            return self.send_due()

    def send_due(self) -> int:
        """Claim and send due nudges, ``SENDING`` at a time, until none is due."""
        sent = 0
        for _ in range(ROUNDS):
            if self._stopping:
                break
            claims = self.deliveries.claim(SENDING)
            if not claims:
                break
            sent += sum(outcome == "sent" for outcome in self._deliver_all(claims))
        return sent

    def _deliver_all(self, claims: list[Claim]) -> list[str]:
        if len(claims) == 1:
            return [self.deliveries.deliver(claims[0])]
        if self._pool is None:
            self._pool = ThreadPoolExecutor(SENDING, thread_name_prefix="tafelrunde-nudges")
        return list(self._pool.map(self.deliveries.deliver, claims))

    def _forget_old(self, now: datetime) -> None:
        db = self.service.db
        with db.session() as session, db.write(session):
            session.execute(
                delete(DeliveryRow).where(
                    DeliveryRow.status.in_(("sent", "skipped", "failed")),
                    DeliveryRow.created_at < now - KEEP,
                )
            )


# ---- the channels' senders ---------------------------------------------------------------


def default_senders(db: Database, settings: Settings) -> Sender:
    """The channels' senders (channels.py): the runner's message, with the delivery's id as
    the channels' idempotency key, to the account's webhook URL, confirmed e-mail address or
    every browser it subscribed for push."""

    def send(channel: str, recipient: Recipient, message: Message) -> None:
        outgoing = channels.Message(
            kind=message.kind,
            title=message.title,
            body=message.body,
            url=message.url,
            game_id=message.game_id,
            delivery_id=recipient.delivery_id,
        )
        notify = recipient.notify
        if channel == "webhook":
            channels.send_webhook(
                str(notify.get("webhook_url") or ""),
                outgoing,
                allow_private=settings.allow_private_webhooks,
            )
        elif channel == "email":
            address = str(notify.get("email") or "")
            if not address or not notify.get("email_confirmed"):
                raise DeliveryFailed("the account has no confirmed e-mail address", retry=False)
            channels.send_email(
                settings,
                address,
                outgoing,
                unsubscribe_url=choices.unsubscribe_url(
                    db, settings, recipient.account_id, address
                ),
                language=recipient.language,
            )
        elif channel == "push":
            channels.deliver_push(db, settings, recipient.account_id, outgoing, vapid_keys(db))
        else:
            raise DeliveryFailed(f"this server cannot send over {channel}", retry=False)

    return send
