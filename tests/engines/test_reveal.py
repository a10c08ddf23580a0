"""The full reveal of a finished game's replay: ``State.view(seat, reveal=True)``.

A replay "fully revealed" shows each past position with every hidden tile face
(Dschingis Khan, DK-14/15) and every dolmen value (Die Dolmengötter, DG-11), though that
position was not over. What the reveal adds must be exactly the hidden parts: everything
public reads the same as in the normal view, and the normal view is what it always was.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.support.positions import positions


def hidden_parts(kind: str, view: dict[str, Any]) -> list[Any]:
    """Every field of ``view`` that holds a hidden face or value (None where not shown)."""
    if kind == "dschingis_khan":
        return [
            *(layer["face"] for v in view["villages"] for layer in v["stack"]),
            *(p["faces"] for p in view["players"]),
            *(p["discarded"] for p in view["players"]),
        ]
    return [
        *(d["value"] for c in view["circles"] for d in c["stack"]),
        *(p["hand"] for p in view["players"]),
    ]


def public_parts(kind: str, view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with its hidden fields (and what only follows from them) blanked out."""
    out = copy.deepcopy(view)
    out.pop("seat")
    if kind == "dschingis_khan":
        for v in out["villages"]:
            for layer in v["stack"]:
                layer["face"] = layer["remembered"] = None
        for p in out["players"]:
            p["faces"] = p["discarded"] = None
    else:
        for c in out["circles"]:
            for d in c["stack"]:
                d["value"] = None
        for p in out["players"]:
            p["hand"] = None
    return out


CASES = [("dschingis_khan", 3, 11), ("dschingis_khan", 2, 5), ("dolmengoetter", 4, 7)]


@pytest.mark.parametrize(("kind", "players", "seed"), CASES)
def test_reveal_shows_every_hidden_face_and_value_at_every_position(
    kind: str, players: int, seed: int
) -> None:
    hid_something = False
    for state in positions(kind, players, seed):
        watcher = state.view(None)
        revealed = state.view(None, reveal=True)
        assert None not in hidden_parts(kind, revealed), f"ply {state.ply}"
        assert public_parts(kind, revealed) == public_parts(kind, watcher), f"ply {state.ply}"
        # One picture for all: the reveal is the same whoever's seat it is asked for.
        for seat in range(players):
            as_seat = state.view(seat, reveal=True)
            assert {**as_seat, "seat": None} == revealed
            # The normal view is untouched by the new flag.
            assert state.view(seat, reveal=False) == state.view(seat)
        hid_something |= None in hidden_parts(kind, watcher) and not state.is_over
    assert hid_something, "the normal watcher's view should hide something during the game"


@pytest.mark.parametrize(("kind", "players", "seed"), CASES[:1] + CASES[2:])
def test_a_finished_game_looks_the_same_revealed(kind: str, players: int, seed: int) -> None:
    *_, last = positions(kind, players, seed)
    assert last.is_over
    for seat in [None, *range(players)]:
        assert last.view(seat, reveal=True) == last.view(seat)
