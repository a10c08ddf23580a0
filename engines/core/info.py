"""What kind of game a game is, declared once per game (as OpenSpiel's ``_GAME_TYPE`` and
``_GAME_INFO``): the ``Game`` takes its id, name and player counts from it, and the agent
adapters (``engines.openspiel``, ``engines.pettingzoo``, ``engines.rl``) read the rest
instead of repeating it. docs/RL.md shows it as a table; ``tests/rl`` checks the adapters
report these values and that random games stay within them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class ChanceMode(StrEnum):
    """Where a game's randomness comes from."""

    DETERMINISTIC = "deterministic"
    """No random draws at all."""
    SAMPLED = "sampled"
    """Drawn inside the engine from the state's own RNG, seeded once by ``Game.new`` (so
    the same seed and actions give the same game). An adapter that needs chance nodes makes
    the seed its chance outcome."""


class Information(StrEnum):
    PERFECT = "perfect"
    IMPERFECT = "imperfect"
    """Some seat may not see part of the position (``State.view``; ``Game.sample`` draws
    full states consistent with what it sees)."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """The fixed facts of one game. Turns are sequential: one seat decides at a time."""

    short_name: str
    """The registry id (``engines.get``), also the API's ``kind``."""
    long_name: str
    min_players: int
    max_players: int
    chance: ChanceMode
    information: Information
    num_distinct_actions: int
    """How many actions the agents' numbering (``engines.rl``) has, legal or not: the
    length of an action mask. Fixed by the board file; the encoding checks it."""
    max_game_length: int
    """A bound on the plies of one game (every decision of a seat is one ply), for agents
    that size buffers by it; random play ends far below it."""

    def player_count_error(self, num_players: object) -> str | None:
        """Why a game of ``num_players`` cannot be made; ``None`` when it can."""
        if isinstance(num_players, int) and self.min_players <= num_players <= self.max_players:
            return None
        return (
            f"{self.long_name} is played by {self.min_players} to {self.max_players} players, "
            f"not {num_players!r}"
        )
