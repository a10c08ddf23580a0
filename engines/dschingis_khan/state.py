"""A Dschingis Khan position and its turn (DK-7..DK-13, DK-16), filling the core's hooks.

A turn runs through phases: ``scout`` (DK-12, only when the scout is off the board),
``take`` (DK-8: two take actions, fewer if impossible), ``place`` (DK-9: the first
``PlaceWall`` commits the turn to walls, the first ``Step`` to tiles). Before the first turn
the ``setup`` phase gives every player one ``Setup`` action (DK-7); ``over`` ends the game.

Tiles get internal ids when they are drawn (in draw order, which is public). Ids never leave
the engine: actions name faces, views and events name positions in stacks and supplies.
The passive supply is a count per face; a draw picks one at random with the state's RNG at
draw time, so no order of it exists for anyone to know (DK-7).

Every attribute of a position is set in one place, ``_load``, from the JSON-ready dict that
``_dump`` writes; ``_setup`` (the opening position), ``sampling`` and ``position`` build
that same dict.
"""

from __future__ import annotations

from typing import Any, assert_never, cast

from engines.core import Action, Event, Game, GameOptions, Outcome, Rng, State

from . import rules, scouting
from .actions import (
    DiscardTiles,
    DschingisKhanAction,
    Pass,
    PlaceScout,
    PlaceWall,
    RescueScout,
    Setup,
    SharedActions,
    Step,
    TakeTile,
    TakeWall,
    step,
)
from .board import Board
from .constants import (
    EMPTY,
    FACE_INDEX,
    FACES,
    OVER,
    PLACE,
    SCOUT,
    SETUP,
    TAKE,
    TAKES_PER_TURN,
    TILE_SET,
    TILES,
    WALLS,
)
from .knowledge import NO_TILES, TileSet
from .scoring import VillageScore, score_village, totals, winners
from .walls import Wall


class DschingisKhanState(State):
    # The position's attributes, as ``State``'s docstring asks of a game with this many.
    __slots__ = (
        "active_tiles",
        "active_walls",
        "board",
        "committed",
        "common",
        "current",
        "discards",
        "final_left",
        "final_trigger",
        "known",
        "out",
        "passive",
        "phase",
        "scouts",
        "setups",
        "shared",
        "stacks",
        "start_player",
        "takes",
        "tile_face",
        "tile_owner",
        "visited",
        "wall",
    )

    def __init__(
        self,
        game: Game[DschingisKhanState],
        num_players: int,
        rng: Rng,
        board: Board,
        shared: SharedActions,
    ) -> None:
        super().__init__(game, num_players, rng)
        self.board = board
        """The board, fixed for the game (made once by the ``Game``)."""
        self.shared = shared
        """The game's shared action objects, handed out by ``_legal_actions``."""

    # ---- the position as JSON (the one list of its attributes) -------------------------

    def _load(self, data: dict[str, Any]) -> None:
        self.start_player: int = data["start_player"]
        self.current: int = data["current"]
        self.phase: str = data["phase"]
        self.setups: int = data["setups"]
        """DK-7: players who have placed their starting tiles."""
        self.takes: int = data["takes"]
        self.committed: str | None = data["committed"]
        """DK-9: ``WALLS`` or ``TILES`` once the turn placed its first piece."""
        self.visited: list[int] = list(data["visited"])
        """DK-10: villages the scout was on this turn, the start village first."""
        wall = data["wall"]
        # ``_setup`` hands over the board's initial wall, already built (``Wall.initial``).
        self.wall = wall if isinstance(wall, Wall) else Wall.from_json(self.board, wall)
        self.common: int = data["common"]
        self.out: int = data["out"]
        """DK-16: walls removed during the final phase, out of the game."""
        self.active_walls: list[int] = list(data["active_walls"])
        self.tile_owner: list[int] = [o for o, _ in data["tiles"]]
        self.tile_face: list[int] = [f for _, f in data["tiles"]]
        self.passive: list[list[int]] = [list(p) for p in data["passive"]]
        """Per seat, the count of each face still in the passive supply (DK-7)."""
        self.active_tiles: list[list[int]] = [list(t) for t in data["active_tiles"]]
        self.discards: list[list[int]] = [list(t) for t in data["discards"]]
        # Tuples, replaced when a tile goes on top: a clone shares them, and most villages
        # are empty (the one shared empty tuple) for much of a game (issue 16, memory).
        self.stacks: list[tuple[int, ...]] = [tuple(s) for s in data["stacks"]]
        """Per village, its tile ids bottom to top (DK-13: the top one's owner controls it)."""
        self.scouts: list[int | None] = list(data["scouts"])
        self.known: list[TileSet] = [NO_TILES.with_tiles(k) for k in data["known"]]
        """DK-15: per seat, the tile ids whose face it knows (perfect recall)."""
        self.final_trigger: int | None = data["final_trigger"]
        self.final_left: int | None = data["final_left"]
        """DK-16: turns still to be played after the current one, once the final phase began."""

    def _copy(self) -> DschingisKhanState:
        # What ``_load`` reads, copied directly instead of through ``_dump`` (the wall's
        # derived structure is copied, not rebuilt): bots clone once per candidate move.
        new = self._blank_copy()
        new.board, new.shared = self.board, self.shared
        new.start_player, new.current, new.phase = self.start_player, self.current, self.phase
        new.setups, new.takes, new.committed = self.setups, self.takes, self.committed
        new.visited = self.visited[:]
        new.wall = self.wall.copy()
        new.common, new.out, new.active_walls = self.common, self.out, self.active_walls[:]
        new.tile_owner, new.tile_face = self.tile_owner[:], self.tile_face[:]
        new.passive = [counts[:] for counts in self.passive]
        new.active_tiles = [tiles[:] for tiles in self.active_tiles]
        new.discards = [tiles[:] for tiles in self.discards]
        new.stacks = self.stacks[:]
        new.scouts = self.scouts[:]
        new.known = self.known[:]
        new.final_trigger, new.final_left = self.final_trigger, self.final_left
        return new

    def _dump(self) -> dict[str, Any]:
        return {
            "start_player": self.start_player,
            "current": self.current,
            "phase": self.phase,
            "setups": self.setups,
            "takes": self.takes,
            "committed": self.committed,
            "visited": list(self.visited),
            "wall": self.wall.to_json(),
            "common": self.common,
            "out": self.out,
            "active_walls": list(self.active_walls),
            "tiles": [[o, f] for o, f in zip(self.tile_owner, self.tile_face, strict=True)],
            "passive": [list(p) for p in self.passive],
            "active_tiles": [list(t) for t in self.active_tiles],
            "discards": [list(t) for t in self.discards],
            "stacks": [list(s) for s in self.stacks],
            "scouts": list(self.scouts),
            "known": [sorted(k) for k in self.known],
            "final_trigger": self.final_trigger,
            "final_left": self.final_left,
        }

    # ---- setup (DK-7) ------------------------------------------------------------------

    def _setup(self, options: GameOptions) -> None:
        n = self.num_players
        board = self.board
        start = options.start_player
        start_player = self.rng.randbelow(n) if start is None else start
        self._load(
            {
                "start_player": start_player,
                "current": start_player,
                "phase": SETUP,
                "setups": 0,
                "takes": 0,
                "committed": None,
                "visited": [],
                "wall": Wall.initial(board),
                "common": board.total_walls - len(board.initial_pieces),
                "out": 0,
                "active_walls": [0] * n,
                "tiles": [],
                "passive": [list(TILE_SET) for _ in range(n)],
                "active_tiles": [[] for _ in range(n)],
                "discards": [[] for _ in range(n)],
                "stacks": [[] for _ in range(board.num_villages)],
                "scouts": [None] * n,
                "known": [[] for _ in range(n)],
                "final_trigger": None,
                "final_left": None,
            }
        )
        self._draw(self.current)
        self._draw(self.current)

    # ---- small facts -------------------------------------------------------------------

    def controller(self, village: int) -> int | None:
        """DK-13: the owner of the top tile controls a village."""
        stack = self.stacks[village]
        return self.tile_owner[stack[-1]] if stack else None

    def passive_count(self, seat: int) -> int:
        return sum(self.passive[seat])

    def in_final_phase(self) -> bool:
        return self.final_trigger is not None

    def scout_closed_to(self, seat: int) -> set[int]:
        """Villages the scout of ``seat`` may not enter now: visited, or holding a scout."""
        closed = set(self.visited)
        for s, v in enumerate(self.scouts):
            if v is not None and s != seat:
                closed.add(v)
        return closed

    def scout_blocked(self, seat: int) -> bool:
        """DK-9/DK-11: the scout of ``seat`` (on the board) cannot make any step."""
        here = self.scouts[seat]
        assert here is not None
        closed = self.scout_closed_to(seat)
        closed.add(here)
        return not scouting.can_step(self.wall, here, closed)

    def scout_spots(self, seat: int) -> list[int]:
        """DK-12: where the scout taken off the board may go back, best tier first."""
        others = {v for s, v in enumerate(self.scouts) if v is not None and s != seat}
        villages = range(len(self.stacks))
        tier = [
            v
            for v in villages
            if v not in others
            and self.controller(v) == seat
            and scouting.can_step(self.wall, v, others | {v})
        ]
        if not tier:
            tier = [v for v in villages if v not in others and not self.stacks[v]]
        if not tier:
            tier = [v for v in villages if v not in others]
        return tier

    def can_take_wall(self, seat: int) -> bool:
        return rules.can_take_wall(self.common, self.active_walls[seat])

    def can_take_tile(self, seat: int) -> bool:
        return rules.can_take_tile(self.passive_count(seat), len(self.active_tiles[seat]))

    def can_place_walls(self, seat: int) -> bool:
        return bool(self.active_walls[seat]) and bool(self.wall.placeable())

    # ---- the core's contract -----------------------------------------------------------

    def to_act(self) -> list[int]:
        return [] if self.phase == OVER else [self.current]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def _legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == PLACE:
            return self._place_actions(seat)
        shared = self.shared
        if phase == TAKE:
            out: list[Action] = []
            if self.can_take_wall(seat):
                out.append(shared.take_wall)
            if self.can_take_tile(seat):
                out.append(shared.take_tile)
            return out
        if phase == SCOUT:
            return [shared.place_scout(v) for v in self.scout_spots(seat)]
        return self._setup_actions(seat)

    def _setup_actions(self, seat: int) -> list[Action]:
        board = self.board
        setups = self.shared.setups
        fa, fb = (self.tile_face[t] for t in self.active_tiles[seat])
        stacks = self.stacks
        taken = {v for v in self.scouts if v is not None}
        out: list[Action] = []
        for line, s in enumerate(self.wall.state):
            if s != EMPTY:
                continue
            a, b = board.line_villages[line]
            if stacks[a] or stacks[b] or a in taken or b in taken:
                continue
            out.extend(setups(line, (a, b) if a < b else (b, a), fa, fb))
        return out

    def _place_actions(self, seat: int) -> list[Action]:
        shared = self.shared
        wall = self.wall
        if self.committed == WALLS:
            return shared.place_walls(wall.placeable())
        if self.committed == TILES:
            return self._step_actions(seat)
        out: list[Action] = []
        walls_ok = False
        if self.active_walls[seat]:
            out = shared.place_walls(wall.placeable())
            walls_ok = bool(out)
        if self.active_tiles[seat]:
            steps = self._step_actions(seat)
            blocked = not steps
            out.extend(steps)
            if blocked:
                out.append(shared.discard_tiles)
        else:
            blocked = self.scout_blocked(seat)
        if blocked:
            out.append(shared.rescue_scout)
        if not self.active_tiles[seat] and not walls_ok:
            out.append(shared.pass_turn)
        return out

    def _step_actions(self, seat: int) -> list[Action]:
        here = self.scouts[seat]
        assert here is not None
        face_of = self.tile_face
        faces = sorted({face_of[t] for t in self.active_tiles[seat]})
        near, along = scouting.routes(self.wall, here, self.scout_closed_to(seat))
        rows = map(self.shared.near_steps, near)
        out: list[Action] = [row[face] for row in rows for face in faces]
        if along:
            names = [FACES[face] for face in faces]
            out += [step(to, name, via) for to, via in along for name in names]
        return out

    # ---- applying actions --------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> list[Event]:
        # The core only passes actions from this game's legal list, so the cast is the
        # single place where the union type enters; mypy then checks every case is handled.
        act = cast(DschingisKhanAction, action)
        events: list[Event] = []
        match act:
            case Step():
                self._step(seat, act, events)
            case TakeTile():
                self._take_tile(seat, events)
            case TakeWall():
                self._take_wall(seat, events)
            case PlaceWall():
                self._place_wall(seat, act, events)
            case Pass():
                self._pass(seat, events)
            case DiscardTiles():
                self._discard_tiles(seat, events)
            case RescueScout():
                self._rescue_scout(seat, events)
            case PlaceScout():
                self._place_scout(seat, act, events)
            case Setup():
                self._setup_tiles(seat, act, events)
            case _:
                assert_never(act)
        return events

    def _setup_tiles(self, seat: int, action: Setup, events: list[Event]) -> None:
        tiles = self.active_tiles[seat]
        for village, face in zip(action.villages, action.faces, strict=True):
            tid = self._take_from_active(seat, FACE_INDEX[face])
            self.stacks[village] += (tid,)
        self.scouts[seat] = action.scout
        assert not tiles
        events.append(
            Event(
                "setup",
                {"seat": seat, "villages": list(action.villages), "scout": action.scout},
                secret={seat: {"faces": list(action.faces)}},
            )
        )
        self.setups += 1
        n = self.num_players
        if self.setups < n:
            self.current = (self.current + 1) % n
            self._draw_event(self.current, 2, events)
            return
        # DK-7: then every player takes 2 walls and draws 2 tiles as the active supply.
        for i in range(n):
            s = (self.start_player + i) % n
            self.common -= 2
            self.active_walls[s] += 2
            events.append(Event("take_walls", {"seat": s, "count": 2, "supply": self.common}))
            self._draw_event(s, 2, events)
        self.current = self.start_player
        self._check_final(events)
        self._begin_turn(self.start_player, events)

    def _place_scout(self, seat: int, action: PlaceScout, events: list[Event]) -> None:
        self.scouts[seat] = action.village
        events.append(Event("place_scout", {"seat": seat, "village": action.village}))
        self._enter_take(events)

    def _take_wall(self, seat: int, events: list[Event]) -> None:
        self.common -= 1
        self.active_walls[seat] += 1
        self.takes += 1
        events.append(Event("take_walls", {"seat": seat, "count": 1, "supply": self.common}))
        self._after_take(seat, events)

    def _take_tile(self, seat: int, events: list[Event]) -> None:
        self.takes += 1
        self._draw_event(seat, 1, events)
        self._after_take(seat, events)

    def _after_take(self, seat: int, events: list[Event]) -> None:
        self._check_final(events)
        if self.takes >= TAKES_PER_TURN or not (
            self.can_take_wall(seat) or self.can_take_tile(seat)
        ):
            self._enter_place(events)

    def _place_wall(self, seat: int, action: PlaceWall, events: list[Event]) -> None:
        self.committed = WALLS
        self.active_walls[seat] -= 1
        placed = self.wall.place(action.line)
        # DK-5 / DK-16: removed pieces return to the supply, or leave the game once the
        # final phase has begun.
        gone = len(placed.removed)
        if self.in_final_phase():
            self.out += gone
        else:
            self.common += gone
        events.append(
            Event(
                "wall",
                {
                    "seat": seat,
                    **placed.to_json(),
                    "removed_to": "out_of_game" if self.in_final_phase() else "supply",
                },
            )
        )
        if not self.active_walls[seat]:
            self._end_turn(events)
        elif not self.can_place_walls(seat):
            # No ruling covers a wall that fits nowhere; the player keeps it. On the shipped
            # board this cannot happen (28 pieces never reach every tower of the grid).
            events.append(Event("walls_kept", {"seat": seat, "count": self.active_walls[seat]}))
            self._end_turn(events)

    def _step(self, seat: int, action: Step, events: list[Event]) -> None:
        self.committed = TILES
        here = self.scouts[seat]
        wall = self.wall
        for line in action.via:
            wall.close(line)
        tid = self._take_from_active(seat, FACE_INDEX[action.tile])
        to = action.to
        stack = self.stacks[to] = (*self.stacks[to], tid)
        # DK-13/DK-15: the new top tile is the stepper's, so it may look at the whole stack.
        self.known[seat] = self.known[seat].with_tiles(stack)
        self.scouts[seat] = to
        self.visited.append(to)
        events.append(
            Event(
                "step",
                {
                    "seat": seat,
                    "from": here,
                    "to": to,
                    "via": list(action.via),
                    "closed": list(action.via),
                    "height": len(stack),
                },
                secret={seat: {"tile": action.tile}},
            )
        )
        if not self.active_tiles[seat]:
            self._end_turn(events)
        elif not scouting.can_step(wall, to, self.scout_closed_to(seat)):
            self._discard(seat, events)
            self._end_turn(events)

    def _discard_tiles(self, seat: int, events: list[Event]) -> None:
        self.committed = TILES
        self._discard(seat, events)
        self._end_turn(events)

    def _rescue_scout(self, seat: int, events: list[Event]) -> None:
        village = self.scouts[seat]
        self.scouts[seat] = None
        events.append(Event("rescue_scout", {"seat": seat, "village": village}))
        self._end_turn(events)

    def _pass(self, seat: int, events: list[Event]) -> None:
        events.append(Event("pass", {"seat": seat}))
        self._end_turn(events)

    # ---- turn flow ---------------------------------------------------------------------

    def _draw(self, seat: int) -> int:
        """Draw a random tile from the passive supply of ``seat`` into its active supply."""
        counts = self.passive[seat]
        r = self.rng.randbelow(sum(counts))
        face = 0
        while r >= counts[face]:
            r -= counts[face]
            face += 1
        counts[face] -= 1
        tid = len(self.tile_owner)
        self.tile_owner.append(seat)
        self.tile_face.append(face)
        self.active_tiles[seat].append(tid)
        self.known[seat] = self.known[seat].with_tile(tid)
        return face

    def _draw_event(self, seat: int, count: int, events: list[Event]) -> None:
        faces = [FACES[self._draw(seat)] for _ in range(count)]
        events.append(
            Event(
                "take_tiles",
                {"seat": seat, "count": count, "passive": self.passive_count(seat)},
                secret={seat: {"faces": faces}},
            )
        )

    def _take_from_active(self, seat: int, face: int) -> int:
        tiles = self.active_tiles[seat]
        face_of = self.tile_face
        for i, tid in enumerate(tiles):
            if face_of[tid] == face:
                del tiles[i]
                return tid
        raise AssertionError("the legal-action check guarantees the face is held")

    def _discard(self, seat: int, events: list[Event]) -> None:
        """DK-11: the remaining active tiles leave the game face down."""
        tiles = self.active_tiles[seat]
        faces = [FACES[self.tile_face[t]] for t in tiles]
        self.discards[seat].extend(tiles)
        tiles.clear()
        events.append(
            Event(
                "discard",
                {"seat": seat, "count": len(faces)},
                secret={seat: {"faces": faces}},
                hidden={"faces": faces},
            )
        )

    def _check_final(self, events: list[Event]) -> None:
        """DK-16: the moment two supplies are empty, the final phase begins (for good)."""
        if self.final_trigger is not None:
            return
        if rules.final_phase_begins(self.common, self.passive):
            self.final_trigger = self.current
            self.final_left = self.num_players
            events.append(Event("final_phase", {"seat": self.current}))

    def _begin_turn(self, seat: int, events: list[Event]) -> None:
        self.current = seat
        self.takes = 0
        self.committed = None
        self.visited = []
        events.append(Event("turn", {"seat": seat}))
        if self.scouts[seat] is None:
            self.phase = SCOUT
        else:
            self._enter_take(events)

    def _enter_take(self, events: list[Event]) -> None:
        seat = self.current
        self.phase = TAKE
        if not (self.can_take_wall(seat) or self.can_take_tile(seat)):
            self._enter_place(events)

    def _enter_place(self, events: list[Event]) -> None:
        seat = self.current
        self.phase = PLACE
        here = self.scouts[seat]
        assert here is not None
        self.visited = [here]
        if (
            not self.active_tiles[seat]
            and not self.can_place_walls(seat)
            and not self.scout_blocked(seat)
        ):
            # DK-9: nothing to place and no scout to rescue: the turn passes by itself.
            events.append(Event("pass", {"seat": seat}))
            self._end_turn(events)

    def _end_turn(self, events: list[Event]) -> None:
        if self.final_left is not None:
            # DK-16: after the triggering turn, one more turn each, the trigger's last.
            if self.final_left == 0:
                self._finish(events)
                return
            self.final_left -= 1
        self._begin_turn((self.current + 1) % self.num_players, events)

    def _finish(self, events: list[Event]) -> None:
        self.phase = OVER
        self.takes = 0
        self.committed = None
        self.visited = []
        villages = self.village_scores()
        scores = totals(villages, self.num_players)
        events.append(
            Event(
                "game_over",
                {
                    "scores": scores,
                    "winners": winners(scores),
                    "villages": [vs.to_json() for vs in villages],
                },
            )
        )

    # ---- scoring (DK-17) ---------------------------------------------------------------

    def village_scores(self) -> list[VillageScore]:
        face_of = self.tile_face
        mongolian = self.wall.mongolian
        return [
            score_village(v, [face_of[t] for t in stack], self.controller(v), mongolian[v])
            for v, stack in enumerate(self.stacks)
        ]

    def _outcome(self) -> Outcome:
        scores = totals(self.village_scores(), self.num_players)
        return Outcome(tuple(scores), tuple(winners(scores)))
