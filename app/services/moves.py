"""Moves and take-backs: load → replay → apply → write, then publish. The engine is the only
judge of the rules; this adds which version a move was based on (the optimistic lock) and
that a refused move writes nothing and leaves the cache as it was.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from sqlalchemy import Connection, bindparam, insert, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.core.errors import ApiError
from app.core.threads import in_thread
from app.db.models import GameRow, utcnow
from app.db.session import WriteWouldWait
from app.services import clocks, ratings
from app.services.base import ACTIONS, GAMES, Caller, ServiceBase
from app.services.results import table_result
from app.services.snapshots import UNDO_ENTRY, Snapshot
from engines.core import Event, IllegalAction, State

log = logging.getLogger(__name__)

BUMP = (
    update(GAMES)
    .where(
        GameRow.id == bindparam("game_id"),
        GameRow.version == bindparam("seen"),
        GameRow.seats_revision == bindparam("seen_seats"),
    )
    .values(
        version=GameRow.version + 1,
        status=bindparam("status"),
        updated_at=bindparam("now"),
        last_move_at=bindparam("now"),
        clock=bindparam("clock"),
        deadline=bindparam("deadline"),
    )
)
"""The optimistic lock: only the writer that saw ``version`` moves it on. The seats revision
too: a release committed by another process after this transaction checked the token (on
PostgreSQL's read committed) makes the action stale instead of letting the old token act."""


INSERT_ACTION = insert(ACTIONS)


class _CacheBehind(Exception):
    """The cached snapshot a write trusted is not the database's any more (nothing written)."""


class _NotNow(Exception):
    """A write on the event loop's thread would have to read the game again afterwards
    (nothing written): a worker thread does it (``GameService._write_entry_now``)."""


Change = Callable[[State], tuple[list[Event], dict[str, Any]]]
"""What an entry does to a clone of the game's state: its events, and the row's JSON."""


def _playing(caller: Caller, action: Mapping[str, Any]) -> Change:
    """The change of ``GameService.act``: the caller's seat plays ``action``."""

    def play(state: State) -> tuple[list[Event], dict[str, Any]]:
        parsed = state.parse_action(action)  # once: ``apply`` takes it as it is
        return state.apply(caller.seat, parsed), parsed.model_dump(mode="json")

    return play


def _taking_back(caller: Caller) -> Change:
    """The change of ``GameService.take_back_on_loop``: the caller's seat's last action
    undone."""

    def take_back(state: State) -> tuple[list[Event], dict[str, Any]]:
        return state.undo(caller.seat), dict(UNDO_ENTRY)

    return take_back


class Moves(ServiceBase):
    """The write path: a seat's move or take-back checked by the engine on a clone of the
    cached state, written under the version's optimistic lock, then published."""

    def act(
        self, caller: Caller, version: int, action: Mapping[str, Any]
    ) -> tuple[Snapshot, list[Event]]:
        """Apply ``action`` for the caller's seat if the game is still at ``version``.

        One transaction: check the version, apply on a clone of the cached state (the engine
        validates and refuses), insert the action row with ``seq = version + 1`` and bump the
        version with ``UPDATE ... WHERE version = :v``. Any failure writes nothing and leaves
        the cache as it was.
        """
        return self._write_entry(caller, version, _playing(caller, action))

    def play_for_lapsed_clock(
        self, game_id: str, seat: int, version: int, action: Mapping[str, Any]
    ) -> Snapshot:
        """The server's bot's ``action`` for ``seat``, whose correspondence clock ran out at
        ``version``: written as ``act`` writes a move, in the same transaction as the table
        event ``clock_expired``, and only if the seat's time is still up at that version
        (409 ``stale_version`` otherwise: another process wrote it, or the game moved on).
        Nothing else claims the expiry, so it is never written without its move."""
        caller = Caller(game_id, seat)
        new, _ = self._write_entry(caller, version, _playing(caller, action), lapsed=True)
        return new

    async def act_on_loop(
        self, caller: Caller, version: int, action: Mapping[str, Any]
    ) -> tuple[Snapshot, list[Event]]:
        """``act``, called from the event loop: right here when it cannot wait
        (``_write_entry_now``), else in a worker thread."""
        return await self._write_entry_on_loop(caller, version, _playing(caller, action))

    async def take_back_on_loop(self, caller: Caller, version: int) -> tuple[Snapshot, list[Event]]:
        """Take back the caller's seat's last action, if the engine allows it now
        (``State.can_undo``; 409 ``not_undoable`` with its reason otherwise), as ``act``
        does an action: a row of its own (``UNDO_ENTRY``), the next version, published.
        Called from the event loop, and written as ``act_on_loop`` writes a move."""
        return await self._write_entry_on_loop(caller, version, _taking_back(caller))

    async def _write_entry_on_loop(
        self, caller: Caller, version: int, change: Change
    ) -> tuple[Snapshot, list[Event]]:
        done = self._write_entry_now(caller, version, change)
        if done is None:
            done = await in_thread(self._write_entry, caller, version, change)
        return done

    def _write_entry_now(
        self, caller: Caller, version: int, change: Change
    ) -> tuple[Snapshot, list[Event]] | None:
        """``_write_entry`` on the event loop's own thread, or ``None`` (nothing written,
        nothing refused) where that could wait: on PostgreSQL (every statement a round
        trip), for a game the cache does not hold at ``version`` (a read first), when
        another write holds SQLite (``Database.writing_now``), and for a timed-out seat's
        return (the game read again after the write). A worker thread then does it all.
        A refusal (``ApiError``) is final either way."""
        cached = self._cached_at(caller.game_id, version) if self.db.sqlite else None
        if cached is None:
            return None
        try:
            return self._write_once(None, caller, version, change, cached, on_loop=True)
        except (_CacheBehind, _NotNow, WriteWouldWait):
            return None

    def _write_entry(
        self, caller: Caller, version: int, change: Change, *, lapsed: bool = False
    ) -> tuple[Snapshot, list[Event]]:
        """The one write path of the action log: ``change`` a clone of the state at
        ``version`` (it returns the events and the row's ``action`` JSON), then write.

        When the cache already holds the game at ``version``, the write trusts it without
        reading the game's head first: the optimistic lock (``BUMP``) checks the version and
        the seats revision anyway, and every change that matters here moves one of them
        (joins, releases, stand-ins, abandoning: the revision; actions: the version); at one
        version the engine's verdict is the same, since the state is the log's replay.
        Should the lock miss (another process moved the game on, so the cache was behind),
        the whole write runs once more from the database, as it always did. Only that read
        opens an ORM session: a cached game's move needs none (opening and closing one was
        about a fiftieth of a move)."""
        cached = self._cached_at(caller.game_id, version)
        if cached is not None:
            try:
                return self._write_once(None, caller, version, change, cached, lapsed=lapsed)
            except _CacheBehind:
                pass
        with self.db.session() as session:
            return self._write_once(session, caller, version, change, None, lapsed=lapsed)

    def _cached_at(self, game_id: str, version: int) -> Snapshot | None:
        """The cached game, if it is in play at ``version`` (a move's write may trust it)."""
        cached = self.cache.peek(game_id)
        if cached is None or cached.version != version or cached.status != "running":
            return None
        return cached

    def _write_once(
        self,
        session: Session | None,
        caller: Caller,
        version: int,
        change: Change,
        cached: Snapshot | None,
        on_loop: bool = False,
        lapsed: bool = False,
    ) -> tuple[Snapshot, list[Event]]:
        """``_write_entry`` on ``cached`` (raising ``_CacheBehind`` if the database is not
        at its version and seats revision), or on the game as the database has it, read in
        ``session`` (``None`` with ``cached``). ``on_loop``: on the event loop's thread
        (``_write_entry_now``), raising ``_NotNow`` before anything is written where the
        write would have to read the game again. ``lapsed``: the bot's move for the seat's
        lapsed correspondence clock (``play_for_lapsed_clock``)."""
        game_id, seat = caller.game_id, caller.seat
        try:
            with self._entry_transaction(session, game_id, cached, on_loop) as (conn, snap):
                caller = self.confirm(conn, caller, snap.seats_revision)
                if snap.status == "abandoned":
                    raise ApiError(
                        "game_abandoned", "the host has abandoned this game: nothing more is played"
                    )
                if snap.status == "open":
                    raise ApiError("game_not_started", "the game starts once every seat is taken")
                if version != snap.version:
                    raise ApiError(
                        "stale_version",
                        f"the game is at version {snap.version}; "
                        f"your action was based on version {version}",
                    )
                clocks.refuse_resigned(snap, caller)
                if lapsed:
                    clocks.lapsed_seat(snap, seat, self.clocks.now())
                state = snap.state.clone()
                events, stored = change(state)
                if stored == UNDO_ENTRY:
                    clocks.refuse_server_move(snap, caller)
                status = "over" if state.is_over else snap.status
                now = utcnow()
                clock, deadline, back = clocks.entry_clock(
                    snap, state, status, caller, stored, self.clocks.now()
                )
                if back and on_loop:
                    raise _NotNow
                bumped = conn.execute(
                    BUMP,
                    {
                        "game_id": game_id,
                        "seen": version,
                        "seen_seats": snap.seats_revision,
                        "status": status,
                        "now": now,
                        "clock": clock,
                        "deadline": deadline,
                    },
                )
                if bumped.rowcount != 1:
                    if cached is not None:
                        raise _CacheBehind
                    raise ApiError("stale_version", "the game changed meanwhile; look again")
                conn.execute(
                    INSERT_ACTION,
                    {
                        "game_id": game_id,
                        "seq": version + 1,
                        "seat": seat,
                        "action": stored,
                        "created_at": utcnow(),
                        "by_server": caller.token_hash is None,
                    },
                )
                if back:  # a live timeout's seat is its player's again
                    clocks.mark_back(conn, game_id, seat, version + 1)
                if lapsed:
                    clocks.mark_expired(conn, game_id, seat, version)
                if status == "over" and snap.rated:  # the game's end: its ratings, once
                    resigned = (s.seat for s in snap.seats if s.stand_in == "resigned")
                    result = table_result(state.outcome(), resigned)
                    ratings.apply_game(conn, game_id, snap.kind, result, now)
        except IllegalAction as exc:
            raise ApiError.from_illegal(exc) from None
        except IntegrityError:
            raise ApiError("stale_version", "another action was applied first") from None
        if back or lapsed:
            new = self.snapshot(game_id) if session is None else self.load(session, game_id)
        else:
            by_server = caller.token_hash is None
            new = snap.advanced(state, seat, events, status, now, clock, deadline, by_server)
            self.cache.put(new)
        self.hub.publish(game_id, new.version)
        return new, events

    @contextlib.contextmanager
    def _entry_transaction(
        self, session: Session | None, game_id: str, cached: Snapshot | None, on_loop: bool
    ) -> Iterator[tuple[Connection, Snapshot]]:
        """The write transaction of one entry, and the game it starts from. With the game
        cached (every move of a game in play) on a connection of its own, without the ORM
        session's bookkeeping (``Database.writing``); otherwise in ``session``, after
        reading the game in it."""
        if cached is None:
            assert session is not None, "a game read from the database is read in a session"
            with self.db.write(session):
                yield session.connection(), self.cache.load(session, game_id)
            return
        with self.db.writing_now() if on_loop else self.db.writing() as conn:
            yield conn, cached
