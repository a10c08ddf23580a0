"""Full states consistent with one seat's view, for bots that search hidden information.

``sample`` fills in the same JSON-ready dict that ``DolmengoetterState._dump`` writes and
``_load`` reads, so the state's attributes are listed in one place only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Game, Rng

from .constants import DRUIDS_PER_PLAYER, FREE, SUPPLIES, VALUES
from .scoring import DolmenScore
from .state import DolmengoetterState


def sample(
    game: Game[DolmengoetterState], view: Mapping[str, Any], seat: int | None, rng: Rng
) -> DolmengoetterState:
    """A full state consistent with ``seat``'s view (DG-11).

    Everything public is copied from the view. The dolmen values ``seat`` cannot see
    (other players' hands and their dolmens on the board) are drawn from each owner's
    remaining dolmens: the DG-2 split minus the values already revealed by scoring.
    Raises ``ValueError`` if the view does not fit that split (a hand-made position).
    """
    n = view["num_players"]
    state_rng = Rng(rng.next_u64())
    places = view["places"]
    players = view["players"]
    circles = view["circles"]
    scored = [
        None if c["scored"] is None else [[d[k] for k in DolmenScore._fields] for d in c["scored"]]
        for c in circles
    ]
    stacks: list[list[list[int]]] = [
        [[d["owner"], d["value"]] for d in c["stack"]] for c in circles
    ]
    hands: list[list[int]] = []
    for s, player in enumerate(players):
        if player["hand"] is not None:
            hands.append([player["hand"][str(v)] for v in VALUES])
            continue
        pool = [v for v, k in zip(VALUES, SUPPLIES[n].dolmens, strict=True) for _ in range(k)]
        for rows in scored:
            for owner, value, *_ in rows or ():
                if owner == s:
                    if value not in pool:
                        raise ValueError(f"seat {s} scored more dolmens of {value} than DG-2 gives")
                    pool.remove(value)
        slots = [entry for stack in stacks for entry in stack if entry[0] == s]
        if len(pool) != len(slots) + player["dolmens_left"]:
            raise ValueError(f"seat {s}'s dolmens do not fit the DG-2 split for {n} players")
        rng.shuffle(pool)
        for entry, value in zip(slots, pool, strict=False):
            entry[1] = value
        hand = [0, 0, 0, 0]
        for value in pool[len(slots) :]:
            hand[value - 1] += 1
        hands.append(hand)
    final_round = view["final_round"]
    data: dict[str, Any] = {
        "phase": view["phase"],
        "start_player": view["start_player"],
        "current": view["current"],
        "druids_placed": DRUIDS_PER_PLAYER * n - sum(p["druids_to_place"] for p in players),
        "stone": [FREE if p["stone"] is None else p["stone"] for p in places],
        "druid": [FREE if p["druid"] is None else p["druid"] for p in places],
        "lying": [int(p["lying"]) for p in places],
        "stones_left": [p["stones_left"] for p in players],
        "scores": [p["score"] for p in players],
        "hands": hands,
        "dolmens_placed": [p["dolmens_placed"] for p in players],
        "ever_majority": [int(c["ever_majority"]) for c in circles],
        "stacks": stacks,
        "scored": scored,
        "final_scored": [f["circle"] for f in view["final_scoring"] or []],
        "rights": [[r["seat"], r["circle"], int(r["position"] == "top")] for r in view["rights"]],
        "final_by": None if final_round is None else final_round["started_by"],
        "final_left": None if final_round is None else list(final_round["turns_left"]),
        "end_reason": view["end_reason"],
    }
    return game.from_json(
        {
            "game": game.id,
            "num_players": n,
            "rng": state_rng.to_json(),
            "ply": view["ply"],
            "state": data,
        }
    )
