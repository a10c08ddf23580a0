"""DG-8 (scoring completed circles), DG-9 (passing) and DG-10 (the end and the winner)."""

import pytest

from engines.dolmengoetter import DeclineDolmen, Flight, Pass, Walk

from .helpers import (
    answer,
    events_of,
    idle,
    play,
    position,
    refuse,
    rights_in_view,
    walk_out,
)

SQUARE, OCT, HEX = 5, 6, 9  # place 21 is in all three


def decline_all(state):
    while state.view(None)["rights"]:
        right = state.view(None)["rights"][0]
        play(state, right["seat"], DeclineDolmen(circle=right["circle"]))


# ---- DG-8 ---------------------------------------------------------------------------------


def test_DG8_a_druid_keeps_a_circle_from_being_complete():
    state = position(
        2, stones={0: [15], 1: [16, 20]}, druids={0: [21, 60], 1: [61]}, stacks={SQUARE: [(1, 3)]}
    )
    circle = state.view(None)["circles"][SQUARE]
    assert (circle["filled"], circle["complete"]) == (3, False)
    idle(state, 0)
    idle(state, 1)
    assert state.view(None)["circles"][SQUARE]["stack"] == [{"owner": 1, "value": None}]

    declined = state.clone()
    play(declined, 0, Walk(from_place=21, to=26, stone=False))  # no stone: still not complete
    assert declined.view(None)["circles"][SQUARE]["scored"] is None

    events = play(state, 0, Walk(from_place=21, to=26, stone=True))  # 2:2 after 1's majority
    assert rights_in_view(state) == [(0, SQUARE, "bottom")]
    assert events_of(events, "circle_scored") == []  # rights are answered first
    events = answer(state, 0, SQUARE, 2)
    (scored,) = events_of(events, "circle_scored")
    assert [(d["owner"], d["value"], d["factor"], d["points"]) for d in scored.data["dolmens"]] == [
        (1, 3, 3, 9),
        (0, 2, 2, 4),
    ]
    assert state.view(None)["scores"] == [8, 13]
    assert state.view(None)["circles"][SQUARE]["stack"] == []


def test_DG8_one_stone_completing_several_circles_scores_them_in_circle_id_order():
    state = position(
        2,
        stones={0: [15, 11, 17, 27, 31, 25], 1: [16, 20, 12, 22, 26, 30]},
        druids={0: [21, 60], 1: [61]},
        lying=[21],  # every neighbour of 21 holds a stone: only a flight leaves it
        stacks={SQUARE: [(0, 4)], OCT: [(1, 2), (0, 1)], HEX: [(1, 3)]},
    )
    play(state, 0, Flight(from_place=21, to=77, stone=True))
    decline_all(state)
    view = state.view(None)
    assert [c["id"] for c in view["circles"] if c["scored"]] == [SQUARE, OCT, HEX]
    points = {c["id"]: [d["points"] for d in c["scored"]] for c in view["circles"] if c["scored"]}
    assert points == {SQUARE: [12], OCT: [10, 4], HEX: [12]}
    assert view["scores"] == [4 + 12 + 4, 4 + 10 + 12]


def test_DG8_scoring_events_come_in_circle_id_order_after_all_rights():
    state = position(
        2,
        stones={0: [15, 11, 17, 27, 31, 25], 1: [16, 20, 12, 22, 26, 30]},
        druids={0: [21, 60], 1: [61]},
        lying=[21],
        stacks={SQUARE: [(0, 4)], OCT: [(1, 2), (0, 1)], HEX: [(1, 3)]},
    )
    events = play(state, 0, Flight(from_place=21, to=77, stone=True))
    assert rights_in_view(state)  # this stone also makes dolmen rights
    while state.view(None)["rights"]:
        right = state.view(None)["rights"][0]
        assert events_of(events, "circle_scored") == []
        events = play(state, right["seat"], DeclineDolmen(circle=right["circle"]))
    assert [e.data["circle"] for e in events_of(events, "circle_scored")] == [SQUARE, OCT, HEX]


def test_DG8_a_short_stack_gives_its_top_dolmen_the_highest_factor():
    # Hexagon 9 (factors 4, 3, 2, 1) completed with one dolmen: 3 × 4.
    state = position(
        2,
        stones={0: [20, 26, 25], 1: [31, 30]},
        druids={1: [21], 0: [60]},
        stacks={HEX: [(0, 3)]},
        current=1,
    )
    walk_out(state, 1, 21)
    decline_all(state)
    circle = state.view(1)["circles"][HEX]
    assert [(d["owner"], d["value"], d["factor"], d["points"]) for d in circle["scored"]] == [
        (0, 3, 4, 12)
    ]


# ---- DG-9 ---------------------------------------------------------------------------------


def _full_board():
    druids = {0: [0, 1, 2], 1: [3, 5, 6]}
    taken = {p for ps in druids.values() for p in ps}
    rest = [p for p in range(78) if p not in taken]
    stones = {0: rest[0::2], 1: rest[1::2]}
    return position(2, stones=stones, druids=druids, lying=[0, 1, 2], stones_left=[3, 3])


def test_DG9_a_player_with_no_possible_turn_passes_and_it_counts_as_a_turn():
    state = _full_board()
    assert state.legal_actions(0) == [Pass()]
    events = play(state, 0, Pass())
    assert [e.type for e in events] == ["pass", "turn"]
    assert state.to_act() == [1]


def test_DG9_passing_is_refused_while_a_turn_is_possible():
    state = _full_board()
    play(state, 0, Pass())
    assert Pass() not in state.legal_actions(1)
    refuse(state, 1, Pass(), "Pass()", "has a possible turn", "DG-9")


# ---- DG-10 --------------------------------------------------------------------------------


def test_DG10_final_round_after_a_last_dolmen_placed_in_own_turn():
    # Hexagon 9: seat 0 at 20, seat 1 at 30; seat 0's stone on 31 makes 2:1 (top).
    state = position(
        3, stones={0: [20], 1: [30]}, druids={0: [31, 70], 1: [60], 2: [61]}, hands={0: {2: 1}}
    )
    walk_out(state, 0, 31)
    events = answer(state, 0, HEX, 2)
    (final,) = events_of(events, "final_round")
    assert final.data == {"started_by": 0, "turns": [1, 2]}
    assert state.view(None)["final_round"] == {"started_by": 0, "turns_left": [2]}
    assert state.to_act() == [1]
    idle(state, 1)
    assert state.to_act() == [2]
    events = idle(state, 2)
    assert state.is_over and state.view(None)["end_reason"] == "final_round_done"
    # The dolmen still on the board scores at the end: 2 × 4 on top of a hexagon.
    (scored,) = events_of(events, "circle_scored")
    assert scored.data["final"] is True and scored.data["dolmens"][0]["points"] == 8
    assert state.view(None)["final_scoring"] == [
        {"circle": HEX, "dolmens": [{"owner": 0, "value": 2, "factor": 4, "points": 8}]}
    ]
    assert state.scores() == [12, 4, 4]


def test_DG10_final_round_after_a_passive_last_dolmen_ends_with_the_current_player():
    # Seat 1 is active; its stone gives seat 0 a passive majority; seat 0 places its last.
    state = position(
        3,
        stones={0: [15, 16]},
        druids={1: [21, 70], 0: [60], 2: [61]},
        hands={0: {1: 1}},
        current=1,
    )
    walk_out(state, 1, 21)
    events = answer(state, 0, SQUARE, 1)
    assert events_of(events, "final_round")[0].data == {"started_by": 0, "turns": [2, 1]}
    order = []
    while not state.is_over:
        seat = state.to_act()[0]
        order.append(seat)
        idle(state, seat)
    assert order == [2, 1]


def test_DG10_only_the_first_player_to_place_their_last_dolmen_starts_the_final_round():
    state = position(
        3,
        stones={0: [20], 1: [30], 2: [60, 66]},
        druids={0: [31, 70], 1: [65, 71], 2: [61]},
        hands={0: {2: 1}, 2: {1: 1}},
    )
    walk_out(state, 0, 31)
    answer(state, 0, HEX, 2)  # final round: seats 1, 2
    assert state.to_act() == [1]
    walk_out(state, 1, 65)  # circle 25: seat 2 gets a passive majority and places its last
    assert rights_in_view(state) == [(2, 25, "top")]
    events = answer(state, 2, 25, 1)
    assert events_of(events, "final_round") == []
    assert state.view(None)["final_round"] == {"started_by": 0, "turns_left": []}
    assert state.to_act() == [2]
    idle(state, 2)
    assert state.is_over


def test_DG10_game_ends_at_once_when_every_stone_supply_is_empty_even_in_a_final_round():
    state = position(
        2,
        stones={0: [20], 1: [30]},
        druids={0: [31, 70], 1: [60]},
        hands={0: {2: 1}},
        stones_left=[1, 0],
    )
    walk_out(state, 0, 31)
    assert not state.is_over  # the right is answered first
    events = answer(state, 0, HEX, 2)
    assert events_of(events, "final_round")  # started, but ...
    assert state.is_over  # ... no stones are left: the game ends when the turn ends
    assert state.view(None)["end_reason"] == "stones_used_up"
    assert events[-1].type == "game_over"


def test_DG10_stones_end_is_checked_when_a_turn_ends_not_before():
    state = position(2, druids={0: [31], 1: [60, 61]}, stones_left=[1, 0])
    idle(state, 0)  # seat 0 still has a stone: the game goes on
    assert not state.is_over
    walk_out(state, 1, 60, stone=False)  # seat 1 has none: declining is free
    walk_out(state, 0, 31)
    assert state.is_over


@pytest.mark.parametrize(
    ("scores", "placed", "winners"),
    [
        ([12, 10], [0, 5], [0]),  # highest score
        ([10, 10], [3, 2], [0]),  # tie: most dolmens placed
        ([10, 10], [2, 4], [1]),
        ([10, 10], [2, 2], [0, 1]),  # still tied: shared
    ],
)
def test_DG10_winner_by_score_then_dolmens_placed_then_shared(scores, placed, winners):
    state = position(
        2, druids={0: [60], 1: [14]}, scores=scores, dolmens_placed=placed, stones_left=[1, 0]
    )
    events = walk_out(state, 0, 60)
    assert state.is_over
    assert state.winners() == winners
    assert events[-1].data["winners"] == winners
    assert state.view(1)["winners"] == winners


def test_DG10_all_dolmens_on_the_board_score_at_the_end_by_position():
    state = position(
        2,
        druids={0: [60], 1: [14]},
        stacks={HEX: [(0, 3), (1, 2)], 24: [(1, 4)]},
        stones_left=[1, 0],
    )
    events = walk_out(state, 0, 60)
    scored = events_of(events, "circle_scored")
    assert [e.data["circle"] for e in scored] == [HEX, 24]
    assert state.scores() == [4 + 12, 4 + 6 + 16]
    assert [f["circle"] for f in state.view(0)["final_scoring"]] == [HEX, 24]
