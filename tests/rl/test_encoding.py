"""The action numbering and observation vectors of engines.rl (no extra needed)."""

from __future__ import annotations

import random

import pytest

import engines
from engines.core import Rng
from engines.rl import encoding

from .conftest import PLAYER_COUNTS


@pytest.mark.parametrize(("game_id", "n"), PLAYER_COUNTS)
def test_legal_actions_number_distinctly_and_read_back(game_id: str, n: int) -> None:
    """In random games every legal action gets its own number, which decodes to itself."""
    enc = encoding(game_id)
    game = engines.get(game_id)
    r = random.Random(n)
    for seed in range(2):
        state = game.new(n, seed)
        while not state.is_over:
            seat = state.to_act()[0]
            actions = state.legal_actions(seat)
            legal = enc.legal(state, seat)
            assert len(legal) == len(actions)
            for code, action in legal.items():
                assert 0 <= code < enc.num_actions
                assert game.parse_action(enc.decode(code)) == action
            state.apply(seat, legal[r.choice(sorted(legal))])


@pytest.mark.parametrize(("game_id", "n"), PLAYER_COUNTS)
def test_observation_shows_only_the_seats_view(game_id: str, n: int) -> None:
    """Redrawing what a seat may not see (Game.sample) leaves its observation unchanged,
    while its own hidden things (tiles in hand, dolmen values) are in it."""
    enc = encoding(game_id)
    game = engines.get(game_id)
    r = random.Random(7)
    state = game.new(n, 3)
    for ply in range(60):
        if state.is_over:
            break
        seat = state.to_act()[0]
        if ply % 10 == 9:
            for me in range(n):
                view = state.view(me)
                other = game.sample(view, me, Rng(ply))
                assert enc.observe(other.view(me), me) == enc.observe(view, me)
                assert len(enc.observe(view, me)) == enc.observation_size(n)
        state.apply(seat, r.choice(state.legal_actions(seat)))


def test_numbers_are_fixed() -> None:
    """The numbering is part of a trained agent: these known numbers must never move."""
    dk = encoding("dschingis_khan")
    assert dk.num_actions == 42455
    assert dk.encode({"type": "take_wall"}) == 3100
    assert dk.decode(3100) == {"type": "take_wall"}
    assert dk.decode(dk.num_actions - 1)["via"] == [61, 61]
    dg = encoding("dolmengoetter")
    assert dg.num_actions == 24633
    assert dg.encode({"type": "pass"}) == dg.num_actions - 1
    assert (
        dg.encode({"type": "walk", "from_place": 1, "to": 2, "stone": True})
        == 78 + (78 + 2) * 2 + 1
    )
    with pytest.raises(ValueError):
        dg.decode(dg.num_actions)
