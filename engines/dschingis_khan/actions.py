"""The decisions a seat takes in Dschingis Khan, as pydantic models (one union on ``type``).

No action carries a tile id: a tile is named by its *face*, which only the acting seat knows
(its own active supply), and the server never shows one seat's actions to another.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

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


MAX_SHARED_STEPS = 50_000
"""How many distinct steps ``SharedActions`` keeps (about 25,000 arise in 100 random games)."""


class SharedActions:
    """One shared object per distinct action where there are few of them, made once per game.

    Actions are frozen, so every state of a game can hand out the same objects: the legal
    lists are built without allocating, and the core's legality check compares identities.
    Steps and setups are made (and validated) on first use and kept: a game meets only a few
    thousand distinct ones.
    """

    __slots__ = (
        "_scouts",
        "_setups",
        "_steps",
        "_walls",
        "discard_tiles",
        "pass_turn",
        "rescue_scout",
        "take_tile",
        "take_wall",
    )

    def __init__(self, num_lines: int, num_villages: int) -> None:
        self.take_wall = TakeWall()
        self.take_tile = TakeTile()
        self.discard_tiles = DiscardTiles()
        self.rescue_scout = RescueScout()
        self.pass_turn = Pass()
        self._walls = [PlaceWall(line=line) for line in range(num_lines)]
        self._scouts = [PlaceScout(village=v) for v in range(num_villages)]
        self._setups: dict[tuple[tuple[int, int], tuple[Face, Face], int], Setup] = {}
        self._steps: dict[tuple[int, int, tuple[int, ...]], Step] = {}

    def place_wall(self, line: int) -> PlaceWall:
        return self._walls[line]

    def place_scout(self, village: int) -> PlaceScout:
        return self._scouts[village]

    def step(self, to: int, face: int, via: tuple[int, ...]) -> Step:
        key = (to, face, via)
        action = self._steps.get(key)
        if action is None:
            if len(self._steps) >= MAX_SHARED_STEPS:
                self._steps.clear()  # bounded: a long-lived server meets ever more routes
            action = self._steps[key] = Step(to=to, tile=FACES[face], via=via)
        return action

    def setup(self, villages: tuple[int, int], faces: tuple[Face, Face], scout: int) -> Setup:
        key = (villages, faces, scout)
        action = self._setups.get(key)
        if action is None:
            action = self._setups[key] = Setup(villages=villages, faces=faces, scout=scout)
        return action
