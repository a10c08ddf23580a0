"""The hub for one server process: delivery is a hop onto the event loop."""

from __future__ import annotations

from app.hub.base import Hub


class InProcessHub(Hub):
    def _announce(self, game_id: str, version: int) -> None:
        self._deliver(game_id, version, local=True)
