"""Helpers for Dschingis Khan tests: positions in a few keywords, actions through the engine.

Positions come from ``engines.dschingis_khan.position.position`` (Great Wall and branches as
tower paths, stacks as "owner+face" strings); every move goes through ``legal_actions`` /
``apply``. Board picture (towers; villages in brackets), north up:

                      0   1   2   3
                     [ 0] [ 1] [ 2]
      4   5   6   7   8   9  10  11  12
     [ 3] [ 4] [ 5] [ 6] [ 7] [ 8] [ 9] [10]
     13  14  15  16  17  18  19  20  21      13 22 31: west side towers
     [11] [12] [13] [14] [15] [16] [17] [18]
     22==23==24==25==26==27==28==29==30      the starting Great Wall
     [19] [20] [21] [22] [23] [24] [25] [26]
     31  32  33  34  35  36  37  38  39      21 30 39: east side towers
     [27] [28] [29] [30] [31] [32] [33] [34]
     40  41  42  43  44  45  46  47  48
         [35] [36] [37]
         49  50  51  52
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from engines.core import Event, IllegalAction, State
from engines.dschingis_khan import GAME, PlaceWall, Step
from engines.dschingis_khan.position import position
from tests.support.undo import snapshot as snapshot  # the games' tests import it from here

__all__ = [
    "GAME",
    "line",
    "lines",
    "play",
    "position",
    "refuse",
    "side",
    "snapshot",
    "step",
    "walls_along",
]


def lines(towers: str) -> list[int]:
    """The line ids along a tower path: lines("25 26 27") -> [32, 34]."""
    return GAME.board.towers_to_lines([int(t) for t in towers.split()])


def line(towers: str) -> int:
    (only,) = lines(towers)
    return only


def play(state: State, action: Any, seat: int | None = None) -> list[Event]:
    """Apply an action that must be among the legal actions of the seat to act."""
    seat = state.to_act()[0] if seat is None else seat
    action = GAME.parse_action(action)
    legal = state.legal_actions(seat)
    assert action in legal, f"{action!r} is not legal for seat {seat}: {legal[:8]}..."
    return state.apply(seat, action)


def walls_along(state: State, towers: str) -> list[dict[str, Any]]:
    """Place walls on the lines of a tower path, in order; the placements' event data."""
    out = []
    for ln in lines(towers):
        events = play(state, PlaceWall(line=ln))
        out.extend(e.view(None) for e in events if e.type == "wall")
    return out


def step(state: State, to: int, tile: str, *via: int) -> list[Event]:
    return play(state, Step(to=to, tile=tile, via=tuple(via)))


def side(state: State, village: int) -> str:
    return state.view(None)["villages"][village]["side"]


def refuse(state: State, seat: int, action: Any, *needles: str) -> IllegalAction:
    """The action is refused with a message holding every needle; the state is unchanged."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, action)
    assert snapshot(state) == before
    for needle in needles:
        assert needle in info.value.message, info.value.message
    return info.value


BOARD = GAME.board.raw


def _board_facts() -> tuple[dict[int, tuple[int, int]], dict[int, tuple[int, int]], list[int]]:
    towers = {ln["id"]: tuple(ln["towers"]) for ln in BOARD["lines"]}
    villages = {ln["id"]: tuple(ln["villages"]) for ln in BOARD["lines"]}
    sides = {t["id"]: t["side"] for t in BOARD["towers"]}
    return towers, villages, sides


def check_wall_view(view: dict[str, Any]) -> None:
    """DK-1 and DK-6 checked from a view alone, with the board file (not the engine's code):
    one tree; the Great Wall is its path from a west side tower to an east side tower; the
    only side towers on the board are the ends; every village is Mongolian exactly when it
    reaches a north-arc border village without crossing the Great Wall; every Great Wall
    piece has Mongolia on one side and China on the other, and no branch does."""
    line_towers, line_villages, tower_side = _board_facts()
    walls = view["walls"]
    pieces = [p["line"] for p in walls["pieces"]]
    west, east = walls["ends"]["west"], walls["ends"]["east"]
    assert tower_side[west] == "west" and tower_side[east] == "east"
    adj: dict[int, list[tuple[int, int]]] = {}
    for p in pieces:
        a, b = line_towers[p]
        adj.setdefault(a, []).append((p, b))
        adj.setdefault(b, []).append((p, a))
    assert len(pieces) == len(adj) - 1, "DK-1: not a tree (cycle or forest)"
    parent = {west: None}
    order = [west]
    for t in order:
        for p, o in adj[t]:
            if o not in parent:
                parent[o] = (p, t)
                order.append(o)
    assert len(parent) == len(adj), "DK-1: pieces not connected to the Great Wall"
    path, t = [], east
    while t != west:
        p, t = parent[t]
        path.append(p)
    assert walls["great_wall"] == path[::-1], "DK-1: Great Wall is not the west-east path"
    gw = set(path)
    assert {p["line"] for p in walls["pieces"] if p["great_wall"]} == gw
    assert {t for t in adj if tower_side[t]} == {west, east}, "side tower off the ends"
    # DK-6, from the boundary cycle and the border list.
    cycle = BOARD["boundary_cycle"]
    i, j = cycle.index(west), cycle.index(east)
    arc = cycle[i : j + 1] if i < j else cycle[i:] + cycle[: j + 1]
    if 1 not in arc:
        arc = cycle[j : i + 1] if j < i else cycle[j:] + cycle[: i + 1]
    edges = {frozenset(e) for e in itertools.pairwise(arc)}
    seeds = {b["village"] for b in BOARD["border"] if frozenset(b["towers"]) in edges}
    north = set(seeds)
    todo = list(seeds)
    while todo:
        v = todo.pop()
        for ln, (x, y) in line_villages.items():
            if ln in gw or v not in (x, y):
                continue
            w = y if x == v else x
            if w not in north:
                north.add(w)
                todo.append(w)
    sides = [v["side"] for v in view["villages"]]
    assert sides == ["mongolia" if v in north else "china" for v in range(len(sides))]
    for p in pieces:
        x, y = line_villages[p]
        assert (sides[x] != sides[y]) == (p in gw), f"piece on line {p} and the sides"
