"""Refused actions: a clear message (the rule, the piece, the input with !r) and no change.

Each test compares the whole state byte for byte (``to_json``) before and after.
"""

import pytest

from engines.dolmengoetter import Flight, Herbs, PlaceDolmen, PlaceDruid, Walk

from .helpers import GAME, position, refuse, walk_out


def test_wrong_seat_is_refused_DG2():
    state = position(2, druids={0: [14], 1: [30]})
    refuse(
        state,
        1,
        Walk(from_place=30, to=25, stone=True),
        "not seat 1's turn",
        "waiting for seat 0",
        code="not_your_turn",
    )
    refuse(state, 7, Herbs(place=14), "no seat 7", code="unknown_seat")


def test_occupied_place_is_refused_DG3():
    state = position(2, stones={1: [19]}, druids={0: [14], 1: [9]})
    refuse(state, 0, Walk(from_place=14, to=19, stone=True), "stone place 19", "holds a stone")
    refuse(state, 0, Walk(from_place=14, to=9, stone=True), "stone place 9", "holds a druid")
    setup = GAME.new(2, seed=1, options={"start_player": 0})
    setup.apply(0, PlaceDruid(place=40))
    refuse(setup, 1, PlaceDruid(place=40), "PlaceDruid(place=40)", "stone place 40", "DG-2")


def test_jumping_a_stone_is_refused_DG3():
    state = position(2, stones={1: [9]}, druids={0: [14]})
    message = refuse(state, 0, Walk(from_place=14, to=4, stone=True), "DG-3")
    assert "Walk(from_place=14, to=4, stone=True)" in message
    assert "never over stones" in message


def test_flight_of_a_standing_druid_is_refused_DG4():
    state = position(2, druids={0: [14]})
    refuse(
        state,
        0,
        Flight(from_place=14, to=50, stone=True),
        "Flight(from_place=14, to=50, stone=True)",
        "druid on stone place 14 is standing",
        "DG-4",
    )


def test_declining_a_stone_at_score_1_is_refused_DG5():
    state = position(2, druids={0: [14]}, scores=[1, 7])
    refuse(state, 0, Walk(from_place=14, to=19, stone=False), "score 1", "DG-5")


def test_a_dolmen_value_the_player_does_not_hold_is_refused_DG7():
    state = position(
        2, stones={0: [15, 16]}, druids={1: [21], 0: [60]}, hands={0: {1: 3}}, current=1
    )
    walk_out(state, 1, 21)
    refuse(
        state,
        0,
        PlaceDolmen(circle=5, value=4),
        "PlaceDolmen(circle=5, value=4)",
        "no dolmen of value 4",
        "DG-7",
    )
    refuse(state, 0, {"type": "place_dolmen", "circle": 5, "value": 9}, "values are 1 to 4")


def test_acting_while_another_seat_must_answer_a_dolmen_right_is_refused_DG7():
    state = position(
        2, stones={0: [15, 16]}, druids={1: [21, 30], 0: [60]}, hands={0: {1: 3}}, current=1
    )
    walk_out(state, 1, 21)
    assert state.to_act() == [0]
    message = refuse(
        state,
        1,
        Herbs(place=30),
        "Herbs(place=30)",
        "seat 0 must first answer its dolmen right",
        "circle 5",
        "DG-7",
        code="not_your_turn",
    )
    assert "value" not in message  # nothing hidden in the message
    refuse(
        state, 1, PlaceDolmen(circle=5, value=1), "seat 0 must first answer", code="not_your_turn"
    )


def test_the_wrong_circle_or_no_right_at_all_is_refused_DG7():
    state = position(2, druids={0: [14]})
    refuse(state, 0, PlaceDolmen(circle=3, value=1), "no dolmen right to answer", "DG-7")


def test_unknown_places_are_refused():
    state = position(2, druids={0: [14]})
    refuse(state, 0, Herbs(place=99), "no stone place 99")
    refuse(state, 0, Walk(from_place=14, to=-1, stone=True), "no stone place -1")
    refuse(state, 0, Flight(from_place=200, to=3, stone=True), "no stone place 200")


@pytest.mark.parametrize(
    "payload",
    [
        {"type": "teleport", "place": 3},
        {"type": "walk", "from_place": 14},
        {"type": "herbs", "place": "fourteen"},
        {"type": "herbs", "place": 14, "extra": 1},
        {"type": "herbs", "place": True},
        {"type": "walk", "from_place": 14, "to": 19, "stone": "yes"},
        {"place": 14},
    ],
)
def test_malformed_actions_are_refused_with_bad_action(payload):
    state = position(2, druids={0: [14]})
    refuse(state, 0, payload, "malformed action", code="bad_action")


def test_nothing_is_accepted_after_the_game_is_over():
    state = position(2, druids={0: [60], 1: [14]}, stones_left=[1, 0])
    walk_out(state, 0, 60)
    assert state.is_over and state.to_act() == []
    refuse(state, 1, Herbs(place=14), "game is over", code="game_over")
