"""Setup, supplies, the turn, scout steps and control (DK-7..DK-13)."""

from __future__ import annotations

from collections import Counter

from engines.dschingis_khan import (
    GAME,
    DiscardTiles,
    Pass,
    PlaceScout,
    PlaceWall,
    RescueScout,
    Setup,
    Step,
    TakeTile,
    TakeWall,
)

from .helpers import line, lines, play, position, refuse, step, walls_along

# ---- DK-7: setup ---------------------------------------------------------------------------


def test_dk7_setup_in_seat_order_from_the_start_player_then_two_walls_and_two_tiles_each():
    state = GAME.new(3, seed=4, options={"start_player": 1})
    order = []
    while state.view(None)["turn"]["phase"] == "setup":
        seat = state.to_act()[0]
        order.append(seat)
        mine = state.view(seat)["players"][seat]
        assert mine["tiles"] == 2 and len(mine["faces"]) == 2 and mine["passive"] == 15
        action = state.legal_actions(seat)[0]
        assert sorted(action.faces) == sorted(mine["faces"])
        play(state, action)
    assert order == [1, 2, 0]
    view = state.view(None)
    assert view["turn"] == {
        "seat": 1,
        "phase": "take",
        "takes": 0,
        "committed": None,
        "steps": 0,
        "visited": [],
        "setups_done": 3,
    }
    assert view["walls"]["supply"] == 20 - 3 * 2
    for p in view["players"]:
        assert (p["walls"], p["tiles"], p["passive"]) == (2, 2, 13)
        assert p["scout"] is not None
    placed = Counter(layer["owner"] for v in view["villages"] for layer in v["stack"])
    assert placed == {0: 2, 1: 2, 2: 2}


def test_dk7_setup_goes_on_two_free_neighbours_with_no_wall_between_and_the_scout_on_one():
    state = GAME.new(2, seed=9, options={"start_player": 0})
    actions = state.legal_actions(0)
    assert all(isinstance(a, Setup) for a in actions)
    geo = GAME.board
    free_pairs = {
        tuple(sorted(geo.line_villages[ln]))
        for ln in range(geo.num_lines)
        if ln not in GAME.board.raw["initial_wall"]
    }
    assert {a.villages for a in actions} == free_pairs
    assert (14, 22) not in free_pairs  # across the Great Wall
    assert all(a.scout in a.villages for a in actions)
    first = next(a for a in actions if a.villages == (14, 15))
    events = play(state, first)
    assert events[0].view(0)["faces"] == list(first.faces)
    assert "faces" not in events[0].view(1)
    # The next seat cannot use villages with a tile or a scout.
    used = set(first.villages)
    assert all(not used & set(a.villages) for a in state.legal_actions(1))


def test_dk7_start_player_is_random_by_default_and_fixed_by_the_seed():
    starts = {GAME.new(4, seed=s).to_act()[0] for s in range(40)}
    assert starts == {0, 1, 2, 3}
    assert GAME.new(4, seed=7).to_act() == GAME.new(4, seed=7).to_act()


# ---- DK-8: taking supplies -----------------------------------------------------------------


def test_dk8_one_piece_at_a_time_and_a_drawn_tile_is_seen_before_the_second_choice():
    state = position(phase="take", takes=0, scouts={0: 3, 1: 10})
    assert state.legal_actions(0) == [TakeWall(), TakeTile()]
    events = play(state, TakeTile())
    face = events[0].view(0)["faces"][0]
    assert "faces" not in events[0].view(1) and "faces" not in events[0].view(None)
    view = state.view(0)
    assert view["players"][0]["faces"] == [face]
    assert view["turn"]["phase"] == "take" and view["turn"]["takes"] == 1
    assert state.legal_actions(0) == [TakeWall(), TakeTile()]
    play(state, TakeWall())
    view = state.view(0)
    assert view["turn"]["phase"] == "place"
    assert (view["players"][0]["walls"], view["players"][0]["tiles"]) == (1, 1)


def test_dk8_at_most_four_tiles_and_four_walls_in_the_active_supply():
    state = position(phase="take", takes=0, tiles={0: "CCFM"}, scouts={0: 3, 1: 10})
    assert state.legal_actions(0) == [TakeWall()]
    state = position(phase="take", takes=0, walls={0: 4}, scouts={0: 3, 1: 10})
    assert state.legal_actions(0) == [TakeTile()]


def test_dk8_if_two_cannot_be_taken_take_what_can():
    state = position(phase="take", takes=0, tiles={0: "CCFM"}, walls={0: 3}, scouts={0: 3})
    play(state, TakeWall())
    assert state.view(0)["turn"]["phase"] == "place"
    assert state.view(0)["turn"]["takes"] == 1


# ---- DK-9: placing one type ----------------------------------------------------------------


def test_dk9_first_wall_commits_the_turn_to_walls_and_all_walls_are_placed():
    state = position(walls={0: 2}, tiles={0: "CF"}, scouts={0: 14, 1: 3})
    kinds = {type(a) for a in state.legal_actions(0)}
    assert kinds == {PlaceWall, Step}
    play(state, PlaceWall(line=line("26 35")))
    assert {type(a) for a in state.legal_actions(0)} == {PlaceWall}
    assert state.view(None)["turn"]["committed"] == "walls"
    refuse(state, 0, Step(to=13, tile="chinese"), "DK-9", "walls")
    play(state, PlaceWall(line=line("35 44")))
    assert state.to_act() == [1]
    assert state.view(0)["players"][0]["faces"] == ["chinese", "farmer"]


def test_dk9_first_step_commits_the_turn_to_tiles():
    state = position(walls={0: 2}, tiles={0: "CF"}, scouts={0: 14, 1: 3})
    step(state, 13, "chinese")
    assert {type(a) for a in state.legal_actions(0)} == {Step}
    assert state.view(None)["turn"]["committed"] == "tiles"
    refuse(state, 0, PlaceWall(line=line("26 35")), "DK-9", "tiles")
    step(state, 12, "farmer")
    assert state.to_act() == [1]
    assert state.view(0)["players"][0]["walls"] == 2


def test_dk9_only_a_type_the_player_holds_can_be_chosen():
    state = position(tiles={0: "CF"}, scouts={0: 14, 1: 3})
    assert {type(a) for a in state.legal_actions(0)} == {Step}
    refuse(state, 0, PlaceWall(line=line("26 35")), "DK-9", "no wall")


def test_dk9_a_player_with_nothing_to_place_passes_by_itself():
    """DK-9: seat 1 holds nothing and can take nothing (wall supply and its passive supply
    empty): its turn passes on its own and seat 0 plays again."""
    state = position(walls={0: 1}, scouts={0: 14, 1: 3}, supply=0, passive={1: ""}, final=(0, 2))
    events = play(state, PlaceWall(line=line("26 35")))
    kinds = [e.type for e in events]
    assert kinds[-3:] == ["turn", "pass", "turn"]
    assert events[-2].view(None) == {"type": "pass", "seat": 1}
    assert state.to_act() == [0]


def test_dk9_blocked_scout_with_nothing_to_place_may_be_rescued_or_pass():
    state = position(
        branches=["26 17 8 9"], closed=[line("8 9")], stacks={0: "0F"}, scouts={0: 0, 1: 1}
    )
    assert state.legal_actions(0) == [RescueScout(), Pass()]
    events = play(state, Pass())
    assert events[0].view(None) == {"type": "pass", "seat": 0}
    assert state.to_act() == [1]


def test_dk9_rescue_takes_the_blocked_scout_off_as_the_whole_turn():
    state = position(
        branches=["26 17 8 9"],
        closed=[line("8 9")],
        stacks={0: "0F"},
        scouts={0: 0, 1: 1},
        walls={0: 1},
        tiles={0: "C"},
    )
    assert set(state.legal_actions(0)) >= {RescueScout(), DiscardTiles()}
    play(state, RescueScout())
    view = state.view(None)
    assert view["players"][0]["scout"] is None and view["villages"][0]["scout"] is None
    assert (view["players"][0]["walls"], view["players"][0]["tiles"]) == (1, 1)
    assert state.to_act() == [1]


# ---- DK-10: scout steps --------------------------------------------------------------------


def test_dk10_tracks_lead_to_neighbours_with_no_piece_between():
    state = position(tiles={0: "C"}, scouts={0: 14, 1: 3})
    tracks = {a.to for a in state.legal_actions(0) if a.via == ()}
    assert tracks == {6, 13, 15}  # 22 lies across the Great Wall


def test_dk10_a_branch_blocks_a_track_like_any_piece():
    state = position(tiles={0: "C"}, scouts={0: 14, 1: 3}, branches=["25 16 7"], closed=[4])
    assert line("16 7") == 4
    tracks = {a.to for a in state.legal_actions(0) if a.via == ()}
    assert tracks == {6, 15}
    refuse(state, 0, Step(to=13, tile="chinese"), "DK-10", "line 18")


def test_dk10_through_an_open_gate_which_then_closes():
    state = position(tiles={0: "CF"}, scouts={0: 14, 1: 3})
    gate = line("25 26")
    events = step(state, 22, "chinese", gate)
    assert events[0].view(None)["closed"] == [gate]
    pieces = {p["line"]: p["open"] for p in state.view(None)["walls"]["pieces"]}
    assert pieces[gate] is False
    assert state.view(None)["villages"][22]["scout"] == 0


def test_dk10_a_closed_gate_cannot_be_passed():
    gate = line("25 26")
    state = position(tiles={0: "C"}, scouts={0: 14, 1: 3}, closed=[gate])
    assert Step(to=22, tile="chinese", via=(gate,)) not in state.legal_actions(0)
    refuse(state, 0, Step(to=22, tile="chinese", via=(gate,)), "DK-10", "closed", repr(gate))


def test_dk10_along_the_wall_over_closed_pieces_and_with_both_pieces_at_the_village():
    """DK-10 (c): climb at an open piece next to the village, walk along any pieces (here all
    others are closed), descend at another open piece; both may border the start village."""
    top, right = line("25 26"), line("26 35")
    closed = [ln for ln in lines("22 23 24 25 26 27 28 29 30") if ln != top]
    state = position(tiles={0: "C"}, scouts={0: 22, 1: 3}, branches=["26 35"], closed=closed)
    along = {(a.to, a.via) for a in state.legal_actions(0) if len(a.via) == 2}
    assert along == {(14, (right, top)), (23, (top, right))}
    step(state, 23, "chinese", top, right)
    pieces = {p["line"]: p["open"] for p in state.view(None)["walls"]["pieces"]}
    assert not any(pieces.values())


def test_dk10_the_step_names_the_pieces_since_they_are_closed():
    """Two routes to the same village close different pieces: both are offered."""
    state = position(tiles={0: "C"}, scouts={0: 22, 1: 3}, branches=["26 35"])
    routes = {a.via for a in state.legal_actions(0) if a.to == 16}
    assert routes == {(line("25 26"), line("27 28")), (line("26 35"), line("27 28"))}


def test_dk10_never_onto_a_scout_back_to_the_start_or_twice_in_a_turn():
    state = position(tiles={0: "CFM"}, scouts={0: 14, 1: 13})
    assert 13 not in {a.to for a in state.legal_actions(0)}
    step(state, 15, "chinese")
    assert 14 not in {a.to for a in state.legal_actions(0)}
    step(state, 7, "farmer")
    assert not {14, 15, 13} & {a.to for a in state.legal_actions(0)}
    refuse(state, 0, Step(to=15, tile="mongolian"), "DK-10", "15", "already visited")
    refuse(state, 0, Step(to=14, tile="mongolian"), "DK-10", "14", "started")


def test_dk10_the_tile_placed_is_one_the_player_holds():
    state = position(tiles={0: "CF"}, scouts={0: 14, 1: 3})
    assert {a.tile for a in state.legal_actions(0)} == {"chinese", "farmer"}
    refuse(state, 0, Step(to=15, tile="ginseng"), "DK-10", "'ginseng'")


# ---- DK-11: discards -----------------------------------------------------------------------


def test_dk11_scout_blocked_mid_turn_discards_the_remaining_tiles():
    """Village 0's only ways out are the start village 1 and the closed piece 8-9."""
    state = position(
        tiles={0: "CF"}, branches=["26 17 8 9"], closed=[line("8 9")], scouts={0: 1, 1: 10}
    )
    events = step(state, 0, "chinese")
    discard = next(e for e in events if e.type == "discard")
    assert discard.view(1) == {"type": "discard", "seat": 0, "count": 1}
    assert discard.view(0)["faces"] == ["farmer"]
    assert state.to_act() == [1]
    view0, view1 = state.view(0), state.view(1)
    assert view0["players"][0]["discarded"] == ["farmer"]
    assert view1["players"][0]["discarded"] is None and view1["players"][0]["discards"] == 1
    assert view0["players"][0]["tiles"] == 0


def test_dk11_choosing_tiles_with_a_blocked_scout_discards_them_all():
    state = position(
        tiles={0: "CFP"},
        branches=["26 17 8 9"],
        closed=[line("8 9")],
        stacks={0: "0M"},
        scouts={0: 0, 1: 1},
    )
    assert state.legal_actions(0) == [DiscardTiles(), RescueScout()]
    play(state, DiscardTiles())
    assert state.view(0)["players"][0]["discarded"] == ["chinese", "farmer", "plague"]
    assert state.view(None)["players"][0]["discards"] == 3
    assert state.to_act() == [1]


# ---- DK-12: putting the scout back ---------------------------------------------------------


def blocked_corner(**kw):
    """Seat 0's scout is off the board; seat 1's scout on village 1 and the closed piece 8-9
    leave village 0 without a step."""
    return position(
        phase="scout",
        takes=0,
        branches=["26 17 8 9"],
        closed=[line("8 9")],
        scouts={1: 1},
        **kw,
    )


def test_dk12_scout_goes_back_on_an_own_village_from_which_it_can_step():
    state = blocked_corner(stacks={0: "0F", 5: "1C 0C", 20: "0M 1M"})
    assert state.legal_actions(0) == [PlaceScout(village=5)]
    refuse(state, 0, PlaceScout(village=0), "DK-12", "control", "village 0")
    play(state, PlaceScout(village=5))
    view = state.view(None)
    assert view["villages"][5]["scout"] == 0 and view["turn"]["phase"] == "take"


def test_dk12_else_on_a_village_with_no_tile_and_no_scout():
    state = blocked_corner(stacks={0: "0F", 2: "1C"})
    spots = [a.village for a in state.legal_actions(0)]
    assert spots == [v for v in range(38) if v not in (0, 1, 2)]


def test_dk12_else_on_any_village_without_a_scout():
    stacks = {v: f"{1 + v % 3}F" for v in range(15)}
    stacks.update({v: f"{1 + v % 3}C" for v in range(15, 30)})
    stacks.update({v: f"{1 + v % 3}M" for v in range(30, 38)})
    state = position(4, phase="scout", takes=0, stacks=stacks, scouts={1: 1, 2: 20})
    spots = [a.village for a in state.legal_actions(0)]
    assert spots == [v for v in range(38) if v not in (1, 20)]


def test_dk12_scout_is_placed_first_at_the_start_of_the_next_turn():
    state = position(
        branches=["26 17 8 9"],
        closed=[line("8 9")],
        stacks={0: "0F", 9: "0M"},
        scouts={0: 0, 1: 1},
        walls={1: 1},
    )
    play(state, RescueScout())
    play(state, TakeWall())
    play(state, TakeWall())
    walls_along(state, "27 36 45")
    walls_along(state, "28 37")
    assert state.to_act() == [0]
    assert state.view(None)["turn"]["phase"] == "scout"
    refuse(state, 0, TakeTile(), "DK-12")
    assert state.legal_actions(0) == [PlaceScout(village=9)]


# ---- DK-13: control ------------------------------------------------------------------------


def test_dk13_the_top_tile_owner_controls_the_village():
    state = position(tiles={0: "C"}, stacks={15: "0F 1M"}, scouts={0: 14, 1: 3})
    assert state.view(None)["villages"][15]["controller"] == 1
    step(state, 15, "chinese")
    assert state.view(None)["villages"][15]["controller"] == 0
    assert [layer["owner"] for layer in state.view(None)["villages"][15]["stack"]] == [0, 1, 0]


def test_dk10_climb_and_descend_are_two_distinct_pieces():
    """DK-10 (c): the only open piece is 25-26, next to the scout's village 22: the scout
    may pass its gate to 14, but not climb and descend at that one piece."""
    gate = line("25 26")
    closed = [ln for ln in lines("22 23 24 25 26 27 28 29 30") if ln != gate]
    state = position(tiles={0: "C"}, scouts={0: 22, 1: 3}, closed=closed)
    offered = {(a.to, a.via) for a in state.legal_actions(0)}
    assert (14, (gate,)) in offered
    assert not [via for _, via in offered if len(via) == 2]
    refuse(state, 0, Step(to=14, tile="chinese", via=(gate, gate)), "DK-10", "distinct")


def test_dk10_along_the_wall_never_into_a_visited_village():
    """DK-10: after stepping 14 -> 22 through the gate 25-26, the walk along the wall from
    22 (up at 26-35) may not come down into 14 (the start) or 22, only elsewhere."""
    state = position(tiles={0: "CF"}, scouts={0: 14, 1: 3}, branches=["26 35"])
    step(state, 22, "chinese", line("25 26"))
    along = {a.to for a in state.legal_actions(0) if len(a.via) == 2}
    assert along and not along & {14, 22}
    assert 23 in along  # down at 26-35's other side, next to the climb
    refuse(state, 0, Step(to=14, tile="farmer", via=(line("26 35"), line("24 25"))), "DK-10", "14")
