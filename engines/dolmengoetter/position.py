"""Positions from short descriptions, for tests and bots (STYLE: positions from short setups).

    state = position(3, stones={0: [14, 9], 1: [10]}, druids={0: [15], 1: [20]},
                           lying=[20], stacks={4: [(1, 3)]}, current=1)

builds a 3-player game in the turn phase (druids all placed), seat 1 to move. Unless given:
each seat's stones left are its DG-2 supply minus its stones on the board, its hand is the
DG-2 split minus its dolmens in stacks, its dolmens placed are those in stacks, scores are
4, and a circle counts as having had a majority (DG-6) when it has one now or holds
dolmens. Circles whose places are all stones count as already scored (their stacks must be
empty). Raises ``ValueError`` for a description that cannot be a position.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from . import GAME
from .constants import DRUIDS_PER_PLAYER, FREE, SUPPLIES, TURN, VALUES
from .rules import majority_holder
from .state import DolmengoetterState


def position(
    players: int = 2,
    *,
    stones: Mapping[int, Iterable[int]] | None = None,
    druids: Mapping[int, Iterable[int]] | None = None,
    lying: Iterable[int] = (),
    stacks: Mapping[int, Sequence[tuple[int, int]]] | None = None,
    hands: Mapping[int, Mapping[int, int]] | None = None,
    scores: Sequence[int] | None = None,
    stones_left: Sequence[int] | None = None,
    dolmens_placed: Sequence[int] | None = None,
    ever_majority: Iterable[int] | None = None,
    current: int = 0,
    start_player: int = 0,
    seed: int = 0,
) -> DolmengoetterState:
    """A turn-phase position; ``stacks`` maps a circle to ``(owner, value)`` top first,
    ``hands`` maps a seat to ``{value: count}``."""
    state = GAME.new(players, seed, {"start_player": start_player})
    # Written into the dict ``_load`` reads, so the state's attributes are listed only there.
    data = state._dump()
    board = GAME.board
    supply = SUPPLIES[players]
    stone: list[int] = data["stone"]
    druid: list[int] = data["druid"]

    def put(layer: list[int], seat: int, place: int) -> None:
        if not 0 <= seat < players:
            raise ValueError(f"no seat {seat!r} in a {players}-player game")
        if not 0 <= place < board.num_places:
            raise ValueError(f"no stone place {place!r}")
        if stone[place] != FREE or druid[place] != FREE:
            raise ValueError(f"stone place {place} is used twice")
        layer[place] = seat

    for seat, places in (stones or {}).items():
        for p in places:
            put(stone, seat, p)
    for seat, places in (druids or {}).items():
        for p in places:
            put(druid, seat, p)
    for p in lying:
        if druid[p] == FREE:
            raise ValueError(f"no druid on stone place {p} to lie down")
        data["lying"][p] = 1
    counts, filled = board.count_stones(stone, players)

    on_stacks: list[list[tuple[int, int]]] = [[] for _ in range(board.num_circles)]
    for c, stack in (stacks or {}).items():
        if len(stack) > board.max_dolmens[c]:
            raise ValueError(f"circle {c} holds at most {board.max_dolmens[c]} dolmens")
        on_stacks[c] = [(o, v) for o, v in stack]
    for c in range(board.num_circles):
        if filled[c] == len(board.circle_places[c]):
            if on_stacks[c]:
                raise ValueError(f"circle {c} is complete, so its dolmens have scored already")
            data["scored"][c] = []
    data["stacks"] = [[[o, v] for o, v in stack] for stack in on_stacks]

    on_board = [[0, 0, 0, 0] for _ in range(players)]
    for stack in on_stacks:
        for o, v in stack:
            on_board[o][v - 1] += 1
    for seat in range(players):
        if hands is not None and seat in hands:
            data["hands"][seat] = [hands[seat].get(v, 0) for v in VALUES]
        else:
            hand = [k - b for k, b in zip(supply.dolmens, on_board[seat], strict=True)]
            if min(hand) < 0:
                raise ValueError(f"seat {seat} has more dolmens on the board than DG-2 gives")
            data["hands"][seat] = hand
        placed = stone.count(seat)
        left = stones_left[seat] if stones_left is not None else supply.stones - placed
        if left < 0:
            raise ValueError(f"seat {seat} has more stones on the board than DG-2 gives")
        data["stones_left"][seat] = left
    data["dolmens_placed"] = (
        list(dolmens_placed) if dolmens_placed is not None else [sum(c) for c in on_board]
    )
    if scores is not None:
        data["scores"] = list(scores)
    if ever_majority is None:
        data["ever_majority"] = [
            int(majority_holder(counts[c]) is not None or bool(on_stacks[c]))
            for c in range(board.num_circles)
        ]
    else:
        chosen = set(ever_majority)
        data["ever_majority"] = [int(c in chosen) for c in range(board.num_circles)]
    data["druids_placed"] = DRUIDS_PER_PLAYER * players
    data["phase"] = TURN
    data["current"] = current
    state._load(data)
    return state
