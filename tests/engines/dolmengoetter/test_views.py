"""DG-11: who sees what — views, event views, and sampling of hidden dolmen values.

The hidden-information tests change only what a seat may not see (other seats' dolmen
values, in hand and on the board) and assert that the seat's view, its legal actions and
its event views stay identical, while the hidden values did change.
"""

from __future__ import annotations

import json

from engines.core import Rng
from engines.dolmengoetter import PlaceDolmen
from engines.dolmengoetter.observer import __doc__ as OBSERVER_DOC

from .helpers import GAME, answer, events_of, position, walk_out

VIEW_KEYS = {
    "phase",
    "start_player",
    "current",
    "scores",
    "players",
    "places",
    "circles",
    "rights",
    "final_round",
    "end_reason",
    "final_scoring",
}
COMMON_KEYS = {"game", "num_players", "seat", "ply", "to_act", "is_over"}


def random_states(players: int, seed: int, every: int = 1):
    """Yield (state, rng) along a random game, every ``every`` plies, the last state too."""
    state = GAME.new(players, seed)
    rng = Rng(seed * 7 + 1)
    while not state.is_over:
        if state.ply % every == 0:
            yield state, rng
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    yield state, rng


def hidden_part(state, seat):
    """The dolmen values ``seat`` may not see: other seats' hands and stacked values."""
    hands = [h for s, h in enumerate(state.hands) if s != seat]
    stacked = [[v for o, v in stack if o != seat] for stack in state.stacks]
    return hands, stacked


def permute_hidden(state, seat, rng):
    """A clone in which every other seat's dolmen values are shuffled between its hand and
    its dolmens on the board (counts and owners unchanged)."""
    clone = state.clone()
    for s in range(state.num_players):
        if s == seat:
            continue
        slots = [
            (c, k)
            for c, stack in enumerate(clone.stacks)
            for k, (owner, _) in enumerate(stack)
            if owner == s
        ]
        values = [clone.stacks[c][k][1] for c, k in slots]
        values += [v for v in (1, 2, 3, 4) for _ in range(clone.hands[s][v - 1])]
        rng.shuffle(values)
        for (c, k), v in zip(slots, values, strict=False):
            clone.stacks[c][k] = (s, v)
        hand = [0, 0, 0, 0]
        for v in values[len(slots) :]:
            hand[v - 1] += 1
        clone.hands[s] = hand
    return clone


def counterpart(action, other_state, seat):
    """The same decision in a state whose hidden values differ: a dolmen right answered by
    another seat uses a value that seat holds there."""
    if isinstance(action, PlaceDolmen) and action not in other_state.legal_actions(seat):
        return next(a for a in other_state.legal_actions(seat) if isinstance(a, PlaceDolmen))
    return action


def public_part(event_view):
    """What stays equal when hidden values differ: scoring reveals values, so drop those."""
    out = dict(event_view)
    if out["type"] == "circle_scored":
        out["dolmens"] = [
            {"owner": d["owner"], "position": d["position"], "factor": d["factor"]}
            for d in out["dolmens"]
        ]
        out.pop("scores")
    if out["type"] == "game_over":
        out.pop("scores")
        out.pop("winners")
    return out


# ---- the view -----------------------------------------------------------------------------


def test_DG11_view_has_the_documented_shape_and_is_json_ready():
    for key in VIEW_KEYS:
        assert key in OBSERVER_DOC
    for state, _ in random_states(3, seed=4, every=15):
        for seat in (None, 0, 1, 2):
            view = state.view(seat)
            assert set(view) == VIEW_KEYS | COMMON_KEYS | ({"winners"} if state.is_over else set())
            assert json.loads(json.dumps(view)) == view
            assert len(view["places"]) == 78 and len(view["circles"]) == 28


def test_DG11_everyone_sees_board_scores_owners_and_counts_but_only_own_values():
    state = position(
        3,
        stones={0: [15], 1: [16]},
        druids={0: [14], 1: [30], 2: [60]},
        lying=[30],
        stacks={9: [(1, 4), (0, 2)], 4: [(2, 1)]},
    )
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert view["places"][15]["stone"] == 0 and view["places"][16]["stone"] == 1
        assert view["places"][30] == {"id": 30, "stone": None, "druid": 1, "lying": True}
        assert [d["owner"] for d in view["circles"][9]["stack"]] == [1, 0]
        assert [p["dolmens_left"] for p in view["players"]] == [9, 9, 9]
        assert [p["stones_left"] for p in view["players"]] == [12, 12, 13]
        for circle in view["circles"]:
            for d in circle["stack"]:
                assert (d["value"] is not None) == (d["owner"] == seat)
        for p in view["players"]:
            assert (p["hand"] is not None) == (p["seat"] == seat)
    assert state.view(1)["circles"][9]["stack"] == [
        {"owner": 1, "value": 4},
        {"owner": 0, "value": None},
    ]


def test_DG11_hidden_values_never_reach_other_seats_events():
    state = position(3, stones={0: [15, 16]}, druids={1: [21], 0: [60], 2: [61]}, current=1)
    walk_out(state, 1, 21)
    events = answer(state, 0, 5, 4)
    text = {seat: json.dumps([e.view(seat) for e in events]) for seat in (None, 0, 1, 2)}
    assert '"value": 4' in text[0]
    for seat in (None, 1, 2):
        assert '"value"' not in text[seat]


def test_DG11_all_is_public_once_the_game_is_over():
    state = position(
        2,
        druids={0: [60], 1: [14]},
        stacks={9: [(1, 3)]},
        hands={0: {1: 2}, 1: {4: 1}},
        stones_left=[1, 0],
    )
    walk_out(state, 0, 60)
    assert state.is_over
    spectator = state.view(None)
    assert [p["hand"] for p in spectator["players"]] == [
        {"1": 2, "2": 0, "3": 0, "4": 0},
        {"1": 0, "2": 0, "3": 0, "4": 1},
    ]
    assert spectator["final_scoring"] == [
        {"circle": 9, "dolmens": [{"owner": 1, "value": 3, "factor": 4, "points": 12}]}
    ]


def test_DG11_event_values_are_revealed_to_all_after_the_game():
    state = position(3, stones={0: [15, 16]}, druids={1: [21], 0: [60], 2: [61]}, current=1)
    walk_out(state, 1, 21)
    (placed,) = events_of(answer(state, 0, 5, 2), "dolmen_placed")
    assert "value" not in placed.view(2)
    assert placed.view(2, reveal=True)["value"] == 2


# ---- hidden information: sampling and permuting ---------------------------------------------


def test_DG11_sampled_states_keep_every_view_and_legal_action_and_vary_hidden_values():
    """GAME.sample(view, seat, rng) gives a state with the same view and legal actions for
    that seat, with other seats' unseen values redrawn (DG-11)."""
    varied = checked = 0
    for players in (2, 3, 4, 5):
        for seed in range(3):
            for state, rng in random_states(players, seed=100 + seed, every=3):
                for seat in [None, *range(players)]:
                    view = state.view(seat)
                    sampled = GAME.sample(view, seat, rng)
                    assert sampled.view(seat) == view
                    if seat is not None:
                        assert sampled.legal_actions(seat) == state.legal_actions(seat)
                        own = (
                            sampled.hands[seat],
                            [[e for e in s if e[0] == seat] for s in sampled.stacks],
                        )
                        assert own == (
                            state.hands[seat],
                            [[e for e in s if e[0] == seat] for s in state.stacks],
                        )
                    checked += 1
                    varied += hidden_part(sampled, seat) != hidden_part(state, seat)
    assert checked > 1000
    assert varied > checked // 4  # the hidden values really were redrawn


def test_DG11_permuted_hidden_values_leave_views_and_event_views_identical():
    """Shuffle other seats' dolmen values in a clone; play on with the same decisions: the
    seat's views, legal actions and event views stay the same until values are revealed."""
    compared = varied = 0
    for players in (2, 3, 5):
        for seed in range(4):
            for state, rng in random_states(players, seed=200 + seed, every=9):
                if state.is_over:
                    continue
                seat = rng.randbelow(players)
                twin = permute_hidden(state, seat, rng)
                changed = hidden_part(twin, seat) != hidden_part(state, seat)
                varied += changed
                a, b = state.clone(), twin
                for _ in range(12):
                    assert a.view(seat) == b.view(seat)
                    assert a.legal_actions(seat) == b.legal_actions(seat)
                    if a.is_over:
                        break
                    actor = a.to_act()[0]
                    action = rng.choice(a.legal_actions(actor))
                    ea = a.apply(actor, action)
                    eb = b.apply(actor, counterpart(action, b, actor))
                    assert [public_part(e.view(seat)) for e in ea] == [
                        public_part(e.view(seat)) for e in eb
                    ]
                    compared += 1
                    if any(e.type in ("circle_scored", "game_over") for e in ea):
                        break  # values are public from here on and scores may differ
    assert compared > 300
    assert varied > 20


def test_DG11_every_event_type_is_documented_for_clients():
    seen = set()
    for players in (2, 5):
        for seed in range(5):
            state = GAME.new(players, seed)
            rng = Rng(seed)
            while not state.is_over:
                seat = state.to_act()[0]
                seen |= {e.type for e in state.apply(seat, rng.choice(state.legal_actions(seat)))}
    assert {"druid_placed", "turn", "stone_placed", "dolmen_right", "game_over"} <= seen
    documented = OBSERVER_DOC.split("Events")[1]
    for kind in seen:
        assert kind in documented
