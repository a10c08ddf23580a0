"""Where a scout may step (DK-10), as small functions over the wall and the scouts.

``closed_to`` is the set of villages a step may not enter: the villages visited this turn
(the start village included) and those holding another scout. Callers pass it in; these
functions trust it.
"""

from __future__ import annotations

from collections.abc import Container

from .constants import CLOSED, EMPTY, OPEN
from .walls import Wall

Route = tuple[int, tuple[int, ...]]
"""(destination village, wall pieces used): () track, (gate,), (climb, descend)."""


def destinations(wall: Wall, here: int, closed_to: Container[int]) -> list[Route]:
    """Every DK-10 step from ``here``, in a fixed order (tracks and gates, then the wall)."""
    near, along = routes(wall, here, closed_to)
    return near + along


def routes(wall: Wall, here: int, closed_to: Container[int]) -> tuple[list[Route], list[Route]]:
    """The DK-10 steps from ``here`` in two lists: along a track or through an open gate
    (to a neighbour), and along the wall (climbing an open piece next to ``here``,
    descending at another open piece)."""
    geo = wall.geo
    state = wall.state
    line_villages = geo.line_villages
    near: list[Route] = []
    climbs = []
    for line in geo.village_lines[here]:
        a, b = line_villages[line]
        other = b if a == here else a
        s = state[line]
        if s == EMPTY:
            if other not in closed_to:
                near.append((other, ()))
        elif s == OPEN:
            climbs.append(line)
            if other not in closed_to:
                near.append((other, (line,)))
    if not climbs:
        return near, []
    # Walking along the wall reaches every piece: the pieces form one tree (DK-1).
    down = [
        (line, v)
        for line, s in enumerate(state)
        if s == OPEN
        for v in line_villages[line]
        if v not in closed_to
    ]
    along: list[Route] = [
        (v, (climb, line)) for climb in climbs for line, v in down if line != climb
    ]
    return near, along


def can_step(wall: Wall, here: int, closed_to: Container[int]) -> bool:
    """DK-9/DK-11: the scout has at least one step (same as ``bool(destinations(...))``)."""
    geo = wall.geo
    state = wall.state
    line_villages = geo.line_villages
    climbs = 0
    for line in geo.village_lines[here]:
        a, b = line_villages[line]
        other = b if a == here else a
        s = state[line]
        if s == OPEN:
            climbs += 1
        if s != CLOSED and other not in closed_to:
            return True
    if not climbs:
        return False
    for line, s in enumerate(state):
        if s == OPEN and (climbs > 1 or line not in geo.village_lines[here]):
            a, b = line_villages[line]
            if a not in closed_to or b not in closed_to:
                return True
    return False


def why_not_step(
    wall: Wall, here: int, to: int, via: tuple[int, ...], closed_to: Container[int]
) -> str | None:
    """Why the scout on ``here`` may not step to ``to`` using ``via``; ``None`` if it may.

    Checks only the geometry of DK-10; the caller has checked ``to`` against ``closed_to``.
    """
    geo = wall.geo
    n_lines = geo.num_lines
    for line in via:
        if not 0 <= line < n_lines:
            return f"DK-10: there is no line {line!r} between two villages"
    if len(via) > 2:
        return f"DK-10: a step uses at most two wall pieces, not {len(via)} ({via!r})"
    if not via:
        track = geo.line_between(here, to)
        if track is None:
            return (
                f"DK-10: village {to!r} is not a neighbour of village {here}; "
                "name the wall pieces to go along the wall"
            )
        if wall.state[track] != EMPTY:
            return (
                f"DK-10: a wall piece stands on line {track} between villages {here} and {to!r}; "
                "name it as the gate (if it is open) to pass through"
            )
        return None
    if len(via) == 1:
        (gate,) = via
        if set(geo.line_villages[gate]) != {here, to}:
            return f"DK-10: line {gate!r} does not lie between villages {here} and {to!r}"
        if wall.state[gate] == EMPTY:
            return f"DK-10: there is no wall piece on line {gate!r}; step along the track"
        if wall.state[gate] != OPEN:
            return f"DK-10: the wall piece on line {gate!r} is closed; its gate cannot be passed"
        return None
    climb, descend = via
    if climb == descend:
        return f"DK-10: the scout must climb and descend at two distinct pieces, not {via!r}"
    if here not in geo.line_villages[climb]:
        return (
            f"DK-10: the piece on line {climb!r} is not next to village {here}; cannot climb there"
        )
    if to not in geo.line_villages[descend]:
        return f"DK-10: the piece on line {descend!r} is not next to village {to!r}"
    for what, line in (("climb at", climb), ("descend at", descend)):
        if wall.state[line] == EMPTY:
            return f"DK-10: there is no wall piece on line {line!r} to {what}"
        if wall.state[line] != OPEN:
            return f"DK-10: the wall piece on line {line!r} is closed; the scout cannot {what} it"
    return None
