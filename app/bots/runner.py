"""Plays the bot seats of every game this process hears about through the hub.

For a game where a bot seat must act, the runner waits ``bot_delay`` seconds (so humans can
follow), asks the service for that seat's view and legal actions — never the state — lets
the seat's level choose (``thinking.Thinker``: hard searches in worker processes), and
posts the action with the version it saw, like a remote bot would.
Its own commit publishes the next change, which wakes the runner again.

With several server processes each runner may try the same move; the optimistic lock lets
exactly one through and the others get ``stale_version``, which the runner ignores. Easy
and medium choices agree anyway, and a hard bot's search (bounded by time) may differ, the
first post winning: the policy's randomness comes from the game's secret seed
(``randomness.bot_rng``), never from public data alone, and its choice is never logged.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import select
from starlette.concurrency import run_in_threadpool

from app.core.errors import DATABASE_FAILURES, ApiError, CommitUnknown, database_failed
from app.db.models import GameRow, SeatRow
from app.hub.base import Hub
from app.services.base import Caller
from app.services.games import GameService
from app.services.snapshots import Snapshot
from bots.api import Policy

from .randomness import bot_rng
from .thinking import Thinker

log = logging.getLogger(__name__)

RETRY_FIRST = 0.5
RETRY_MOST = 10.0
"""Seconds before a bot tries again after a database error: ``RETRY_FIRST``, doubling up
to ``RETRY_MOST`` while the errors last."""


def retry_after(failures: int) -> float:
    """The wait before the next try after ``failures`` database errors in a row."""
    return min(RETRY_FIRST * 2 ** (failures - 1), RETRY_MOST)


class BotRunner:
    def __init__(
        self,
        service: GameService,
        hub: Hub,
        delay: float,
        policy: Policy | None = None,
        *,
        concurrency: int = 2,
        think_ms: float = 1000,
        workers: int = 1,
    ):
        self.service = service
        # Bot moves take at most this many worker threads at once, so however many bot
        # games run, the threadpool always has room for humans' requests.
        self._slots = asyncio.Semaphore(concurrency)
        self.hub = hub
        self.delay = delay
        self.policy = policy
        """One policy for every bot seat (tests); ``None``: each seat's level decides."""
        self.thinker = Thinker(workers, think_ms)
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        self._unsubscribe: Callable[[], None] | None = None
        self._seeds: dict[str, int] = {}
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
        """The wait between a failed move and its retry (tests make it instant)."""

    async def start(self) -> None:
        self._unsubscribe = self.hub.subscribe_all_changes(self.notify)
        # Games whose bot was about to move when the server last stopped.
        for game_id in await run_in_threadpool(self._games_with_bots):
            self.notify(game_id, -1)

    async def stop(self) -> None:
        if self._unsubscribe:
            self._unsubscribe()
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
        self.thinker.close()

    def _games_with_bots(self) -> list[str]:
        with self.service.db.session() as session:
            return list(
                session.scalars(
                    select(GameRow.id)
                    .where(GameRow.status == "running")
                    .where(
                        GameRow.id.in_(
                            select(SeatRow.game_id).where(
                                SeatRow.bot.is_(True) | SeatRow.stand_in.is_not(None)
                            )
                        )
                    )
                )
            )

    def _secret_seed(self, game_id: str) -> int:
        seed = self._seeds.get(game_id)
        if seed is None:
            with self.service.db.session() as session:
                seed = session.scalar(select(GameRow.seed).where(GameRow.id == game_id))
            if seed is None:
                raise RuntimeError(f"game {game_id} has no row")
            if len(self._seeds) > 10_000:
                self._seeds.clear()
            self._seeds[game_id] = seed
        return seed

    def notify(self, game_id: str, version: int, local: bool = False) -> None:
        if game_id in self._tasks:
            self._again.add(game_id)  # look once more when the current move is done
            return
        if local:
            # Published by this process: the cache holds that version (or a newer one),
            # so a game where no server seat is to act costs no thread hop and no query.
            snap = self.service.cache.peek(game_id)
            if snap is not None and snap.version >= version and self._bot_to_act(snap) is None:
                return
        self._tasks[game_id] = asyncio.create_task(self._play(game_id), name=f"bot-{game_id}")

    async def _play(self, game_id: str) -> None:
        failures = 0
        try:
            while True:
                self._again.discard(game_id)
                try:
                    await self._move(game_id)
                except DATABASE_FAILURES as exc:
                    # Nothing else would wake this game (on SQLite no hub announces it
                    # again): it waited for its bot until a restart. Whether the move was
                    # applied or not, the next look at the game tells.
                    failures += 1
                    database_failed(log, f"bot in game {game_id} will try again", exc)
                    await self.sleep(retry_after(failures))
                    continue
                failures = 0
                if game_id not in self._again:
                    return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot in game %s failed", game_id)
        finally:
            self._tasks.pop(game_id, None)

    async def _move(self, game_id: str) -> None:
        async with self._slots:
            snap = await run_in_threadpool(self.service.snapshot, game_id)
        seat = self._bot_to_act(snap)
        if seat is None:
            return
        if self.delay:
            await asyncio.sleep(self.delay)
        async with self._slots:
            await run_in_threadpool(self._decide_and_post, game_id, seat, snap.version)

    @staticmethod
    def _bot_to_act(snap: Snapshot) -> int | None:
        for seat in snap.server_seats:  # bot seats, and seats a bot stands in for
            if snap.must_act(seat):
                return seat
        return None

    def choose_for(self, snap: Snapshot, seat: int) -> dict[str, Any]:
        """The action ``seat``'s bot plays at ``snap`` (any seat that must act: the clock
        runner asks it for a seat whose correspondence clock ran out, a human seat, so
        medium). Blocking while a hard bot searches."""
        view, legal = snap.view(seat), snap.legal_actions(seat)
        rng = bot_rng(self._secret_seed(snap.game_id), snap.game_id, seat, snap.version)
        if self.policy is not None:
            return self.policy(view, legal, rng)
        return self.thinker.choose(snap.bot_level(seat), view, legal, rng)

    def _decide_and_post(self, game_id: str, seat: int, version: int) -> None:
        snap = self.service.snapshot(game_id)
        if snap.version != version or not snap.must_act(seat):
            return  # someone moved meanwhile; the hub will wake us for the new state
        action = self.choose_for(snap, seat)
        try:
            self.service.act(Caller(game_id, seat), version, action)
        except ApiError as err:
            if isinstance(err, CommitUnknown):
                raise
            if err.code != "stale_version":
                # Only the code: the engine's message may name the bot's hidden tiles or
                # dolmens, which are for its seat, not for the server log.
                log.warning("bot %s/%s refused: %s", game_id, seat, err.code)
