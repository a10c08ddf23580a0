"""The rules of Die Dolmengötter as small predicates, each citing its ruling (RULES.md).

They work on plain lists (the state's compact arrays) and trust their caller: the state
validates at its edge and then calls these with well-formed data.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Right(NamedTuple):
    """A dolmen right (DG-6): ``seat`` may put a dolmen on top of or under a circle's stack."""

    seat: int
    circle: int
    top: bool


# ---- DG-3 / DG-4: druids ------------------------------------------------------------------


def walk_destinations(neighbour_masks: Sequence[int], druids: int, free: int, start: int) -> int:
    """DG-3: the free places a druid on ``start`` can walk to, as a bit set (bit ``p``:
    place ``p``). ``druids`` and ``free`` are bit sets of the places holding a druid and of
    the places holding neither druid nor stone.

    A walk steps to a neighbouring place (paths and rune links, DG-1); it may jump over
    druids of any colour, standing or lying, one or a row of them, turning as it likes.
    Stones and free places cannot be jumped. The start place is never a destination.
    """
    reached = neighbour_masks[start]
    over = reached & druids
    jumped = 1 << start
    while over:
        # Jump over every druid reached for the first time: what lies next to them is
        # reached too (the start's own druid is jumped already, so it never comes back).
        jumped |= over
        around = 0
        while over:
            low = over & -over
            around |= neighbour_masks[low.bit_length() - 1]
            over ^= low
        reached |= around
        over = around & druids & ~jumped
    return reached & free


def places_in(bits: int) -> list[int]:
    """The places of a bit set, ascending."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def can_take_flight(lying: bool) -> bool:
    """DG-4: only a lying druid (one that collected herbs) may take flight."""
    return lying


def can_collect_herbs(lying: bool) -> bool:
    """DG-4: a standing druid lies down to collect herbs."""
    return not lying


# ---- DG-5: stone or penalty ---------------------------------------------------------------


def can_place_stone(stones_left: int) -> bool:
    """DG-5: a stone needs one left in the supply."""
    return stones_left > 0


def can_decline_stone(score: int, stones_left: int) -> bool:
    """DG-5: declining costs 1 point and is not allowed at score 1; with no stones, it is free."""
    return stones_left == 0 or score > 1


def decline_penalty(stones_left: int) -> int:
    """DG-5: points lost by declining the stone."""
    return 1 if stones_left > 0 else 0


# ---- DG-6: majorities ---------------------------------------------------------------------


def majority_holder(counts: Sequence[int]) -> int | None:
    """DG-6: the seat whose colour has more stones than each other colour, if any.

    A majority needs at least two colours present: two stones of one colour alone are none.
    """
    top = max(counts)
    if counts.count(top) > 1 or len(counts) - counts.count(0) < 2:
        return None  # a tie on top (no stones at all is one too), or one colour alone
    return counts.index(top)


def has_majority(counts: Sequence[int], seat: int) -> bool:
    """DG-6: whether ``seat``'s colour holds the majority in a circle with these counts."""
    return majority_holder(counts) == seat


def dolmen_right(
    circle: int,
    colour: int,
    holder_before: int | None,
    holder_after: int | None,
    counts_after: Sequence[int],
    ever_majority: bool,
) -> Right | None:
    """DG-6: the right one stone of ``colour`` creates in one circle, if any, from the
    majority holders (``majority_holder``) before and after it and the counts after it.

    - A colour that has the majority now and did not just before may build on top (a
      passive majority when it is not ``colour``).
    - Else, with no majority now, a circle that had a majority at any earlier moment gives
      the equalizer ``colour`` (now tying the highest count) a dolmen at the bottom.
    """
    if holder_after is not None:
        return Right(holder_after, circle, True) if holder_after != holder_before else None
    if ever_majority and counts_after[colour] == max(counts_after):
        return Right(colour, circle, False)
    return None


# ---- DG-7: answering rights ---------------------------------------------------------------


def answer_order(rights: list[Right], active: int, num_players: int) -> list[Right]:
    """DG-7: the active player's rights first, then clockwise; within a player by circle id."""
    return sorted(rights, key=lambda r: ((r.seat - active) % num_players, r.circle))


def right_lapses(stack_height: int, max_dolmens: int, dolmens_left: int) -> bool:
    """DG-7: a right lapses if the stack is full or its owner has no dolmen left."""
    return stack_height >= max_dolmens or dolmens_left == 0


# ---- DG-10: the end -----------------------------------------------------------------------


def final_round_order(current: int, last_dolmen_by: int, num_players: int) -> list[int]:
    """DG-10: who has one more turn after the current one, in order.

    Every player except the one who placed their last dolmen, from the seat after the
    current player on; the current player, if not that player, comes last.
    """
    seats = [(current + i) % num_players for i in range(1, num_players + 1)]
    return [s for s in seats if s != last_dolmen_by]
