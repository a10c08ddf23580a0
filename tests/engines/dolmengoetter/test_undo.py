"""Take-backs in Die Dolmengötter, from real games: what the core allows and why.

The core decides from what an action did (RNG draws, secret or hidden event parts, public
reveals, who acted since, the end); these tests show per rule which Dolmengötter actions
that lets a player take back. Every game starts from ``GAME.new`` and is played through
the engine; the situations are found by seeded random play.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Action, Rng, State
from engines.dolmengoetter import GAME, DeclineDolmen, Flight, Herbs, PlaceDolmen, Walk
from tests.support.undo import refused, snapshot


def taken_back(state: State, seat: int, action: Action) -> None:
    """Apply ``action``, take it back, and find the position exactly as before."""
    before = snapshot(state)
    state.apply(seat, action)
    assert state.can_undo(seat)
    (event,) = state.undo(seat)
    assert event.type == "undo"
    assert event.data["seat"] == seat
    assert snapshot(state) == before


def play_until(
    state: State, found: Callable[[State, int, Action], bool], seed: int = 1
) -> tuple[int, Action]:
    """Play until the seat to act has a legal action ``found`` accepts (returned, not
    applied): random moves, every dolmen right answered with a dolmen so stacks grow."""
    rng = Rng(seed)
    while not state.is_over:
        (seat,) = state.to_act()
        legal = state.legal_actions(seat)
        for action in legal:
            if found(state, seat, action):
                return seat, action
        dolmens = [a for a in legal if isinstance(a, PlaceDolmen)]
        state.apply(seat, dolmens[0] if dolmens else rng.choice(legal))
    raise AssertionError("the game ended before the situation arose")


def in_turns(players: int = 3, seed: int = 4) -> State:
    """A new game played until the druid phase is over (DG-2)."""
    state = GAME.new(players, seed, {"start_player": 0})
    play_until(state, lambda s, seat, a: isinstance(a, Walk))
    return state


def scores_circle(state: State, action: Action) -> bool:
    """Whether ``action`` (a move with a stone) would complete a circle holding dolmens."""
    if not isinstance(action, Walk | Flight) or not action.stone:
        return False
    return any(
        state.filled[c] + 1 == state.board.circle_sizes[c] and state.stacks[c]
        for c in state.board.place_circles[action.from_place]
    )


def test_a_druid_placed_may_be_taken_back() -> None:
    # DG-2: druids go on free places in view of everyone; nothing drawn or hidden.
    state = GAME.new(3, 4, {"start_player": 0})
    seat = state.to_act()[0]
    taken_back(state, seat, state.legal_actions(seat)[5])


def test_a_walk_with_its_stone_may_be_taken_back() -> None:
    # DG-3 + DG-5: the walk and the stone on the place left are one public action.
    state = in_turns()
    seat, _ = play_until(state, lambda s, seat, a: isinstance(a, Walk) and a.stone)
    walk = next(
        a
        for a in state.legal_actions(seat)
        if isinstance(a, Walk) and a.stone and not scores_circle(state, a)
    )
    taken_back(state, seat, walk)
    # and a different move instead
    other = next(a for a in state.legal_actions(seat) if a != walk and isinstance(a, Walk))
    state.apply(seat, other)


def test_a_declined_stone_may_be_taken_back_with_its_point() -> None:
    # DG-5: declining costs 1 point; the take-back gives it back.
    state = in_turns()
    seat, walk = play_until(state, lambda s, seat, a: isinstance(a, Walk) and not a.stone)
    score = state.score[seat]
    state.apply(seat, walk)
    assert state.score[seat] == score - 1
    state.undo(seat)
    assert state.score[seat] == score


def test_herbs_may_be_taken_back() -> None:
    # DG-4: a druid lying down is seen by everyone.
    state = in_turns()
    seat, herbs = play_until(state, lambda s, seat, a: isinstance(a, Herbs))
    taken_back(state, seat, herbs)


def test_a_placed_dolmen_may_not_be_taken_back() -> None:
    # DG-7, DG-11: the dolmen's value is seen by its owner only (a secret part of the event).
    state = in_turns()
    seat, dolmen = play_until(state, lambda s, seat, a: isinstance(a, PlaceDolmen))
    state.apply(seat, dolmen)
    assert not state.is_over
    refused(state, seat, "showed hidden information")


def test_a_declined_dolmen_right_may_be_taken_back() -> None:
    # DG-7: declining a right shows nothing; unless scoring follows (DG-8, below).
    state = in_turns()

    def declines_quietly(s: State, seat: int, a: Action) -> bool:
        if not isinstance(a, DeclineDolmen):
            return False
        probe = s.clone()
        events = probe.apply(seat, a)
        return not probe.is_over and not any(e.type == "circle_scored" for e in events)

    seat, decline = play_until(state, declines_quietly)
    taken_back(state, seat, decline)


def test_an_action_that_scores_a_circle_with_dolmens_may_not_be_taken_back() -> None:
    # DG-8: the circle scores and its dolmens' values become public: no take-back can hide
    # them again. The event says so itself (``reveals``), not a list of action types. Here
    # the completing stone, or the last answer to the rights it made (DG-7 before DG-8).
    state = in_turns(2, 1)

    def scores_at_once(s: State, seat: int, a: Action) -> bool:
        if not (scores_circle(s, a) or isinstance(a, DeclineDolmen)):
            return False
        probe = s.clone()
        events = probe.apply(seat, a)
        return not probe.is_over and any(
            e.type == "circle_scored" and e.data["dolmens"] for e in events
        )

    seat, action = play_until(state, scores_at_once)
    events = state.apply(seat, action)
    scored = [e for e in events if e.type == "circle_scored" and e.data["dolmens"]]
    assert scored and all(e.reveals for e in scored)
    assert not any(e.secret or e.hidden for e in events)
    refused(state, seat, "showed hidden information")


def test_a_stone_giving_another_player_a_right_may_be_taken_back_until_they_answer() -> None:
    # DG-6/DG-7: a passive majority gives another player a right; taking the stone back
    # takes the right back too, as long as its owner has not answered it.
    state = in_turns(3, 4)

    def passive_right(s: State, seat: int, a: Action) -> bool:
        if not isinstance(a, Walk | Flight) or not a.stone or scores_circle(s, a):
            return False
        probe = s.clone()
        events = probe.apply(seat, a)
        return any(e.type == "dolmen_right" and e.data["seat"] != seat for e in events)

    seat, move = play_until(state, passive_right)
    before = snapshot(state)
    state.apply(seat, move)
    (owner,) = state.to_act()
    assert owner != seat
    assert state.can_undo(seat)
    assert not state.can_undo(owner)
    state.undo(seat)
    assert snapshot(state) == before
    state.apply(seat, move)
    state.apply(owner, next(a for a in state.legal_actions(owner)))
    refused(state, seat, f"seat {owner} played it")


def test_the_last_action_of_the_game_may_not_be_taken_back() -> None:
    # DG-10: the end scores every stack and shows every value.
    state = GAME.new(2, 3)
    rng = Rng(8)
    while not state.is_over:
        (seat,) = state.to_act()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    refused(state, seat, "ended the game")
