"""Every event of a live game, kept small (issue 16: memory per live game).

A snapshot keeps what each action of its game caused, because a page asks for any of it
(``/log?since=0`` when it opens, a socket's ``state`` with ``since`` after a reconnect, the
revealed record at the end). Held as ``Event`` named tuples with their dicts, an action's
events take about 1 KB (``benchmarks/memory.py``), so a game 100 actions in held some
100 KB of events: more than its state and its two sockets together, and growing with every
move. Here the actions' events are packed ``BLOCK`` at a time into one zlib-compressed
``marshal`` string (about 50 bytes an action) and unpacked only when a request reads them.
The last ``KEEP`` to ``KEEP + BLOCK - 1`` actions stay unpacked: every move's messages read
the newest, and a client that reconnects reads the few it missed.

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

KEEP = 2
"""Actions always kept unpacked at the end of the log."""


def _pack(batches: Sequence[Batch]) -> bytes:
    plain = tuple(
        tuple(
            (
                e.type,
                dict(e.data),
                {seat: dict(part) for seat, part in e.secret.items()},
                dict(e.hidden),
                e.reveals,
            )
            for e in batch
        )
        for batch in batches
    )
    return zlib.compress(marshal.dumps(plain), 1)


def _unpack(block: bytes) -> list[Batch]:
    return [
        tuple(
            Event(kind, data or NOTHING, secret or NOTHING, hidden or NOTHING, reveals)
            for kind, data, secret, hidden, reveals in batch
        )
        for batch in marshal.loads(zlib.decompress(block))
    ]


class EventLog(Sequence[Batch]):
    """``log[i]``: the events of action ``seq = i + 1``. Never changes: ``append`` returns
    a new log sharing the packed blocks with this one."""

    __slots__ = ("_blocks", "_tail")

    def __init__(self, blocks: tuple[bytes, ...] = (), tail: tuple[Batch, ...] = ()) -> None:
        self._blocks = blocks
        self._tail = tail

    @classmethod
    def of(cls, batches: Iterable[Batch]) -> EventLog:
        return EMPTY.extend(batches)

    def append(self, batch: Batch) -> EventLog:
        tail = (*self._tail, batch)
        if len(tail) < KEEP + BLOCK:
            return EventLog(self._blocks, tail)
        return EventLog((*self._blocks, _pack(tail[:BLOCK])), tail[BLOCK:])

    def extend(self, batches: Iterable[Batch]) -> EventLog:
        log = self
        for batch in batches:
            log = log.append(batch)
        return log

    def __len__(self) -> int:
        return len(self._blocks) * BLOCK + len(self._tail)

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
        packed = len(self._blocks) * BLOCK
        if i >= packed:
            return self._tail[i - packed]
        return _unpack(self._blocks[i // BLOCK])[i % BLOCK]

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
            out.extend(_unpack(self._blocks[block])[offset : offset + end - i])
            i = end
        out.extend(self._tail[max(i - packed, 0) : max(stop - packed, 0)])
        return out


EMPTY = EventLog()
