"""Every event of a live game, kept small (issue 16: memory per live game).

A snapshot keeps what each action of its game caused, because a page asks for any of it
(``/log?since=0`` when it opens, a socket's ``state`` with ``since`` after a reconnect, the
revealed record at the end). Held as ``Event`` named tuples with their dicts, an action's
events take about 1 KB (``benchmarks/event_log.py``), so a game 100 actions in held some
100 KB of events: more than its state and its two sockets together, and growing with every
move. Here only the newest action's events stay objects (every move's messages read
them). Each older one is ``marshal``-ed on its own (about 110 bytes), and every ``BLOCK``
of those are packed into one zlib-compressed string (about 50 bytes an action); a request
unpacks only what it reads.

Only this process ever reads what it packed, so ``marshal`` (fast, and exact for the
dicts, lists, tuples, strings, numbers and booleans events are made of) is enough;
``tests/api/test_event_log.py`` round-trips every event of random games of both kinds.
"""

from __future__ import annotations

import marshal
import zlib
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

from engines.core import Event
from engines.core.base import NOTHING

Batch = tuple[Event, ...]
"""What one action caused."""

BLOCK = 8
"""Actions packed together: 8 compress an action's events to about 50 bytes (16 to about
40, 4 to about 65), and a page that reads one unpacks at most 7 others with it."""

Plain = tuple[tuple[str, dict[str, Any], dict[int, dict[str, Any]], dict[str, Any], bool], ...]
"""One action's events as plain values, for ``marshal``."""


def _plain(batch: Batch) -> Plain:
    return tuple(
        (
            e.type,
            dict(e.data),
            {seat: dict(part) for seat, part in e.secret.items()},
            dict(e.hidden),
            e.reveals,
        )
        for e in batch
    )


def _events(plain: Plain) -> Batch:
    return tuple(
        Event(kind, data or NOTHING, secret or NOTHING, hidden or NOTHING, reveals)
        for kind, data, secret, hidden, reveals in plain
    )


def _block(singles: Sequence[bytes]) -> bytes:
    return zlib.compress(marshal.dumps(tuple(map(marshal.loads, singles))), 1)


def _unblock(block: bytes) -> list[Batch]:
    return [_events(plain) for plain in marshal.loads(zlib.decompress(block))]


class EventLog(Sequence[Batch]):
    """``log[i]``: the events of action ``seq = i + 1``, oldest first: those of ``BLOCK``
    actions at a time packed in ``_blocks``, then fewer than ``BLOCK`` each ``marshal``-ed
    in ``_singles``, then the newest as objects. Never changes: ``append`` returns a new
    log sharing what it can with this one."""

    __slots__ = ("_blocks", "_newest", "_singles")

    def __init__(
        self,
        blocks: tuple[bytes, ...] = (),
        singles: tuple[bytes, ...] = (),
        newest: tuple[Batch, ...] = (),
    ) -> None:
        self._blocks = blocks
        self._singles = singles
        self._newest = newest

    @classmethod
    def of(cls, batches: Iterable[Batch]) -> EventLog:
        return EMPTY.extend(batches)

    def append(self, batch: Batch) -> EventLog:
        if not self._newest:
            return EventLog(self._blocks, self._singles, (batch,))
        singles = (*self._singles, marshal.dumps(_plain(self._newest[0])))
        if len(singles) < BLOCK:
            return EventLog(self._blocks, singles, (batch,))
        return EventLog((*self._blocks, _block(singles)), (), (batch,))

    def extend(self, batches: Iterable[Batch]) -> EventLog:
        log = self
        for batch in batches:
            log = log.append(batch)
        return log

    def __len__(self) -> int:
        return len(self._blocks) * BLOCK + len(self._singles) + len(self._newest)

    @overload
    def __getitem__(self, index: int) -> Batch: ...

    @overload
    def __getitem__(self, index: slice) -> list[Batch]: ...

    def __getitem__(self, index: Any) -> Batch | list[Batch]:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                return self._range(0, len(self))[index]
            return self._range(start, stop)
        size = len(self)
        i = index + size if index < 0 else index
        if not 0 <= i < size:
            raise IndexError("event log index out of range")
        return self._range(i, i + 1)[0]

    def __iter__(self) -> Iterator[Batch]:
        return iter(self._range(0, len(self)))

    def _range(self, start: int, stop: int) -> list[Batch]:
        """Actions ``start`` to ``stop - 1``, each block unpacked once."""
        packed = len(self._blocks) * BLOCK
        out: list[Batch] = []
        i = start
        while i < min(stop, packed):
            block, offset = divmod(i, BLOCK)
            end = min(stop, (block + 1) * BLOCK)
            out.extend(_unblock(self._blocks[block])[offset : offset + end - i])
            i = end
        singles = self._singles[max(i - packed, 0) : max(stop - packed, 0)]
        out.extend(_events(marshal.loads(single)) for single in singles)
        past = packed + len(self._singles)
        out.extend(self._newest[max(i - past, 0) : max(stop - past, 0)])
        return out


EMPTY = EventLog()
