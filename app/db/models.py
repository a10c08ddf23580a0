"""Tables. The action log is the source of truth: a game's state is the replay of its rows
in ``actions`` (unique per game and ``seq``); ``games.version`` is the last ``seq``.

Tables come only from Alembic (migrations/); this metadata is what ``env.py`` compares to.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    kind: Mapped[str] = mapped_column(String(64))
    num_seats: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    """Secret, never sent. A game made before fair draws (no ``server_seed``) is keyed with
    it; for the others it keys only the server bots' randomness (app/bots/randomness.py)."""
    server_seed: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """Hex of the server's 32 secret bytes, committed to at creation; revealed only after
    the end (``GET .../fairness``). ``None`` for games made before fair draws."""
    salt: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """Hex of the commitment's 16 secret bytes; revealed with ``server_seed``."""
    commitment: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """Public: ``engines.core.fairness.commitment(server_seed, salt)``."""
    game_seed: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """Hex of ``fairness.game_seed_bytes(server_seed, contributions)``, the engine's key,
    fixed when the game first starts (every seat taken); ``None`` before, when the game
    shows only a placeholder setup. Secret until the end."""
    status: Mapped[str] = mapped_column(String(16), index=True)
    """open (free human seats) | running | over | abandoned (ended by the host before the
    end: kept, readable, never played on, never listed, nothing hidden revealed)."""
    version: Mapped[int] = mapped_column(Integer, default=0)
    """Number of applied actions; the optimistic lock of the write path."""
    seats_revision: Mapped[int] = mapped_column(Integer, default=0)
    """Bumped by every change to the seats (a join, a release), so a cache sees one made by
    another process, and a remembered seat token is checked again after it."""
    host_token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    """Hash of the creator's token, which may release seats; ``None`` for older games."""
    public: Mapped[bool] = mapped_column(Boolean, default=False)
    """Listed by ``GET /api/games``, and its free seats joinable without an invite key."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    """The last move, join or release: a game idle for ``IDLE_DAYS`` is no longer listed."""
    last_move_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the last action (or take-back) was applied; ``None`` before the first one."""
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The game offered as this one's rematch (``POST .../rematch``), once; ``None``: none."""
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The game this one is the rematch of: for ``REMATCH_MINUTES`` after its creation its
    free human seats are kept for that game's players (``POST .../rematch/join``)."""
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    """Chosen at creation: the game counts for its players' ratings if, at its end, every
    seat is held by an account, each by another (app/services/ratings.py). False for every
    game made before migration 0012."""
    allow_bots: Mapped[bool] = mapped_column(Boolean, default=True)
    """Chosen at creation: whether bot accounts (people's bot identities, playing by their
    API tokens) may join its seats. True for every game made before migration 0014."""
    chat_watchers: Mapped[bool] = mapped_column(Boolean, default=True)
    """Whether watchers (no seat token) may write in the table chat; the host's switch
    (``PUT .../chat/settings``). Seated players may always write."""
    time_control: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """Public, chosen at creation (app/services/clocks.py): ``{"type": "correspondence",
    "seconds": per move}`` or ``{"type": "live", "seconds": per seat, "increment": s}``;
    ``None``: no clock (also older games)."""
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """Public: which seats' clocks run, since when, and (live) each seat's time left at
    ``at``; rewritten with every change that can start or stop a clock."""
    deadline: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, index=True
    )
    reveal_deadline: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, index=True
    )
    """Public: until when the seats that committed may reveal their contributions (set when
    the last seat is taken while a seat still has to reveal; ``None`` otherwise). A seat
    that has not revealed by then counts as having no contribution (docs/API.md)."""
    """When the first running clock runs out; ``None`` when none runs (no time control,
    not started, over). Every server process polls it (``ClockRunner``) and claims an
    expired one with a conditional UPDATE, so it fires once."""


class SeatRow(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "seat", name="uq_seats_game_seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    bot: Mapped[bool] = mapped_column(Boolean, default=False)
    """Played by the server (app/bots); a remote bot joins a human seat with a token."""
    bot_level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """A bot seat's level: easy, medium or hard (``bots.LEVELS``); ``None`` for humans and
    for bot seats created before levels existed, which play as medium."""
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    joined_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    left_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the seat was last released (its token stopped working); cleared by a join."""
    invite_key: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The seat's join secret, part of its invite link. Kept as is (not hashed) because the
    host must be able to show the link again; it leaves the server only to the host token
    (docs/API.md). Renewed by every release, so an old link dies. ``None`` for bot seats."""
    commitment: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """Public: ``fairness.seat_commitment`` of the contribution its player keeps secret
    until every seat has committed. Only joins before the seed is fixed count; a later join
    keeps this one. ``None``: no contribution (and for games made before commit and reveal,
    whose contributions came in the clear)."""
    contribution: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """Public once revealed: the random text its player added to the game seed, which
    matches ``commitment``. ``None`` until revealed, and for good if never revealed."""
    connections: Mapped[int] = mapped_column(Integer, default=0)
    """Live WebSockets holding the seat's token, over every server process."""
    last_seen: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the seat's player was last seen: a WebSocket opening, closing or still alive,
    a request with the seat's token. Whether the host may release it depends on this."""
    stand_in: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """The server's bot plays this human seat: "resigned" (for good; its token may not act)
    or "timeout" (its live clock ran out; any action of its token, or POST .../back, gives
    it back). ``None``: its player plays it."""
    account_id: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True, index=True
    )
    """The account that holds the seat (joined signed in, or claimed later): its every
    signed-in device may take the seat up (``POST /api/me/games/{id}/access``). ``None``:
    anonymous, or the account was deleted."""
    reserved_for: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True, index=True
    )
    """A free seat kept for one account (a friend seated from the create form, or invited
    again by the host after a release): only that account, signed in, may join it (anyone
    else is refused ``seat_kept``, even with its invite link). Cleared by the join."""


class TableEventRow(Base):
    """Things that happen at the table rather than in the game (a seat released). Kept
    apart from ``actions`` so the action log stays the exact replay of the game."""

    __tablename__ = "table_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    """The game's version when it happened (after action ``seq = version``)."""
    seats_revision: Mapped[int] = mapped_column(Integer)
    """The seats revision it produced: WebSockets send the ones newer than they last sent."""
    event: Mapped[dict[str, Any]] = mapped_column(JSON)
    """Public, e.g. ``{"type": "seat_released", "seat": 1, "by": "host"}``."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ActionRow(Base):
    __tablename__ = "actions"
    # Its index also serves "actions of a game after seq n", the catch-up query.
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_actions_game_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    """1, 2, 3, ... without gaps: the unique (game_id, seq) is the last line of defence."""
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    """Raw action JSON; may name hidden things, so it is only ever replayed, never sent."""
    by_server: Mapped[bool] = mapped_column(Boolean, default=False)
    """Played by the server's bot (a bot seat, a resigned seat, a live timeout's stand-in, a
    lapsed correspondence clock), not with the seat's token: never the seat's to take back.
    False for every row written before migration 0009."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChatMessageRow(Base):
    """One line of a game's table chat (app/services/chat.py): what a person typed, kept
    with the game. Never holds anything of the game's state."""

    __tablename__ = "chat_messages"
    __table_args__ = (Index("ix_chat_messages_game_id_id", "game_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    """Increasing: ``GET .../chat?after=`` and the WebSockets page by it."""
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The writer's seat; ``None`` for a watcher (no seat token)."""
    name: Mapped[str] = mapped_column(String(64))
    """The seat's name when written, or the name a watcher gave ("Watcher" if none)."""
    text: Mapped[str] = mapped_column(Text)
    """Plain text, 1 to 500 characters, trimmed; shown escaped, never logged."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


# ---- accounts (issue 38) ------------------------------------------------------------------
#
# Accounts are an offer, never a gate: every game and seat works without one. Secrets are
# stored only as hashes (passwords: argon2id; sessions, invite codes: SHA-256 of 256-bit
# random values), never logged and never exported.


class AccountRow(Base):
    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(64))
    """The display name, as its player typed it (checked free text, app/core/inputs.py)."""
    name_key: Mapped[str] = mapped_column(String(64), unique=True)
    """``name`` NFKC-normalised and case-folded: names are unique by it and looked up by it."""
    password_hash: Mapped[str | None] = mapped_column(Text, nullable=True)
    """argon2id; ``None``: passkeys only."""
    language: Mapped[str] = mapped_column(String(8), default="en")
    """``en`` or ``de``: the nudges' language."""
    is_admin: Mapped[bool] = mapped_column(Boolean, default=False)
    disabled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """Set by an admin: no sign-in, every session revoked, no nudge."""
    friend_code: Mapped[str] = mapped_column(String(32), unique=True)
    """The secret part of the account's friend link (``/friends/add/{code}``); renewable."""
    notify: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """Nudge choices (``GET|PUT /api/me/notifications``): ``webhook_url``, ``email``,
    ``email_confirmed``, ``push``, ``always``, ``digest_hours``."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    bot: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """``None``: a person. ``"server"``: one of the server's own bot levels ("Bot · easy",
    …; ``bot_level``), which plays the server's bot seats of rated games. ``"author"``: a
    bot identity a person made (``owner_id``), playing through its API tokens."""
    bot_level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """A server bot's level (``easy``, ``medium``, ``hard``); ``None`` for every other."""
    owner_id: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True, index=True
    )
    """The person who made this bot identity; deleting the person deletes its bots."""


class BotTokenRow(Base):
    """An API token of a bot identity (``Authorization: Bearer <token>``): shown once when
    made, stored as its SHA-256, revocable, with its last use."""

    __tablename__ = "bot_tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    label: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    last_used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ChallengeRow(Base):
    """An account asks named accounts to a game (``POST /api/challenges``): once every one
    of them accepted, the game is made with everyone seated in random order."""

    __tablename__ = "challenges"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    from_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(64))
    num_seats: Mapped[int] = mapped_column(Integer)
    time_control: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """As ``games.time_control`` keeps it (``None``: no clock)."""
    rated: Mapped[bool] = mapped_column(Boolean, default=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    """open | starting (the last acceptance is making the game) | accepted (``game_id``) |
    declined | withdrawn"""
    game_id: Mapped[str | None] = mapped_column(
        ForeignKey("games.id", ondelete="SET NULL"), nullable=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChallengeSeatRow(Base):
    """One account a challenge asks (the challenger too, who accepted by asking)."""

    __tablename__ = "challenge_seats"

    challenge_id: Mapped[int] = mapped_column(
        ForeignKey("challenges.id", ondelete="CASCADE"), primary_key=True
    )
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    answer: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """``None``: not answered yet; ``accepted`` or ``declined``."""


class SeekRow(Base):
    """A game waiting in the public list (``POST /api/seeks``) until enough accounts join;
    the join that fills the last place makes it, everyone seated in random order."""

    __tablename__ = "seeks"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    from_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(64))
    num_seats: Mapped[int] = mapped_column(Integer)
    time_control: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """As ``games.time_control`` keeps it (``None``: no clock)."""
    rated: Mapped[bool] = mapped_column(Boolean, default=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    """open | starting (the last join or the fill is making the game) | started
    (``game_id``) | withdrawn"""
    game_id: Mapped[str | None] = mapped_column(
        ForeignKey("games.id", ondelete="SET NULL"), nullable=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SeekSeatRow(Base):
    """One account in a seek: its creator, and each account that joined."""

    __tablename__ = "seek_seats"

    seek_id: Mapped[int] = mapped_column(
        ForeignKey("seeks.id", ondelete="CASCADE"), primary_key=True
    )
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class PasskeyRow(Base):
    __tablename__ = "passkeys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    credential_id: Mapped[str] = mapped_column(String(1400), unique=True)
    """base64url of the WebAuthn credential id."""
    public_key: Mapped[str] = mapped_column(Text)
    """base64url of the COSE public key."""
    sign_count: Mapped[int] = mapped_column(BigInteger, default=0)
    transports: Mapped[list[str]] = mapped_column(JSON, default=list)
    label: Mapped[str] = mapped_column(String(64), default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    last_used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class AuthSessionRow(Base):
    """A signed-in browser. The cookie holds a random value; only its hash is kept here, so
    a copy of the database signs nobody in. Deleting the row signs the browser out."""

    __tablename__ = "auth_sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    last_seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    """Expires ``SESSION_DAYS`` after this (idle), written at most once a minute."""
    user_agent: Mapped[str] = mapped_column(String(200), default="")
    """Shown in the account's list of sessions, so its player can tell them apart."""


class WebAuthnChallengeRow(Base):
    """A passkey ceremony under way (any server process may answer its second half)."""

    __tablename__ = "webauthn_challenges"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    purpose: Mapped[str] = mapped_column(String(16))
    """signup | login | add"""
    challenge: Mapped[str] = mapped_column(String(200))
    account_id: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True
    )
    data: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class InviteCodeRow(Base):
    """``SIGNUP=invite``: a code an admin made, good for one sign-up."""

    __tablename__ = "invite_codes"

    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    created_by: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    used_by: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True
    )
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class FriendshipRow(Base):
    """A friend request (``pending``) or a friendship (``accepted``), one row per pair."""

    __tablename__ = "friendships"
    __table_args__ = (UniqueConstraint("requester_id", "addressee_id", name="uq_friendships_pair"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    requester_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    addressee_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    status: Mapped[str] = mapped_column(String(16), default="pending")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    accepted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class PushSubscriptionRow(Base):
    """One browser's Web Push subscription (a service worker's), for one account."""

    __tablename__ = "push_subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    endpoint: Mapped[str] = mapped_column(Text)
    endpoint_hash: Mapped[str] = mapped_column(String(64), unique=True)
    p256dh: Mapped[str] = mapped_column(String(200))
    auth: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ServerKeyRow(Base):
    """Keys the server makes on first start and every process shares: the VAPID key pair of
    Web Push, the secret that signs e-mail links and derives account seats' tokens."""

    __tablename__ = "server_keys"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class DeliveryRow(Base):
    """One nudge to one account over one channel. ``(dedupe_key, channel)`` is unique: an
    event is delivered once per channel however many processes see it; a process claims a
    row with a conditional UPDATE before it sends, and never holds a transaction open while
    it waits on the network (app/services/nudges)."""

    __tablename__ = "deliveries"
    __table_args__ = (
        UniqueConstraint("dedupe_key", "channel", name="uq_deliveries_key_channel"),
        Index("ix_deliveries_status_due_at", "status", "due_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    channel: Mapped[str] = mapped_column(String(16))
    """push | email | webhook"""
    dedupe_key: Mapped[str] = mapped_column(String(200))
    """What happened, once: e.g. ``turn:{game}:{seat}:{version}``."""
    event: Mapped[dict[str, Any]] = mapped_column(JSON)
    """Public facts only (kind, game id, names): never anything hidden of a game."""
    status: Mapped[str] = mapped_column(String(16), default="pending")
    """pending | sending | sent | skipped | failed"""
    due_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    claimed_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    claimed_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    last_error: Mapped[str | None] = mapped_column(String(200), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


# ---- ratings (issue 39) ----------------------------------------------------------------


class RatingRow(Base):
    """An account's rating in one kind of game (OpenSkill, Plackett-Luce: app/services/
    ratings.py). No row: the account has finished no rated game of that kind (it starts
    at the model's default)."""

    __tablename__ = "ratings"

    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    kind: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    """Rated games of this kind that counted."""
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RatingHistoryRow(Base):
    """What one rated game did to one account's rating, written in the transaction that
    ends the game. ``(game_id, account_id)`` is unique: a game counts once for an account,
    however many processes see its end."""

    __tablename__ = "rating_history"
    __table_args__ = (
        UniqueConstraint("game_id", "account_id", name="uq_rating_history_game_account"),
        Index("ix_rating_history_account_id_id", "account_id", "id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer)
    """1 for the first place; seats that tie share one (TB-1's places)."""
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
