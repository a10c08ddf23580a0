"""One ``Settings`` object, read from the environment (pydantic-settings).

Every variable is optional; with none set the server keeps its SQLite file in ``./data/``.
"""

from __future__ import annotations

import os
from functools import lru_cache
from importlib.metadata import PackageNotFoundError, version
from importlib.resources import files
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


def default_bot_workers() -> int:
    """One search per core: with one worker, three tables of hard bots waited about 3 s per
    bot move, their searches taking turns (issue 42). Capped: a search is wall-time bound,
    so more workers than cores only slice the same CPU thinner."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return max(1, min(8, cores))


try:
    VERSION = version("tafelrunde")
    """The installed release: ``tafelrunde --version`` and ``/api/health``."""
except PackageNotFoundError:  # a checkout used without ever being installed
    VERSION = "unknown"

PACKAGE_DIR = Path(str(files("app")))
"""The installed ``app`` package: the browser client and the migrations ship inside it.
A wheel installs it as a plain directory, which StaticFiles and Alembic both need."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(extra="ignore", case_sensitive=False)

    data_dir: Path = Field(Path("data"), description="Where the default SQLite file lives.")
    database_url: str = Field(
        "",
        description="SQLAlchemy URL: sqlite:///path.db or postgresql+psycopg://user@host/db. "
        "Empty: sqlite:///<data_dir>/tafelrunde.db",
    )
    host: str = "0.0.0.0"
    port: int = 8000
    hub: Literal["auto", "memory", "postgres"] = Field(
        "auto",
        description="How a commit reaches the WebSocket connections: 'memory' (one process), "
        "'postgres' (LISTEN/NOTIFY, any number of processes), 'auto': postgres when "
        "DATABASE_URL is PostgreSQL, else memory.",
    )
    bot_delay: float = Field(
        0.8, ge=0, description="Seconds a server-side bot waits before acting."
    )
    bot_workers: int = Field(
        default_factory=default_bot_workers,
        ge=1,
        description="Worker processes for hard bots' searches (default: the cores this "
        "process may use, at most 8); more hard bots than this wait their turn, and the "
        "event loop never runs a search.",
    )
    bot_think_ms: int = Field(
        1000, ge=10, le=60_000, description="Milliseconds a hard bot searches per move."
    )
    ws_heartbeat: float = Field(
        25.0, gt=0, description="Seconds of silence after which the server pings a WebSocket."
    )
    events_keepalive: float = Field(
        20.0,
        gt=0,
        description="Seconds of silence after which an account's event stream "
        "(GET /api/me/events) sends a keep_alive line.",
    )
    ws_send_queue: int = Field(
        64,
        ge=1,
        description="Messages a WebSocket may have waiting to be sent; a client that falls "
        "further behind is closed (1013) and catches up by reconnecting with ?since=.",
    )
    cache_size: int = Field(2000, ge=1, description="Games whose replayed state stays in memory.")
    threads: int = Field(40, ge=1, description="Worker threads for blocking work (database).")
    ws_compression: bool = Field(
        False,
        description="permessage-deflate on WebSockets: smaller messages, but compressing "
        "every view costs more CPU than the rest of a move.",
    )
    access_log: bool = Field(False, description="Log every HTTP request (uvicorn's access log).")
    # ---- limits (issue 15): each one per process, 0 turns a rate limit or cap off ----
    max_body_bytes: int = Field(
        65536, ge=1, description="Largest HTTP request body; a larger one gets 413 unread."
    )
    ws_max_message_bytes: int = Field(
        65536, ge=1, description="Largest WebSocket message; a larger one closes with 1009."
    )
    rate_create: int = Field(30, ge=0, description="Games one client may create per minute.")
    rate_join: int = Field(120, ge=0, description="Seats one client may join per minute.")
    rate_action: int = Field(1200, ge=0, description="Actions one client may post per minute.")
    rate_ws_messages: int = Field(
        1200, ge=0, description="WebSocket messages one client may send per minute."
    )
    max_bot_games: int = Field(
        20,
        ge=0,
        description="Live games in which only bots play (every seat a bot, or resigned), "
        "on the whole server.",
    )
    seek_fill_minutes: float = Field(
        10,
        ge=0,
        description="Minutes a seek waits in the public list before its creator may fill "
        "its free places with the server's bots (POST /api/seeks/{id}/fill).",
    )
    bot_concurrency: int = Field(
        2, ge=1, description="Bot moves this process works on at once (humans never wait)."
    )
    ws_per_game: int = Field(
        64, ge=0, description="Watchers' WebSocket connections to one game (seats' apart)."
    )
    ws_per_client: int = Field(
        32, ge=0, description="Watchers' WebSocket connections from one client address."
    )
    ws_per_seat: int = Field(
        8, ge=0, description="WebSocket connections of one seat (its tabs and devices)."
    )
    ws_auth_seconds: float = Field(
        5.0,
        gt=0,
        le=60,
        description="Seconds a WebSocket over the watchers' caps has to send its seat's "
        "auth message; without one it is refused (too_many_connections, close 1013).",
    )
    timeout_keep_alive: int = Field(
        5, ge=1, description="Seconds an idle keep-alive connection stays open."
    )
    request_timeout: float = Field(
        10, gt=0, description="Seconds a client has to send a request's headers and body."
    )
    release_away_minutes: float = Field(
        3.0,
        ge=0,
        description="Minutes a seat's player must have been away (no live connection, no "
        "request) before the host may give the seat back; the player may always do so.",
    )
    # ---- a table's whole life (issue 10): rematch, abandoned and idle games ----
    rematch_minutes: float = Field(
        10.0,
        ge=0,
        description="Minutes after a rematch is offered during which the new game's seats "
        "are kept for the old game's players (POST .../rematch/join); after that the host "
        "may invite anyone to a seat still free.",
    )
    idle_days: float = Field(
        14.0,
        ge=0,
        description="Days without a move or a join after which a game is left out of "
        "GET /api/games (and the home page's lists); 0 keeps every game listed.",
    )
    reveal_seconds: float = Field(
        120.0,
        gt=0,
        description="Seconds the seats have, once every seat is taken, to reveal the "
        "contributions they committed to; a seat that has not revealed by then counts as "
        "having none (docs/API.md, Fair draws).",
    )
    chat_rate: int = Field(
        5,
        ge=0,
        description="Chat messages one seat token (a watcher: one address) may write per "
        "CHAT_WINDOW seconds, over all its WebSockets and REST together; 0: no limit.",
    )
    chat_window: float = Field(
        10.0, gt=0, le=3600, description="Seconds of the chat's rate window (CHAT_RATE)."
    )
    clock_poll_seconds: float = Field(
        1.0,
        gt=0,
        description="Seconds between two looks of each server process for clocks that ran out.",
    )
    clock_min_seconds: float = Field(
        3600,
        ge=1,
        description="A testing setting: the shortest time control given in seconds "
        '(time_control {"type": "correspondence", "seconds": N} or live with "seconds") '
        "this server accepts. Hours and minutes are always accepted.",
    )
    # ---- accounts and nudges (docs/SELF-HOSTING.md, "Accounts and reminders") ----
    signup: Literal["open", "invite", "closed"] = Field(
        "open",
        description="Who may make an account: open (anyone), invite (with an invite code an "
        "admin made), closed (nobody; accounts come from `tafelrunde admin create`).",
    )
    accounts_required: bool = Field(
        False,
        description="1: only signed-in players may create or join tables. 0 (default): "
        "accounts are an offer; invite links work without one.",
    )
    session_days: float = Field(
        30, gt=0, description="Days a sign-in lasts without being used (then it expires)."
    )
    rate_login: int = Field(
        10,
        ge=0,
        description="Sign-in attempts (password or passkey) per minute, counted per address "
        "and per account name where one is typed (sign-ups count against the address's); "
        "0: no limit.",
    )
    rate_friend_requests: int = Field(
        30,
        ge=0,
        description="Friend requests (by name or by friend link) an account may make per hour, "
        "refused ones too (0: no limit).",
    )
    public_url: str = Field(
        "",
        description="The address players open (e.g. https://games.example.org), for the links "
        "in e-mails, pushes and webhooks, and the host name passkeys belong to (change it and "
        "every passkey stops working); empty: http://localhost:PORT for links, the host each "
        "request names for passkeys.",
    )
    nudge_delay: float = Field(
        60,
        ge=0,
        description="Seconds after a turn passes to a player with no page of the game open "
        "before they are nudged (unless they acted or opened it meanwhile).",
    )
    nudge_poll_seconds: float = Field(
        5.0,
        gt=0,
        description="Seconds between two looks of each server process for nudges to send "
        "(and for turns, ends and rematch offers to nudge about).",
    )
    nudge_lease_seconds: float = Field(
        120.0,
        ge=10,
        description="Seconds a process holds a nudge it is sending; a nudge still unsent "
        "after that (its process died) is sent by another. Longer than a channel's slowest "
        "send.",
    )
    smtp_host: str = Field("", description="Mail server for e-mail nudges; empty: no e-mail.")
    smtp_port: int = Field(587, ge=1, le=65535, description="The mail server's port.")
    smtp_user: str = Field("", description="User name at the mail server (empty: no login).")
    smtp_password: str = Field("", description="Password at the mail server; never logged.")
    smtp_from: str = Field("", description="Sender address of e-mail nudges.")
    smtp_security: Literal["starttls", "tls", "none"] = Field(
        "starttls",
        description="starttls (port 587), tls (implicit TLS, port 465) or none (a local relay).",
    )
    allow_private_webhooks: bool = Field(
        False,
        description="1: webhook URLs and Web Push endpoints may point at private, loopback or "
        "link-local addresses and use plain http (refused by default: no server-side request "
        "forgery).",
    )
    static_dir: Path = PACKAGE_DIR / "static"
    migrate_on_start: bool = True

    @model_validator(mode="after")
    def _default_database_url(self) -> Settings:
        if not self.database_url:
            self.database_url = f"sqlite:///{self.data_dir / 'tafelrunde.db'}"
        return self


@lru_cache
def get_settings() -> Settings:
    return Settings()
