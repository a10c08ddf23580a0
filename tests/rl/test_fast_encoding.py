"""The fast route of the observation vector (``Encoding.observe_into`` from the engine's
state, issue 41): the same numbers as the vector of the seat's view, and nothing the view
hides."""

from __future__ import annotations

import random

import numpy as np
import pytest

import engines
from engines.core import Rng
from engines.rl import encoding

from .conftest import PLAYER_COUNTS


@pytest.mark.parametrize(("game_id", "n"), PLAYER_COUNTS)
def test_the_state_route_gives_the_views_vector(game_id: str, n: int) -> None:
    """In random games, at every ply, for every seat and the spectator: the vector written
    from the state equals the one built from the view, also into an array holding an
    earlier position's numbers."""
    enc = encoding(game_id)
    game = engines.get(game_id)
    r = random.Random(n)
    out = np.full(enc.observation_size(n), 7.0, np.float32)
    for seed in range(2):
        state = game.new(n, seed)
        while True:
            for me in [None, *range(n)]:
                expected = enc.observe(state.view(me), me)
                assert enc.observe_state(state, me) == expected
                enc.observe_into(state, me, out)
                assert out.tolist() == expected
            if state.is_over:
                break
            seat = state.to_act()[0]
            state.apply(seat, r.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(("game_id", "n"), PLAYER_COUNTS)
def test_the_state_route_shows_only_the_seats_view(game_id: str, n: int) -> None:
    """Redrawing what a seat may not see (``Game.sample`` of its view) leaves the vector
    the state route writes for it unchanged, though other seats see the redrawn states
    differently."""
    enc = encoding(game_id)
    game = engines.get(game_id)
    r = random.Random(11)
    state = game.new(n, 5)
    redrawn = 0
    for ply in range(120):
        if state.is_over:
            break
        if ply % 6 == 5:
            for me in range(n):
                other = game.sample(state.view(me), me, Rng(ply))
                assert enc.observe_state(other, me) == enc.observe_state(state, me)
                # Something ``me`` may not see changed: another seat's view of it.
                redrawn += any(other.view(s) != state.view(s) for s in range(n) if s != me)
        seat = state.to_act()[0]
        state.apply(seat, r.choice(state.legal_actions(seat)))
    assert redrawn


def test_a_view_is_written_into_an_array_too() -> None:
    """``observe_into`` also takes a view (the live environment has no engine state)."""
    enc = encoding("dschingis_khan")
    state = engines.get("dschingis_khan").new(3, 2)
    out = np.ones(enc.observation_size(3), np.float32)
    enc.observe_into(state.view(1), 1, out)
    assert out.tolist() == enc.observe(state.view(1), 1)


@pytest.mark.parametrize("limit", [2, 1 << 16])
@pytest.mark.parametrize("game_id", ["dschingis_khan", "dolmengoetter"])
def test_legal_numbers_found_by_identity_are_the_encoded_ones(
    game_id: str, limit: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``Encoding.legal`` finds an action's number by the object's identity first; whether
    that table is full (``limit`` 2: cleared all the time) or not, the numbers are the
    actions' own, in random games."""
    from engines.rl import base

    monkeypatch.setattr(base, "_BY_ID_LIMIT", limit)
    enc = encoding(game_id)
    enc._by_id.clear()
    game = engines.get(game_id)
    r = random.Random(limit)
    state = game.new(2, 9)
    wall_steps = 0
    while not state.is_over:
        seat = state.to_act()[0]
        legal = enc.legal(state, seat)
        assert legal == {enc.encode(a.model_dump()): a for a in state.legal_actions(seat)}
        wall_steps += sum(a.type == "step" and len(a.via) == 2 for a in legal.values())
        state.apply(seat, legal[r.choice(sorted(legal))])
    assert len(enc._by_id) <= limit
    # Actions the engine makes afresh (Dschingis Khan's steps along the wall) are not kept.
    assert wall_steps or game_id == "dolmengoetter"
    kept = [a for a, _ in enc._by_id.values()]
    assert not [a for a in kept if a.type == "step" and len(a.via) == 2]
    enc._by_id.clear()


@pytest.mark.parametrize(("game_id", "n"), PLAYER_COUNTS)
def test_openspiel_tensors_are_the_views_vectors(game_id: str, n: int) -> None:
    """OpenSpiel's observation tensor of each seat, the observation part of its information
    state and the public observer's tensor are the vectors of the seat's and the
    spectator's views, all through a random game."""
    import pyspiel

    import engines.openspiel  # noqa: F401  (registers the games)

    enc = encoding(game_id)
    game = pyspiel.load_game(f"python_{game_id}", {"players": n})
    public = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    size = enc.observation_size(n)
    r = random.Random(n + 20)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(r.choice(state.legal_actions()))
        engine_state = state.engine_state
        if engine_state is None or r.random() > 0.3:
            continue
        for seat in range(n):
            expected = np.float32(enc.observe(engine_state.view(seat), seat)).tolist()
            assert np.float32(state.observation_tensor(seat)).tolist() == expected
            assert np.float32(state.information_state_tensor(seat)[:size]).tolist() == expected
        public.set_from(state, 0)
        assert (
            public.tensor.tolist()
            == np.float32(enc.observe(engine_state.view(None), None)).tolist()
        )
