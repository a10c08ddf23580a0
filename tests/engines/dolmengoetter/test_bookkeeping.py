"""The state's derived bookkeeping, kept move by move for speed (issue 16), never drifts from
what the dumped position says.

After every action of random games, the incrementally kept structures (free places as a list
and a bit set, druid places as a bit set and per seat, stone counts, majority holders,
complete circles waiting to score) equal those of a state read back from ``to_json``, which
rebuilds them from scratch; and the legal lists of both agree.
"""

from __future__ import annotations

import pytest

from engines.core import Rng
from engines.dolmengoetter import GAME
from engines.dolmengoetter.rules import majority_holder

DERIVED = ("free", "free_bits", "druid_bits", "druids_of", "counts", "filled", "holder", "to_score")


def derived(state) -> dict:
    return {name: getattr(state, name) for name in DERIVED}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_derived_structures_match_a_fresh_reading_after_every_action(players):
    for seed in range(6):
        state = GAME.new(players, 300 + seed)
        rng = Rng(seed)
        while not state.is_over:
            (seat,) = state.to_act()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            fresh = GAME.from_json(state.to_json())
            assert derived(state) == derived(fresh), (seed, state.ply)
            for s in range(players):
                assert state.legal_actions(s) == fresh.legal_actions(s), (seed, state.ply, s)


def test_derived_structures_say_what_the_board_says():
    state = GAME.new(3, 11)
    rng = Rng(11)
    board = GAME.board
    while not state.is_over:
        (seat,) = state.to_act()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        free = [p for p in range(board.num_places) if state.stone[p] == -1 and state.druid[p] == -1]
        assert state.free == free
        assert state.free_bits == sum(1 << p for p in free)
        assert state.druid_bits == sum(1 << p for p, d in enumerate(state.druid) if d != -1)
        for s in range(3):
            assert state.druids_of[s] == [p for p, d in enumerate(state.druid) if d == s]
        assert state.holder == [majority_holder(c) for c in state.counts]


def test_apply_knows_every_action_class():
    from typing import get_args

    from engines.dolmengoetter.actions import DolmengoetterAction
    from engines.dolmengoetter.state import APPLY

    (union, _) = get_args(DolmengoetterAction)
    assert set(APPLY) == set(get_args(union))
