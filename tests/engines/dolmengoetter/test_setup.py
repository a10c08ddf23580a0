"""DG-1 (the board) and DG-2 (supplies, druid placement, who starts)."""

import json
from pathlib import Path

import pytest

from engines.dolmengoetter import PlaceDruid, Walk
from engines.dolmengoetter.constants import SUPPLIES

from .helpers import GAME, events_of, place_druids, play, position, refuse

SHARED_BOARD = Path("/work/shared/boards/dolmengoetter.json")


def test_DG1_board_has_78_places_and_28_circles_of_the_right_shapes():
    board = GAME.board
    assert board.num_places == 78
    shapes = board.circle_shapes
    assert (shapes.count("octagon"), shapes.count("hexagon"), shapes.count("square")) == (6, 16, 6)
    for c, places in enumerate(board.circle_places):
        size = {"octagon": 8, "hexagon": 6, "square": 4}[shapes[c]]
        assert len(places) == len(set(places)) == size
        assert len(board.factors[c]) == board.max_dolmens[c]
    assert all(1 <= len(cs) <= 3 for cs in board.place_circles)
    for place in board.raw["places"]:
        assert tuple(sorted(place["circles"])) == board.place_circles[place["id"]]


@pytest.mark.skipif(not SHARED_BOARD.exists(), reason="shared board reference not present")
def test_DG1_shipped_board_is_the_reference_board():
    shipped = json.loads(SHARED_BOARD.read_text(encoding="utf-8"))
    assert GAME.board.raw == shipped


def test_DG1_neighbours_join_paths_and_rune_links_both_ways():
    nb = GAME.board.neighbours
    assert all(a in nb[b] for a in range(78) for b in nb[a])
    assert nb[14] == (9, 18, 19)  # 18: the same rune on the opposite edge
    # Each of the 4 corners links to the other three (vertical, horizontal, diagonal).
    for corner in (4, 8, 69, 73):
        assert {4, 8, 69, 73} - {corner} <= set(nb[corner])


# The rulebook's set-up table: stones, dolmens, and dolmens of value 4, 3, 2, 1.
SETUP_TABLE = {
    2: (16, 13, {"4": 1, "3": 3, "2": 4, "1": 5}),
    3: (13, 10, {"4": 1, "3": 2, "2": 3, "1": 4}),
    4: (12, 9, {"4": 1, "3": 1, "2": 3, "1": 4}),
    5: (10, 7, {"4": 1, "3": 1, "2": 2, "1": 3}),
}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_DG2_supplies_per_player_count(players):
    stones, dolmens, split = SETUP_TABLE[players]
    state = GAME.new(players, seed=5)
    for seat in range(players):
        view = state.view(seat)
        assert view["scores"] == [4] * players
        for p in view["players"]:
            assert (p["stones_left"], p["dolmens_left"], p["druids_to_place"]) == (
                stones,
                dolmens,
                3,
            )
        assert view["players"][seat]["hand"] == split
    assert SUPPLIES[players].stones == stones


def test_DG2_druids_are_placed_one_at_a_time_in_seat_order_from_the_start_player():
    state = GAME.new(3, seed=9, options={"start_player": 2})
    order = []
    for place in range(9):
        seat = state.to_act()[0]
        order.append(seat)
        play(state, seat, PlaceDruid(place=place * 7))
    assert order == [2, 0, 1] * 3
    view = state.view(None)
    assert view["phase"] == "turn"
    assert state.to_act() == [2]  # the start player takes the first turn
    assert [p["druids_to_place"] for p in view["players"]] == [0, 0, 0]
    assert sum(1 for p in view["places"] if p["druid"] is not None) == 9


def test_DG2_druids_go_only_on_free_places():
    state = GAME.new(2, seed=1, options={"start_player": 0})
    play(state, 0, PlaceDruid(place=30))
    refuse(state, 1, PlaceDruid(place=30), "stone place 30", "druid of seat 0", "DG-2")
    refuse(state, 1, PlaceDruid(place=78), "no stone place 78")
    assert PlaceDruid(place=30) not in state.legal_actions(1)
    assert len(state.legal_actions(1)) == 77


def test_DG2_no_turn_before_all_druids_are_placed():
    state = GAME.new(2, seed=1, options={"start_player": 0})
    place_druids(state, [0, 1])
    refuse(state, 0, Walk(from_place=0, to=4, stone=True), "druids are still being placed", "DG-2")


def test_DG2_random_start_player_by_default_and_fixed_by_seed():
    starts = {GAME.new(4, seed=s).view(None)["start_player"] for s in range(40)}
    assert starts == {0, 1, 2, 3}
    assert GAME.new(4, seed=11).to_json() == GAME.new(4, seed=11).to_json()


def test_DG2_setup_ends_with_a_turn_event_for_the_start_player():
    state = GAME.new(2, seed=1, options={"start_player": 1})
    place_druids(state, [0, 1, 2, 3, 5])
    events = play(state, 0, PlaceDruid(place=6))
    assert [e.data for e in events_of(events, "turn")] == [{"seat": 1}]


@pytest.mark.parametrize("players", [1, 6])
def test_DG2_two_to_five_players(players):
    from engines.core import IllegalAction

    with pytest.raises(IllegalAction, match="2 to 5 players"):
        GAME.new(players, seed=1)


def test_position_builder_rejects_impossible_positions():
    with pytest.raises(ValueError, match="used twice"):
        position(2, stones={0: [14]}, druids={1: [14]})
    with pytest.raises(ValueError, match="complete"):
        position(2, stones={0: [15, 16], 1: [20, 21]}, stacks={5: [(0, 1)]})
    with pytest.raises(ValueError, match="more stones"):
        position(2, stones={0: list(range(17))})
    state = position(2, stones={0: [15, 16], 1: [20, 21]})
    assert state.view(None)["circles"][5]["scored"] == []  # complete: already scored
