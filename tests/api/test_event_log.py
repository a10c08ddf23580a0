"""A live game's events packed small (app/services/eventlog.py) read back exactly: every
event of random games of both kinds, by index, by slice and in order, as every seat and a
spectator see it, before and after the end; and packed, an action's events take a small
part of what they take as objects."""

from __future__ import annotations

import tracemalloc
from typing import Any

import pytest

from app.services.eventlog import BLOCK, EventLog
from engines.core import Event
from tests.support.random_events import held_by_objects, random_game_events

CASES = [("dschingis_khan", 2), ("dschingis_khan", 4), ("dolmengoetter", 2), ("dolmengoetter", 5)]


def views(batch: tuple[Event, ...], players: int) -> list[Any]:
    return [
        [e.view(seat, reveal=reveal) for e in batch]
        for seat in (None, *range(players))
        for reveal in (False, True)
    ]


@pytest.mark.parametrize(("game_kind", "players"), CASES)
def test_every_event_of_a_whole_game_reads_back_as_it_was(game_kind: str, players: int) -> None:
    batches = random_game_events(game_kind, players, seed=players)
    log = EventLog()
    for n, batch in enumerate(batches, 1):
        log = log.append(batch)  # as the server does, move by move
        assert len(log) == n
        assert log[-1] == batch  # the newest is read by every move's messages
    assert len(batches) > 4 * BLOCK  # several packed blocks
    assert list(log) == batches
    for i, batch in enumerate(batches):
        assert log[i] == batch
        assert views(log[i], players) == views(batch, players)
        assert log[i - len(batches)] == batch
    for start, stop in [(0, len(batches)), (3, 17), (BLOCK, 2 * BLOCK), (len(batches) - 1, None)]:
        assert log[start:stop] == batches[start:stop]
    assert log[::3] == batches[::3]
    assert log[len(batches) :] == []
    with pytest.raises(IndexError):
        log[len(batches)]
    assert EventLog.of(batches)[:] == batches


def test_an_older_log_is_unchanged_by_what_is_appended_to_it() -> None:
    batches = random_game_events("dolmengoetter", 3, seed=5)
    earlier = EventLog.of(batches[:BLOCK])  # one append short of packing a block
    later = earlier.append(batches[BLOCK])
    assert list(earlier) == batches[:BLOCK]
    assert list(later) == batches[: BLOCK + 1]
    assert later.append(batches[BLOCK + 1])[: BLOCK + 1] == batches[: BLOCK + 1]


@pytest.mark.parametrize(("game_kind", "players"), CASES)
def test_a_whole_game_of_events_packed_takes_a_fifth_or_less(game_kind: str, players: int) -> None:
    batches = random_game_events(game_kind, players, seed=11)
    EventLog.of(batches)  # once before: what packing frees fills the interpreter's free lists
    tracemalloc.start()
    try:
        log = EventLog.of(batches)
        packed, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(log) == len(batches)
    # The newest action's events stay as they are, the very objects played (no new
    # memory); all the others are packed.
    older = held_by_objects(batches[:-1], set())
    assert packed < older / 5
