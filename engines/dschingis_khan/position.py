"""Positions from short setups (like a FEN for chess), for tests, tools and bug reports.

    state = position(
        great_wall="22 23 24 25 26 27 28 29 30",   # towers from the west end to the east end
        branches=["26 17 18"],                     # more pieces, as tower paths
        stacks={15: "0C 1M"},                      # village: owner+face, bottom to top
        scouts={0: 15, 1: 22}, tiles={0: "CF"}, walls={1: 2},
    )

Faces are letters: C chinese, M mongolian, F farmer, P plague, G ginseng. Whatever is not
given follows the rules: the common supply holds the walls not placed elsewhere (28 in
all), each passive supply the tiles of its owner not placed elsewhere (17 each), owners know
their tiles, controllers the stacks they control. The state is built through the same JSON
loader as a saved game, so it is checked the same way (DK-1: one tree, ends on side towers).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engines.core import Rng

from . import GAME
from .constants import EAST, PLACE, TILE_SET, WEST
from .game import DschingisKhanGame
from .state import DschingisKhanState

LETTERS = "CMFPG"
"""Face letter -> face index (the order of ``constants.FACES``)."""


def _faces(text: str) -> list[int]:
    try:
        return [LETTERS.index(ch) for ch in text.replace(" ", "").upper()]
    except ValueError:
        raise ValueError(f"faces are letters {LETTERS}, not {text!r}") from None


def _layers(text: str) -> list[tuple[int, int]]:
    """'0C 1M' -> [(0, CHINESE), (1, MONGOLIAN)]."""
    out: list[tuple[int, int]] = []
    for item in text.split():
        owner, letter = item[:-1], item[-1]
        out.append((int(owner), _faces(letter)[0]))
    return out


def position(
    players: int = 2,
    *,
    great_wall: str = "22 23 24 25 26 27 28 29 30",
    branches: Iterable[str] = (),
    closed: Iterable[int] = (),
    stacks: Mapping[int, str] | None = None,
    scouts: Mapping[int, int] | None = None,
    walls: Mapping[int, int] | None = None,
    tiles: Mapping[int, str] | None = None,
    discards: Mapping[int, str] | None = None,
    passive: Mapping[int, str] | None = None,
    seen: Mapping[int, Iterable[int]] | None = None,
    turn: int = 0,
    phase: str = PLACE,
    takes: int = 2,
    committed: str | None = None,
    visited: Sequence[int] | None = None,
    supply: int | None = None,
    out: int = 0,
    final: tuple[int, int] | None = None,
    start_player: int = 0,
    seed: int = 0,
    game: DschingisKhanGame = GAME,
) -> DschingisKhanState:
    """A position; see the module docstring. ``seen``: seat -> villages whose whole stack it
    saw earlier (perfect recall, DK-15). ``final``: (trigger seat, turns after the current).
    """
    geo = game.board
    stacks, scouts = dict(stacks or {}), dict(scouts or {})
    walls, tiles = dict(walls or {}), dict(tiles or {})
    discards, seen = dict(discards or {}), dict(seen or {})

    gw_towers = [int(t) for t in great_wall.split()]
    lines = geo.towers_to_lines(gw_towers)
    for branch in branches:
        lines += geo.towers_to_lines([int(t) for t in branch.split()])
    closed = set(closed)
    pieces = [[line, line not in closed] for line in sorted(set(lines))]

    owner: list[int] = []
    face: list[int] = []
    known: list[set[int]] = [set() for _ in range(players)]
    left = [list(TILE_SET) for _ in range(players)]

    def tile(o: int, f: int) -> int:
        left[o][f] -= 1
        if left[o][f] < 0:
            raise ValueError(f"seat {o} has only {TILE_SET[f]} tiles {LETTERS[f]}")
        owner.append(o)
        face.append(f)
        known[o].add(len(owner) - 1)
        return len(owner) - 1

    stack_ids: list[list[int]] = [[] for _ in range(geo.num_villages)]
    for v, text in stacks.items():
        stack_ids[v] = [tile(o, f) for o, f in _layers(text)]
        known[owner[stack_ids[v][-1]]].update(stack_ids[v])
    for s, villages in seen.items():
        for v in villages:
            known[s].update(stack_ids[v])
    active = [[tile(s, f) for f in _faces(tiles.get(s, ""))] for s in range(players)]
    gone = [[tile(s, f) for f in _faces(discards.get(s, ""))] for s in range(players)]
    for s, text in (passive or {}).items():
        left[s] = [0] * len(TILE_SET)
        for f in _faces(text):
            left[s][f] += 1

    active_walls = [walls.get(s, 0) for s in range(players)]
    if supply is None:
        supply = geo.total_walls - len(pieces) - sum(active_walls) - out
    if supply < 0:
        raise ValueError("more than 28 walls in this position")
    here = scouts.get(turn)
    if visited is None:
        visited = [here] if phase == PLACE and here is not None else []

    data: dict[str, Any] = {
        "game": game.id,
        "num_players": players,
        "rng": Rng(seed).to_json(),
        "ply": 0,
        "state": {
            "start_player": start_player,
            "current": turn,
            "phase": phase,
            "setups": players,
            "takes": takes,
            "committed": committed,
            "visited": list(visited),
            "wall": {"pieces": pieces, WEST: gw_towers[0], EAST: gw_towers[-1]},
            "common": supply,
            "out": out,
            "active_walls": active_walls,
            "tiles": [[o, f] for o, f in zip(owner, face, strict=True)],
            "passive": left,
            "active_tiles": active,
            "discards": gone,
            "stacks": stack_ids,
            "scouts": [scouts.get(s) for s in range(players)],
            "known": [sorted(k) for k in known],
            "final_trigger": None if final is None else final[0],
            "final_left": None if final is None else final[1],
        },
    }
    state = game.from_json(data)
    if list(state.wall.great_wall) != lines[: len(gw_towers) - 1]:
        raise ValueError(f"the great_wall towers {great_wall!r} are not the path between its ends")
    return state
