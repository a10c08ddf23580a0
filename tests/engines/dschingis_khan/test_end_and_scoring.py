"""The final phase (DK-16) and scoring with plague and ginseng (DK-17)."""

from __future__ import annotations

from engines.core import Rng
from engines.dschingis_khan import PlaceWall, TakeTile, TakeWall

from .helpers import line, play, position, walls_along


def play_out(state, seed: int = 0) -> list:
    """Random legal actions to the end; every event as a spectator sees it."""
    rng = Rng(seed)
    seen = []
    while not state.is_over:
        seen += [
            e.view(None) for e in play(state, rng.choice(state.legal_actions(state.to_act()[0])))
        ]
    return seen


def test_dk16_wall_supply_and_a_passive_supply_empty_start_the_final_round():
    """DK-16: seat 0 takes the last wall while its passive supply is empty: the final phase
    begins; seat 0 finishes its turn, seats 1 and 2 play once, seat 0 plays last."""
    state = position(
        3, phase="take", takes=0, supply=1, passive={0: ""}, scouts={0: 3, 1: 10, 2: 30}
    )
    assert state.legal_actions(0) == [TakeWall()]
    events = play(state, TakeWall())
    assert [e.view(None) for e in events if e.type == "final_phase"] == [
        {"type": "final_phase", "seat": 0}
    ]
    assert state.view(None)["final"] == {"active": True, "trigger": 0, "turns_after_current": 3}
    seen = play_out(state)
    assert [e["seat"] for e in seen if e["type"] == "turn"] == [1, 2, 0]
    assert seen[-1]["type"] == "game_over"
    assert state.view(None)["final"]["turns_after_current"] == 0


def test_dk16_two_empty_passive_supplies_start_it_too():
    state = position(phase="take", takes=0, passive={0: "F", 1: ""}, scouts={0: 3, 1: 10})
    events = play(state, TakeTile())
    assert "final_phase" in [e.type for e in events]
    assert state.view(None)["final"]["trigger"] == 0


def test_dk16_one_empty_supply_is_not_enough():
    state = position(phase="take", takes=0, supply=1, scouts={0: 3, 1: 10})
    events = play(state, TakeWall())
    assert "final_phase" not in [e.type for e in events]
    assert state.view(None)["final"] == {
        "active": False,
        "trigger": None,
        "turns_after_current": None,
    }


def test_dk16_walls_removed_from_the_moment_it_begins_leave_the_game():
    """DK-16/DK-5: seat 0 empties the wall supply (its passive is empty) and in the same turn
    closes Fig. 7's loop: the 2 removed pieces leave the game, the supply stays empty."""
    state = position(
        phase="take",
        takes=0,
        supply=2,
        walls={0: 2},
        branches=["25 16 17"],
        passive={0: ""},
        scouts={0: 3, 1: 10},
    )
    play(state, TakeWall())
    play(state, TakeWall())
    assert state.view(None)["final"]["active"]
    loop = walls_along(state, "17 18 27")[-1]
    assert loop["removed"] == sorted(map(line, ("25 26", "26 27")))
    assert loop["removed_to"] == "out_of_game"
    walls = state.view(None)["walls"]
    assert (walls["supply"], walls["out_of_game"]) == (0, 2)


def test_dk16_a_refilled_wall_supply_does_not_cancel_the_final_phase():
    """The final phase began when two passive supplies were empty; the wall supply is full
    and seat 0 has taken from it: the round still ends the game on time."""
    state = position(
        3,
        final=(2, 2),
        supply=6,
        passive={1: "", 2: ""},
        phase="take",
        takes=0,
        turn=0,
        scouts={0: 3, 1: 10, 2: 30},
    )
    play(state, TakeWall())
    assert state.view(None)["final"] == {"active": True, "trigger": 2, "turns_after_current": 2}
    seen = play_out(state, seed=3)
    assert [e["seat"] for e in seen if e["type"] == "turn"] == [1, 2]
    assert state.is_over


# ---- DK-17 ---------------------------------------------------------------------------------


def scoring_position(**stacks):
    """Seat 0 plays the very last turn of the game: one wall to place."""
    return position(
        stacks={int(k[1:]): v for k, v in stacks.items()},
        walls={0: 1},
        scouts={0: 30, 1: 31},
        final=(0, 0),
    )


def test_dk17_scoring_with_plague_ginseng_both_and_neither():
    state = scoring_position(
        v3="0M 0C 0F",  # Mongolia, neither: +3 -3 +3 = 3 for seat 0
        v20="1C 1M 0F",  # China, neither: +3 -3 +3 = 3 for seat 0 (whose tiles: no matter)
        v4="0M 0P 1F",  # plague only: -3 0 -3 = -6 for seat 1
        v5="1C 1G 1F",  # ginseng only: +3 0 +1 = 4 for seat 1
        v12="1P 0G 1C 0M",  # both cancel: 0 0 -3 +3 = 0 for seat 0
        v21="0C 1F 0C",  # China, neither: +3 +3 +3 = 9 for seat 0
    )
    events = play(state, PlaceWall(line=line("26 35")))
    assert state.is_over and events[-1].type == "game_over"
    view = state.view(None)
    points = {v["village"]: (v["controller"], v["points"]) for v in view["scoring"]["villages"]}
    assert points[3] == (0, 3) and points[20] == (0, 3) and points[21] == (0, 9)
    assert points[4] == (1, -6) and points[5] == (1, 4) and points[12] == (0, 0)
    assert points[0] == (None, 0)
    assert view["scores"] == [15, -2] and view["winners"] == [0]
    assert state.scores() == [15, -2] and state.winners() == [0]
    village = next(v for v in view["scoring"]["villages"] if v["village"] == 12)
    assert village["plague"] and village["ginseng"]
    assert village["faces"] == ["plague", "ginseng", "chinese", "mongolian"]


def test_dk17_ties_share_the_win():
    state = scoring_position(v3="0F", v4="1F")
    play(state, PlaceWall(line=line("26 35")))
    assert state.scores() == [3, 3] and state.winners() == [0, 1]


def test_dk17_scores_follow_the_side_at_the_end():
    """A Chinese warrior in village 14 scores +3 once Fig. 7's loop turns it Chinese."""
    state = scoring_position(v14="1C")
    state.active_walls[0] = 4
    walls_along(state, "25 16 17 18 27")
    assert state.is_over
    assert state.scores() == [0, 3]


def test_dk17_several_plagues_or_ginsengs_count_as_one_and_any_of_both_cancel():
    """DK-17: two plagues and no ginseng: every warrior and farmer -3; two ginsengs and no
    plague: warriors +3, farmers +1; two plagues with one ginseng cancel: warriors by side.
    Plague and ginseng tiles themselves score 0 each time."""
    state = position(
        4,
        stacks={
            20: "0P 1P 0C",  # China, plagues only: -3 for seat 0
            21: "2G 3G 2F 3C",  # China, ginsengs only: +1 +3 = 4 for seat 3
            3: "2P 3P 0G 1C",  # Mongolia, both: Chinese on the wrong side -3 for seat 1
        },
        walls={0: 1},
        scouts={0: 30, 1: 31, 2: 32, 3: 33},
        final=(0, 0),
    )
    play(state, PlaceWall(line=line("26 35")))
    assert state.is_over
    points = {v["village"]: v["points"] for v in state.view(None)["scoring"]["villages"]}
    assert (points[20], points[21], points[3]) == (-3, 4, -3)
    assert state.scores() == [-3, -3, 0, 4] and state.winners() == [3]


def test_dk16_the_player_emptying_the_second_supply_triggers_it_and_still_takes_a_second():
    """DK-16/DK-8: seat 2's passive supply is already empty; seat 0 takes the last wall and
    so triggers the final phase at that moment (seat 0, not seat 2, plays last); seat 0
    still takes its second piece, a tile, and finishes the turn."""
    state = position(
        3, phase="take", takes=0, supply=1, passive={2: ""}, scouts={0: 3, 1: 10, 2: 30}
    )
    events = play(state, TakeWall())
    assert [e.view(None) for e in events if e.type == "final_phase"] == [
        {"type": "final_phase", "seat": 0}
    ]
    assert state.legal_actions(0) == [TakeTile()]
    play(state, TakeTile())
    assert state.view(0)["players"][0]["tiles"] == 1
    seen = play_out(state, seed=5)
    assert [e["seat"] for e in seen if e["type"] == "turn"] == [1, 2, 0]
    assert state.is_over
