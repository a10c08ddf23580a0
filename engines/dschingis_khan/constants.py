"""The ground floor of Dschingis Khan: phases, limits, faces and wall states as plain values.

Every other module of the package may import these; this one imports nothing from it.
"""

from __future__ import annotations

from typing import Literal

# ---- turn phases (DK-7..DK-12, DK-16) -------------------------------------------------

SETUP, SCOUT, TAKE, PLACE, OVER = "setup", "scout", "take", "place", "over"
"""``setup`` before the first turn (DK-7); ``scout`` only when the scout is off the board
(DK-12); ``take`` (DK-8); ``place`` (DK-9); ``over`` once the game has ended (DK-16)."""
WALLS, TILES = "walls", "tiles"
"""DK-9: what a turn is committed to placing, once its first piece is placed."""

# ---- limits ---------------------------------------------------------------------------

MAX_ACTIVE = 4
"""DK-8: at most 4 walls and 4 tiles in an active supply."""
TAKES_PER_TURN = 2
"""DK-8: two take actions per turn, fewer if impossible."""

# ---- tiles ----------------------------------------------------------------------------

Face = Literal["chinese", "mongolian", "farmer", "plague", "ginseng"]
FACES: tuple[Face, ...] = ("chinese", "mongolian", "farmer", "plague", "ginseng")
"""Face index -> name; the engine keeps faces as these indexes internally."""
FACE_INDEX: dict[str, int] = {name: i for i, name in enumerate(FACES)}
CHINESE, MONGOLIAN, FARMER, PLAGUE, GINSENG = range(5)
TILE_SET = (5, 5, 5, 1, 1)
"""DK-7: each player's 17 tiles, counted per face."""

# ---- the wall (DK-1..DK-6) -------------------------------------------------------------

WEST, EAST = "west", "east"
"""The two sides of the board where the Great Wall ends (DK-1)."""
EMPTY, OPEN, CLOSED = 0, 1, 2
"""What stands on a line: nothing, an open piece, a piece closed by a scout (DK-10)."""
