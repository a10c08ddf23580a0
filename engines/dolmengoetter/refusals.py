"""Why an action is refused: the rule and the piece, in words a player understands.

``why_not_your_turn`` tells a waiting seat that a dolmen right comes first (DG-7);
``why_illegal`` explains an action of the seat to act.

Only called for an action already known not to be legal (the core compares it with the
legal list first), so the checks here explain and never decide. Messages quote the input
with ``!r`` and never mention what the acting seat may not see: a dolmen value is only
ever named to its owner.
"""

from __future__ import annotations

from engines.core import Action

from . import actions as A
from .constants import DRUIDS, FREE, RIGHTS, TURN
from .rules import can_decline_stone, can_place_stone
from .state import DolmengoetterState


def why_not_your_turn(state: DolmengoetterState, action: Action) -> str | None:
    """DG-7: while a dolmen right is pending, say so (``None``: the core's message fits)."""
    if state.phase != RIGHTS:
        return None
    right = state.rights[0]
    where = "on top of" if right.top else "under"
    return (
        f"{action!r}: seat {right.seat} must first answer its dolmen right "
        f"({where} the stack in circle {right.circle}); rights are answered before "
        "anything else happens (DG-7)"
    )


def why_illegal(state: DolmengoetterState, seat: int, action: Action) -> str:
    phase = state.phase
    if phase == DRUIDS and not isinstance(action, A.PlaceDruid):
        return f"{action!r}: the druids are still being placed; place a druid first (DG-2)"
    if phase == RIGHTS and not isinstance(action, A.PlaceDolmen | A.DeclineDolmen):
        right = state.rights[0]
        return (
            f"{action!r}: seat {seat} must first answer its dolmen right in circle "
            f"{right.circle} (DG-7)"
        )
    if phase == TURN and isinstance(action, A.PlaceDruid):
        return f"{action!r}: all druids are placed already (DG-2)"
    if phase == TURN and isinstance(action, A.PlaceDolmen | A.DeclineDolmen):
        return f"{action!r}: there is no dolmen right to answer now (DG-7)"

    if isinstance(action, A.PlaceDruid):
        problem = _place_problem(state, action.place, "a druid goes on a free place (DG-2)")
        return f"{action!r}: {problem or 'not a legal druid placement now (DG-2)'}"
    if isinstance(action, A.Walk | A.Flight):
        return _move_problem(state, seat, action)
    if isinstance(action, A.Herbs):
        problem = _own_druid_problem(state, seat, action.place, "herbs (DG-4)")
        if problem:
            return f"{action!r}: {problem}"
        return (
            f"{action!r}: the druid on stone place {action.place} already lies; only a "
            "standing druid collects herbs (DG-4)"
        )
    if isinstance(action, A.PlaceDolmen | A.DeclineDolmen):
        right = state.rights[0]
        if action.circle != right.circle:
            return (
                f"{action!r}: the dolmen right to answer now is in circle {right.circle}, "
                f"not circle {action.circle!r} (DG-7)"
            )
        if isinstance(action, A.PlaceDolmen):
            if action.value not in (1, 2, 3, 4):
                return f"{action!r}: dolmen values are 1 to 4, not {action.value!r} (DG-2)"
            return (
                f"{action!r}: seat {seat} holds no dolmen of value {action.value!r}; a right "
                "is answered with a dolmen the player holds (DG-7)"
            )
    if isinstance(action, A.Pass):
        return f"{action!r}: seat {seat} has a possible turn, so it may not pass (DG-9)"
    return f"{action!r} is not a legal action now"


def _place_problem(state: DolmengoetterState, place: object, rule: str) -> str | None:
    """Unknown place, or one that holds a stone or druid; ``None`` when it is free."""
    if not isinstance(place, int) or not 0 <= place < len(state.stone):
        return f"there is no stone place {place!r} (places are 0 to {len(state.stone) - 1})"
    if state.stone[place] != FREE:
        return f"stone place {place!r} holds a stone of seat {state.stone[place]}; {rule}"
    if state.druid[place] != FREE:
        return f"stone place {place!r} holds a druid of seat {state.druid[place]}; {rule}"
    return None


def _own_druid_problem(
    state: DolmengoetterState, seat: int, place: object, what: str
) -> str | None:
    if not isinstance(place, int) or not 0 <= place < len(state.stone):
        return f"there is no stone place {place!r} (places are 0 to {len(state.stone) - 1})"
    if state.druid[place] != seat:
        return f"seat {seat} has no druid on stone place {place!r} for {what}"
    return None


def _move_problem(state: DolmengoetterState, seat: int, action: A.Walk | A.Flight) -> str:
    rule = "DG-3" if isinstance(action, A.Walk) else "DG-4"
    kind = "walk" if isinstance(action, A.Walk) else "flight"
    start, to = action.from_place, action.to
    problem = _own_druid_problem(state, seat, start, f"a {kind} ({rule})")
    if problem:
        return f"{action!r}: {problem}"
    if isinstance(action, A.Flight) and not state.lying[start]:
        return (
            f"{action!r}: the druid on stone place {start} is standing; only a lying druid "
            "(one that collected herbs) may take flight (DG-4)"
        )
    if to == start:
        return f"{action!r}: a druid must leave stone place {start!r}; it cannot stay ({rule})"
    problem = _place_problem(state, to, f"a druid moves only to a free place ({rule})")
    if problem:
        return f"{action!r}: {problem}"
    if isinstance(action, A.Walk) and to not in state.walk_destinations(start):
        return (
            f"{action!r}: stone place {to!r} cannot be reached from {start}: a walk goes to a "
            "neighbouring free place or jumps over druids only, never over stones or free "
            "places (DG-3)"
        )
    left = state.stones_left[seat]
    if action.stone and not can_place_stone(left):
        return f"{action!r}: seat {seat} has no stones left to place (DG-5)"
    if not action.stone and not can_decline_stone(state.score[seat], left):
        return (
            f"{action!r}: seat {seat} is at score {state.score[seat]} and still has stones, "
            "so it may not decline the stone on stone place "
            f"{start} (DG-5: declining costs 1 point, not allowed at score 1)"
        )
    return f"{action!r} is not a legal {kind} now ({rule})"
