"""The cap on live all-bot games (``MAX_BOT_GAMES``): games in which nobody plays but the
server's bots, counted in the database so the cap holds across server processes."""

from __future__ import annotations

from sqlalchemy import exists, func, or_, select
from sqlalchemy.orm import Session

from app.core.errors import ApiError
from app.db.models import GameRow, SeatRow


def live_bot_games(session: Session) -> int:
    """Games not over in which only bots play: every seat is a bot seat or has resigned (the
    server's bot plays it to the end). They run with nobody at the table, so a game whose
    last human resigned weighs on the server like one created with bots only. A seat the
    bot stands in for after a timeout still counts as human: its player may come back."""
    human = exists().where(
        SeatRow.game_id == GameRow.id,
        SeatRow.bot.is_(False),
        or_(SeatRow.stand_in.is_(None), SeatRow.stand_in != "resigned"),
    )
    query = select(func.count()).select_from(GameRow).where(GameRow.status != "over", ~human)
    return session.scalar(query) or 0


def check_bot_games(session: Session, cap: int, all_bots: bool) -> None:
    """Refuse one more all-bot game once ``cap`` of them are live (0: no cap)."""
    if all_bots and cap and live_bot_games(session) >= cap:
        raise ApiError(
            "too_many_bot_games",
            f"{cap} games with only bots are running; wait until one ends",
            retry_after=60,
        )
