"""Both games in OpenSpiel: the library's own conformance test and a search bot."""

from __future__ import annotations

import pytest

from .conftest import PLAYER_COUNTS


@pytest.fixture(scope="module")
def pyspiel():
    import pyspiel

    import engines.openspiel  # noqa: F401  (registers the games)

    return pyspiel


@pytest.mark.parametrize(("game_id", "n"), PLAYER_COUNTS)
def test_random_sim_test_with_serialization(pyspiel, game_id: str, n: int) -> None:
    game = pyspiel.load_game(f"python_{game_id}", {"players": n})
    assert game.num_players() == n
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", ["dschingis_khan", "dolmengoetter"])
def test_mcts_bot_finishes_a_game(pyspiel, game_id: str) -> None:
    import numpy as np
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game(f"python_{game_id}", {"players": 3})
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(
        game,
        uct_c=2,
        max_simulations=8,
        evaluator=mcts.RandomRolloutEvaluator(1, rng),
        random_state=rng,
    )
    state = game.new_initial_state()
    decisions = play_out_with_bot_at_seat_0(state, bot, rng)
    assert decisions > 0
    returns = state.returns()
    assert set(returns) <= {-1.0, 0.0, 1.0} and max(returns) >= 0  # 0: a shared win


def test_observation_is_the_seats_view(pyspiel) -> None:
    """A seat's tensor and string show its own tiles' faces, never another seat's."""
    game = pyspiel.load_game("python_dschingis_khan", {"players": 2})
    state = game.new_initial_state()
    for byte in range(8):
        state.apply_action(byte)
    engine_state = state.engine_state
    seat = engine_state.to_act()[0]
    other = 1 - seat
    assert state.observation_string(seat) != state.observation_string(other)
    assert '"faces":null' in state.observation_string(other)
    assert len(state.information_state_tensor(seat)) == game.information_state_tensor_size()
    import engines.rl

    enc = engines.rl.encoding("dschingis_khan")
    assert list(state.observation_tensor(other)) == enc.observe(engine_state.view(other), other)


def test_unknown_player_count_is_refused(pyspiel) -> None:
    with pytest.raises(Exception, match="2 to 5 players"):
        pyspiel.load_game("python_dolmengoetter", {"players": 6})


@pytest.mark.parametrize("game_id", ["dschingis_khan", "dolmengoetter"])
def test_ismcts_plays_a_game_out_of_the_box(pyspiel, game_id: str) -> None:
    """OpenSpiel's IS-MCTS, unmodified, needs resample_from_infostate (issue 41, item 2)."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(f"python_{game_id}", {"players": 2})
    rng = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rng),
        uct_c=2.0,
        max_simulations=4,
        random_state=rng,
    )
    state = game.new_initial_state()
    decisions = play_out_with_bot_at_seat_0(state, bot, rng)
    assert decisions > 3 and set(state.returns()) <= {-1.0, 0.0, 1.0}


def test_resampled_state_keeps_the_seats_view(pyspiel) -> None:
    game = pyspiel.load_game("python_dschingis_khan", {"players": 2})
    state = game.new_initial_state()
    for byte in range(8):
        state.apply_action(byte)
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(seat, sampler) for _ in range(5)]
    for world in worlds:
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.legal_actions() == state.legal_actions()
    assert len({str(w) for w in worlds}) > 1  # hidden parts differ


def test_information_state_string_tells_swapped_own_moves_apart(pyspiel) -> None:
    """Two of a seat's own moves in the other order: different information states, the same
    observation when the views agree (issue 41, item 3)."""
    game = pyspiel.load_game("python_dolmengoetter", {"players": 2})
    base = game.new_initial_state()
    for byte in range(8):
        base.apply_action(byte)
    found = 0
    seat = base.current_player()
    for first in base.legal_actions()[:12]:
        a = base.child(first)
        b_reply = a.legal_actions()[0]
        a = a.child(b_reply)
        for second in a.legal_actions()[:12]:
            if second == first or second not in base.legal_actions():
                continue
            b = base.child(second)
            if b_reply not in b.legal_actions() or first not in b.child(b_reply).legal_actions():
                continue
            x, y = a.child(second), b.child(b_reply).child(first)
            if x.observation_string(seat) == y.observation_string(seat):
                assert x.information_state_string(seat) != y.information_state_string(seat)
                assert x.information_state_tensor(seat) != y.information_state_tensor(seat)
                found += 1
    assert found > 0


def test_information_state_tensor_is_the_observation_and_own_actions(pyspiel) -> None:
    """Perfect recall in the tensor: the observation, then the seat's own action numbers
    plus 1 in a block of ``max_game_length`` entries (issue 41, item 4)."""
    import numpy as np

    game = pyspiel.load_game("python_dschingis_khan", {"players": 2})
    size = game.observation_tensor_size()
    assert game.information_state_tensor_size() == size + 2000
    state = game.new_initial_state()
    for byte in range(8):
        state.apply_action(byte)
    own: dict[int, list[int]] = {0: [], 1: []}
    rng = np.random.default_rng(5)
    for _ in range(30):
        seat = state.current_player()
        action = int(rng.choice(state.legal_actions()))
        own[seat].append(action + 1)
        state.apply_action(action)
    for seat in (0, 1):
        tensor = np.array(state.information_state_tensor(seat))
        assert tensor[:size].tolist() == state.observation_tensor(seat)
        block = tensor[size:]
        assert block[: len(own[seat])].tolist() == own[seat] and not block[len(own[seat]) :].any()


def test_public_perfect_recall_is_refused(pyspiel) -> None:
    game = pyspiel.load_game("python_dolmengoetter", {"players": 2})
    public_recall = pyspiel.IIGObservationType(
        perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="no public observer with perfect recall"):
        game.make_py_observer(public_recall)


def play_out_with_bot_at_seat_0(state, bot, rng) -> int:
    """Plays `state` to its end: `bot` at seat 0, chance and every other seat drawn uniformly
    by `rng`. Returns seat 0's number of decisions."""
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
            decisions += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return decisions


@pytest.mark.parametrize("game_id", ["dschingis_khan", "dolmengoetter"])
def test_own_actions_are_each_seats_moves_in_history(pyspiel, game_id: str) -> None:
    """The own actions a state keeps (the information state's perfect-recall part) are the
    seat's moves in OpenSpiel's history, in clones and saved states too."""
    import pickle
    import random

    game = pyspiel.load_game(f"python_{game_id}", {"players": 3})
    state = game.new_initial_state()
    r = random.Random(4)
    while not state.is_terminal():
        state.apply_action(r.choice(state.legal_actions()))
        if r.random() < 0.2:
            state = state.clone() if r.random() < 0.5 else pickle.loads(pickle.dumps(state))
        for p in range(3):
            history = [a.action for a in state.full_history() if a.player == p]
            assert state.own_actions(p) == history
