"""The one observer of Die Dolmengötter: what a seat sees (DG-11).

``observe(state, seat)`` is merged by ``State.view`` into the common view keys
(``game``, ``num_players``, ``seat``, ``ply``, ``to_act``, ``is_over``, and ``scores`` /
``winners`` once over). Everything below is JSON-ready; clients and bots draw from it, so
keep the shape stable::

    phase           "druids" | "turn" | "rights" | "over"
    start_player    seat that took the first turn (DG-2)
    current         seat whose turn it is (during "rights": whose stone made the rights;
                    during "druids": the start player; ``to_act`` names who places)
    scores          [int per seat]
    players         [{seat, score, stones_left, dolmens_left, dolmens_placed,
                      druids_to_place, hand}]
                    hand: {"1": n, "2": n, "3": n, "4": n} for the viewing seat's own
                    dolmens (all seats once the game is over), else null
    places          [{id, stone: seat|null, druid: seat|null, lying: bool}], index = id
    circles         [{id, shape, stones: [count per seat], filled, size, majority: seat|null,
                      ever_majority: bool, complete: bool, max_dolmens, factors,
                      stack: [{owner, value: int|null}] from the top down,
                      scored: null | [{owner, value, factor, points}] from the top down}]
                    a stack value is shown only to its owner (DG-11); scored values are
                    public (DG-8); ``reveal`` (a finished game replayed) shows every value
    rights          [{seat, circle, position: "top"|"bottom"}] in answering order; the
                    first is the one being answered now (DG-7)
    final_round     null | {started_by: seat, turns_left: [seats in order]} (DG-10)
    end_reason      null | "final_round_done" | "stones_used_up"
    final_scoring   null, or once over [{circle, dolmens: [{owner, value, factor, points}]}]
                    for the dolmens that scored at the end of the game (DG-10)

Events (``Event.view(seat)`` gives ``{"type": ..., **fields}``), in the order they happen::

    druid_placed         {seat, place}                                     DG-2
    turn                 {seat}                      a turn begins
    walk | flight        {seat, from, to}                                  DG-3, DG-4
    herbs                {seat, place}                                     DG-4
    stone_placed         {seat, place, stones_left}                        DG-5
    stone_declined       {seat, place, penalty, score}                     DG-5
    dolmen_right         {seat, circle, position: "top"|"bottom"}          DG-6
    dolmen_placed        {seat, circle, position, height, dolmens_left}    DG-7
                         + {value} for the owner only (everyone once the game is over)
    dolmen_declined      {seat, circle}                                    DG-7
    dolmen_right_lapsed  {seat, circle, reason: "stack_full"|"no_dolmens_left"}
    circle_scored        {circle, final, dolmens: [{owner, value, factor, points,
                          position}], scores}                              DG-8, DG-10
    final_round          {started_by, turns}                               DG-10
    pass                 {seat}                                            DG-9
    game_over            {reason, scores, winners, dolmens_placed}         DG-10
"""

from __future__ import annotations

from typing import Any

from engines.core import Parts, public_part

from .constants import DRUIDS, DRUIDS_PER_PLAYER, FREE, OVER, VALUES
from .scoring import DolmenScore
from .state import DolmengoetterState


def _scored_rows(rows: list[DolmenScore]) -> list[dict[str, int]]:
    return [row._asdict() for row in rows]


def _places(state: DolmengoetterState) -> list[dict[str, Any]]:
    """Every place as every seat sees it. Every seat's view of every move builds this and
    ``_public_circles`` (the server's messages): one pass over the columns, no lookups by
    index."""
    return [
        {
            "id": p,
            "stone": None if stone == FREE else stone,
            "druid": None if druid == FREE else druid,
            "lying": lying == 1,
        }
        for p, stone, druid, lying in zip(
            range(state.board.num_places), state.stone, state.druid, state.lying, strict=True
        )
    ]


def _public_circles(state: DolmengoetterState, shown: bool) -> list[dict[str, Any]]:
    """Every circle as a spectator sees it: a stack's values hidden unless ``shown``
    (DG-11), scored values public (DG-8)."""
    board = state.board
    shapes, sizes, max_dolmens, factors = (
        board.circle_shapes,
        board.circle_sizes,
        board.max_dolmens,
        board.factors,
    )
    return [
        {
            "id": c,
            "shape": shapes[c],
            "stones": list(counts),
            "filled": filled,
            "size": sizes[c],
            "majority": holder,  # majority_holder(counts), kept up to date by the state
            "ever_majority": ever,
            "complete": filled == sizes[c],
            "max_dolmens": max_dolmens[c],
            "factors": list(factors[c]),
            "stack": [{"owner": o, "value": v if shown else None} for o, v in stack],
            "scored": None if scored is None else _scored_rows(scored),
        }
        for c, counts, filled, holder, ever, stack, scored in zip(
            range(board.num_circles),
            state.counts,
            state.filled,
            state.holder,
            state.ever_majority,
            state.stacks,
            state.scored,
            strict=True,
        )
    ]


def _holds_dolmen_of(stack: list[tuple[int, int]], seat: int) -> bool:
    """Whether ``seat`` owns a dolmen of ``stack``, whose value it alone may see (DG-11).
    A loop rather than ``any`` over a generator: every seat's view of every move asks it
    of each circle, and the generator cost four times as much."""
    for owner, _ in stack:  # noqa: SIM110 (see the docstring)
        if owner == seat:
            return True
    return False


def _circles(
    state: DolmengoetterState, seat: int | None, shown: bool, shared: Parts | None
) -> list[dict[str, Any]]:
    """Every circle as ``seat`` sees it: the spectator's circles (made once per position
    when views share their parts), with the values of the seat's own dolmens (DG-11) in
    the circles whose stack holds one."""
    public = public_part(shared, ("circles", shown), lambda: _public_circles(state, shown))
    if shown or seat is None:
        return public
    circles = public
    for c, stack in enumerate(state.stacks):
        if stack and _holds_dolmen_of(stack, seat):
            if circles is public:
                circles = list(public)
            circles[c] = {
                **public[c],
                "stack": [{"owner": o, "value": v if o == seat else None} for o, v in stack],
            }
    return circles


def observe(
    state: DolmengoetterState, seat: int | None, reveal: bool = False, shared: Parts | None = None
) -> dict[str, Any]:
    n = state.num_players
    over = state.phase == OVER
    # ``reveal``: a finished game replayed shows every value, as once it is over.
    shown = over or reveal

    placed_druids = [0] * n
    for owner in state.druid:
        if owner != FREE:
            placed_druids[owner] += 1
    druids_to_place = [0] * n
    if state.phase == DRUIDS:
        druids_to_place = [DRUIDS_PER_PLAYER - placed_druids[s] for s in range(n)]

    players = [
        {
            "seat": s,
            "score": state.score[s],
            "stones_left": state.stones_left[s],
            "dolmens_left": sum(state.hands[s]),
            "dolmens_placed": state.dolmens_placed[s],
            "druids_to_place": druids_to_place[s],
            "hand": (
                {str(v): state.hands[s][v - 1] for v in VALUES} if shown or s == seat else None
            ),
        }
        for s in range(n)
    ]
    places = public_part(shared, "places", lambda: _places(state))
    circles = _circles(state, seat, shown, shared)
    final_round = None
    if state.final_by is not None:
        final_round = {"started_by": state.final_by, "turns_left": list(state.final_left or [])}
    final_scoring = None
    if over:
        final_scoring = [
            {"circle": c, "dolmens": _scored_rows(state.scored[c] or [])}
            for c in state.final_scored
        ]
    return {
        "phase": state.phase,
        "start_player": state.start_player,
        "current": state.current,
        "scores": list(state.score),
        "players": players,
        "places": places,
        "circles": circles,
        "rights": [
            {"seat": r.seat, "circle": r.circle, "position": "top" if r.top else "bottom"}
            for r in state.rights
        ],
        "final_round": final_round,
        "end_reason": state.end_reason,
        "final_scoring": final_scoring,
    }
