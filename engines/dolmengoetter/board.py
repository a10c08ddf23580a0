"""The Dolmengötter board: fixed data, read once and precomputed (DG-1).

The board file (``seeds/boards/dolmengoetter.json``) lists 78 stone places and 28 stone
circles; its ids are the ids actions and views use. Everything a rule needs many times per
move (neighbours, the circles of a place) is turned into tuples here, once per process.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.core import load_board

from .constants import FREE


@dataclass(frozen=True, slots=True)
class Board:
    """Stone places and circles; ``neighbours`` joins paths and rune links (DG-1)."""

    num_places: int
    neighbours: tuple[tuple[int, ...], ...]
    place_circles: tuple[tuple[int, ...], ...]
    """The circles each place belongs to (1–3 of them), in circle id order."""
    circle_places: tuple[tuple[int, ...], ...]
    circle_shapes: tuple[str, ...]
    factors: tuple[tuple[int, ...], ...]
    """DG-8: scoring factor by stack position, from the top down."""
    max_dolmens: tuple[int, ...]
    raw: Mapping[str, Any]
    num_circles: int
    circle_sizes: tuple[int, ...]
    """Stone places per circle: a circle with that many stones is complete (DG-8)."""
    neighbour_masks: tuple[int, ...]
    """``neighbours`` as bit sets (bit ``q`` of ``neighbour_masks[p]``: ``q`` is next to
    ``p``), so the walk search (DG-3) joins whole neighbourhoods with one ``&``."""

    def count_stones(
        self, stone: Sequence[int], num_players: int
    ) -> tuple[list[list[int]], list[int]]:
        """Per circle, the stones of each seat and the stones in all (DG-6), from the seat
        whose stone is on each place (``FREE`` where there is none)."""
        counts = [[0] * num_players for _ in range(self.num_circles)]
        filled = [0] * self.num_circles
        place_circles = self.place_circles
        for place, seat in enumerate(stone):
            if seat != FREE:
                for c in place_circles[place]:
                    counts[c][seat] += 1
                    filled[c] += 1
        return counts, filled

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Board:
        num_places = len(data["places"])
        adjacent: list[set[int]] = [set() for _ in range(num_places)]
        for a, b in [*data["paths"], *data["rune_links"]]:
            adjacent[a].add(b)
            adjacent[b].add(a)
        circles = sorted(data["circles"], key=lambda c: c["id"])
        place_circles: list[list[int]] = [[] for _ in range(num_places)]
        for circle in circles:
            for place in circle["places"]:
                place_circles[place].append(circle["id"])
        return cls(
            num_places=num_places,
            neighbours=tuple(tuple(sorted(n)) for n in adjacent),
            place_circles=tuple(tuple(sorted(c)) for c in place_circles),
            circle_places=tuple(tuple(c["places"]) for c in circles),
            circle_shapes=tuple(c["shape"] for c in circles),
            factors=tuple(tuple(c["factors"]) for c in circles),
            max_dolmens=tuple(c["max_dolmens"] for c in circles),
            raw=data,
            num_circles=len(circles),
            circle_sizes=tuple(len(c["places"]) for c in circles),
            neighbour_masks=tuple(sum(1 << q for q in n) for n in adjacent),
        )


def standard_board() -> Board:
    return Board.from_json(load_board("dolmengoetter"))
