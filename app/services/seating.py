"""Seating: creating a table, its invites, taking a seat and giving it back (by the player,
or by the host once the player has been away).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import CursorResult, func, select, update
from sqlalchemy.orm import Session

from app.core.errors import ApiError
from app.core.security import hash_token, new_token
from app.db.models import AccountRow, GameRow, SeatRow, TableEventRow, utcnow
from app.services import nudges
from app.services.base import ServiceBase, _game_row, _seat_row
from app.services.reveals import fix_seed, to_reveal
from app.services.seat_tokens import derive
from app.services.server_bots import server_bot_account
from app.services.snapshots import Snapshot, as_utc
from bots import DEFAULT_LEVEL as DEFAULT_BOT_LEVEL
from engines.core import fairness

log = logging.getLogger(__name__)

CLEAR_CONTRIBUTION = (
    "a contribution is no longer sent with the join: send commitment (the SHA-256 of your "
    'contribution, docs/API.md "Fair draws") and reveal the contribution with POST '
    ".../seats/{seat}/reveal once every seat has committed"
)
"""Why a contribution in the clear is refused: whoever joins last (an operator who knows the
server's seed) could choose theirs knowing every other one, and so choose the draws."""


SEAT_LETTERS = "ABCDEFGH"
"""Seat 0 is A, as every page names seats."""


def bot_name(seat: int) -> str:
    """The name a bot seat gets unless its creator names it, as the create form does: "Bot C"
    at seat C. A rematch names its bots again by their new seats (app/services/rematch.py)."""
    return f"Bot {SEAT_LETTERS[seat]}" if seat < len(SEAT_LETTERS) else f"Bot {seat + 1}"


def new_invite_key() -> str:
    return secrets.token_urlsafe(16)


def invite_path(game_id: str, seat: int, key: str) -> str:
    """The page a seat's invite link opens (docs/API.md, Browser pages)."""
    return f"/play/{game_id}?join={seat}&key={key}"


def _wait_text(seconds: float) -> str:
    seconds = max(1, round(seconds))
    if seconds < 90:
        return f"{seconds} s"
    return f"{seconds // 60} min {seconds % 60} s" if seconds % 60 else f"{seconds // 60} min"


@dataclass(frozen=True, slots=True)
class SeatSpec:
    bot: bool = False
    name: str | None = None
    level: str | None = None
    """A bot seat's level (``bots.LEVELS``); ``None``: the default, medium."""
    reserved_for: int | None = None
    """A human seat kept for this account (a friend seated from the create form): only it
    may join the seat (app/services/account_seats.py)."""


SEAT_KEPT = (
    "this seat is kept for someone with an account: they take it from My games, signed in; "
    "ask the host for another seat"
)


def seat_given(
    session: Session,
    game_id: str,
    seat: int,
    account_id: int,
    revision: int,
    by: str | None,
) -> None:
    """The ``seat_given`` nudge: a seat of ``game_id`` is kept for ``account_id`` (at the
    game's seats ``revision``, so keeping it again later is another event) by the account
    named ``by`` (``None``: a host token alone). Its facts as docs/API.md, "Nudges", names
    them; the caller commits."""
    nudges.emit(
        session,
        account_id,
        "seat_given",
        f"seat_given:{game_id}:{seat}:{revision}",
        {"game": game_id, "seat": seat, "by": by},
    )


def check_seat_handed_out(game: GameRow, row: SeatRow) -> None:
    """Whether a seat may be handed out anew (given back, kept for an account): 409
    ``bot_seat`` for the server's bot's, ``game_over`` and ``game_abandoned`` for a game
    that is no longer played."""
    if row.bot:
        raise ApiError("bot_seat", f"seat {row.seat} is played by the server's bot")
    if game.status == "over":
        raise ApiError("game_over", "the game is over; its seats stay as they were")
    if game.status == "abandoned":
        raise ApiError("game_abandoned", "the host has abandoned this game")


def is_bot(session: Session, account_id: int) -> bool:
    """Whether the account is a bot (a person's bot identity or one of the server's)."""
    return session.scalar(select(AccountRow.bot).where(AccountRow.id == account_id)) is not None


def game_path(game_id: str) -> str:
    """The game's page, without any secret (docs/API.md, Browser pages)."""
    return f"/play/{game_id}"


class Seating(ServiceBase):
    """Tables made, invites read by the host, seats taken and given back."""

    def create(
        self,
        session: Session,
        kind: str,
        num_seats: int,
        options: Mapping[str, Any] | None,
        seats: list[SeatSpec] | None,
        public: bool = False,
        rated: bool = False,
        allow_bots: bool = True,
        rematch_of: str | None = None,
        time_control: dict[str, Any] | None = None,
        host_name: str | None = None,
        made: Callable[[Session, str], None] | None = None,
    ) -> tuple[Snapshot, str, list[dict[str, Any]]]:
        """A new game, its host token (shown once, stored as a hash: the creator's, to give
        seats back and to see the invites again) and its invites (``invites``).
        ``rated``: it counts for the ratings (app/services/ratings.py). ``allow_bots``:
        bot accounts may join its seats (``join``).
        ``rematch_of``: the game it is the rematch of (app/services/rematch.py). A seat
        kept for an account (``SeatSpec.reserved_for``) gets its ``seat_given`` nudge in the
        same transaction, naming ``host_name`` (the signed-in creator). ``made(session,
        game_id)`` writes what else must be written with the game, in its transaction (a
        challenge's or seek's game: ``challenges.start_game``)."""
        game = self.game(kind)
        if seats is None:
            seats = [SeatSpec() for _ in range(num_seats)]
        if len(seats) != num_seats:
            raise ApiError(
                "bad_request", f"seats lists {len(seats)} seats but num_seats is {num_seats}"
            )
        seed = secrets.randbits(63)  # the bots' secret (app/bots/randomness.py)
        server_seed = secrets.token_bytes(fairness.SERVER_SEED_BYTES)
        salt = secrets.token_bytes(fairness.SALT_BYTES)
        # Validate everything through the engine before anything is written.
        game.new(num_seats, seed, options)
        opts = game.parse_options(options).model_dump(mode="json")
        game_id = secrets.token_hex(6)
        host_token = new_token()
        now = utcnow()
        all_bots = all(s.bot for s in seats)
        # A game of bots alone starts now, with no contributions; others when the last
        # human seat is taken (``join``).
        fixed = fairness.game_seed_bytes(server_seed, [None] * num_seats) if all_bots else None
        with self.db.write(session):
            session.add(
                GameRow(
                    id=game_id,
                    kind=kind,
                    num_seats=num_seats,
                    options=opts,
                    seed=seed,
                    server_seed=server_seed.hex(),
                    salt=salt.hex(),
                    commitment=fairness.commitment(server_seed, salt),
                    game_seed=fixed.hex() if fixed is not None else None,
                    status="running" if all_bots else "open",
                    version=0,
                    seats_revision=0,
                    host_token_hash=hash_token(host_token),
                    public=public,
                    rated=rated,
                    allow_bots=allow_bots,
                    time_control=time_control,
                    created_at=now,
                    updated_at=now,
                    rematch_of=rematch_of,
                )
            )
            session.flush()
            for i, spec in enumerate(seats):
                session.add(
                    SeatRow(
                        game_id=game_id,
                        seat=i,
                        bot=spec.bot,
                        bot_level=(spec.level or DEFAULT_BOT_LEVEL) if spec.bot else None,
                        name=spec.name or (bot_name(i) if spec.bot else None),
                        joined_at=now if spec.bot else None,
                        invite_key=None if spec.bot else new_invite_key(),
                        connections=0,
                        reserved_for=None if spec.bot else spec.reserved_for,
                        # A rated game's bot seat is its level's account: the ratings
                        # show how strong each level is (app/services/server_bots.py).
                        account_id=server_bot_account(session, spec.level or DEFAULT_BOT_LEVEL)
                        if rated and spec.bot
                        else None,
                    )
                )
            session.flush()
            for i, spec in enumerate(seats):
                if spec.reserved_for is not None and not spec.bot:
                    seat_given(session, game_id, i, spec.reserved_for, 0, host_name)
            if made is not None:
                made(session, game_id)
            invites = self._invites(session, game_id)
        snap = self.load(session, game_id)
        self.hub.publish(game_id, snap.version)
        return snap, host_token, invites

    @staticmethod
    def _invites(session: Session, game_id: str) -> list[dict[str, Any]]:
        rows = session.scalars(
            select(SeatRow)
            .where(SeatRow.game_id == game_id, SeatRow.bot.is_(False))
            .order_by(SeatRow.seat)
        )
        return [
            {
                "seat": r.seat,
                "key": r.invite_key,
                "joined": r.joined_at is not None,
                "path": invite_path(game_id, r.seat, r.invite_key) if r.invite_key else None,
            }
            for r in rows
        ]

    def invites(self, session: Session, game_id: str, host_token: str) -> list[dict[str, Any]]:
        """Every human seat's invite (key and link), for the host token only."""
        digest = hash_token(host_token)
        game = _game_row(session, game_id)
        if not self._is_host(game, digest):
            raise self._not_host(session, digest, "see the invites")
        invites = self._invites(session, game_id)
        session.commit()
        return invites

    def join(
        self,
        session: Session,
        game_id: str,
        seat: int,
        name: str,
        key: str | None = None,
        commitment: str | None = None,
        rematch: bool = False,
        contribution: str | None = None,
        account_id: int | None = None,
    ) -> tuple[Snapshot, str]:
        """Take a free human seat with its invite key (none needed at a public table);
        returns the token (shown once, stored as a hash).

        ``commitment`` (validated by the caller, ``fairness.is_seat_commitment``) is recorded
        publicly if the game's seed is not fixed yet. The join that takes the last free seat
        fixes the seed at once if no seat has a contribution to reveal; otherwise the seats
        reveal theirs (``reveal_contribution``) within ``reveal_window``. A join after that
        (a released seat taken again) changes no draw, so its commitment is not kept.
        ``contribution`` in the clear is refused: a player who joins last could choose it
        knowing everyone else's (docs/API.md "Fair draws").

        A rematch's seats are kept for the old game's players for ``rematch_window``: only
        ``rematch`` joins (app/services/rematch.py) take them until then.

        ``account_id``: the signed-in account that joins; the seat is linked to it and its
        token is the account's (app/services/seat_tokens.py), which every device of the
        account can have again. A seat kept for an account (``reserved_for``) is joined only
        by it, which needs no key; anyone else is refused 403 ``seat_kept``. A bot account
        joins only a table that allows bots (403 ``bots_not_allowed``)."""
        if contribution is not None:
            raise ApiError("bad_request", CLEAR_CONTRIBUTION)
        secret = self.seat_tokens.secret(session) if account_id is not None else None
        with self.db.write(session):
            game = _game_row(session, game_id)
            row = _seat_row(session, game, seat)
            kept_for_caller = account_id is not None and row.reserved_for == account_id
            if (
                not game.public
                and not kept_for_caller
                and (
                    key is None
                    or row.invite_key is None
                    or not secrets.compare_digest(row.invite_key.encode(), key.encode())
                )
            ):
                # Checked before "taken", so a stranger learns nothing about the seats.
                raise ApiError(
                    "invite_required",
                    f"seat {seat} of this game is taken by invitation only: open the invite "
                    "link the host sent you (its key is missing or no longer valid)",
                )
            if row.reserved_for is not None and not kept_for_caller and row.joined_at is None:
                raise ApiError("seat_kept", SEAT_KEPT)
            if not game.allow_bots and account_id is not None and is_bot(session, account_id):
                raise ApiError(
                    "bots_not_allowed",
                    "this table is for people only: its host did not allow bot accounts",
                )
            now = utcnow()
            if secret is not None and account_id is not None:
                token = derive(secret, game_id, seat, account_id, now)
            else:
                token = new_token()
            if game.status == "abandoned":
                raise ApiError("game_abandoned", "the host has abandoned this game")
            kept_until = as_utc(game.created_at) + self.rematch_window
            if (
                game.rematch_of is not None
                and not rematch
                and not kept_for_caller
                and now < kept_until
            ):
                raise ApiError(
                    "seat_reserved",
                    f"this game is a rematch: its seats are kept for the last game's players "
                    f"until {kept_until:%H:%M:%S} UTC; after that the host can invite anyone",
                )
            counts = game.server_seed is not None and game.game_seed is None
            extra = {"commitment": commitment, "contribution": None} if counts else {}
            # An UPDATE answers with a cursor result: its rowcount says whether it matched.
            taken = cast(
                CursorResult[Any],
                session.execute(
                    update(SeatRow)
                    .where(
                        SeatRow.game_id == game_id,
                        SeatRow.seat == seat,
                        SeatRow.joined_at.is_(None),
                        SeatRow.bot.is_(False),
                    )
                    .values(
                        name=name,
                        token_hash=hash_token(token),
                        joined_at=now,
                        left_at=None,
                        connections=0,
                        last_seen=now,
                        stand_in=None,  # a new player: no bot stands in (a live timeout)
                        account_id=account_id,
                        reserved_for=None,
                        **extra,
                    )
                ),
            )
            if taken.rowcount != 1:
                raise ApiError("seat_taken", f"seat {seat} is already taken")
            free = session.scalar(
                select(func.count())
                .select_from(SeatRow)
                .where(SeatRow.game_id == game_id, SeatRow.joined_at.is_(None))
            )
            starts = free == 0 and game.status == "open"
            revealing = starts and counts and bool(to_reveal(session, game_id))
            session.execute(
                update(GameRow)
                .where(GameRow.id == game_id)
                .values(
                    seats_revision=GameRow.seats_revision + 1,
                    status="running" if starts and not revealing else game.status,
                    updated_at=now,
                    reveal_deadline=self.now() + self.reveal_window if revealing else None,
                )
            )
            if starts and counts and not revealing:
                fix_seed(session, game_id, bytes.fromhex(game.server_seed or ""))
        self.clocks.resync(session, game_id)  # the game may have started: clocks run
        snap = self.load(session, game_id)
        self.hub.publish(game_id, snap.version)
        self.hub.publish_presence(game_id)  # the seat is away until its page connects
        if account_id is not None:
            self.hub.publish_account(account_id)  # its event stream learns of the game
        return snap, token

    def release(self, session: Session, game_id: str, seat: int, token: str) -> Snapshot:
        """Give a joined human seat back: its token stops working at once, everywhere, and
        it gets a new invite key (the old link dies). The game keeps its state; it waits
        (status ``open``) until the seat is taken again. Releasing a free seat changes
        nothing.

        Two tokens may do it: the seat's own (its player agrees), or the host's once the
        seat's player has been away ``away_seconds`` (409 ``seat_in_use`` before). Every
        release is a table event, in ``/log`` and on every WebSocket of the game.
        """
        digest = hash_token(token)
        with self.db.write(session):
            game = _game_row(session, game_id)
            by = "host" if self._is_host(game, digest) else None
            if by is None:
                own = session.scalars(
                    select(SeatRow).where(SeatRow.token_hash == digest)
                ).one_or_none()
                if own is None or own.game_id != game_id:
                    raise self._not_host(session, digest, "give a seat back")
                if own.seat != seat:
                    raise ApiError(
                        "forbidden",
                        "a seat token can give back only its own seat; the host token any",
                    )
                by = "player"
            row = _seat_row(session, game, seat)
            check_seat_handed_out(game, row)
            if row.stand_in == "resigned":
                raise ApiError(
                    "already_resigned", f"seat {seat} resigned; the bot plays it to the end"
                )
            if game.reveal_deadline is not None and row.joined_at is not None:
                # A new player would commit knowing the contributions revealed so far.
                raise ApiError(
                    "revealing",
                    "the seats are revealing their contributions: a seat can be given back "
                    "once the game has started",
                )
            released = row.token_hash if row.joined_at is not None else None
            if row.joined_at is not None:
                now = self.now()
                if by == "host":
                    self._check_away(row, seat, now)
                row.name, row.token_hash, row.joined_at, row.left_at = None, None, None, now
                row.account_id = None  # the account's devices lose it too
                row.invite_key, row.connections, row.last_seen = new_invite_key(), 0, None
                game.seats_revision += 1
                game.status = "open"
                game.updated_at = now
                session.add(
                    TableEventRow(
                        game_id=game_id,
                        version=game.version,
                        seats_revision=game.seats_revision,
                        event={"type": "seat_released", "seat": seat, "by": by},
                        created_at=now,
                    )
                )
        self._forget(released)
        if released is not None:
            self.clocks.resync(session, game_id)  # the game waits: clocks stop
        snap = self.load(session, game_id)
        if released is not None:
            self.hub.publish(game_id, snap.version)
            self.hub.publish_presence(game_id)
        return snap

    def _check_away(self, row: SeatRow, seat: int, now: Any) -> None:
        """409 ``seat_in_use`` unless the seat's player has been away long enough."""
        last = row.last_seen or row.joined_at
        age = (now - as_utc(last)).total_seconds() if last is not None else float("inf")
        away = self.away_seconds
        after = f"once they have been away for {_wait_text(away)}" if away else "once they leave"
        if row.connections > 0 and age < self.stale_seconds:
            raise ApiError(
                "seat_in_use",
                f"seat {seat}'s player is connected now; you can give the seat back {after}, "
                "or they can give it back themselves on their page",
            )
        if age < away:
            raise ApiError(
                "seat_in_use",
                f"seat {seat}'s player was here {_wait_text(age)} ago; you can give the seat "
                f"back in {_wait_text(away - age)} ({after}), or they can give it back "
                "themselves on their page",
            )
