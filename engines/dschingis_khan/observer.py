"""The one observer: what a seat sees of a Dschingis Khan position (DK-14, DK-15).

``observe(state, seat)`` returns the game part of ``State.view(seat)`` (the core adds
``game``, ``num_players``, ``seat``, ``ply``, ``to_act``, ``is_over`` and, at the end,
``scores`` and ``winners``). ``seat`` ``None`` is a spectator. Once the game is over every
face is public. The shape (JSON):

```
start_player: int
turn: {seat, phase: "setup"|"scout"|"take"|"place"|"over", takes: 0-2,
       committed: null|"walls"|"tiles", steps: int, visited: [village, ...] (start first),
       setups_done: int}
villages: [{id, side: "mongolia"|"china", controller: seat|null, scout: seat|null,
            stack: [{owner, face: str|null, remembered: bool, seen_by: [seat, ...]}, ...]}]
            (stack bottom to top; the top owner controls the village, DK-13)
walls: {pieces: [{line, open: bool, great_wall: bool}, ...],
        great_wall: [line, ...] (west end to east end), ends: {west: tower, east: tower},
        supply: int (common supply), out_of_game: int}
players: [{seat, walls: int (active walls), tiles: int (active tiles),
           faces: [str, ...]|null (own active tiles in draw order; null for others),
           passive: int, discards: int, discarded: [str, ...]|null (own discards),
           scout: village|null}]
final: {active: bool, trigger: seat|null, turns_after_current: int|null}
scoring: null | {villages: [{village, controller, side, points, plague, ginseng,
                             faces: [str, ...]}], scores: [int, ...]}   (game over only)
```

A face is shown when the seat knows it: its own drawn tiles, every tile in a village it
controls, and every tile it saw before (perfect recall). ``remembered`` marks a shown face
the seat cannot look at now (it does not control that village). ``seen_by`` lists the
seats that know a layer's face; that is public, as it follows from who controlled what.
Faces are named ``chinese``, ``mongolian``, ``farmer``, ``plague``, ``ginseng``.
"""

from __future__ import annotations

from typing import Any

from engines.core import Parts, public_part

from .constants import EMPTY, FACES, OPEN
from .knowledge import NO_TILES
from .scoring import totals
from .state import DschingisKhanState


def _village(
    state: DschingisKhanState, v: int, seat: int | None, shown: bool, scout: int | None
) -> dict[str, Any]:
    """Village ``v`` as ``seat`` sees it: a face shown when the seat knows the tile."""
    stack = state.stacks[v]
    wall = state.wall
    if not stack:  # most villages, most of the game: nothing more to look at
        return {"id": v, "side": wall.side_of(v), "controller": None, "scout": scout, "stack": []}
    known = state.known
    mine = NO_TILES if seat is None else known[seat]
    face_of = state.tile_face
    owner_of = state.tile_owner
    controller = owner_of[stack[-1]]
    looks = shown or controller == seat
    layers = []
    # Bit tests on the seats' ``TileSet``s directly (``tid in known[s]`` is a Python-level
    # call): every view of every move runs this for each layer and seat.
    for tid in stack:
        f = FACES[face_of[tid]] if shown or mine >> tid & 1 else None
        layers.append(
            {
                "owner": owner_of[tid],
                "face": f,
                "remembered": f is not None and not looks,
                "seen_by": [s for s, bits in enumerate(known) if bits >> tid & 1],
            }
        )
    return {
        "id": v,
        "side": wall.side_of(v),
        "controller": controller,
        "scout": scout,
        "stack": layers,
    }


def _villages(
    state: DschingisKhanState, seat: int | None, shown: bool, shared: Parts | None
) -> list[dict[str, Any]]:
    """Every village as ``seat`` sees it: the spectator's villages (made once per position
    when views share their parts), with the villages holding a tile the seat knows seen
    again through its eyes. Knowing no tile of a stack, a seat sees it as a spectator does."""
    scout_at = {v: s for s, v in enumerate(state.scouts) if v is not None}

    def public() -> list[dict[str, Any]]:
        return [_village(state, v, None, shown, scout_at.get(v)) for v in range(len(state.stacks))]

    villages = public_part(shared, ("villages", shown), public)
    if shown or seat is None:
        return villages
    mine = state.known[seat]
    seen = villages
    for v, stack in enumerate(state.stacks):
        if stack and not mine.isdisjoint(stack):
            if seen is villages:
                seen = list(villages)
            seen[v] = _village(state, v, seat, shown, scout_at.get(v))
    return seen


def _walls(state: DschingisKhanState) -> dict[str, Any]:
    """The wall as every seat sees it (DK-4, DK-5)."""
    wall = state.wall
    great_wall = wall.great_wall_set
    return {
        "pieces": [
            {"line": line, "open": piece == OPEN, "great_wall": line in great_wall}
            for line, piece in enumerate(wall.state)
            if piece != EMPTY
        ],
        "great_wall": list(wall.great_wall),
        "ends": dict(wall.ends),
        "supply": state.common,
        "out_of_game": state.out,
    }


def observe(
    state: DschingisKhanState, seat: int | None, reveal: bool = False, shared: Parts | None = None
) -> dict[str, Any]:
    over = state.is_over
    # ``reveal`` shows every face (a finished game's replay); the scoring still waits for
    # the end, since a past position has none.
    shown = over or reveal
    n = state.num_players
    face_of = state.tile_face
    villages = _villages(state, seat, shown, shared)

    players = []
    for s in range(n):
        sees = shown or s == seat
        players.append(
            {
                "seat": s,
                "walls": state.active_walls[s],
                "tiles": len(state.active_tiles[s]),
                "faces": [FACES[face_of[t]] for t in state.active_tiles[s]] if sees else None,
                "passive": state.passive_count(s),
                "discards": len(state.discards[s]),
                "discarded": [FACES[face_of[t]] for t in state.discards[s]] if sees else None,
                "scout": state.scouts[s],
            }
        )

    scoring = None
    if over:
        scored = state.village_scores()
        scoring = {
            "villages": [vs.to_json() for vs in scored],
            "scores": totals(scored, n),
        }

    return {
        "start_player": state.start_player,
        "turn": {
            "seat": state.current,
            "phase": state.phase,
            "takes": state.takes,
            "committed": state.committed,
            "steps": max(len(state.visited) - 1, 0),
            "visited": list(state.visited),
            "setups_done": state.setups,
        },
        "villages": villages,
        "walls": public_part(shared, "walls", lambda: _walls(state)),
        "players": players,
        "final": {
            "active": state.final_trigger is not None,
            "trigger": state.final_trigger,
            "turns_after_current": state.final_left,
        },
        "scoring": scoring,
    }
