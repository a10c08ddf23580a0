"""Sequential halving over flat playouts (bots/halving.py, a probe of issue 42): legal, a
function of the seat's view and legal actions only, and never past a spent clock after its
first round."""

from __future__ import annotations

import random

import pytest

import engines
from bots.api import ActionJson
from bots.evaluation import greedy_scores
from bots.flat import random_playout
from bots.halving import SequentialHalving
from bots.policies import HARD_CANDIDATES, Hard
from engines.core import Rng, State
from tests.bots.test_flat import Clock, a_wide_position
from tests.bots.test_policies import hidden_twin, legal_json, positions


@pytest.mark.parametrize("game_id", engines.game_ids())
def test_halving_chooses_a_legal_action(game_id: str) -> None:
    game = engines.get(game_id)
    halving = SequentialHalving(think_ms=None, iterations=1)
    for state, seat in positions(game_id, 2, seed=31, every=80):
        choice = halving(state.view(seat), legal_json(state, seat), random.Random(1))
        assert game.parse_action(choice) in state.legal_actions(seat)


@pytest.mark.parametrize("game_id", engines.game_ids())
def test_same_view_different_hidden_state_same_choice(game_id: str) -> None:
    state, other, seat = hidden_twin(game_id, 3)
    halving = SequentialHalving(think_ms=None, iterations=1)
    choices = [halving(s.view(seat), legal_json(s, seat), random.Random(5)) for s in (state, other)]
    assert choices[0] == choices[1]


def test_a_spent_clock_stops_after_one_playout_of_each_move() -> None:
    state, seat = a_wide_position("dschingis_khan")
    clock = Clock(step=1.0)  # every reading is past the deadline
    choice = SequentialHalving(think_ms=1, clock=clock)(
        state.view(seat), legal_json(state, seat), random.Random(0)
    )
    assert engines.get("dschingis_khan").parse_action(choice) in state.legal_actions(seat)
    phases = (len(state.legal_actions(seat)) - 1).bit_length()
    assert clock.now <= 3 * phases + 1  # a few readings a phase, no playout after the first


def test_candidates_keep_the_moves_medium_ranks_best() -> None:
    """With one candidate, halving plays a move medium's estimate ranks best on the state it
    samples first (the same draw from the same rng)."""
    game = engines.get("dschingis_khan")
    checked = 0
    for state, seat in positions("dschingis_khan", 2, seed=8, every=10):
        legal = legal_json(state, seat)
        if len(legal) < 3:
            continue
        view = state.view(seat)
        choice = SequentialHalving(think_ms=None, iterations=1, candidates=1)(
            view, legal, random.Random(checked)
        )
        sample = game.sample(view, seat, Rng(random.Random(checked).getrandbits(64)))
        actions = [game.parse_action(item["action"]) for item in legal]
        scores = greedy_scores(sample, seat, actions)
        assert scores[actions.index(game.parse_action(choice))] == max(scores)
        checked += 1
    assert checked >= 3


def test_every_phase_after_the_cut_still_has_moves_to_compare() -> None:
    """With 4 candidates out of a wide turn and one round a phase, halving plays each of the 4
    out, then the better 2, and stops: no playout goes to a move already chosen."""
    state, seat = a_wide_position("dschingis_khan")
    assert len(state.legal_actions(seat)) > 16
    halving = SequentialHalving(think_ms=None, iterations=1, candidates=4)
    _, playouts = counted_playouts(halving, state, seat, random.Random(3))
    assert playouts == 4 + 2


@pytest.mark.parametrize(
    ("game_id", "players", "short_list"),
    [("dolmengoetter", 2, True), ("dolmengoetter", 4, False), ("dschingis_khan", 4, True)],
)
def test_hard_plays_out_every_move_only_in_a_dolmengoetter_of_more_players(
    game_id: str, players: int, short_list: bool
) -> None:
    """Hard keeps medium's 12 best moves, except in Die Dolmengötter with more than 2 players,
    where it plays every legal move out (docs/BOTS.md, "In 4 players"): at one round a phase
    it makes as many playouts as halving over that many moves."""
    state, seat = next(
        (s, seat)
        for s, seat in positions(game_id, players, seed=5, every=3)
        if len(s.legal_actions(seat)) > HARD_CANDIDATES + 4
    )
    choice, playouts = counted_playouts(Hard(think_ms=None, iterations=1), state, seat)
    assert engines.get(game_id).parse_action(choice) in state.legal_actions(seat)
    candidates = HARD_CANDIDATES if short_list else None
    halving = SequentialHalving(think_ms=None, iterations=1, candidates=candidates)
    assert playouts == counted_playouts(halving, state, seat)[1]


def counted_playouts(
    search: SequentialHalving, state: State, seat: int, rng: random.Random | None = None
) -> tuple[ActionJson, int]:
    """``search``'s choice for ``seat`` and how many random playouts it made for it."""
    playouts = 0

    def counted(after: State, rng: random.Random) -> None:
        nonlocal playouts
        playouts += 1
        random_playout(after, rng)

    search.playout = counted
    choice = search(state.view(seat), legal_json(state, seat), rng or random.Random(2))
    return choice, playouts
