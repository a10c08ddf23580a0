"""Time controls and clocks as values: what a game stores and shows (no database, no I/O).

``app/services/clocks.py`` uses these inside its writes; ``Snapshot`` shows ``clock_view``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, model_validator

from app.core.errors import ApiError
from app.db.models import utcnow
from engines.core import State

BACK_FLOOR_MS = 60_000
"""A live seat taken back after its time ran out gets at least this much time again (at
most its starting time), so its player is not timed out again at once."""


# ---- the time control chosen at creation (validated at the edge) ---------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NoClock(_Strict):
    type: Literal["none"]


class Correspondence(_Strict):
    type: Literal["correspondence"]
    hours: StrictInt | None = Field(None, ge=1, le=720, description="Time per move.")
    seconds: StrictInt | None = Field(
        None,
        ge=1,
        le=720 * 3600,
        description="Time per move in seconds instead of hours: a testing setting, accepted "
        "only down to the server's CLOCK_MIN_SECONDS.",
    )

    @model_validator(mode="after")
    def _one_length(self) -> Correspondence:
        if (self.hours is None) == (self.seconds is None):
            raise ValueError("give the time per move as hours (1 to 720) or seconds, not both")
        return self

    def per_move(self) -> int:
        return self.seconds if self.seconds is not None else (self.hours or 0) * 3600


class Live(_Strict):
    type: Literal["live"]
    minutes: StrictInt | None = Field(None, ge=1, le=180, description="Time per player.")
    seconds: StrictInt | None = Field(
        None,
        ge=1,
        le=180 * 60,
        description="Time per player in seconds instead of minutes: a testing setting, "
        "accepted only down to the server's CLOCK_MIN_SECONDS.",
    )
    increment: StrictInt = Field(0, ge=0, le=60, description="Seconds added per move.")

    @model_validator(mode="after")
    def _one_length(self) -> Live:
        if (self.minutes is None) == (self.seconds is None):
            raise ValueError("give the time per player as minutes (1 to 180) or seconds")
        return self

    def per_seat(self) -> int:
        return self.seconds if self.seconds is not None else (self.minutes or 0) * 60


TimeControl = Annotated[NoClock | Correspondence | Live, Field(discriminator="type")]


def stored_time_control(tc: Any, min_seconds: float) -> dict[str, Any] | None:
    """What the game row keeps of a validated ``TimeControl`` (``None``: no clock).

    A length given in seconds (the testing form) is refused below ``min_seconds``
    (422 ``bad_time_control``), so a production server keeps its hours and minutes."""
    if tc is None or isinstance(tc, NoClock):
        return None
    if isinstance(tc, Correspondence):
        if tc.seconds is not None and tc.seconds < min_seconds:
            raise ApiError(
                "bad_time_control",
                f"time_control.seconds: this server takes at least {min_seconds:g} seconds "
                "per move (CLOCK_MIN_SECONDS); give hours instead",
            )
        return {"type": "correspondence", "seconds": tc.per_move()}
    if tc.seconds is not None and tc.seconds < min_seconds:
        raise ApiError(
            "bad_time_control",
            f"time_control.seconds: this server takes at least {min_seconds:g} seconds per "
            "player (CLOCK_MIN_SECONDS); give minutes instead",
        )
    return {"type": "live", "seconds": tc.per_seat(), "increment": tc.increment}


# ---- the clock itself: pure ------------------------------------------------------------


def now_ms(moment: datetime | None = None) -> int:
    return int((moment or utcnow()).timestamp() * 1000)


def _moment(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, UTC)


def _iso(moment: datetime) -> str:
    """ISO 8601 in UTC, written as the API writes every time (``...Z``)."""
    if moment.tzinfo is None:  # SQLite hands back naive datetimes; every one we store is UTC
        moment = moment.replace(tzinfo=UTC)
    return moment.isoformat().replace("+00:00", "Z")


def timed_seats(
    state: State, status: str, bots: Sequence[bool], stand_in: Sequence[str | None]
) -> list[int]:
    """The seats whose clocks run: human seats the game waits for, not played by the bot."""
    if status != "running" or state.is_over:
        return []
    return sorted(s for s in state.to_act() if not bots[s] and stand_in[s] is None)


def next_clock(
    tc: dict[str, Any] | None,
    clock: dict[str, Any] | None,
    running: list[int],
    now: int,
    *,
    acted: int | None = None,
    undo: bool = False,
    timed_out: Sequence[int] = (),
    back: int | None = None,
    num_seats: int,
) -> tuple[dict[str, Any] | None, datetime | None]:
    """The clock after a change at ``now`` (ms) and its deadline; ``running``: the seats
    whose clocks run from now on (``timed_seats``).

    Live: the seats whose clocks ran lose the time since the last change; ``acted`` gets
    the increment when its turn ended with its action (a take-back that gives it the turn
    again takes it back); ``timed_out`` seats have 0; a seat taken ``back`` gets at least
    ``BACK_FLOOR_MS``. Correspondence: a seat's move time starts when it starts to act.

    A take-back (``undo``) that gives ``acted`` its turn again charges it the time since
    the action it takes back, and the seats whose clocks only that action had started lose
    nothing: live, that time comes off the taker's clock instead of theirs; correspondence,
    the turn keeps the start it had (``resumes_ms``, kept when a seat's own action ends its
    turn), so its deadline is the one it had. Moving and taking back again and again can
    neither refill the taker's clock nor run down the others'.
    """
    if tc is None:
        return None, None
    live = tc["type"] == "live"
    clock = clock or {}
    before: list[int] = list(clock.get("running", []))
    at: int | None = clock.get("at")
    started: list[int | None] = list(clock.get("started_ms") or [None] * num_seats)
    resumes: list[int | None] = list(clock.get("resumes_ms") or [None] * num_seats)
    taken_back = undo and acted is not None and acted in running and acted not in before
    remaining: list[int] | None = None
    if live:
        initial = tc["seconds"] * 1000
        remaining = list(clock.get("remaining_ms") or [initial] * num_seats)
        if at is not None:
            for s in before:
                if not (taken_back and s not in running):
                    remaining[s] = max(0, remaining[s] - (now - at))
            if taken_back:
                assert acted is not None
                remaining[acted] = max(0, remaining[acted] - (now - at))
        increment = tc.get("increment", 0) * 1000
        if acted is not None and not undo and acted in before and acted not in running:
            remaining[acted] += increment
        if acted is not None and undo and acted in running and acted not in before:
            remaining[acted] = max(0, remaining[acted] - increment)
        for s in timed_out:
            remaining[s] = 0
        if back is not None:
            remaining[back] = max(remaining[back], min(BACK_FLOOR_MS, initial))
    if acted is not None and not undo and acted in before and acted not in running:
        resumes[acted] = started[acted]
    if taken_back:
        assert acted is not None
        before = [*before, acted]
        started[acted] = resumes[acted]
    started = [
        (started[s] if s in before and started[s] is not None else now) if s in running else None
        for s in range(num_seats)
    ]
    ends: list[int] = []
    for s in running:
        if remaining is not None:
            ends.append(now + remaining[s])
        else:
            ends.append((started[s] or now) + tc["seconds"] * 1000)
    new = {
        "running": running,
        "at": now,
        "started_ms": started,
        "remaining_ms": remaining,
        "resumes_ms": resumes,
    }
    return new, _moment(min(ends)) if ends else None


def seat_end(tc: dict[str, Any], clock: dict[str, Any], seat: int) -> int:
    """When (ms) running ``seat``'s time is up: live, its time left from the clock's last
    change; correspondence, its move's start plus the time per move."""
    if tc["type"] == "live":
        return int(clock["at"] + clock["remaining_ms"][seat])
    return int((clock["started_ms"][seat] or clock["at"]) + tc["seconds"] * 1000)


def expired(tc: dict[str, Any], clock: dict[str, Any], now: int) -> list[int]:
    """The running seats whose time is up at ``now`` (ms)."""
    return [s for s in clock.get("running", []) if seat_end(tc, clock, s) <= now]


def clock_view(
    tc: dict[str, Any] | None, clock: dict[str, Any] | None, deadline: datetime | None
) -> dict[str, Any]:
    """The public ``Clock`` of docs/API.md: nothing in it is hidden from anyone."""
    if tc is None:
        return {"type": "none", "running": [], "deadline": None}
    clock = clock or {}
    at = clock.get("at")
    started = clock.get("started_ms") or []
    view: dict[str, Any] = {
        "type": tc["type"],
        "running": list(clock.get("running", [])),
        "deadline": _iso(deadline) if deadline is not None else None,
        "at": _iso(_moment(at)) if at is not None else None,
    }
    if tc["type"] == "live":
        view.update(
            initial_ms=tc["seconds"] * 1000,
            increment_ms=tc.get("increment", 0) * 1000,
            remaining_ms=clock.get("remaining_ms") or [],
        )
    else:
        view.update(
            per_move_ms=tc["seconds"] * 1000,
            deadlines=[
                _iso(_moment(t + tc["seconds"] * 1000)) if t is not None else None for t in started
            ],
        )
    return view
