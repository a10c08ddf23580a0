"""Take-backs in Dschingis Khan, from real games: what the core allows and why.

The core decides from what an action did (RNG draws, secret or hidden event parts, who
acted since, the end); these tests show per rule which Dschingis Khan actions that lets a
player take back. Every game starts from ``GAME.new`` and is played through the engine.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Action, Rng, State
from engines.dschingis_khan import (
    GAME,
    PlaceWall,
    Setup,
    Step,
    TakeTile,
    TakeWall,
)
from tests.support.undo import refused, snapshot


def act(state: State, pick: Callable[[Action], bool] = lambda a: True) -> tuple[int, Action]:
    """The seat to act plays its first legal action that ``pick`` accepts."""
    (seat,) = state.to_act()
    action = next(a for a in state.legal_actions(seat) if pick(a))
    state.apply(seat, action)
    return seat, action


def after_setup(players: int = 2, seed: int = 5) -> State:
    """A new game with every player's starting tiles placed (DK-7): the first take phase."""
    state = GAME.new(players, seed, {"start_player": 0})
    for _ in range(players):
        act(state)
    return state


def test_a_wall_taken_from_the_supply_may_be_taken_back() -> None:
    # DK-8: a wall comes from the common supply, whose count everyone sees: nothing drawn.
    state = after_setup()
    before = snapshot(state)
    seat, _ = act(state, lambda a: isinstance(a, TakeWall))
    assert state.can_undo(seat)
    events = state.undo(seat)
    assert [e.type for e in events] == ["undo"]
    assert events[0].data["seat"] == seat
    assert snapshot(state) == before
    # and the turn goes on differently: a tile instead
    act(state, lambda a: isinstance(a, TakeTile))


def test_a_tile_drawn_may_not_be_taken_back() -> None:
    # DK-8: a tile is drawn at random from the passive supply and seen at once.
    state = after_setup()
    seat, _ = act(state, lambda a: isinstance(a, TakeTile))
    refused(state, seat, "drew at random")


def test_a_setup_may_not_be_taken_back_since_the_next_player_draws() -> None:
    # DK-7: after a player's setup the next player draws their 2 starting tiles.
    state = GAME.new(3, 5, {"start_player": 0})
    seat, action = act(state)
    assert isinstance(action, Setup)
    refused(state, seat, "drew at random")


def test_a_wall_placed_may_be_taken_back_even_when_it_ended_the_turn() -> None:
    # DK-9, DK-3..DK-5: placing and resolving a wall uses only public pieces; after the
    # last active wall the turn passes, but the next player has not acted yet.
    state = after_setup()
    seat, _ = act(state, lambda a: isinstance(a, TakeWall))
    act(state, lambda a: isinstance(a, TakeWall))
    placed = 0
    while state.to_act() == [seat]:
        before = snapshot(state)
        act(state, lambda a: isinstance(a, PlaceWall))
        placed += 1
        assert state.can_undo(seat)
        state.undo(seat)
        assert snapshot(state) == before
        act(state, lambda a: isinstance(a, PlaceWall))
    assert placed >= 3  # two walls from setup, two taken
    (other,) = state.to_act()
    assert other != seat
    assert state.can_undo(seat)
    assert not state.can_undo(other)
    # Once the next player acts, the wall is theirs to answer: no take-back any more.
    act(state, lambda a: isinstance(a, TakeWall))
    refused(state, seat, f"seat {other} played it")


def test_a_scout_step_may_not_be_taken_back() -> None:
    # DK-10, DK-15: a step names the face of the tile it puts down, which only its owner
    # sees (a secret part of the event), and shows the stepper the stack below.
    state = after_setup()
    seat, _ = act(state, lambda a: isinstance(a, TakeTile))
    act(state, lambda a: isinstance(a, TakeTile))
    seat2, _ = act(state, lambda a: isinstance(a, Step))
    assert seat2 == seat
    refused(state, seat, "showed hidden information")


def test_several_own_actions_may_be_taken_back_one_by_one() -> None:
    # Each take-back is judged like the first: the action before is the same seat's, so
    # nobody acted in between. The other player's action before that stays.
    state = after_setup()
    start = snapshot(state)
    seat, _ = act(state, lambda a: isinstance(a, TakeWall))
    middle = snapshot(state)
    act(state, lambda a: isinstance(a, TakeWall))
    state.undo(seat)
    assert snapshot(state) == middle
    state.undo(seat)
    assert snapshot(state) == start
    # The setups before drew tiles (DK-7): the previous seat's action is not this seat's.
    refused(state, seat, "played it")


def test_an_action_that_ends_the_game_may_not_be_taken_back() -> None:
    # DK-16/DK-17: the end scores every village and shows every face.
    state = GAME.new(2, 11)
    rng = Rng(3)
    while not state.is_over:
        (seat,) = state.to_act()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    refused(state, seat, "ended the game")


def test_nothing_to_take_back_at_the_start_or_for_a_loaded_position() -> None:
    state = GAME.new(2, 5)
    refused(state, state.to_act()[0], "no action")
    act(state)
    loaded = GAME.from_json(state.to_json())
    refused(loaded, 0, "no record")
    # A clone keeps the record: the server applies every move to one.
    assert state.clone().can_undo(0) == state.can_undo(0)
