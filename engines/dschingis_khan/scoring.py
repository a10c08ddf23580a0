"""Final scoring (DK-17): each village scores for its controller, as data."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .constants import CHINESE, FACES, FARMER, GINSENG, MONGOLIAN, PLAGUE


@dataclass(frozen=True, slots=True)
class VillageScore:
    """How one village scored: ``points`` go to ``controller`` (``None``: an empty village)."""

    village: int
    controller: int | None
    side: str
    points: int
    plague: bool
    ginseng: bool
    faces: tuple[str, ...]
    """The stack bottom to top (public once the game is over)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "village": self.village,
            "controller": self.controller,
            "side": self.side,
            "points": self.points,
            "plague": self.plague,
            "ginseng": self.ginseng,
            "faces": list(self.faces),
        }


def tile_points(face: int, mongolia: bool, plague: bool, ginseng: bool) -> int:
    """DK-17: one tile's points in a village with or without plague and ginseng."""
    if face in (PLAGUE, GINSENG):
        return 0
    if plague and not ginseng:
        return -3
    if ginseng and not plague:
        return 1 if face == FARMER else 3
    # Neither, or both (they cancel): warriors count by side, farmers always +3.
    if face == FARMER:
        return 3
    at_home = (face == MONGOLIAN and mongolia) or (face == CHINESE and not mongolia)
    return 3 if at_home else -3


def village_points(faces: Sequence[int], mongolia: bool) -> int:
    """DK-17: what a village with these faces scores for its controller."""
    plague, ginseng = PLAGUE in faces, GINSENG in faces
    return sum(tile_points(f, mongolia, plague, ginseng) for f in faces)


def score_village(
    village: int, faces: Sequence[int], controller: int | None, mongolia: bool
) -> VillageScore:
    return VillageScore(
        village=village,
        controller=controller,
        side="mongolia" if mongolia else "china",
        points=village_points(faces, mongolia),
        plague=PLAGUE in faces,
        ginseng=GINSENG in faces,
        faces=tuple(FACES[f] for f in faces),
    )


def totals(villages: Sequence[VillageScore], num_players: int) -> list[int]:
    """Each seat's score: the sum of the villages it controls."""
    scores = [0] * num_players
    for vs in villages:
        if vs.controller is not None:
            scores[vs.controller] += vs.points
    return scores


def winners(scores: Sequence[int]) -> list[int]:
    """DK-17: the highest total wins; a tie shares the win."""
    best = max(scores)
    return [s for s, points in enumerate(scores) if points == best]
