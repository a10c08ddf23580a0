"""Refused actions: ``IllegalAction`` naming the ruling and the input, and nothing changes."""

from __future__ import annotations

import pytest

from engines.core import IllegalAction
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

from .helpers import line, position, refuse, snapshot

PLACING = {"walls": {0: 2}, "tiles": {0: "CF"}, "scouts": {0: 14, 1: 13}}
GATE = line("25 26")

CASES = [
    ("unconnected wall", PLACING, PlaceWall(line=line("35 44")), ["DK-2", "line 50", "tower"]),
    ("occupied line", PLACING, PlaceWall(line=GATE), ["DK-2", "line 32", "already holds"]),
    ("border line", PLACING, PlaceWall(line=77), ["DK-2", "no line 77", "edge"]),
    (
        "loop off the wall",
        {**PLACING, "branches": ["26 17 18 9", "17 8"]},
        PlaceWall(line=line("8 9")),
        ["DK-3", "line 5", "Great Wall"],
    ),
    (
        "closed gate",
        {**PLACING, "closed": [GATE]},
        Step(to=22, tile="chinese", via=(GATE,)),
        ["DK-10", "line 32", "closed"],
    ),
    ("scout on a scout", PLACING, Step(to=13, tile="chinese"), ["DK-10", "village 13", "scout"]),
    ("back to the start", PLACING, Step(to=14, tile="chinese"), ["DK-10", "village 14", "started"]),
    ("not a neighbour", PLACING, Step(to=30, tile="chinese"), ["DK-10", "village 30", "neighbour"]),
    ("tile not held", PLACING, Step(to=15, tile="plague"), ["DK-10", "'plague'"]),
    (
        "gate not between",
        PLACING,
        Step(to=15, tile="chinese", via=(GATE,)),
        ["DK-10", "line 32", "villages 14 and 15"],
    ),
    (
        "climb far away",
        PLACING,
        Step(to=24, tile="chinese", via=(line("27 28"), line("28 29"))),
        ["DK-10", "line 36", "climb"],
    ),
    (
        "fifth tile",
        {"phase": "take", "takes": 0, "tiles": {0: "CCFM"}, "scouts": {0: 14}},
        TakeTile(),
        ["DK-8", "4 tiles", "fifth"],
    ),
    (
        "fifth wall",
        {"phase": "take", "takes": 0, "walls": {0: 4}, "scouts": {0: 14}},
        TakeWall(),
        ["DK-8", "4 walls", "fifth"],
    ),
    (
        "empty wall supply",
        {"phase": "take", "takes": 0, "supply": 0, "scouts": {0: 14}},
        TakeWall(),
        ["DK-8", "empty"],
    ),
    ("take while placing", PLACING, TakeTile(), ["DK-8"]),
    ("rescue while not blocked", PLACING, RescueScout(), ["DK-9", "cannot make any step"]),
    ("discard while not blocked", PLACING, DiscardTiles(), ["DK-11", "can still step"]),
    ("pass while able to place", PLACING, Pass(), ["DK-9", "can still place"]),
    ("scout back while on the board", PLACING, PlaceScout(village=3), ["DK-12"]),
    (
        "setup after the setup",
        PLACING,
        Setup(villages=(3, 4), faces=("chinese", "farmer"), scout=3),
        ["DK-7"],
    ),
]


@pytest.mark.parametrize(
    ("setup", "action", "needles"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_refused_with_the_rule_and_the_input_and_nothing_changes(setup, action, needles):
    state = position(**setup)
    assert action not in state.legal_actions(0)
    refuse(state, 0, action, *needles)


def test_revisiting_a_village_is_refused():
    state = position(tiles={0: "CFM"}, scouts={0: 14, 1: 3})
    state.apply(0, Step(to=15, tile="chinese"))
    state.apply(0, Step(to=7, tile="farmer"))
    refuse(state, 0, Step(to=15, tile="mongolian"), "DK-10", "village 15", "already visited")


def test_acting_out_of_turn_is_refused():
    state = position(**PLACING)
    info = refuse(state, 1, TakeTile(), "not seat 1's turn")
    assert info.code == "not_your_turn"


def test_malformed_actions_and_unknown_seats_are_refused():
    state = position(**PLACING)
    before = snapshot(state)
    for bad in (
        {"type": "step", "to": 15},
        {"type": "fly"},
        {"type": "step", "to": 15, "tile": "gold"},
    ):
        with pytest.raises(IllegalAction) as info:
            state.apply(0, bad)
        assert info.value.code == "bad_action"
    with pytest.raises(IllegalAction) as info:
        state.apply(5, TakeTile())
    assert info.value.code == "unknown_seat"
    assert snapshot(state) == before


def test_setup_refusals_name_the_villages():
    state = GAME.new(2, seed=3, options={"start_player": 0})
    faces = tuple(state.view(0)["players"][0]["faces"])
    refuse(state, 0, Setup(villages=(14, 22), faces=faces, scout=14), "DK-7", "line 32")
    refuse(state, 0, Setup(villages=(3, 5), faces=faces, scout=3), "DK-7", "not neighbours")
    refuse(state, 0, Setup(villages=(3, 4), faces=faces, scout=9), "DK-7", "9")
    refuse(state, 0, TakeTile(), "DK-7", "'take a tile'")


def test_a_refused_step_does_not_leak_faces_of_others():
    """The message for seat 0 names only seat 0's own tiles."""
    state = position(tiles={0: "C", 1: "GP"}, scouts={0: 14, 1: 13})
    info = refuse(state, 0, Step(to=15, tile="ginseng"), "DK-10")
    assert "plague" not in info.message and "chinese" in info.message
