"""Challenges (issue 39, item 5; docs/API.md, "Challenges"): an account (a person or a bot)
asks named accounts to a game; each accepts or declines; once all accepted, the game is
made with every account seated in random order, rated if asked, and each one's event
stream and My games show it.

The last acceptance makes the game. Which acceptance is the last is decided under the
challenge row's lock (``FOR UPDATE`` on PostgreSQL; SQLite's writes take turns anyway), so
two accounts accepting at once neither both make a game nor both leave it unmade.
"""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from app.core.errors import ApiError
from app.db.models import (
    AccountRow,
    ChallengeRow,
    ChallengeSeatRow,
    SeatRow,
    SeekRow,
    SeekSeatRow,
    utcnow,
)
from app.services import nudges
from app.services.account_names import find_account, name_key
from app.services.games import GameService
from app.services.seating import SeatSpec
from app.services.sessions import SignedIn
from app.services.snapshots import as_utc

log = logging.getLogger(__name__)

MAX_OPEN = 10
"""Open challenges one account may have made at once."""

OPEN = "open"
CLOSED_BY = {"declined", "withdrawn"}


def _iso(moment: datetime | None) -> str | None:
    return as_utc(moment).isoformat() if moment is not None else None


def _unknown(challenge_id: int) -> ApiError:
    return ApiError("unknown_challenge", f"there is no challenge {challenge_id} to you or by you")


def start_game(
    service: GameService,
    session: Session,
    shuffle: random.Random,
    offer: ChallengeRow | SeekRow,
    players: list[SeatSpec],
    done: str,
) -> str:
    """The game a challenge or a seek (``offer``, its status ``starting`` committed, so no
    other answer makes a second one) makes once it is full: ``players`` (each an account's
    seat, ``reserved_for``, or a server bot's, ``bot``) in random order. The game is
    recorded on the offer in the transaction that makes it, so a process that stops after
    it leaves no game the offer does not name (``finish_stale_starts`` would make a second),
    and its ``game_started`` can name it; each account's seat is then joined for it, so the
    last join starts the game as any table starts; then the offer's status is ``done``. If
    making the game fails, the offer is ``open`` again; if a join fails, it stays
    ``starting`` with its game, for the poll to finish. Nobody hosts the game (its host
    token is dropped), bots allowed."""
    model = type(offer)
    offer_id, kind, num_seats = offer.id, offer.kind, offer.num_seats
    time_control, rated = offer.time_control, offer.rated

    def record(session: Session, game_id: str) -> None:
        session.execute(update(model).where(model.id == offer_id).values(game_id=game_id))

    try:
        order = list(players)
        shuffle.shuffle(order)
        snap, _, _ = service.create(
            session,
            kind,
            num_seats,
            None,
            order,
            rated=rated,
            allow_bots=True,
            time_control=time_control,
            made=record,
        )
    except Exception:
        with service.db.write(session):
            session.execute(
                update(model)
                .where(model.id == offer_id, model.status == "starting")
                .where(model.game_id.is_(None))  # made after all: the poll finishes it
                .values(status=OPEN)
            )
        raise
    join_kept_seats(service, session, snap.game_id)
    with service.db.write(session):
        session.execute(
            update(model).where(model.id == offer_id).values(status=done, updated_at=utcnow())
        )
    return snap.game_id


def join_kept_seats(service: GameService, session: Session, game_id: str) -> None:
    """Join every seat of ``game_id`` still kept for an account, under the account's name,
    seat by seat: the last join starts the game as any table starts."""
    kept = session.execute(
        select(SeatRow.seat, AccountRow.id, AccountRow.name)
        .join(AccountRow, AccountRow.id == SeatRow.reserved_for)
        .where(SeatRow.game_id == game_id)
        .order_by(SeatRow.seat)
    ).all()
    session.commit()  # the joins write in transactions of their own
    for seat, account_id, name in kept:
        service.join(session, game_id, seat, name, account_id=account_id)


STARTING_GRACE = timedelta(minutes=1)
"""How long an offer may stay ``starting``. Making the game takes milliseconds; an offer
still starting after this was left by a server process that stopped in the middle (a crash,
a kill), and another process's poll finishes it (``finish_stale_starts``)."""


def finish_stale_starts(service: GameService, now: datetime) -> int:
    """Finish every start a stopped process left (``STARTING_GRACE``); how many. Each offer
    is claimed by moving its ``updated_at``, so of several processes polling one finishes
    it. What is left is done as ``start_game`` would have: with its game recorded, the seats
    still kept for accounts are joined; without, a full offer (every challenged account
    accepted, every place of a seek taken) makes its game, and a seek filled with bots is
    open again (which bots its creator chose was not written down: it fills again)."""
    finished = 0
    for model, done in ((ChallengeRow, "accepted"), (SeekRow, "started")):
        with service.db.session() as session:
            stale = session.execute(
                select(model.id, model.updated_at).where(
                    model.status == "starting", model.updated_at < now - STARTING_GRACE
                )
            ).all()
        for offer_id, seen in stale:
            with service.db.session() as session:
                finished += _finish_start(service, session, model, offer_id, seen, done)
    return finished


def _finish_start(
    service: GameService,
    session: Session,
    model: type[ChallengeRow] | type[SeekRow],
    offer_id: int,
    seen: datetime,
    done: str,
) -> int:
    with service.db.write(session):
        claimed = session.execute(
            update(model)
            .where(model.id == offer_id, model.status == "starting", model.updated_at == seen)
            .values(updated_at=utcnow())
        )
        if getattr(claimed, "rowcount", 0) != 1:
            return 0  # another process claimed it, or the start went on after all
        row: ChallengeRow | SeekRow = session.get_one(model, offer_id)  # type: ignore[assignment]
        game_id = row.game_id
        members = _members_of(session, row)
        full = isinstance(row, ChallengeRow) or len(members) >= row.num_seats
    log.warning("%s %d was left starting: finishing it", model.__tablename__, offer_id)
    if game_id is not None:
        join_kept_seats(service, session, game_id)
        with service.db.write(session):
            session.execute(
                update(model).where(model.id == offer_id).values(status=done, updated_at=utcnow())
            )
    elif full:
        specs = [SeatSpec(reserved_for=a) for a in members]
        start_game(service, session, secrets.SystemRandom(), row, specs, done)
    else:
        with service.db.write(session):
            session.execute(update(model).where(model.id == offer_id).values(status=OPEN))
    for account_id in members:
        service.hub.publish_account(account_id)
    if isinstance(row, SeekRow):
        service.hub.publish_seeks()
    return 1


def _members_of(session: Session, row: ChallengeRow | SeekRow) -> list[int]:
    """The accounts an offer seats: a challenge's challenger and challenged, a seek's
    creator and joiners."""
    if isinstance(row, ChallengeRow):
        query = select(ChallengeSeatRow.account_id).where(ChallengeSeatRow.challenge_id == row.id)
    else:
        query = (
            select(SeekSeatRow.account_id)
            .where(SeekSeatRow.seek_id == row.id)
            .order_by(SeekSeatRow.joined_at)
        )
    return list(session.scalars(query))


class Challenges:
    """Making, answering and withdrawing challenges; the game they start."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.db = service.db
        self.hub = service.hub
        self.random = secrets.SystemRandom()
        """The seats' order: the server's own randomness, as the game's draws use."""

    # ---- views -------------------------------------------------------------------------

    def _views(self, session: Session, rows: Iterable[ChallengeRow]) -> list[dict[str, Any]]:
        rows = list(rows)
        if not rows:
            return []
        seats = session.execute(
            select(ChallengeSeatRow, AccountRow.name)
            .join(AccountRow, AccountRow.id == ChallengeSeatRow.account_id)
            .where(ChallengeSeatRow.challenge_id.in_([r.id for r in rows]))
            .order_by(ChallengeSeatRow.challenge_id, AccountRow.name_key)
        ).all()
        names: dict[int, str] = {
            account_id: name
            for account_id, name in session.execute(
                select(AccountRow.id, AccountRow.name).where(
                    AccountRow.id.in_({r.from_id for r in rows})
                )
            )
        }
        asked: dict[int, list[dict[str, Any]]] = {r.id: [] for r in rows}
        challenger = {r.id: r.from_id for r in rows}
        for seat, name in seats:
            if seat.account_id != challenger[seat.challenge_id]:
                asked[seat.challenge_id].append({"name": name, "answer": seat.answer})
        return [
            {
                "id": r.id,
                "from": names.get(r.from_id),
                "to": asked[r.id],
                "kind": r.kind,
                "num_seats": r.num_seats,
                "time_control": r.time_control or {"type": "none"},
                "rated": r.rated,
                "status": r.status,
                "game_id": r.game_id,
                "created_at": _iso(r.created_at),
            }
            for r in rows
        ]

    def listed(self, session: Session, account_id: int) -> dict[str, Any]:
        """``GET /api/challenges``: the open challenges to the account and by it, oldest
        first."""
        offered = session.scalars(
            select(ChallengeRow)
            .join(ChallengeSeatRow, ChallengeSeatRow.challenge_id == ChallengeRow.id)
            .where(
                ChallengeSeatRow.account_id == account_id,
                ChallengeRow.from_id != account_id,
                ChallengeRow.status == OPEN,
            )
            .order_by(ChallengeRow.id)
        ).all()
        made = session.scalars(
            select(ChallengeRow)
            .where(ChallengeRow.from_id == account_id, ChallengeRow.status == OPEN)
            .order_by(ChallengeRow.id)
        ).all()
        answer = {
            "offered": self._views(session, offered),
            "made": self._views(session, made),
        }
        session.commit()
        return answer

    def for_stream(
        self, session: Session, account_id: int, known: Iterable[int]
    ) -> tuple[dict[int, dict[str, Any]], dict[int, str]]:
        """What an event stream tells of challenges (app/services/account_events.py): the
        open ones to the account, by id, and the status of those of ``known`` (told
        before) that are no longer open."""
        offered = session.scalars(
            select(ChallengeRow)
            .join(ChallengeSeatRow, ChallengeSeatRow.challenge_id == ChallengeRow.id)
            .where(
                ChallengeSeatRow.account_id == account_id,
                ChallengeRow.from_id != account_id,
                ChallengeRow.status == OPEN,
            )
        ).all()
        views = {v["id"]: v for v in self._views(session, offered)}
        gone = [i for i in known if i not in views]
        statuses: dict[int, str] = {}
        if gone:
            found: dict[int, str] = {
                challenge_id: status
                for challenge_id, status in session.execute(
                    select(ChallengeRow.id, ChallengeRow.status).where(ChallengeRow.id.in_(gone))
                )
            }
            # A challenge deleted with its maker's account closed unplayed too.
            statuses = {i: found.get(i, "withdrawn") for i in gone}
        return views, statuses

    # ---- making ------------------------------------------------------------------------

    def make(
        self,
        session: Session,
        caller: SignedIn,
        to: list[str],
        kind: str,
        num_seats: int,
        time_control: dict[str, Any] | None,
        rated: bool,
    ) -> dict[str, Any]:
        """A new challenge by ``caller`` to the accounts named ``to``; the caller plays
        too, so ``num_seats`` is ``len(to) + 1`` (400 otherwise). 404 ``unknown_kind``,
        422 ``bad_player_count``, 404 ``unknown_account`` (a name nobody has, a disabled
        account), 400 ``not_yourself``, 409 ``not_challengeable`` (the server's own bots:
        create a game with bot seats instead), 409 ``too_many_challenges``."""
        game = self.service.game(kind)
        if not game.min_players <= num_seats <= game.max_players:
            raise ApiError(
                "bad_player_count",
                f"{kind} takes {game.min_players} to {game.max_players} players, not {num_seats}",
            )
        if num_seats != len(to) + 1:
            raise ApiError(
                "bad_request",
                f"num_seats is {num_seats}, but a challenge seats you and the {len(to)} "
                f"account(s) in to: {len(to) + 1}",
            )
        keys = [name_key(n) for n in to]
        if len(set(keys)) != len(keys):
            raise ApiError("bad_request", "to names an account more than once")
        with self.db.write(session):
            accounts: list[AccountRow] = []
            for name in to:
                account = find_account(session, name)
                if account is None or account.disabled_at is not None:
                    raise ApiError("unknown_account", f"there is no account {name!r}")
                if account.id == caller.account_id:
                    raise ApiError("not_yourself", "you cannot challenge yourself")
                if account.bot == "server":
                    raise ApiError(
                        "not_challengeable",
                        f"{account.name!r} is one of the server's bots: create a game with "
                        "bot seats to play it",
                    )
                accounts.append(account)
            made = session.scalar(
                select(func.count())
                .select_from(ChallengeRow)
                .where(ChallengeRow.from_id == caller.account_id, ChallengeRow.status == OPEN)
            )
            if (made or 0) >= MAX_OPEN:
                raise ApiError(
                    "too_many_challenges",
                    f"you have {MAX_OPEN} open challenges: withdraw one or wait for answers",
                )
            now = utcnow()
            row = ChallengeRow(
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
            session.add(
                ChallengeSeatRow(
                    challenge_id=row.id, account_id=caller.account_id, answer="accepted"
                )
            )
            for account in accounts:
                session.add(ChallengeSeatRow(challenge_id=row.id, account_id=account.id))
            session.flush()
            for account in accounts:  # a bot hears it on its stream; people get a nudge
                nudges.emit(
                    session,
                    account.id,
                    "challenge",
                    f"challenge:{row.id}:{account.id}",
                    {
                        "challenge": row.id,
                        "by": caller.name,
                        "game_kind": kind,
                        "players": num_seats,
                    },
                )
            view = self._views(session, [row])[0]
            told = [caller.account_id, *(a.id for a in accounts)]
        log.info("challenge %d made by account %d", row.id, caller.account_id)
        self._tell(told)
        return view

    # ---- answering -----------------------------------------------------------------------

    def _locked(self, session: Session, challenge_id: int, account_id: int) -> ChallengeRow:
        """The challenge, locked for this write, if the account is in it; 404 otherwise."""
        row = session.scalars(
            select(ChallengeRow).where(ChallengeRow.id == challenge_id).with_for_update()
        ).one_or_none()
        if row is None:
            raise _unknown(challenge_id)
        member = session.get(ChallengeSeatRow, (challenge_id, account_id))
        if member is None:
            raise _unknown(challenge_id)
        return row

    @staticmethod
    def _still_open(row: ChallengeRow) -> None:
        if row.status != OPEN:
            raise ApiError(
                "challenge_closed", f"challenge {row.id} is {row.status}: it takes no answer"
            )

    def _members(self, session: Session, challenge_id: int) -> list[ChallengeSeatRow]:
        return list(
            session.scalars(
                select(ChallengeSeatRow).where(ChallengeSeatRow.challenge_id == challenge_id)
            )
        )

    def accept(self, session: Session, caller: SignedIn, challenge_id: int) -> dict[str, Any]:
        """The caller accepts (404 ``unknown_challenge`` unless it was asked, 409
        ``challenge_closed`` once it is no longer open). The last acceptance makes the
        game; the answer then carries its ``game_id``."""
        with self.db.write(session):
            row = self._locked(session, challenge_id, caller.account_id)
            self._still_open(row)
            if row.from_id == caller.account_id:
                raise ApiError("bad_request", "you made this challenge: you play it already")
            members = self._members(session, challenge_id)
            for member in members:
                if member.account_id == caller.account_id:
                    member.answer = "accepted"
            starts = all(m.answer == "accepted" for m in members)
            if starts:
                row.status = "starting"
            row.updated_at = utcnow()
            told = [m.account_id for m in members]
        if starts:
            game_id = start_game(
                self.service,
                session,
                self.random,
                row,
                [SeatSpec(reserved_for=m.account_id) for m in members],
                "accepted",
            )
            log.info("challenge %d accepted by all: game %s", challenge_id, game_id)
        self._tell(told)
        return self.view(session, challenge_id)

    def decline(self, session: Session, caller: SignedIn, challenge_id: int) -> dict[str, Any]:
        """The caller declines: the challenge closes for everyone (``declined``)."""
        with self.db.write(session):
            row = self._locked(session, challenge_id, caller.account_id)
            self._still_open(row)
            if row.from_id == caller.account_id:
                raise ApiError("bad_request", "you made this challenge: withdraw it instead")
            members = self._members(session, challenge_id)
            for member in members:
                if member.account_id == caller.account_id:
                    member.answer = "declined"
            row.status = "declined"
            row.updated_at = utcnow()
            told = [m.account_id for m in members]
        self._tell(told)
        return self.view(session, challenge_id)

    def withdraw(self, session: Session, caller: SignedIn, challenge_id: int) -> None:
        """The challenger withdraws its open challenge (404 ``unknown_challenge`` for
        anyone else's)."""
        with self.db.write(session):
            row = self._locked(session, challenge_id, caller.account_id)
            if row.from_id != caller.account_id:
                raise _unknown(challenge_id)
            self._still_open(row)
            row.status = "withdrawn"
            row.updated_at = utcnow()
            told = [m.account_id for m in self._members(session, challenge_id)]
        self._tell(told)

    def view(self, session: Session, challenge_id: int) -> dict[str, Any]:
        row = session.get(ChallengeRow, challenge_id, populate_existing=True)
        if row is None:
            raise _unknown(challenge_id)
        view = self._views(session, [row])[0]
        session.commit()
        return view

    def _tell(self, accounts: Iterable[int]) -> None:
        for account_id in accounts:
            self.hub.publish_account(account_id)
