"""Seats that belong to accounts (issue 38, "My games"; docs/API.md, "My games").

A seat joined while signed in is linked to the account (``seats.account_id``), and its
token is the account's (app/services/seat_tokens.py): any signed-in device of the account
takes the seat up (``access``), with no link and no host. A seat taken anonymously in a
browser is linked later by ``claim``. A free seat may be kept for an account
(``seats.reserved_for``): a friend seated from the create form, or an account the host
invites to a seat given back; only that account joins it (``join_kept``), from My games.
A rematch keeps its seats for the last game's players: an account's old seat keeps its new
one for the account too, whichever device it uses.

Nothing here is on a move's path: the write path still finds a seat by its token's hash.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import and_, or_, select, update
from sqlalchemy.orm import Session

from app.core.errors import ApiError
from app.core.security import hash_token
from app.db.models import GameRow, SeatRow, utcnow
from app.services.account_names import find_account, name_key
from app.services.base import UNKNOWN_TOKEN, Caller, _game_row, _seat_row
from app.services.friends import are_friends
from app.services.games import GameService
from app.services.rematch import Rematches, new_seat
from app.services.seat_tokens import derive
from app.services.seating import (
    CLEAR_CONTRIBUTION,
    check_seat_handed_out,
    game_path,
    seat_given,
)
from app.services.snapshots import as_utc

log = logging.getLogger(__name__)

FINISHED_LISTED = 200
"""My games lists every live game of the account (open or running) and this many of its
newest finished ones (over or abandoned)."""

LIVE = ("open", "running")
FINISHED = ("over", "abandoned")


def _not_your_game(game_id: str) -> ApiError:
    return ApiError("not_your_game", f"your account holds no seat of game {game_id!r}")


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of My games: a seat of the account, or one kept for it."""

    game: GameRow
    seat: int
    invited: bool


class AccountSeats:
    """Claiming, listing, taking up and keeping seats for accounts."""

    def __init__(self, service: GameService, rematches: Rematches) -> None:
        self.service = service
        self.rematches = rematches
        self.db = service.db

    # ---- friends seated at creation ----------------------------------------------------

    def friends_to_seat(self, session: Session, account_id: int, names: list[str]) -> list[int]:
        """The accounts of ``names``, each an accepted friend of ``account_id`` (400
        ``not_a_friend`` otherwise: also for a name nobody has, so nobody learns which
        names exist), in the same order."""
        keys = [name_key(n) for n in names]
        if len(set(keys)) != len(keys):
            raise ApiError("bad_request", "a friend can be seated only once at a table")
        found: list[int] = []
        for name in names:
            friend = find_account(session, name)
            if (
                friend is None
                or friend.disabled_at is not None
                or not are_friends(session, account_id, friend.id)
            ):
                session.commit()
                raise ApiError(
                    "not_a_friend",
                    f"{name!r} is not among your friends: a seat can be kept only for a friend "
                    "who accepted (or an invite link sent to anyone)",
                )
            found.append(friend.id)
        session.commit()
        return found

    # ---- claim --------------------------------------------------------------------------

    def claim(self, session: Session, account_id: int, game_id: str, token: str) -> dict[str, Any]:
        """Link the seat ``token`` holds in ``game_id`` to the account: 404 for an unknown
        game, 401 for a token that holds no seat (403: another game's), 409
        ``seat_has_account`` when another account holds it. Its token becomes the
        account's: the old one stops working at once, in every process and on every open
        WebSocket (closed with 4401, as after a release). Claiming a seat the account holds
        already changes nothing."""
        service = self.service
        snap = service.load(session, game_id)
        caller = service.caller(session, game_id, token)
        service.reconfirm(caller, snap.seats_revision, session)
        secret = service.seat_tokens.secret(session)
        digest = hash_token(token)
        with self.db.write(session):
            game = _game_row(session, game_id)
            row = session.scalars(select(SeatRow).where(SeatRow.token_hash == digest)).one_or_none()
            if row is None or row.game_id != game_id or row.joined_at is None:
                raise ApiError("unauthorized", UNKNOWN_TOKEN)
            if row.account_id is not None and row.account_id != account_id:
                raise ApiError(
                    "seat_has_account",
                    f"seat {row.seat} of this game belongs to another account already",
                )
            seat = row.seat
            mine = derive(secret, game_id, seat, account_id, row.joined_at)
            rotated = hash_token(mine) != digest
            if rotated:
                row.account_id, row.token_hash, row.reserved_for = (
                    account_id,
                    hash_token(mine),
                    None,
                )
                game.seats_revision += 1
        if rotated:
            service._forget(digest)
            snap = service.load(session, game_id)
            service.hub.publish(game_id, snap.version)  # its sockets check their token again
            service.hub.publish_account(account_id)
        return {"seat": seat, "token": mine}

    # ---- taking a seat up on another device --------------------------------------------

    def access(
        self, session: Session, account_id: int, game_id: str, seat: int | None
    ) -> dict[str, Any]:
        """The token of the account's seat in ``game_id`` (``seat``: which one, for an
        account holding several; default the one the game waits for, else the first): 404
        ``not_your_game`` when it holds none (or no such game)."""
        service = self.service
        rows = list(
            session.scalars(
                select(SeatRow)
                .where(
                    SeatRow.game_id == game_id,
                    SeatRow.account_id == account_id,
                    SeatRow.joined_at.is_not(None),
                )
                .order_by(SeatRow.seat)
            )
        )
        session.commit()
        if seat is not None:
            rows = [r for r in rows if r.seat == seat]
        if not rows:
            raise _not_your_game(game_id)
        row = rows[0]
        if len(rows) > 1:
            waiting = service.load(session, game_id).to_act()
            row = next((r for r in rows if r.seat in waiting), row)
        assert row.joined_at is not None
        token = service.seat_tokens.token(session, game_id, row.seat, account_id, row.joined_at)
        if hash_token(token) != row.token_hash:
            self._repair(session, row, token)
        return {"seat": row.seat, "token": token}

    def _repair(self, session: Session, row: SeatRow, token: str) -> None:
        """An account seat whose token is not the one derived now (the server's secret was
        replaced): it gets the derived one, and the old one stops working."""
        log.warning("account seat %s/%s had another token: renewed", row.game_id, row.seat)
        with self.db.write(session):
            renewed = session.execute(
                update(SeatRow)
                .where(SeatRow.id == row.id, SeatRow.token_hash == row.token_hash)
                .values(token_hash=hash_token(token))
            )
            if getattr(renewed, "rowcount", 0) != 1:
                raise _not_your_game(row.game_id)  # released meanwhile
            session.execute(
                update(GameRow)
                .where(GameRow.id == row.game_id)
                .values(seats_revision=GameRow.seats_revision + 1)
            )
        self.service._forget(row.token_hash)
        snap = self.service.load(session, row.game_id)
        self.service.hub.publish(row.game_id, snap.version)

    # ---- joining a seat kept for the account ---------------------------------------------

    def join_kept(
        self,
        session: Session,
        account_id: int,
        account_name: str,
        game_id: str,
        seat: int | None,
        name: str | None,
        commitment: str | None,
        contribution: str | None = None,
    ) -> dict[str, Any]:
        """Join the seat of ``game_id`` kept for the account (``seat``: which one, if
        several): one kept by the host or a friend (``reserved_for``), under ``name`` (else
        the account's), or the account's new seat in the rematch of its game while the
        rematch keeps it, under its old name. 404 ``not_your_game`` when none is kept."""
        if contribution is not None:
            raise ApiError("bad_request", CLEAR_CONTRIBUTION)
        kept = session.scalars(
            select(SeatRow.seat)
            .where(
                SeatRow.game_id == game_id,
                SeatRow.reserved_for == account_id,
                SeatRow.joined_at.is_(None),
            )
            .order_by(SeatRow.seat)
        ).all()
        session.commit()
        chosen = [s for s in kept if seat is None or s == seat]
        if chosen:
            _, token = self.service.join(
                session,
                game_id,
                chosen[0],
                name or account_name,
                None,
                commitment,
                account_id=account_id,
            )
            return {"seat": chosen[0], "token": token}
        for old_snap, old_seat in self._rematch_seats(session, account_id, game_id):
            if seat is None or new_seat(old_seat, old_snap.num_seats) == seat:
                seated = self.rematches.join_as(
                    session, old_snap, Caller(old_snap.game_id, old_seat), commitment, account_id
                )
                return {"seat": seated.seat, "token": seated.token}
        raise ApiError("not_your_game", f"no seat of game {game_id!r} is kept for you")

    def _rematch_seats(self, session: Session, account_id: int, game_id: str) -> list[Any]:
        """The account's seats in the game ``game_id`` is the rematch of (as the old game's
        snapshot and seat), if ``game_id`` is that game's rematch."""
        game = session.get(GameRow, game_id, populate_existing=True)
        session.commit()
        if game is None or game.rematch_of is None:
            return []
        old = session.get(GameRow, game.rematch_of, populate_existing=True)
        if old is None or old.rematch_id != game_id:
            session.commit()
            return []
        seats = session.scalars(
            select(SeatRow.seat)
            .where(SeatRow.game_id == old.id, SeatRow.account_id == account_id)
            .order_by(SeatRow.seat)
        ).all()
        session.commit()
        if not seats:
            return []
        snap = self.service.load(session, old.id)
        return [(snap, s) for s in seats]

    # ---- the host keeps a free seat for an account ---------------------------------------

    def invite(
        self,
        session: Session,
        game_id: str,
        seat: int,
        host_token: str,
        account_name: str | None,
        by: str | None,
    ) -> dict[str, Any]:
        """With the host token: keep free ``seat`` for the account named ``account_name``
        (``None``: keep it for nobody again): only it may join the seat, from My games; it
        gets the ``seat_given`` nudge. 404 ``unknown_account``; 409 ``seat_taken`` for a
        joined seat, ``bot_seat``, ``game_over``, ``game_abandoned``."""
        service = self.service
        digest = hash_token(host_token)
        with self.db.write(session):
            game = _game_row(session, game_id)
            row = _seat_row(session, game, seat)
            if not service._is_host(game, digest):
                raise service._not_host(session, digest, "keep a seat for an account")
            target = None
            if account_name is not None:
                target = find_account(session, account_name)
                if target is None or target.disabled_at is not None:
                    raise ApiError("unknown_account", f"there is no account {account_name!r}")
            check_seat_handed_out(game, row)
            if row.joined_at is not None:
                raise ApiError(
                    "seat_taken",
                    f"seat {seat} is taken: it can be kept for an account once it is free "
                    "(given back)",
                )
            row.reserved_for = target.id if target is not None else None
            game.seats_revision += 1
            game.updated_at = utcnow()
            if target is not None:
                seat_given(session, game_id, seat, target.id, game.seats_revision, by)
        snap = service.load(session, game_id)
        service.hub.publish(game_id, snap.version)
        return {"seat": seat, "account": target.name if target is not None else None}

    # ---- My games -----------------------------------------------------------------------

    def games(self, session: Session, account_id: int) -> list[dict[str, Any]]:
        """The account's games on every device (docs/API.md, "My games"): every live one
        and the ``FINISHED_LISTED`` newest finished ones, with the seats kept for it in live
        games (``invited``); those where the game waits for the account first, then the
        most recently changed."""
        pair = select(SeatRow, GameRow).join(GameRow, GameRow.id == SeatRow.game_id)
        held = SeatRow.account_id == account_id
        kept = and_(SeatRow.reserved_for == account_id, SeatRow.joined_at.is_(None))
        live = session.execute(pair.where(or_(held, kept), GameRow.status.in_(LIVE))).all()
        finished = session.execute(
            pair.where(held, GameRow.status.in_(FINISHED))
            .order_by(GameRow.updated_at.desc(), GameRow.id)
            .limit(FINISHED_LISTED)
        ).all()
        entries = [Entry(g, s.seat, s.account_id != account_id) for s, g in (*live, *finished)]
        entries += self._kept_in_rematches(session, account_id, [g for _, g in finished], entries)
        games = {e.game.id: e.game for e in entries}
        seats: dict[str, list[SeatRow]] = {game_id: [] for game_id in games}
        if games:
            for row in session.scalars(select(SeatRow).where(SeatRow.game_id.in_(list(games)))):
                seats[row.game_id].append(row)
        waiting = {
            game_id: self.service.cache.load(session, game_id).to_act()
            for game_id, game in games.items()
            if game.status == "running"
        }
        session.commit()
        listed = [self._entry(e, seats[e.game.id], waiting, account_id) for e in entries]
        listed.sort(key=lambda g: (not g["your_turn"], -g["updated_at"].timestamp(), g["game_id"]))
        return listed

    def _kept_in_rematches(
        self, session: Session, account_id: int, finished: Iterable[GameRow], listed: list[Entry]
    ) -> list[Entry]:
        """The account's new seats in rematches of its finished games, while the rematch
        keeps them for the last game's players (``REMATCH_MINUTES``) and they are free."""
        offered = {g.rematch_id: g for g in finished if g.rematch_id is not None}
        have = {e.game.id for e in listed}
        if not offered:
            return []
        found: list[Entry] = []
        now = utcnow()
        old_seats = session.execute(
            select(SeatRow.game_id, SeatRow.seat).where(
                SeatRow.game_id.in_([g.id for g in offered.values()]),
                SeatRow.account_id == account_id,
            )
        ).all()
        rematches = {
            g.id: g
            for g in session.scalars(
                select(GameRow).where(GameRow.id.in_(list(offered)), GameRow.status == "open")
            )
            if g.rematch_of is not None
            and now < as_utc(g.created_at) + self.service.rematch_window
            and g.id not in have
        }
        free = {
            (r.game_id, r.seat)
            for r in session.scalars(
                select(SeatRow).where(
                    SeatRow.game_id.in_(list(rematches)),
                    SeatRow.joined_at.is_(None),
                    SeatRow.bot.is_(False),
                )
            )
        }
        for old_id, old_seat in old_seats:
            old = next(g for g in offered.values() if g.id == old_id)
            rematch = rematches.get(old.rematch_id or "")
            if rematch is None:
                continue
            seat = new_seat(old_seat, old.num_seats)
            if (rematch.id, seat) in free:
                found.append(Entry(rematch, seat, invited=True))
        return found

    @staticmethod
    def _entry(
        entry: Entry, seats: list[SeatRow], waiting: dict[str, list[int]], account_id: int
    ) -> dict[str, Any]:
        game = entry.game
        mine = next(s for s in seats if s.seat == entry.seat)
        your_turn = (
            not entry.invited and entry.seat in waiting.get(game.id, []) and mine.stand_in is None
        )
        return {
            "game_id": game.id,
            "kind": game.kind,
            "status": game.status,
            "seat": entry.seat,
            "your_turn": your_turn,
            "invited": entry.invited,
            "seats": [
                {
                    "seat": s.seat,
                    "name": s.name,
                    "bot": s.bot,
                    "you": s.seat == entry.seat or s.account_id == account_id,
                }
                for s in sorted(seats, key=lambda s: s.seat)
            ],
            "time_control": game.time_control or {"type": "none"},
            "deadline": _utc(game.deadline),
            "updated_at": as_utc(game.updated_at),
            "link": game_path(game.id),
        }


def _utc(moment: datetime | None) -> datetime | None:
    return as_utc(moment) if moment is not None else None
