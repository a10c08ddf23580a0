"""Die Dolmengötter for agents: action numbers from the board's places and circles.

Ranges (docs/RL.md): ``place_druid`` a place; ``walk`` and ``flight`` the start place, the
destination and the DG-5 stone decision (``places * places * 2`` each); ``herbs`` a place;
``place_dolmen`` the circle and the value 1-4; ``decline_dolmen`` a circle; ``pass``.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import compress, repeat
from operator import eq, is_not, itemgetter
from typing import Any

from engines.core import State, load_board
from engines.dolmengoetter.constants import DRUIDS, DRUIDS_PER_PLAYER, OVER, START_SCORE, SUPPLIES

from .base import (
    Column,
    Encoding,
    Sparse,
    Vector,
    number,
    relative,
    relative_or_nobody,
    relative_seat,
)

PHASES = ("druids", "turn", "rights", "over")
VALUES = (1, 2, 3, 4)


class DolmengoetterEncoding(Encoding):
    game_id = "dolmengoetter"

    def __init__(self) -> None:
        super().__init__()
        board = load_board("dolmengoetter")
        self.num_places = P = len(board["places"])
        self.num_circles = C = len(board["circles"])
        self.max_stack = max(c["max_dolmens"] for c in board["circles"])
        self.max_circle = max(len(c["places"]) for c in board["circles"])
        self.max_factor = max(max(c["factors"]) for c in board["circles"])
        self.circle_sizes = [len(c["places"]) for c in board["circles"]]
        sizes = [
            ("place_druid", P),
            ("walk", P * P * 2),
            ("herbs", P),
            ("flight", P * P * 2),
            ("place_dolmen", C * len(VALUES)),
            ("decline_dolmen", C),
            ("pass", 1),
        ]
        self.offset: dict[str, int] = {}
        start = 0
        for name, size in sizes:
            self.offset[name] = start
            start += size
        self.ranges = sizes
        self._count_actions(start)

    def encode(self, action: Mapping[str, Any]) -> int:
        kind = action["type"]
        o = self.offset
        P = self.num_places
        if kind in ("place_druid", "herbs"):
            return o[kind] + number(action["place"], "place")
        if kind in ("walk", "flight"):
            start, to = number(action["from_place"], "from_place"), number(action["to"], "to")
            return o[kind] + (start * P + to) * 2 + bool(action["stone"])
        if kind == "place_dolmen":
            circle = number(action["circle"], "circle")
            return o[kind] + circle * len(VALUES) + VALUES.index(action["value"])
        if kind == "decline_dolmen":
            return o[kind] + number(action["circle"], "circle")
        if kind == "pass":
            return o[kind]
        raise ValueError(f"not a Dolmengötter action: {action!r}")

    def decode(self, index: int) -> dict[str, Any]:
        self._check(index)
        kind, i = next(
            (name, index - self.offset[name])
            for name, _ in reversed(self.ranges)
            if index >= self.offset[name]
        )
        if kind in ("place_druid", "herbs"):
            return {"type": kind, "place": i}
        if kind in ("walk", "flight"):
            rest, stone = divmod(i, 2)
            start, to = divmod(rest, self.num_places)
            return {"type": kind, "from_place": start, "to": to, "stone": bool(stone)}
        if kind == "place_dolmen":
            circle, value = divmod(i, len(VALUES))
            return {"type": kind, "circle": circle, "value": VALUES[value]}
        if kind == "decline_dolmen":
            return {"type": kind, "circle": i}
        return {"type": "pass"}

    def _observe(self, view: Mapping[str, Any], me: int | None, x: Vector | None = None) -> Vector:
        n = view["num_players"]
        C = self.num_circles
        x = Vector() if x is None else x
        supply = SUPPLIES[n]
        dolmens = sum(supply.dolmens)
        # DG-8, DG-10: every dolmen a seat has scored at most its value times the top factor.
        best = START_SCORE + self.max_factor * sum(
            v * k for v, k in zip(VALUES, supply.dolmens, strict=True)
        )

        def rel(seat: int | None) -> int | None:
            return relative(seat, me, n)

        def rel_or_none(seat: int | None) -> int:
            return relative_or_nobody(seat, me, n)

        for place in view["places"]:
            x.one_hot("place.stone", rel_or_none(place["stone"]), n + 1)
            x.one_hot("place.druid", rel_or_none(place["druid"]), n + 1)
            x.numbers("place.lying", [place["lying"]])
        for circle in view["circles"]:
            stones = [0] * n
            for seat, count in enumerate(circle["stones"]):
                stones[relative_seat(seat, me, n)] = count
            x.numbers("circle.stones", stones, min(supply.stones, self.max_circle))
            x.numbers("circle.filled", [circle["filled"]], self.max_circle)
            x.one_hot("circle.majority", rel_or_none(circle["majority"]), n + 1)
            x.numbers(
                "circle.flags",
                [circle["ever_majority"], circle["complete"], circle["scored"] is not None],
            )
            stack = circle["stack"]
            for k in range(self.max_stack):
                d = stack[k] if k < len(stack) else None
                x.one_hot("circle.stack", None if d is None else rel(d["owner"]), n)
                value = None
                if d is not None:
                    value = 4 if d["value"] is None else VALUES.index(d["value"])
                x.one_hot("circle.stack", value, 5)
        players = sorted(view["players"], key=lambda p: relative_seat(p["seat"], me, n))
        for p in players:
            x.numbers(
                "players.counts",
                [
                    p["score"],
                    p["stones_left"],
                    p["dolmens_left"],
                    p["dolmens_placed"],
                    p["druids_to_place"],
                ],
                [best, supply.stones, dolmens, dolmens, DRUIDS_PER_PLAYER],
            )
            hand = p["hand"] or {}
            x.numbers("players.hand", [hand.get(str(v), 0) for v in VALUES], max(supply.dolmens))
        x.one_hot("phase", PHASES.index(view["phase"]), len(PHASES))
        x.one_hot("current", rel(view["current"]), n)
        x.one_hot("start_player", rel(view["start_player"]), n)
        rights = view["rights"]
        first = rights[0] if rights else None
        x.numbers("rights.count", [len(rights)], C * n)  # one stone: at most one per circle (DG-6)
        x.one_hot("rights.first_seat", None if first is None else rel(first["seat"]), n)
        x.one_hot("rights.first_circle", None if first is None else first["circle"], C)
        x.numbers("rights.first_on_top", [first is not None and first["position"] == "top"])
        final = view["final_round"]
        x.numbers("final_round.active", [final is not None])
        x.one_hot("final_round.started_by", None if final is None else rel(final["started_by"]), n)
        x.numbers("final_round.turns_left", [len(final["turns_left"]) if final else 0], n)
        x.numbers("to_act", [me is not None and me in view["to_act"], view["is_over"]])
        return x

    def _sparse(self, state: State, me: int | None) -> Sparse:
        # ``_observe`` of ``state.view(me)``, piece by piece, from the state's columns.
        # What ``me`` may see is decided as engines/dolmengoetter/observer.py does: every
        # value of a dolmen and of a hand shown once the game is over, before that only
        # the seat's own (DG-11); the rest is public. The places' and circles' entries as
        # whole columns of bytes (``bytes.translate``, ``map``), which ``observe_into``
        # writes with numpy: a Python loop over 78 places and 28 circles cost most of the
        # time.
        n = state.num_players
        starts = self.starts(n)
        seats = self.seats(n, me)
        rel = seats.rel
        st: Any = state
        shown = st.phase == OVER
        table = seats.table
        # FREE (-1) is byte 255: ``seats.table`` makes each place's owner its slot.
        columns: list[Column] = [
            ("place.stone", 0, bytes(st.stone).translate(table), True),
            ("place.druid", 0, bytes(st.druid).translate(table), True),
            ("place.lying", 0, bytes(st.lying), False),
        ]
        counts = st.counts
        columns += [
            ("circle.stones", rel[s], bytes(map(itemgetter(s), counts)), False) for s in range(n)
        ]
        filled = st.filled
        columns += [
            ("circle.filled", 0, bytes(filled), False),
            ("circle.majority", 0, bytes(map(rel.__getitem__, st.holder)), True),
            ("circle.flags", 0, bytes(st.ever_majority), False),
            ("circle.flags", 1, bytes(map(eq, filled, self.circle_sizes)), False),
            ("circle.flags", 2, bytes(map(is_not, st.scored, repeat(None))), False),
        ]
        ones: list[int] = []
        at: list[int] = []
        values: list[float] = []
        layer = n + 5
        stack_at = starts["circle.stack"]
        stacks = st.stacks
        for c in compress(range(self.num_circles), stacks):
            b = stack_at[c]
            for k, (owner, value) in enumerate(stacks[c]):
                at_k = b + k * layer
                # VALUES are 1..4; slot 4: a value this seat may not see.
                ones += (at_k + rel[owner], at_k + n + (value - 1 if shown or owner == me else 4))
        druids = [0] * n
        if st.phase == DRUIDS:
            druids = [DRUIDS_PER_PLAYER - st.druid.count(s) for s in range(n)]
        for s, b, hand_at in zip(
            seats.order, starts["players.counts"], starts["players.hand"], strict=True
        ):
            hand = st.hands[s]
            at += range(b, b + 5)
            values += (st.score[s], st.stones_left[s], sum(hand), st.dolmens_placed[s], druids[s])
            if shown or s == me:
                at += range(hand_at, hand_at + 4)
                values += hand
        (phase,) = starts["phase"]
        ones.append(phase + PHASES.index(st.phase))
        ones.append(starts["current"][0] + rel[st.current])
        ones.append(starts["start_player"][0] + rel[st.start_player])
        rights = st.rights
        if rights:
            first = rights[0]
            at.append(starts["rights.count"][0])
            values.append(len(rights))
            ones.append(starts["rights.first_seat"][0] + rel[first.seat])
            ones.append(starts["rights.first_circle"][0] + first.circle)
            if first.top:
                ones.append(starts["rights.first_on_top"][0])
        if st.final_by is not None:
            ones.append(starts["final_round.active"][0])
            ones.append(starts["final_round.started_by"][0] + rel[st.final_by])
            at.append(starts["final_round.turns_left"][0])
            values.append(len(st.final_left or ()))
        (to_act,) = starts["to_act"]
        if me is not None and me in state.to_act():
            ones.append(to_act)
        if state.is_over:
            ones.append(to_act + 1)
        return ones, at, values, columns
