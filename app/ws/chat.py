"""The table chat on the WebSocket: ``{"type": "chat", "text": ...}`` from a client is
stored (``ChatService.post``, on the connection's own rate budget) and every socket at the
table, in every server process, gets ``{"type": "chat", "message": {...}}``.

Each room has a ``ChatFeed``: the hub's chat notices (``Hub.publish_chat``) wake it, it
reads the noticed messages from the database once and hands them to the room's
connections. A message is the same for every connection (it holds only what its writer
typed), so it is sent as is, whatever the connection's seat. A settings notice (``0``)
sends ``{"type": "chat_settings", "watchers": ...}`` and whatever a lost listener
connection may have missed.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from starlette.concurrency import run_in_threadpool

from app.core.errors import ApiError
from app.hub.base import Hub
from app.services.chat import ChatMessage, ChatService, WindowRate
from app.services.games import Caller

log = logging.getLogger(__name__)


class ChatListener(Protocol):
    async def send(self, message: dict[str, Any]) -> None: ...


class ChatFeed:
    """One room's chat notices → the room's connections (``listeners``, the room's own set)."""

    RECENT = 512
    """Ids remembered as sent, so a message noticed twice is sent once."""

    def __init__(
        self, game_id: str, chat: ChatService, hub: Hub, listeners: Iterable[ChatListener]
    ) -> None:
        self.game_id = game_id
        self.chat = chat
        self.listeners = listeners
        self.last: int | None = None  # the greatest id sent; nothing before the room began
        self._sent: deque[int] = deque(maxlen=self.RECENT)
        self._pending: set[int] = set()
        self._dirty = asyncio.Event()
        self._unsubscribe = hub.subscribe_chat(game_id, self.notify)
        self._task = asyncio.create_task(self._run(), name=f"chat-{game_id}")

    def notify(self, game_id: str, message_id: int) -> None:
        self._pending.add(message_id)
        self._dirty.set()

    async def _run(self) -> None:
        while True:
            await self._dirty.wait()
            self._dirty.clear()
            pending, self._pending = self._pending, set()
            settings = 0 in pending
            ids = tuple(sorted(i for i in pending if i > 0))
            after = self.last if settings else None  # None: only the noticed ids
            try:
                messages, watchers = await run_in_threadpool(
                    self.chat.read_fresh, self.game_id, after, ids
                )
            except Exception:
                log.exception("chat of game %s could not be read", self.game_id)
                continue
            out: list[dict[str, Any]] = []
            if settings:
                out.append({"type": "chat_settings", "watchers": watchers})
            out += [{"type": "chat", "message": m.to_json()} for m in self._new(messages)]
            for listener in list(self.listeners):
                for message in out:
                    try:
                        await listener.send(message)
                    except Exception:
                        log.exception("chat of game %s: a connection failed", self.game_id)

    def _new(self, messages: list[ChatMessage]) -> list[ChatMessage]:
        fresh = [m for m in messages if m.id not in self._sent]
        for m in fresh:
            self._sent.append(m.id)
            self.last = max(self.last or 0, m.id)
        return fresh

    def close(self) -> None:
        self._unsubscribe()
        self._task.cancel()


class ChatSender:
    """A WebSocket connection's side of the chat: its own rate budget, its messages."""

    def __init__(self, chat: ChatService) -> None:
        self.chat = chat
        self.budget: WindowRate = chat.limiter()

    async def receive(
        self, game_id: str, caller: Caller | None, data: Mapping[str, Any]
    ) -> ApiError | None:
        """Store the client's ``chat`` message; the refusal to send back, if any. The
        message itself comes back to this socket as to every other (``ChatFeed``)."""
        text, name = data.get("text"), data.get("name")
        if not isinstance(text, str):
            return ApiError("bad_request", "text: a string is required")
        if name is not None and not isinstance(name, str):
            return ApiError("bad_request", "name: a string or null is required")
        try:
            await run_in_threadpool(self.chat.post_fresh, game_id, caller, text, name, self.budget)
        except ApiError as err:
            return err
        return None


def chat_feed_factory(
    chat: ChatService | None, hub: Hub
) -> Callable[[str, Iterable[ChatListener]], ChatFeed] | None:
    """What ``Rooms`` calls to give a new room its feed (``None``: no chat)."""
    if chat is None:
        return None
    return lambda game_id, listeners: ChatFeed(game_id, chat, hub, listeners)
