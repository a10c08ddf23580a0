"""What every engine promises (DESIGN.md, "Engine interface"), checked once for every
registered game and every player count, through the public interface (the clone check
also compares attributes: a copy must be exact).

A new game gets all of this by registering in ``engines.core.registry``. Each (game, players)
plays ``GAMES_PER_CASE`` seeded random games (OpenSpiel's ``random_sim_test``). At every step:
someone acts until the game is over; a seat has legal actions exactly when it is in
``to_act``; every view and event view is JSON; actions survive their trip as JSON; and the
state survives ``to_json``/``from_json`` and plays on identically. The recorded games are then
replayed (determinism) and cloned at every step (an exact, independent copy), probed with
refusals that must change nothing, and resampled from each seat's view. Rule checks that
only make sense for one game stay in ``tests/engines/<game>/``.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

import engines
from engines.core import Action, Event, Game, IllegalAction, Rng, State

GAMES_PER_CASE = 4
"""Random games per (game, player count); 28 in all, each checked in depth at every step."""
MAX_PLIES = 5000
PROBE_EVERY = 7
"""Refusals and sampling are probed at every 7th position (and the first and last)."""

CASES = [
    (game.id, n)
    for game in engines.all_games()
    for n in range(game.min_players, game.max_players + 1)
]


def case_id(case: tuple[str, int]) -> str:
    return f"{case[0]}-{case[1]}p"


pytestmark = pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])


def jsonable(value: Any) -> Any:
    """``value`` after a trip through JSON; it must be JSON already (no NaN, no objects)."""
    return json.loads(json.dumps(value, allow_nan=False))


def wire(action: Action) -> dict[str, Any]:
    """An action as a client sends it."""
    data: dict[str, Any] = jsonable(action.model_dump(mode="json"))
    return data


@dataclass(frozen=True)
class Step:
    seat: int
    action: dict[str, Any]
    before: dict[str, Any]
    """``to_json()`` of the state the action was applied to."""
    events: list[dict[str, Any]]


@dataclass(frozen=True)
class Trace:
    game: Game[Any]
    players: int
    seed: int
    steps: tuple[Step, ...]
    final: dict[str, Any]

    def positions(self) -> list[dict[str, Any]]:
        return [step.before for step in self.steps] + [self.final]

    def probed(self) -> list[dict[str, Any]]:
        """The positions refusals and sampling are tried on."""
        all_ = self.positions()
        return [p for i, p in enumerate(all_) if i % PROBE_EVERY == 0 or i == len(all_) - 1]

    def load(self, data: dict[str, Any]) -> State:
        return self.game.from_json(jsonable(data))


def check_position(state: State, players: int) -> None:
    """Invariants of any position: who acts, legal actions, views."""
    waiting = state.to_act()
    assert (not waiting) == state.is_over, f"to_act {waiting} but is_over {state.is_over}"
    assert all(0 <= s < players for s in waiting) and len(set(waiting)) == len(waiting)
    holder = state.turn_holder()
    assert (holder is None) == state.is_over and (holder is None or 0 <= holder < players)
    for seat in range(players):
        legal = state.legal_actions(seat)
        if seat in waiting:
            assert legal, f"seat {seat} is to act at ply {state.ply} but has no legal action"
            assert len(set(legal)) == len(legal), "an action is offered twice"
        else:
            assert legal == [], f"seat {seat} is not to act but is offered {legal[:3]}"
    for seat in [None, *range(players)]:
        view = state.view(seat)
        assert jsonable(view) == view, f"the view of seat {seat} is not plain JSON"
        assert (view["seat"], view["ply"], view["to_act"]) == (seat, state.ply, waiting)
        assert view["is_over"] == state.is_over


def check_events(events: list[Event], players: int, over: bool) -> None:
    """Each seat sees at least what a spectator sees; everyone sees all once it is over."""
    for event in events:
        spectator = jsonable(event.view(None))
        assert spectator["type"] == event.type
        revealed = jsonable(event.view(None, reveal=True))
        for seat in range(players):
            seen = jsonable(event.view(seat))
            assert spectator.items() <= seen.items() <= revealed.items()
            if over:
                assert jsonable(event.view(seat, reveal=True)) == revealed
        assert jsonable(event.to_json()) == event.to_json()


def check_outcome(state: State, players: int) -> None:
    outcome = state.outcome()
    scores, winners = state.scores(), state.winners()
    assert list(outcome.scores) == scores and list(outcome.winners) == winners
    assert len(scores) == players and all(isinstance(s, int) for s in scores)
    assert winners and sorted(set(winners)) == winners
    assert all(0 <= w < players for w in winners)
    # The places rank every seat once, best first, and the first place is the winners.
    places = outcome.places()
    assert places[0] == winners and sorted(s for p in places for s in p) == list(range(players))
    assert outcome.places([players - 1]) == [[players - 1]]
    view = state.view(None)
    assert (view["scores"], view["winners"]) == (scores, winners)


@cache
def trace(game_id: str, players: int, seed: int) -> Trace:
    """One random game with every per-step check; recorded for the tests below."""
    game = engines.get(game_id)
    state = game.new(players, seed)
    rng = Rng(seed ^ 0xC0FFEE)
    steps: list[Step] = []
    while not state.is_over:
        assert len(steps) < MAX_PLIES, f"{game_id} {players}p seed {seed} does not end"
        check_position(state, players)
        before = state.to_json()
        assert jsonable(before) == before
        copy = game.from_json(jsonable(before))
        assert copy.to_json() == before
        seat = rng.choice(state.to_act())
        legal = state.legal_actions(seat)
        assert copy.legal_actions(seat) == legal
        action = rng.choice(legal)
        sent = wire(action)
        assert game.parse_action(sent) == action
        assert isinstance(action.label(), str) and action.label()
        # Its repr can be pasted back into a test.
        assert eval(repr(action), vars(importlib.import_module(type(action).__module__))) == action
        events = state.apply(seat, sent)
        assert state.ply == before["ply"] + 1
        # The loaded copy plays on exactly like the original.
        copy_events = copy.apply(seat, action)
        assert copy.to_json() == state.to_json()
        assert [e.to_json() for e in copy_events] == [e.to_json() for e in events]
        check_events(events, players, state.is_over)
        steps.append(Step(seat, sent, before, [jsonable(e.to_json()) for e in events]))
    check_position(state, players)
    check_outcome(state, players)
    final = state.to_json()
    assert game.from_json(jsonable(final)).to_json() == final
    return Trace(game, players, seed, tuple(steps), final)


def traces(case: tuple[str, int]) -> list[Trace]:
    game_id, players = case
    return [trace(game_id, players, 1000 * players + g) for g in range(GAMES_PER_CASE)]


# ---- random play, round trip ---------------------------------------------------------------


def test_random_games_keep_the_contract_at_every_step_and_end_with_an_outcome(case):
    for t in traces(case):
        assert t.steps, "a game needs at least one action"
        assert t.load(t.final).is_over


# ---- determinism and replay ------------------------------------------------------------------


def test_same_seed_and_actions_give_the_same_states_and_events(case):
    """Replayed from the seed and the actions as JSON, the way the server rebuilds a game."""
    for t in traces(case):
        state = t.game.new(t.players, t.seed)
        for step in t.steps:
            assert state.to_json() == step.before
            events = state.apply(step.seat, step.action)
            assert [jsonable(e.to_json()) for e in events] == step.events
        assert state.to_json() == t.final
        assert t.game.new(t.players, t.seed).to_json() == t.steps[0].before


# ---- clones ------------------------------------------------------------------------------------
#
# ``State.clone`` is a game's own ``_copy`` (both games copy their attributes directly: bots
# clone once per candidate move), a third list of a state's attributes beside ``_dump`` and
# ``_load``. After every action the clone holds exactly what the original holds, derived
# bookkeeping included, says what a fresh reading of ``to_json`` says, and playing on in the
# clone leaves the original as it was (its JSON, legal lists and views).

# The core's own bookkeeping: the RNG (compared by its JSON), the legal-list cache (empty
# in a fresh reading) and the record of play (a fresh reading has none; a clone keeps it).
NOT_COMPARED = {"rng", "_legal_cache", "_origin", "_played", "_played_by", "_last"}


def plain(value: Any) -> Any:
    """``value`` with objects that compare by identity (a Dschingis Khan wall) opened up
    into their attributes, so two copies compare by content."""
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if value is not None and type(value).__eq__ is object.__eq__:
        names = getattr(type(value), "__slots__", None) or vars(value)
        return {name: plain(getattr(value, name)) for name in names if hasattr(value, name)}
    return value


def attributes(state: State) -> dict[str, Any]:
    """Every attribute ``state`` has: its instance dict's and its classes' slots (a game's
    position is kept in slots, issue 16)."""
    slots = (name for cls in type(state).__mro__ for name in getattr(cls, "__slots__", ()))
    return {**{n: getattr(state, n) for n in slots if hasattr(state, n)}, **vars(state)}


def position(state: State, shared: dict[str, Any]) -> dict[str, Any]:
    """``state``'s attributes by content; those it shares with ``shared`` (the game, the
    board: never changed) as they are."""
    return {
        k: v if shared.get(k) is v else plain(v)
        for k, v in attributes(state).items()
        if k not in NOT_COMPARED
    }


def test_a_clone_is_an_exact_copy_and_independent(case):
    for t in traces(case):
        state, players = t.game.new(t.players, t.seed), t.players
        for step in t.steps:
            state.apply(step.seat, step.action)
            clone = state.clone()
            assert position(clone, attributes(state)) == position(state, attributes(clone)), (
                state.ply
            )
            assert len(attributes(state)) > 30, "the position's attributes are all compared"
            assert clone.rng.to_json() == state.rng.to_json()
            fresh = t.game.from_json(state.to_json())
            assert clone.to_json() == fresh.to_json()
            for s in range(players):
                assert clone.legal_actions(s) == fresh.legal_actions(s), (state.ply, s)
                assert clone.view(s) == fresh.view(s), (state.ply, s)
            if clone.is_over:
                break
            before = state.to_json()
            legal = [state.legal_actions(s) for s in range(players)]
            views = [state.view(s) for s in range(players)]
            (mover, *_) = clone.to_act()
            clone.apply(mover, Rng(t.seed + state.ply).choice(clone.legal_actions(mover)))
            assert state.to_json() == before, "playing on in a clone changed the original"
            state._legal_cache.clear()  # asked again, from the position itself
            assert [state.legal_actions(s) for s in range(players)] == legal, state.ply
            assert [state.view(s) for s in range(players)] == views, state.ply


# ---- refusals ----------------------------------------------------------------------------------


def refused(state: State, seat: Any, action: Any, code: str) -> None:
    """``apply`` raises ``IllegalAction`` with ``code`` and changes nothing."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, action)
    assert err.value.code == code, f"{err.value!r}, wanted {code}"
    assert err.value.message and str(err.value) == err.value.message
    assert state.to_json() == before


def test_refusals_name_their_reason_and_change_nothing(case):
    """Out of turn, not legal, malformed, unknown seat: the right code, ``to_json()`` unchanged."""
    for t in traces(case):
        # Actions played elsewhere in this game: mostly not legal at a given position.
        played = {t.game.parse_action(step.action) for step in t.steps}
        for data in t.probed():
            state = t.load(data)
            if state.is_over:
                continue
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            for other in range(t.players):
                if other not in state.to_act():
                    refused(state, other, legal[0], "not_your_turn")
            stale = [a for a in played if a not in legal]
            if stale:
                refused(state, seat, min(stale, key=repr), "illegal_action")
            refused(state, seat, {"type": "no_such_action"}, "bad_action")
            refused(state, seat, {**wire(legal[0]), "no_such_field": 1}, "bad_action")
            refused(state, seat, ["not", "an", "action"], "bad_action")
            for nobody in (-1, t.players, "0", None):
                refused(state, nobody, legal[0], "unknown_seat")
            with pytest.raises(IllegalAction) as err:
                state.view(t.players)
            assert err.value.code == "unknown_seat"
            with pytest.raises(IllegalAction) as err:
                state.outcome()
            assert err.value.code == "game_not_over"
        over = t.load(t.final)
        for seat in range(t.players):
            for action in sorted(played, key=repr)[:3]:
                refused(over, seat, action, "game_over")


def test_new_games_refuse_bad_player_counts_and_options(case):
    game_id, players = case
    game = engines.get(game_id)
    for bad in (game.min_players - 1, game.max_players + 1, "2", None):
        with pytest.raises(IllegalAction) as err:
            game.new(bad, 1)
        assert err.value.code == "bad_player_count"
    for options in ({"start_player": players}, {"start_player": -1}, {"no_such_option": 1}):
        with pytest.raises(IllegalAction) as err:
            game.new(players, 1, options)
        assert err.value.code == "bad_options"
    for start in range(players):
        state = game.new(players, 1, {"start_player": start})
        check_position(state, players)
    other = next((g for g in engines.all_games() if g.id != game_id), None)
    if other is not None:
        with pytest.raises(ValueError):
            game.from_json(other.new(other.min_players, 1).to_json())


# ---- sampling ----------------------------------------------------------------------------------


def test_a_sampled_state_gives_the_seat_the_same_view_and_legal_actions(case):
    """``Game.sample(view, seat, rng)``: whatever the hidden part drawn, the seat sees and may
    do exactly what it could in the real game (what a bot that searches relies on)."""
    for t in traces(case):
        for data in t.probed():
            state = t.load(data)
            for seat in range(t.players):
                view = jsonable(state.view(seat))
                legal = state.legal_actions(seat)
                for r in (1, 2):
                    sampled = t.game.sample(view, seat, Rng(t.seed * 7 + r))
                    assert jsonable(sampled.view(seat)) == view
                    assert sampled.legal_actions(seat) == legal
                    assert sampled.to_act() == state.to_act()
                    assert sampled.is_over == state.is_over
                    again = t.game.from_json(jsonable(sampled.to_json()))
                    assert jsonable(again.view(seat)) == view


def test_a_state_sampled_from_a_spectators_view_shows_the_spectator_that_view(case):
    """``Game.sample(view, None, rng)``, the same signature in every game: a spectator's
    view (every hidden part unknown) is sampled like a seat's."""
    for t in traces(case):
        for data in t.probed()[::3]:
            view = jsonable(t.load(data).view(None))
            sampled = t.game.sample(view, None, Rng(t.seed))
            assert jsonable(sampled.view(None)) == view
