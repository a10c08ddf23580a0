"""Replays: the view a seat had after action ``V``, rebuilt from the action log.

Who may see which past views is decided here (docs/API.md, "History"): while a game runs
a seat replays only its own views and anyone the watcher's; once it has ended, anyone
replays any seat's, and the full reveal (every hidden face and value). The engine draws
each view with its one observer; this module only picks the seat and the position.

A past position is the replay of log rows ``1..V`` through ``apply_entry`` (so take-back
rows replay like any other). The action log is append-only, so a position once built never
changes: every ``CHECKPOINT_EVERY``-th one is kept (as JSON, per game, the least recently
replayed games dropped first), and stepping through a game replays at most a few rows.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.core.errors import ApiError
from app.core.inputs import plain_int
from app.db.models import ActionRow, GameRow
from app.services.base import Caller
from app.services.results import TableResult
from app.services.snapshots import Snapshot, apply_entry, start_state
from engines.core import Game, State

WATCHER = "watcher"
"""``seat=watcher``: the view of someone without a seat (``State.view(None)``)."""
ALL = "all"
"""``seat=all``: the full reveal, after the end only."""
CHECKPOINT_EVERY = 8
"""Positions kept per game: every 8th version, so a step replays at most 7 rows."""
GAMES_KEPT = 32
"""Games whose checkpoints are kept (the least recently replayed dropped first)."""


def has_ended(snap: Snapshot) -> bool:
    """Whether nothing hidden can matter any more: the game is over by its rules, so every
    seat's past and the full reveal are public. An abandoned game did not end by the rules
    (its hidden tiles and dolmens may matter to a replay, a bot, a rematch's players): it
    stays as private as a running one."""
    return snap.state.is_over and snap.status == "over"


def parse_seat(raw: str | None, caller: Caller | None, snap: Snapshot) -> int | str:
    """The ``seat`` parameter: a seat number, ``watcher`` or ``all``; absent, the caller's
    own seat (the watcher without a token)."""
    if raw is None:
        return caller.seat if caller is not None else WATCHER
    if raw in (WATCHER, ALL):
        return raw
    seat = plain_int(raw)
    if seat is None:
        raise ApiError("bad_request", "query.seat: a seat number (like 0 or 2), 'watcher' or 'all'")
    if seat >= snap.num_seats:
        raise ApiError(
            "unknown_seat", f"game {snap.game_id} has seats 0 to {snap.num_seats - 1}, not {seat}"
        )
    return seat


def check_access(snap: Snapshot, caller: Caller | None, seat: int | str) -> None:
    """401/403 unless the caller may replay ``seat``'s views now (module docstring)."""
    if seat == WATCHER or has_ended(snap):
        return
    if seat == ALL:
        raise ApiError("history_private", "the full reveal is shown once the game is over")
    if caller is None:
        raise ApiError(
            "unauthorized",
            f"while the game runs, seat {seat}'s past views are for seat {seat} only: "
            "send its token as Authorization: Bearer <token>, or ask for seat=watcher",
        )
    if caller.seat != seat:
        raise ApiError(
            "history_private",
            "while the game runs, a seat replays only its own views (and anyone the "
            "watcher's); every seat's are shown once the game is over",
        )


@dataclass(frozen=True, slots=True)
class PastView:
    version: int
    seat: int | str
    state: State
    actor: int | None
    events: list[dict[str, Any]]
    result: TableResult | None = None
    """The table's result at the end (TB-1): the last position's view names its winners."""


class History:
    """Past positions of games, rebuilt from their action logs."""

    def __init__(self, games: dict[str, Game], size: int = GAMES_KEPT) -> None:
        self.games = games
        self.size = size
        self._checkpoints: OrderedDict[str, dict[int, str]] = OrderedDict()
        self._lock = threading.Lock()

    def past(self, session: Session, snap: Snapshot, seat: int | str, version: int) -> PastView:
        """Seat ``seat``'s position after action ``version`` (access already checked)."""
        if version > snap.version:
            raise ApiError(
                "unknown_version",
                f"the game is at version {snap.version}; there is no version {version} yet",
            )
        state = snap.state if version == snap.version else self._state_at(session, snap, version)
        actor = snap.actors[version - 1] if version else None
        # The events as the seat saw them then (all of them revealed at the end, as the
        # answer to the last action showed them), or everything for the full reveal.
        reveal = seat == ALL or state.is_over
        who = seat if isinstance(seat, int) else None
        events = (
            [snap.event_view(e, who, reveal) for e in snap.events[version - 1]] if version else []
        )
        result = snap.result() if state.is_over else None
        return PastView(version, seat, state, actor, events, result)

    def view(self, past: PastView) -> dict[str, Any]:
        if past.seat == ALL:
            view = past.state.view(None, reveal=True)
        else:
            view = past.state.view(past.seat if isinstance(past.seat, int) else None)
        return view if past.result is None else past.result.shown(view)

    def _state_at(self, session: Session, snap: Snapshot, version: int) -> State:
        game = self.games[snap.kind]
        with self._lock:
            kept = self._checkpoints.get(snap.game_id, {})
            self._checkpoints[snap.game_id] = kept
            self._checkpoints.move_to_end(snap.game_id)
            while len(self._checkpoints) > self.size:
                self._checkpoints.popitem(last=False)
            start = max((v for v in kept if v <= version), default=0)
            saved = kept.get(start)
        if saved is None:
            row = session.get(GameRow, snap.game_id)
            if row is None:  # games are never deleted; the snapshot says it exists
                raise ApiError("unknown_game", f"there is no game {snap.game_id!r}")
            state, start = start_state(game, row), 0
        else:
            state = game.from_json(json.loads(saved))
        rows = session.execute(
            select(ActionRow.seq, ActionRow.seat, ActionRow.action)
            .where(
                ActionRow.game_id == snap.game_id,
                ActionRow.seq > start,
                ActionRow.seq <= version,
            )
            .order_by(ActionRow.seq)
        )
        new: dict[int, str] = {}
        at = start
        for seq, seat, action in rows:
            if seq != at + 1:
                raise RuntimeError(f"game {snap.game_id}: action log jumps to seq {seq}")
            apply_entry(state, seat, action)
            at = seq
            if seq % CHECKPOINT_EVERY == 0:
                # As text: a state may share its lists with the JSON it dumps or loads.
                new[seq] = json.dumps(state.to_json())
        session.commit()  # end the read transaction (as ``GameService.load`` does)
        if at != version:
            raise RuntimeError(f"game {snap.game_id}: log ends before version {version}")
        if new:
            with self._lock:
                self._checkpoints.setdefault(snap.game_id, {}).update(new)
        return state
