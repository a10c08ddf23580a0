"""Fair draws (docs/API.md, "Fair draws"): contributions committed at the join are revealed
once every seat is taken; the last reveal, or the deadline, starts the game.
"""

from __future__ import annotations

import logging
import secrets
from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from app.core.errors import ApiError
from app.core.security import hash_token
from app.db.models import ActionRow, GameRow, SeatRow, TableEventRow, utcnow
from app.services.base import ServiceBase, _game_row, _seat_row
from app.services.snapshots import Snapshot, as_utc
from engines.core import fairness

log = logging.getLogger(__name__)


def to_reveal(session: Session, game_id: str) -> list[int]:
    """The seats that committed to a contribution and have not revealed it yet."""
    return list(
        session.scalars(
            select(SeatRow.seat)
            .where(
                SeatRow.game_id == game_id,
                SeatRow.commitment.is_not(None),
                SeatRow.contribution.is_(None),
            )
            .order_by(SeatRow.seat)
        )
    )


def fix_seed(session: Session, game_id: str, server_seed: bytes) -> None:
    """The game starts: its seed is fixed from the server's and every contribution
    revealed (a seat that did not reveal counts as having none)."""
    contributions = list(
        session.scalars(
            select(SeatRow.contribution).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
        )
    )
    seed = fairness.game_seed_bytes(server_seed, contributions).hex()
    session.execute(
        update(GameRow)
        .where(GameRow.id == game_id, GameRow.game_seed.is_(None))
        .values(game_seed=seed)
    )


class Reveals(ServiceBase):
    """Fair draws: the seats' contributions revealed once every seat is taken, the game
    started by the last reveal (or by the deadline), and everything revealed at the end."""

    def reveal_contribution(
        self, session: Session, game_id: str, seat: int, token: str, contribution: str
    ) -> Snapshot:
        """``POST .../seats/{seat}/reveal``: the seat's contribution, once every seat is
        taken (409 ``not_revealing`` before: a contribution shown earlier would let a later
        joiner choose theirs knowing it). It must match the seat's commitment (409
        ``reveal_mismatch``, nothing changed). The last reveal fixes the seed and the game
        starts. After the deadline it is too late (409 ``reveal_closed``): the seat counts
        as having no contribution (``expire_reveals``). Revealing the same contribution
        again changes nothing."""
        digest = hash_token(token)
        with self.db.write(session):
            game = _game_row(session, game_id)
            row = _seat_row(session, game, seat)
            if row.token_hash is None or not secrets.compare_digest(row.token_hash, digest):
                raise self._not_host(session, digest, "reveal this seat's contribution")
            if row.commitment is None:
                raise ApiError(
                    "nothing_to_reveal", f"seat {seat} committed to no contribution at its join"
                )
            if fairness.seat_commitment(contribution) != row.commitment:
                raise ApiError(
                    "reveal_mismatch",
                    "this contribution does not match the seat's commitment (its SHA-256, "
                    'docs/API.md "Fair draws")',
                )
            revealed_now = False
            if row.contribution == contribution:
                pass  # revealed before: nothing changes
            elif game.status == "abandoned":
                raise ApiError("game_abandoned", "the host has abandoned this game")
            elif game.game_seed is not None:
                raise ApiError(
                    "reveal_closed", "the game's seed is fixed: a reveal changes nothing now"
                )
            elif game.reveal_deadline is None:
                raise ApiError(
                    "not_revealing",
                    "contributions are revealed once every seat is taken and has committed; "
                    "not before, so that nobody chooses theirs knowing another's",
                )
            elif self.now() >= as_utc(game.reveal_deadline):
                raise ApiError(
                    "reveal_closed",
                    "the time to reveal is over: this seat counts as having no contribution",
                )
            else:
                revealed_now = True
                row.contribution = contribution
                game.seats_revision += 1
                game.updated_at = utcnow()
                session.flush()
                if not to_reveal(session, game_id):
                    self._start_revealed(session, game, [])
        if revealed_now:
            self.clocks.resync(session, game_id)
        snap = self.load(session, game_id)
        if revealed_now:
            self.hub.publish(game_id, snap.version)
        return snap

    def _start_revealed(self, session: Session, game: GameRow, missed: list[int]) -> None:
        """Every seat has revealed, or the time is over (``missed``: the seats that did
        not, which count as having no contribution; a table event says so): the seed is
        fixed and the game starts."""
        now = utcnow()
        if missed:
            game.seats_revision += 1
            session.add(
                TableEventRow(
                    game_id=game.id,
                    version=game.version,
                    seats_revision=game.seats_revision,
                    event={"type": "reveal_missed", "seats": missed},
                    created_at=now,
                )
            )
        game.status = "running"
        game.reveal_deadline = None
        game.updated_at = now
        session.flush()
        fix_seed(session, game.id, bytes.fromhex(game.server_seed or ""))

    def expire_reveals(self, now: datetime | None = None) -> list[str]:
        """Start every game whose time to reveal is over at ``now`` (default: ``self.now()``),
        the seats that did not reveal counted as having no contribution; the ids of the
        games started. The clock poll (``ClockRunner``) calls it in every process: the
        checks inside the write let only one of them start a game."""
        now = now or self.now()
        with self.db.session() as session:
            due = list(
                session.scalars(
                    select(GameRow.id).where(
                        GameRow.reveal_deadline.is_not(None),
                        GameRow.reveal_deadline <= now,
                        GameRow.game_seed.is_(None),
                        GameRow.status == "open",
                    )
                )
            )
            session.commit()
            started: list[str] = []
            for game_id in due:
                with self.db.write(session):
                    game = _game_row(session, game_id)
                    if (
                        game.reveal_deadline is None
                        or as_utc(game.reveal_deadline) > now
                        or game.game_seed is not None
                        or game.status != "open"
                    ):
                        continue
                    self._start_revealed(session, game, to_reveal(session, game_id))
                started.append(game_id)
                self.clocks.resync(session, game_id)
                snap = self.load(session, game_id)
                self.hub.publish(game_id, snap.version)
        return started

    def reveal(self, session: Session, game_id: str) -> dict[str, Any]:
        """``GET .../fairness``: the commitment and contributions; after the end also the
        server's seed and salt, the game seed and the raw action log with every event fully
        revealed (docs/API.md "Fair draws"). Raw actions may name hidden things: never
        before the end."""
        snap = self.cache.load(session, game_id)
        row = _game_row(session, game_id)
        over = snap.status == "over" and snap.state.is_over
        answer: dict[str, Any] = {
            "game_id": game_id,
            "kind": snap.kind,
            "num_seats": snap.num_seats,
            "options": snap.options,
            "status": snap.status,
            "version": snap.version,
            **snap.fairness(),
            "revealed": False,
        }
        if not over or row.server_seed is None:
            session.commit()
            return answer
        actions = session.execute(
            select(ActionRow.seq, ActionRow.seat, ActionRow.action)
            .where(ActionRow.game_id == game_id, ActionRow.seq <= snap.version)
            .order_by(ActionRow.seq)
        ).all()
        session.commit()
        batches = snap.events[: snap.version]  # each packed block unpacked once
        answer.update(
            revealed=True,
            server_seed=row.server_seed,
            salt=row.salt,
            game_seed=row.game_seed,
            actions=[
                {
                    "seq": seq,
                    "seat": seat,
                    "action": action,
                    "events": [e.view(None, reveal=True) for e in batches[seq - 1]],
                }
                for seq, seat, action in actions
            ],
            **snap.result().to_json(),
        )
        return answer
