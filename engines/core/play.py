"""Helpers to drive a state with random legal actions (property tests, benchmarks, bots)."""

from __future__ import annotations

from .base import Event, Game, S, State
from .rng import Rng


def random_step(state: State, rng: Rng) -> list[Event]:
    """Apply one uniformly random legal action of the first seat to act."""
    seat = state.to_act()[0]
    actions = state.legal_actions(seat)
    return state.apply(seat, rng.choice(actions))


def random_game(game: Game[S], num_players: int, seed: int, max_plies: int = 100_000) -> S:
    """Play a whole game with random legal actions; raises if it does not end."""
    state = game.new(num_players, seed)
    rng = Rng(seed ^ 0x5EED)
    for _ in range(max_plies):
        if state.is_over:
            return state
        random_step(state, rng)
    raise RuntimeError(f"{game.id} seed {seed} did not end within {max_plies} plies")
