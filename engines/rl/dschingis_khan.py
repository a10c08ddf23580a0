"""Dschingis Khan for agents: action numbers from the board's lines and villages.

Every line of the board lies between exactly two villages, so every action is named by
lines, villages and faces (docs/RL.md lists the ranges):

- ``setup``: the line between the two villages, the two faces, and which of the two holds
  the scout (DK-7): ``lines * 5 * 5 * 2``;
- the five actions without fields (take a wall or a tile, discard, rescue, pass);
- ``place_wall``: a line; ``place_scout``: a village;
- ``step`` along a track: destination and face; through a gate: the gate's line, which of
  its two villages, the face; along the wall: the climbing line, the descending line, which
  of the descending line's two villages, the face (DK-10). Pairs that climb and descend at
  the same line are numbered but never legal: a plain product is easier to read back.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import compress, repeat
from operator import add, eq, not_
from typing import Any

from engines.core import Action, State, load_board
from engines.dschingis_khan.actions import Step
from engines.dschingis_khan.constants import EMPTY, MAX_ACTIVE, OPEN, OVER, TAKES_PER_TURN, TILE_SET

from .base import (
    Encoding,
    Sparse,
    Vector,
    number,
    relative,
    relative_or_nobody,
    relative_seat,
)

FACES = ("chinese", "mongolian", "farmer", "plague", "ginseng")
FACE = {f: i for i, f in enumerate(FACES)}
PHASES = ("setup", "scout", "take", "place", "over")
COMMITTED = (None, "walls", "tiles")
SIMPLE = ("take_wall", "take_tile", "discard_tiles", "rescue_scout", "pass")
TOP_LAYERS = 6
"""Stack layers encoded one by one from the top; deeper ones only in the per-face counts."""


class DschingisKhanEncoding(Encoding):
    game_id = "dschingis_khan"

    def __init__(self) -> None:
        super().__init__()
        board = load_board("dschingis_khan")
        lines = sorted(board["lines"], key=lambda line: line["id"])
        self.line_villages = [tuple(line["villages"]) for line in lines]
        self.num_lines = L = len(lines)
        self.num_villages = V = len(board["villages"])
        self.total_walls: int = board["total_walls"]
        self.num_towers = len(board["towers"])
        sizes = [
            ("setup", L * 5 * 5 * 2),
            ("simple", len(SIMPLE)),
            ("place_wall", L),
            ("place_scout", V),
            ("step_track", V * 5),
            ("step_gate", L * 2 * 5),
            ("step_wall", L * L * 2 * 5),
        ]
        self.offset: dict[str, int] = {}
        start = 0
        for name, size in sizes:
            self.offset[name] = start
            start += size
        self.ranges = sizes
        self._count_actions(start)

    def _shared(self, action: Action) -> bool:
        # Steps along the wall are made on demand, not shared (engines/dschingis_khan/
        # actions.py, SharedActions).
        return not (isinstance(action, Step) and len(action.via) == 2)

    def _side(self, line: int, village: int) -> int:
        a, b = self.line_villages[line]
        if village not in (a, b):
            raise ValueError(f"village {village} is not beside line {line}")
        return 0 if village == a else 1

    def encode(self, action: Mapping[str, Any]) -> int:
        kind = action["type"]
        o = self.offset
        L = self.num_lines
        if kind in SIMPLE:
            return o["simple"] + SIMPLE.index(kind)
        if kind == "place_wall":
            return o["place_wall"] + number(action["line"], "line")
        if kind == "place_scout":
            return o["place_scout"] + number(action["village"], "village")
        if kind == "setup":
            a, b = (number(v, "villages") for v in action["villages"])
            line = next(i for i, vs in enumerate(self.line_villages) if set(vs) == {a, b})
            fa, fb = (FACE[f] for f in action["faces"])
            scout_b = number(action["scout"], "scout") == b
            return o["setup"] + ((line * 5 + fa) * 5 + fb) * 2 + scout_b
        if kind == "step":
            to, face = number(action["to"], "to"), FACE[action["tile"]]
            via = tuple(number(v, "via") for v in action.get("via", ()))
            if not via:
                return o["step_track"] + to * 5 + face
            if len(via) == 1:
                return o["step_gate"] + (via[0] * 2 + self._side(via[0], to)) * 5 + face
            climb, descend = via
            return o["step_wall"] + ((climb * L + descend) * 2 + self._side(descend, to)) * 5 + face
        raise ValueError(f"not a Dschingis Khan action: {action!r}")

    def decode(self, index: int) -> dict[str, Any]:
        self._check(index)
        name, i = next(
            (name, index - self.offset[name])
            for name, size in reversed(self.ranges)
            if index >= self.offset[name]
        )
        L = self.num_lines
        lv = self.line_villages
        if name == "simple":
            return {"type": SIMPLE[i]}
        if name == "place_wall":
            return {"type": "place_wall", "line": i}
        if name == "place_scout":
            return {"type": "place_scout", "village": i}
        if name == "setup":
            rest, scout_b = divmod(i, 2)
            rest, fb = divmod(rest, 5)
            line, fa = divmod(rest, 5)
            a, b = sorted(lv[line])
            return {
                "type": "setup",
                "villages": [a, b],
                "faces": [FACES[fa], FACES[fb]],
                "scout": b if scout_b else a,
            }
        rest, face = divmod(i, 5)
        if name == "step_track":
            return {"type": "step", "to": rest, "tile": FACES[face], "via": []}
        if name == "step_gate":
            gate, side = divmod(rest, 2)
            return {"type": "step", "to": lv[gate][side], "tile": FACES[face], "via": [gate]}
        rest, side = divmod(rest, 2)
        climb, descend = divmod(rest, L)
        return {
            "type": "step",
            "to": lv[descend][side],
            "tile": FACES[face],
            "via": [climb, descend],
        }

    def _observe(self, view: Mapping[str, Any], me: int | None, x: Vector | None = None) -> Vector:
        n = view["num_players"]
        V, L, T = self.num_villages, self.num_lines, self.num_towers
        x = Vector() if x is None else x
        tiles = sum(TILE_SET)  # DK-7: each seat's tiles
        walls_total = self.total_walls

        def rel(seat: int | None) -> int | None:
            return relative(seat, me, n)

        def rel_or_none(seat: int | None) -> int:
            return relative_or_nobody(seat, me, n)

        for village in view["villages"]:
            x.numbers("village.side_china", [village["side"] == "china"])
            x.one_hot("village.controller", rel_or_none(village["controller"]), n + 1)
            x.one_hot("village.scout", rel_or_none(village["scout"]), n + 1)
            stack = village["stack"]
            counts = [0] * 6
            for layer in stack:
                counts[5 if layer["face"] is None else FACE[layer["face"]]] += 1
            x.numbers("village.height", [len(stack)], tiles * n)
            x.numbers(
                "village.faces_known_and_unknown",
                [*counts],
                [*(k * n for k in TILE_SET), tiles * n],
            )
            top = list(reversed(stack))[:TOP_LAYERS]
            for k in range(TOP_LAYERS):
                layer = top[k] if k < len(top) else None
                x.one_hot("village.top_layers", None if layer is None else rel(layer["owner"]), n)
                face = None
                if layer is not None:
                    face = 5 if layer["face"] is None else FACE[layer["face"]]
                x.one_hot("village.top_layers", face, 6)
                x.numbers("village.top_layers", [bool(layer and layer["remembered"])])
        walls = view["walls"]
        present = [0.0] * L
        opened = [0.0] * L
        great = [0.0] * L
        for piece in walls["pieces"]:
            present[piece["line"]] = 1.0
            opened[piece["line"]] = float(piece["open"])
            great[piece["line"]] = float(piece["great_wall"])
        x.numbers("walls.piece", present)
        x.numbers("walls.open", opened)
        x.numbers("walls.great_wall", great)
        x.one_hot("walls.west_end", walls["ends"]["west"], T)
        x.one_hot("walls.east_end", walls["ends"]["east"], T)
        x.numbers("walls.supply_and_out", [walls["supply"], walls["out_of_game"]], walls_total)
        players = sorted(view["players"], key=lambda p: relative_seat(p["seat"], me, n))
        for p in players:
            x.numbers(
                "players.counts",
                [p["walls"], p["tiles"], p["passive"], p["discards"]],
                [MAX_ACTIVE, MAX_ACTIVE, tiles, tiles],
            )
            x.one_hot("players.scout", V if p["scout"] is None else p["scout"], V + 1)
            own = [0] * 5
            for f in p["faces"] or ():
                own[FACE[f]] += 1
            gone = [0] * 5
            for f in p["discarded"] or ():
                gone[FACE[f]] += 1
            x.numbers("players.faces_seen", own + gone, [*TILE_SET, *TILE_SET])
        turn = view["turn"]
        x.one_hot("turn.seat", rel(turn["seat"]), n)
        x.one_hot("turn.phase", PHASES.index(turn["phase"]), len(PHASES))
        x.one_hot("turn.committed", COMMITTED.index(turn["committed"]), 3)
        # A step places one of the seat's tiles; setups: one per seat (DK-7).
        x.numbers(
            "turn.counts",
            [turn["takes"], turn["steps"], turn["setups_done"]],
            [TAKES_PER_TURN, tiles, n],
        )
        visited = [0.0] * V
        for v in turn["visited"]:
            visited[v] = 1.0
        x.numbers("turn.visited", visited)
        x.one_hot("start_player", rel(view["start_player"]), n)
        final = view["final"]
        x.numbers("final.active", [final["active"]])
        x.one_hot("final.trigger", rel_or_none(final["trigger"]), n + 1)
        x.numbers("final.turns_after_current", [final["turns_after_current"] or 0], n)
        x.numbers("to_act", [me is not None and me in view["to_act"], view["is_over"]])
        return x

    def _layers_at(self, n: int) -> list[tuple[int, ...]]:
        """Where each village's top layers begin (``TOP_LAYERS`` of ``n + 7`` entries)."""
        return self._once(
            ("layers", n),
            lambda: [
                tuple(top + k * (n + 7) for k in range(TOP_LAYERS))
                for top in self.starts(n)["village.top_layers"]
            ],
        )

    def _walls_at(self, n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each line's entry of ``walls.piece`` and of ``walls.open``."""

        def make() -> tuple[tuple[int, ...], tuple[int, ...]]:
            starts = self.starts(n)
            piece, opened = starts["walls.piece"][0], starts["walls.open"][0]
            lines = range(self.num_lines)
            return tuple(piece + line for line in lines), tuple(opened + line for line in lines)

        return self._once(("walls", n), make)

    def _sparse(self, state: State, me: int | None) -> Sparse:
        # ``_observe`` of ``state.view(me)``, piece by piece, from the state's columns.
        # What ``me`` may see is decided as engines/dschingis_khan/observer.py does: a
        # tile's face when the game is over or ``me`` knows that tile (its bit in
        # ``known[me]``: drawn, or seen in a village it controlled, DK-14/15), remembered
        # when shown but in a village ``me`` does not control now; its own tiles' and
        # discards' faces; everything else is public.
        n = state.num_players
        starts = self.starts(n)
        seats = self.seats(n, me)
        rel = seats.rel
        st: Any = state
        shown = st.phase == OVER
        # Bit t: ``me`` sees tile t's face (every bit once the game is over).
        mine = -1 if shown else 0 if me is None else int(st.known[me])
        owner_of, face_of = st.tile_owner, st.tile_face
        wall = st.wall
        stacks = st.stacks
        ones: list[int] = []
        at: list[int] = []
        values: list[float] = []
        # Whole columns through C-level iterators (``map``, ``compress``); a Python loop
        # only over the villages with a stack. (Not numpy columns as Die Dolmengötter's:
        # three columns of 38 villages gain less than numpy's cost per write.)
        ones += compress(starts["village.side_china"], map(not_, wall.mongolian))
        controllers = [owner_of[stack[-1]] if stack else None for stack in stacks]
        ones += map(add, starts["village.controller"], map(rel.__getitem__, controllers))
        scout_at = [n] * self.num_villages
        for s, v in enumerate(st.scouts):
            if v is not None:
                scout_at[v] = rel[s]
        ones += map(add, starts["village.scout"], scout_at)
        heights = starts["village.height"]
        layers_at = self._layers_at(n)
        for v in compress(range(self.num_villages), stacks):
            stack = stacks[v]
            # A face shown in a village ``me`` does not control now is remembered.
            remembered = not (shown or controllers[v] == me)
            counts = [0] * 6
            top = layers_at[v]
            k = len(stack)
            for t in stack:
                k -= 1  # from the top: layer 0 is the top one
                face = face_of[t] if mine >> t & 1 else 5  # 5: unknown
                counts[face] += 1
                if k < TOP_LAYERS:
                    at_k = top[k]
                    ones += (at_k + rel[owner_of[t]], at_k + n + face)
                    if remembered and face != 5:
                        ones.append(at_k + n + 6)
            height = heights[v]
            at += range(height, height + 7)
            values.append(len(stack))
            values += counts
        pieces_at, open_at = self._walls_at(n)
        ones += compress(pieces_at, wall.state)
        ones += compress(open_at, map(eq, wall.state, repeat(OPEN)))
        great = starts["walls.great_wall"][0]
        ones += [great + line for line in wall.great_wall_set if wall.state[line] != EMPTY]
        ones.append(starts["walls.west_end"][0] + wall.ends["west"])
        ones.append(starts["walls.east_end"][0] + wall.ends["east"])
        supply = starts["walls.supply_and_out"][0]
        at += (supply, supply + 1)
        values += (st.common, st.out)
        V = self.num_villages
        for s, counts_at, scout, seen in zip(
            seats.order,
            starts["players.counts"],
            starts["players.scout"],
            starts["players.faces_seen"],
            strict=True,
        ):
            at += range(counts_at, counts_at + 4)
            values += (
                st.active_walls[s],
                len(st.active_tiles[s]),
                sum(st.passive[s]),
                len(st.discards[s]),
            )
            where = st.scouts[s]
            ones.append(scout + (V if where is None else where))
            if shown or s == me:
                own = [face_of[t] for t in st.active_tiles[s]]
                gone = [face_of[t] for t in st.discards[s]]
                at += range(seen, seen + 10)
                values += map(own.count, range(5))
                values += map(gone.count, range(5))
        turn_seat = starts["turn.seat"][0]
        ones.append(turn_seat + rel[st.current])
        ones.append(starts["turn.phase"][0] + PHASES.index(st.phase))
        ones.append(starts["turn.committed"][0] + COMMITTED.index(st.committed))
        counts_at = starts["turn.counts"][0]
        at += (counts_at, counts_at + 1, counts_at + 2)
        values += (st.takes, max(len(st.visited) - 1, 0), st.setups)
        visited = starts["turn.visited"][0]
        ones += [visited + v for v in st.visited]
        ones.append(starts["start_player"][0] + rel[st.start_player])
        if st.final_trigger is not None:
            ones.append(starts["final.active"][0])
        ones.append(starts["final.trigger"][0] + rel[st.final_trigger])
        at.append(starts["final.turns_after_current"][0])
        values.append(st.final_left or 0)
        (to_act,) = starts["to_act"]
        if me is not None and me in state.to_act():
            ones.append(to_act)
        if state.is_over:
            ones.append(to_act + 1)
        return ones, at, values, []
