"""Wall geometry (DK-1..DK-6) and the rulebook's wall figures rebuilt on our board.

Figures are from the rulebook's section "Loops and New Ends" (Figs. 7-9; the text copy has
no page numbers). On this grid exact piece counts differ (RULES.md "Wall geometry"); each
test rebuilds the figure's intent: which section stays and which villages change side.
"""

from __future__ import annotations

import copy

import pytest

from engines.dschingis_khan import GAME, DschingisKhanGame, PlaceWall
from engines.dschingis_khan.board import Board

from .helpers import check_wall_view, line, lines, position, refuse, side, walls_along


def building(walls: int = 4, **kw):
    """Seat 0 is about to place ``walls`` walls; the scouts stand out of the way."""
    kw.setdefault("scouts", {0: 3, 1: 10})
    return position(walls={0: walls}, **kw)


def supply(state) -> int:
    return state.view(None)["walls"]["supply"]


# ---- DK-1 ---------------------------------------------------------------------------------


def test_dk1_start_wall_is_one_great_wall_between_the_red_side_towers():
    """DK-1: the 8 starting pieces, all open, form the Great Wall from tower 22 to tower 30."""
    view = GAME.new(2, seed=1).view(None)
    walls = view["walls"]
    assert walls["ends"] == {"west": 22, "east": 30}
    assert walls["great_wall"] == lines("22 23 24 25 26 27 28 29 30")
    assert all(p["open"] and p["great_wall"] for p in walls["pieces"])
    assert walls["supply"] == 20 and walls["out_of_game"] == 0
    check_wall_view(view)


def test_dk1_a_piece_off_the_great_wall_is_a_branch():
    state = building()
    walls_along(state, "26 17 16")
    view = state.view(None)
    flags = {p["line"]: p["great_wall"] for p in view["walls"]["pieces"]}
    assert flags[line("26 17")] is False and flags[line("17 16")] is False
    assert view["walls"]["great_wall"] == lines("22 23 24 25 26 27 28 29 30")
    check_wall_view(view)


# ---- DK-2 ---------------------------------------------------------------------------------


def test_dk2_new_piece_touching_the_wall_is_placed_open():
    state = building()
    (placed,) = walls_along(state, "26 35")
    assert placed["kind"] == "branch" and placed["removed"] == []
    piece = next(p for p in state.view(None)["walls"]["pieces"] if p["line"] == line("26 35"))
    assert piece["open"] is True


def test_dk2_piece_must_share_a_tower_with_the_wall():
    state = building()
    far = line("35 44")
    assert PlaceWall(line=far) not in state.legal_actions(0)
    refuse(state, 0, PlaceWall(line=far), "DK-2", f"line {far!r}", "share a tower")


def test_dk2_piece_cannot_go_on_an_occupied_line():
    state = building()
    taken = line("25 26")
    refuse(state, 0, PlaceWall(line=taken), "DK-2", f"line {taken!r}", "already holds")


def test_dk2_piece_cannot_stand_on_the_board_edge():
    """Border lines have no line id: only the 62 inner lines (0-61) take walls."""
    state = building()
    assert {a.line for a in state.legal_actions(0)} <= set(range(62))
    refuse(state, 0, PlaceWall(line=62), "DK-2", "no line 62", "edge")


# ---- DK-3: loops ---------------------------------------------------------------------------


def test_fig7_dk3_loop_longer_new_route_stays_and_the_land_inside_turns_chinese():
    """Fig. 7 (DK-3): a branch 25-16-17-18 closed onto the Great Wall at tower 27 makes a
    loop; the new route (4 pieces) beats the Great Wall section 25-26-27 (2 pieces), which
    goes back to the supply; villages 14 and 15 inside the loop turn from Mongolian to
    Chinese."""
    state = building()
    assert side(state, 14) == side(state, 15) == "mongolia"
    before = supply(state)
    placed = walls_along(state, "25 16 17 18 27")
    assert [p["kind"] for p in placed] == ["branch", "branch", "branch", "loop"]
    loop = placed[-1]
    assert loop["kept"] == "new"
    assert loop["old_section"] == sorted(lines("25 26 27"))
    assert loop["new_section"] == sorted(lines("25 16 17 18 27"))
    assert loop["removed"] == sorted(lines("25 26 27"))
    assert loop["sides_changed"] == [14, 15]
    assert side(state, 14) == side(state, 15) == "china"
    view = state.view(None)
    assert view["walls"]["great_wall"] == lines("22 23 24 25 16 17 18 27 28 29 30")
    assert supply(state) == before + 2
    check_wall_view(view)


def test_fig8_dk3_dk5_tie_removes_the_new_route_and_what_it_isolates():
    """Fig. 8 (DK-3, DK-5): the Great Wall bends 25-16-17; an opponent's branch 17-26-35 hangs
    below. Closing 25-26 makes a loop whose new route 25-26-17 (2 pieces, older branch piece
    included) ties the Great Wall section 25-16-17 (2 pieces): the new route goes, and the
    piece 26-35 it cut off goes too. Village 14 stays Chinese: the planned conversion is
    prevented."""
    state = building(great_wall="22 23 24 25 16 17 18 19 20 21", branches=["17 26 35"])
    assert side(state, 14) == "china"
    before = supply(state)
    (loop,) = walls_along(state, "25 26")
    assert loop["kind"] == "loop" and loop["kept"] == "old"
    assert loop["new_section"] == sorted([line("25 26"), line("26 17")])
    assert loop["old_section"] == sorted(lines("25 16 17"))
    assert loop["isolated"] == [line("26 35")]
    assert loop["removed"] == sorted([line("25 26"), line("26 17"), line("26 35")])
    assert loop["sides_changed"] == []
    assert side(state, 14) == "china"
    # DK-4a: the placed piece itself went straight back; 3 pieces return for 1 placed.
    assert supply(state) == before + 3
    check_wall_view(state.view(None))


def test_fig9_dk3_loop_off_the_great_wall_is_illegal():
    """Fig. 9 (DK-3): branches 26-17-18-9 and 17-8 hang off the Great Wall; a piece on 8-9
    would close a loop around village 7 with no Great Wall piece in it, so it may not be
    placed."""
    state = building(branches=["26 17 18 9", "17 8"])
    closing = line("8 9")
    assert PlaceWall(line=closing) not in state.legal_actions(0)
    refuse(state, 0, PlaceWall(line=closing), "DK-3", "Fig. 9", f"line {closing!r}")


def test_dk3_new_route_counts_older_branch_pieces_of_any_player():
    """DK-3: N is every piece of the cycle not on the Great Wall, whoever built it: seat 1's
    old branch 25-16-17-18 plus seat 0's closing piece make 4 against 2."""
    state = building(walls=1, branches=["25 16 17 18"])
    (loop,) = walls_along(state, "18 27")
    assert loop["new_section"] == sorted(lines("25 16 17 18 27"))
    assert loop["kept"] == "new"
    assert loop["removed"] == sorted(lines("25 26 27"))


def test_dk3_dk4a_shorter_new_route_is_removed_at_once_but_counts_as_placed():
    """DK-3/DK-4a: the Great Wall bumps 25-16-17-26; closing 25-26 (1 piece) loses to the
    3-piece section: the new piece goes back to the supply, and seat 0's wall is spent."""
    state = building(walls=2, great_wall="22 23 24 25 16 17 26 27 28 29 30")
    before = supply(state)
    (loop,) = walls_along(state, "25 26")
    assert loop["kept"] == "old" and loop["removed"] == [line("25 26")]
    view = state.view(None)
    assert view["players"][0]["walls"] == 1
    assert view["walls"]["supply"] == before + 1
    assert line("25 26") not in {p["line"] for p in view["walls"]["pieces"]}


# ---- DK-4: new ends ------------------------------------------------------------------------


def test_dk4_longer_path_to_a_new_side_tower_moves_the_end():
    """DK-4: 23-14-13 reaches west side tower 13: N (2) beats S = 22-23 (1); 13 becomes the
    west end and village 11 turns Chinese (its border line 13-22 is now on the south arc)."""
    state = building()
    assert side(state, 11) == "mongolia"
    placed = walls_along(state, "23 14 13")
    end = placed[-1]
    assert end["kind"] == "new_end" and end["kept"] == "new"
    assert end["new_end"] == {"west": 13}
    assert end["removed"] == [line("22 23")]
    assert end["sides_changed"] == [11]
    assert state.view(None)["walls"]["ends"] == {"west": 13, "east": 30}
    check_wall_view(state.view(None))


def test_dk4_shorter_path_to_a_side_tower_is_removed():
    """DK-4: the Great Wall ends 28-37-38-29-30; a piece 38-39 (1) loses to 38-29-30 (2)."""
    state = building(great_wall="22 23 24 25 26 27 28 37 38 29 30")
    (end,) = walls_along(state, "38 39")
    assert end["kind"] == "new_end" and end["kept"] == "old"
    assert end["removed"] == [line("38 39")] and end["new_end"] is None
    assert state.view(None)["walls"]["ends"]["east"] == 30


def test_dk4_tie_on_a_new_end_removes_the_new_path_with_its_older_branch_piece():
    """DK-4: the Great Wall ends 29-20-21; the branch 29-38 then 38-39 makes N = 29-38-39 (2)
    against S = 29-20-21 (2): a tie, so N goes, older branch piece included."""
    state = building(great_wall="22 23 24 25 26 27 28 29 20 21")
    placed = walls_along(state, "29 38 39")
    end = placed[-1]
    assert end["kind"] == "new_end" and end["kept"] == "old"
    assert end["new_section"] == sorted(lines("29 38 39"))
    assert end["old_section"] == sorted(lines("29 20 21"))
    assert end["removed"] == sorted(lines("29 38 39"))
    assert state.view(None)["walls"]["ends"] == {"west": 22, "east": 21}
    check_wall_view(state.view(None))


def test_dk4a_lost_piece_leaves_the_game_in_the_final_phase():
    """DK-4a/DK-5/DK-16: in the final phase a piece lost at once goes out of the game."""
    state = building(walls=2, great_wall="22 23 24 25 16 17 26 27 28 29 30", final=(0, 1))
    before = supply(state)
    (loop,) = walls_along(state, "25 26")
    assert loop["removed"] == [line("25 26")]
    walls = state.view(None)["walls"]
    assert walls["supply"] == before and walls["out_of_game"] == 1


# ---- DK-5 ----------------------------------------------------------------------------------


def test_dk5_isolated_branches_go_and_the_rest_keep_open_or_closed():
    """DK-5: the branch 26-35 hangs off the Great Wall section 25-26-27 that Fig. 7's loop
    removes; it is cut off and removed as well. The closed piece 22-23 stays closed."""
    state = building(branches=["26 35"], closed=[line("22 23")])
    before = supply(state)
    loop = walls_along(state, "25 16 17 18 27")[-1]
    assert loop["isolated"] == [line("26 35")]
    assert loop["removed"] == sorted([*lines("25 26 27"), line("26 35")])
    pieces = {p["line"]: p["open"] for p in state.view(None)["walls"]["pieces"]}
    assert pieces[line("22 23")] is False
    assert pieces[line("23 24")] is True
    assert supply(state) == before + 3


# ---- DK-6 ----------------------------------------------------------------------------------


def test_dk6_start_sides_follow_the_board():
    view = GAME.new(3, seed=2).view(None)
    mongolia = {v["id"] for v in view["villages"] if v["side"] == "mongolia"}
    assert mongolia == set(GAME.board.raw["initial_mongolia"])


def test_dk6_branches_never_change_sides_even_reaching_the_border():
    """DK-6: a branch 26-35-44 runs from the Great Wall to the board's edge; it splits China
    into two parts but every village keeps its side."""
    state = building()
    before = [v["side"] for v in state.view(None)["villages"]]
    placed = walls_along(state, "26 35 44")
    assert all(p["sides_changed"] == [] for p in placed)
    assert [v["side"] for v in state.view(None)["villages"]] == before
    check_wall_view(state.view(None))


def test_dk6_great_wall_through_a_border_tower_splits_a_side_into_parts():
    """DK-6: the Great Wall climbs to border tower 8 (17-8-9): village 7 below it is Chinese;
    villages 6 and 0, cut apart at tower 8, are both Mongolian (each has a north-arc border
    line)."""
    state = building(great_wall="22 23 24 25 16 17 8 9 18 19 28 29 30")
    assert side(state, 7) == "china"
    assert side(state, 6) == side(state, 0) == "mongolia"
    assert side(state, 14) == "china" and side(state, 13) == "mongolia"
    check_wall_view(state.view(None))


def test_dk6_north_arc_is_the_one_through_tower_1():
    """DK-6: with the ends at 13 and 39 the north arc runs 13-4-...-1-...-21-30-39, so
    village 26 (border 30-39) is Mongolian and village 11 (border 13-22) Chinese."""
    state = building(great_wall="13 14 23 24 25 26 27 28 37 38 39")
    assert side(state, 26) == "mongolia" and side(state, 11) == "china"
    assert side(state, 25) == "mongolia" and side(state, 33) == "china"
    check_wall_view(state.view(None))


# ---- DK-3..DK-5 in less common shapes -------------------------------------------------------


def test_dk3_new_route_joins_two_older_branches_off_different_great_wall_towers():
    """DK-3: the older branches 24-15-16 and 27-18-17 are joined by 16-17. N is the new
    piece with both older branches (5 pieces), S the Great Wall section 24-25-26-27 (3): N
    stays, S goes, and villages 13-15 inside the loop turn Chinese while 12 (west of
    24-15) and 16 (east of 18-27) stay Mongolian."""
    state = building(walls=1, branches=["24 15 16", "27 18 17"])
    (loop,) = walls_along(state, "16 17")
    assert loop["kind"] == "loop" and loop["kept"] == "new"
    assert loop["new_section"] == sorted(lines("24 15 16 17 18 27"))
    assert loop["old_section"] == sorted(lines("24 25 26 27"))
    assert loop["removed"] == sorted(lines("24 25 26 27"))
    assert loop["sides_changed"] == [13, 14, 15]
    assert side(state, 12) == side(state, 16) == "mongolia"
    check_wall_view(state.view(None))


def test_dk4_the_path_from_the_new_side_tower_meets_the_great_wall_far_from_the_end():
    """DK-4: the older branch 25-16-15-14 and the new piece 14-13 reach west side tower 13.
    a is tower 25, where the path from 13 first meets the Great Wall, so N = 13...25 (4
    pieces) and S = 22-23-24-25 (3). N stays: 13 is the new west end, S goes, and villages
    11-13 (now south of the wall) turn Chinese."""
    state = building(walls=1, branches=["25 16 15 14"])
    (end,) = walls_along(state, "14 13")
    assert end["kind"] == "new_end" and end["kept"] == "new"
    assert end["new_section"] == sorted(lines("25 16 15 14 13"))
    assert end["old_section"] == sorted(lines("22 23 24 25"))
    assert end["removed"] == sorted(lines("22 23 24 25"))
    assert end["new_end"] == {"west": 13}
    assert end["sides_changed"] == [11, 12, 13]
    view = state.view(None)
    assert view["walls"]["great_wall"] == lines("13 14 15 16 25 26 27 28 29 30")
    check_wall_view(view)


def test_dk4_dk5_a_lost_new_end_path_takes_the_branches_hanging_off_it():
    """DK-4/DK-5: the Great Wall ends 29-20-21; the older branch 29-38 carries a branch
    38-37. The piece 38-39 makes N = 29-38-39 (2) against S = 29-20-21 (2): a tie, so N
    goes, and 38-37, cut off with it, goes too; the closed piece 22-23 stays closed."""
    state = building(
        great_wall="22 23 24 25 26 27 28 29 20 21",
        branches=["29 38 37"],
        closed=[line("22 23")],
    )
    before = supply(state)
    (end,) = walls_along(state, "38 39")
    assert end["kind"] == "new_end" and end["kept"] == "old" and end["new_end"] is None
    assert end["isolated"] == [line("38 37")]
    assert end["removed"] == sorted([*lines("29 38 39"), line("38 37")])
    assert supply(state) == before + 3
    pieces = {p["line"]: p["open"] for p in state.view(None)["walls"]["pieces"]}
    assert pieces[line("22 23")] is False
    check_wall_view(state.view(None))


def test_dk4_a_piece_beyond_the_end_tower_to_a_non_side_tower_is_a_branch():
    """DK-1/DK-4 on a board whose border tower 11 is an east side tower with two inner
    lines (on the shipped board every side tower has one, so an end takes no second piece):
    29-20-11 reaches 11, N (2) beats S = 29-30 (1) and 11 is the new east end; a piece from
    the end tower 11 on to tower 10 (not a side tower) is a branch and changes nothing."""
    board = copy.deepcopy(GAME.board.raw)
    board["towers"][11]["side"] = "east"
    game = DschingisKhanGame(Board.from_json(board))
    state = position(walls={0: 3}, scouts={0: 3, 1: 30}, game=game)
    end = walls_along(state, "29 20 11")[-1]
    assert end["kind"] == "new_end" and end["new_end"] == {"east": 11}
    before = state.view(None)
    (beyond,) = walls_along(state, "11 10")
    assert beyond["kind"] == "branch" and beyond["removed"] == []
    after = state.view(None)
    assert after["walls"]["ends"] == {"west": 22, "east": 11}
    assert after["walls"]["great_wall"] == before["walls"]["great_wall"]
    assert [v["side"] for v in after["villages"]] == [v["side"] for v in before["villages"]]
    flags = {p["line"]: p["great_wall"] for p in after["walls"]["pieces"]}
    assert flags[line("11 10")] is False


def test_dk1_dk4_positions_are_checked_like_saved_games():
    """A position (or saved game) breaking DK-1 or DK-4 is refused with the ruling: pieces
    off the tree, a cycle, or a branch left on a side tower (reaching one moves an end or
    is removed at once)."""
    for bad, ruling in (
        ({"branches": ["35 44"]}, "DK-1"),
        ({"branches": ["25 16 17 26"]}, "DK-1"),
        ({"great_wall": "22 23 24 25 26 27 28 29 20 21", "branches": ["29 30"]}, "DK-4"),
    ):
        with pytest.raises(ValueError, match=ruling):
            position(**bad)


def test_dk6_a_part_cut_off_at_a_border_tower_next_to_an_end_is_classed_by_its_border():
    """DK-6: the Great Wall runs 28-19-10-11-20-29-30 through border tower 11. Villages 10
    and 18, east of it, form a part of their own whose border lines (11-12-21-30) lie on the
    north arc: Mongolian. Villages 9 and 17, inside the bend and open to the south: Chinese.
    Village 2, north of 10-11, and 16, west of the bend, stay Mongolian."""
    state = building(great_wall="22 23 24 25 26 27 28 19 10 11 20 29 30")
    assert side(state, 10) == side(state, 18) == "mongolia"
    assert side(state, 9) == side(state, 17) == "china"
    assert side(state, 2) == side(state, 16) == "mongolia"
    check_wall_view(state.view(None))


def test_dk2_dk3_legal_lines_kept_up_to_date_match_a_fresh_wall_in_random_games():
    """The wall keeps its legal lines up to date piece by piece; a wall rebuilt from the same
    pieces (nothing carried over) offers exactly the same lines after every placement."""
    from engines.core import Rng
    from engines.dschingis_khan.walls import Wall

    for seed in range(8):
        state = GAME.new(2 + seed % 3, seed)
        rng = Rng(seed)
        while not state.is_over:
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            fresh = Wall.from_json(state.board, state.wall.to_json())
            assert state.wall.legal_lines() == fresh.legal_lines()
