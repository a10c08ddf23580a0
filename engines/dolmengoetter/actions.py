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


_PLACE_DRUID_ROWS: dict[int, tuple[PlaceDruid, ...]] = {}


def place_druid_row(num_places: int) -> tuple[PlaceDruid, ...]:
    """``row[place]``: the druid placement on each place, so a list of them is one C-level
    ``map`` over the free places."""
    row = _PLACE_DRUID_ROWS.get(num_places)
    if row is None:
        row = _PLACE_DRUID_ROWS[num_places] = tuple(place_druid(p) for p in range(num_places))
    return row


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


PASS = Pass()

STONE_CHOICES: tuple[tuple[bool, ...], ...] = ((True, False), (True,), (False,))
"""The DG-5 stone decisions a seat can have after a move; indexes the move tables."""

MoveTable = list[list[tuple[Walk, ...] | tuple[Flight, ...] | None]]
"""``table[from_place][to]``: the moves between two places, one per stone decision."""

_MOVE_TABLES: dict[str, MoveTable] = {}


def move_table(kind: Literal["walk", "flight"], choices: int, num_places: int) -> MoveTable:
    """``table[from_place][to]``: the walks (``kind="walk"``) or flights between two places,
    one per stone decision in ``STONE_CHOICES[choices]``; ``None`` until first needed (see
    ``fill_moves``). Saves building lists of actions move by move."""
    key = f"{kind}{choices}:{num_places}"
    table = _MOVE_TABLES.get(key)
    if table is None:
        table = _MOVE_TABLES[key] = [[None] * num_places for _ in range(num_places)]
    return table


FlightRow = tuple[tuple[Flight, ...], ...]
"""``row[to]``: the flights from one place to ``to``, one per stone decision."""

_FLIGHT_ROWS: dict[tuple[int, int, int], FlightRow] = {}


def flight_row(choices: int, start: int, num_places: int) -> FlightRow:
    """The flights from ``start`` to every place (``()`` to ``start`` itself), one per stone
    decision in ``STONE_CHOICES[choices]``: a flight may go to any free place (DG-4), so the
    whole row is made on first use and a lying druid's flights are one C-level ``map``."""
    key = (choices, start, num_places)
    row = _FLIGHT_ROWS.get(key)
    if row is None:
        row = _FLIGHT_ROWS[key] = tuple(
            () if to == start else tuple(flight(start, to, s) for s in STONE_CHOICES[choices])
            for to in range(num_places)
        )
    return row


def fill_moves(
    table: MoveTable, kind: Literal["walk", "flight"], choices: int, start: int, to: int
) -> tuple[Walk, ...] | tuple[Flight, ...]:
    moves: tuple[Walk, ...] | tuple[Flight, ...]
    if kind == "walk":
        moves = tuple(walk(start, to, s) for s in STONE_CHOICES[choices])
    else:
        moves = tuple(flight(start, to, s) for s in STONE_CHOICES[choices])
    table[start][to] = moves
    return moves
