"""Property tests over random wall placements and random whole games (2, 3 and 4 players).

At every step: the pieces form one tree around a Great Wall path between side towers, the
sides follow DK-6 (checked from the view against the board file, not the engine's code), 28
walls and 17 tiles per player are all accounted for; spectators never see a face; every
game's scores are the sum of its village scores. What every engine promises (round trips,
determinism, refusals, sampling) is checked for all games in ``tests/engines/test_contract.py``.
"""

from __future__ import annotations

import json

import pytest

from engines.core import Rng
from engines.dschingis_khan import GAME, PlaceWall, TakeWall
from engines.dschingis_khan.constants import FACES

from .helpers import check_wall_view

LINE_TOWERS = {ln["id"]: tuple(ln["towers"]) for ln in GAME.board.raw["lines"]}


def count_walls(view: dict) -> int:
    walls = view["walls"]
    active = sum(p["walls"] for p in view["players"])
    return len(walls["pieces"]) + walls["supply"] + active + walls["out_of_game"]


def count_tiles(view: dict) -> list[int]:
    per_owner = [p["tiles"] + p["passive"] + p["discards"] for p in view["players"]]
    for village in view["villages"]:
        for layer in village["stack"]:
            per_owner[layer["owner"]] += 1
    return per_owner


def oracle_legal_lines(view: dict) -> set[int]:
    """DK-2/DK-3 by brute force on the view: an empty line touching the wall, and if it
    closes a cycle, the cycle holds a Great Wall piece."""
    pieces = {p["line"]: p["great_wall"] for p in view["walls"]["pieces"]}
    adj: dict[int, list[tuple[int, int]]] = {}
    for p in pieces:
        a, b = LINE_TOWERS[p]
        adj.setdefault(a, []).append((p, b))
        adj.setdefault(b, []).append((p, a))

    def path(a: int, b: int) -> list[int]:
        todo, came = [a], {a: None}
        for t in todo:
            for p, o in adj[t]:
                if o not in came:
                    came[o] = (p, t)
                    todo.append(o)
        out = []
        while b != a:
            p, b = came[b]
            out.append(p)
        return out

    legal = set()
    for ln, (a, b) in LINE_TOWERS.items():
        if ln in pieces or (a not in adj and b not in adj):
            continue
        if a in adj and b in adj and not any(pieces[p] for p in path(a, b)):
            continue
        legal.add(ln)
    return legal


TOWER_SIDE = {t["id"]: t["side"] for t in GAME.board.raw["towers"]}


def oracle_sections(view: dict, line: int) -> tuple[str, list[int], list[int]]:
    """DK-3/DK-4 straight from the rulings, on the view before the placement: the kind and
    the sections N and S (sorted), found by walking the tree of pieces."""
    pieces = [p["line"] for p in view["walls"]["pieces"]]
    great_wall = view["walls"]["great_wall"]
    ends = view["walls"]["ends"]
    adj: dict[int, list[tuple[int, int]]] = {}
    for p in pieces:
        a, b = LINE_TOWERS[p]
        adj.setdefault(a, []).append((p, b))
        adj.setdefault(b, []).append((p, a))

    def path(start: int, goal: int) -> list[int]:
        """Pieces from ``start`` to ``goal``, in walking order."""
        came: dict[int, tuple[int, int] | None] = {start: None}
        todo = [start]
        for t in todo:
            for p, o in adj.get(t, ()):
                if o not in came:
                    came[o] = (p, t)
                    todo.append(o)
        out = []
        while goal != start:
            p, goal = came[goal]  # type: ignore[misc]
            out.append(p)
        return out[::-1]

    gw_towers = [ends["west"]]
    for p in great_wall:
        a, b = LINE_TOWERS[p]
        gw_towers.append(b if a == gw_towers[-1] else a)
    a, b = LINE_TOWERS[line]
    if a in adj and b in adj:
        cycle = path(a, b)
        s = [p for p in cycle if p in great_wall]
        return "loop", sorted([p for p in cycle if p not in great_wall] + [line]), sorted(s)
    t = next((x for x in (a, b) if TOWER_SIDE[x] and x not in adj), None)
    if t is None:
        return "branch", [], []
    # DK-4: walk from the new piece's inner tower until the first Great Wall tower (a).
    tower, n = b if t == a else a, [line]
    for p in path(tower, ends["west"]):
        if tower in gw_towers:
            break
        n.append(p)
        x, y = LINE_TOWERS[p]
        tower = y if x == tower else x
    k = gw_towers.index(tower)
    s = great_wall[:k] if TOWER_SIDE[t] == "west" else great_wall[k:]
    return "new_end", sorted(n), sorted(s)


def check_placement(before: dict, after: dict, placed: dict) -> None:
    """The placement's outcome data agrees with the board before and after (DK-3..DK-5),
    and its sections N and S with the rulings read afresh (``oracle_sections``)."""
    kind, n, s = oracle_sections(before, placed["line"])
    assert placed["kind"] == kind
    if kind != "branch":
        assert (placed["new_section"], placed["old_section"]) == (n, s)
    old = {p["line"] for p in before["walls"]["pieces"]}
    new = {p["line"] for p in after["walls"]["pieces"]}
    removed = set(placed["removed"])
    assert new == (old | {placed["line"]}) - removed
    assert removed <= old | {placed["line"]}
    assert set(placed["isolated"]) <= removed
    if placed["kind"] == "branch":
        assert removed == set() and placed["kept"] is None
    else:
        n, s = placed["new_section"], placed["old_section"]
        assert placed["line"] in n and s
        assert placed["kept"] == ("new" if len(n) > len(s) else "old")  # tie: N goes
        lost = set(s if placed["kept"] == "new" else n)
        assert removed == lost | set(placed["isolated"])
    changed = [
        v
        for v in range(len(after["villages"]))
        if after["villages"][v]["side"] != before["villages"][v]["side"]
    ]
    assert placed["sides_changed"] == changed


def wall_minded(state, rng: Rng):
    """A random player who likes walls: takes walls and places them whenever it can."""
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    walls = [a for a in legal if isinstance(a, PlaceWall | TakeWall)]
    return seat, rng.choice(walls or legal)


def test_random_wall_placements_keep_the_wall_a_tree_with_sides_and_28_pieces():
    placements = 0
    seed = 0
    while placements < 3000:
        seed += 1
        state = GAME.new(2 + seed % 3, seed)
        rng = Rng(seed)
        for _ in range(400):
            if state.is_over:
                break
            seat, action = wall_minded(state, rng)
            before = state.view(None)
            if isinstance(action, PlaceWall):
                offered = {a.line for a in state.legal_actions(seat) if isinstance(a, PlaceWall)}
                assert offered == oracle_legal_lines(before)
            events = state.apply(seat, action)
            after = state.view(None)
            for e in events:
                if e.type == "wall":
                    check_placement(before, after, e.view(None))
                    placements += 1
            if isinstance(action, PlaceWall):
                check_wall_view(after)
            assert count_walls(after) == 28


def play_checked(players: int, seed: int, *, walls: bool) -> None:
    """One random game; cheap invariants at every step, and with ``walls`` the DK-1/DK-6
    check of the wall from the view."""
    state = GAME.new(players, seed)
    rng = Rng(seed ^ 0xBEEF)
    for _ in range(5000):
        if state.is_over:
            break
        seat = state.to_act()[0]
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        view = state.view(None)
        if walls:
            check_wall_view(view)
        assert count_walls(view) == 28
        if not state.is_over:
            assert count_tiles(view) == [17] * players
            spectator = json.dumps([e.view(None) for e in events])
            assert not any(f'"{face}"' in spectator for face in FACES), spectator
    else:
        pytest.fail(f"{players}-player game seed {seed} did not end")
    view = state.view(None)
    scoring = view["scoring"]
    totals = [0] * players
    for village in scoring["villages"]:
        if village["controller"] is not None:
            totals[village["controller"]] += village["points"]
    assert view["scores"] == scoring["scores"] == totals == state.scores()
    best = max(totals)
    assert state.winners() == [s for s in range(players) if totals[s] == best]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_walls_and_tiles_and_end_with_scores_from_the_villages(players):
    for seed in range(150):
        play_checked(players, seed, walls=seed % 5 == 0)
