"""DG-6 (majority, equalizer, majority again, passive majority) and DG-7 (answering rights)."""

from engines.dolmengoetter import DeclineDolmen, PlaceDolmen, Walk
from engines.dolmengoetter.rules import has_majority, majority_holder

from .helpers import (
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

SQUARE = 5  # places 15, 16, 21, 20
OCT = 6  # places 16, 11, 12, 17, 22, 27, 26, 21
HEX = 9  # places 20, 21, 26, 31, 30, 25
# Place 21 belongs to all three.


# ---- DG-6 ---------------------------------------------------------------------------------


def test_DG6_majority_needs_two_colours_and_more_than_each_other_colour():
    assert majority_holder([2, 0, 0]) is None  # one colour alone is no majority
    assert majority_holder([1, 1, 0]) is None
    assert majority_holder([2, 1, 0]) == 0
    assert majority_holder([2, 2, 1]) is None  # relative majority over every other colour
    assert majority_holder([1, 3, 2]) == 1  # relative, not absolute (3 of 6)
    assert has_majority([0, 2, 1], 1) and not has_majority([0, 2, 1], 2)


def test_DG6_two_stones_of_different_colours_give_no_right():
    """Rulebook 2.3: with only 2 stones of different colours there is no equalizer."""
    state = position(2, stones={0: [15]}, druids={1: [16], 0: [60]}, current=1)
    walk_out(state, 1, 16)
    assert rights_in_view(state) == []
    assert state.to_act() == [0]


def test_DG6_passive_majority_goes_to_the_other_colour_on_top():
    """Rulebook 3.3: Red alone with 2 stones; Yellow's stone gives Red the majority."""
    state = position(2, stones={0: [15, 16]}, druids={1: [21], 0: [60]}, current=1)
    events = walk_out(state, 1, 21)
    assert rights_in_view(state) == [(0, SQUARE, "top")]
    assert [e.data for e in events_of(events, "dolmen_right")] == [
        {"seat": 0, "circle": SQUARE, "position": "top"}
    ]
    assert state.to_act() == [0]  # the passive right is answered now, in Yellow's turn
    answer(state, 0, SQUARE, 3)
    assert stack_owners(state, SQUARE) == [0]
    assert state.to_act() == [0]  # then the turn passes on from Yellow: to Red (DG-7)


def test_DG7_answering_a_right_is_not_a_turn_so_the_turn_stays_with_the_stones_player():
    """DG-7: while Red answers the passive right Yellow's stone gave, Red acts and the turn
    is still Yellow's (``turn_holder``, what bots count turns by); then it is Red's."""
    state = position(2, stones={0: [15, 16]}, druids={1: [21], 0: [60]}, current=1)
    assert state.turn_holder() == 1
    walk_out(state, 1, 21)
    assert state.to_act() == [0]
    assert state.turn_holder() == 1
    answer(state, 0, SQUARE, 3)
    assert state.to_act() == [0]
    assert state.turn_holder() == 0


def test_DG6_one_stone_creates_rights_in_every_circle_of_its_place():
    # Square: 0 at 15 vs 1 at 16 → 0's stone on 21 makes 2:1, a majority (top).
    # Hexagon: 0 at 26 vs 1 at 31 → 2:1, a majority (top).
    # Octagon: 1 at 16, 11 had the majority over 0 at 26 → 2:2, 0 equalizes (bottom).
    state = position(
        2, stones={0: [15, 26], 1: [16, 31, 11]}, druids={0: [21], 1: [60]}, stacks={OCT: [(1, 2)]}
    )
    walk_out(state, 0, 21)
    assert rights_in_view(state) == [(0, SQUARE, "top"), (0, OCT, "bottom"), (0, HEX, "top")]
    answer(state, 0, SQUARE, 1)
    answer(state, 0, OCT, 2)
    answer(state, 0, HEX, None)
    assert stack_owners(state, SQUARE) == [0]
    assert stack_owners(state, OCT) == [1, 0]
    assert stack_owners(state, HEX) == []
    assert state.to_act() == [1]


def test_DG6_equalizer_after_an_earlier_majority_even_if_no_dolmen_was_built():
    # Hexagon 9: seat 0 had the majority 2:1 (its dolmen right declined: empty stack).
    state = position(2, stones={0: [20, 26], 1: [30]}, druids={1: [31], 0: [60]}, current=1)
    assert state.view(None)["circles"][HEX]["ever_majority"] is True
    walk_out(state, 1, 31)  # 2:2: seat 1 equalizes
    assert rights_in_view(state) == [(1, HEX, "bottom")]
    answer(state, 1, HEX, 2)  # on an empty stack, bottom and top are the same
    assert stack_owners(state, HEX) == [1]


def test_DG6_a_tie_without_any_earlier_majority_gives_nothing():
    state = position(3, stones={0: [20], 1: [30]}, druids={2: [31], 0: [60], 1: [61]}, current=2)
    assert state.view(None)["circles"][HEX]["ever_majority"] is False
    walk_out(state, 2, 31)  # 1:1:1
    assert rights_in_view(state) == []
    assert state.view(None)["circles"][HEX]["ever_majority"] is False


def test_DG6_a_majority_that_persists_gives_nothing_new():
    state = position(
        3, stones={0: [20, 26], 2: [25]}, druids={1: [31], 0: [60], 2: [61]}, current=1
    )
    walk_out(state, 1, 31)  # 2:1:1, still seat 0's majority
    assert rights_in_view(state) == []


def test_DG6_majority_again_after_a_tie_goes_on_top():
    # Hexagon 9: 0 at 20, 26; 1 at 30, 31 → tie after an earlier majority (stack: 0 on top).
    state = position(
        2,
        stones={0: [20, 26], 1: [30, 31]},
        druids={1: [25], 0: [60]},
        stacks={HEX: [(0, 2)]},
        current=1,
    )
    walk_out(state, 1, 25)  # 3:2 for seat 1
    assert (1, HEX, "top") in rights_in_view(state)


# ---- DG-7 ---------------------------------------------------------------------------------


def test_DG7_rights_are_answered_active_player_first_then_clockwise_then_by_circle():
    # Seat 1 puts a stone on 21: seat 0 gets a passive majority in the square (15, 16),
    # seat 2 a passive majority in the hexagon (26, 31) and seat 1 a majority in the octagon.
    state = position(
        3,
        stones={0: [15, 16], 2: [26, 31], 1: [11]},
        druids={1: [21], 0: [60], 2: [61]},
        current=1,
    )
    walk_out(state, 1, 21)
    assert rights_in_view(state) == [(1, OCT, "top"), (2, HEX, "top"), (0, SQUARE, "top")]
    order = []
    while state.view(None)["rights"]:
        seat = state.to_act()[0]
        order.append(seat)
        play(state, seat, DeclineDolmen(circle=state.view(None)["rights"][0]["circle"]))
    assert order == [1, 2, 0]
    # Answering is not a turn: the next turn is the seat after the active player.
    assert state.to_act() == [2]
    assert state.view(None)["current"] == 2


def test_DG7_legal_answers_are_the_values_held_or_declining():
    state = position(
        2,
        stones={0: [15, 16]},
        druids={1: [21], 0: [60]},
        hands={0: {4: 1, 1: 2}},
        current=1,
    )
    walk_out(state, 1, 21)
    assert set(state.legal_actions(0)) == {
        PlaceDolmen(circle=SQUARE, value=1),
        PlaceDolmen(circle=SQUARE, value=4),
        DeclineDolmen(circle=SQUARE),
    }
    refuse(
        state,
        0,
        PlaceDolmen(circle=SQUARE, value=3),
        "PlaceDolmen(circle=5, value=3)",
        "holds no dolmen of value 3",
        "DG-7",
    )
    refuse(state, 0, PlaceDolmen(circle=9, value=1), "in circle 5, not circle 9", "DG-7")
    refuse(state, 0, Walk(from_place=60, to=55, stone=True), "must first answer", "DG-7")
    answer(state, 0, SQUARE, 4)
    view = state.view(0)
    assert view["players"][0]["hand"] == {"1": 2, "2": 0, "3": 0, "4": 0}
    assert view["players"][0]["dolmens_placed"] == 1


def test_DG7_declining_a_dolmen_has_no_consequence():
    state = position(2, stones={0: [15, 16]}, druids={1: [21], 0: [60]}, current=1)
    walk_out(state, 1, 21)
    events = answer(state, 0, SQUARE, None)
    view = state.view(0)
    assert events_of(events, "dolmen_declined")[0].data == {"seat": 0, "circle": SQUARE}
    assert view["scores"] == [4, 4]
    assert view["players"][0]["dolmens_left"] == 13
    assert stack_owners(state, SQUARE) == []


def test_DG7_a_right_lapses_when_the_stack_is_full():
    state = position(
        2,
        stones={0: [15, 16]},
        druids={1: [21], 0: [60]},
        stacks={SQUARE: [(1, 1), (1, 2)]},  # a square holds 2 dolmens
        current=1,
    )
    events = walk_out(state, 1, 21)
    assert rights_in_view(state) == []
    assert [e.data for e in events_of(events, "dolmen_right_lapsed")] == [
        {"seat": 0, "circle": SQUARE, "reason": "stack_full"}
    ]
    assert state.to_act() == [0]  # the next turn


def test_DG7_a_right_lapses_when_its_owner_has_no_dolmen_left():
    state = position(2, stones={0: [15, 16]}, druids={1: [21], 0: [60]}, hands={0: {}}, current=1)
    events = walk_out(state, 1, 21)
    assert [e.data["reason"] for e in events_of(events, "dolmen_right_lapsed")] == [
        "no_dolmens_left"
    ]


def test_DG7_a_later_right_lapses_when_an_earlier_answer_used_the_last_dolmen():
    state = position(
        2,
        stones={0: [15, 26], 1: [16, 31, 11]},
        druids={0: [21], 1: [60]},
        hands={0: {2: 1}},
    )
    walk_out(state, 0, 21)
    assert rights_in_view(state)[0] == (0, SQUARE, "top")
    events = answer(state, 0, SQUARE, 2)
    lapsed = [
        (e.data["circle"], e.data["reason"]) for e in events_of(events, "dolmen_right_lapsed")
    ]
    assert lapsed == [(OCT, "no_dolmens_left"), (HEX, "no_dolmens_left")]


def test_DG7_dolmen_values_are_hidden_from_other_seats_in_events_and_views():
    state = position(3, stones={0: [15, 16]}, druids={1: [21], 0: [60], 2: [61]}, current=1)
    walk_out(state, 1, 21)
    (placed,) = events_of(answer(state, 0, SQUARE, 3), "dolmen_placed")
    assert placed.view(0)["value"] == 3
    for seat in (1, 2, None):
        assert "value" not in placed.view(seat)
        assert placed.view(seat)["position"] == "top"
    assert state.view(0)["circles"][SQUARE]["stack"] == [{"owner": 0, "value": 3}]
    for seat in (1, 2, None):
        assert state.view(seat)["circles"][SQUARE]["stack"] == [{"owner": 0, "value": None}]


def test_DG7_herbs_turn_in_between_does_not_carry_rights_over():
    state = position(2, stones={0: [15, 16]}, druids={1: [21, 30], 0: [60]}, current=1)
    walk_out(state, 1, 21)
    answer(state, 0, SQUARE, None)
    idle(state, 0)
    assert rights_in_view(state) == []
    assert state.to_act() == [1]
