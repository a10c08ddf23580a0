"""Ratings (issue 39): an account's skill per kind of game, from the final rankings of the
rated games it played (OpenSkill's Plackett-Luce model: a mean ``mu`` and an uncertainty
``sigma`` per account and kind).

Which games count: a game created with ``rated: true`` that ends (status ``over``; an
abandoned game never does) with every seat held by an account, each by a different one.
Otherwise it counts for nobody: an anonymous seat or a server bot seat (no account) means
nobody's rating changes. The ranking is the table's (``table_result``, TB-1): seats that
tie share a place, a resigned seat ranks below every seat that did not resign, and a seat
the server's bot finished after a lapsed clock or a timeout ranks by its score.

Applied once per game, in the transaction that ends it (``Moves``: the write that sets the
status ``over``, under the version's optimistic lock, which only one writer passes);
``rating_history``'s unique ``(game_id, account_id)`` is the last line of defence. The
rating rows are locked in account order (``FOR UPDATE`` on PostgreSQL; SQLite's write lock
covers it), so two games ending at once for the same account both count.

Shown to people as one conservative number, ``shown``: 1000 + 40 (mu - 3 sigma), rounded,
which starts at 1000 and rises as the model grows sure of a player (docs/API.md, "Ratings").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import Connection, insert, select, update
from sqlalchemy.orm import Session

from app.db.models import AccountRow, RatingHistoryRow, RatingRow, SeatRow
from app.db.session import insert_on_conflict
from app.services.results import TableResult
from app.services.snapshots import as_utc

MODEL = PlackettLuce()
"""OpenSkill's Plackett-Luce model with its own defaults (mu 25, sigma 25/3, tau 25/300)."""

SHOWN_BASE = 1000
SHOWN_SCALE = 40


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float

    def shown(self) -> int:
        """The conservative number shown to people: 1000 + 40 (mu - 3 sigma), rounded."""
        return shown(self.mu, self.sigma)


DEFAULT = Rating(MODEL.mu, MODEL.sigma)
"""Everyone's rating before their first rated game of a kind."""


def shown(mu: float, sigma: float) -> int:
    return round(SHOWN_BASE + SHOWN_SCALE * (mu - 3 * sigma))


def place_of(places: Sequence[Sequence[int]]) -> dict[int, int]:
    """Seat → its place, 1 for the first; seats of one entry of ``places`` share it."""
    return {seat: i + 1 for i, tied in enumerate(places) for seat in tied}


def updated(before: Sequence[Rating], places: Sequence[Sequence[int]]) -> list[Rating]:
    """Every seat's rating after a game whose final ranking is ``places`` (seats best
    first, ties sharing an entry, as ``TableResult.places``); ``before[seat]`` its rating
    before. Pure: each seat is a team of one, ranked by its place."""
    place = place_of(places)
    if sorted(s for tied in places for s in tied) != list(range(len(before))):
        raise ValueError(f"places {places!r} do not rank the {len(before)} seats once each")
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=[float(place[s]) for s in range(len(before))])
    return [Rating(team[0].mu, team[0].sigma) for team in after]


def rated_accounts(conn: Connection, game_id: str) -> list[int] | None:
    """The accounts holding the seats of ``game_id`` (a game created rated), in seat order,
    if it counts: every seat is held by an account, each by a different one. ``None``
    otherwise."""
    rows = conn.execute(
        select(SeatRow.account_id).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
    ).all()
    accounts = [row.account_id for row in rows]
    if any(a is None for a in accounts) or len(set(accounts)) != len(accounts):
        return None
    return accounts


def apply_game(
    conn: Connection, game_id: str, kind: str, result: TableResult, now: datetime
) -> bool:
    """The ratings of a game created rated that has just ended (the caller knows it from
    its snapshot), written in ``conn``'s transaction (the one that sets the status
    ``over``). Whether the game counted (``rated_accounts``)."""
    accounts = rated_accounts(conn, game_id)
    if accounts is None:
        return False
    insert_ = insert_on_conflict(conn.dialect.name)
    order = sorted(accounts)  # every writer locks in one order: no deadlock
    conn.execute(
        insert_(RatingRow)
        .values(
            [
                {
                    "account_id": a,
                    "kind": kind,
                    "mu": DEFAULT.mu,
                    "sigma": DEFAULT.sigma,
                    "games": 0,
                    "updated_at": now,
                }
                for a in order
            ]
        )
        .on_conflict_do_nothing(index_elements=["account_id", "kind"])
    )
    held = {
        row.account_id: row
        for row in conn.execute(
            select(RatingRow.account_id, RatingRow.mu, RatingRow.sigma, RatingRow.games)
            .where(RatingRow.kind == kind, RatingRow.account_id.in_(order))
            .order_by(RatingRow.account_id)
            .with_for_update()
        )
    }
    before = [Rating(held[a].mu, held[a].sigma) for a in accounts]
    after = updated(before, result.places)
    place = place_of(result.places)
    conn.execute(
        insert(RatingHistoryRow),
        [
            {
                "game_id": game_id,
                "account_id": a,
                "kind": kind,
                "seat": seat,
                "place": place[seat],
                "mu_before": before[seat].mu,
                "sigma_before": before[seat].sigma,
                "mu_after": after[seat].mu,
                "sigma_after": after[seat].sigma,
                "created_at": now,
            }
            for seat, a in enumerate(accounts)
        ],
    )
    for seat, a in enumerate(accounts):
        conn.execute(
            update(RatingRow)
            .where(RatingRow.account_id == a, RatingRow.kind == kind)
            .values(
                mu=after[seat].mu,
                sigma=after[seat].sigma,
                games=held[a].games + 1,
                updated_at=now,
            )
        )
    return True


def rating_json(kind: str, mu: float, sigma: float, games: int) -> dict[str, Any]:
    return {"kind": kind, "rating": shown(mu, sigma), "mu": mu, "sigma": sigma, "games": games}


HISTORY = 100
"""How many of an account's latest rated games ``account_ratings`` lists."""


def account_ratings(
    session: Session, account: AccountRow, latest: int | None = HISTORY
) -> dict[str, Any]:
    """``account``'s rating in every kind it has finished a rated game of, and what its
    ``latest`` rated games (``None``: all) did to them, newest first (docs/API.md,
    "Ratings"; the account's export has them all)."""
    rows = session.execute(
        select(RatingRow.kind, RatingRow.mu, RatingRow.sigma, RatingRow.games)
        .where(RatingRow.account_id == account.id)
        .order_by(RatingRow.kind)
    ).all()
    history = session.execute(
        select(RatingHistoryRow)
        .where(RatingHistoryRow.account_id == account.id)
        .order_by(RatingHistoryRow.id.desc())
        .limit(latest)
    ).scalars()
    return {
        "name": account.name,
        "ratings": [rating_json(r.kind, r.mu, r.sigma, r.games) for r in rows],
        "history": [
            {
                "game": h.game_id,
                "kind": h.kind,
                "seat": h.seat,
                "place": h.place,
                "before": shown(h.mu_before, h.sigma_before),
                "after": shown(h.mu_after, h.sigma_after),
                "mu": h.mu_after,
                "sigma": h.sigma_after,
                "at": as_utc(h.created_at),
            }
            for h in history
        ],
    }
