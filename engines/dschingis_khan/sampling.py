"""``Game.sample``: a full position consistent with what one seat sees (for searching bots).

Everything public is copied from the view. Each player's 17 tiles have known face counts
(DK-7); the faces ``seat`` does not know are dealt at random, per owner, over that owner's
unknown places (stack layers, active supply, discards, passive supply). Who knows which
tile follows the view's ``seen_by`` lists (owners know their own drawn tiles). The RNG,
which decides future draws, is new.

The position is written as the dict ``DschingisKhanState._dump`` writes and read back
through ``Game.from_json``, so it is checked like a saved game and no list of the state's
attributes is kept here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Game, Rng

from .constants import EAST, FACE_INDEX, FACES, TILE_SET, WEST
from .state import DschingisKhanState


def sample(
    game: Game[DschingisKhanState], view: Mapping[str, Any], seat: int | None, rng: Rng
) -> DschingisKhanState:
    """A full state consistent with ``seat``'s view (``None``: a spectator's); see the
    module docstring."""
    n = view["num_players"]
    state_rng = Rng(rng.next_u64())
    turn = view["turn"]
    walls = view["walls"]
    players = view["players"]
    final = view["final"]

    # Places of every tile: (owner, known face or None, seats that know it).
    tiles: list[list[int]] = []
    known: list[set[int]] = [set() for _ in range(n)]
    unknown: list[list[int]] = [[] for _ in range(n)]
    remaining = [list(TILE_SET) for _ in range(n)]

    def add(owner: int, face: str | None, seen_by: list[int]) -> int:
        tid = len(tiles)
        tiles.append([owner, -1 if face is None else FACE_INDEX[face]])
        for s in seen_by:
            known[s].add(tid)
        if face is None:
            unknown[owner].append(tid)
        else:
            remaining[owner][FACE_INDEX[face]] -= 1
        return tid

    stacks = [
        [add(layer["owner"], layer["face"], layer["seen_by"]) for layer in village["stack"]]
        for village in view["villages"]
    ]
    active_tiles: list[list[int]] = []
    discards: list[list[int]] = []
    for p in players:
        s = p["seat"]
        faces = p["faces"] or [None] * p["tiles"]
        active_tiles.append([add(s, f, [s]) for f in faces])
        gone = p["discarded"] or [None] * p["discards"]
        discards.append([add(s, f, [s]) for f in gone])

    passive = [[0] * len(FACES) for _ in range(n)]
    for owner in range(n):
        pool = [f for f, count in enumerate(remaining[owner]) for _ in range(count)]
        rng.shuffle(pool)
        places = unknown[owner]
        if len(pool) != len(places) + players[owner]["passive"]:
            raise ValueError(f"the view does not account for all 17 tiles of seat {owner}")
        for tid, face in zip(places, pool, strict=False):
            tiles[tid][1] = face
        for face in pool[len(places) :]:
            passive[owner][face] += 1

    return game.from_json(
        {
            "game": game.id,
            "num_players": n,
            "rng": state_rng.to_json(),
            "ply": view["ply"],
            "state": {
                "start_player": view["start_player"],
                "current": turn["seat"],
                "phase": turn["phase"],
                "setups": turn["setups_done"],
                "takes": turn["takes"],
                "committed": turn["committed"],
                "visited": list(turn["visited"]),
                "wall": {
                    "pieces": [[p["line"], p["open"]] for p in walls["pieces"]],
                    WEST: walls["ends"]["west"],
                    EAST: walls["ends"]["east"],
                },
                "common": walls["supply"],
                "out": walls["out_of_game"],
                "active_walls": [p["walls"] for p in players],
                "tiles": tiles,
                "passive": passive,
                "active_tiles": active_tiles,
                "discards": discards,
                "stacks": stacks,
                "scouts": [p["scout"] for p in players],
                "known": [sorted(k) for k in known],
                "final_trigger": final["trigger"],
                "final_left": final["turns_after_current"],
            },
        }
    )
