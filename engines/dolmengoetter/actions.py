"""The decisions a Dolmengötter seat can make (a discriminated union on ``type``).

Place and circle fields are ids from the board file. A walk or flight carries the stone
decision of DG-5 (``stone``: place one on the place just left, or decline), so a turn's
move is one atomic action. No action names a dolmen by id: a dolmen is chosen by value,
which only its owner sees.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field

from engines.core import Action


class DolmenAction(Action):
    """Base of this game's actions.

    Fields are strict: ``true`` is not place 1 and ``"yes"`` is not a stone decision.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    def __repr_args__(self) -> Any:
        # The class already names the type: ``Walk(from_place=14, to=19, stone=True)``.
        return [(k, v) for k, v in super().__repr_args__() if k != "type"]


def _stone_label(stone: bool) -> str:
    return "+ stone" if stone else "no stone"


class PlaceDruid(DolmenAction):
    """DG-2: put one of the seat's druids on a free place during setup."""

    type: Literal["place_druid"] = "place_druid"
    place: int

    def label(self) -> str:
        return f"druid on {self.place}"


class Walk(DolmenAction):
    """DG-3 + DG-5: walk a druid (jumping druids, using rune links), then stone or decline."""

    type: Literal["walk"] = "walk"
    from_place: int
    to: int
    stone: bool

    def label(self) -> str:
        return f"walk {self.from_place}→{self.to}, {_stone_label(self.stone)}"


class Herbs(DolmenAction):
    """DG-4: a standing druid lies down to collect herbs."""

    type: Literal["herbs"] = "herbs"
    place: int

    def label(self) -> str:
        return f"herbs at {self.place}"


class Flight(DolmenAction):
    """DG-4 + DG-5: a lying druid flies to any free place and stands up; then stone or decline."""

    type: Literal["flight"] = "flight"
    from_place: int
    to: int
    stone: bool

    def label(self) -> str:
        return f"flight {self.from_place}→{self.to}, {_stone_label(self.stone)}"


class PlaceDolmen(DolmenAction):
    """DG-7: answer the pending dolmen right in ``circle`` with a dolmen of ``value``."""

    type: Literal["place_dolmen"] = "place_dolmen"
    circle: int
    value: int

    def label(self) -> str:
        return f"dolmen {self.value} in circle {self.circle}"


class DeclineDolmen(DolmenAction):
    """DG-7: let the pending dolmen right in ``circle`` go unused."""

    type: Literal["decline_dolmen"] = "decline_dolmen"
    circle: int

    def label(self) -> str:
        return f"no dolmen in circle {self.circle}"


class Pass(DolmenAction):
    """DG-9: a seat with no possible turn passes."""

    type: Literal["pass"] = "pass"

    def label(self) -> str:
        return "pass"


AnyAction = Annotated[
    PlaceDruid | Walk | Herbs | Flight | PlaceDolmen | DeclineDolmen | Pass,
    Field(discriminator="type"),
]

# Legal-action lists are rebuilt after every move; actions are immutable, so each distinct
# one is built (and validated) once per process and then shared.
_INTERNED: dict[tuple[Any, ...], DolmenAction] = {}


def place_druid(place: int) -> PlaceDruid:
    key = ("d", place)
    a = _INTERNED.get(key)
    if a is None:
        a = _INTERNED[key] = PlaceDruid(place=place)
    return a  # type: ignore[return-value]


STONE_CHOICES: tuple[tuple[bool, ...], ...] = ((True, False), (True,), (False,))
"""The DG-5 stone decisions a seat can have after a move; indexes the move tables."""

_MOVE_TABLES: dict[str, list[list[list[tuple[DolmenAction, ...] | None]]]] = {}


def move_table(
    kind: str, choices: int, num_places: int
) -> list[list[tuple[DolmenAction, ...] | None]]:
    """``table[from_place][to]``: the walks (``kind="walk"``) or flights between two places,
    one per stone decision in ``STONE_CHOICES[choices]``; ``None`` until first needed (see
    ``fill_moves``). Saves building lists of actions move by move."""
    key = f"{kind}{choices}:{num_places}"
    table = _MOVE_TABLES.get(key)
    if table is None:
        table = _MOVE_TABLES[key] = [[None] * num_places for _ in range(num_places)]
    return table


def fill_moves(
    table: list[list[tuple[DolmenAction, ...] | None]], kind: str, choices: int, start: int, to: int
) -> tuple[DolmenAction, ...]:
    make = walk if kind == "walk" else flight
    moves = table[start][to] = tuple(make(start, to, s) for s in STONE_CHOICES[choices])
    return moves


def walk(from_place: int, to: int, stone: bool) -> Walk:
    key = ("w", from_place, to, stone)
    a = _INTERNED.get(key)
    if a is None:
        a = _INTERNED[key] = Walk(from_place=from_place, to=to, stone=stone)
    return a  # type: ignore[return-value]


def flight(from_place: int, to: int, stone: bool) -> Flight:
    key = ("f", from_place, to, stone)
    a = _INTERNED.get(key)
    if a is None:
        a = _INTERNED[key] = Flight(from_place=from_place, to=to, stone=stone)
    return a  # type: ignore[return-value]


def herbs(place: int) -> Herbs:
    key = ("h", place)
    a = _INTERNED.get(key)
    if a is None:
        a = _INTERNED[key] = Herbs(place=place)
    return a  # type: ignore[return-value]


def place_dolmen(circle: int, value: int) -> PlaceDolmen:
    key = ("p", circle, value)
    a = _INTERNED.get(key)
    if a is None:
        a = _INTERNED[key] = PlaceDolmen(circle=circle, value=value)
    return a  # type: ignore[return-value]


def decline_dolmen(circle: int) -> DeclineDolmen:
    key = ("x", circle)
    a = _INTERNED.get(key)
    if a is None:
        a = _INTERNED[key] = DeclineDolmen(circle=circle)
    return a  # type: ignore[return-value]


PASS = Pass()
