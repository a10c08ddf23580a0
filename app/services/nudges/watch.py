"""Noticing what an account should hear of: a turn passed to its seat, a clock of its seat
running low, a game of its over, a rematch offered at its table, correspondence games
waiting for it (the digest). Each becomes a delivery row per channel (``emit``), due when
the nudge should go out; whether it still should is decided when it is due (delivery.py).

Nothing here runs on a move's write path. A move only publishes its new version on the hub,
as it always did; the ``Watcher`` hears every game's change there (``changed``: a set
insertion) and looks at the changed games at its next poll, off the event loop. A poll
reads the account seats of the changed games (one query; games without an account seat
stop there) and the snapshots of those that have some (cached). Every
``SCAN_SECONDS``, and on start, it looks at every running (or lately ended) game with an
account seat, which covers what no notice told this process (a process that died between
its commit and its notice, changes made while this one was down). Every process does all
this; ``emit``'s insert-or-ignore on ``(dedupe_key, channel)`` keeps each event once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import and_, or_, select
from sqlalchemy.orm import Session

from app.core.errors import ApiError
from app.db.models import AccountRow, DeliveryRow, GameRow, SeatRow
from app.services.clock_model import seat_end
from app.services.games import GameService
from app.services.nudges import emit
from app.services.snapshots import Snapshot, as_utc

RECENT = timedelta(days=1)
"""A game that ended longer ago than this is not nudged about any more (after a restart)."""

TIME_LOW = 0.1
"""A clock is low at this share of its time (of the time per move; live: of the start)."""

IN_CHUNK = 500
"""Game ids per ``IN (...)`` of one query."""


def digest_hours(account: AccountRow) -> float:
    """The account's digest period in hours; 0: no digest (a nudge per turn)."""
    value = (account.notify or {}).get("digest_hours") or 0
    try:
        return max(0.0, float(value))
    except (TypeError, ValueError):
        return 0.0


def is_correspondence(tc: Mapping[str, Any] | None) -> bool:
    return tc is not None and tc.get("type") == "correspondence"


def iso(moment: datetime) -> str:
    return as_utc(moment).isoformat()


def moment(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, UTC)


def turn_started(clock: Mapping[str, Any] | None, seat: int) -> int | None:
    """When (ms) the turn of ``seat`` began, if its clock runs: it tells one turn of the
    seat from the next (a turn of several actions keeps it)."""
    if clock is None or seat not in clock.get("running", []):
        return None
    started = (clock.get("started_ms") or [None] * (seat + 1))[seat]
    return int(started if started is not None else clock["at"])


def time_low_at(
    tc: Mapping[str, Any] | None, clock: Mapping[str, Any] | None, seat: int
) -> tuple[int, datetime] | None:
    """For a seat whose clock runs: its turn's start (``turn_started``) and the moment
    its clock reaches ``TIME_LOW`` of its time; ``None`` otherwise."""
    started = turn_started(clock, seat)
    if tc is None or clock is None or started is None:
        return None
    total = tc["seconds"] * 1000
    end = seat_end(dict(tc), dict(clock), seat)
    return started, moment(end - int(total * TIME_LOW))


@dataclass(frozen=True, slots=True)
class Due:
    """One event for one account, to ``emit``."""

    account_id: int
    kind: str
    key: str
    facts: dict[str, Any]
    at: datetime


@dataclass(slots=True)
class AccountGame:
    """A game with account seats, as one query reads it."""

    game_id: str
    version: int
    seats_revision: int
    status: str
    updated_at: datetime
    time_control: dict[str, Any] | None
    clock: dict[str, Any] | None
    accounts: dict[int, int] = field(default_factory=dict)
    """seat -> account id"""

    @property
    def marker(self) -> tuple[int, int]:
        return self.version, self.seats_revision


class Watcher:
    """Turns what happened at the tables into delivery rows (one per process)."""

    def __init__(
        self,
        service: GameService,
        delay: float,
        clock: Callable[[], datetime],
        rematch_window: timedelta,
    ) -> None:
        self.service = service
        self.db = service.db
        self.delay = timedelta(seconds=delay)
        self.clock = clock
        self.rematch_window = rematch_window
        self._dirty: set[str] = set()
        self._lock = threading.Lock()
        self._known: dict[str, tuple[int, int]] = {}
        """Game -> (version, seats revision) this process last looked at."""

    def changed(self, game_id: str, version: int, local: bool = False) -> None:
        """The hub's notice of a change (on the event loop): looked at next poll."""
        with self._lock:
            self._dirty.add(game_id)

    def look(self, full: bool) -> int:
        """Emit what the changed games (``full``: every game with an account seat) ask
        for; how many delivery rows were added. What fails is looked at again next time."""
        with self._lock:
            dirty, self._dirty = self._dirty, set()
        try:
            return self._look(dirty, full)
        except BaseException:
            with self._lock:
                self._dirty |= dirty
            raise

    def _look(self, dirty: set[str], full: bool) -> int:
        now = self.clock()
        if not full and not dirty:
            return 0
        with self.db.session() as session:
            games = self._account_games(session, None if full else dirty, now)
            ids = {a for g in games.values() for a in g.accounts.values()}
            accounts = self._accounts(session, ids)
            session.commit()
        todo = [
            game
            for game in games.values()
            if game.game_id in dirty or self._known.get(game.game_id) != game.marker
        ]
        due: list[Due] = []
        waiting: dict[int, list[datetime]] = {}
        """Digest accounts -> when each of their waiting correspondence turns began."""
        for game in todo:
            due += self._events(game, accounts, now, waiting)
        if full:  # digests remind of games that did not change, too
            for game in games.values():
                if not is_correspondence(game.time_control) or game.status != "running":
                    continue
                for seat, account_id in game.accounts.items():
                    started = turn_started(game.clock, seat)
                    account = accounts.get(account_id)
                    if started is not None and account is not None and digest_hours(account):
                        waiting.setdefault(account_id, []).append(moment(started))
        if waiting:
            with self.db.session() as session:
                for account_id, starts in waiting.items():
                    digest = self._digest(session, accounts[account_id], min(starts))
                    if digest is not None:
                        due.append(digest)
                session.commit()
        added = self._emit(due)
        for game in todo:
            self._known[game.game_id] = game.marker
        if full:
            self._known = {k: v for k, v in self._known.items() if k in games}
        return added

    # ---- reading -----------------------------------------------------------------------

    def _account_games(
        self, session: Session, ids: Iterable[str] | None, now: datetime
    ) -> dict[str, AccountGame]:
        """Running or lately ended games with a seat held by an account (among ``ids``)."""
        query = (
            select(
                SeatRow.game_id,
                SeatRow.seat,
                SeatRow.account_id,
                GameRow.version,
                GameRow.seats_revision,
                GameRow.status,
                GameRow.updated_at,
                GameRow.time_control,
                GameRow.clock,
            )
            .join(GameRow, GameRow.id == SeatRow.game_id)
            .where(SeatRow.account_id.is_not(None), SeatRow.bot.is_(False))
            .where(
                or_(
                    GameRow.status == "running",
                    and_(GameRow.status == "over", GameRow.updated_at >= now - RECENT),
                )
            )
        )
        if ids is None:
            rows = list(session.execute(query))
        else:
            wanted, rows = sorted(ids), []
            for i in range(0, len(wanted), IN_CHUNK):
                chunk = wanted[i : i + IN_CHUNK]
                rows += session.execute(query.where(SeatRow.game_id.in_(chunk))).all()
        games: dict[str, AccountGame] = {}
        for r in rows:
            game = games.get(r.game_id)
            if game is None:
                game = games[r.game_id] = AccountGame(
                    r.game_id,
                    r.version,
                    r.seats_revision,
                    r.status,
                    as_utc(r.updated_at),
                    r.time_control,
                    r.clock,
                )
            game.accounts[r.seat] = r.account_id
        return games

    @staticmethod
    def _accounts(session: Session, ids: set[int]) -> dict[int, AccountRow]:
        if not ids:
            return {}
        rows = session.scalars(select(AccountRow).where(AccountRow.id.in_(sorted(ids))))
        return {a.id: a for a in rows if a.disabled_at is None}

    # ---- what a game asks for ----------------------------------------------------------

    def _events(
        self,
        game: AccountGame,
        accounts: Mapping[int, AccountRow],
        now: datetime,
        waiting: dict[int, list[datetime]],
    ) -> list[Due]:
        try:
            snap = self.service.snapshot(game.game_id)
        except ApiError:
            return []  # gone meanwhile
        if snap.status == "running":
            return self._turns(snap, game, accounts, waiting)
        if snap.status == "over" and snap.state.is_over:
            return self._end(snap, game, now)
        return []

    def _turns(
        self,
        snap: Snapshot,
        game: AccountGame,
        accounts: Mapping[int, AccountRow],
        waiting: dict[int, list[datetime]],
    ) -> list[Due]:
        """your_turn for each account seat the game waits for (a digest account's
        correspondence turns wait for its digest instead), time_low for its clock."""
        gid, tc = snap.game_id, snap.time_control
        at = as_utc(snap.last_move_at or game.updated_at)
        out: list[Due] = []
        for seat, account_id in sorted(game.accounts.items()):
            account = accounts.get(account_id)
            info = snap.seats[seat]
            if account is None or info.stand_in is not None or not snap.must_act(seat):
                continue
            if is_correspondence(tc) and digest_hours(account):
                waiting.setdefault(account_id, []).append(at)
            else:
                out.append(
                    Due(
                        account_id,
                        "your_turn",
                        f"turn:{gid}:{seat}:{snap.version}",
                        {"game": gid, "seat": seat, "version": snap.version, "at": iso(at)},
                        at + self.delay,
                    )
                )
            low = time_low_at(tc, snap.clock, seat)
            if low is not None:
                started, when = low
                out.append(
                    Due(
                        account_id,
                        "time_low",
                        f"time:{gid}:{seat}:{started}",
                        {"game": gid, "seat": seat, "started": started},
                        when,
                    )
                )
        return out

    def _end(self, snap: Snapshot, game: AccountGame, now: datetime) -> list[Due]:
        """game_over to each account at the table; rematch_offer to each but the offerer's."""
        gid = snap.game_id
        end = as_utc(snap.last_move_at or game.updated_at)
        holders = sorted(set(game.accounts.values()))
        out: list[Due] = []
        if now - end <= RECENT:
            facts = {"game": gid, "at": iso(end)}
            due = end + self.delay
            out += [Due(a, "game_over", f"over:{gid}:{a}", facts, due) for a in holders]
        for _, _, event in snap.table_events:
            if event.get("type") != "rematch_offered":
                continue
            until = as_utc(datetime.fromisoformat(event["until"]))
            if now >= until:
                continue
            offered = until - self.rematch_window
            offerer = game.accounts.get(event["by"])
            out += [
                Due(
                    a,
                    "rematch_offer",
                    f"rematch:{event['game']}:{a}",
                    {"game": event["game"], "old": gid, "by_seat": event["by"], "at": iso(offered)},
                    offered + self.delay,
                )
                for a in holders
                if a != offerer
            ]
        return out

    def _digest(self, session: Session, account: AccountRow, first: datetime) -> Due | None:
        """The account's next digest, unless one is on its way: due ``NUDGE_DELAY`` after
        the earliest waiting turn began, and no sooner than ``digest_hours`` after the
        last digest sent. Numbered per account, so every process names it alike."""
        rows = session.execute(
            select(DeliveryRow.event, DeliveryRow.status, DeliveryRow.sent_at)
            .where(
                DeliveryRow.account_id == account.id,
                DeliveryRow.dedupe_key.like(f"digest:{account.id}:%"),
            )
            .order_by(DeliveryRow.id.desc())
            .limit(50)
        ).all()
        last = max((int(r.event.get("n", 0)) for r in rows), default=0)
        on_its_way = ("pending", "sending")
        if any(int(r.event.get("n", 0)) == last and r.status in on_its_way for r in rows):
            return None
        due = first + self.delay
        sent = [as_utc(r.sent_at) for r in rows if r.status == "sent" and r.sent_at is not None]
        if sent:
            due = max(due, max(sent) + timedelta(hours=digest_hours(account)))
        n = last + 1
        return Due(account.id, "digest", f"digest:{account.id}:{n}", {"n": n}, due)

    # ---- writing -----------------------------------------------------------------------

    def _emit(self, due: list[Due]) -> int:
        if not due:
            return 0
        with self.db.session() as session, self.db.write(session):
            return sum(emit(session, d.account_id, d.kind, d.key, d.facts, d.at) for d in due)
