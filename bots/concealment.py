"""What a bot lays face down is mixed, so its pattern does not give the hidden part away.

Some actions carry a part only their player sees: the value of a dolmen (DG-7, DG-11), the
face of a tile placed in a village or at setup (DK-7, DK-10, DK-15). Actions that differ
only there are one public move with several *hidden variants*. A policy that always took
the variant its estimate ranks first (medium and hard always laid their largest dolmen)
lets an opponent who knows the policy read the hidden part off the public move: issue 36
predicted 53 of 53 face-down dolmens. So every level decides the public move as before and
then draws the hidden part uniformly, with its secret rng, among the variants whose worth
is *close* to the best one's (``CLOSE``): an opponent who knows the policy, the public log
and even the seat's own view can then guess it with probability 1/k at most, k being the
number of close variants. What stays readable is that the bot laid no variant clearly
worse than one it held: mixing those would cost the bot its game (docs/BOTS.md).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Hashable

import engines
from engines.core import Rng

from .api import ActionJson, Legal, View
from .evaluation import estimate, margin

HIDDEN: dict[str, dict[str, tuple[str, ...]]] = {
    "dolmengoetter": {"place_dolmen": ("value",)},
    "dschingis_khan": {"setup": ("faces",), "step": ("tile",)},
}
"""Per game, per action type, the fields only the acting seat sees after the action."""

CLOSE: dict[str, float] = {
    # A value's worth on a stack is value × factor × how near the circle is to scoring, so a
    # value 1 higher is 1.5 to 5 points better. Within 3 points about half of the face-down
    # dolmens are mixed (1 and 2 points: none in 4 test games; every value held: medium
    # won 28% of 100 2-player games against unmixed medium); docs/BOTS.md has the cost.
    "dolmengoetter": 3.0,
    # A face's worth in a village is +3, -3, +1 or 0 (DK-17): faces of equal worth are mixed,
    # a face 2 or more points worse is not (laying it would only be a mistake).
    "dschingis_khan": 1.0,
}
"""Per game, how far (in ``evaluation.margin`` points) below the best hidden variant a
variant's worth may lie and still be drawn."""


def public_part(game_id: str, action: ActionJson) -> Hashable:
    """What every other seat learns from ``action`` (its JSON): the action without its
    hidden fields."""
    hidden = HIDDEN.get(game_id, {}).get(action.get("type", ""), ())
    return json.dumps({k: v for k, v in action.items() if k not in hidden}, sort_keys=True)


def hidden_variants(game_id: str, action: ActionJson, legal: Legal) -> list[int]:
    """Indexes of the legal actions that look like ``action`` to every other seat."""
    key = public_part(game_id, action)
    return [i for i, item in enumerate(legal) if public_part(game_id, item["action"]) == key]


def close_variants(view: View, legal: Legal, variants: list[int], rng: random.Random) -> list[int]:
    """The ``variants`` whose worth, judged like medium on one state sampled from the view,
    lies within ``CLOSE`` of the best."""
    limit = CLOSE.get(view["game"], 0.0)
    if math.isinf(limit):
        return variants
    game = engines.get(view["game"])
    seat = view["seat"]
    state = game.sample(view, seat, Rng(rng.getrandbits(64)))
    scores = []
    for i in variants:
        after = state.clone()
        after.apply(seat, game.parse_action(legal[i]["action"]))
        scores.append(margin(estimate(after.view(seat)), seat))
    top = max(scores)
    return [i for i, s in zip(variants, scores, strict=True) if s >= top - limit - 1e-9]


def conceal(view: View, legal: Legal, action: ActionJson, rng: random.Random) -> ActionJson:
    """``action`` (one of ``legal``, the policy's choice) with its hidden part drawn
    uniformly among the close variants; the action itself if it hides nothing."""
    variants = hidden_variants(view["game"], action, legal)
    if len(variants) < 2:
        return action
    return legal[rng.choice(close_variants(view, legal, variants, rng))]["action"]
