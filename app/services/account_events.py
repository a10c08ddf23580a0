"""One event stream per account (issue 39; docs/API.md, "Event stream"): everything a bot
needs to play all its games over one connection — ``game_started`` (with the seat's
token), ``your_turn``, ``game_over`` — and the challenges to it or by it.

The stream keeps no queue of its own: a notice (a change of one of the account's games,
or an account notice after a join or a challenge, app/hub) wakes it, and it reads what is
true now from the database and sends what it has not sent yet. So the first pass, right
after connecting, sends the current state (every live game, ``your_turn`` where the game
waits for the account), a reconnecting bot misses nothing, and the same works over several
server processes (the hub carries the notices, the database the facts). It subscribes
before it reads, so no change falls between the two.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.core.threads import in_thread
from app.db.models import ChallengeRow, GameRow, SeatRow, SeekRow
from app.services.games import GameService

LIVE = ("open", "running")

ChallengeReader = Callable[
    [Session, int, Iterable[int]], tuple[dict[int, dict[str, Any]], dict[int, str]]
]
"""The open challenges to an account by id, and the statuses of those given that are no
longer open (``Challenges.for_stream``, app/services/challenges.py)."""


@dataclass(slots=True)
class Seat:
    """What the stream has told about one seat of the account."""

    started: bool = False
    turn_version: int = -1
    """The version a ``your_turn`` was last sent for."""


@dataclass(slots=True)
class Pending:
    """What notices since the last pass asked to read again."""

    account: bool = True
    games: set[str] = field(default_factory=set)
    seeks: bool = False
    """The public list of seeks changed (only for a stream that asked for it)."""


class AccountEvents:
    """The stream of one account: ``messages()`` yields its messages until it is closed."""

    def __init__(
        self,
        service: GameService,
        account_id: int,
        keepalive: float,
        challenges: ChallengeReader | None = None,
        still_valid: Callable[[Session], bool] | None = None,
        seeks: bool = False,
    ) -> None:
        self.service = service
        self.tell_seeks = seeks
        """Send ``seeks_changed`` when the public list of seeks changes (``?seeks=true``)."""
        self.still_valid = still_valid
        """Whether the token (or the session cookie) that opened the stream still holds:
        asked at every pass and keep-alive, so revoking it ends the stream soon."""
        self.hub = service.hub
        self.account_id = account_id
        self.keepalive = keepalive
        self.read_challenges = challenges
        self.seats: dict[tuple[str, int], Seat] = {}
        self.challenges: dict[int, dict[str, Any]] = {}
        self.pending = Pending()
        self.wake = asyncio.Event()
        self.watching: dict[str, Callable[[], None]] = {}

    # ---- notices (on the event loop) -------------------------------------------------------

    def _account_notice(self, _key: str, _value: int) -> None:
        self.pending.account = True
        self.wake.set()

    def _seeks_notice(self, _key: str, _value: int) -> None:
        self.pending.seeks = True
        self.wake.set()

    def _game_notice(self, game_id: str, _version: int, _local: bool) -> None:
        self.pending.games.add(game_id)
        self.wake.set()

    # ---- the stream -----------------------------------------------------------------------

    async def messages(self) -> AsyncIterator[dict[str, Any]]:
        unsubscribe = self.hub.subscribe_account(self.account_id, self._account_notice)
        unsubscribe_seeks = (
            self.hub.subscribe_seeks(self._seeks_notice) if self.tell_seeks else lambda: None
        )
        caught_up = False
        try:
            while True:
                pending, self.pending = self.pending, Pending(account=False)
                self.wake.clear()
                messages = await in_thread(self._pass, pending)
                if messages is None:
                    yield {"type": "closed", "code": "bot_token_invalid"}
                    return
                self._watch_tracked()
                for message in messages:
                    yield message
                if pending.seeks and caught_up:  # before ready, the client reads the list
                    yield {"type": "seeks_changed"}
                if self.pending.account or self.pending.games or self.pending.seeks:
                    continue
                if not caught_up:
                    caught_up = True
                    yield {"type": "ready"}  # the current state is sent: changes follow
                try:
                    await asyncio.wait_for(self.wake.wait(), timeout=self.keepalive)
                except TimeoutError:
                    yield {"type": "keep_alive"}  # and the next pass checks the token
        finally:
            unsubscribe()
            unsubscribe_seeks()
            for stop in self.watching.values():
                stop()
            self.watching.clear()

    def _watch_tracked(self) -> None:
        """Subscribe to the games the stream tracks now (and no others). A game watched
        for the first time is read once more: it may have changed before the subscription."""
        games = {game_id for game_id, _ in self.seats}
        for game_id in list(self.watching):
            if game_id not in games:
                self.watching.pop(game_id)()
        for game_id in games - set(self.watching):
            self.watching[game_id] = self.hub.subscribe_changes(game_id, self._game_notice)
            self.pending.games.add(game_id)

    # ---- one pass (in a worker thread) ------------------------------------------------------

    def _pass(self, pending: Pending) -> list[dict[str, Any]] | None:
        """What to send now; ``None`` when the stream's token no longer holds."""
        messages: list[dict[str, Any]] = []
        with self.service.db.session() as session:
            if self.still_valid is not None and not self.still_valid(session):
                return None
            games = set(pending.games)
            if pending.account:
                for row in session.execute(
                    select(SeatRow.game_id, SeatRow.seat)
                    .join(GameRow, GameRow.id == SeatRow.game_id)
                    .where(SeatRow.account_id == self.account_id, GameRow.status.in_(LIVE))
                ):
                    self.seats.setdefault((row.game_id, row.seat), Seat())
                    games.add(row.game_id)
                if self.read_challenges is not None:
                    messages += self._challenge_changes(
                        *self.read_challenges(session, self.account_id, list(self.challenges))
                    )
            for game_id in sorted(games):
                messages += self._game(session, game_id)
            session.commit()
        return messages

    def _challenge_changes(
        self, now: dict[int, dict[str, Any]], closed: dict[int, str]
    ) -> list[dict[str, Any]]:
        messages: list[dict[str, Any]] = [
            {"type": "challenge_offered", "challenge": challenge}
            for challenge_id, challenge in now.items()
            if challenge_id not in self.challenges
        ]
        for challenge_id, status in closed.items():
            # An accepted one is told by its game_started; the others closed unplayed.
            if status != "accepted" and status != "starting":
                messages.append(
                    {"type": "challenge_withdrawn", "challenge_id": challenge_id, "status": status}
                )
        self.challenges = now
        return messages

    def _game(self, session: Session, game_id: str) -> list[dict[str, Any]]:
        mine = [key for key in self.seats if key[0] == game_id]
        if not mine:
            return []
        rows = {
            r.seat: r
            for r in session.scalars(
                select(SeatRow).where(
                    SeatRow.game_id == game_id, SeatRow.account_id == self.account_id
                )
            )
        }
        snap = self.service.load(session, game_id)
        messages: list[dict[str, Any]] = []
        for key in mine:
            seat = key[1]
            told = self.seats[key]
            row = rows.get(seat)
            if row is None or row.joined_at is None:  # given back: no longer the account's
                del self.seats[key]
                continue
            if snap.status in ("running", "over") and not told.started:
                told.started = True
                token = self.service.seat_tokens.token(
                    session, game_id, seat, self.account_id, row.joined_at
                )
                challenge = session.scalar(
                    select(ChallengeRow.id).where(ChallengeRow.game_id == game_id)
                )
                seek = session.scalar(select(SeekRow.id).where(SeekRow.game_id == game_id))
                messages.append(
                    {
                        "type": "game_started",
                        "game_id": game_id,
                        "kind": snap.kind,
                        "num_seats": snap.num_seats,
                        "seat": seat,
                        "token": token,
                        "rated": snap.rated,
                        "challenge_id": challenge,
                        "seek_id": seek,
                        "link": f"/play/{game_id}",
                    }
                )
            if snap.status == "running":
                waiting = seat in snap.to_act() and row.stand_in is None
                if waiting and snap.version > told.turn_version:
                    told.turn_version = snap.version
                    messages.append(
                        {
                            "type": "your_turn",
                            "game_id": game_id,
                            "seat": seat,
                            "version": snap.version,
                        }
                    )
            elif snap.status in ("over", "abandoned"):
                del self.seats[key]
                result = snap.result().to_json() if snap.status == "over" else None
                messages.append(
                    {
                        "type": "game_over",
                        "game_id": game_id,
                        "seat": seat,
                        "status": snap.status,
                        "result": result,
                    }
                )
        return messages


async def ndjson(events: AsyncIterator[dict[str, Any]]) -> AsyncIterator[bytes]:
    """NDJSON: one JSON object a line."""
    async for message in events:
        yield (json.dumps(message, separators=(",", ":"), default=str) + "\n").encode()
