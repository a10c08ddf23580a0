"""Table chat: what the people at a table type, kept with the game (``chat_messages``).

The server only relays text: a message holds what its writer typed, their seat (or
``None`` for a watcher) and a name, never anything of the game's state, so it can be sent
to everyone at the table. Texts are never logged.

Refusals (docs/API.md): a text or name that ``check_text`` refuses (400 ``bad_request``;
one with nothing visible in it: ``chat_empty``), ``chat_too_long`` (1 to ``MAX_TEXT``
characters after trimming), ``chat_closed`` (the host switched watchers' chat off),
``chat_too_fast`` (more than ``CHAT_RATE`` messages in ``CHAT_WINDOW`` seconds, counted per
seat token or, for watchers, per client address, over all of its WebSockets and REST
together, within one server process: ``rate_key``). A refused message is not stored and
costs nothing of the budget.
"""

from __future__ import annotations

import contextlib
import logging
import math
import secrets
import threading
import time
import unicodedata
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import exc as sa_exc
from sqlalchemy import false, or_, select, update
from sqlalchemy.orm import Session

from app.core.errors import DATABASE_ERRORS, DATABASE_RETRY_AFTER, ApiError
from app.core.inputs import TextRefused, check_text
from app.core.security import hash_token
from app.db.models import ChatMessageRow, GameRow, SeatRow, utcnow
from app.db.session import Database
from app.hub.base import Hub
from app.services.base import UNKNOWN_TOKEN, Caller
from app.services.snapshots import as_utc

log = logging.getLogger(__name__)

MAX_TEXT = 500
"""Characters a message may have after trimming."""
MAX_NAME = 40
"""Characters of a watcher's name after trimming (longer ones are cut)."""
PAGE = 100
"""Messages ``GET .../chat`` answers at most: the last ones, or the first after ``after``."""
WATCHER = "Watcher"
"""The name of a watcher who gave none."""


@dataclass(frozen=True, slots=True)
class ChatMessage:
    id: int
    game_id: str
    seat: int | None
    name: str
    text: str
    created_at: datetime

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "seat": self.seat,
            "watcher": self.seat is None,
            "name": self.name,
            "text": self.text,
            "created_at": as_utc(self.created_at),
        }

    @classmethod
    def of(cls, row: ChatMessageRow) -> ChatMessage:
        return cls(row.id, row.game_id, row.seat, row.name, row.text, row.created_at)


class WindowRate:
    """At most ``rate`` events per ``window`` seconds for each key (a sliding window);
    ``rate`` 0 is no limit. Not thread-safe by itself: ``ChatService`` locks around it."""

    MAX_KEYS = 10_000
    """Keys kept; beyond that, keys with nothing in their window are forgotten."""

    def __init__(
        self, rate: int, window: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.window = window
        self.clock = clock
        self._times: dict[str, deque[float]] = {}

    def take(self, key: str) -> float | None:
        """Count one event for ``key``; ``None`` if allowed, else the seconds to wait."""
        if not self.rate:
            return None
        now = self.clock()
        times = self._times.get(key)
        if times is None:
            if len(self._times) >= self.MAX_KEYS:
                self._forget_idle(now)
            times = self._times[key] = deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) >= self.rate:
            return times[0] + self.window - now
        times.append(now)
        return None

    def _forget_idle(self, now: float) -> None:
        for key, times in list(self._times.items()):
            if not times or times[-1] <= now - self.window:
                del self._times[key]


def rate_key(caller: Caller | None, client: str) -> str:
    """Whose chat budget a message spends: its seat's (by token), else its address's. One
    budget for all of a writer's sockets and requests, or opening more sockets would buy
    more messages."""
    return f"seat:{caller.token_hash}" if caller is not None else f"ip:{client}"


def clean_text(text: str) -> str:
    """The message as stored: trimmed, 1 to ``MAX_TEXT`` characters, plain text that may
    hold tabs and line breaks (``check_text``, as for every free text a client sends)."""
    try:
        # Before trimming: str.strip() also takes U+0085 and U+2028, which are refused.
        text = check_text(text, line_breaks=True).strip()
    except TextRefused as refused:
        if refused.blank:  # the chat's own code, which the page shows under its input
            raise ApiError("chat_empty", "the message is empty: type something first") from None
        raise ApiError("bad_request", f"text: {refused.message}") from None
    if len(text) > MAX_TEXT:
        raise ApiError(
            "chat_too_long",
            f"a message has at most {MAX_TEXT} characters; this one has {len(text)}",
        )
    return unicodedata.normalize("NFC", text)


def clean_name(name: str | None) -> str | None:
    """A name given with a message, trimmed and cut to ``MAX_NAME`` (``None``: none given);
    refused (400) as a seat's name would be."""
    if name is None:
        return None
    cut = name.strip()[:MAX_NAME].strip()
    try:
        check_text(name)
        check_text(cut)  # what is kept must show something too
    except TextRefused as refused:
        raise ApiError("bad_request", f"name: {refused.message}") from None
    return cut


@contextlib.contextmanager
def _quietly() -> Iterator[None]:
    """A database error while a message is written, without the message: SQLAlchemy's
    errors carry the statement's parameters (the text), and the usual handlers log them."""
    try:
        yield
    except DATABASE_ERRORS as exc:
        log.warning("chat message not stored: the database is unavailable (%s)", _kind(exc))
        raise ApiError(
            "database_unavailable",
            f"the database is not available ({_kind(exc)}); try again shortly",
            retry_after=DATABASE_RETRY_AFTER,
        ) from None
    except sa_exc.SQLAlchemyError as exc:
        log.error("chat message not stored: %s", _kind(exc))
        raise ApiError("internal_error", "the server failed to store this message") from None


def _kind(exc: BaseException) -> str:
    orig = getattr(exc, "orig", None)
    return type(orig).__name__ if orig is not None else type(exc).__name__


def too_fast(wait: float, rate: int, window: float) -> ApiError:
    seconds = max(1, math.ceil(wait))
    later = f"{seconds} s" if seconds < 90 else f"{math.ceil(seconds / 60)} min"
    return ApiError(
        "chat_too_fast",
        f"slow down: at most {rate} messages in {window:g} seconds; you can write again in {later}",
        retry_after=seconds,
    )


class ChatService:
    def __init__(self, db: Database, hub: Hub, rate: int, window: float) -> None:
        self.db = db
        self.hub = hub
        self.rate = rate
        self.window = window
        self._budgets = WindowRate(rate, window)  # by ``rate_key``
        self._lock = threading.Lock()

    # ---- reading ----------------------------------------------------------------------

    def read(
        self,
        session: Session,
        game_id: str,
        after: int | None = 0,
        ids: tuple[int, ...] = (),
        *,
        first: bool = False,
    ) -> tuple[list[ChatMessage], bool]:
        """The last ``PAGE`` messages with an id after ``after`` (``None``: none of those)
        and those of ``ids``, oldest first, and whether watchers may write; ``first``: the
        first ``PAGE`` of them instead, so a client that missed more pages on from the last
        id it has. The game must exist."""
        watchers = session.scalar(select(GameRow.chat_watchers).where(GameRow.id == game_id))
        if watchers is None:
            raise ApiError("unknown_game", f"there is no game {game_id!r}")
        wanted = or_(
            ChatMessageRow.id > after if after is not None else false(),
            ChatMessageRow.id.in_(ids) if ids else false(),
        )
        rows = session.scalars(
            select(ChatMessageRow)
            .where(ChatMessageRow.game_id == game_id, wanted)
            .order_by(ChatMessageRow.id if first else ChatMessageRow.id.desc())
            .limit(PAGE)
        ).all()
        session.commit()
        oldest_first = rows if first else reversed(rows)
        return [ChatMessage.of(r) for r in oldest_first], bool(watchers)

    def read_fresh(
        self, game_id: str, after: int | None, ids: tuple[int, ...] = ()
    ) -> tuple[list[ChatMessage], bool]:
        """``read`` in a session of its own (the WebSockets' feed)."""
        with self.db.session() as session:
            return self.read(session, game_id, after, ids)

    # ---- writing ----------------------------------------------------------------------

    def post(
        self,
        session: Session,
        game_id: str,
        caller: Caller | None,
        text: str,
        name: str | None = None,
        *,
        rate_key: str,
    ) -> ChatMessage:
        """Store one message of ``caller``'s seat (``None``: a watcher, named ``name``) and
        announce it to every process, on the budget of ``rate_key`` (``rate_key()``).
        Refused: nothing stored."""
        text, name = clean_text(text), clean_name(name)
        with _quietly(), self.db.write(session):
            game = session.get(GameRow, game_id, populate_existing=True)
            if game is None:
                raise ApiError("unknown_game", f"there is no game {game_id!r}")
            if caller is not None:
                seat_name = session.scalar(
                    select(SeatRow.name).where(
                        SeatRow.game_id == game_id,
                        SeatRow.seat == caller.seat,
                        SeatRow.token_hash == caller.token_hash,
                    )
                )
                if seat_name is None:  # the seat was given back meanwhile
                    raise ApiError("unauthorized", UNKNOWN_TOKEN)
                writer = seat_name
            elif not game.chat_watchers:
                raise ApiError(
                    "chat_closed", "the host has closed the chat to watchers; players can write"
                )
            else:
                writer = name or WATCHER
            self._spend(rate_key)
            row = ChatMessageRow(
                game_id=game_id,
                seat=caller.seat if caller is not None else None,
                name=writer,
                text=text,
                created_at=utcnow(),
            )
            session.add(row)
            session.flush()
            message = ChatMessage.of(row)
        self.hub.publish_chat(game_id, message.id)
        return message

    def post_fresh(
        self,
        game_id: str,
        caller: Caller | None,
        text: str,
        name: str | None,
        rate_key: str,
    ) -> ChatMessage:
        """``post`` in a session of its own (the WebSockets')."""
        with self.db.session() as session:
            return self.post(session, game_id, caller, text, name, rate_key=rate_key)

    def _spend(self, rate_key: str) -> None:
        with self._lock:
            wait = self._budgets.take(rate_key)
        if wait is not None:
            raise too_fast(wait, self.rate, self.window)

    def set_watchers(self, session: Session, game_id: str, host_token: str, open_: bool) -> bool:
        """The host's switch: whether watchers may write. Announced to the table."""
        digest = hash_token(host_token)
        with self.db.write(session):
            game = session.get(GameRow, game_id, populate_existing=True)
            if game is None:
                raise ApiError("unknown_game", f"there is no game {game_id!r}")
            host = game.host_token_hash
            if host is None or not secrets.compare_digest(host, digest):
                known = session.scalar(
                    select(SeatRow.id).where(SeatRow.token_hash == digest).limit(1)
                ) or session.scalar(
                    select(GameRow.id).where(GameRow.host_token_hash == digest).limit(1)
                )
                if known is not None:
                    raise ApiError("forbidden", "only the game's host token can change the chat")
                raise ApiError("unauthorized", "this is not the host token of this game")
            session.execute(
                update(GameRow).where(GameRow.id == game_id).values(chat_watchers=open_)
            )
        self.hub.publish_chat(game_id, 0)
        return open_
