"""Board files: the fixed data an engine loads (RULES.md: ids in them are the ids actions use).

Reading the shipped JSON once at import time is the only file access an engine makes; the
result is cached and treated as read-only data.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

BOARDS_DIR = Path(__file__).resolve().parents[2] / "seeds" / "boards"


@cache
def load_board(name: str) -> dict[str, Any]:
    """The parsed board file ``seeds/boards/<name>.json``."""
    with open(BOARDS_DIR / f"{name}.json", encoding="utf-8") as f:
        board: dict[str, Any] = json.load(f)
    return board
