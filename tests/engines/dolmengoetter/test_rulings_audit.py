"""An audit of DG-1..DG-10 against the rulebook, ruling by ruling: one short position (or a
seeded random game checked against an independent reading of the ruling) per doubt.

Every move goes through ``legal_actions`` / ``apply``.
"""

from __future__ import annotations

import pytest

from engines.core import Rng
from engines.dolmengoetter import DeclineDolmen, Herbs, PlaceDruid, Walk
from engines.dolmengoetter.constants import SUPPLIES

from .helpers import (
    GAME,
    answer,
    events_of,
    idle,
    play,
    position,
    refuse,
    rights_in_view,
    stack_owners,
    walk_out,
)

SQUARE, OCT, HEX = 5, 6, 9  # SQUARE 15, 16, 21, 20; HEX 20, 21, 26, 31, 30, 25
CORNERS = (4, 8, 69, 73)


def walk_targets(state, seat, place):
    return sorted(
        {a.to for a in state.legal_actions(seat) if isinstance(a, Walk) and a.from_place == place}
    )


# ---- DG-1 / DG-3 -----------------------------------------------------------------------------


@pytest.mark.parametrize("corner", CORNERS)
def test_DG1_DG3_a_corner_druid_walks_straight_to_each_other_corner(corner):
    state = position(2, druids={0: [corner], 1: [40]})
    targets = walk_targets(state, 0, corner)
    assert set(CORNERS) - {corner} <= set(targets)
    far = max(set(CORNERS) - {corner})
    play(state, 0, Walk(from_place=corner, to=far, stone=True))
    view = state.view(None)
    assert (view["places"][far]["druid"], view["places"][corner]["stone"]) == (0, 0)


def test_DG3_a_walk_jumps_a_corner_druid_over_its_rune_links_to_the_places_beyond():
    # 4's neighbours: 0, 8, 9, 69, 73. A druid on 8 adds 8's own neighbours 7 and 13.
    state = position(2, druids={0: [4], 1: [8]})
    assert walk_targets(state, 0, 4) == [0, 7, 9, 13, 69, 73]


def test_DG3_a_ring_of_druids_never_leads_back_to_the_start():
    # Square 15-16-21-20 is a ring: from 15 over the druids on 16, 21, 20 and out again.
    state = position(3, druids={0: [15], 1: [16, 21], 2: [20]})
    assert walk_targets(state, 0, 15) == [10, 11, 25, 26]
    refuse(state, 0, Walk(from_place=15, to=15, stone=True), "cannot stay", "DG-3")


def test_DG3_a_row_of_druids_stops_at_a_stone():
    # As above, but a stone on 21: 26 (beyond 21) is out of reach; 25 (beyond 20) is not.
    state = position(3, stones={1: [21]}, druids={0: [15], 1: [16], 2: [20]})
    assert walk_targets(state, 0, 15) == [10, 11, 25]


# ---- DG-2 ------------------------------------------------------------------------------------


def test_DG2_five_players_place_one_druid_at_a_time_from_the_start_player_then_it_moves_first():
    state = GAME.new(5, seed=2, options={"start_player": 3})
    order = []
    for k in range(15):
        (seat,) = state.to_act()
        order.append(seat)
        for other in set(range(5)) - {seat}:
            assert state.legal_actions(other) == []
        if k == 0:
            refuse(state, 4, PlaceDruid(place=40), "not seat 4's turn", code="not_your_turn")
        play(state, seat, PlaceDruid(place=k * 5))
    assert order == [3, 4, 0, 1, 2] * 3
    view = state.view(None)
    assert (view["phase"], state.to_act(), view["scores"]) == ("turn", [3], [4] * 5)
    assert all(p["stones_left"] == 10 and p["dolmens_left"] == 7 for p in view["players"])
    # Nobody places a fourth druid: the start player's turn is a walk, herbs or flight.
    assert not any(isinstance(a, PlaceDruid) for a in state.legal_actions(3))
    assert Herbs(place=0) in state.legal_actions(3)


# ---- DG-5 ------------------------------------------------------------------------------------


def test_DG5_declining_at_score_2_drops_to_1_and_then_declining_is_no_longer_offered():
    state = position(2, druids={0: [14], 1: [60]}, scores=[2, 4])
    play(state, 0, Walk(from_place=14, to=19, stone=False))
    assert state.view(None)["scores"] == [1, 4]
    idle(state, 1)
    walks = [a for a in state.legal_actions(0) if isinstance(a, Walk)]
    assert walks and all(a.stone for a in walks)


# ---- DG-6 ------------------------------------------------------------------------------------


def test_DG6_a_declined_majority_still_makes_a_later_tie_an_equalizer():
    """Played out, not built: the majority's right is declined, the tie still counts."""
    state = position(2, stones={0: [20], 1: [30]}, druids={0: [26], 1: [31]})
    assert state.view(None)["circles"][HEX]["ever_majority"] is False
    walk_out(state, 0, 26)  # 2:1 in the hexagon
    assert rights_in_view(state) == [(0, HEX, "top")]
    answer(state, 0, HEX, None)
    walk_out(state, 1, 31)  # 2:2
    assert rights_in_view(state) == [(1, HEX, "bottom")]
    answer(state, 1, HEX, 3)
    assert stack_owners(state, HEX) == [1]


def test_DG6_each_colour_that_reaches_the_highest_count_equalizes_and_others_get_nothing():
    # Hexagon: seat 0 had 2:1:1 (a majority). Seat 1 makes 2:2:1, seat 2 then 2:2:2.
    state = position(
        3,
        stones={0: [20, 25], 1: [30], 2: [31]},
        druids={1: [21], 2: [26], 0: [60]},
        stacks={HEX: [(0, 2)]},
        current=1,
    )
    walk_out(state, 1, 21)
    assert rights_in_view(state) == [(1, HEX, "bottom")]
    answer(state, 1, HEX, 1)
    walk_out(state, 2, 26)  # also the hexagon's last place: it scores after the right
    assert rights_in_view(state) == [(2, HEX, "bottom")]
    (scored,) = events_of(answer(state, 2, HEX, 1), "circle_scored")
    assert [d["owner"] for d in scored.data["dolmens"]] == [0, 1, 2]


def test_DG6_a_stone_below_the_highest_count_after_a_tie_gives_nothing():
    state = position(
        3,
        stones={0: [20, 25], 1: [30, 31]},
        druids={2: [26], 0: [60], 1: [61]},
        stacks={HEX: [(0, 2), (1, 1)]},
        current=2,
    )
    walk_out(state, 2, 26)  # 2:2:1, no majority, seat 2 below the top
    assert rights_in_view(state) == []
    assert state.to_act() == [0]


# ---- DG-7 ------------------------------------------------------------------------------------


def test_DG7_an_equalizer_right_lapses_on_a_full_stack_and_the_circle_still_scores():
    state = position(
        2,
        stones={0: [15], 1: [16, 20]},
        druids={0: [21, 60], 1: [61]},
        stacks={SQUARE: [(1, 1), (1, 2)]},
    )
    events = walk_out(state, 0, 21)  # 2:2 on the last place; the square already holds 2
    assert [e.data for e in events_of(events, "dolmen_right_lapsed")] == [
        {"seat": 0, "circle": SQUARE, "reason": "stack_full"}
    ]
    (scored,) = events_of(events, "circle_scored")
    assert [d["points"] for d in scored.data["dolmens"]] == [3, 4]  # 1 × 3, 2 × 2
    assert state.to_act() == [1]


def test_DG7_rights_wrap_clockwise_from_the_active_player():
    # Four players, seat 3 active: its stone on 21 gives seat 0 the square (passive), seat 2
    # the hexagon (passive) and seat 3 the octagon; answer order 3, 0, 2.
    state = position(
        4,
        stones={0: [15, 16], 2: [26, 31], 3: [11]},
        druids={3: [21], 0: [60], 1: [61], 2: [62]},
        current=3,
    )
    walk_out(state, 3, 21)
    assert rights_in_view(state) == [(3, OCT, "top"), (0, SQUARE, "top"), (2, HEX, "top")]
    order = []
    while state.view(None)["rights"]:
        (seat,) = state.to_act()
        order.append(seat)
        play(state, seat, DeclineDolmen(circle=state.view(None)["rights"][0]["circle"]))
    assert order == [3, 0, 2]
    assert state.to_act() == [0]


# ---- DG-10 -----------------------------------------------------------------------------------


def test_DG10_a_passive_last_dolmen_in_four_players_gives_the_others_one_turn_each():
    # Seat 2 is active; seat 3 gets the passive square majority and places its last dolmen:
    # seats 0, 1 and then 2 (the current player, last) have one more turn; seat 3 none.
    state = position(
        4,
        stones={3: [15, 16]},
        druids={2: [21, 70], 0: [60], 1: [61], 3: [62]},
        hands={3: {4: 1}},
        current=2,
    )
    walk_out(state, 2, 21)
    events = answer(state, 3, SQUARE, 4)
    assert events_of(events, "final_round")[0].data == {"started_by": 3, "turns": [0, 1, 2]}
    order = []
    while not state.is_over:
        (seat,) = state.to_act()
        order.append(seat)
        idle(state, seat)
    assert order == [0, 1, 2]
    assert state.view(None)["end_reason"] == "final_round_done"


def test_DG10_empty_stone_supplies_end_the_game_in_the_middle_of_a_final_round():
    state = position(
        3,
        stones={0: [20], 1: [30]},
        druids={0: [31, 70], 1: [60], 2: [61]},
        hands={0: {2: 1}},
        stones_left=[1, 1, 0],
    )
    walk_out(state, 0, 31)
    answer(state, 0, HEX, 2)  # last dolmen: seats 1 and 2 each have one more turn
    assert not state.is_over and state.to_act() == [1]
    events = walk_out(state, 1, 60)  # the last stone of all: the game ends, seat 2 never moves
    assert state.is_over and state.view(None)["end_reason"] == "stones_used_up"
    assert events_of(events, "turn") == []
    assert events_of(events, "circle_scored")[0].data["final"] is True


def test_DG10_a_scored_dolmen_still_counts_for_the_tie_break():
    # Seat 0 equalizes on the square's last place (1:2 → 2:2), places a 1, the square scores
    # at once (1 × 3) and the last stone ends the game at 8:8; seat 0 built one dolmen.
    state = position(
        2,
        stones={0: [15], 1: [16, 20]},
        druids={0: [21], 1: [60]},
        scores=[5, 8],
        stones_left=[1, 0],
    )
    walk_out(state, 0, 21)
    events = answer(state, 0, SQUARE, 1)
    assert events_of(events, "circle_scored")[0].data["dolmens"][0]["points"] == 3
    over = events[-1]
    assert over.type == "game_over"
    assert (over.data["scores"], over.data["dolmens_placed"]) == ([8, 8], [1, 0])
    assert state.winners() == [0]


# ---- a second reading of DG-3 and DG-6/DG-7 over random games ----------------------------------


def _reference_walks(stone, druid, start):
    """DG-3 read again: free places at the end of a path whose inner places hold druids."""
    board = GAME.board.raw
    adjacent = {p: set() for p in range(len(board["places"]))}
    for a, b in [*board["paths"], *board["rune_links"]]:
        adjacent[a].add(b)
        adjacent[b].add(a)
    reached, frontier = set(), [start]
    crossed = {start}
    while frontier:
        here = frontier.pop()
        for nxt in adjacent[here]:
            if druid[nxt] >= 0 and nxt not in crossed:
                crossed.add(nxt)
                frontier.append(nxt)
            elif druid[nxt] < 0 and stone[nxt] < 0:
                reached.add(nxt)
    return reached


def _reference_rights(history, circle_counts, colour, active, n):
    """DG-6/DG-7 read again from the whole history of stone counts in each circle."""

    def holder(counts):
        present = [s for s in range(n) if counts[s]]
        if len(present) < 2:
            return None
        top = max(counts)
        leaders = [s for s in range(n) if counts[s] == top]
        return leaders[0] if len(leaders) == 1 else None

    rights = []
    for c, (before, after) in circle_counts.items():
        now, then = holder(after), holder(before)
        if now is not None and now != then:
            rights.append((now, c, "top"))
        elif (
            now is None
            and any(holder(h) is not None for h in history[c])
            and after[colour] == max(after)
        ):
            rights.append((colour, c, "bottom"))
    return sorted(rights, key=lambda r: ((r[0] - active) % n, r[1]))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_DG3_DG6_DG7_random_games_agree_with_a_second_reading_of_the_rulings(players):
    board = GAME.board
    for seed in range(100):
        state = GAME.new(players, 700 + seed)
        rng = Rng(seed)
        history = {c: [[0] * players] for c in range(board.num_circles)}
        while not state.is_over:
            (seat,) = state.to_act()
            legal = state.legal_actions(seat)
            if state.phase == "turn":
                for p, owner in enumerate(state.druid):
                    if owner == seat:
                        expected = _reference_walks(state.stone, state.druid, p)
                        got = {a.to for a in legal if isinstance(a, Walk) and a.from_place == p}
                        assert got == expected, (seed, p)
            active = state.current
            events = state.apply(seat, rng.choice(legal))
            for e in events_of(events, "stone_placed"):
                place, colour = e.data["place"], e.data["seat"]
                changed = {}
                for c in board.place_circles[place]:
                    before = history[c][-1]
                    after = list(before)
                    after[colour] += 1
                    changed[c] = (before, after)
                expected = _reference_rights(history, changed, colour, active, players)
                for c, (_, after) in changed.items():
                    history[c].append(after)
                got = [
                    (r.data["seat"], r.data["circle"], r.data["position"])
                    for r in events_of(events, "dolmen_right")
                ]
                assert got == expected, (seed, place)
        assert all(not stack for stack in state.stacks)
        assert state.stones_left == [0] * players or state.end_reason == "final_round_done"
        assert SUPPLIES[players].stones * players >= sum(s >= 0 for s in state.stone)
