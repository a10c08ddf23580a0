"""The Dschingis Khan board: its fixed wall geometry, read once and precomputed (DK-1, DK-6).

The board file (``seeds/boards/dschingis_khan.json``) lists the villages, the towers at their
corners, the inner lines (each between two villages and two towers), the border and the
initial Great Wall; its ids are the ids actions and views use. ``Board`` turns what the
rules read many times per move into tuples, once per ``Game`` (as Die Dolmengötter's
``Board`` does).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engines.core import load_board

from .constants import EAST, WEST


@dataclass(frozen=True, slots=True)
class Board:
    """The board's fixed wall facts; built once from the board file and never changed."""

    line_towers: tuple[tuple[int, int], ...]
    line_villages: tuple[tuple[int, int], ...]
    village_lines: tuple[tuple[int, ...], ...]
    tower_side: tuple[str | None, ...]
    line_at: Mapping[tuple[int, int], int]
    """(tower, tower) in either order -> line id."""
    boundary_cycle: tuple[int, ...]
    edge_village: Mapping[tuple[int, int], int]
    """A border line (towers in ascending order) -> the village inside it."""
    north_tower: int
    initial_pieces: tuple[int, ...]
    initial_ends: tuple[int, int]
    total_walls: int
    raw: Mapping[str, Any]
    """The board file as read (treat it as read-only)."""
    north_seeds: Mapping[tuple[int, int], frozenset[int]] = field(default_factory=dict)
    """(west end, east end) -> villages with a border line on the north arc (DK-6)."""
    tower_lines: tuple[tuple[int, ...], ...] = ()
    """Tower -> the inner lines that end at it, ascending."""
    village_neighbours: tuple[tuple[tuple[int, int], ...], ...] = ()
    """Village -> (line, the village across it) for each of its inner lines."""
    tower_links: tuple[tuple[tuple[int, int], ...], ...] = ()
    """Tower -> (line, the tower at its other end) for each inner line ending at it."""

    @property
    def num_lines(self) -> int:
        return len(self.line_towers)

    @property
    def num_villages(self) -> int:
        return len(self.village_lines)

    @classmethod
    def from_json(cls, board: Mapping[str, Any]) -> Board:
        towers = board["towers"]
        lines = sorted(board["lines"], key=lambda line: line["id"])
        if [line["id"] for line in lines] != list(range(len(lines))):
            raise ValueError("board lines must have ids 0..n-1")
        line_towers = tuple((line["towers"][0], line["towers"][1]) for line in lines)
        line_villages = tuple((line["villages"][0], line["villages"][1]) for line in lines)
        village_lines: list[list[int]] = [[] for _ in board["villages"]]
        line_at: dict[tuple[int, int], int] = {}
        for i, ((a, b), (v, w)) in enumerate(zip(line_towers, line_villages, strict=True)):
            village_lines[v].append(i)
            village_lines[w].append(i)
            line_at[(a, b)] = line_at[(b, a)] = i
        edge_village = {(min(e["towers"]), max(e["towers"])): e["village"] for e in board["border"]}
        ends = board["initial_ends"]
        geo = cls(
            line_towers=line_towers,
            line_villages=line_villages,
            village_lines=tuple(tuple(ls) for ls in village_lines),
            tower_side=tuple(t["side"] for t in sorted(towers, key=lambda t: t["id"])),
            line_at=line_at,
            boundary_cycle=tuple(board["boundary_cycle"]),
            edge_village=edge_village,
            north_tower=1,
            initial_pieces=tuple(board["initial_wall"]),
            initial_ends=(ends[WEST], ends[EAST]),
            total_walls=board["total_walls"],
            raw=board,
        )
        west = [t for t, s in enumerate(geo.tower_side) if s == WEST]
        east = [t for t, s in enumerate(geo.tower_side) if s == EAST]
        seeds = {(w, e): geo._north_arc_villages(w, e) for w in west for e in east}
        object.__setattr__(geo, "north_seeds", seeds)
        at_tower: list[list[int]] = [[] for _ in geo.tower_side]
        for line, (a, b) in enumerate(line_towers):
            at_tower[a].append(line)
            at_tower[b].append(line)
        object.__setattr__(geo, "tower_lines", tuple(tuple(ls) for ls in at_tower))

        def across(pairs: tuple[tuple[int, int], ...], here: int, line: int) -> int:
            a, b = pairs[line]
            return b if a == here else a

        neighbours = tuple(
            tuple((line, across(line_villages, v, line)) for line in lines)
            for v, lines in enumerate(geo.village_lines)
        )
        object.__setattr__(geo, "village_neighbours", neighbours)
        links = tuple(
            tuple((line, across(line_towers, t, line)) for line in lines)
            for t, lines in enumerate(geo.tower_lines)
        )
        object.__setattr__(geo, "tower_links", links)
        return geo

    def _north_arc_villages(self, west: int, east: int) -> frozenset[int]:
        """Villages with a border line on the boundary arc between the ends through tower 1."""
        cycle = self.boundary_cycle
        n = len(cycle)
        i, j = cycle.index(west), cycle.index(east)
        arcs = []
        for start, stop in ((i, j), (j, i)):
            arc = [cycle[start]]
            k = start
            while k != stop:
                k = (k + 1) % n
                arc.append(cycle[k])
            arcs.append(arc)
        north = next(arc for arc in arcs if self.north_tower in arc)
        return frozenset(
            self.edge_village[(min(a, b), max(a, b))] for a, b in itertools.pairwise(north)
        )

    def line_between(self, a: int, b: int) -> int | None:
        """The line two villages share, or ``None`` when they are not neighbours."""
        return next((ln for ln in self.village_lines[a] if b in self.line_villages[ln]), None)

    def towers_to_lines(self, towers: list[int] | tuple[int, ...]) -> list[int]:
        """The lines along a path of towers (for building positions: "22 23 24" -> lines)."""
        try:
            return [self.line_at[(a, b)] for a, b in itertools.pairwise(towers)]
        except KeyError as exc:
            raise ValueError(f"no line between towers {exc.args[0]!r}") from None


def standard_board() -> Board:
    """The shipped board."""
    return Board.from_json(load_board("dschingis_khan"))
