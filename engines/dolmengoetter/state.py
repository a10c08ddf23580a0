"""The evolving Dolmengötter position: druids, stones, stacks, hands, rights (DG-2..DG-10).

Compact on purpose: places and circles are indexed by board id, a hand is four counts
(dolmens of value 1..4), a stack is a list of ``(owner, value)`` from the top down. A live
game on the server holds its position for as long as it is played (issue 16, memory per
live game), so each place's stone, druid and lying are kept in byte arrays (about 140
bytes for the 78 places, against 680 for a list), and a circle's stone counts are tuples
shared while equal.
Dolmens have no ids: an id could tell a seat which hidden value moved where (DG-11).
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, insort
from collections.abc import Callable
from itertools import chain
from typing import Any

from engines.core import Action, Event, Game, GameOptions, Outcome, Rng, State

from . import actions as A
from .board import Board
from .constants import (
    DRUIDS,
    DRUIDS_PER_PLAYER,
    FREE,
    OVER,
    RIGHTS,
    START_SCORE,
    SUPPLIES,
    TURN,
    VALUES,
    Phase,
)
from .rules import (
    Right,
    answer_order,
    can_collect_herbs,
    can_decline_stone,
    can_place_stone,
    can_take_flight,
    decline_penalty,
    dolmen_right,
    final_round_order,
    majority_holder,
    places_in,
    right_lapses,
    walk_destinations,
)
from .scoring import DolmenScore, score_stack, winners


class DolmengoetterState(State):
    """A Dolmengötter position on ``board`` (the game's, handed over by ``_new_state``)."""

    # The position's attributes, as ``State``'s docstring asks of a game with this many.
    __slots__ = (
        "board",
        "counts",
        "current",
        "dolmens_placed",
        "druid",
        "druid_bits",
        "druids_of",
        "druids_placed",
        "end_reason",
        "ever_majority",
        "filled",
        "final_by",
        "final_left",
        "final_scored",
        "free",
        "free_bits",
        "hands",
        "holder",
        "lying",
        "phase",
        "rights",
        "score",
        "scored",
        "shared",
        "stacks",
        "start_player",
        "stone",
        "stones_left",
        "to_score",
    )

    def __init__(
        self, game: Game[DolmengoetterState], num_players: int, rng: Rng, board: Board
    ) -> None:
        super().__init__(game, num_players, rng)
        self.board = board
        self.shared = A.shared_actions(board.num_places, board.num_circles)
        """The board's shared action objects (not state: legal lists are made of them)."""
        n = num_players
        supply = SUPPLIES[n]
        self.phase: Phase = DRUIDS
        self.start_player = 0
        self.current = 0
        """Whose turn it is (during RIGHTS: the player whose stone created them)."""
        self.druids_placed = 0
        self.stone = array("b", (FREE,)) * board.num_places
        """Seat whose stone is on each place (``FREE``: none)."""
        self.druid = array("b", (FREE,)) * board.num_places
        """Seat whose druid is on each place (``FREE``: none)."""
        self.lying = bytearray(board.num_places)
        """1 where the druid on the place lies (it has collected herbs, DG-4), else 0."""
        self.free = list(range(board.num_places))
        """Places with neither stone nor druid, ascending (derived; not dumped): where a
        druid may be placed or fly to (DG-2, DG-4). Kept up to date move by move."""
        self.free_bits = (1 << board.num_places) - 1
        """``free`` as a bit set (bit ``p``: place ``p``), for the walk search (derived)."""
        self.druid_bits = 0
        """The places holding a druid, as a bit set (derived; not dumped)."""
        self.druids_of: list[list[int]] = [[] for _ in range(n)]
        """Per seat, the places of its druids, ascending (derived; not dumped)."""
        self.stones_left = [supply.stones] * n
        self.score = [START_SCORE] * n
        self.hands = [list(supply.dolmens) for _ in range(n)]
        """Per seat, how many dolmens of value 1, 2, 3, 4 are still in hand."""
        self.dolmens_placed = [0] * n
        """DG-10 tie-break: dolmens placed during the game, scored ones included."""
        self.counts = [(0,) * n] * board.num_circles
        """Stones per seat in each circle (derived from ``stone``; not dumped). A circle's
        tuple is replaced when a stone lands in it: circles share theirs while equal."""
        self.filled = [0] * board.num_circles
        """Stones in each circle (derived from ``stone``; not dumped)."""
        self.holder: list[int | None] = [None] * board.num_circles
        """The majority holder of each circle (DG-6; derived from ``counts``; not dumped)."""
        self.to_score: list[int] = []
        """Complete circles not scored yet, ascending (derived; not dumped): a circle
        completed by a stone scores once that stone's rights are answered (DG-8)."""
        self.ever_majority = [False] * board.num_circles
        """DG-6: whether some colour has held a majority in the circle at any moment."""
        self.stacks: list[list[tuple[int, int]]] = [[] for _ in range(board.num_circles)]
        """Dolmens per circle, ``(owner, value)`` from the top down."""
        self.scored: list[list[DolmenScore] | None] = [None] * board.num_circles
        """Per circle, once scored: its dolmens' scores from the top down."""
        self.final_scored: list[int] = []
        """Circles whose dolmens scored at the end of the game (DG-10)."""
        self.rights: list[Right] = []
        """Pending dolmen rights in answering order; the first is answered now (DG-7)."""
        self.final_by: int | None = None
        """DG-10: the first player to place their last dolmen."""
        self.final_left: list[int] | None = None
        """DG-10: seats still due their one last turn, in order (``None``: no final round)."""
        self.end_reason: str | None = None

    # ---- setup (DG-2) --------------------------------------------------------------------

    def _setup(self, options: GameOptions) -> None:
        start = options.start_player
        self.start_player = self.rng.randbelow(self.num_players) if start is None else start
        self.current = self.start_player

    # ---- contract ------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        phase = self.phase
        if phase == TURN:
            return [self.current]
        if phase == RIGHTS:
            return [self.rights[0].seat]
        if phase == DRUIDS:
            return [(self.start_player + self.druids_placed) % self.num_players]
        return []

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def turn_holder(self) -> int | None:
        """DG-7: answering a right is not a turn, so while seats answer the rights a stone
        made, the turn stays with the stone's player."""
        if self.phase == RIGHTS:
            return self.current
        return super().turn_holder()

    def _legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == TURN:
            return self._turn_actions(seat)
        if phase == RIGHTS:
            circle = self.rights[0].circle
            hand = self.hands[seat]
            dolmens = self.shared.place_dolmen[circle]
            out: list[Action] = [dolmens[v - 1] for v in VALUES if hand[v - 1]]
            out.append(self.shared.decline_dolmen[circle])
            return out
        return list(map(self.shared.place_druid.__getitem__, self.free))

    def stone_choices(self, seat: int) -> int:
        """DG-5: the stone decisions open to ``seat`` after a move (``A.STONE_CHOICES`` index)."""
        left = self.stones_left[seat]
        if not can_place_stone(left):
            return 2  # no stone left: declining is free
        return 0 if can_decline_stone(self.score[seat], left) else 1

    def free_places(self) -> list[int]:
        """DG-2/DG-4: where a druid may be placed or fly to: no stone and no druid there."""
        return list(self.free)

    def druid_places(self, seat: int) -> list[int]:
        """The places of ``seat``'s druids, ascending."""
        return list(self.druids_of[seat])

    def walk_destinations(self, place: int) -> list[int]:
        """DG-3: where the druid on ``place`` can walk to, ascending."""
        masks = self.board.neighbour_masks
        return places_in(walk_destinations(masks, self.druid_bits, self.free_bits, place))

    def _turn_actions(self, seat: int) -> list[Action]:
        choices = self.stone_choices(seat)
        shared = self.shared
        walks = shared.walks[choices]
        flights = shared.flights[choices]
        masks = self.board.neighbour_masks
        druids, free = self.druid_bits, self.free_bits
        lying = self.lying
        out: list[Action] = []
        for p in self.druids_of[seat]:
            reach = walk_destinations(masks, druids, free, p)
            if reach:
                out += walks[p].get(reach) or shared.add_walks(choices, p, reach)
            if can_collect_herbs(lying[p] == 1):
                out.append(shared.herbs[p])
            elif can_take_flight(lying[p] == 1):
                out.extend(chain.from_iterable(map(flights[p].__getitem__, self.free)))
        if not out:
            out.append(shared.pass_turn)  # DG-9
        return out

    # ---- apply ---------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> list[Event]:
        # The core only hands over an action it found among ``_legal_actions``: one of ours.
        # One lookup on its class (a ``match`` on classes would run pydantic's ABC
        # ``isinstance`` for every case before the right one).
        return APPLY[type(action)](self, seat, action)

    def _decline_dolmen(self, seat: int, action: A.DeclineDolmen) -> list[Event]:
        right = self.rights.pop(0)
        return self._next_right([Event("dolmen_declined", {"seat": seat, "circle": right.circle})])

    def _herbs(self, seat: int, action: A.Herbs) -> list[Event]:
        self.lying[action.place] = True
        return self._end_turn([Event("herbs", {"seat": seat, "place": action.place})])

    def _pass(self, seat: int, action: A.Pass) -> list[Event]:
        return self._end_turn([Event("pass", {"seat": seat})])

    def _place_druid(self, seat: int, action: A.PlaceDruid) -> list[Event]:
        place = action.place
        self.druid[place] = seat
        del self.free[bisect_left(self.free, place)]
        self.free_bits &= ~(1 << place)
        self.druid_bits |= 1 << place
        insort(self.druids_of[seat], place)
        self.druids_placed += 1
        events = [Event("druid_placed", {"seat": seat, "place": action.place})]
        if self.druids_placed == DRUIDS_PER_PLAYER * self.num_players:
            self.phase = TURN
            self.current = self.start_player
            events.append(Event("turn", {"seat": self.current}))
        return events

    def _move(self, seat: int, action: A.Walk | A.Flight) -> list[Event]:
        """DG-3/DG-4: move and stand up; then DG-5 stone or penalty."""
        start, to = action.from_place, action.to
        self.druid[start] = FREE
        self.lying[start] = False
        self.druid[to] = seat
        self.lying[to] = False
        free = self.free
        del free[bisect_left(free, to)]
        self.free_bits &= ~(1 << to)
        self.druid_bits ^= (1 << start) | (1 << to)
        mine = self.druids_of[seat]
        mine.remove(start)
        insort(mine, to)
        events = [Event(action.type, {"seat": seat, "from": start, "to": to})]
        if action.stone:
            return self._place_stone(seat, start, events)
        insort(free, start)
        self.free_bits |= 1 << start
        penalty = decline_penalty(self.stones_left[seat])
        self.score[seat] -= penalty
        events.append(
            Event(
                "stone_declined",
                {"seat": seat, "place": start, "penalty": penalty, "score": self.score[seat]},
            )
        )
        return self._end_turn(events)

    def _place_stone(self, seat: int, place: int, events: list[Event]) -> list[Event]:
        """DG-5/DG-6: the stone lands; every circle of the place may create a dolmen right."""
        self.stone[place] = seat
        self.stones_left[seat] -= 1
        events.append(
            Event(
                "stone_placed",
                {"seat": seat, "place": place, "stones_left": self.stones_left[seat]},
            )
        )
        rights: list[Right] = []
        ever = self.ever_majority
        filled = self.filled
        holder = self.holder
        sizes = self.board.circle_sizes
        for c in self.board.place_circles[place]:
            counts = self.counts[c] = with_one_more(self.counts[c], seat)
            filled[c] += 1
            if filled[c] == sizes[c]:
                self.to_score.append(c)
            before = holder[c]
            holder[c] = majority_holder(counts)
            right = dolmen_right(c, seat, before, holder[c], counts, ever[c])
            if right is not None:
                rights.append(right)
                if right.top:
                    # A majority only ever arises with a top right: remember it (DG-6).
                    ever[c] = True
        if rights:
            self.rights = answer_order(rights, self.current, self.num_players)
            for r in self.rights:
                events.append(
                    Event(
                        "dolmen_right",
                        {
                            "seat": r.seat,
                            "circle": r.circle,
                            "position": "top" if r.top else "bottom",
                        },
                    )
                )
        return self._next_right(events)

    def _place_dolmen(self, seat: int, action: A.PlaceDolmen) -> list[Event]:
        right = self.rights.pop(0)
        value = action.value
        hand = self.hands[seat]
        hand[value - 1] -= 1
        self.dolmens_placed[seat] += 1
        stack = self.stacks[right.circle]
        if right.top:
            stack.insert(0, (seat, value))
        else:
            stack.append((seat, value))
        left = sum(hand)
        events = [
            Event(
                "dolmen_placed",
                {
                    "seat": seat,
                    "circle": right.circle,
                    "position": "top" if right.top else "bottom",
                    "height": len(stack),
                    "dolmens_left": left,
                },
                secret={seat: {"value": value}},
            )
        ]
        if left == 0 and self.final_by is None:
            # DG-10: the first player to place their last dolmen starts the final round.
            self.final_by = seat
            self.final_left = final_round_order(self.current, seat, self.num_players)
            events.append(
                Event("final_round", {"started_by": seat, "turns": list(self.final_left)})
            )
        return self._next_right(events)

    def _next_right(self, events: list[Event]) -> list[Event]:
        """DG-7: skip lapsed rights; when none is left, score completed circles (DG-8)."""
        rights = self.rights
        max_dolmens = self.board.max_dolmens
        while rights:
            right = rights[0]
            height = len(self.stacks[right.circle])
            left = sum(self.hands[right.seat])
            if not right_lapses(height, max_dolmens[right.circle], left):
                self.phase = RIGHTS
                return events
            rights.pop(0)
            reason = "stack_full" if height >= max_dolmens[right.circle] else "no_dolmens_left"
            events.append(
                Event(
                    "dolmen_right_lapsed",
                    {"seat": right.seat, "circle": right.circle, "reason": reason},
                )
            )
        self.phase = TURN
        if self.to_score:
            for c in sorted(self.to_score):
                events.append(self._score_circle(c, final=False))
            self.to_score = []
        return self._end_turn(events)

    def _score_circle(self, circle: int, *, final: bool) -> Event:
        """DG-8: each dolmen scores value × factor of its position; then it leaves the board."""
        rows = score_stack(self.stacks[circle], self.board.factors[circle])
        for row in rows:
            self.score[row.owner] += row.points
        self.stacks[circle] = []
        self.scored[circle] = rows
        if final:
            self.final_scored.append(circle)
        return Event(
            "circle_scored",
            {
                "circle": circle,
                "final": final,
                "dolmens": [{**row._asdict(), "position": k} for k, row in enumerate(rows)],
                "scores": list(self.score),
            },
            # DG-8/DG-11: the scored dolmens' values become public here.
            reveals=bool(rows),
        )

    def _end_turn(self, events: list[Event]) -> list[Event]:
        """DG-10: the turn is over; end the game or hand the turn on."""
        if not any(self.stones_left):
            return self._game_over(events, "stones_used_up")
        if self.final_left is not None:
            if not self.final_left:
                return self._game_over(events, "final_round_done")
            self.current = self.final_left.pop(0)
        else:
            self.current = (self.current + 1) % self.num_players
        self.phase = TURN
        events.append(Event("turn", {"seat": self.current}))
        return events

    def _game_over(self, events: list[Event], reason: str) -> list[Event]:
        """DG-10: every dolmen still on the board scores; then the game ends."""
        for c in range(self.board.num_circles):
            if self.stacks[c]:
                events.append(self._score_circle(c, final=True))
        self.phase = OVER
        self.rights = []
        self.end_reason = reason
        outcome = self._outcome()
        events.append(
            Event(
                "game_over",
                {
                    "reason": reason,
                    "scores": list(outcome.scores),
                    "winners": list(outcome.winners),
                    "dolmens_placed": list(self.dolmens_placed),
                },
            )
        )
        return events

    def _outcome(self) -> Outcome:
        return Outcome(
            tuple(self.score),
            tuple(winners(self.score, self.dolmens_placed)),
            tuple(zip(self.score, self.dolmens_placed, strict=True)),  # DG-10
        )

    # ---- views and persistence -----------------------------------------------------------

    def _dump(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "start_player": self.start_player,
            "current": self.current,
            "druids_placed": self.druids_placed,
            "stone": list(self.stone),
            "druid": list(self.druid),
            "lying": list(map(int, self.lying)),
            "stones_left": list(self.stones_left),
            "scores": list(self.score),
            "hands": [list(h) for h in self.hands],
            "dolmens_placed": list(self.dolmens_placed),
            "ever_majority": list(map(int, self.ever_majority)),
            "stacks": [list(map(list, s)) for s in self.stacks],
            "scored": [None if s is None else list(map(list, s)) for s in self.scored],
            "final_scored": list(self.final_scored),
            "rights": [[r.seat, r.circle, int(r.top)] for r in self.rights],
            "final_by": self.final_by,
            "final_left": None if self.final_left is None else list(self.final_left),
            "end_reason": self.end_reason,
        }

    def _copy(self) -> DolmengoetterState:
        # What ``_load`` would rebuild from ``_dump``, copied directly: about ten times
        # cheaper, and the rollout bots clone once per candidate move. Lists that change in
        # place are copied (nested ones too); tuples, rows and the board are shared.
        new = self._blank_copy()
        new.board, new.shared = self.board, self.shared
        new.phase, new.start_player, new.current = self.phase, self.start_player, self.current
        new.druids_placed, new.final_by = self.druids_placed, self.final_by
        new.end_reason = self.end_reason
        new.stone, new.druid, new.lying = self.stone[:], self.druid[:], self.lying[:]
        new.stones_left, new.score = self.stones_left[:], self.score[:]
        new.hands = [hand[:] for hand in self.hands]
        new.dolmens_placed, new.ever_majority = self.dolmens_placed[:], self.ever_majority[:]
        new.stacks = [stack[:] for stack in self.stacks]
        new.scored = [None if rows is None else rows[:] for rows in self.scored]
        new.final_scored, new.rights = self.final_scored[:], self.rights[:]
        new.final_left = None if self.final_left is None else self.final_left[:]
        new.counts = self.counts[:]
        new.filled, new.holder, new.to_score = self.filled[:], self.holder[:], self.to_score[:]
        new.free, new.free_bits, new.druid_bits = self.free[:], self.free_bits, self.druid_bits
        new.druids_of = [places[:] for places in self.druids_of]
        return new

    def _load(self, data: dict[str, Any]) -> None:
        self.phase = data["phase"]
        self.start_player = data["start_player"]
        self.current = data["current"]
        self.druids_placed = data["druids_placed"]
        self.stone = array("b", data["stone"])
        self.druid = array("b", data["druid"])
        self.lying = bytearray(map(bool, data["lying"]))
        self.stones_left = list(data["stones_left"])
        self.score = list(data["scores"])
        self.hands = [list(h) for h in data["hands"]]
        self.dolmens_placed = list(data["dolmens_placed"])
        self.ever_majority = [bool(x) for x in data["ever_majority"]]
        self.stacks = [[(o, v) for o, v in s] for s in data["stacks"]]
        self.scored = [
            None if s is None else [DolmenScore(*row) for row in s] for s in data["scored"]
        ]
        self.final_scored = list(data["final_scored"])
        self.rights = [Right(s, c, bool(t)) for s, c, t in data["rights"]]
        self.final_by = data["final_by"]
        self.final_left = None if data["final_left"] is None else list(data["final_left"])
        self.end_reason = data["end_reason"]
        board = self.board
        counts, self.filled = board.count_stones(self.stone, self.num_players)
        no_stones = (0,) * self.num_players
        self.counts = [tuple(row) if any(row) else no_stones for row in counts]
        self.holder = [majority_holder(counts) for counts in self.counts]
        self.to_score = [
            c
            for c in range(board.num_circles)
            if self.filled[c] == board.circle_sizes[c] and self.scored[c] is None
        ]
        stone, druid = self.stone, self.druid
        self.free = [p for p in range(len(stone)) if stone[p] == FREE and druid[p] == FREE]
        self.free_bits = sum(1 << p for p in self.free)
        self.druid_bits = sum(1 << p for p, d in enumerate(druid) if d != FREE)
        self.druids_of = [[] for _ in range(self.num_players)]
        for p, d in enumerate(druid):
            if d != FREE:
                self.druids_of[d].append(p)


def with_one_more(counts: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """A circle's stone counts with one more stone of ``seat``'s."""
    return (*counts[:seat], counts[seat] + 1, *counts[seat + 1 :])


APPLY: dict[type[Action], Callable[[DolmengoetterState, int, Any], list[Event]]] = {
    A.PlaceDruid: DolmengoetterState._place_druid,
    A.Walk: DolmengoetterState._move,
    A.Herbs: DolmengoetterState._herbs,
    A.Flight: DolmengoetterState._move,
    A.PlaceDolmen: DolmengoetterState._place_dolmen,
    A.DeclineDolmen: DolmengoetterState._decline_dolmen,
    A.Pass: DolmengoetterState._pass,
}
"""How ``_apply`` applies each action class (every member of ``DolmengoetterAction``)."""
