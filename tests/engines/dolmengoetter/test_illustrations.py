"""The rulebook's worked examples, replayed move by move through legal_actions / apply.

Illustration 1 (rulebook, "2.2–2.4 Majority, Equalizer, Majority again"): who may place
which dolmen where in one octagon. Illustration 3 (rulebook, "3. Scoring"): an octagon
stack 4, 2, 1, 3, 4 from the top scores 20, 8, 3, 6, 4.
"""

from engines.dolmengoetter import DeclineDolmen, PlaceDolmen

from .helpers import (
    GAME,
    answer,
    events_of,
    idle,
    place_druids,
    play,
    rights_in_view,
    stack_owners,
    walk_out,
)

OCTAGON = 4
"""Circle 4, places 14, 9, 10, 15, 20, 25, 24, 19. Each of its places shares at most two
of them with any other circle, so no other circle can reach a majority here."""
RED, YELLOW, BLUE = 0, 1, 2


def test_board_octagon_used_by_the_illustrations():
    assert GAME.board.circle_shapes[OCTAGON] == "octagon"
    assert GAME.board.factors[OCTAGON] == (5, 4, 3, 2, 1, 0)


def _expect_right(state, seat, position):
    """Only ``seat`` may act now, with a dolmen of any value it holds, on top or bottom."""
    assert rights_in_view(state) == [(seat, OCTAGON, position)]
    assert state.to_act() == [seat]
    assert set(state.legal_actions(seat)) == {
        *(PlaceDolmen(circle=OCTAGON, value=v) for v in (1, 2, 3, 4)),
        DeclineDolmen(circle=OCTAGON),
    }
    for other in {RED, YELLOW, BLUE} - {seat}:
        assert state.legal_actions(other) == []


def _expect_no_right(state, next_seat):
    assert rights_in_view(state) == []
    assert state.to_act() == [next_seat]


def test_illustration_1_majority_equalizer_majority_again_DG6_DG7():
    """Illustration 1: R, Y, B, Y (Yellow majority: top), R (equalizer: under), B (equalizer:
    under Red), B (majority again: top), R on the last place (equalizer: bottom)."""
    state = GAME.new(3, seed=1, options={"start_player": RED})
    # Druids in seat order: Red on 14, 15, 24; Yellow on 9, 20 (+60); Blue on 10, 25, 19.
    place_druids(state, [14, 9, 10, 15, 20, 25, 24, 60, 19])

    walk_out(state, RED, 14)  # Red's first stone: no majority yet
    _expect_no_right(state, YELLOW)
    walk_out(state, YELLOW, 9)  # Yellow: no majority yet
    _expect_no_right(state, BLUE)
    walk_out(state, BLUE, 10)  # Blue: no majority yet (1-1-1)
    _expect_no_right(state, RED)
    idle(state, RED)

    walk_out(state, YELLOW, 20)  # Yellow 2, Red 1, Blue 1: Yellow has the majority
    _expect_right(state, YELLOW, "top")
    answer(state, YELLOW, OCTAGON, 2)
    assert stack_owners(state, OCTAGON) == [YELLOW]
    idle(state, BLUE)

    walk_out(state, RED, 15)  # Red equalizes: under the yellow dolmen
    _expect_right(state, RED, "bottom")
    answer(state, RED, OCTAGON, 1)
    assert stack_owners(state, OCTAGON) == [YELLOW, RED]
    idle(state, YELLOW)

    walk_out(state, BLUE, 25)  # Blue also equalizes (2-2-2): under the red dolmen
    _expect_right(state, BLUE, "bottom")
    answer(state, BLUE, OCTAGON, 3)
    assert stack_owners(state, OCTAGON) == [YELLOW, RED, BLUE]
    idle(state, RED)
    idle(state, YELLOW)

    walk_out(state, BLUE, 19)  # Blue 3: majority again, on top of the batch
    _expect_right(state, BLUE, "top")
    answer(state, BLUE, OCTAGON, 1)
    assert stack_owners(state, OCTAGON) == [BLUE, YELLOW, RED, BLUE]

    events = walk_out(state, RED, 24)  # the last free place: Red equalizes, bottom
    _expect_right(state, RED, "bottom")
    assert events_of(events, "circle_scored") == []  # rights first, then scoring (DG-8)
    events = answer(state, RED, OCTAGON, 2)
    (scored,) = events_of(events, "circle_scored")
    rows = [(d["owner"], d["value"], d["factor"], d["points"]) for d in scored.data["dolmens"]]
    # The circle is complete: the batch scores by position from the top (DG-8).
    assert rows == [
        (BLUE, 1, 5, 5),
        (YELLOW, 2, 4, 8),
        (RED, 1, 3, 3),
        (BLUE, 3, 2, 6),
        (RED, 2, 1, 2),
    ]
    assert state.view(None)["scores"] == [4 + 3 + 2, 4 + 8, 4 + 5 + 6]


def test_illustration_1_extension_of_a_majority_gives_no_dolmen_DG6():
    """Rulebook 2.4: placing a stone where one already has the majority allows no dolmen."""
    state = GAME.new(3, seed=1, options={"start_player": RED})
    place_druids(state, [14, 9, 10, 15, 20, 25, 24, 60, 19])
    walk_out(state, RED, 14)
    walk_out(state, YELLOW, 9)
    walk_out(state, BLUE, 10)
    walk_out(state, RED, 15)  # Red 2 of 4: majority
    _expect_right(state, RED, "top")
    answer(state, RED, OCTAGON, None)
    idle(state, YELLOW)
    idle(state, BLUE)
    walk_out(state, RED, 24)  # Red 3: still the majority, extended
    _expect_no_right(state, YELLOW)


def test_illustration_3_scoring_20_8_3_6_4_DG8():
    """Illustration 3: the octagon's stack from the top is Yellow 4, Blue 2, Yellow 1, Red 3,
    Blue 4; completing the circle scores 4×5=20, 2×4=8, 1×3=3, 3×2=6, 4×1=4.

    The stack is built by play: R, Y, B, B (majority: top), Y (equalizer: bottom),
    R (equalizer: bottom), Y (majority: top), B on the last place (equalizer: bottom).
    """
    state = GAME.new(3, seed=3, options={"start_player": RED})
    # Red on 14, 15 (+60); Yellow on 9, 20, 24; Blue on 10, 25, 19.
    place_druids(state, [14, 9, 10, 15, 20, 25, 60, 24, 19])
    walk_out(state, RED, 14)
    walk_out(state, YELLOW, 9)
    walk_out(state, BLUE, 10)
    idle(state, RED)
    idle(state, YELLOW)
    walk_out(state, BLUE, 25)
    _expect_right(state, BLUE, "top")
    answer(state, BLUE, OCTAGON, 2)
    idle(state, RED)
    walk_out(state, YELLOW, 20)
    _expect_right(state, YELLOW, "bottom")
    answer(state, YELLOW, OCTAGON, 1)
    idle(state, BLUE)
    walk_out(state, RED, 15)
    _expect_right(state, RED, "bottom")
    answer(state, RED, OCTAGON, 3)
    walk_out(state, YELLOW, 24)
    _expect_right(state, YELLOW, "top")
    answer(state, YELLOW, OCTAGON, 4)
    assert stack_owners(state, OCTAGON) == [YELLOW, BLUE, YELLOW, RED]
    assert state.view(RED)["scores"] == [4, 4, 4]

    walk_out(state, BLUE, 19)
    _expect_right(state, BLUE, "bottom")
    events = play(state, BLUE, PlaceDolmen(circle=OCTAGON, value=4))

    (scored,) = events_of(events, "circle_scored")
    rows = [(d["owner"], d["value"], d["factor"], d["points"]) for d in scored.data["dolmens"]]
    assert rows == [
        (YELLOW, 4, 5, 20),
        (BLUE, 2, 4, 8),
        (YELLOW, 1, 3, 3),
        (RED, 3, 2, 6),
        (BLUE, 4, 1, 4),
    ]
    assert state.view(RED)["scores"] == [4 + 6, 4 + 20 + 3, 4 + 8 + 4]
    # The dolmens left the board; their values are public now, to every seat (DG-8).
    circle = state.view(RED)["circles"][OCTAGON]
    assert circle["stack"] == []
    assert [d["value"] for d in circle["scored"]] == [4, 2, 1, 3, 4]
    assert scored.view(RED) == scored.view(None)
