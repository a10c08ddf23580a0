"""DG-3 (walk), DG-4 (herbs and flight) and DG-5 (stone or penalty)."""

import pytest

from engines.dolmengoetter import Flight, Herbs, Walk

from .helpers import events_of, play, position, refuse


def walk_targets(state, seat, place):
    return sorted(
        {a.to for a in state.legal_actions(seat) if isinstance(a, Walk) and a.from_place == place}
    )


# ---- DG-3 walk ---------------------------------------------------------------------------


def test_DG3_walk_to_neighbouring_free_places_including_the_rune_link():
    state = position(2, druids={0: [14]})
    assert walk_targets(state, 0, 14) == [9, 18, 19]  # 18: same rune, opposite edge (DG-1)


def test_DG3_walk_jumps_a_druid_of_any_colour_and_continues_over_rune_links():
    # 9's neighbours are 4, 10, 13 (rune) and 14.
    state = position(2, druids={0: [14], 1: [9]})
    assert walk_targets(state, 0, 14) == [4, 10, 13, 18, 19]


def test_DG3_walk_jumps_a_row_of_druids_standing_and_lying_and_may_turn():
    # 14 → 19 → 24 is a row; at 24 the path may turn to 25 or 28 (rune) or go on to 29.
    state = position(3, druids={0: [14], 1: [19], 2: [24]}, lying=[19])
    assert walk_targets(state, 0, 14) == [9, 18, 23, 25, 28, 29]


def test_DG3_stones_cannot_be_jumped():
    state = position(2, stones={1: [9]}, druids={0: [14]})
    assert walk_targets(state, 0, 14) == [18, 19]
    refuse(
        state,
        0,
        Walk(from_place=14, to=4, stone=True),
        "Walk(",
        "stone place 4 cannot be reached from 14",
        "never over stones",
        "DG-3",
    )


def test_DG3_free_places_cannot_be_jumped():
    state = position(2, druids={0: [14]})
    assert 4 not in walk_targets(state, 0, 14)  # 9 is free: no jump over it


def test_DG3_walk_leaves_the_start_place_and_never_ends_on_an_occupied_place():
    state = position(2, stones={1: [18]}, druids={0: [14], 1: [9]})
    targets = walk_targets(state, 0, 14)
    assert 14 not in targets and 18 not in targets and 9 not in targets
    refuse(state, 0, Walk(from_place=14, to=14, stone=True), "cannot stay", "DG-3")
    refuse(state, 0, Walk(from_place=14, to=18, stone=True), "holds a stone of seat 1", "DG-3")
    refuse(state, 0, Walk(from_place=14, to=9, stone=True), "holds a druid of seat 1", "DG-3")


def test_DG3_a_lying_druid_may_walk_and_stands_up():
    state = position(2, druids={0: [14]}, lying=[14])
    play(state, 0, Walk(from_place=14, to=19, stone=True))
    place = state.view(None)["places"][19]
    assert (place["druid"], place["lying"]) == (0, False)


def test_DG3_only_own_druids_walk():
    state = position(2, druids={0: [14], 1: [30]})
    refuse(
        state, 0, Walk(from_place=30, to=25, stone=True), "seat 0 has no druid on stone place 30"
    )


# ---- DG-4 herbs and flight ---------------------------------------------------------------


def test_DG4_herbs_lays_a_standing_druid_down_and_ends_the_turn():
    state = position(2, druids={0: [14], 1: [30]})
    events = play(state, 0, Herbs(place=14))
    assert state.view(1)["places"][14]["lying"] is True
    assert [e.type for e in events] == ["herbs", "turn"]
    assert state.to_act() == [1]


def test_DG4_a_lying_druid_cannot_collect_herbs_again():
    state = position(2, druids={0: [14]}, lying=[14])
    assert Herbs(place=14) not in state.legal_actions(0)
    refuse(state, 0, Herbs(place=14), "Herbs(", "already lies", "DG-4")


def test_DG4_flight_takes_a_lying_druid_to_any_free_place_and_it_stands_up():
    state = position(2, stones={1: [9, 19]}, druids={0: [14], 1: [70]}, lying=[14])
    flights = {a.to for a in state.legal_actions(0) if isinstance(a, Flight)}
    assert flights == set(range(78)) - {9, 19, 14, 70}
    play(state, 0, Flight(from_place=14, to=77, stone=True))
    view = state.view(None)
    assert (view["places"][77]["druid"], view["places"][77]["lying"]) == (0, False)
    assert view["places"][14]["stone"] == 0


def test_DG4_a_standing_druid_cannot_take_flight():
    state = position(2, druids={0: [14]})
    assert not any(isinstance(a, Flight) for a in state.legal_actions(0))
    refuse(
        state,
        0,
        Flight(from_place=14, to=60, stone=True),
        "Flight(",
        "druid on stone place 14 is standing",
        "DG-4",
    )


def test_DG4_flight_needs_a_free_destination():
    state = position(2, stones={1: [60]}, druids={0: [14]}, lying=[14])
    refuse(state, 0, Flight(from_place=14, to=60, stone=True), "holds a stone", "DG-4")


# ---- DG-5 stone or penalty ---------------------------------------------------------------


@pytest.mark.parametrize("move", ["walk", "flight"])
def test_DG5_stone_goes_on_the_place_just_left(move):
    state = position(2, druids={0: [14]}, lying=[14] if move == "flight" else [])
    cls = Walk if move == "walk" else Flight
    events = play(state, 0, cls(from_place=14, to=19, stone=True))
    view = state.view(None)
    assert view["places"][14]["stone"] == 0
    assert view["players"][0]["stones_left"] == 15
    assert [e.data for e in events_of(events, "stone_placed")] == [
        {"seat": 0, "place": 14, "stones_left": 15}
    ]


@pytest.mark.parametrize("move", ["walk", "flight"])
def test_DG5_declining_the_stone_costs_one_point(move):
    state = position(2, druids={0: [14]}, lying=[14] if move == "flight" else [])
    cls = Walk if move == "walk" else Flight
    events = play(state, 0, cls(from_place=14, to=19, stone=False))
    view = state.view(None)
    assert view["places"][14]["stone"] is None
    assert view["scores"] == [3, 4]
    assert view["players"][0]["stones_left"] == 16
    assert events_of(events, "stone_declined")[0].data["penalty"] == 1


def test_DG5_declining_is_not_allowed_at_score_1():
    state = position(2, druids={0: [14]}, scores=[1, 4])
    walks = [a for a in state.legal_actions(0) if isinstance(a, Walk)]
    assert walks and all(a.stone for a in walks)
    refuse(
        state,
        0,
        Walk(from_place=14, to=19, stone=False),
        "Walk(from_place=14, to=19, stone=False)",
        "score 1",
        "may not decline the stone on stone place 14",
        "DG-5",
    )


def test_DG5_with_no_stones_left_declining_is_free_even_at_score_1():
    state = position(2, druids={0: [14]}, scores=[1, 4], stones_left=[0, 5])
    walks = [a for a in state.legal_actions(0) if isinstance(a, Walk)]
    assert walks and not any(a.stone for a in walks)
    events = play(state, 0, Walk(from_place=14, to=19, stone=False))
    assert state.view(None)["scores"] == [1, 4]
    assert events_of(events, "stone_declined")[0].data["penalty"] == 0
    state = position(2, druids={0: [14]}, stones_left=[0, 5])
    refuse(state, 0, Walk(from_place=14, to=19, stone=True), "no stones left", "DG-5")
