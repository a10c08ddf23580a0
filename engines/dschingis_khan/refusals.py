"""Why an action is refused: a sentence naming the ruling and the piece (input with ``!r``).

Only called by the core for an action already known not to be legal; reads the state and
never changes it. Messages name only what the acting seat may see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core import Action

from . import scouting
from .actions import FACES
from .state import MAX_ACTIVE, PLACE, SCOUT, SETUP, TAKE, TILES, WALLS
from .walls import EMPTY

if TYPE_CHECKING:
    from .state import DschingisKhanState

TAKES = ("take_wall", "take_tile")


def why_illegal(state: DschingisKhanState, seat: int, action: Action) -> str:
    kind = action.type
    phase = state.phase
    if phase == SETUP and kind != "setup":
        return (
            "DK-7: the game starts with each player placing two tiles and the scout "
            f"(a setup action), not {action.label()!r}"
        )
    if kind == "setup" and phase != SETUP:
        return "DK-7: the setup is over; every player has placed the starting tiles"
    if phase == SCOUT and kind != "place_scout":
        return "DK-12: your scout is off the board; put it back on a village before anything else"
    if kind == "place_scout" and phase != SCOUT:
        return "DK-12: your scout is on the board; it is put back only after a rescue"
    if phase == TAKE and kind not in TAKES:
        return f"DK-8: first take two pieces (a wall or a tile); {state.takes} of 2 taken so far"
    if kind in TAKES and phase != TAKE:
        return "DK-8: supplies are taken at the start of the turn; now pieces are placed"
    check = _CHECKS.get(kind)
    reason = check(state, seat, action) if check else None
    return reason or f"{action.label()!r} is not a legal action now"


def _setup(state: DschingisKhanState, seat: int, action: Action) -> str | None:
    villages, faces, scout = action.villages, action.faces, action.scout  # type: ignore[attr-defined]
    geo = state.game.geo
    held = sorted(FACES[state.tile_face[t]] for t in state.active_tiles[seat])
    if sorted(faces) != held:
        return f"DK-7: you drew {' and '.join(held)}, so the faces {faces!r} cannot be placed"
    a, b = villages
    for v in villages:
        if not 0 <= v < geo.num_villages:
            return f"DK-7: there is no village {v!r}"
    if a >= b:
        return f"DK-7: name the two villages in ascending order, not {villages!r}"
    line = geo.line_between(a, b)
    if line is None:
        return f"DK-7: villages {a!r} and {b!r} are not neighbours"
    if state.wall.state[line] != EMPTY:
        return f"DK-7: a wall piece stands on line {line} between villages {a!r} and {b!r}"
    for v in villages:
        if state.stacks[v]:
            return f"DK-7: village {v!r} already holds a tile"
        if v in state.scouts:
            return f"DK-7: village {v!r} holds a scout"
    if scout not in villages:
        return f"DK-7: the scout goes on one of the two villages {villages!r}, not on {scout!r}"
    return None


def _place_scout(state: DschingisKhanState, seat: int, action: Action) -> str | None:
    village = action.village  # type: ignore[attr-defined]
    if not 0 <= village < state.game.geo.num_villages:
        return f"DK-12: there is no village {village!r}"
    if village in state.scouts:
        return f"DK-12: village {village!r} already holds a scout"
    spots = state.scout_spots(seat)
    if any(state.controller(v) == seat for v in spots):
        why = "a village you control from which the scout can step"
    elif all(not state.stacks[v] for v in spots):
        why = "a village with no tile and no scout (none you control lets the scout step)"
    else:
        why = "a village without a scout"
    return f"DK-12: the scout must go on {why}: one of {spots}; not village {village!r}"


def _take_wall(state: DschingisKhanState, seat: int, action: Action) -> str | None:
    if state.active_walls[seat] >= MAX_ACTIVE:
        return f"DK-8: you already hold {MAX_ACTIVE} walls; a fifth cannot be taken"
    if state.common == 0:
        return "DK-8: the common wall supply is empty"
    return None


def _take_tile(state: DschingisKhanState, seat: int, action: Action) -> str | None:
    if len(state.active_tiles[seat]) >= MAX_ACTIVE:
        return f"DK-8: you already hold {MAX_ACTIVE} tiles; a fifth cannot be taken"
    if state.passive_count(seat) == 0:
        return "DK-8: your passive tile supply is empty"
    return None


def _placing(state: DschingisKhanState, seat: int, kind: str) -> str | None:
    if state.phase != PLACE:
        return f"DK-9: pieces are placed after taking supplies (now: {state.phase})"
    if state.committed is not None and state.committed != kind:
        return f"DK-9: this turn you place {state.committed}; all pieces placed are of one type"
    return None


def _place_wall(state: DschingisKhanState, seat: int, action: Action) -> str | None:
    line = action.line  # type: ignore[attr-defined]
    reason = _placing(state, seat, WALLS)
    if reason:
        return reason
    if not state.active_walls[seat]:
        return "DK-9: you hold no wall in your active supply"
    return state.wall.why_not_placeable(line)


def _step(state: DschingisKhanState, seat: int, action: Action) -> str | None:
    to, tile, via = action.to, action.tile, action.via  # type: ignore[attr-defined]
    reason = _placing(state, seat, TILES)
    if reason:
        return reason
    held = [FACES[state.tile_face[t]] for t in state.active_tiles[seat]]
    if not held:
        return "DK-9: you hold no tile in your active supply"
    if tile not in held:
        return f"DK-10: you hold no {tile!r} tile in your active supply ({', '.join(held)})"
    here = state.scouts[seat]
    assert here is not None
    if state.committed is None and state.scout_blocked(seat):
        return (
            "DK-11: your scout cannot step anywhere; choosing tiles now discards them, "
            "or take the scout off the board"
        )
    if not 0 <= to < state.game.geo.num_villages:
        return f"DK-10: there is no village {to!r}"
    if to == state.visited[0]:
        return f"DK-10: the scout may not return to village {to!r}, where it started this turn"
    if to in state.visited:
        return f"DK-10: village {to!r} was already visited this turn"
    other = next((s for s, v in enumerate(state.scouts) if v == to and s != seat), None)
    if other is not None:
        return (
            f"DK-10: village {to!r} holds the scout of seat {other}; scouts never share a village"
        )
    return scouting.why_not_step(state.wall, here, to, tuple(via), ())


def _discard_tiles(state: DschingisKhanState, seat: int, action: Action) -> str | None:
    reason = _placing(state, seat, TILES)
    if reason:
        return reason
    if not state.active_tiles[seat]:
        return "DK-11: you hold no tile to discard"
    if state.committed is None and not state.scout_blocked(seat):
        return "DK-11: tiles are discarded only when the scout cannot step; it can still step"
    return None


def _rescue_scout(state: DschingisKhanState, seat: int, action: Action) -> str | None:
    if state.phase != PLACE or state.committed is not None:
        return "DK-9: the scout is taken off instead of placing pieces, as the whole turn"
    here = state.scouts[seat]
    assert here is not None
    routes = scouting.destinations(state.wall, here, state.scout_closed_to(seat))
    if routes:
        return (
            "DK-9: the scout may be taken off the board only when it cannot make any step; "
            f"it can still step to village {routes[0][0]}"
        )
    return None


def _pass(state: DschingisKhanState, seat: int, action: Action) -> str | None:
    if state.phase != PLACE or state.committed is not None:
        return "DK-9: you are placing pieces; a turn passes only when nothing can be placed"
    return "DK-9: you can still place pieces; a turn passes only when nothing can be placed"


_CHECKS = {
    "setup": _setup,
    "place_scout": _place_scout,
    "take_wall": _take_wall,
    "take_tile": _take_tile,
    "place_wall": _place_wall,
    "step": _step,
    "discard_tiles": _discard_tiles,
    "rescue_scout": _rescue_scout,
    "pass": _pass,
}
