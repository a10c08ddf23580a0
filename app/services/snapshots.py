"""Replayed game states, cached in memory and kept in step with the action log.

A ``Snapshot`` is one game at one version and never changes once built: a write applies
the action to a clone and publishes a new snapshot. ``StateCache.load`` compares the cached
version with the database (one cheap query) and replays only the missing actions, so it
stays correct when another process writes to the same database.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime
from typing import Any, Final

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from app.core import jsontext
from app.core.errors import ApiError
from app.db.models import ActionRow, GameRow, SeatRow, TableEventRow
from app.services.clock_model import clock_view
from app.services.eventlog import EMPTY, Batch, EventLog
from app.services.results import TableResult, table_result
from bots import DEFAULT_LEVEL as DEFAULT_BOT_LEVEL
from bots.api import LabelledAction
from engines.core import Event, Game, State

PLACEHOLDER_SEED = 0
"""The engine seed of a game whose seed is not fixed yet (a seat is still free): public, so
the placeholder setup it draws hides nothing, and every seat sees it as a spectator does
(``Snapshot.view``), so nobody sees a draw that changes when the game starts."""


def engine_seed(row: GameRow) -> int:
    """The seed a game's engine state is made with: ``games.seed`` for a game made before
    fair draws, the game seed once fixed, the public placeholder before that."""
    if row.server_seed is None:
        return row.seed
    if row.game_seed is None:
        return PLACEHOLDER_SEED
    return int.from_bytes(bytes.fromhex(row.game_seed), "little")


def start_state(game: Game, row: GameRow) -> State:
    """The game's position at version 0, before any log row (the live cache and the
    replays of /history both start here)."""
    return game.new(row.num_seats, engine_seed(row), row.options)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    name: str | None
    bot: bool
    joined: bool
    level: str | None = None
    """A bot seat's level; ``None`` for a human seat."""
    stand_in: str | None = None
    """"resigned" or "timeout": the server's bot plays this human seat (app/services/clocks.py)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "bot": self.bot,
            "joined": self.joined,
            "level": self.level,
            "stand_in": self.stand_in,
        }


def event_log(events: Sequence[Batch]) -> EventLog:
    """``events`` as an ``EventLog``: the cache only makes logs, but a snapshot may be given
    any sequence of batches (``dataclasses.replace``, as the security tests' twins are)."""
    return events if isinstance(events, EventLog) else EventLog.of(events)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A game at ``version``: ``state`` is the replay of actions 1..version."""

    game_id: str
    kind: str
    options: dict[str, Any]
    status: str
    version: int
    seats_revision: int
    created_at: datetime
    seats: tuple[SeatInfo, ...]
    state: State
    events: Sequence[Batch]
    """``events[i]``: what action ``seq = i + 1`` caused (an ``EventLog``: packed small)."""
    actors: tuple[int, ...]
    """``actors[i]``: the seat that played action ``seq = i + 1`` (public)."""
    public: bool = False
    allow_bots: bool = True
    """Bot accounts may join its seats (``games.allow_bots``)."""
    rated: bool = False
    """Created rated: its end counts for its players' ratings if every seat is an
    account's (app/services/ratings.py)."""
    table_events: tuple[tuple[int, int, dict[str, Any]], ...] = ()
    """``(version, seats_revision, event)`` of each table event (a seat released), oldest
    first; public, and apart from ``events`` so versions keep counting actions only."""
    commitment: str | None = None
    """The public commitment to the server's seed (``None``: a game made before fair draws)."""
    contributions: tuple[str | None, ...] = ()
    """Each seat's public contribution to the game seed (``None``: none, or not revealed)."""
    commitments: tuple[str | None, ...] = ()
    """Each seat's public commitment to its contribution (``None``: none)."""
    reveal_deadline: datetime | None = None
    """Until when the seats reveal their contributions (``None``: not revealing now)."""
    seed_fixed: bool = True
    """False while a game with a commitment waits for its first start: its state is then the
    placeholder setup (``PLACEHOLDER_SEED``)."""
    last_move_at: datetime | None = None
    """When the last action was applied (``None`` before the first)."""
    rematch_of: str | None = None
    """The game this one is the rematch of (app/services/rematch.py)."""
    time_control: dict[str, Any] | None = None
    """The game's time control (``None``: none); ``clock`` and ``deadline`` as the game row
    has them at this version and seats revision (app/services/clocks.py)."""
    clock: dict[str, Any] | None = None
    deadline: datetime | None = None
    server_moves: tuple[int, ...] = ()
    """``State.ply`` right after each action still standing (not taken back) that the
    server's bot played for a human seat (a lapsed clock, a timeout, a resignation):
    ``standing_server_moves``. Bot seats' moves are left out (no token takes them back)."""
    server_played: tuple[int, ...] = ()
    """``seq`` of each action the server's bot played for a human seat, taken back since or
    not: the log marks them ``by_server`` ("The server's bot for Ben: …")."""
    _memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def num_seats(self) -> int:
        return len(self.seats)

    @property
    def bot_seats(self) -> list[int]:
        return [s.seat for s in self.seats if s.bot]

    @property
    def server_seats(self) -> list[int]:
        """Seats the server's bot plays: bot seats and human seats it stands in for."""
        return [s.seat for s in self.seats if s.bot or s.stand_in is not None]

    def bot_level(self, seat: int) -> str | None:
        return self.seats[seat].level

    def must_act(self, seat: int | None) -> bool:
        return self.status == "running" and seat is not None and seat in self.state.to_act()

    def view(self, seat: int | None) -> dict[str, Any]:
        """The engine's view for ``seat`` (its one observer), computed once per version.
        Every seat's view of a version shares what all seats see alike (``State.view``'s
        ``shared``: the board's places, the wall), made once: read-only, like the rest."""
        if not self.seed_fixed:
            seat = None  # the placeholder's private draws (a start hand) are nobody's
        return self.remember(
            ("view", seat),
            lambda: self.ended(self.state.view(seat, shared=self.remember("parts", dict))),
        )

    def result(self) -> TableResult:
        """The table's result (app/services/results.py, TB-1); only once the game is over."""
        return self.remember(
            "result",
            lambda: table_result(
                self.state.outcome(), (s.seat for s in self.seats if s.stand_in == "resigned")
            ),
        )

    def ended(self, part: dict[str, Any]) -> dict[str, Any]:
        """A view of this game's position or a ``game_over`` event, with the table's winners
        and places once the game is over (TB-1); anything else as it is."""
        return self.result().shown(part) if self.state.is_over else part

    def event_view(self, event: Event, seat: int | None, reveal: bool) -> dict[str, Any]:
        """``event`` as ``seat`` sees it, as served: ``game_over`` with the table's result."""
        out = event.view(seat, reveal=reveal)
        return self.ended(out) if event.type == "game_over" else out

    def remember(self, key: Any, make: Callable[[], Any]) -> Any:
        """``make()``, once per version while remembered (``key`` must say everything the
        value depends on besides this snapshot). ``forget_views`` may empty the memo from
        another thread at any time, so it is read once, never checked then read."""
        value = self._memo.get(key)
        if value is None:
            value = self._memo[key] = make()
        return value

    def forget_views(self) -> None:
        """Let the views, legal-action lists and table facts go (they are made again on
        demand). The room calls it once every connection has its message: a live game
        then keeps its state, not a tree of dicts per seat that nobody reads until the
        next version (about half of a game's memory)."""
        self._memo.clear()

    def can_undo(self, seat: int | None) -> bool:
        """Whether ``seat`` may take back its last action now: the engine decides, and an
        action the server's bot played for the seat is never the seat's to take back."""
        return (
            self.status == "running"
            and seat is not None
            and self.state.can_undo(seat)
            and not self.server_moved_last()
        )

    def server_moved_last(self) -> bool:
        """Whether the last action still standing was played by the server's bot for a
        human seat."""
        return bool(self.server_moves) and self.server_moves[-1] == self.state.ply

    def legal_actions(self, seat: int | None) -> list[LabelledAction]:
        """``[{action, label}]`` for ``seat``; empty unless the game runs and waits for it."""
        if seat is None or not self.must_act(seat):
            return []
        return self.remember(
            ("legal", seat),
            lambda: [
                {"action": a.model_dump(mode="json"), "label": a.label()}
                for a in self.state.legal_actions(seat)
            ],
        )

    def legal_entries(self, seat: int | None) -> list[Any] | jsontext.Fragment:
        """``legal_actions`` already written as JSON, for the WebSocket's messages
        (``jsontext``) only. Each ``action`` is written straight from the engine's model by
        pydantic-core's ``to_json``, which writes the same JSON as ``model_dump(mode="json")``
        does (tests/ws/test_speed2_entries.py), in Rust, without a dict per action first."""
        if seat is None or not self.must_act(seat):
            return []
        return self.remember(
            ("entries", seat),
            lambda: jsontext.fragment(
                [{"action": a, "label": a.label()} for a in self.state.legal_actions(seat)]
            ),
        )

    def resigned(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat].stand_in == "resigned"

    def offered_actions(self, seat: int | None) -> list[LabelledAction]:
        """``legal_actions`` as offered to the seat's token: none once it resigned (the
        server's bot, which plays it then, asks ``legal_actions``)."""
        return [] if self.resigned(seat) else self.legal_actions(seat)

    def events_for(self, seat: int | None, since: int) -> list[dict[str, Any]]:
        """Events of actions ``seq > since``, each as ``seat`` may see it."""
        reveal = self.state.is_over
        return [
            self.event_view(e, seat, reveal)
            for batch in self.events[max(since, 0) :]
            for e in batch
        ]

    def log_for(self, seat: int | None, since: int) -> list[dict[str, Any]]:
        reveal = self.state.is_over
        since = max(since, 0)
        played = set(self.server_played)
        return [
            {
                "seq": seq,
                "seat": self.actors[seq - 1],
                "by_server": seq in played,
                "events": [self.event_view(e, seat, reveal) for e in batch],
            }
            for seq, batch in enumerate(self.events[since : self.version], since + 1)
        ]

    def table_log(self, since: int) -> list[dict[str, Any]]:
        """Table events at versions ``>= since`` (one at ``since`` happened after action
        ``since``), each with the version it happened at."""
        return [{"version": v, **event} for v, _, event in self.table_events if v >= since]

    def table_events_after(self, seats_revision: int) -> list[dict[str, Any]]:
        return [event for _, rev, event in self.table_events if rev > seats_revision]

    def seat_state(self, seat: int | None) -> dict[str, Any]:
        """The ``SeatState`` of docs/API.md."""
        return self._seat_state(seat, self.offered_actions(seat))

    def message_state(self, seat: int | None) -> dict[str, Any]:
        """``seat_state`` for encoding with ``jsontext`` only (``legal_entries``, and the
        view's shared parts already written: ``message_view``)."""
        legal = [] if self.resigned(seat) else self.legal_entries(seat)
        return self._seat_state(seat, legal, self.message_view(seat))

    def message_view(self, seat: int | None) -> dict[str, Any]:
        """``view(seat)`` for encoding with ``jsontext`` only: each part the seats' views
        share (``view``) written once per version for all of them, as ``jsontext.dumps``
        writes it."""
        view = self.view(seat)
        names = {id(part): name for name, part in (self._memo.get("parts") or {}).items()}
        written = dict(view)
        for key, value in view.items():
            name = names.get(id(value))
            if name is not None and (text := self._written(name, value)) is not None:
                written[key] = text
        return written

    def _written(self, name: Any, part: Any) -> jsontext.Fragment | None:
        """The shared part ``name`` written once; ``None`` if the one written was another
        object (``forget_views`` ran in between): the text is kept with the part it was
        written from and used only for that very object."""
        known = self._memo.get(("written", name))
        if known is None:
            known = self._memo[("written", name)] = (part, jsontext.written(part))
        return known[1] if known[0] is part else None

    def _seat_state(
        self,
        seat: int | None,
        legal: list[Any] | jsontext.Fragment,
        view: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "kind": self.kind,
            "version": self.version,
            "seat": seat,
            "status": self.status,
            "seats": [s.to_json() for s in self.seats],
            "view": self.view(seat) if view is None else view,
            "legal_actions": legal,
            "can_undo": self.can_undo(seat) and not self.resigned(seat),
            "clock": self.clock_view(),
            "result": self.result().to_json() if self.state.is_over else None,
            **self.table_facts(),
        }

    def clock_view(self) -> dict[str, Any]:
        """The public ``Clock`` of docs/API.md."""
        return clock_view(self.time_control, self.clock, self.deadline)

    def summary(self) -> dict[str, Any]:
        return {
            "id": self.game_id,
            "kind": self.kind,
            "num_seats": self.num_seats,
            "status": self.status,
            "version": self.version,
            "public": self.public,
            "rated": self.rated,
            "allow_bots": self.allow_bots,
            "created_at": as_utc(self.created_at),
            "seats": [s.to_json() for s in self.seats],
            "options": self.options,
            "fairness": self.fairness(),
            **self.table_facts(),
            "clock": self.clock_view(),
        }

    def to_act(self) -> list[int]:
        """The seats the game waits for now (public); none unless it is running."""
        return list(self.state.to_act()) if self.status == "running" else []

    def table_facts(self) -> dict[str, Any]:
        """Whose turn, the last move's time and the rematch (docs/API.md, "A table's whole
        life"), in the summary and in every seat's state."""
        facts: dict[str, Any] = self.remember(
            "table_facts",
            lambda: {
                "to_act": self.to_act(),
                "last_move_at": as_utc(self.last_move_at) if self.last_move_at else None,
                "rematch": rematch_offer(self.table_events),
                "rematch_of": self.rematch_of,
                "reveal": self.reveal(),
            },
        )
        return facts

    def reveal(self) -> dict[str, Any] | None:
        """While the seats reveal their contributions (every seat taken, the seed not fixed
        yet): which seats must still reveal and until when; ``None`` otherwise."""
        if self.reveal_deadline is None or self.seed_fixed or self.status != "open":
            return None
        return reveal_view(self.commitments, self.contributions, self.reveal_deadline)

    def fairness(self) -> dict[str, Any]:
        """The public part of commit and reveal (docs/API.md "Fair draws")."""
        return {
            "commitment": self.commitment,
            "commitments": list(self.commitments),
            "contributions": list(self.contributions),
        }

    def advanced(
        self,
        state: State,
        seat: int,
        events: list[Event],
        status: str,
        moved_at: datetime | None = None,
        clock: dict[str, Any] | None = None,
        deadline: datetime | None = None,
        by_server: bool = False,
    ) -> Snapshot:
        """This snapshot after one more action (already applied to ``state``, a clone),
        with the clock the write stored; ``by_server``: the server's bot played it.

        Made slot by slot rather than by ``dataclasses.replace``, which runs the frozen
        ``__init__`` with its checks: a third of the cost, once per move. Slots, not an
        instance dict: about 0.8 KB less for every live game (issue 16)."""
        new = object.__new__(Snapshot)
        for name in _FIELDS:
            _set_field(new, name, getattr(self, name))
        _set_field(new, "last_move_at", moved_at or self.last_move_at)
        _set_field(new, "state", state)
        _set_field(new, "status", status)
        _set_field(new, "version", self.version + 1)
        _set_field(new, "events", event_log(self.events).append(tuple(events)))
        _set_field(new, "actors", (*self.actors, seat))
        _set_field(new, "clock", clock)
        _set_field(new, "deadline", deadline)
        _set_field(
            new,
            "server_moves",
            standing_server_moves(
                self.server_moves, state.ply, by_server and not self.seats[seat].bot
            ),
        )
        if by_server and not self.seats[seat].bot:
            _set_field(new, "server_played", (*self.server_played, self.version + 1))
        _set_field(new, "_memo", {})
        return new


def standing_server_moves(moves: tuple[int, ...], ply: int, by_server: bool) -> tuple[int, ...]:
    """``Snapshot.server_moves`` after one more log entry that leaves the game at ``ply``:
    those a take-back has removed dropped (beyond ``ply``), this one added if it is the
    server's. The log's entries map to plies this way since ``State.undo`` restores the
    ply of the position before the action it takes back."""
    if moves and moves[-1] > ply:
        moves = tuple(p for p in moves if p <= ply)
    return (*moves, ply) if by_server else moves


_set_field = object.__setattr__
_FIELDS = tuple(f.name for f in fields(Snapshot))


def reveal_view(
    commitments: Sequence[str | None], contributions: Sequence[str | None], deadline: datetime
) -> dict[str, Any]:
    """``{waiting, deadline}``: the seats that committed and have not revealed yet."""
    waiting = [
        seat
        for seat, (committed, revealed) in enumerate(zip(commitments, contributions, strict=True))
        if committed is not None and revealed is None
    ]
    return {"waiting": waiting, "deadline": as_utc(deadline)}


def fairness_of(row: GameRow, seat_rows: Sequence[SeatRow]) -> dict[str, Any]:
    """``Snapshot.fairness`` and ``reveal`` from the rows (the game lists, which build no
    snapshot)."""
    commitments = [r.commitment for r in seat_rows]
    contributions = [r.contribution for r in seat_rows]
    revealing = row.reveal_deadline is not None and row.game_seed is None and row.status == "open"
    return {
        "fairness": {
            "commitment": row.commitment,
            "commitments": commitments,
            "contributions": contributions,
        },
        "reveal": (
            reveal_view(commitments, contributions, row.reveal_deadline)
            if revealing and row.reveal_deadline is not None
            else None
        ),
    }


def rematch_offer(
    table_events: tuple[tuple[int, int, dict[str, Any]], ...],
) -> dict[str, Any] | None:
    """The rematch offered at this table, from its (public) table events: the new game,
    the seat that offered it, until when the seats are kept, and the old seats whose
    players have taken their seat in it; ``None`` while nobody has offered one."""
    offer: dict[str, Any] | None = None
    seated: set[int] = set()
    for _, _, event in table_events:
        if event.get("type") == "rematch_offered":
            offer = event
            seated.add(event["by"])
        elif event.get("type") == "rematch_joined":
            seated.add(event["seat"])
    if offer is None:
        return None
    return {
        "game": offer["game"],
        "by": offer["by"],
        "until": offer["until"],
        "seats": sorted(seated),
    }


UNDO_ENTRY: Final[Mapping[str, str]] = {"type": "undo"}
"""The ``action`` of an action-log row that takes back its seat's last action. The log
stays append-only: a take-back is a row (and a version) of its own, and a replay turns it
back into ``State.undo`` (``apply_entry``). No game has an action of type ``undo``."""


def apply_entry(state: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
    """Replay one action-log row on ``state``: a take-back (``UNDO_ENTRY``) or an action.

    Every replay of the log goes through here, so a take-back means the same everywhere.
    """
    if action == UNDO_ENTRY:
        return state.undo(seat)
    return state.apply(seat, action)


HEAD = select(GameRow.version, GameRow.seats_revision).where(GameRow.id == bindparam("game_id"))
"""The cheap query before serving a cached game (built once: building SQL is not free)."""


def as_utc(moment: datetime) -> datetime:
    # SQLite hands back naive datetimes; every one we store is UTC.
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def seat_infos(rows: list[SeatRow]) -> tuple[SeatInfo, ...]:
    return tuple(
        SeatInfo(
            r.seat,
            r.name,
            r.bot,
            r.joined_at is not None,
            (r.bot_level or DEFAULT_BOT_LEVEL) if r.bot else None,
            r.stand_in,
        )
        for r in sorted(rows, key=lambda r: r.seat)
    )


class StateCache:
    """Snapshots by game id (least recently used ones dropped beyond ``size``)."""

    def __init__(self, games: dict[str, Game], size: int) -> None:
        self.games = games
        self.size = size
        self._entries: OrderedDict[str, Snapshot] = OrderedDict()
        self._lock = threading.Lock()
        self._game_locks: dict[str, threading.Lock] = {}

    def peek(self, game_id: str) -> Snapshot | None:
        with self._lock:
            return self._entries.get(game_id)

    def put(self, snap: Snapshot) -> None:
        """Keep ``snap`` unless a newer one of the same game is already cached."""
        with self._lock:
            old = self._entries.get(snap.game_id)
            if old is not None and (old.version, old.seats_revision) > (
                snap.version,
                snap.seats_revision,
            ):
                return
            self._entries[snap.game_id] = snap
            self._entries.move_to_end(snap.game_id)
            while len(self._entries) > self.size:
                evicted, _ = self._entries.popitem(last=False)
                self._game_locks.pop(evicted, None)

    def load(self, session: Session, game_id: str) -> Snapshot:
        """The game as the database has it now; raises ``unknown_game``."""
        if "\x00" in game_id:  # no game has one, and PostgreSQL refuses to even compare it
            raise ApiError("unknown_game", f"there is no game {game_id!r}")
        head = session.connection().execute(HEAD, {"game_id": game_id}).one_or_none()
        if head is None:
            raise ApiError("unknown_game", f"there is no game {game_id!r}")
        snap = self.peek(game_id)
        if snap is not None and (snap.version, snap.seats_revision) == tuple(head):
            return snap
        with self._lock:
            game_lock = self._game_locks.setdefault(game_id, threading.Lock())
        with game_lock:  # one thread replays a game at a time; the others reuse its work
            snap = self.peek(game_id)
            if snap is not None and (snap.version, snap.seats_revision) == tuple(head):
                return snap
            snap = self._catch_up(session, game_id, snap)
        self.put(snap)
        return snap

    def _catch_up(self, session: Session, game_id: str, cached: Snapshot | None) -> Snapshot:
        row = session.get(GameRow, game_id, populate_existing=True)
        if row is None:
            raise ApiError("unknown_game", f"there is no game {game_id!r}")
        game = self.games.get(row.kind)
        if game is None:
            raise RuntimeError(f"game {game_id} is a {row.kind!r}, which this server lacks")
        seat_rows = sorted(
            session.scalars(select(SeatRow).where(SeatRow.game_id == game_id)),
            key=lambda r: r.seat,
        )
        seats = seat_infos(seat_rows)
        seed_fixed = row.server_seed is None or row.game_seed is not None
        if cached is None or cached.version > row.version or cached.seed_fixed != seed_fixed:
            # A game that just started drops its placeholder state: replayed from its seed.
            state = start_state(game, row)
            events = EMPTY
            actors: list[int] = []
            server_moves: tuple[int, ...] = ()
            server_played: tuple[int, ...] = ()
        else:
            state = cached.state.clone() if cached.version < row.version else cached.state
            events, actors = event_log(cached.events), list(cached.actors)
            server_moves, server_played = cached.server_moves, cached.server_played
        if len(events) < row.version:
            rows = session.execute(
                select(ActionRow.seq, ActionRow.seat, ActionRow.action, ActionRow.by_server)
                .where(
                    ActionRow.game_id == game_id,
                    ActionRow.seq > len(events),
                    ActionRow.seq <= row.version,
                )
                .order_by(ActionRow.seq)
            )
            for seq, seat, action, by_server in rows:
                if seq != len(events) + 1:
                    raise RuntimeError(f"game {game_id}: action log jumps to seq {seq}")
                events = events.append(tuple(apply_entry(state, seat, action)))
                actors.append(seat)
                played = bool(by_server) and not seats[seat].bot
                server_moves = standing_server_moves(server_moves, state.ply, played)
                if played:
                    server_played = (*server_played, seq)
            if len(events) != row.version:
                raise RuntimeError(f"game {game_id}: log ends before version {row.version}")
        if cached is not None and cached.seats_revision == row.seats_revision:
            table_events = cached.table_events
        else:
            table_events = tuple(
                (v, rev, dict(event))
                for v, rev, event in session.execute(
                    select(TableEventRow.version, TableEventRow.seats_revision, TableEventRow.event)
                    .where(TableEventRow.game_id == game_id)
                    .order_by(TableEventRow.id)
                )
            )
        return Snapshot(
            commitment=row.commitment,
            contributions=tuple(r.contribution for r in seat_rows),
            commitments=tuple(r.commitment for r in seat_rows),
            reveal_deadline=as_utc(row.reveal_deadline) if row.reveal_deadline else None,
            seed_fixed=seed_fixed,
            last_move_at=row.last_move_at,
            rematch_of=row.rematch_of,
            public=row.public,
            rated=row.rated,
            allow_bots=row.allow_bots,
            table_events=table_events,
            game_id=game_id,
            kind=row.kind,
            options=dict(row.options),
            status=row.status,
            version=row.version,
            seats_revision=row.seats_revision,
            created_at=row.created_at,
            seats=seats,
            state=state,
            events=events,
            actors=tuple(actors),
            time_control=row.time_control,
            clock=row.clock,
            deadline=as_utc(row.deadline) if row.deadline is not None else None,
            server_moves=server_moves,
            server_played=server_played,
        )
