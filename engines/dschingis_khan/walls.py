"""The wall of Dschingis Khan (RULES.md DK-1..DK-6): placing pieces and what follows.

The model
---------
Towers are the corners of the village grid. A wall piece stands on a *line*: the side two
villages share, between two towers (border lines on the board's edge take no walls).

* The pieces on the board always form **one tree** of towers and pieces (DK-1).
* The **Great Wall** is the path in that tree from the west end (a west side tower) to the
  east end (an east side tower). Every other piece is a **branch**; a branch hangs off the
  Great Wall at one tower, its *attachment*.
* A new piece must share a tower with the tree (DK-2). If both its towers are on the board
  it closes a cycle (DK-3): the cycle is legal only if it holds a Great Wall piece, which on
  a tree is exactly "its two towers hang off different Great Wall towers". If it reaches a
  side tower not yet on the board it may move an end (DK-4). Either way the longer of the
  old Great Wall section S and the new section N stays; on a tie N goes.
* After a removal every piece cut off from the Great Wall goes too (DK-5).
* The sides (DK-6) follow from the Great Wall alone: the two ends split the board's
  boundary into a north arc (through tower 1) and a south arc; a village is Mongolian when
  it reaches a village with a border line on the north arc without crossing the Great Wall.

``board.Board`` is the fixed board (precomputed once per ``Game``); ``Wall`` is the
mutable part of a position (which lines hold a piece, open or closed, and the two ends)
with everything derived from it. ``Wall.place`` resolves one placement and returns a
``Placement``: the outcome as data, which events, views and tests all read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from .board import Board
from .constants import CLOSED, EAST, EMPTY, OPEN, WEST


@dataclass(frozen=True, slots=True)
class Placement:
    """What one wall placement did (DK-2..DK-5): the outcome as data.

    ``kind`` is ``"branch"`` (nothing else happened), ``"loop"`` (DK-3) or ``"new_end"``
    (DK-4: the piece reached a side tower not yet on the board). For a loop or a new end,
    ``new_section`` (N, the new piece included) and ``old_section`` (S, Great Wall pieces)
    were compared and ``kept`` says which stayed. ``removed`` lists every piece taken off
    (the lost section and, DK-5, the ``isolated`` pieces cut off by it), ``new_end`` the end
    that moved as ``(side, tower)``, ``sides_changed`` the villages that changed side.
    Every tuple of lines or villages is in ascending order.
    """

    line: int
    kind: Literal["branch", "loop", "new_end"] = "branch"
    new_section: tuple[int, ...] = ()
    old_section: tuple[int, ...] = ()
    kept: Literal["new", "old"] | None = None
    removed: tuple[int, ...] = ()
    isolated: tuple[int, ...] = ()
    new_end: tuple[str, int] | None = None
    sides_changed: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "kind": self.kind,
            "new_section": list(self.new_section),
            "old_section": list(self.old_section),
            "kept": self.kept,
            "removed": list(self.removed),
            "isolated": list(self.isolated),
            "new_end": None if self.new_end is None else {self.new_end[0]: self.new_end[1]},
            "sides_changed": list(self.sides_changed),
        }


@cache
def _branch(line: int) -> Placement:
    """What a piece that only extends the tree did: nothing else (frozen, so shared)."""
    return Placement(line=line)


class Wall:
    """The pieces on the board, open or closed, and the two ends of the Great Wall.

    ``state[line]`` is ``EMPTY``, ``OPEN`` or ``CLOSED``. Everything else (the tree rooted
    at the west end, the Great Wall path, attachments, sides, legal lines) is derived: kept
    up to date when a piece only extends the tree, rebuilt after a loop or a new end, and
    built by ``__init__`` from the pieces alone (so a wall read back from JSON is the check
    of the kept one). Opening or closing a piece changes nothing structural.
    """

    __slots__ = (
        "_att",
        "_depth",
        "_gw_towers",
        "_legal",
        "_up",
        "_up_line",
        "ends",
        "geo",
        "great_wall",
        "great_wall_set",
        "mongolian",
        "state",
    )

    def __init__(self, geo: Board, state: list[int], west: int, east: int) -> None:
        self.geo = geo
        self.state = state
        self.ends = {WEST: west, EAST: east}
        for side, tower in self.ends.items():
            if not 0 <= tower < len(geo.tower_side) or geo.tower_side[tower] != side:
                raise ValueError(f"DK-1: the {side} end {tower!r} is not a {side} side tower")
        self.great_wall: tuple[int, ...] = ()
        self.mongolian: list[bool] = []
        self._rebuild()
        self._check_tree()
        self._check_ends()

    # ---- derived structure -------------------------------------------------------------
    #
    # The tree is kept rooted at the west end, one entry per tower (lists indexed by tower,
    # -1 where a tower holds no piece): the tower above it (``_up``), the piece between them
    # (``_up_line``), its depth, and the Great Wall tower it hangs off (``_att``). A piece
    # that extends the tree adds one tower (``_add_leaf``); a loop or a new end rebuilds it
    # with one walk from the west end, which also finds the pieces cut off (DK-5).

    def _rebuild(self) -> None:
        geo = self.geo
        state = self.state
        links = geo.tower_links
        n = len(geo.tower_side)
        west, east = self.ends[WEST], self.ends[EAST]
        up, up_line, depth = [-1] * n, [-1] * n, [-1] * n
        depth[west] = 0
        order = [west]
        for t in order:  # breadth first: the list grows while it is walked
            below = depth[t] + 1
            for line, other in links[t]:
                if state[line] and depth[other] < 0:
                    up[other], up_line[other], depth[other] = t, line, below
                    order.append(other)
        if depth[east] < 0:
            raise ValueError(f"towers {west} and {east} are not connected by wall pieces")
        self._up, self._up_line, self._depth = up, up_line, depth
        path = []
        towers = [east]
        t = east
        while t != west:
            path.append(up_line[t])
            t = up[t]
            towers.append(t)
        path.reverse()
        towers.reverse()
        self._gw_towers = towers
        att = [-1] * n
        for t in towers:
            att[t] = t
        for t in order:
            if att[t] < 0:
                att[t] = att[up[t]]  # the tower above comes earlier in a breadth-first walk
        self._att = att
        self._legal: list[int] | None = None
        if tuple(path) != self.great_wall:
            # DK-6: the sides follow from the Great Wall alone (branches never separate them).
            self.great_wall = tuple(path)
            self.great_wall_set = frozenset(path)
            self.mongolian = self._sides()

    def _path(self, start: int, goal: int) -> list[int]:
        """Lines of the tree path between towers ``start`` and ``goal`` (both on the board),
        climbing from both towards the root until they meet; in no particular order."""
        up, up_line, depth = self._up, self._up_line, self._depth
        out = []
        a, b = start, goal
        while depth[a] > depth[b]:
            out.append(up_line[a])
            a = up[a]
        while depth[b] > depth[a]:
            out.append(up_line[b])
            b = up[b]
        while a != b:
            out.append(up_line[a])
            out.append(up_line[b])
            a, b = up[a], up[b]
        return out

    def _sides(self) -> list[bool]:
        """DK-6: Mongolian = reachable from a north-arc border village without crossing the
        Great Wall (branches never separate sides)."""
        geo = self.geo
        gw = self.great_wall_set
        neighbours = geo.village_neighbours
        mongolian = [False] * geo.num_villages
        todo = list(geo.north_seeds[(self.ends[WEST], self.ends[EAST])])
        for v in todo:
            mongolian[v] = True
        while todo:
            for line, w in neighbours[todo.pop()]:
                if not mongolian[w] and line not in gw:
                    mongolian[w] = True
                    todo.append(w)
        return mongolian

    def _check_tree(self) -> None:
        """Refuse a position that breaks DK-1 (used when loading or building positions),
        from the tree ``_rebuild`` walked from the west end."""
        depth = self._depth
        line_towers = self.geo.line_towers
        pieces = self.pieces()
        if any(depth[line_towers[p][0]] < 0 for p in pieces):
            raise ValueError("DK-1: some wall pieces are not connected to the Great Wall")
        if len(pieces) != sum(d >= 0 for d in depth) - 1:
            raise ValueError("DK-1: the wall pieces do not form one tree")

    def _check_ends(self) -> None:
        """A piece reaching a side tower is resolved at once (DK-4): it moves an end or goes."""
        on_wall = set(self._gw_towers)
        side = self.geo.tower_side
        stray = [t for t, d in enumerate(self._depth) if d >= 0 and side[t] and t not in on_wall]
        if stray:
            raise ValueError(f"DK-4: side tower {stray[0]} holds a branch, not the Great Wall")

    # ---- reading the wall --------------------------------------------------------------

    def pieces(self) -> list[int]:
        return [line for line, s in enumerate(self.state) if s]

    def is_open(self, line: int) -> bool:
        return self.state[line] == OPEN

    def is_great_wall(self, line: int) -> bool:
        return line in self.great_wall_set

    def side_of(self, village: int) -> str:
        return "mongolia" if self.mongolian[village] else "china"

    # ---- predicates for a new piece (DK-2..DK-4) ---------------------------------------

    def is_connected_to_wall(self, line: int) -> bool:
        """DK-2: the new piece shares a tower with a piece already on the board."""
        a, b = self.geo.line_towers[line]
        return self._depth[a] >= 0 or self._depth[b] >= 0

    def closes_loop(self, line: int) -> bool:
        """DK-3: both towers already on the board, so the piece closes a cycle."""
        a, b = self.geo.line_towers[line]
        return self._depth[a] >= 0 and self._depth[b] >= 0

    def loop_holds_great_wall(self, line: int) -> bool:
        """DK-3 / Fig. 9: the cycle closed by ``line`` contains a Great Wall piece.

        On a tree the cycle holds a Great Wall piece exactly when the two towers hang off
        different Great Wall towers. Trusts the caller that ``closes_loop(line)``.
        """
        a, b = self.geo.line_towers[line]
        return self._att[a] != self._att[b]

    def new_end_tower(self, line: int) -> int | None:
        """DK-4: the side tower ``line`` reaches that is not yet on the board, if any."""
        side = self.geo.tower_side
        for t in self.geo.line_towers[line]:
            if side[t] is not None and self._depth[t] < 0:
                return t
        return None

    def why_not_placeable(self, line: int) -> str | None:
        """Why a piece may not go on ``line`` (any int), or ``None`` when it may."""
        if not isinstance(line, int) or not 0 <= line < self.geo.num_lines:
            return (
                f"DK-2: there is no line {line!r} between two villages; wall pieces stand "
                f"only on the {self.geo.num_lines} inner lines (0-{self.geo.num_lines - 1}), "
                "never on the board's edge"
            )
        if self.state[line]:
            return f"DK-2: line {line!r} already holds a wall piece"
        if not self.is_connected_to_wall(line):
            a, b = self.geo.line_towers[line]
            return (
                f"DK-2: a wall piece on line {line!r} would not share a tower with the wall "
                f"(towers {a} and {b} hold no piece)"
            )
        if self.closes_loop(line) and not self.loop_holds_great_wall(line):
            return (
                f"DK-3 (Fig. 9): a wall piece on line {line!r} would close a loop that holds "
                "no piece of the Great Wall"
            )
        return None

    def can_place(self, line: int) -> bool:
        a, b = self.geo.line_towers[line]
        depth = self._depth
        if self.state[line]:
            return False
        if depth[a] >= 0:
            return depth[b] < 0 or self._att[a] != self._att[b]
        return depth[b] >= 0

    def legal_lines(self) -> list[int]:
        """Every line a new piece may go on, ascending."""
        return list(self.placeable())

    def placeable(self) -> list[int]:
        """``legal_lines`` itself, cached until the pieces change: callers must not change it."""
        if self._legal is None:
            self._legal = self._find_legal_lines()
        return self._legal

    def _find_legal_lines(self) -> list[int]:
        """``can_place`` for every line at once (after a loop or a new end), its tests
        inlined: DK-2, a tower of the line on the board; DK-3, if both are, they hang off
        different Great Wall towers."""
        state, depth, att = self.state, self._depth, self._att
        return [
            line
            for line, (a, b) in enumerate(self.geo.line_towers)
            if not state[line]
            and (depth[a] >= 0 or depth[b] >= 0)
            and (depth[a] < 0 or depth[b] < 0 or att[a] != att[b])
        ]

    # ---- changing the wall -------------------------------------------------------------

    def close(self, line: int) -> None:
        """A scout used this open piece (DK-10); it turns to its closed face."""
        self.state[line] = CLOSED

    def loop_sections(self, line: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """DK-3: the new section N (the piece and every other non-Great-Wall piece of the
        cycle) and the Great Wall section S of the cycle ``line`` closes. Trusts
        ``closes_loop(line)``."""
        a, b = self.geo.line_towers[line]
        cycle = self._path(a, b)
        gw = self.great_wall_set
        new = tuple(sorted([p for p in cycle if p not in gw] + [line]))
        return new, tuple(sorted(p for p in cycle if p in gw))

    def end_sections(self, line: int, tower: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """DK-4: N = the path from side tower ``tower`` (reached by ``line``) to where it
        meets the Great Wall; S = the Great Wall from there to the end on that side."""
        a, b = self.geo.line_towers[line]
        inner = b if tower == a else a
        meet = self._att[inner]
        new = tuple(sorted([*self._path(inner, meet), line]))
        k = self._gw_towers.index(meet)
        old = self.great_wall[:k] if self.geo.tower_side[tower] == WEST else self.great_wall[k:]
        return new, tuple(sorted(old))

    def place(self, line: int) -> Placement:
        """Put a new open piece on ``line`` and resolve DK-3..DK-5.

        Trusts the caller that ``can_place(line)``. The caller sends ``removed`` pieces to the
        common supply or out of the game (DK-5, DK-16).
        """
        end_tower = None
        if self.closes_loop(line):
            kind: Literal["loop", "new_end"] = "loop"
            new_section, old_section = self.loop_sections(line)
        else:
            end_tower = self.new_end_tower(line)
            if end_tower is None:
                self._add_leaf(line)
                return _branch(line)
            kind = "new_end"
            new_section, old_section = self.end_sections(line, end_tower)
        # The longer section stays; on a tie the new one goes (DK-3, DK-4).
        kept: Literal["new", "old"] = "new" if len(new_section) > len(old_section) else "old"
        cut = old_section if kept == "new" else new_section
        new_end = None
        if end_tower is not None and kept == "new":
            new_end = (self.geo.tower_side[end_tower] or "", end_tower)
        before = self.mongolian
        self.state[line] = OPEN
        for p in cut:
            self.state[p] = EMPTY
        if new_end is not None:
            self.ends[new_end[0]] = new_end[1]
        self._rebuild()
        isolated = self._drop_isolated()
        after = self.mongolian
        changed = () if after is before else tuple(v for v, m in enumerate(after) if m != before[v])
        return Placement(
            line=line,
            kind=kind,
            new_section=new_section,
            old_section=old_section,
            kept=kept,
            removed=tuple(sorted(cut + isolated)),
            isolated=isolated,
            new_end=new_end,
            sides_changed=changed,
        )

    def _add_leaf(self, line: int) -> None:
        """A piece that only extends the tree: update the derived structure in place (the
        Great Wall and the sides stay as they are)."""
        self.state[line] = OPEN
        a, b = self.geo.line_towers[line]
        inner, outer = (a, b) if self._depth[a] >= 0 else (b, a)
        self._up[outer] = inner
        self._up_line[outer] = line
        self._depth[outer] = self._depth[inner] + 1
        self._att[outer] = self._att[inner]
        if self._legal is not None:
            # Only lines at the new tower change (the placed one among them): a line
            # elsewhere keeps both its towers' places on the board and their attachments.
            touched = self.geo.tower_lines[outer]
            legal = [ln for ln in self._legal if ln not in touched]
            legal += [ln for ln in touched if self.can_place(ln)]
            legal.sort()
            self._legal = legal

    def _drop_isolated(self) -> tuple[int, ...]:
        """DK-5: remove every piece no longer connected to the Great Wall's west end (the
        pieces whose towers the rebuilt tree did not reach)."""
        depth = self._depth
        line_towers = self.geo.line_towers
        dropped = tuple(p for p, s in enumerate(self.state) if s and depth[line_towers[p][0]] < 0)
        for p in dropped:
            self.state[p] = EMPTY
        return dropped

    def to_json(self) -> dict[str, Any]:
        return {
            "pieces": [[line, s == OPEN] for line, s in enumerate(self.state) if s],
            WEST: self.ends[WEST],
            EAST: self.ends[EAST],
        }

    def copy(self) -> Wall:
        """An independent wall in the same position: the lists that change move by move are
        copied, the board and what is only ever replaced (Great Wall, its set) shared."""
        wall = Wall.__new__(Wall)
        wall.geo = self.geo
        wall.state = list(self.state)
        wall.ends = dict(self.ends)
        wall.great_wall = self.great_wall
        wall.great_wall_set = self.great_wall_set
        wall.mongolian = list(self.mongolian)
        wall._up, wall._up_line = list(self._up), list(self._up_line)
        wall._depth, wall._att = list(self._depth), list(self._att)
        wall._gw_towers = list(self._gw_towers)
        wall._legal = None if self._legal is None else list(self._legal)
        return wall

    @classmethod
    def initial(cls, geo: Board) -> Wall:
        """The wall every game starts with (DK-1), copied from one built and checked once
        per board: building it was most of the cost of a new game."""
        first = _INITIAL.get(id(geo))
        if first is None or first.geo is not geo:
            pieces = [[line, True] for line in geo.initial_pieces]
            west, east = geo.initial_ends
            first = cls.from_json(geo, {"pieces": pieces, WEST: west, EAST: east})
            _INITIAL[id(geo)] = first
            first.legal_lines()
        return first.copy()

    @classmethod
    def from_json(cls, geo: Board, data: Mapping[str, Any]) -> Wall:
        state = [EMPTY] * geo.num_lines
        for line, is_open in data["pieces"]:
            state[line] = OPEN if is_open else CLOSED
        return cls(geo, state, data[WEST], data[EAST])


_INITIAL: dict[int, Wall] = {}
"""Per board (by identity; the wall keeps its board alive), its initial wall."""
