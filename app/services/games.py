"""Creating, joining and playing games: load → replay → apply → write, then publish.

The engine is the only judge of the rules; this layer adds what a server needs around it:
who is calling (seat tokens), which version an action was based on (optimistic lock),
and that a refused request writes nothing and leaves the cache as it was.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import (
    Connection,
    CursorResult,
    Table,
    bindparam,
    case,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.core.errors import ApiError
from app.core.security import hash_token, new_token
from app.core.threads import in_thread
from app.db.models import ActionRow, GameRow, SeatRow, TableEventRow, utcnow
from app.db.session import Database, WriteWouldWait
from app.hub.base import Hub
from app.services import clocks
from app.services.presence import PresenceWrites
from app.services.snapshots import (
    UNDO_ENTRY,
    Snapshot,
    StateCache,
    as_utc,
    fairness_of,
    seat_infos,
)
from bots import DEFAULT_LEVEL as DEFAULT_BOT_LEVEL
from engines.core import Event, Game, IllegalAction, State, fairness

log = logging.getLogger(__name__)

# The write path's statements, built once (Core, not ORM: this is the hot path).
GAMES, ACTIONS, SEATS = (cast(Table, row.__table__) for row in (GameRow, ActionRow, SeatRow))
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
CLEAR_CONTRIBUTION = (
    "a contribution is no longer sent with the join: send commitment (the SHA-256 of your "
    'contribution, docs/API.md "Fair draws") and reveal the contribution with POST '
    ".../seats/{seat}/reveal once every seat has committed"
)
"""Why a contribution in the clear is refused: whoever joins last (an operator who knows the
server's seed) could choose theirs knowing every other one, and so choose the draws."""
UNKNOWN_TOKEN = "this seat token is not valid (its seat may have been given back)"
INSERT_ACTION = insert(ACTIONS)
SEAT_OF_TOKEN = (
    select(SeatRow.game_id, SeatRow.seat, GameRow.seats_revision)
    .join(GameRow, GameRow.id == SeatRow.game_id)
    .where(SeatRow.token_hash == bindparam("digest"))
)
"""A token's seat and the revision it was read at, in one statement (one snapshot)."""
PRESENCE = (
    update(SEATS)
    .where(SeatRow.token_hash == bindparam("digest"))
    .values(
        connections=case(
            (SeatRow.connections + bindparam("delta") < 0, 0),
            else_=SeatRow.connections + bindparam("delta"),
        ),
        last_seen=bindparam("now"),
    )
)
"""A token's count of open WebSockets changed by ``delta`` (never below 0) and its player
seen ``now``; executed once for many tokens (``GameService.write_presence``)."""
PRESENCE_REFRESH = 30.0
"""Seconds between two writes of a seat's ``last_seen`` by one process (a request or a
live WebSocket): presence costs a write now and then, not one per move."""


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


class GameService:
    def __init__(
        self,
        db: Database,
        games: Mapping[str, Game],
        hub: Hub,
        cache_size: int,
        away_minutes: float = 3.0,
        stale_seconds: float = 300.0,
        rematch_minutes: float = 10.0,
        idle_days: float = 14.0,
        clock_min_seconds: float = 3600.0,
        reveal_seconds: float = 120.0,
        now: Callable[[], datetime] = utcnow,
    ):
        self.db = db
        self.games = dict(games)
        self.hub = hub
        self.cache = StateCache(self.games, cache_size)
        self._tokens: dict[str, Caller] = {}
        self._tokens_lock = threading.Lock()
        self.away_seconds = away_minutes * 60
        """How long a seat's player must be away before the host may release the seat."""
        self.stale_seconds = stale_seconds
        """A seat whose live connections have not refreshed ``last_seen`` for this long
        counts as away anyway: the process that held them may have died uncounted."""
        self._seen: dict[str, float] = {}
        self.presence_writes = PresenceWrites(self.write_presence, self.forget_seen)
        """Sockets' counts and players seen, written in batches (app/services/presence.py)."""
        self.rematch_window = timedelta(minutes=rematch_minutes)
        """How long a rematch's seats are kept for the old game's players (rematch.py)."""
        self.idle_after = timedelta(days=idle_days) if idle_days else None
        """A game without a move or a join for this long is not listed (``None``: all are)."""
        self.clocks = clocks.ClockService(self, clock_min_seconds)
        """Resigning, the bot standing in, time controls (app/services/clocks.py)."""
        self.reveal_window = timedelta(seconds=reveal_seconds)
        """How long the seats have to reveal their contributions once every seat is taken."""
        self.now = now
        """The time reveal deadlines and a host's release are judged by (tests pass their
        own clock)."""

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

    # ---- writing ----------------------------------------------------------------------

    def create(
        self,
        session: Session,
        kind: str,
        num_seats: int,
        options: Mapping[str, Any] | None,
        seats: list[SeatSpec] | None,
        public: bool = False,
        rematch_of: str | None = None,
        time_control: dict[str, Any] | None = None,
    ) -> tuple[Snapshot, str, list[dict[str, Any]]]:
        """A new game, its host token (shown once, stored as a hash: the creator's, to give
        seats back and to see the invites again) and its invites (``invites``).
        ``rematch_of``: the game it is the rematch of (app/services/rematch.py)."""
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
                        name=spec.name or (f"Bot {i + 1}" if spec.bot else None),
                        joined_at=now if spec.bot else None,
                        invite_key=None if spec.bot else new_invite_key(),
                        connections=0,
                    )
                )
            session.flush()
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
        ``rematch`` joins (app/services/rematch.py) take them until then."""
        if contribution is not None:
            raise ApiError("bad_request", CLEAR_CONTRIBUTION)
        token = new_token()
        with self.db.write(session):
            game = _game_row(session, game_id)
            _check_seat(game, seat)
            row = session.scalars(
                select(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
            ).one()
            if not game.public and (
                key is None
                or row.invite_key is None
                or not secrets.compare_digest(row.invite_key.encode(), key.encode())
            ):
                # Checked before "taken", so a stranger learns nothing about the seats.
                raise ApiError(
                    "invite_required",
                    f"seat {seat} of this game is taken by invitation only: open the invite "
                    "link the host sent you (its key is missing or no longer valid)",
                )
            now = utcnow()
            if game.status == "abandoned":
                raise ApiError("game_abandoned", "the host has abandoned this game")
            kept_until = as_utc(game.created_at) + self.rematch_window
            if game.rematch_of is not None and not rematch and now < kept_until:
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
            revealing = starts and counts and bool(self._to_reveal(session, game_id))
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
                self._fix_seed(session, game_id, bytes.fromhex(game.server_seed or ""))
        self.clocks.resync(session, game_id)  # the game may have started: clocks run
        snap = self.load(session, game_id)
        self.hub.publish(game_id, snap.version)
        self.hub.publish_presence(game_id)  # the seat is away until its page connects
        return snap, token

    @staticmethod
    def _to_reveal(session: Session, game_id: str) -> list[int]:
        """The seats that committed to a contribution and have not revealed it yet."""
        return list(
            session.scalars(
                select(SeatRow.seat)
                .where(
                    SeatRow.game_id == game_id,
                    SeatRow.commitment.is_not(None),
                    SeatRow.contribution.is_(None),
                )
                .order_by(SeatRow.seat)
            )
        )

    def reveal_contribution(
        self, session: Session, game_id: str, seat: int, token: str, contribution: str
    ) -> Snapshot:
        """``POST .../seats/{seat}/reveal``: the seat's contribution, once every seat is
        taken (409 ``not_revealing`` before: a contribution shown earlier would let a later
        joiner choose theirs knowing it). It must match the seat's commitment (409
        ``reveal_mismatch``, nothing changed). The last reveal fixes the seed and the game
        starts. After the deadline it is too late (409 ``reveal_closed``): the seat counts
        as having no contribution (``expire_reveals``). Revealing the same contribution
        again changes nothing."""
        digest = hash_token(token)
        with self.db.write(session):
            game = _game_row(session, game_id)
            _check_seat(game, seat)
            row = session.scalars(
                select(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
            ).one()
            if row.token_hash is None or not secrets.compare_digest(row.token_hash, digest):
                raise self._not_host(session, digest, "reveal this seat's contribution")
            if row.commitment is None:
                raise ApiError(
                    "nothing_to_reveal", f"seat {seat} committed to no contribution at its join"
                )
            if fairness.seat_commitment(contribution) != row.commitment:
                raise ApiError(
                    "reveal_mismatch",
                    "this contribution does not match the seat's commitment (its SHA-256, "
                    'docs/API.md "Fair draws")',
                )
            revealed_now = False
            if row.contribution == contribution:
                pass  # revealed before: nothing changes
            elif game.status == "abandoned":
                raise ApiError("game_abandoned", "the host has abandoned this game")
            elif game.game_seed is not None:
                raise ApiError(
                    "reveal_closed", "the game's seed is fixed: a reveal changes nothing now"
                )
            elif game.reveal_deadline is None:
                raise ApiError(
                    "not_revealing",
                    "contributions are revealed once every seat is taken and has committed; "
                    "not before, so that nobody chooses theirs knowing another's",
                )
            elif self.now() >= as_utc(game.reveal_deadline):
                raise ApiError(
                    "reveal_closed",
                    "the time to reveal is over: this seat counts as having no contribution",
                )
            else:
                revealed_now = True
                row.contribution = contribution
                game.seats_revision += 1
                game.updated_at = utcnow()
                session.flush()
                if not self._to_reveal(session, game_id):
                    self._start_revealed(session, game, [])
        if revealed_now:
            self.clocks.resync(session, game_id)
        snap = self.load(session, game_id)
        if revealed_now:
            self.hub.publish(game_id, snap.version)
        return snap

    def _start_revealed(self, session: Session, game: GameRow, missed: list[int]) -> None:
        """Every seat has revealed, or the time is over (``missed``: the seats that did
        not, which count as having no contribution; a table event says so): the seed is
        fixed and the game starts."""
        now = utcnow()
        if missed:
            game.seats_revision += 1
            session.add(
                TableEventRow(
                    game_id=game.id,
                    version=game.version,
                    seats_revision=game.seats_revision,
                    event={"type": "reveal_missed", "seats": missed},
                    created_at=now,
                )
            )
        game.status = "running"
        game.reveal_deadline = None
        game.updated_at = now
        session.flush()
        self._fix_seed(session, game.id, bytes.fromhex(game.server_seed or ""))

    def expire_reveals(self, now: datetime | None = None) -> list[str]:
        """Start every game whose time to reveal is over at ``now`` (default: ``self.now()``),
        the seats that did not reveal counted as having no contribution; the ids of the
        games started. The clock poll (``ClockRunner``) calls it in every process: the
        checks inside the write let only one of them start a game."""
        now = now or self.now()
        with self.db.session() as session:
            due = list(
                session.scalars(
                    select(GameRow.id).where(
                        GameRow.reveal_deadline.is_not(None),
                        GameRow.reveal_deadline <= now,
                        GameRow.game_seed.is_(None),
                        GameRow.status == "open",
                    )
                )
            )
            session.commit()
            started: list[str] = []
            for game_id in due:
                with self.db.write(session):
                    game = _game_row(session, game_id)
                    if (
                        game.reveal_deadline is None
                        or as_utc(game.reveal_deadline) > now
                        or game.game_seed is not None
                        or game.status != "open"
                    ):
                        continue
                    self._start_revealed(session, game, self._to_reveal(session, game_id))
                started.append(game_id)
                self.clocks.resync(session, game_id)
                snap = self.load(session, game_id)
                self.hub.publish(game_id, snap.version)
        return started

    @staticmethod
    def _fix_seed(session: Session, game_id: str, server_seed: bytes) -> None:
        """The game starts: its seed is fixed from the server's and every contribution
        revealed (a seat that did not reveal counts as having none)."""
        contributions = list(
            session.scalars(
                select(SeatRow.contribution)
                .where(SeatRow.game_id == game_id)
                .order_by(SeatRow.seat)
            )
        )
        seed = fairness.game_seed_bytes(server_seed, contributions).hex()
        session.execute(
            update(GameRow)
            .where(GameRow.id == game_id, GameRow.game_seed.is_(None))
            .values(game_seed=seed)
        )

    def reveal(self, session: Session, game_id: str) -> dict[str, Any]:
        """``GET .../fairness``: the commitment and contributions; after the end also the
        server's seed and salt, the game seed and the raw action log with every event fully
        revealed (docs/API.md "Fair draws"). Raw actions may name hidden things: never
        before the end."""
        snap = self.cache.load(session, game_id)
        row = _game_row(session, game_id)
        over = snap.status == "over" and snap.state.is_over
        answer: dict[str, Any] = {
            "game_id": game_id,
            "kind": snap.kind,
            "num_seats": snap.num_seats,
            "options": snap.options,
            "status": snap.status,
            "version": snap.version,
            **snap.fairness(),
            "revealed": False,
        }
        if not over or row.server_seed is None:
            session.commit()
            return answer
        actions = session.execute(
            select(ActionRow.seq, ActionRow.seat, ActionRow.action)
            .where(ActionRow.game_id == game_id, ActionRow.seq <= snap.version)
            .order_by(ActionRow.seq)
        ).all()
        session.commit()
        batches = snap.events[: snap.version]  # each packed block unpacked once
        answer.update(
            revealed=True,
            server_seed=row.server_seed,
            salt=row.salt,
            game_seed=row.game_seed,
            actions=[
                {
                    "seq": seq,
                    "seat": seat,
                    "action": action,
                    "events": [e.view(None, reveal=True) for e in batches[seq - 1]],
                }
                for seq, seat, action in actions
            ],
            scores=snap.state.scores(),
            winners=snap.state.winners(),
        )
        return answer

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
            _check_seat(game, seat)
            row = session.scalars(
                select(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
            ).one()
            if row.bot:
                raise ApiError("bot_seat", f"seat {seat} is played by the server's bot")
            if game.status == "over":
                raise ApiError("game_over", "the game is over; its seats stay as they were")
            if game.status == "abandoned":
                raise ApiError("game_abandoned", "the host has abandoned this game")
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

    # ---- presence ---------------------------------------------------------------------

    def presence(self, session: Session, game_id: str) -> list[dict[str, Any]]:
        """Whether each joined human seat's player has a WebSocket open now (in any
        process), else since when they are away. Read fresh from the seats, not from the
        cached snapshot: presence changes without a new version. A count left by a process
        that died stops counting once its ``last_seen`` is ``stale_seconds`` old."""
        now = utcnow()
        rows = session.scalars(
            select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
        )
        out: list[dict[str, Any]] = []
        for row in rows:
            if row.bot or row.joined_at is None:
                out.append({"seat": row.seat, "connected": None, "away_since": None})
                continue
            last = as_utc(row.last_seen or row.joined_at)
            live = row.connections > 0 and (now - last).total_seconds() < self.stale_seconds
            out.append({"seat": row.seat, "connected": live, "away_since": None if live else last})
        return out

    def seen(self, caller: Caller | None) -> None:
        """The caller's player is here (a request, a live WebSocket): their seat's
        ``last_seen`` is written with the next batch of presence, at most every
        ``PRESENCE_REFRESH`` seconds per token and process. Marked as written from now on;
        a failed write takes the mark back (``forget_seen``)."""
        if caller is None or caller.token_hash is None:
            return
        digest, now = caller.token_hash, time.monotonic()
        with self._tokens_lock:
            if now - self._seen.get(digest, -1e9) < self._refresh():
                return
            if len(self._seen) > 100_000:
                self._seen.clear()
            self._seen[digest] = now
        self.presence_writes.seen(caller.game_id, digest)

    async def count_socket(self, caller: Caller, delta: int) -> None:
        """A WebSocket of the caller's seat opened (+1) or closed (-1); returns once that is
        written (``PresenceWrites.count``). The server's own bots hold no token: not
        counted."""
        if caller.token_hash is not None:
            await self.presence_writes.count(caller.game_id, caller.token_hash, delta)

    def forget_seen(self, digests: Iterable[str]) -> None:
        """These tokens' last write failed: write them again at the next chance."""
        with self._tokens_lock:
            for digest in digests:
                self._seen.pop(digest, None)

    def _refresh(self) -> float:
        # Often enough that a player who is here never looks away for ``away_seconds``.
        return min(PRESENCE_REFRESH, max(self.away_seconds / 2, 1.0))

    def write_presence(self, changes: Mapping[str, tuple[str, int]]) -> None:
        """Several seats' presence in one transaction (``PresenceWrites`` gathers them):
        ``changes`` maps a token's digest to its game and the change of its count of open
        WebSockets, in any process (``0``: only seen now). Each row's ``last_seen`` becomes
        now. A released seat's token matches no row, so its closing sockets count for
        nobody. Then each game whose counts changed gets a presence notice."""
        now = utcnow()
        rows = [{"digest": d, "delta": n, "now": now} for d, (_, n) in changes.items()]
        with self.db.session() as session, self.db.write(session):
            session.connection().execute(PRESENCE, rows)
        written = time.monotonic()
        with self._tokens_lock:
            for digest in changes:
                self._seen[digest] = written
        for game_id in {game_id for game_id, delta in changes.values() if delta}:
            self.hub.publish_presence(game_id)

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
