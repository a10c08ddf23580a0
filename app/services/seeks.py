"""Seeks (issue 39, item 5; docs/API.md, "Seeks"): an account (a person or a bot) puts a
game in a public list — "a rated 3-player Dolmengötter game, 1 day per move" — and other
accounts join it; the join that fills the last place makes the game, everyone seated in
random order (the game-making is the challenges', ``start_game``). After
``SEEK_FILL_MINUTES`` its creator may fill the free places with the server's bots.

Which join is the last is decided under the seek row's lock (``FOR UPDATE`` on
PostgreSQL; SQLite's writes take turns anyway), so two accounts joining the last place at
once make one game, and the second is told the seek is full.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from app.core.errors import ApiError
from app.db.models import AccountRow, SeekRow, SeekSeatRow, utcnow
from app.services.challenges import OPEN, start_game
from app.services.games import GameService
from app.services.seating import SeatSpec
from app.services.sessions import SignedIn
from app.services.snapshots import as_utc

log = logging.getLogger(__name__)

MAX_OPEN = 3
"""Open seeks one account may sit in at once (made or joined)."""


def _unknown(seek_id: int) -> ApiError:
    return ApiError("unknown_seek", f"there is no open seek {seek_id}")


def _not_yours(seek_id: int, what: str) -> ApiError:
    return ApiError("not_your_seek", f"only the account that made seek {seek_id} may {what} it")


class Seeks:
    """Making, joining, leaving, withdrawing and filling seeks; the game they start."""

    def __init__(self, service: GameService, fill_minutes: float) -> None:
        self.service = service
        self.db = service.db
        self.hub = service.hub
        self.fill_after = timedelta(minutes=fill_minutes)
        self.random = secrets.SystemRandom()
        """The seats' order: the server's own randomness, as the game's draws use."""
        self.now: Callable[[], datetime] = utcnow
        """The clock the fill's wait is measured by (tests set their own)."""

    # ---- views -------------------------------------------------------------------------

    def _views(self, session: Session, rows: Iterable[SeekRow]) -> list[dict[str, Any]]:
        rows = list(rows)
        if not rows:
            return []
        players: dict[int, list[str]] = {r.id: [] for r in rows}
        creator = {r.id: r.from_id for r in rows}
        for seek_id, account_id, name in session.execute(
            select(SeekSeatRow.seek_id, SeekSeatRow.account_id, AccountRow.name)
            .join(AccountRow, AccountRow.id == SeekSeatRow.account_id)
            .where(SeekSeatRow.seek_id.in_(players))
            .order_by(SeekSeatRow.seek_id, SeekSeatRow.joined_at, AccountRow.name_key)
        ):
            # Its creator first, even when someone joined within the same clock tick.
            if account_id == creator[seek_id]:
                players[seek_id].insert(0, name)
            else:
                players[seek_id].append(name)
        creators: dict[int, str] = {
            account_id: name
            for account_id, name in session.execute(
                select(AccountRow.id, AccountRow.name).where(
                    AccountRow.id.in_({r.from_id for r in rows})
                )
            )
        }
        return [
            {
                "id": r.id,
                "from": creators.get(r.from_id),
                "players": players[r.id],
                "free": r.num_seats - len(players[r.id]) if r.status == OPEN else 0,
                "kind": r.kind,
                "num_seats": r.num_seats,
                "time_control": r.time_control or {"type": "none"},
                "rated": r.rated,
                "status": r.status,
                "game_id": r.game_id,
                "created_at": as_utc(r.created_at).isoformat(),
                "fill_at": (as_utc(r.created_at) + self.fill_after).isoformat(),
            }
            for r in rows
        ]

    def listed(self, session: Session) -> list[dict[str, Any]]:
        """``GET /api/seeks``: every open seek, oldest first."""
        rows = session.scalars(
            select(SeekRow).where(SeekRow.status == OPEN).order_by(SeekRow.id)
        ).all()
        views = self._views(session, rows)
        session.commit()
        return views

    def view(self, session: Session, seek_id: int) -> dict[str, Any]:
        row = session.get(SeekRow, seek_id, populate_existing=True)
        if row is None:
            raise _unknown(seek_id)
        view = self._views(session, [row])[0]
        session.commit()
        return view

    # ---- making ------------------------------------------------------------------------

    def _check_limit(self, session: Session, account_id: int) -> None:
        sitting = session.scalar(
            select(func.count())
            .select_from(SeekSeatRow)
            .join(SeekRow, SeekRow.id == SeekSeatRow.seek_id)
            .where(SeekSeatRow.account_id == account_id, SeekRow.status == OPEN)
        )
        if (sitting or 0) >= MAX_OPEN:
            raise ApiError(
                "too_many_seeks",
                f"you are in {MAX_OPEN} open seeks: leave or withdraw one, or wait for them "
                "to start",
            )

    def make(
        self,
        session: Session,
        caller: SignedIn,
        kind: str,
        num_seats: int,
        time_control: dict[str, Any] | None,
        rated: bool,
    ) -> dict[str, Any]:
        """A new seek by ``caller``, who holds its first place. 404 ``unknown_kind``, 422
        ``bad_player_count``, 409 ``too_many_seeks``."""
        game = self.service.game(kind)
        if not game.min_players <= num_seats <= game.max_players:
            raise ApiError(
                "bad_player_count",
                f"{kind} takes {game.min_players} to {game.max_players} players, not {num_seats}",
            )
        with self.db.write(session):
            self._check_limit(session, caller.account_id)
            now = self.now()
            row = SeekRow(
                from_id=caller.account_id,
                kind=kind,
                num_seats=num_seats,
                time_control=time_control,
                rated=rated,
                status=OPEN,
                created_at=now,
                updated_at=now,
            )
            session.add(row)
            session.flush()
            session.add(SeekSeatRow(seek_id=row.id, account_id=caller.account_id, joined_at=now))
            session.flush()
            view = self._views(session, [row])[0]
        log.info("seek %d made by account %d", row.id, caller.account_id)
        self.hub.publish_seeks()
        return view

    # ---- joining, leaving, withdrawing ---------------------------------------------------

    def _locked(self, session: Session, seek_id: int) -> SeekRow:
        """The seek, locked for this write; 404 ``unknown_seek`` when there is none, 409
        ``seek_closed`` when it is no longer open."""
        row = session.scalars(
            select(SeekRow).where(SeekRow.id == seek_id).with_for_update()
        ).one_or_none()
        if row is None:
            raise _unknown(seek_id)
        if row.status != OPEN:
            raise ApiError("seek_closed", f"seek {seek_id} is {row.status}: it takes no change")
        return row

    def _members(self, session: Session, seek_id: int) -> list[int]:
        return list(
            session.scalars(
                select(SeekSeatRow.account_id)
                .where(SeekSeatRow.seek_id == seek_id)
                .order_by(SeekSeatRow.joined_at)
            )
        )

    def join(self, session: Session, caller: SignedIn, seek_id: int) -> dict[str, Any]:
        """The caller takes a free place (409 ``already_in_seek``, ``too_many_seeks``,
        ``seek_closed``). The join that fills the last place makes the game; the answer
        then carries its ``game_id``."""
        with self.db.write(session):
            row = self._locked(session, seek_id)
            members = self._members(session, seek_id)
            if caller.account_id in members:
                raise ApiError("already_in_seek", f"you are in seek {seek_id} already")
            self._check_limit(session, caller.account_id)
            session.add(
                SeekSeatRow(seek_id=seek_id, account_id=caller.account_id, joined_at=self.now())
            )
            members.append(caller.account_id)
            full = len(members) >= row.num_seats
            row.status = "starting" if full else OPEN
            row.updated_at = utcnow()
        if full:
            try:
                self._start(session, row, [SeatSpec(reserved_for=a) for a in members])
            except Exception:
                with self.db.write(session):  # the seek is open again, without this join
                    session.execute(
                        delete(SeekSeatRow).where(
                            SeekSeatRow.seek_id == seek_id,
                            SeekSeatRow.account_id == caller.account_id,
                        )
                    )
                raise
        self._tell(members)
        return self.view(session, seek_id)

    def leave(self, session: Session, caller: SignedIn, seek_id: int) -> dict[str, Any]:
        """A joiner gives its place back (409 ``not_in_seek``; its creator withdraws it
        instead: 400 ``bad_request``)."""
        with self.db.write(session):
            row = self._locked(session, seek_id)
            if row.from_id == caller.account_id:
                raise ApiError("bad_request", "you made this seek: withdraw it instead")
            place = session.get(SeekSeatRow, (seek_id, caller.account_id))
            if place is None:
                raise ApiError("not_in_seek", f"you are not in seek {seek_id}")
            session.delete(place)
            row.updated_at = utcnow()
            told = self._members(session, seek_id)
        self._tell([*told, caller.account_id])
        return self.view(session, seek_id)

    def withdraw(self, session: Session, caller: SignedIn, seek_id: int) -> None:
        """The creator takes its open seek out of the list (403 ``not_your_seek``)."""
        with self.db.write(session):
            row = self._locked(session, seek_id)
            if row.from_id != caller.account_id:
                raise _not_yours(seek_id, "withdraw")
            row.status = "withdrawn"
            row.updated_at = utcnow()
            told = self._members(session, seek_id)
        self._tell(told)

    # ---- filling with the server's bots ----------------------------------------------------

    def fill(
        self, session: Session, caller: SignedIn, seek_id: int, levels: Sequence[str]
    ) -> dict[str, Any]:
        """The creator gives each free place to the server's bot of one of ``levels``
        (one level per free place; in a rated game each level once, as its account holds
        the seat) and the game starts. 403 ``not_your_seek``, 409 ``fill_too_early``
        before ``SEEK_FILL_MINUTES`` passed since the seek was made, 400 ``bad_request``
        for levels that do not match the free places."""
        with self.db.write(session):
            row = self._locked(session, seek_id)
            if row.from_id != caller.account_id:
                raise _not_yours(seek_id, "fill")
            fill_at = as_utc(row.created_at) + self.fill_after
            if self.now() < fill_at:
                raise ApiError(
                    "fill_too_early",
                    f"seek {seek_id} may be filled with bots from {fill_at.isoformat()}",
                )
            members = self._members(session, seek_id)
            free = row.num_seats - len(members)
            if len(levels) != free:
                raise ApiError(
                    "bad_request",
                    f"seek {seek_id} has {free} free place(s): name one bot level for each, "
                    f"not {len(levels)}",
                )
            if row.rated and len(set(levels)) != len(levels):
                raise ApiError(
                    "bad_request",
                    "a rated game seats each account once: each server bot level at most once",
                )
            row.status = "starting"
            row.updated_at = utcnow()
        players = [SeatSpec(reserved_for=a) for a in members]
        players += [SeatSpec(bot=True, level=level) for level in levels]
        self._start(session, row, players)
        self._tell(members)
        return self.view(session, seek_id)

    # ---- the game ------------------------------------------------------------------------

    def _start(self, session: Session, row: SeekRow, players: list[SeatSpec]) -> None:
        """The seek's game (``start_game``), its status ``starting`` already committed."""
        seek_id = row.id
        game_id = start_game(self.service, session, self.random, row, players, "started")
        log.info("seek %d full: game %s", seek_id, game_id)

    def _tell(self, accounts: Iterable[int]) -> None:
        """Wake the streams of the seek's accounts, and those that watch the list."""
        for account_id in accounts:
            self.hub.publish_account(account_id)
        self.hub.publish_seeks()
