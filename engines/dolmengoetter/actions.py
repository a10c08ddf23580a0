"""The decisions a Dolmengötter seat can make (a discriminated union on ``type``).

Place and circle fields are ids from the board file. A walk or flight carries the stone
decision of DG-5 (``stone``: place one on the place just left, or decline), so a turn's
move is one atomic action. No action names a dolmen by id: a dolmen is chosen by value,
which only its owner sees.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field

from engines.core import Action


class ActionBase(Action):
    """Base of this game's actions (the core gives them fast value equality).

    Fields are strict: ``true`` is not place 1 and ``"yes"`` is not a stone decision.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    def __repr_args__(self) -> Iterable[tuple[str | None, Any]]:
        # The class already names the type: ``Walk(from_place=14, to=19, stone=True)``.
        return [(k, v) for k, v in super().__repr_args__() if k != "type"]


def _stone_label(stone: bool) -> str:
    return "+ stone" if stone else "no stone"


class PlaceDruid(ActionBase):
    """DG-2: put one of the seat's druids on a free place during setup."""

    type: Literal["place_druid"] = "place_druid"
    place: int

    def label(self) -> str:
        return f"druid on {self.place}"


class Walk(ActionBase):
    """DG-3 + DG-5: walk a druid (jumping druids, using rune links), then stone or decline."""

    type: Literal["walk"] = "walk"
    from_place: int
    to: int
    stone: bool

    def label(self) -> str:
        return f"walk {self.from_place}→{self.to}, {_stone_label(self.stone)}"


class Herbs(ActionBase):
    """DG-4: a standing druid lies down to collect herbs."""

    type: Literal["herbs"] = "herbs"
    place: int

    def label(self) -> str:
        return f"herbs at {self.place}"


class Flight(ActionBase):
    """DG-4 + DG-5: a lying druid flies to any free place and stands up; then stone or decline."""

    type: Literal["flight"] = "flight"
    from_place: int
    to: int
    stone: bool

    def label(self) -> str:
        return f"flight {self.from_place}→{self.to}, {_stone_label(self.stone)}"


class PlaceDolmen(ActionBase):
    """DG-7: answer the pending dolmen right in ``circle`` with a dolmen of ``value``."""

    type: Literal["place_dolmen"] = "place_dolmen"
    circle: int
    value: int

    def label(self) -> str:
        return f"dolmen {self.value} in circle {self.circle}"


class DeclineDolmen(ActionBase):
    """DG-7: let the pending dolmen right in ``circle`` go unused."""

    type: Literal["decline_dolmen"] = "decline_dolmen"
    circle: int

    def label(self) -> str:
        return f"no dolmen in circle {self.circle}"


class Pass(ActionBase):
    """DG-9: a seat with no possible turn passes."""

    type: Literal["pass"] = "pass"

    def label(self) -> str:
        return "pass"


DolmengoetterAction = Annotated[
    PlaceDruid | Walk | Herbs | Flight | PlaceDolmen | DeclineDolmen | Pass,
    Field(discriminator="type"),
]

# Legal-action lists are rebuilt after every move; actions are immutable, so each distinct
# one is built (and validated) once per process and then shared.
_PLACE_DRUID: dict[int, PlaceDruid] = {}
_WALK: dict[tuple[int, int, bool], Walk] = {}
_FLIGHT: dict[tuple[int, int, bool], Flight] = {}
_HERBS: dict[int, Herbs] = {}
_PLACE_DOLMEN: dict[tuple[int, int], PlaceDolmen] = {}
_DECLINE_DOLMEN: dict[int, DeclineDolmen] = {}


def place_druid(place: int) -> PlaceDruid:
    a = _PLACE_DRUID.get(place)
    if a is None:
        a = _PLACE_DRUID[place] = PlaceDruid(place=place)
    return a


def walk(from_place: int, to: int, stone: bool) -> Walk:
    key = (from_place, to, stone)
    a = _WALK.get(key)
    if a is None:
        a = _WALK[key] = Walk(from_place=from_place, to=to, stone=stone)
    return a


def flight(from_place: int, to: int, stone: bool) -> Flight:
    key = (from_place, to, stone)
    a = _FLIGHT.get(key)
    if a is None:
        a = _FLIGHT[key] = Flight(from_place=from_place, to=to, stone=stone)
    return a


def herbs(place: int) -> Herbs:
    a = _HERBS.get(place)
    if a is None:
        a = _HERBS[place] = Herbs(place=place)
    return a


def place_dolmen(circle: int, value: int) -> PlaceDolmen:
    key = (circle, value)
    a = _PLACE_DOLMEN.get(key)
    if a is None:
        a = _PLACE_DOLMEN[key] = PlaceDolmen(circle=circle, value=value)
    return a


def decline_dolmen(circle: int) -> DeclineDolmen:
    a = _DECLINE_DOLMEN.get(circle)
    if a is None:
        a = _DECLINE_DOLMEN[circle] = DeclineDolmen(circle=circle)
    return a


FlightRow = tuple[tuple[Flight, ...], ...]
"""``row[to]``: the flights from one place to ``to``, one per stone decision."""

STONE_CHOICES: tuple[tuple[bool, ...], ...] = ((True, False), (True,), (False,))
"""The DG-5 stone decisions a seat can have after a move; indexes the move tables."""


class SharedActions:
    """Every action of one board's turns, made once per process and shared by all states.

    ``place_druid[p]`` and ``herbs[p]`` name place ``p``; ``place_dolmen[c][v - 1]`` and
    ``decline_dolmen[c]`` answer a right in circle ``c``; ``pass_turn`` is the DG-9 pass.
    ``flights[choices][start][to]`` are the flights from ``start`` to ``to``, one per stone
    decision in ``STONE_CHOICES[choices]`` (``()`` for ``to == start``): all made here, with
    the first state on the board, since a lying druid may fly to any free place (DG-4) and so every
    row is wanted sooner or later (some 12,000 flights: about 8 MB and 50 ms once per
    process; made row by row in play they were over a quarter of the work of a process's
    first hundred games).
    ``walks[choices][start]`` maps the bit set of places a druid on ``start`` can walk to
    (``rules.walk_destinations``) to all those walks in place order, filled by ``add_walks``
    when first wanted: a druid's surroundings take few shapes, so most turns find their
    walks with one lookup per druid. At most ``WALK_SETS`` sets are kept per start place
    and stone choice, so a long-running process does not grow without bound.
    """

    def __init__(self, num_places: int, num_circles: int) -> None:
        places = range(num_places)
        self.place_druid = tuple(place_druid(p) for p in places)
        self.herbs = tuple(herbs(p) for p in places)
        self.place_dolmen = tuple(
            tuple(place_dolmen(c, v) for v in range(1, 5)) for c in range(num_circles)
        )
        self.decline_dolmen = tuple(decline_dolmen(c) for c in range(num_circles))
        self.pass_turn = Pass()
        self.flights: tuple[tuple[FlightRow, ...], ...] = tuple(
            tuple(
                tuple(
                    () if to == start else tuple(flight(start, to, s) for s in stones)
                    for to in places
                )
                for start in places
            )
            for stones in STONE_CHOICES
        )
        self.walks: tuple[list[dict[int, tuple[Walk, ...]]], ...] = tuple(
            [{} for _ in places] for _ in STONE_CHOICES
        )
        self._walk_rows: tuple[list[dict[int, tuple[Walk, ...]]], ...] = tuple(
            [{} for _ in places] for _ in STONE_CHOICES
        )
        """``_walk_rows[choices][start][1 << to]``: the walks between two places, made when
        first wanted."""

    def add_walks(self, choices: int, start: int, reach: int) -> tuple[Walk, ...]:
        """The walks from ``start`` to the places of ``reach``, in place order (kept in
        ``walks`` for next time while there is room)."""
        row = self._walk_rows[choices][start]
        found: list[Walk] = []
        bits = reach
        while bits:
            # Lowest place first, so walks stay in place order.
            low = bits & -bits
            try:
                found += row[low]
            except KeyError:
                to = low.bit_length() - 1
                row[low] = tuple(walk(start, to, s) for s in STONE_CHOICES[choices])
                found += row[low]
            bits ^= low
        moves = tuple(found)
        kept = self.walks[choices][start]
        if len(kept) < WALK_SETS:
            kept[reach] = moves
        return moves


WALK_SETS = 256
"""How many destination sets ``SharedActions.walks`` keeps per start place and stone choice."""


_SHARED: dict[tuple[int, int], SharedActions] = {}


def shared_actions(num_places: int, num_circles: int) -> SharedActions:
    """The ``SharedActions`` of a board with that many places and circles."""
    key = (num_places, num_circles)
    table = _SHARED.get(key)
    if table is None:
        table = _SHARED[key] = SharedActions(num_places, num_circles)
    return table
