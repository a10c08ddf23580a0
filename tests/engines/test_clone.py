"""``State.clone`` gives an independent, exact copy.

Both games copy their attributes directly instead of a JSON round trip (bots clone once per
candidate move). After every action of random games, the clone holds exactly what the
original holds, derived bookkeeping included, says what a fresh reading of ``to_json``
says, and playing on in the clone leaves the original as it was (its JSON, legal lists and
views).
"""

from __future__ import annotations

import pytest

from engines import dolmengoetter, dschingis_khan
from engines.core import Rng

# The core's own bookkeeping: the RNG (compared by its JSON), the legal-list cache (empty
# in a fresh reading) and the record of play (a fresh reading has none; a clone keeps it).
NOT_COMPARED = {"rng", "_legal_cache", "_origin", "_played", "_last"}

CASES = [(dolmengoetter.GAME, players) for players in (2, 3, 5)] + [
    (dschingis_khan.GAME, players) for players in (2, 4)
]


def plain(value):
    """``value`` with objects that compare by identity (a Dschingis Khan wall) opened up
    into their attributes, so two copies compare by content."""
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if value is not None and type(value).__eq__ is object.__eq__:
        names = getattr(type(value), "__slots__", None) or vars(value)
        return {name: plain(getattr(value, name)) for name in names if hasattr(value, name)}
    return value


def position(state, shared: dict) -> dict:
    """``state``'s attributes by content; those it shares with ``shared`` (the game, the
    board: never changed) as they are."""
    return {
        k: v if shared.get(k) is v else plain(v)
        for k, v in vars(state).items()
        if k not in NOT_COMPARED
    }


@pytest.mark.parametrize(("game", "players"), CASES, ids=lambda x: getattr(x, "id", x))
def test_a_clone_is_an_exact_copy_and_independent(game, players):
    for seed in range(3):
        state = game.new(players, 700 + seed)
        rng = Rng(seed)
        while not state.is_over:
            (seat, *_) = state.to_act()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            clone = state.clone()
            assert position(clone, vars(state)) == position(state, vars(clone)), (seed, state.ply)
            assert clone.rng.to_json() == state.rng.to_json()
            fresh = game.from_json(state.to_json())
            assert clone.to_json() == fresh.to_json()
            for s in range(players):
                assert clone.legal_actions(s) == fresh.legal_actions(s), (seed, state.ply, s)
                assert clone.view(s) == fresh.view(s), (seed, state.ply, s)
            if clone.is_over:
                break
            before = state.to_json()
            legal = [state.legal_actions(s) for s in range(players)]
            views = [state.view(s) for s in range(players)]
            (mover, *_) = clone.to_act()
            clone.apply(mover, Rng(seed + state.ply).choice(clone.legal_actions(mover)))
            assert state.to_json() == before, "playing on in a clone changed the original"
            state._legal_cache.clear()  # asked again, from the position itself
            assert [state.legal_actions(s) for s in range(players)] == legal, state.ply
            assert [state.view(s) for s in range(players)] == views, state.ply
