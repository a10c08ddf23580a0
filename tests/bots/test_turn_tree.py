"""The tree over the seat's own turn (bots/turn_tree.py, a probe of issue 42): legal, a
function of the seat's view and legal actions only, and never past a spent clock after its
first iteration."""

from __future__ import annotations

import random

import pytest

import engines
from bots.playouts import informed_playout
from bots.turn_tree import TurnTree
from tests.bots.test_flat import Clock, a_wide_position
from tests.bots.test_policies import hidden_twin, legal_json, positions


@pytest.mark.parametrize("game_id", engines.game_ids())
def test_turn_tree_chooses_a_legal_action(game_id: str) -> None:
    game = engines.get(game_id)
    tree = TurnTree(think_ms=None, iterations=30, playout=informed_playout)
    for state, seat in positions(game_id, 2, seed=41, every=60):
        choice = tree(state.view(seat), legal_json(state, seat), random.Random(2))
        assert game.parse_action(choice) in state.legal_actions(seat)


@pytest.mark.parametrize("game_id", engines.game_ids())
def test_same_view_different_hidden_state_same_choice(game_id: str) -> None:
    state, other, seat = hidden_twin(game_id, 3)
    tree = TurnTree(think_ms=None, iterations=20)
    choices = [tree(s.view(seat), legal_json(s, seat), random.Random(5)) for s in (state, other)]
    assert choices[0] == choices[1]


def test_a_spent_clock_stops_after_the_first_iteration() -> None:
    state, seat = a_wide_position("dschingis_khan")
    clock = Clock(step=1.0)  # every reading is past the deadline
    choice = TurnTree(think_ms=1, clock=clock)(
        state.view(seat), legal_json(state, seat), random.Random(0)
    )
    assert engines.get("dschingis_khan").parse_action(choice) in state.legal_actions(seat)
    assert clock.now <= 3  # the deadline, one check after the first iteration
