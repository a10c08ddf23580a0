"""Take-backs, for every registered game and player count (the core's promise, like
``test_contract.py``): in seeded random games, every action the core judges undoable,
applied and taken back, leaves ``to_json()`` byte-identical to before, and the game then
plays on as if it had never been played. Only the last actor may ever take back.
"""

from __future__ import annotations

import json

import pytest

import engines
from engines.core import Action, Game, IllegalAction, Rng, State

GAMES_PER_CASE = 2
CASES = [
    (game.id, n)
    for game in engines.all_games()
    for n in range(game.min_players, game.max_players + 1)
]


def dump(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize("case", CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_every_undoable_action_taken_back_restores_the_position(case: tuple[str, int]) -> None:
    game_id, players = case
    game = engines.get(game_id)
    undone = 0
    for i in range(GAMES_PER_CASE):
        state = game.new(players, 1000 + i)
        twin = game.new(players, 1000 + i)  # plays the same game with no take-backs
        rng = Rng(7 + i)
        while not state.is_over:
            (seat,) = state.to_act()
            action = rng.choice(state.legal_actions(seat))
            before = dump(state)
            events = state.apply(seat, action)
            twin.apply(seat, action)
            for other in range(players):
                if other != seat:
                    assert not state.can_undo(other)
            if not state.can_undo(seat):
                with pytest.raises(IllegalAction) as err:
                    state.undo(seat)
                assert err.value.code == "not_undoable"
                assert dump(state) == dump(twin)
                continue
            assert not any(e.shows_hidden() for e in events)
            # Through a clone, as the server does it.
            state = state.clone()
            state.undo(seat)
            undone += 1
            assert dump(state) == before
            assert state.legal_actions(seat) == twin_before_legal(game, before, seat)
            state.apply(seat, action)
            assert dump(state) == dump(twin)
    assert undone > 0


def twin_before_legal(game: Game, before: str, seat: int) -> list[Action]:
    """The legal actions of the position ``before`` (read from JSON)."""
    return game.from_json(json.loads(before)).legal_actions(seat)
