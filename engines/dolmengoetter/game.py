"""Die Dolmengötter: the game description (board, players) and sampling from a view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engines.core import Action, Game, Rng

from .actions import AnyAction
from .board import DRUIDS_PER_PLAYER, SUPPLIES, Board, standard_board
from .observer import observe
from .rules import FREE, DolmenScore, Right
from .state import RIGHTS, DolmenState


class DolmengoetterGame(Game[DolmenState]):
    id: ClassVar[str] = "dolmengoetter"
    name: ClassVar[str] = "Die Dolmengötter"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    action_type: ClassVar[Any] = AnyAction

    def __init__(self, board: Board | None = None) -> None:
        super().__init__()
        self.board = board or standard_board()

    def _new_state(self, num_players: int, rng: Rng) -> DolmenState:
        return DolmenState(self, num_players, rng)

    def _observe(self, state: DolmenState, seat: int | None) -> dict[str, Any]:
        return observe(state, seat)

    def _why_not_your_turn(
        self, state: DolmenState, seat: int, action: Action, waiting: list[int]
    ) -> str:
        if state.phase != RIGHTS:
            return super()._why_not_your_turn(state, seat, action, waiting)
        # The player should learn why they must wait: a dolmen right comes first (DG-7).
        right = state.rights[0]
        where = "on top of" if right.top else "under"
        return (
            f"{action!r}: seat {right.seat} must first answer its dolmen right "
            f"({where} the stack in circle {right.circle}); rights are answered before "
            "anything else happens (DG-7)"
        )

    def _why_illegal(self, state: DolmenState, seat: int, action: Action) -> str:
        from .explain import why_illegal

        return why_illegal(state, seat, action)

    def sample(self, view: Mapping[str, Any], seat: int | None, rng: Rng) -> DolmenState:
        """A full state consistent with ``seat``'s view (DG-11).

        Everything public is copied from the view. The dolmen values ``seat`` cannot see
        (other players' hands and their dolmens on the board) are drawn from each owner's
        remaining dolmens: the DG-2 split minus the values already revealed by scoring.
        Raises ``ValueError`` if the view does not fit that split (a hand-made position).
        """
        n = view["num_players"]
        state = DolmenState(self, n, Rng(rng.next_u64()))
        state.ply = view["ply"]
        state.phase = view["phase"]
        state.start_player = view["start_player"]
        state.current = view["current"]
        for place in view["places"]:
            p = place["id"]
            state.stone[p] = FREE if place["stone"] is None else place["stone"]
            state.druid[p] = FREE if place["druid"] is None else place["druid"]
            state.lying[p] = place["lying"]
        players = view["players"]
        state.score = [p["score"] for p in players]
        state.stones_left = [p["stones_left"] for p in players]
        state.dolmens_placed = [p["dolmens_placed"] for p in players]
        state.druids_placed = DRUIDS_PER_PLAYER * n - sum(p["druids_to_place"] for p in players)
        state.ever_majority = [c["ever_majority"] for c in view["circles"]]
        state.scored = [
            None if c["scored"] is None else [DolmenScore(**d) for d in c["scored"]]
            for c in view["circles"]
        ]
        stacks: list[list[list[Any]]] = [
            [[d["owner"], d["value"]] for d in c["stack"]] for c in view["circles"]
        ]
        state.final_scored = [f["circle"] for f in view["final_scoring"] or []]
        state.rights = [
            Right(r["seat"], r["circle"], r["position"] == "top") for r in view["rights"]
        ]
        final_round = view["final_round"]
        if final_round is not None:
            state.final_by = final_round["started_by"]
            state.final_left = list(final_round["turns_left"])
        state.end_reason = view["end_reason"]

        for s, player in enumerate(players):
            if player["hand"] is not None:
                state.hands[s] = [player["hand"][str(v)] for v in (1, 2, 3, 4)]
                continue
            pool = [
                v for v, k in zip((1, 2, 3, 4), SUPPLIES[n].dolmens, strict=True) for _ in range(k)
            ]
            for rows in state.scored:
                for row in rows or ():
                    if row.owner == s:
                        if row.value not in pool:
                            raise ValueError(
                                f"seat {s} scored more dolmens of {row.value} than DG-2 gives"
                            )
                        pool.remove(row.value)
            slots = [entry for stack in stacks for entry in stack if entry[0] == s]
            if len(pool) != len(slots) + player["dolmens_left"]:
                raise ValueError(f"seat {s}'s dolmens do not fit the DG-2 split for {n} players")
            rng.shuffle(pool)
            for entry, value in zip(slots, pool, strict=False):
                entry[1] = value
            hand = [0, 0, 0, 0]
            for value in pool[len(slots) :]:
                hand[value - 1] += 1
            state.hands[s] = hand
        state.stacks = [[(o, v) for o, v in stack] for stack in stacks]
        state.recount()
        return state
