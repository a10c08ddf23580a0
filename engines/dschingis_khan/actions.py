"""The decisions a seat takes in Dschingis Khan, as pydantic models (one union on ``type``).

No action carries a tile id: a tile is named by its *face*, which only the acting seat knows
(its own active supply), and the server never shows one seat's actions to another.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from engines.core import Action

from .constants import FACES, Face


class ActionBase(Action):
    """Base of this game's actions (the core gives them fast value equality).

    The game hands out shared action objects, so most comparisons are identity checks.
    """


class Setup(ActionBase):
    """DK-7: put the two drawn tiles on two neighbouring villages and the scout on one.

    ``faces[i]`` goes to ``villages[i]``; ``villages`` is in ascending order.
    """

    type: Literal["setup"] = "setup"
    villages: tuple[int, int]
    faces: tuple[Face, Face]
    scout: int

    def label(self) -> str:
        (a, b), (fa, fb) = self.villages, self.faces
        return f"start: {fa} on village {a}, {fb} on village {b}, scout on {self.scout}"


class TakeWall(ActionBase):
    """DK-8: take one wall piece from the common supply into the active supply."""

    type: Literal["take_wall"] = "take_wall"

    def label(self) -> str:
        return "take a wall"


class TakeTile(ActionBase):
    """DK-8: draw one random tile from the own passive supply (seen at once)."""

    type: Literal["take_tile"] = "take_tile"

    def label(self) -> str:
        return "take a tile"


class PlaceWall(ActionBase):
    """DK-9: place one active wall piece on ``line`` (resolved by DK-3..DK-5 at once)."""

    type: Literal["place_wall"] = "place_wall"
    line: int

    def label(self) -> str:
        return f"wall on line {self.line}"


class Step(ActionBase):
    """DK-10: move the scout to village ``to`` and put the active tile of face ``tile`` there.

    ``via`` names the wall pieces used, since using them closes them: ``()`` along a track,
    ``(gate,)`` through an open gate, ``(climb, descend)`` along the wall.
    """

    type: Literal["step"] = "step"
    to: int
    tile: Face
    via: tuple[int, ...] = ()

    def label(self) -> str:
        if not self.via:
            how = ""
        elif len(self.via) == 1:
            how = f" through the gate on line {self.via[0]}"
        else:
            how = f" along the wall (up at line {self.via[0]}, down at line {self.via[1]})"
        return f"scout to village {self.to}{how}, placing {self.tile}"


class DiscardTiles(ActionBase):
    """DK-11: choose tiles although the scout is blocked: all active tiles are discarded."""

    type: Literal["discard_tiles"] = "discard_tiles"

    def label(self) -> str:
        return "discard the active tiles (scout blocked)"


class RescueScout(ActionBase):
    """DK-9: take the blocked scout off the board instead of placing pieces."""

    type: Literal["rescue_scout"] = "rescue_scout"

    def label(self) -> str:
        return "take the scout off the board"


class PlaceScout(ActionBase):
    """DK-12: put the scout taken off last turn back on ``village`` before anything else."""

    type: Literal["place_scout"] = "place_scout"
    village: int

    def label(self) -> str:
        return f"scout back on village {self.village}"


class Pass(ActionBase):
    """DK-9: nothing can be placed; end the turn."""

    type: Literal["pass"] = "pass"

    def label(self) -> str:
        return "pass"


DschingisKhanAction = Annotated[
    Setup | TakeWall | TakeTile | PlaceWall | Step | DiscardTiles | RescueScout | PlaceScout | Pass,
    Field(discriminator="type"),
]


# A pydantic model keeps its four per-instance attributes in slots of ``BaseModel``; their
# setters, looked up once, fill a new object without going through attribute lookup.
_SLOTS = BaseModel.__dict__
_set_dict = _SLOTS["__dict__"].__set__
_set_fields_set = _SLOTS["__pydantic_fields_set__"].__set__
_set_extra = _SLOTS["__pydantic_extra__"].__set__
_set_private = _SLOTS["__pydantic_private__"].__set__

_STEP_FIELDS = {"to", "tile", "via"}
_SETUP_FIELDS = {"villages", "faces", "scout"}
"""The fields these actions are made with (pydantic's ``model_fields_set``); shared, never
changed (a copy of an action copies its set)."""


def _trusted(action: ActionBase, fields: dict[str, Any], fields_set: set[str]) -> None:
    """Fill a new action from the engine's own values, known to be valid, without pydantic's
    validation (which stays at the API boundary, ``Game.parse_action``): what
    ``model_construct`` does, without its per-field work."""
    _set_dict(action, fields)
    _set_fields_set(action, fields_set)
    _set_extra(action, None)
    _set_private(action, None)


def step(to: int, tile: Face, via: tuple[int, ...]) -> Step:
    """``Step(to=to, tile=tile, via=via)`` from the engine's own values (trusted, not
    validated), equal in every field, in ``model_fields_set``, dump and repr (a test
    checks), about three times as fast to make. A new object each call (see
    ``SharedActions`` for which steps are shared)."""
    action = Step.__new__(Step)
    # ``_trusted`` inlined: the wall routes make hundreds of steps per game.
    _set_dict(action, {"type": "step", "to": to, "tile": tile, "via": via})
    _set_fields_set(action, _STEP_FIELDS)
    _set_extra(action, None)
    _set_private(action, None)
    return action


def setup(villages: tuple[int, int], faces: tuple[Face, Face], scout: int) -> Setup:
    """``Setup(villages=villages, faces=faces, scout=scout)``, made like ``step``."""
    action = Setup.__new__(Setup)
    fields = {"type": "setup", "villages": villages, "faces": faces, "scout": scout}
    _trusted(action, fields, _SETUP_FIELDS)
    return action


class SharedActions:
    """One shared object per distinct action where there are few of them, made once per game.

    Actions are frozen, so every state of a game can hand out the same objects: the legal
    lists are built without allocating, and the core's legality check compares identities.
    Steps along a track or through a gate (a few per line) and setups (a few per line and
    pair of faces) are shared too. Steps along the wall are not: a (climb, descend) pair
    of lines gives tens of thousands of distinct ones, and keeping them made every garbage
    collection walk them (2-player games got slower than making them afresh); they are
    made on demand with ``step``.
    """

    __slots__ = (
        "_near",
        "_scouts",
        "_setups",
        "_walls",
        "discard_tiles",
        "pass_turn",
        "rescue_scout",
        "take_tile",
        "take_wall",
    )

    def __init__(self, line_villages: Sequence[tuple[int, int]], num_villages: int) -> None:
        self.take_wall = TakeWall()
        self.take_tile = TakeTile()
        self.discard_tiles = DiscardTiles()
        self.rescue_scout = RescueScout()
        self.pass_turn = Pass()
        self._walls = [PlaceWall(line=line) for line in range(len(line_villages))]
        self._scouts = [PlaceScout(village=v) for v in range(num_villages)]
        self._near: dict[tuple[int, tuple[int, ...]], tuple[Step, ...]] = {}
        """(village, ``()`` or ``(gate,)``) -> the step there, one per face index."""
        for line, pair in enumerate(line_villages):
            for to in pair:
                for via in ((), (line,)):
                    self._near[to, via] = tuple(step(to, f, via) for f in FACES)
        self._setups: dict[tuple[int, int, int], tuple[Setup, ...]] = {}
        """(line, face, face) -> the setups on the line's two villages (made on first use)."""

    def place_wall(self, line: int) -> PlaceWall:
        return self._walls[line]

    def place_walls(self, lines: list[int]) -> list[Action]:
        """The wall placements on ``lines``, in their order (a new list)."""
        return list(map(self._walls.__getitem__, lines))

    def place_scout(self, village: int) -> PlaceScout:
        return self._scouts[village]

    def near_steps(self, route: tuple[int, tuple[int, ...]]) -> tuple[Step, ...]:
        """The steps along a track ``(village, ())`` or through a gate ``(village, (line,))``,
        one per face index. (Steps along the wall: ``step``.)"""
        return self._near[route]

    def setups(self, line: int, villages: tuple[int, int], fa: int, fb: int) -> tuple[Setup, ...]:
        """DK-7: the setups on ``villages`` (ascending, the two sides of ``line``) with the
        drawn faces ``fa`` and ``fb``: each order of the faces, the scout on either village."""
        key = (line, fa, fb)
        actions = self._setups.get(key)
        if actions is None:
            orders = [(fa, fb)] if fa == fb else [(fa, fb), (fb, fa)]
            actions = self._setups[key] = tuple(
                setup(villages, (FACES[f], FACES[g]), scout)
                for f, g in orders
                for scout in villages
            )
        return actions
