"""``Game.sample``: a full position consistent with what one seat sees (for searching bots).

Everything public is copied from the view. Each player's 17 tiles have known face counts
(DK-7); the faces ``seat`` does not know are dealt at random, per owner, over that owner's
unknown places (stack layers, active supply, discards, passive supply). Who knows which
tile follows the view's ``seen_by`` lists (owners know their own drawn tiles). The RNG,
which decides future draws, is new.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engines.core import Rng

from .actions import FACES, TILE_SET
from .state import FACE_INDEX, DschingisKhanState
from .walls import Wall

if TYPE_CHECKING:
    from .game import DschingisKhan


def sample(game: DschingisKhan, view: Mapping[str, Any], seat: int, rng: Rng) -> DschingisKhanState:
    n = view["num_players"]
    state = DschingisKhanState(game, n, Rng(rng.next_u64()))
    state.ply = view["ply"]
    turn = view["turn"]
    walls = view["walls"]
    state.start_player = view["start_player"]
    state.current = turn["seat"]
    state.phase = turn["phase"]
    state.setups = turn["setups_done"]
    state.takes = turn["takes"]
    state.committed = turn["committed"]
    state.visited = list(turn["visited"])
    state.wall = Wall.from_json(
        game.geo,
        {
            "pieces": [[p["line"], p["open"]] for p in walls["pieces"]],
            "west": walls["ends"]["west"],
            "east": walls["ends"]["east"],
        },
    )
    state.common = walls["supply"]
    state.out = walls["out_of_game"]
    players = view["players"]
    state.active_walls = [p["walls"] for p in players]
    state.scouts = [p["scout"] for p in players]
    final = view["final"]
    state.final_trigger = final["trigger"]
    state.final_left = final["turns_after_current"]

    # Places of every tile: (owner, known face or None, seats that know it).
    state.tile_owner, state.tile_face = [], []
    state.known = [set() for _ in range(n)]
    unknown: list[list[int]] = [[] for _ in range(n)]
    remaining = [list(TILE_SET) for _ in range(n)]

    def add(owner: int, face: str | None, seen_by: list[int]) -> int:
        tid = len(state.tile_owner)
        state.tile_owner.append(owner)
        state.tile_face.append(-1 if face is None else FACE_INDEX[face])
        for s in seen_by:
            state.known[s].add(tid)
        if face is None:
            unknown[owner].append(tid)
        else:
            remaining[owner][FACE_INDEX[face]] -= 1
        return tid

    state.stacks = [
        [add(layer["owner"], layer["face"], layer["seen_by"]) for layer in village["stack"]]
        for village in view["villages"]
    ]
    state.active_tiles, state.discards = [], []
    for p in players:
        s = p["seat"]
        faces = p["faces"] or [None] * p["tiles"]
        state.active_tiles.append([add(s, f, [s]) for f in faces])
        gone = p["discarded"] or [None] * p["discards"]
        state.discards.append([add(s, f, [s]) for f in gone])

    state.passive = [[0] * len(FACES) for _ in range(n)]
    for owner in range(n):
        pool = [f for f, count in enumerate(remaining[owner]) for _ in range(count)]
        rng.shuffle(pool)
        places = unknown[owner]
        if len(pool) != len(places) + players[owner]["passive"]:
            raise ValueError(f"the view does not account for all 17 tiles of seat {owner}")
        for tid, face in zip(places, pool, strict=False):
            state.tile_face[tid] = face
        for face in pool[len(places) :]:
            state.passive[owner][face] += 1
    return state
