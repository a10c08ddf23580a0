"""Who sees what (DK-14, DK-15): the one observer, per seat and for spectators."""

from __future__ import annotations

import copy
import json

from engines.core import Rng
from engines.dschingis_khan import GAME, TakeWall

from .helpers import play, position, step


def public_part(view: dict) -> dict:
    """A view with everything private blanked: what DK-14 says everyone sees."""
    out = copy.deepcopy(view)
    out["seat"] = None
    for village in out["villages"]:
        for layer in village["stack"]:
            layer["face"] = None
            layer["remembered"] = False
    for p in out["players"]:
        p["faces"] = None
        p["discarded"] = None
    return out


def midgame(players: int, seed: int, plies: int):
    state = GAME.new(players, seed)
    rng = Rng(seed)
    for _ in range(plies):
        seat = state.to_act()[0]
        play(state, rng.choice(state.legal_actions(seat)))
    return state


def test_dk14_every_seat_sees_the_same_public_board():
    """DK-14: positions and open/closed state of pieces, stack owners, scouts, supply
    counts, active and passive counts, discards, sides: the same for every seat and a
    spectator; seats differ only in faces."""
    for seed in range(3):
        state = midgame(4, seed, 80)
        spectator = state.view(None)
        for seat in range(4):
            assert public_part(state.view(seat)) == spectator
        assert all(layer["face"] is None for v in spectator["villages"] for layer in v["stack"])
        assert all(p["faces"] is None for p in spectator["players"])
        for p in spectator["players"]:
            assert {"walls", "tiles", "passive", "discards", "scout"} <= p.keys()


def test_dk15_own_tiles_and_controlled_villages_show_faces():
    state = position(stacks={15: "1C 0F", 16: "0M 1G"}, tiles={0: "CP"}, scouts={0: 3, 1: 10})
    mine, theirs = state.view(0), state.view(1)
    assert mine["players"][0]["faces"] == ["chinese", "plague"]
    assert theirs["players"][0]["faces"] is None
    # Village 15: seat 0 controls it and may look at the whole stack.
    assert mine["villages"][15]["stack"] == [
        {"owner": 1, "face": "chinese", "remembered": False, "seen_by": [0, 1]},
        {"owner": 0, "face": "farmer", "remembered": False, "seen_by": [0]},
    ]
    # Village 16: seat 1 controls it; seat 0 remembers only its own tile there.
    assert [(x["face"], x["remembered"]) for x in mine["villages"][16]["stack"]] == [
        ("mongolian", True),
        (None, False),
    ]
    assert [x["face"] for x in theirs["villages"][15]["stack"]] == ["chinese", None]


def test_dk15_perfect_recall_after_losing_control():
    """DK-15: seat 0 steps onto Red's village 15 and sees the Chinese there; then seat 1
    takes the village back. Seat 0 keeps the faces it saw (marked remembered) but not the
    face of the tile that took the village from it."""
    state = position(tiles={0: "FC", 1: "M"}, stacks={15: "1C"}, scouts={0: 14, 1: 16})
    assert state.view(0)["villages"][15]["stack"][0]["face"] is None
    step(state, 15, "farmer")
    assert [x["face"] for x in state.view(0)["villages"][15]["stack"]] == ["chinese", "farmer"]
    step(state, 7, "chinese")
    play(state, TakeWall())
    play(state, TakeWall())
    step(state, 15, "mongolian")
    stack = state.view(0)["villages"][15]["stack"]
    assert [(x["face"], x["remembered"]) for x in stack] == [
        ("chinese", True),
        ("farmer", True),
        (None, False),
    ]
    assert state.view(0)["villages"][15]["controller"] == 1
    assert [x["face"] for x in state.view(1)["villages"][15]["stack"]] == [
        "chinese",
        "farmer",
        "mongolian",
    ]


def test_dk15_no_passive_order_anywhere_in_a_view():
    """DK-15: a passive supply is a count in every view, the owner's own included."""
    state = midgame(3, 5, 40)
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert all(isinstance(p["passive"], int) for p in view["players"])
        assert set(view["players"][0]) == {
            "seat",
            "walls",
            "tiles",
            "faces",
            "passive",
            "discards",
            "discarded",
            "scout",
        }


def test_dk15_after_the_game_every_face_is_public():
    state = GAME.new(2, 11)
    rng = Rng(3)
    while not state.is_over:
        play(state, rng.choice(state.legal_actions(state.to_act()[0])))
    view = state.view(None)
    assert all(layer["face"] for v in view["villages"] for layer in v["stack"])
    assert all(p["faces"] is not None and p["discarded"] is not None for p in view["players"])
    assert view["scoring"]["scores"] == view["scores"]
    json.dumps(view)  # JSON-ready
