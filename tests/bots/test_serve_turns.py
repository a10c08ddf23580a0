"""The serving loop's turns (bots/serving.py): the stream says ``your_turn`` once per
version, so a turn heard while the seat's last move is still being posted must not be
dropped. A seat that moves twice in a row hears of its second turn exactly then; dropped,
the game would wait for it forever (seen in benchmarks/ladder.py --kit)."""

from __future__ import annotations

import random
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from bots.serving import BotServer, Seat


class Table:
    """A game in which seat 0 moves twice in a row: it answers like the server's routes
    (``/view`` and ``/actions``) for that seat, and holds the first move's answer until the
    test lets it go."""

    def __init__(self) -> None:
        self.version = 0
        self.posted: list[int] = []
        self.first_posted = threading.Event()
        self.let_go = threading.Event()

    def get(self, path: str, headers: dict[str, str]) -> Any:
        running = self.version < 2
        state = {
            "status": "running" if running else "over",
            "version": self.version,
            "view": {},
            "legal_actions": [{"action": {"type": "pass"}}] if running else [],
        }
        return type("Answer", (), {"json": lambda _self: state})()

    def post(self, path: str, headers: dict[str, str], json: dict[str, Any]) -> Any:
        self.posted.append(json["version"])
        self.version += 1
        if len(self.posted) == 1:
            self.first_posted.set()
            assert self.let_go.wait(30), "the test never let the first move go"
        return type("Answer", (), {"status_code": 200, "text": ""})()


def test_a_turn_heard_while_the_last_move_is_posted_is_played() -> None:
    table = Table()
    bot = BotServer("http://table", "tfbot_x", lambda view, legal, rng: legal[0]["action"])
    bot.games["g"] = Seat(0, "seat-token")
    with ThreadPoolExecutor(2) as pool:
        rng = random.Random(1)
        bot._handle(table, pool, rng, {"type": "your_turn", "game_id": "g", "version": 0})
        assert table.first_posted.wait(30)
        # The server has applied the first move and says the seat moves again, while the
        # bot's thread still waits for the first move's answer.
        bot._handle(table, pool, rng, {"type": "your_turn", "game_id": "g", "version": 1})
        table.let_go.set()
    assert table.posted == [0, 1]
    assert bot.games["g"].busy is False and bot.games["g"].again is False
