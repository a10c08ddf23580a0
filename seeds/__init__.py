"""The board files (``boards/*.json``), shipped as package data so that an installed
engine finds them without a checkout (read with importlib.resources, engines/core/board.py)."""
