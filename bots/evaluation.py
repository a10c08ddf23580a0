"""Quick estimates of each seat's final score, read from one seat's view only.

``estimate(view)`` returns one number per seat: points already certain plus what the
position promises (villages controlled, dolmens on stacks, majorities held). It is the
medium bot's whole judgement and the hard bot's value at the end of a short rollout, so it
must be cheap: one pass over the view, no search. Faces and values the view does not show
count at their average.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from engines.core import Action, State
from engines.dolmengoetter import DolmengoetterState
from engines.dolmengoetter import actions as dg
from engines.dolmengoetter.rules import majority_holder

from .api import View

# ---- Dschingis Khan (DK-17) ---------------------------------------------------------------

_UNKNOWN_TILE = 1.0
"""A hidden scoring-side tile: of 17 tiles, 5 Chinese, 5 Mongolian and 5 farmers score
+3, -3 or +3 on either side (DK-17), 2 score 0: about +0.9."""
_UNKNOWN_TILE_PLAGUE = -2.6
"""The same under plague without ginseng: the 15 people tiles score -3 each."""
_ACTIVE_TILE = 0.8
_ACTIVE_WALL = 0.1
"""Pieces in the active supply are points to come (a tile) or moves to come (a wall):
worth a little, so taking supplies is not a blind choice. A tile in hand is a village
taken later, or taken back after a rival's scout came through: at 0.4 the search spent its
tiles as soon as they scored and was left with none for the last turns (hard then lost or
shared about one 2-player game in ten against random moves); at 0.8 it keeps some
(docs/BOTS.md: 150 searches per move, the same 120 games, 97.5% against random instead of
90%, 85% against medium instead of 82.5%)."""


def _village_points(village: View) -> float:
    """DK-17 for the village's controller, unknown faces at their average."""
    faces = [layer["face"] for layer in village["stack"]]
    known = [f for f in faces if f is not None]
    unknown = len(faces) - len(known)
    plague, ginseng = "plague" in known, "ginseng" in known
    own = "chinese" if village["side"] == "china" else "mongolian"
    points = 0.0
    for f in known:
        if f in ("plague", "ginseng"):
            continue
        if plague and not ginseng:
            points -= 3
        elif ginseng and not plague:
            points += 1 if f == "farmer" else 3
        else:
            points += 3 if f in (own, "farmer") else -3
    points += unknown * (_UNKNOWN_TILE_PLAGUE if plague and not ginseng else _UNKNOWN_TILE)
    return points


def _dschingis_khan(view: View) -> list[float]:
    out = [0.0] * view["num_players"]
    for village in view["villages"]:
        if village["controller"] is not None:
            out[village["controller"]] += _village_points(village)
    for player in view["players"]:
        out[player["seat"]] += _ACTIVE_TILE * player["tiles"] + _ACTIVE_WALL * player["walls"]
    return out


# ---- Die Dolmengötter (DG-6..DG-10) ---------------------------------------------------------

_UNKNOWN_DOLMEN = 2.5
"""Average dolmen value (values 1-4)."""
_DOLMEN_IN_HAND = 0.3
_MAJORITY = 0.5
"""A majority in a circle that can still take dolmens: the right it earned is used, but
holding it blocks others' and keeps a bottom right (DG-6) alive."""


def _dolmengoetter(view: View) -> list[float]:
    out = [float(s) for s in view["scores"]]
    for circle in view["circles"]:
        # Dolmens score when the circle is complete (DG-8) or at the end (DG-10): weigh
        # a stack by how near its circle is to scoring.
        weight = 0.5 + 0.5 * circle["filled"] / circle["size"]
        factors = circle["factors"]
        for k, dolmen in enumerate(circle["stack"]):
            factor = factors[k] if k < len(factors) else 0
            value = _UNKNOWN_DOLMEN if dolmen["value"] is None else dolmen["value"]
            out[dolmen["owner"]] += weight * value * factor
        holder = circle["majority"]
        if holder is not None and not circle["complete"]:
            out[holder] += _MAJORITY
    for player in view["players"]:
        out[player["seat"]] += _DOLMEN_IN_HAND * player["dolmens_left"]
    return out


def _dolmengoetter_state(state: DolmengoetterState, seat: int) -> list[float]:
    """``_dolmengoetter(state.view(seat))`` read straight from a Dolmengötter state: the
    same sums without building the view (the search calls this thousands of times a move).
    Values ``seat`` does not see count at their average, exactly as in the view."""
    out = [float(s) for s in state.score]
    board = state.board
    for c, stack in enumerate(state.stacks):
        size = board.circle_sizes[c]
        filled = state.filled[c]
        if stack:
            weight = 0.5 + 0.5 * filled / size
            factors = board.factors[c]
            for k, (owner, value) in enumerate(stack):
                factor = factors[k] if k < len(factors) else 0
                shown = value if owner == seat else _UNKNOWN_DOLMEN
                out[owner] += weight * shown * factor
        if 3 <= filled < size:  # DG-6: a majority needs two colours, one ahead
            holder = majority_holder(state.counts[c])
            if holder is not None:
                out[holder] += _MAJORITY
    for s, hand in enumerate(state.hands):
        out[s] += _DOLMEN_IN_HAND * sum(hand)
    return out


_BY_GAME: dict[str, Callable[[View], list[float]]] = {
    "dschingis_khan": _dschingis_khan,
    "dolmengoetter": _dolmengoetter,
}


def estimate(view: View) -> list[float]:
    """Each seat's estimated final score; the final scores once the game is over."""
    if view["is_over"]:
        return [float(s) for s in view["scores"]]
    return _BY_GAME[view["game"]](view)


def estimate_state(state: State, seat: int) -> list[float]:
    """``estimate(state.view(seat))``, faster where a game has a direct reading: for the
    search, which judges sampled states it holds in full (it still counts what ``seat``
    cannot see at its average, as ``seat``'s own view would)."""
    if state.is_over:
        return [float(s) for s in state.scores()]
    if isinstance(state, DolmengoetterState):
        return _dolmengoetter_state(state, seat)
    return estimate(state.view(seat))


def same_estimate_key(action: Action) -> Hashable:
    """Actions with equal keys lead, from one position, to equal estimates: a greedy choice
    judges one of each key. In Die Dolmengötter the estimate reads stones, stacks, hands and
    scores but no druid: a walk or flight counts only by the place it leaves and whether a
    stone goes there (DG-5), herbs and druid placements change nothing it reads."""
    if isinstance(action, dg.Walk | dg.Flight):
        return ("move", action.from_place, action.stone)
    if isinstance(action, dg.Herbs | dg.PlaceDruid | dg.Pass):
        return ("still",)
    return action


def margin(values: list[float], seat: int) -> float:
    """How far ``seat`` is ahead of the best other seat (negative: behind)."""
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - max(others, default=0.0)


def greedy_scores(state: State, seat: int, actions: list[Action]) -> list[float]:
    """Each action's margin (``evaluation.margin``) in the position it leads to, seen
    from ``seat``; ``state`` is one sample and is not changed."""
    scores = []
    for action in actions:
        after = state.clone()
        after.apply(seat, action)
        scores.append(margin(estimate(after.view(seat)), seat))
    return scores


def best_on_estimate(state: State, seat: int, actions: list[Action], count: int) -> list[int]:
    """The indices of the ``count`` actions ranked best by ``greedy_scores`` on ``state``
    (earlier actions first among equals)."""
    ranked = greedy_scores(state, seat, actions)
    return sorted(range(len(actions)), key=lambda i: (-ranked[i], i))[:count]
