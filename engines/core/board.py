"""Board files: the fixed data an engine loads (RULES.md: ids in them are the ids actions use).

Reading the shipped JSON once at import time is the only file access an engine makes; the
result is cached and treated as read-only data.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import Any


@cache
def load_board(name: str) -> dict[str, Any]:
    """The parsed board file ``seeds/boards/<name>.json``."""
    # Package data of ``seeds`` (not a path above this package), so an installed wheel works.
    text = files("seeds").joinpath("boards", f"{name}.json").read_text(encoding="utf-8")
    board: dict[str, Any] = json.loads(text)
    return board
