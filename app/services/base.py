"""The ground every concern of a game's service stands on: reading a game, and who calls
(a seat's token, the host's).
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import Connection, Table, bindparam, func, select
from sqlalchemy.orm import Session

from app.core.errors import ApiError
from app.core.security import hash_token
from app.db.models import ActionRow, GameRow, SeatRow, utcnow
from app.db.session import Database
from app.hub.base import Hub
from app.services import clocks
from app.services.seat_tokens import SeatTokens
from app.services.snapshots import Snapshot, StateCache, as_utc, fairness_of, seat_infos
from engines.core import Game

log = logging.getLogger(__name__)

# The write path's statements, built once (Core, not ORM: this is the hot path).
GAMES, ACTIONS, SEATS = (cast(Table, row.__table__) for row in (GameRow, ActionRow, SeatRow))


UNKNOWN_TOKEN = "this seat token is not valid (its seat may have been given back)"


SEAT_OF_TOKEN = (
    select(SeatRow.game_id, SeatRow.seat, GameRow.seats_revision)
    .join(GameRow, GameRow.id == SeatRow.game_id)
    .where(SeatRow.token_hash == bindparam("digest"))
)
"""A token's seat and the revision it was read at, in one statement (one snapshot)."""


@dataclass(frozen=True, slots=True)
class Caller:
    """Whoever a seat token belongs to.

    ``token_hash`` and ``seats_revision`` say which token was checked and at which revision
    of the game's seats; a caller checked at another revision than the game's now is checked
    again (``confirm``), since a release in any process may have taken the seat away.
    The server's own bots have no token.
    """

    game_id: str
    seat: int
    token_hash: str | None = None
    seats_revision: int = -1


def _game_row(session: Session, game_id: str) -> GameRow:
    """The game's row, read afresh inside a write (404 ``unknown_game``)."""
    game = session.get(GameRow, game_id, populate_existing=True)
    if game is None:
        raise ApiError("unknown_game", f"there is no game {game_id!r}")
    return game


def _seat_no(row: SeatRow) -> int:
    return row.seat


def _check_seat(game: GameRow, seat: int) -> None:
    if not 0 <= seat < game.num_seats:
        raise ApiError(
            "unknown_seat", f"game {game.id} has seats 0 to {game.num_seats - 1}, not {seat}"
        )


def _seat_row(session: Session, game: GameRow, seat: int) -> SeatRow:
    """The row of ``seat`` of ``game``, read inside a write (404 ``unknown_seat``)."""
    _check_seat(game, seat)
    return session.scalars(
        select(SeatRow).where(SeatRow.game_id == game.id, SeatRow.seat == seat)
    ).one()


class ServiceBase:
    """What every concern of a game's service shares: the database, the engines, the hub and
    the cache, reading a game, and knowing who calls (seat tokens, the host's token). The
    concerns (seating.py, reveals.py, moves.py, presence.py) build on it; ``GameService``
    (games.py) puts them together and holds the state below."""

    db: Database
    games: dict[str, Game]
    hub: Hub
    cache: StateCache
    _tokens: dict[str, Caller]
    _tokens_lock: threading.Lock
    away_seconds: float
    stale_seconds: float
    rematch_window: timedelta
    idle_after: timedelta | None
    reveal_window: timedelta
    clocks: clocks.ClockService
    now: Callable[[], datetime]
    seat_tokens: SeatTokens

    # ---- kinds ------------------------------------------------------------------------

    def game(self, kind: str) -> Game:
        try:
            return self.games[kind]
        except KeyError:
            known = ", ".join(sorted(self.games))
            raise ApiError(
                "unknown_kind", f"there is no game kind {kind!r}; known: {known}"
            ) from None

    # ---- reading ----------------------------------------------------------------------

    def load(self, session: Session, game_id: str) -> Snapshot:
        """The game as it is in the database now (cached, caught up from the log)."""
        snap = self.cache.load(session, game_id)
        session.commit()  # end the read transaction: WAL keeps old snapshots alive otherwise
        return snap

    def list_games(self, session: Session, status: str | None, limit: int) -> list[dict[str, Any]]:
        """The newest public games: a private table is found only through its links. An
        abandoned game is never listed, nor one idle (no move, no join) for ``idle_after``."""
        query = (
            select(GameRow)
            .where(GameRow.public.is_(True), GameRow.status != "abandoned")
            .order_by(GameRow.created_at.desc())
            .limit(limit)
        )
        if status is not None:
            query = query.where(GameRow.status == status)
        if self.idle_after is not None:
            query = query.where(GameRow.updated_at >= utcnow() - self.idle_after)
        rows = list(session.scalars(query))
        # Whose turn needs the state: running games' snapshots (cached, replayed once).
        running = [r.id for r in rows if r.status == "running"]
        waiting = {game_id: self.cache.load(session, game_id).to_act() for game_id in running}
        seats: dict[str, list[SeatRow]] = {r.id: [] for r in rows}
        if rows:
            for seat in session.scalars(select(SeatRow).where(SeatRow.game_id.in_(list(seats)))):
                seats[seat.game_id].append(seat)
        session.commit()
        return [
            {
                "id": r.id,
                "kind": r.kind,
                "num_seats": r.num_seats,
                "status": r.status,
                "version": r.version,
                "public": r.public,
                "rated": r.rated,
                "allow_bots": r.allow_bots,
                "created_at": as_utc(r.created_at),
                "seats": [s.to_json() for s in seat_infos(seats[r.id])],
                "options": r.options,
                "clock": clocks.clock_view(r.time_control, r.clock, r.deadline),
                **fairness_of(r, sorted(seats[r.id], key=_seat_no)),
                "to_act": waiting.get(r.id, []),
                "last_move_at": as_utc(r.last_move_at) if r.last_move_at else None,
                "rematch_of": r.rematch_of,
            }
            for r in rows
        ]

    # ---- who calls ----------------------------------------------------------------------

    def known_caller(self, game_id: str, token: str) -> Caller | None:
        """``caller`` from memory alone, or ``None`` when the token must be looked up.

        What is remembered was right at its ``seats_revision``; whoever serves the game
        checks that against the game's revision now (``confirm``) before trusting it.
        """
        with self._tokens_lock:
            caller = self._tokens.get(hash_token(token))
        if caller is not None and caller.game_id != game_id:
            raise ApiError("forbidden", "this seat token belongs to another game")
        return caller

    def caller(self, session: Session, game_id: str, token: str) -> Caller:
        """The seat ``token`` acts for in ``game_id``: 401 if unknown, 403 if for another game."""
        caller = self.known_caller(game_id, token)
        if caller is not None:
            return caller
        return self.look_up_caller(session, game_id, token)

    def look_up_caller(self, session: Session, game_id: str, token: str) -> Caller:
        """``caller`` from the database (for a token ``known_caller`` did not know)."""
        digest = hash_token(token)
        row = session.execute(SEAT_OF_TOKEN, {"digest": digest}).one_or_none()
        session.commit()
        if row is None:
            raise ApiError("unauthorized", UNKNOWN_TOKEN)
        caller = Caller(row.game_id, row.seat, digest, row.seats_revision)
        self._remember(caller)
        if caller.game_id != game_id:
            raise ApiError("forbidden", "this seat token belongs to another game")
        return caller

    def confirm(self, session: Session | Connection, caller: Caller, seats_revision: int) -> Caller:
        """``caller``, if its token still holds its seat in a game whose seats are at
        ``seats_revision``; 401 ``unauthorized`` once the seat was released.

        Only a caller remembered from another revision costs a query, so the check is free
        on the hot path and a release made by any process is seen at the next request.
        Does not end the session's transaction: ``apply`` calls it inside its write.
        """
        if caller.token_hash is None or caller.seats_revision == seats_revision:
            return caller
        row = session.execute(SEAT_OF_TOKEN, {"digest": caller.token_hash}).one_or_none()
        if row is None or (row.game_id, row.seat) != (caller.game_id, caller.seat):
            self._forget(caller.token_hash)
            raise ApiError("unauthorized", UNKNOWN_TOKEN)
        fresh = replace(caller, seats_revision=row.seats_revision)
        self._remember(fresh)
        return fresh

    def _remember(self, caller: Caller) -> None:
        if caller.token_hash is None:  # a server bot: nothing to look up by
            return
        with self._tokens_lock:
            if len(self._tokens) > 100_000:
                self._tokens.clear()
            self._tokens[caller.token_hash] = caller

    def _forget(self, token_hash: str | None) -> None:
        if token_hash is None:
            return
        with self._tokens_lock:
            self._tokens.pop(token_hash, None)

    @staticmethod
    def _is_host(game: GameRow, digest: str) -> bool:
        return game.host_token_hash is not None and secrets.compare_digest(
            game.host_token_hash, digest
        )

    @staticmethod
    def _not_host(session: Session, digest: str, what: str) -> ApiError:
        """A seat token, or another game's host token, is known but not allowed: 403.
        Anything else is no token of ours: 401."""
        known = session.scalar(
            select(func.count()).select_from(GameRow).where(GameRow.host_token_hash == digest)
        ) or session.scalar(
            select(func.count()).select_from(SeatRow).where(SeatRow.token_hash == digest)
        )
        if known:
            return ApiError("forbidden", f"only the game's host token can {what}")
        return ApiError("unauthorized", "this is not the host token of this game")

    # ---- the same, each in a session of its own (WebSockets, bots) ------------------------

    def snapshot(self, game_id: str) -> Snapshot:
        with self.db.session() as session:
            return self.load(session, game_id)

    def authenticate(self, game_id: str, token: str) -> Caller:
        with self.db.session() as session:
            return self.caller(session, game_id, token)

    def snapshot_as(self, game_id: str, token: str | None) -> tuple[Snapshot, Caller | None]:
        """``snapshot`` and, given a token, ``authenticate``, in one session (an unknown game
        is refused before the token is looked at)."""
        with self.db.session() as session:
            snap = self.load(session, game_id)
            return snap, self.caller(session, game_id, token) if token else None

    def reconfirm(
        self, caller: Caller, seats_revision: int, session: Session | None = None
    ) -> Caller:
        """``confirm`` in a read of its own: in ``session`` (ended here) or a new one."""
        own_read = self.db.session() if session is None else contextlib.nullcontext(session)
        with own_read as own:
            try:
                return self.confirm(own, caller, seats_revision)
            finally:
                own.commit()
