"""Why an action is refused: a sentence naming the ruling and the piece (input with ``!r``).

Only called by the core for an action already known not to be legal; reads the state and
never changes it. Messages name only what the acting seat may see.
"""

from __future__ import annotations

from engines.core import Action

from . import scouting
from .actions import (
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
from .constants import (
    EMPTY,
    FACES,
    MAX_ACTIVE,
    PLACE,
    SCOUT,
    SETUP,
    TAKE,
    TAKES_PER_TURN,
    TILES,
    WALLS,
)
from .state import DschingisKhanState


def why_illegal(state: DschingisKhanState, seat: int, action: Action) -> str:
    # No catch-all: an action of another game (possible only from Python) matches no case
    # below and gets the general sentence.
    phase = state.phase
    is_setup = isinstance(action, Setup)
    is_take = isinstance(action, TakeWall | TakeTile)
    if phase == SETUP and not is_setup:
        return (
            "DK-7: the game starts with each player placing two tiles and the scout "
            f"(a setup action), not {action.label()!r}"
        )
    if is_setup and phase != SETUP:
        return "DK-7: the setup is over; every player has placed the starting tiles"
    if phase == SCOUT and not isinstance(action, PlaceScout):
        return "DK-12: your scout is off the board; put it back on a village before anything else"
    if isinstance(action, PlaceScout) and phase != SCOUT:
        return "DK-12: your scout is on the board; it is put back only after a rescue"
    if phase == TAKE and not is_take:
        return (
            f"DK-8: first take two pieces (a wall or a tile); {state.takes} of "
            f"{TAKES_PER_TURN} taken so far"
        )
    if is_take and phase != TAKE:
        return "DK-8: supplies are taken at the start of the turn; now pieces are placed"
    reason: str | None = None
    match action:
        case Setup():
            reason = _setup(state, seat, action)
        case PlaceScout():
            reason = _place_scout(state, seat, action)
        case TakeWall():
            reason = _take_wall(state, seat)
        case TakeTile():
            reason = _take_tile(state, seat)
        case PlaceWall():
            reason = _place_wall(state, seat, action)
        case Step():
            reason = _step(state, seat, action)
        case DiscardTiles():
            reason = _discard_tiles(state, seat)
        case RescueScout():
            reason = _rescue_scout(state, seat)
        case Pass():
            reason = _pass(state)
    return reason or f"{action.label()!r} is not a legal action now"


def _setup(state: DschingisKhanState, seat: int, action: Setup) -> str | None:
    villages, faces, scout = action.villages, action.faces, action.scout
    geo = state.board
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


def _place_scout(state: DschingisKhanState, seat: int, action: PlaceScout) -> str | None:
    village = action.village
    if not 0 <= village < state.board.num_villages:
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


def _take_wall(state: DschingisKhanState, seat: int) -> str | None:
    if state.active_walls[seat] >= MAX_ACTIVE:
        return f"DK-8: you already hold {MAX_ACTIVE} walls; a fifth cannot be taken"
    if state.common == 0:
        return "DK-8: the common wall supply is empty"
    return None


def _take_tile(state: DschingisKhanState, seat: int) -> str | None:
    if len(state.active_tiles[seat]) >= MAX_ACTIVE:
        return f"DK-8: you already hold {MAX_ACTIVE} tiles; a fifth cannot be taken"
    if state.passive_count(seat) == 0:
        return "DK-8: your passive tile supply is empty"
    return None


def _placing(state: DschingisKhanState, kind: str) -> str | None:
    if state.phase != PLACE:
        return f"DK-9: pieces are placed after taking supplies (now: {state.phase})"
    if state.committed is not None and state.committed != kind:
        return f"DK-9: this turn you place {state.committed}; all pieces placed are of one type"
    return None


def _place_wall(state: DschingisKhanState, seat: int, action: PlaceWall) -> str | None:
    line = action.line
    reason = _placing(state, WALLS)
    if reason:
        return reason
    if not state.active_walls[seat]:
        return "DK-9: you hold no wall in your active supply"
    return state.wall.why_not_placeable(line)


def _step(state: DschingisKhanState, seat: int, action: Step) -> str | None:
    to, tile, via = action.to, action.tile, action.via
    reason = _placing(state, TILES)
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
    if not 0 <= to < state.board.num_villages:
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


def _discard_tiles(state: DschingisKhanState, seat: int) -> str | None:
    reason = _placing(state, TILES)
    if reason:
        return reason
    if not state.active_tiles[seat]:
        return "DK-11: you hold no tile to discard"
    if state.committed is None and not state.scout_blocked(seat):
        return "DK-11: tiles are discarded only when the scout cannot step; it can still step"
    return None


def _rescue_scout(state: DschingisKhanState, seat: int) -> str | None:
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


def _pass(state: DschingisKhanState) -> str:
    if state.phase != PLACE or state.committed is not None:
        return "DK-9: you are placing pieces; a turn passes only when nothing can be placed"
    return "DK-9: you can still place pieces; a turn passes only when nothing can be placed"
