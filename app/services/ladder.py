"""The ladder and the players' profiles (issue 39; docs/API.md, "Ladder and profiles"):
everything here is read from the ratings (``ratings``, ``rating_history``), written once
per rated game at its end (app/services/ratings.py). Games that were not rated, or did not
count, are not in them: a profile's figures are its rated games'.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session, aliased

from app.core.errors import ApiError
from app.db.models import AccountRow, GameRow, RatingHistoryRow, RatingRow
from app.services.account_names import find_account
from app.services.ratings import shown
from app.services.snapshots import as_utc

LADDER_MIN_GAMES = 3
"""Rated games of a kind an account needs to stand on its ladder (the default of
``min_games``): a first game says little about a player."""
LADDER_MAX = 100
"""Entries of one ladder answer (``limit``'s default and most)."""
RECENT = 10
"""A profile's latest rated games listed with their players."""
CHART_POINTS = 500
"""A profile's chart: its latest rated games of each kind, at most this many."""


def _conservative(mu: Any, sigma: Any) -> Any:
    # The order of the ladder is the number shown, mu - 3 sigma (ratings.shown).
    return mu - 3 * sigma


def _who(account: AccountRow) -> dict[str, Any]:
    return {"name": account.name, "bot": account.bot, "bot_level": account.bot_level}


def shown_account(session: Session, name: str) -> AccountRow:
    """The account named ``name`` (any spelling), not disabled; else 404 ``unknown_account``."""
    account = find_account(session, name)
    if account is None or account.disabled_at is not None:
        raise ApiError("unknown_account", "there is no account of that name here")
    return account


def ladder(
    session: Session, kind: str, min_games: int = LADDER_MIN_GAMES, limit: int = LADDER_MAX
) -> dict[str, Any]:
    """``kind``'s ladder: the accounts with at least ``min_games`` rated games of it, best
    first by the number shown (then more games, then name; equal numbers share a rank),
    bots marked as bots."""
    wins = (
        select(RatingHistoryRow.account_id, func.count().label("won"))
        .where(RatingHistoryRow.kind == kind, RatingHistoryRow.place == 1)
        .group_by(RatingHistoryRow.account_id)
        .subquery()
    )
    rows = session.execute(
        select(AccountRow, RatingRow, func.coalesce(wins.c.won, 0))
        .join(RatingRow, RatingRow.account_id == AccountRow.id)
        .outerjoin(wins, wins.c.account_id == AccountRow.id)
        .where(
            RatingRow.kind == kind,
            RatingRow.games >= min_games,
            AccountRow.disabled_at.is_(None),
        )
        .order_by(
            _conservative(RatingRow.mu, RatingRow.sigma).desc(),
            RatingRow.games.desc(),
            AccountRow.name_key,
        )
        .limit(limit)
    ).all()
    session.commit()  # no read transaction held
    # Equal numbers share a rank (1, 1, 3), as _rank counts for a profile.
    ranks: list[int] = []
    for i, (_, rating, _) in enumerate(rows):
        level = i > 0 and _conservative(rating.mu, rating.sigma) == _conservative(
            rows[i - 1][1].mu, rows[i - 1][1].sigma
        )
        ranks.append(ranks[-1] if level else i + 1)
    return {
        "kind": kind,
        "min_games": min_games,
        "players": [
            {
                "rank": ranks[i],
                **_who(account),
                "rating": shown(rating.mu, rating.sigma),
                "mu": rating.mu,
                "sigma": rating.sigma,
                "games": rating.games,
                "won": won,
                "last_game_at": as_utc(rating.updated_at),
            }
            for i, (account, rating, won) in enumerate(rows)
        ],
    }


def _rank(session: Session, kind: str, rating: RatingRow) -> int | None:
    """``rating``'s place on its ladder; ``None`` below ``LADDER_MIN_GAMES`` games."""
    if rating.games < LADDER_MIN_GAMES:
        return None
    mine = _conservative(rating.mu, rating.sigma)
    above = session.scalar(
        select(func.count())
        .select_from(RatingRow)
        .join(AccountRow, AccountRow.id == RatingRow.account_id)
        .where(
            RatingRow.kind == kind,
            RatingRow.games >= LADDER_MIN_GAMES,
            AccountRow.disabled_at.is_(None),
            _conservative(RatingRow.mu, RatingRow.sigma) > mine,
        )
    )
    return int(above or 0) + 1


def profile(session: Session, name: str, against: str | None = None) -> dict[str, Any]:
    """``name``'s profile: per kind its rating, rank, rated games played and won (also by
    player count) and its chart; its latest rated games with their players; with
    ``against``, how it fared in the rated games it played with that account."""
    account = shown_account(session, name)
    other = shown_account(session, against) if against is not None else None
    owner = session.get(AccountRow, account.owner_id) if account.owner_id is not None else None
    ratings = session.scalars(
        select(RatingRow).where(RatingRow.account_id == account.id).order_by(RatingRow.kind)
    ).all()
    mine = session.execute(
        select(RatingHistoryRow, GameRow.num_seats)
        .join(GameRow, GameRow.id == RatingHistoryRow.game_id)
        .where(RatingHistoryRow.account_id == account.id)
        .order_by(RatingHistoryRow.id)
    ).all()
    kinds = []
    for rating in ratings:
        of_kind = [(h, n) for h, n in mine if h.kind == rating.kind]
        by_players: dict[int, dict[str, int]] = defaultdict(lambda: {"played": 0, "won": 0})
        for h, n in of_kind:
            by_players[n]["played"] += 1
            by_players[n]["won"] += h.place == 1
        kinds.append(
            {
                "kind": rating.kind,
                "rating": shown(rating.mu, rating.sigma),
                "mu": rating.mu,
                "sigma": rating.sigma,
                "rank": _rank(session, rating.kind, rating),
                "played": len(of_kind),
                "won": sum(h.place == 1 for h, _ in of_kind),
                "by_players": [{"players": n, **by_players[n]} for n in sorted(by_players)],
                "chart": [
                    {
                        "game": h.game_id,
                        "at": as_utc(h.created_at),
                        "rating": shown(h.mu_after, h.sigma_after),
                        "before": shown(h.mu_before, h.sigma_before),
                    }
                    for h, _ in of_kind[-CHART_POINTS:]
                ],
            }
        )
    recent = [h for h, _ in mine[-RECENT:]][::-1]
    answer = {
        **_who(account),
        "owner": owner.name if owner is not None else None,
        "since": as_utc(account.created_at),
        "kinds": kinds,
        "recent": _with_players(session, recent),
        "head_to_head": _head_to_head(session, account, other) if other is not None else None,
    }
    session.commit()  # no read transaction held
    return answer


def _with_players(session: Session, games: list[RatingHistoryRow]) -> list[dict[str, Any]]:
    """The rated games ``games`` (one account's), each with every player's name, place and
    rating change, best first."""
    seats: dict[str, list[dict[str, Any]]] = defaultdict(list)
    if games:
        rows = session.execute(
            select(RatingHistoryRow, AccountRow)
            .join(AccountRow, AccountRow.id == RatingHistoryRow.account_id)
            .where(RatingHistoryRow.game_id.in_([g.game_id for g in games]))
            .order_by(RatingHistoryRow.place, RatingHistoryRow.seat)
        ).all()
        for h, who in rows:
            seats[h.game_id].append(
                {
                    **_who(who),
                    "seat": h.seat,
                    "place": h.place,
                    "before": shown(h.mu_before, h.sigma_before),
                    "after": shown(h.mu_after, h.sigma_after),
                }
            )
    return [
        {
            "game": g.game_id,
            "kind": g.kind,
            "at": as_utc(g.created_at),
            "place": g.place,
            "before": shown(g.mu_before, g.sigma_before),
            "after": shown(g.mu_after, g.sigma_after),
            "players": seats[g.game_id],
            "replay": f"/play/{g.game_id}",
        }
        for g in games
    ]


def _head_to_head(session: Session, account: AccountRow, other: AccountRow) -> dict[str, Any]:
    """In the rated games both played, how often ``account`` placed ahead of ``other``,
    behind it, or level with it, per kind."""
    theirs = aliased(RatingHistoryRow)
    rows = session.execute(
        select(RatingHistoryRow.kind, RatingHistoryRow.place, theirs.place)
        .join(theirs, theirs.game_id == RatingHistoryRow.game_id)
        .where(RatingHistoryRow.account_id == account.id, theirs.account_id == other.id)
    ).all()
    per_kind: dict[str, dict[str, int]] = defaultdict(
        lambda: {"games": 0, "ahead": 0, "behind": 0, "level": 0}
    )
    for kind, mine, their in rows:
        tally = per_kind[kind]
        tally["games"] += 1
        tally["ahead" if mine < their else "behind" if mine > their else "level"] += 1
    return {
        "against": _who(other),
        "kinds": [{"kind": k, **per_kind[k]} for k in sorted(per_kind)],
    }
