"""The table chat on the WebSocket: ``{"type": "chat", "text": ...}`` from a client is
stored (``ChatService.post``, on the writer's rate budget: its seat's, or its address's for
a watcher, shared with its other sockets and REST) and every socket at the table, in every
server process, gets ``{"type": "chat", "message": {...}}``.

Each room has a ``ChatFeed``: the hub's chat notices (``Hub.publish_chat``) wake it, it
reads the noticed messages from the database once and hands them to the room's
connections. A message is the same for every connection (it holds only what its writer
typed), so it is sent as is, whatever the connection's seat. A settings notice (``0``)
sends ``{"type": "chat_settings", "watchers": ...}`` and whatever a lost listener
connection may have missed.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from starlette.concurrency import run_in_threadpool

from app.core.errors import ApiError
from app.hub.base import Hub
from app.services.base import Caller
from app.services.chat import ChatMessage, ChatService, rate_key
from app.ws.feeds import Feed, Listener

log = logging.getLogger(__name__)


class ChatFeed(Feed[Listener]):
    """One room's chat notices → the room's connections."""

    kind = "chat"
    RECENT = 512
    """Ids remembered as sent, so a message noticed twice is sent once."""

    def __init__(
        self, game_id: str, chat: ChatService, hub: Hub, listeners: Iterable[Listener]
    ) -> None:
        self.chat = chat
        self.last: int | None = None  # the greatest id sent; nothing before the room began
        # Made with the first message: most games' chat stays empty, and an empty deque
        # takes 624 bytes (issue 16, memory per live game).
        self._sent: deque[int] | None = None
        self._pending: set[int] = set()
        super().__init__(game_id, hub, listeners)

    def _subscribe(self, hub: Hub) -> Callable[[], None]:
        return hub.subscribe_chat(self.game_id, self.notify)

    def notify(self, game_id: str, message_id: int) -> None:
        self._pending.add(message_id)
        super().notify(game_id, message_id)

    async def _pass(self) -> None:
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
            return
        out: list[dict[str, Any]] = []
        if settings:
            out.append({"type": "chat_settings", "watchers": watchers})
        out += [{"type": "chat", "message": m.to_json()} for m in self._new(messages)]
        await self._send(list(self.listeners), out)

    def _new(self, messages: list[ChatMessage]) -> list[ChatMessage]:
        if not messages:
            return []
        if self._sent is None:
            self._sent = deque(maxlen=self.RECENT)
        sent = self._sent
        fresh = [m for m in messages if m.id not in sent]
        for m in fresh:
            sent.append(m.id)
            self.last = max(self.last or 0, m.id)
        return fresh


class ChatSender:
    """A WebSocket connection's side of the chat: its messages, on the budget of its seat
    or, for a watcher, of its client address (``client``)."""

    def __init__(self, chat: ChatService, client: str) -> None:
        self.chat = chat
        self.client = client

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
            key = rate_key(caller, self.client)
            await run_in_threadpool(self.chat.post_fresh, game_id, caller, text, name, key)
        except ApiError as err:
            return err
        return None


def chat_feed_factory(
    chat: ChatService | None, hub: Hub
) -> Callable[[str, Iterable[Listener]], ChatFeed] | None:
    """What ``Rooms`` calls to give a new room its feed (``None``: no chat)."""
    if chat is None:
        return None
    return lambda game_id, listeners: ChatFeed(game_id, chat, hub, listeners)
