"""Saved OpenSpiel states and games come back fully working (issue 41, item 1)."""

from __future__ import annotations

import copy
import pickle

import pytest

from .conftest import PLAYER_COUNTS


@pytest.fixture(scope="module")
def pyspiel():
    import pyspiel

    import engines.openspiel  # noqa: F401  (registers the games)

    return pyspiel


def _played(pyspiel, game_id: str, n: int, plies: int = 12):
    game = pyspiel.load_game(f"python_{game_id}", {"players": n})
    state = game.new_initial_state()
    for byte in (3, 1, 4, 1, 5, 9, 2, 6):
        state.apply_action(byte)
    for i in range(plies):
        legal = state.legal_actions()
        state.apply_action(legal[(7 * i) % len(legal)])
    return game, state


def _round_trips(pyspiel, game, state):
    yield "pickle", pickle.loads(pickle.dumps(state))
    yield "deepcopy", copy.deepcopy(state)
    yield "clone", state.clone()
    yield "deserialize_state", game.deserialize_state(state.serialize())
    text = pyspiel.serialize_game_and_state(game, state)
    yield "deserialize_game_and_state", pyspiel.deserialize_game_and_state(text)[1]
    yield "pickled game", pickle.loads(pickle.dumps(game)).deserialize_state(state.serialize())


@pytest.mark.parametrize(("game_id", "n"), PLAYER_COUNTS)
def test_restored_states_play_on(pyspiel, game_id: str, n: int) -> None:
    game, state = _played(pyspiel, game_id, n)
    for how, restored in _round_trips(pyspiel, game, state):
        assert restored.history() == state.history(), how
        assert restored.legal_actions() == state.legal_actions(), how
        for seat in range(n):
            assert restored.information_state_tensor(seat) == state.information_state_tensor(
                seat
            ), how
            assert restored.observation_tensor(seat) == state.observation_tensor(seat), how
        action = state.legal_actions()[-1]
        restored.apply_action(action)
        reference = state.clone()
        reference.apply_action(action)
        assert str(restored) == str(reference), how
        assert restored.legal_actions() == reference.legal_actions(), how
        assert restored.observation_tensor(0) == reference.observation_tensor(0), how


@pytest.mark.parametrize("game_id", ["dschingis_khan", "dolmengoetter"])
def test_serialize_is_kilobytes(pyspiel, game_id: str) -> None:
    # Was 1.15 MB for a Die Dolmengoetter state (a pickle of the engine's derived tables).
    _game, state = _played(pyspiel, game_id, 4, plies=30)
    assert len(state.serialize()) < 16_000
    assert len(pickle.dumps(state)) < 16_000


def test_a_restored_game_has_no_lost_attributes(pyspiel) -> None:
    game = pyspiel.load_game("python_dolmengoetter", {"players": 3})
    restored = pickle.loads(pickle.dumps(game))
    assert restored.num_players() == 3
    assert restored.observation_size == game.observation_size
    assert restored.encoding is game.encoding
