"""Playouts to the end of the game with a cheap policy instead of uniformly random moves
(issue 42).

In Dschingis Khan a uniformly random playout lays faces on the wrong side as often as on the
right one and walks past the villages worth taking, so the final margins it returns say
little about the position it started from. ``informed_playout`` keeps the playout almost as
cheap: at each decision it looks at ``TOURNAMENT`` random legal moves and plays the one whose
scout step gains the most points at once (DK-17, the village's points before and after the
tile, counted for whoever controls it, DK-13); every other move counts nothing. The states
it plays on are samples drawn from a seat's view, so reading their pieces is fair.

In Die Dolmengötter ``informed_playout`` is ``placing_playout``: random moves, but no stone
or dolmen declined that could go down.
"""

from __future__ import annotations

import random
from typing import cast

from engines.core import Action, State
from engines.dolmengoetter import DolmengoetterState
from engines.dolmengoetter.actions import DeclineDolmen, Flight, Walk
from engines.dschingis_khan import DschingisKhanState
from engines.dschingis_khan.actions import PlaceWall, Step
from engines.dschingis_khan.constants import FACE_INDEX
from engines.dschingis_khan.scoring import village_points

from .flat import random_playout

TOURNAMENT = 12
"""Moves looked at per decision: more plays closer to greedy and costs more per ply (why
twelve: docs/BOTS.md, "A greedier playout")."""

_MAX_PLIES = 2000


def step_gain(state: DschingisKhanState, seat: int, action: Action) -> float:
    """What a scout step changes at once in ``seat``'s lead: the village's points after
    the tile, plus those taken from a rival who held it (or minus its old points if
    ``seat`` held it already); 0 for any other move."""
    if not isinstance(action, Step):
        return 0.0
    faces = [state.tile_face[t] for t in state.stacks[action.to]]
    mongolia = state.wall.mongolian[action.to]
    before = village_points(faces, mongolia)
    after = village_points([*faces, FACE_INDEX[action.tile]], mongolia)
    holder = state.controller(action.to)
    if holder is None:
        return after
    return after - before if holder == seat else after + before


def wall_gain(state: DschingisKhanState, seat: int, action: PlaceWall) -> float:
    """What placing a wall piece changes at once in ``seat``'s lead: the villages whose side
    it changes (DK-6, after DK-3..DK-5), their points on the new side minus the old, for or
    against ``seat`` by who controls them (DK-13)."""
    after = cast(DschingisKhanState, state.clone())
    after.apply(seat, action)
    gain = 0.0
    sides = zip(state.wall.mongolian, after.wall.mongolian, strict=True)
    for village, (was, now) in enumerate(sides):
        if was == now or not state.stacks[village]:
            continue
        faces = [state.tile_face[t] for t in state.stacks[village]]
        change = village_points(faces, now) - village_points(faces, was)
        gain += change if state.controller(village) == seat else -change
    return gain


def informed_playout(
    state: State, rng: random.Random, tournament: int | None = TOURNAMENT, walls: int = 0
) -> None:
    """Play ``state`` to the end with its game's cheap policy (see the module):
    ``scout_playout`` in Dschingis Khan (``tournament`` and ``walls`` are its), and
    ``placing_playout`` in Die Dolmengötter; any other game plays at random."""
    if isinstance(state, DschingisKhanState):
        scout_playout(state, rng, tournament, walls)
    elif isinstance(state, DolmengoetterState):
        placing_playout(state, rng)
    else:
        random_playout(state, rng)


def scout_playout(
    state: DschingisKhanState,
    rng: random.Random,
    tournament: int | None = TOURNAMENT,
    walls: int = 0,
    plies: int = _MAX_PLIES,
) -> None:
    """Dschingis Khan to the end, or for ``plies`` decisions, every one made by
    ``scout_choice``."""
    for _ in range(plies):
        if state.is_over:
            return
        actor = state.to_act()[0]
        state.apply(actor, scout_choice(state, actor, rng, tournament, walls))


def scout_choice(
    state: DschingisKhanState,
    actor: int,
    rng: random.Random,
    tournament: int | None = TOURNAMENT,
    walls: int = 0,
) -> Action:
    """The move of ``actor`` that gains most at once of ``tournament`` random legal ones, of
    which up to ``walls`` wall pieces are judged by ``wall_gain`` (each costs a placement;
    the others count nothing); with ``tournament=None`` of every legal one, equals drawn at
    random, no wall piece judged."""
    legal = state.legal_actions(actor)
    if len(legal) == 1:
        return legal[0]
    if tournament is None:
        return _greediest(state, actor, legal, rng)
    gains: dict[tuple[int, str], float] = {}
    choice, value = legal[0], -1e9  # the first move looked at always replaces it
    judged = 0
    for _ in range(tournament):
        action = legal[rng.randrange(len(legal))]
        if judged < walls and isinstance(action, PlaceWall):
            judged += 1
            gain = wall_gain(state, actor, action)
        else:
            gain = _gain(state, actor, action, gains)
        if gain > value:
            choice, value = action, gain
    return choice


def _greediest(
    state: DschingisKhanState, actor: int, legal: list[Action], rng: random.Random
) -> Action:
    """Of every legal move, one that gains most at once (equals drawn at random)."""
    gains: dict[tuple[int, str], float] = {}
    best: list[Action] = []
    value = -1e9
    for action in legal:
        gain = _gain(state, actor, action, gains)
        if gain > value:
            best, value = [action], gain
        elif gain == value:
            best.append(action)
    return best[rng.randrange(len(best))]


def _gain(
    state: DschingisKhanState, actor: int, action: Action, gains: dict[tuple[int, str], float]
) -> float:
    """``step_gain``, kept in ``gains`` (one decision's): a step's gain depends only on its
    village and face, so it is reckoned once for every route there with that face (hard's
    time goes to these playouts)."""
    if not isinstance(action, Step):
        return 0.0
    key = (action.to, action.tile)
    gain = gains.get(key)
    if gain is None:
        gain = gains[key] = step_gain(state, actor, action)
    return gain


def placing_playout(state: State, rng: random.Random) -> None:
    """Die Dolmengötter to the end: each seat plays a random legal move, but never declines
    what it may place. A walk or flight leaves a stone when the seat could (declining costs
    a point, DG-5) and a dolmen right is answered with a dolmen when one may go there (DG-7):
    a uniformly random playout declines half its stones (each walk has both twins) and some
    dolmens, so its games run longer and build fewer majorities than any player's."""
    for _ in range(_MAX_PLIES):
        if state.is_over:
            return
        actor = state.to_act()[0]
        legal = state.legal_actions(actor)
        if len(legal) > 1:
            # With no stone left every walk declines, for free (DG-5): keep them then.
            stones = any(isinstance(a, Walk | Flight) and a.stone for a in legal)
            legal = [a for a in legal if not _declines(a, stones)] or legal
        state.apply(actor, rng.choice(legal))


def _declines(action: Action, stones: bool) -> bool:
    if isinstance(action, Walk | Flight):
        return stones and not action.stone
    return isinstance(action, DeclineDolmen)
