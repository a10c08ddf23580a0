"""What every hub does: after a commit the service calls ``hub.publish(game_id, version)``;
the hub delivers ``(game_id, version)`` to the local subscribers of this process (its
WebSocket rooms and the bot runner), which then load the current state themselves.

A notification carries no game data, only "this game changed": subscribers always read
the state through the service, which catches up from the action log. A subscriber may also
learn whether the change was published by this process (``subscribe_changes``): every local
publisher has put the state it committed into the service's cache before publishing, so a
local change can be served from the cache without a query, while a change heard from another
process (or a resync) must be read from the database. So a hub differs only
in ``_announce``: ``InProcessHub`` (``memory.py``) delivers locally, ``PostgresHub``
(``postgres.py``) also sends ``NOTIFY`` and delivers what it hears from other processes.

Chat notices travel the same way apart from the games' versions: ``publish_chat(game_id,
message_id)`` after a chat message (or ``0`` after the chat's settings) is committed reaches
the ``subscribe_chat`` callbacks of every process, which read the message from the database
(app/ws/chat.py). A chat notice is no change of the game: rooms and bots do not wake up.

Presence notices likewise: ``publish_presence(game_id)`` after a seat's count of open
WebSockets was written (a socket opened or closed, a seat joined or given back) reaches the
``subscribe_presence`` callbacks of every process, which read the seats' presence from the
database and send it to their connections (app/ws/presence.py), so no page has to ask.

Account notices: ``publish_account(account_id)`` after a change that concerns an account
beyond the games it already sits in (it joined a seat, a challenge to or by it changed) was
committed reaches the ``subscribe_account`` callbacks of every process, which read the
account's games and challenges from the database (its event stream,
app/services/account_events.py).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TypeVar

log = logging.getLogger(__name__)
C = TypeVar("C")

Callback = Callable[[str, int], None]
"""Called on the event loop with ``(game_id, version)``; must not block."""
ChangeCallback = Callable[[str, int, bool], None]
"""Called on the event loop with ``(game_id, version, local)``: ``local`` when this process
published the change (its cache holds that version or a newer one); must not block."""
SEEKS_KEY = "seeks"
"""The account notices' key of the public list of seeks (account keys are their ids)."""


class Hub(ABC):
    def __init__(self) -> None:
        # Each game's subscribers as a tuple: one or two a game, and a set of one is 216
        # bytes against a tuple's 48 (three tables for every live game; issue 16).
        self._games: dict[str, tuple[ChangeCallback, ...]] = {}
        self._chats: dict[str, tuple[Callback, ...]] = {}
        self._presence: dict[str, tuple[Callback, ...]] = {}
        self._accounts: dict[str, tuple[Callback, ...]] = {}
        self._all: set[ChangeCallback] = set()
        self._lock = threading.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None

    async def start(self) -> None:
        self.loop = asyncio.get_running_loop()

    async def stop(self) -> None:
        self.loop = None

    def publish(self, game_id: str, version: int) -> None:
        """Announce a committed change. Safe to call from any thread: the announcement
        itself (``_announce``) always runs on the hub's event loop."""
        self._on_loop(self._announce, game_id, version)

    @abstractmethod
    def _announce(self, game_id: str, version: int) -> None:
        """Tell this process's subscribers (and, for several processes, the others)."""

    def publish_chat(self, game_id: str, message_id: int) -> None:
        """Announce a committed chat message (``0``: the chat's settings changed); safe to
        call from any thread, like ``publish``."""
        self._on_loop(self._announce_chat, game_id, message_id)

    def publish_presence(self, game_id: str) -> None:
        """Announce that a seat's presence changed (its count of open WebSockets was
        written); safe to call from any thread, like ``publish``."""
        self._on_loop(self._announce_presence, game_id, 0)

    def _announce_presence(self, game_id: str, _: int) -> None:
        """Tell this process's presence subscribers (several processes: the others too)."""
        self._deliver_presence(game_id)

    def publish_account(self, account_id: int) -> None:
        """Announce a committed change that concerns an account (its event stream reads
        what); safe to call from any thread, like ``publish``."""
        self._on_loop(self._announce_account, str(account_id), 0)

    def publish_seeks(self) -> None:
        """Announce a committed change of the public list of seeks (app/services/seeks.py):
        an account notice under a key no account has, so it travels as theirs do."""
        self._on_loop(self._announce_account, SEEKS_KEY, 0)

    def _announce_account(self, key: str, _: int) -> None:
        """Tell this process's account subscribers (several processes: the others too)."""
        self._deliver_account(key)

    def _on_loop(self, announce: Callable[[str, int], None], game_id: str, number: int) -> None:
        """Run ``announce`` on the hub's event loop: now when called on it, else soon."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            announce(game_id, number)
        else:
            loop.call_soon_threadsafe(announce, game_id, number)

    def _announce_chat(self, game_id: str, message_id: int) -> None:
        """Tell this process's chat subscribers (a hub of several processes: the others too)."""
        self._deliver_chat(game_id, message_id)

    def subscribe_changes(self, game_id: str, callback: ChangeCallback) -> Callable[[], None]:
        """Deliver ``(game_id, version, local)`` for changes of ``game_id``, ``local`` telling
        whether the change was published here; returns the function that unsubscribes."""
        return self._subscribe(self._games, game_id, callback)

    def subscribe_chat(self, game_id: str, callback: Callback) -> Callable[[], None]:
        """Deliver ``(game_id, message_id)`` of ``game_id``'s chat notices."""
        return self._subscribe(self._chats, game_id, callback)

    def subscribe_presence(self, game_id: str, callback: Callback) -> Callable[[], None]:
        """Deliver ``(game_id, 0)`` when ``game_id``'s presence may have changed."""
        return self._subscribe(self._presence, game_id, callback)

    def _subscribe(
        self, table: dict[str, tuple[C, ...]], game_id: str, callback: C
    ) -> Callable[[], None]:
        with self._lock:
            subs = table.get(game_id, ())
            if callback not in subs:
                table[game_id] = (*subs, callback)

        def unsubscribe() -> None:
            with self._lock:
                subs = table.get(game_id, ())
                if callback in subs:
                    rest = tuple(c for c in subs if c != callback)
                    if rest:
                        table[game_id] = rest
                    else:
                        del table[game_id]

        return unsubscribe

    def subscribe_account(self, account_id: int, callback: Callback) -> Callable[[], None]:
        """Deliver ``(str(account_id), 0)`` when something concerning the account changed."""
        return self._subscribe(self._accounts, str(account_id), callback)

    def subscribe_seeks(self, callback: Callback) -> Callable[[], None]:
        """Deliver ``(SEEKS_KEY, 0)`` when the public list of seeks changed."""
        return self._subscribe(self._accounts, SEEKS_KEY, callback)

    def subscribe_all_changes(self, callback: ChangeCallback) -> Callable[[], None]:
        """Every game's changes, telling the callback whether they were published here."""
        with self._lock:
            self._all.add(callback)
        return lambda: self._all.discard(callback)

    def _deliver(self, game_id: str, version: int, local: bool = False) -> None:
        """Run the local subscribers; on the event loop. ``local``: published by this
        process (``publish``), not heard from another one."""
        with self._lock:
            callbacks = [*self._games.get(game_id, ()), *self._all]
        for callback in callbacks:
            try:
                callback(game_id, version, local)
            except Exception:  # one broken subscriber must not starve the others
                log.exception("hub subscriber failed for game %s", game_id)

    def _deliver_chat(self, game_id: str, message_id: int) -> None:
        """Run the local chat subscribers of ``game_id``; on the event loop."""
        self._deliver_notice(self._chats, "chat", game_id, message_id)

    def _deliver_presence(self, game_id: str) -> None:
        """Run the local presence subscribers of ``game_id``; on the event loop."""
        self._deliver_notice(self._presence, "presence", game_id, 0)

    def _deliver_account(self, key: str) -> None:
        """Run the local subscribers of the account ``key`` (its id); on the event loop."""
        self._deliver_notice(self._accounts, "account", key, 0)

    def _deliver_notice(
        self, table: dict[str, tuple[Callback, ...]], what: str, game_id: str, number: int
    ) -> None:
        with self._lock:
            callbacks = list(table.get(game_id, ()))
        for callback in callbacks:
            try:
                callback(game_id, number)
            except Exception:
                log.exception("hub %s subscriber failed for game %s", what, game_id)
