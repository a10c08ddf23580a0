"""A game's service: the concerns of a table put together (base.py: reading a game and
knowing who calls; seating.py: tables, invites, taking and giving back seats; reveals.py: fair
draws; moves.py: moves and take-backs; presence.py: who has the game open; clocks.py and
rematch.py: clocks and the table's after-life). Routes, sockets and bots hold one
``GameService`` and call the concern they need through it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta

from app.db.models import utcnow
from app.db.session import Database
from app.hub.base import Hub
from app.services import clocks
from app.services.moves import Moves
from app.services.presence import PresenceTracking, PresenceWrites
from app.services.reveals import Reveals
from app.services.seat_tokens import SeatTokens
from app.services.seating import Seating
from app.services.snapshots import StateCache
from engines.core import Game


class GameService(Seating, Reveals, Moves, PresenceTracking):
    """One per process: every concern of the games it serves, sharing one database, one
    hub, one cache of states and one memory of seat tokens."""

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
        self._tokens = {}
        self._tokens_lock = threading.Lock()
        self.away_seconds = away_minutes * 60
        """How long a seat's player must be away before the host may release the seat."""
        self.stale_seconds = stale_seconds
        """A seat whose live connections have not refreshed ``last_seen`` for this long
        counts as away anyway: the process that held them may have died uncounted."""
        self._seen = {}
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
        self.seat_tokens = SeatTokens(db)
        """The tokens of seats that belong to accounts (app/services/seat_tokens.py)."""
