"""Builds the ASGI app: ``app.main:app``."""

from fastapi import FastAPI

import engines

app = FastAPI(title="Tafelrunde", version="0.1.0")


@app.get("/api/kinds", tags=["games"])
def list_kinds() -> list[dict]:
    """The games this server plays."""
    out = []
    for game_id in engines.game_ids():
        try:
            game = engines.get(game_id)
        except ImportError:
            continue
        out.append(
            {
                "id": game.id,
                "name": game.name,
                "min_players": game.min_players,
                "max_players": game.max_players,
            }
        )
    return out
