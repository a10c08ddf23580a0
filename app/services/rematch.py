"""Rematch and abandon: a table's life after (or instead of) its end (docs/API.md, "A
table's whole life").

**Rematch.** Once a game is over, any seated player may offer a rematch. The first offer
creates the new game through ``GameService.create`` (its own commitment, fair draws as for
any game): the same kind, options and public flag, and the same seats with their order
rotated by one, old seat ``s`` → new seat ``(s + 1) % n``. Bot seats stay bots at their
level, named by their new seat ("Bot C" at seat A becomes "Bot A": ``rematch_bot_name``);
human seats start free and are kept for their old players for
``rematch_window``: each takes theirs with their old seat token
(``POST .../rematch/join``), under their old name, without an invite link. The offering
player is seated at once and becomes the new game's host (its host token is in the answer).
After the window a seat still free is an ordinary free seat: the host invites anyone to it.

Every offer and every rematch join is a public table event of the old game
(``rematch_offered``, ``rematch_joined``), so every page at the old table sees it live, and
the old game's summary and states carry ``rematch`` (``snapshots.rematch_offer``).

**Abandon.** The host token ends a game that is not over: status ``abandoned``, kept and
readable, never played on (409 ``game_abandoned``), never listed, and nothing hidden is
revealed (it did not end by the rules).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from app.core.errors import ApiError
from app.core.security import hash_token
from app.db.models import GameRow, SeatRow, TableEventRow, utcnow
from app.services.base import Caller, _game_row
from app.services.games import GameService
from app.services.seating import SeatSpec, bot_name
from app.services.snapshots import Snapshot, as_utc


def rematch_bot_name(name: str | None, old_seat: int, new: int) -> str:
    """A bot's name in the rematch: a seat's name ("Bot C" at seat C, or "Bot 3" as games
    named bots before) follows the bot to its new seat; a name of the creator's own
    choosing stays."""
    if name is None or name in (bot_name(old_seat), f"Bot {old_seat + 1}"):
        return bot_name(new)
    return name


def new_seat(old_seat: int, num_seats: int) -> int:
    """Where an old seat sits in the rematch: one further round the table, so the order of
    play rotates (with a fixed ``start_player`` the player who sat before the old starter
    starts; with a random start the draw decides)."""
    return (old_seat + 1) % num_seats


@dataclass(frozen=True, slots=True)
class Seated:
    """The answer to an offer or a rematch join."""

    game_id: str
    old_seat: int
    seat: int
    token: str | None
    """The new seat's token, shown once; ``None`` when the seat was not taken now."""
    host_token: str | None = None
    """Only for the offer that created the game."""
    created: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "old_seat": self.old_seat,
            "seat": self.seat,
            "token": self.token,
            "host_token": self.host_token,
            "created": self.created,
        }


class Rematches:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.db = service.db

    # ---- rematch ------------------------------------------------------------------------

    def offer(
        self,
        session: Session,
        game_id: str,
        token: str,
        commitment: str | None,
        account_id: int | None = None,
    ) -> Seated:
        """Offer a rematch (or, once offered, take the caller's seat in it if still free).
        ``account_id``: the signed-in account of the request; the new seat is linked to the
        old seat's account if it had one, else to it (``_join``)."""
        caller, snap = self._seated_caller(session, game_id, token)
        if snap.status == "abandoned":
            raise ApiError("game_abandoned", "the host abandoned this game: it has no rematch")
        if not (snap.status == "over" and snap.state.is_over):
            raise ApiError("game_not_over", "a rematch can be offered once the game is over")
        existing = self._rematch_id(session, game_id)
        if existing is None:
            made = self._create(session, snap, caller, commitment, account_id)
            if made is not None:
                return made
            existing = self._rematch_id(session, game_id)  # another offer won the race
            if existing is None:  # pragma: no cover - the winner linked it before we looked
                raise ApiError("stale_version", "the rematch changed meanwhile; try again")
        # Offered before: the same game; the caller's seat is taken now if it still can be.
        try:
            return self._take(session, snap, caller, existing, commitment, account_id)
        except ApiError as err:
            if err.code not in ("seat_taken", "rematch_expired"):
                raise
            return Seated(existing, caller.seat, new_seat(caller.seat, snap.num_seats), None)

    def join(
        self,
        session: Session,
        game_id: str,
        token: str,
        commitment: str | None,
        account_id: int | None = None,
    ) -> Seated:
        """Take the caller's kept seat in the rematch with the old game's seat token."""
        caller, snap = self._seated_caller(session, game_id, token)
        return self.join_as(session, snap, caller, commitment, account_id)

    def join_as(
        self,
        session: Session,
        snap: Snapshot,
        caller: Caller,
        commitment: str | None,
        account_id: int | None = None,
    ) -> Seated:
        """``join`` for ``caller``'s seat of the old game ``snap``, however it was shown to
        be the caller's (its token, or the account it belongs to: My games)."""
        game_id = snap.game_id
        existing = self._rematch_id(session, game_id)
        if existing is None:
            raise ApiError(
                "no_rematch", "nobody has offered a rematch of this game yet: offer one instead"
            )
        return self._take(session, snap, caller, existing, commitment, account_id)

    def _seated_caller(self, session: Session, game_id: str, token: str) -> tuple[Caller, Snapshot]:
        """The old game and the seat ``token`` holds in it (404, then 401/403)."""
        snap = self.service.load(session, game_id)
        caller = self.service.caller(session, game_id, token)
        caller = self.service.reconfirm(caller, snap.seats_revision, session)
        return caller, snap

    @staticmethod
    def _rematch_id(session: Session, game_id: str) -> str | None:
        rematch = session.scalar(
            select(GameRow.rematch_id)
            .where(GameRow.id == game_id)
            .execution_options(populate_existing=True)
        )
        session.commit()
        return rematch

    def _create(
        self,
        session: Session,
        snap: Snapshot,
        caller: Caller,
        commitment: str | None,
        account_id: int | None,
    ) -> Seated | None:
        """Create the rematch, seat the caller, link it to the old game; ``None`` if
        another offer linked its game first (this one is then abandoned unseen)."""
        n = snap.num_seats
        specs: list[SeatSpec] = [SeatSpec()] * n
        for info in snap.seats:
            if info.bot:
                at = new_seat(info.seat, n)
                name = rematch_bot_name(info.name, info.seat, at)
                specs[at] = SeatSpec(bot=True, name=name, level=info.level)
        made, host_token, _ = self.service.create(
            session,
            snap.kind,
            n,
            snap.options,
            specs,
            public=snap.public,
            rated=snap.rated,
            allow_bots=snap.allow_bots,
            rematch_of=snap.game_id,
            time_control=snap.time_control,
        )
        seat = new_seat(caller.seat, n)
        token = self._join(session, made.game_id, seat, snap, caller.seat, commitment, account_id)
        now = utcnow()
        until = as_utc(made.created_at) + self.service.rematch_window
        with self.db.write(session):
            linked = session.execute(
                update(GameRow)
                .where(GameRow.id == snap.game_id, GameRow.rematch_id.is_(None))
                .values(rematch_id=made.game_id, seats_revision=GameRow.seats_revision + 1)
            )
            if linked.rowcount == 1:  # type: ignore[attr-defined]
                self._table_event(
                    session,
                    snap.game_id,
                    {
                        "type": "rematch_offered",
                        "game": made.game_id,
                        "by": caller.seat,
                        "until": until.isoformat(),
                    },
                    now,
                )
            else:
                session.execute(
                    update(GameRow)
                    .where(GameRow.id == made.game_id)
                    .values(status="abandoned", seats_revision=GameRow.seats_revision + 1)
                )
        self._publish(session, made.game_id)
        self._publish(session, snap.game_id)
        if linked.rowcount != 1:  # type: ignore[attr-defined]
            return None
        return Seated(made.game_id, caller.seat, seat, token, host_token, created=True)

    def _take(
        self,
        session: Session,
        snap: Snapshot,
        caller: Caller,
        rematch_id: str,
        commitment: str | None,
        account_id: int | None = None,
    ) -> Seated:
        """Seat the caller in the rematch (kept seat, within the window) and say so at the
        old table."""
        n = snap.num_seats
        seat = new_seat(caller.seat, n)
        new = _game_row(session, rematch_id)
        session.commit()
        if snap.seats[caller.seat].bot:  # pragma: no cover - a server bot holds no token
            raise ApiError("bot_seat", f"seat {caller.seat} was the server's bot")
        if new.status == "abandoned":
            raise ApiError("game_abandoned", "the host has abandoned the rematch")
        until = as_utc(new.created_at) + self.service.rematch_window
        if utcnow() >= until:
            raise ApiError(
                "rematch_expired",
                f"the rematch kept your seat until {until:%H:%M:%S} UTC; ask its host "
                "for an invite link",
            )
        token = self._join(session, rematch_id, seat, snap, caller.seat, commitment, account_id)
        with self.db.write(session):
            session.execute(
                update(GameRow)
                .where(GameRow.id == snap.game_id)
                .values(seats_revision=GameRow.seats_revision + 1)
            )
            self._table_event(
                session,
                snap.game_id,
                {"type": "rematch_joined", "game": rematch_id, "seat": caller.seat},
                utcnow(),
            )
        self._publish(session, snap.game_id)
        return Seated(rematch_id, caller.seat, seat, token)

    def _join(
        self,
        session: Session,
        rematch_id: str,
        seat: int,
        old: Snapshot,
        old_seat: int,
        commitment: str | None,
        account_id: int | None,
    ) -> str:
        """``GameService.join`` of the kept seat, with its own invite key (the old seat
        token stands for the invite) and the old seat's name. The new seat belongs to the
        old seat's account, if it had one (the same player, on any of its devices), else to
        ``account_id`` (signed in now)."""
        key = session.scalar(
            select(SeatRow.invite_key).where(SeatRow.game_id == rematch_id, SeatRow.seat == seat)
        )
        old_account = session.scalar(
            select(SeatRow.account_id).where(
                SeatRow.game_id == old.game_id, SeatRow.seat == old_seat
            )
        )
        session.commit()
        name = old.seats[old_seat].name or f"Player {old_seat + 1}"
        _, token = self.service.join(
            session,
            rematch_id,
            seat,
            name,
            key,
            commitment,
            rematch=True,
            account_id=old_account or account_id,
        )
        return token

    # ---- abandon ------------------------------------------------------------------------

    def abandon(self, session: Session, game_id: str, host_token: str) -> Snapshot:
        """End a game that is not over, with the host token: status ``abandoned``."""
        digest = hash_token(host_token)
        with self.db.write(session):
            game = _game_row(session, game_id)
            if not self.service._is_host(game, digest):
                raise self.service._not_host(session, digest, "abandon the game")
            if game.status == "abandoned":
                raise ApiError("game_abandoned", "the game is already abandoned")
            if game.status == "over":
                raise ApiError("game_over", "the game is over: it ended by the rules")
            now = utcnow()
            game.status = "abandoned"
            game.seats_revision += 1
            game.updated_at = now
            self._table_event(session, game_id, {"type": "game_abandoned", "by": "host"}, now, game)
        self.service.clocks.resync(session, game_id)  # no clock runs in an abandoned game
        snap = self.service.load(session, game_id)
        self.service.hub.publish(game_id, snap.version)
        return snap

    # ---- helpers ------------------------------------------------------------------------

    @staticmethod
    def _table_event(
        session: Session,
        game_id: str,
        event: dict[str, Any],
        now: Any,
        game: GameRow | None = None,
    ) -> None:
        """A public table event at the game's version and (bumped) seats revision."""
        if game is None:
            session.flush()
            game = session.get(GameRow, game_id, populate_existing=True)
            assert game is not None
        session.add(
            TableEventRow(
                game_id=game_id,
                version=game.version,
                seats_revision=game.seats_revision,
                event=event,
                created_at=now,
            )
        )

    def _publish(self, session: Session, game_id: str) -> None:
        snap = self.service.load(session, game_id)
        self.service.hub.publish(game_id, snap.version)
