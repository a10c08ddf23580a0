"""The rulebook's "Example of the Start of a Game" (Figs. 10-12), rebuilt on our board.

Seat 0 is Green, seat 1 Red, seat 2 Blue. The Great Wall starts straight along towers
22-30 (see helpers.py for the board picture).
"""

from __future__ import annotations

from engines.dschingis_khan import PlaceWall, Step, TakeTile, TakeWall

from .helpers import check_wall_view, line, lines, play, position, side, step, walls_along


def test_fig10_green_scouts_through_a_gate_and_along_the_wall():
    """Fig. 10 (DK-8, DK-9, DK-10, DK-13, DK-15): Green holds plague and Mongolian, takes a
    tile (a Chinese warrior) and a wall, and decides to place tiles. He puts the plague on
    empty village 14 next to an open wall, goes through the gate 25-26 to put the Mongolian
    on village 22 (the gate closes), then climbs at the open branch piece 26-35, walks along
    the wall and descends at 27-28. Village 24 below holds Red's scout, so he descends into
    village 16 with Red's other tile, takes control of it and sees that tile. The pieces
    used to climb and descend are closed."""
    state = position(
        3,
        branches=["26 35"],
        stacks={13: "0F", 24: "1C", 16: "1C"},
        scouts={0: 13, 1: 24, 2: 3},
        tiles={0: "PM"},
        passive={0: "CCC"},
        phase="take",
        takes=0,
    )
    play(state, TakeTile())
    play(state, TakeWall())
    assert state.view(0)["players"][0]["faces"] == ["plague", "mongolian", "chinese"]
    assert {type(a) for a in state.legal_actions(0)} == {PlaceWall, Step}
    gate, climb, descend = line("25 26"), line("26 35"), line("27 28")
    step(state, 14, "plague")
    step(state, 22, "mongolian", gate)
    red_scout = Step(to=24, tile="chinese", via=(climb, descend))
    assert red_scout not in state.legal_actions(0)
    assert Step(to=16, tile="chinese", via=(climb, descend)) in state.legal_actions(0)
    events = step(state, 16, "chinese", climb, descend)
    assert events[0].view(0)["closed"] == [climb, descend]
    view = state.view(0)
    pieces = {p["line"]: p["open"] for p in view["walls"]["pieces"]}
    assert pieces[gate] is False and pieces[climb] is False and pieces[descend] is False
    assert view["villages"][16]["controller"] == 0
    assert [layer["face"] for layer in view["villages"][16]["stack"]] == ["chinese", "chinese"]
    # Red's other tile (village 24) stays hidden from Green; Red does not see Green's tiles.
    assert view["villages"][24]["stack"][0]["face"] is None
    assert state.view(1)["villages"][14]["stack"][0]["face"] is None
    assert "tile" not in events[0].view(1)
    # All three tiles are placed: the turn passed to Red.
    assert state.to_act() == [1] and view["players"][0]["tiles"] == 0
    assert view["players"][0]["walls"] == 1  # the wall taken stays in the active supply


def test_fig11_red_walls_in_greens_village_with_a_loop_of_three():
    """Fig. 11 (DK-8, DK-3): Green's Chinese warrior sits in Chinese village 23 just below the
    Great Wall piece 26-27. Red takes a wall and a tile and now has three walls; he places
    them 26-35-36-27 around the village: the new route (3) beats the 1-piece section, which
    is removed; village 23 becomes Mongolian, and Green's warrior now stands on the wrong
    side."""
    state = position(
        3,
        stacks={23: "0C"},
        scouts={0: 23, 1: 3, 2: 10},
        walls={1: 2},
        turn=1,
        phase="take",
        takes=0,
    )
    play(state, TakeWall())
    play(state, TakeTile())
    assert state.view(1)["players"][1]["walls"] == 3
    assert side(state, 23) == "china"
    assert state.village_scores()[23].points == 3
    loop = walls_along(state, "26 35 36 27")[-1]
    assert loop["kind"] == "loop" and loop["kept"] == "new"
    assert loop["removed"] == [line("26 27")]
    assert loop["sides_changed"] == [23]
    assert side(state, 23) == "mongolia"
    assert state.village_scores()[23].points == -3
    assert state.to_act() == [2] and state.view(1)["players"][1]["walls"] == 0
    check_wall_view(state.view(None))


def test_fig12_blue_relocates_the_east_end_and_two_villages_turn_mongolian():
    """Fig. 12 (DK-8, DK-4): Blue placed two Mongolians in China (villages 25, 26). He takes
    two walls and builds 28-37-38-39 down to the east side tower 39: the new section (3
    pieces) is longer than the end section 28-29-30 (2), which is removed; 39 is the new
    east end and both villages become Mongolian, so Blue's Mongolians now score."""
    state = position(
        3,
        stacks={25: "2M", 26: "2M"},
        scouts={0: 3, 1: 10, 2: 25},
        walls={2: 1},
        turn=2,
        phase="take",
        takes=0,
    )
    play(state, TakeWall())
    play(state, TakeWall())
    assert side(state, 25) == side(state, 26) == "china"
    assert [state.village_scores()[v].points for v in (25, 26)] == [-3, -3]
    placed = walls_along(state, "28 37 38 39")
    end = placed[-1]
    assert end["kind"] == "new_end" and end["kept"] == "new"
    assert end["new_end"] == {"east": 39}
    assert end["removed"] == sorted(lines("28 29 30"))
    assert end["sides_changed"] == [25, 26]
    assert [state.village_scores()[v].points for v in (25, 26)] == [3, 3]
    view = state.view(None)
    assert view["walls"]["ends"] == {"west": 22, "east": 39}
    assert view["walls"]["great_wall"] == lines("22 23 24 25 26 27 28 37 38 39")
    check_wall_view(view)
