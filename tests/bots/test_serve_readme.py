"""The README's own bot ("Your own bot") runs as written against a real server: it accepts
a person's challenge and plays the game to its end."""

from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine

from bots.serving import BotServer
from tests.accounts.test_bots_events import bot_token, play_first_legal
from tests.support.accounts import account_with_cookie, signed_in
from tests.support.waiting import wait_for

README = Path(__file__).resolve().parents[2] / "README.md"


def _example() -> str:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    return next(b for b in blocks if "BotServer(" in b)


def test_the_readme_bot_accepts_a_challenge_and_plays_it_out(
    server_factory, database_url, monkeypatch
) -> None:
    server = server_factory(EVENTS_KEEPALIVE="0.2")
    engine = create_engine(database_url)
    started: list[tuple[BotServer, threading.Thread]] = []
    run = BotServer.run

    def in_a_thread(self: BotServer) -> None:  # the example's run() returns at once
        thread = threading.Thread(target=run, args=(self,), daemon=True)
        thread.start()
        started.append((self, thread))

    monkeypatch.setattr(BotServer, "run", in_a_thread)
    with httpx.Client(base_url=server.url, timeout=30) as http:
        token = bot_token(http, engine)
        _, bert = account_with_cookie(engine, "Bert")
        code = _example().replace("http://localhost:8000", server.url).replace("tfbot_...", token)
        exec(compile(code, "README.md", "exec"), {})
        bot, thread = started[0]
        try:
            ask: dict[str, Any] = {"to": ["Robo"], "kind": "dolmengoetter", "num_seats": 2}
            r = http.post("/api/challenges", json=ask, headers=signed_in(bert))
            assert r.status_code == 201, r.text
            game_id = wait_for(
                lambda: (
                    http.get("/api/challenges", headers=signed_in(bert)).json()["made"] == []
                    and next(iter(bot.games), None)
                ),
                "the bot to accept and its game to start",
            )
            access = http.post(f"/api/me/games/{game_id}/access", headers=signed_in(bert)).json()
            while True:
                game = wait_for(
                    lambda: (
                        g
                        if (g := http.get(f"/api/games/{game_id}").json())["status"] == "over"
                        or access["seat"] in g["to_act"]
                        else None
                    ),
                    "Bert's turn or the end",
                )
                if game["status"] == "over":
                    break
                play_first_legal(http, game_id, access["token"])
            wait_for(lambda: game_id in bot.finished, "the bot to hear the end")
        finally:
            bot.stop.set()
            thread.join(timeout=30)
            engine.dispose()
