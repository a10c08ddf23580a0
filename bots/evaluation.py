"""Quick estimates of each seat's final score, read from one seat's view only.

``estimate(view)`` returns one number per seat: points already certain plus what the
position promises (villages controlled, dolmens on stacks, majorities held). It is the
medium bot's whole judgement and the hard bot's value at the end of a short rollout, so it
must be cheap: one pass over the view, no search. Faces and values the view does not show
count at their average.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

View = dict[str, Any]

# ---- Dschingis Khan (DK-17) ---------------------------------------------------------------

_UNKNOWN_TILE = 1.0
"""A hidden scoring-side tile: of 17 tiles, 5 Chinese, 5 Mongolian and 5 farmers score
+3, -3 or +3 on either side (DK-17), 2 score 0: about +0.9."""
_UNKNOWN_TILE_PLAGUE = -2.6
"""The same under plague without ginseng: the 15 people tiles score -3 each."""
_ACTIVE_TILE = 0.4
_ACTIVE_WALL = 0.1
"""Pieces in the active supply are points to come (a tile) or moves to come (a wall):
worth a little, so taking supplies is not a blind choice."""


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


_BY_GAME: dict[str, Callable[[View], list[float]]] = {
    "dschingis_khan": _dschingis_khan,
    "dolmengoetter": _dolmengoetter,
}


def estimate(view: View) -> list[float]:
    """Each seat's estimated final score; the final scores once the game is over."""
    if view["is_over"]:
        return [float(s) for s in view["scores"]]
    return _BY_GAME[view["game"]](view)


def margin(values: list[float], seat: int) -> float:
    """How far ``seat`` is ahead of the best other seat (negative: behind)."""
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - max(others, default=0.0)
