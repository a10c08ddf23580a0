"""Request and response bodies of the REST API (docs/API.md). Tables live in app/db."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, model_validator

from app.core.inputs import FreeText
from app.services.clock_model import TimeControl
from app.services.registry import available_games
from bots import DEFAULT_LEVEL as DEFAULT_BOT_LEVEL
from engines.core.fairness import (
    CONTRIBUTION_MAX,
    CONTRIBUTION_PATTERN,
    SEAT_COMMITMENT_PATTERN,
)

_GAMES = available_games().values()
MIN_SEATS = min((g.min_players for g in _GAMES), default=1)
MAX_SEATS = max((g.max_players for g in _GAMES), default=1)
"""The seat counts some kind takes: the schema's bounds for ``num_seats`` (a count outside
them, like one outside the chosen kind's own, is answered 422 ``bad_player_count``)."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


BotLevel = Literal["easy", "medium", "hard"]


class SeatRequest(Strict):
    bot: StrictBool = False
    name: FreeText | None = Field(None, min_length=1, max_length=64)
    level: BotLevel | None = Field(
        None,
        description="A bot seat's strength: easy (random), medium (greedy), hard (search). "
        "Default medium; only for bot seats.",
    )
    friend: FreeText | None = Field(
        None,
        min_length=1,
        max_length=64,
        description="Keep this human seat for a friend (an account's name; signed in, an "
        'accepted friend): they join it from My games (docs/API.md "My games").',
    )

    @model_validator(mode="after")
    def _level_only_for_bots(self) -> SeatRequest:
        if self.level is not None and not self.bot:
            raise ValueError("level is for bot seats only (set bot: true)")
        if self.friend is not None and (self.bot or self.name is not None):
            raise ValueError("a friend's seat is a human seat named after its account")
        return self


class CreateGame(Strict):
    kind: str = Field(examples=["dschingis_khan"])
    num_seats: StrictInt = Field(
        ge=MIN_SEATS,
        le=MAX_SEATS,
        description="Between the kind's min_players and max_players (GET /api/kinds).",
    )
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="The kind's options (see options_schema in GET /api/kinds); "
        "start_player picks the seat that moves first (default: drawn at random).",
    )
    seats: list[SeatRequest] | None = Field(
        None, description="One entry per seat; bot seats are played by the server."
    )
    public: StrictBool = Field(
        False,
        description="Listed by GET /api/games, and its free seats joinable by anyone. "
        "Otherwise a seat is joined only with its invite key.",
    )
    time_control: TimeControl | None = Field(
        None,
        description='{"type": "none"} (default), {"type": "correspondence", "hours": 1..720} '
        'per move, or {"type": "live", "minutes": 1..180, "increment": 0..60} per player '
        "(docs/API.md, Clocks).",
    )
    rated: StrictBool = Field(
        False,
        description="Counts for the players' ratings (docs/API.md, Ratings) if, when it "
        "ends, every seat is held by a different account; otherwise for nobody. A server "
        'bot seat is held by its level\'s account ("Bot · medium"): each level once.',
    )

    allow_bots: StrictBool = Field(
        True,
        description="Bot accounts (people's bots, playing by their API tokens) may join its "
        "seats; false: only people (403 bots_not_allowed). The server's own bot seats are "
        "chosen in seats, whatever this says.",
    )

    @model_validator(mode="after")
    def _rated_bots_each_level_once(self) -> CreateGame:
        if self.rated:
            levels = [s.level or DEFAULT_BOT_LEVEL for s in self.seats or () if s.bot]
            if len(set(levels)) != len(levels):
                raise ValueError(
                    "a rated game seats each account once: one server bot of each level at most"
                )
        return self


class JoinSeat(Strict):
    name: FreeText = Field(min_length=1, max_length=64)
    key: str | None = Field(
        None,
        max_length=64,
        description="The seat's invite key (key= of its invite link); not needed at a "
        "public table.",
    )
    commitment: str | None = Field(
        None,
        pattern=SEAT_COMMITMENT_PATTERN,
        description="SHA-256 (64 lowercase hex digits) of your secret random addition to "
        'the game seed (docs/API.md "Fair draws"), recorded publicly; counted only while '
        "the game has not started. Reveal the contribution with POST .../reveal once "
        "every seat is taken.",
        examples=["5f0c2e0d9a8b7c6d5e4f30211203f4e5d6c7b8a99a8b7c6d5e4f3021120f0e0d"],
    )
    contribution: str | None = Field(
        None,
        max_length=CONTRIBUTION_MAX,
        description="Refused (400): a contribution is no longer sent in the clear; send "
        "commitment and reveal it later.",
        json_schema_extra={"deprecated": True},
    )


class RevealContribution(Strict):
    contribution: str = Field(
        max_length=CONTRIBUTION_MAX,
        pattern=CONTRIBUTION_PATTERN,
        description="The contribution the seat committed to at its join (1 to 64 letters, "
        "digits, - or _).",
        examples=["q3V9xK2mZr7TfLw0"],
    )


class RevealPhase(BaseModel):
    """The seats that must still reveal their contributions, while they may."""

    waiting: list[int] = Field(description="Seats that committed and have not revealed yet.")
    deadline: datetime = Field(
        description="After this a seat that has not revealed counts as having no "
        "contribution (REVEAL_SECONDS after the last seat was taken)."
    )


class PostAction(Strict):
    version: StrictInt = Field(
        ge=0, description="The version of the state the action is based on (a JSON integer)."
    )
    action: dict[str, Any] = Field(description="One action of the game's kind (see schema).")


class Seat(BaseModel):
    seat: int
    name: str | None
    bot: bool
    joined: bool
    level: BotLevel | None = Field(None, description="A bot seat's level; null for humans.")
    stand_in: Literal["resigned", "timeout"] | None = Field(
        None,
        description="The server's bot plays this human seat: its player resigned, or its "
        "live clock ran out (until the player acts again). null: its player plays it.",
    )


class SeatPresence(BaseModel):
    seat: int
    connected: bool | None = Field(
        description="A WebSocket of the seat's player is open now, in any server process; "
        "null for bot seats and free seats."
    )
    away_since: datetime | None = Field(
        description="When a joined player who is not connected was last seen (a page "
        "closed, a request with their token); null while connected."
    )
    release_from: datetime | None = Field(
        None,
        description="From when the host may give the seat back (away_since plus "
        "RELEASE_AWAY_MINUTES); null while connected, for bot seats and free seats.",
    )


Status = Literal["open", "running", "over"]
"""What ``GET /api/games?status=`` filters by (an abandoned game is never listed)."""
GameStatus = Literal["open", "running", "over", "abandoned"]


class RematchOffer(BaseModel):
    """A rematch offered at this (old) table (docs/API.md, "A table's whole life")."""

    game: str = Field(description="The new game's id.")
    by: int = Field(description="The old seat that offered it.")
    until: datetime = Field(
        description="Until when the new game's seats are kept for this game's players."
    )
    seats: list[int] = Field(description="Old seats whose players have taken their new seat.")


class TableFacts(BaseModel):
    to_act: list[int] = Field(
        default_factory=list, description="The seats the game waits for now (none unless running)."
    )
    last_move_at: datetime | None = Field(None, description="When the last move was made.")
    rematch: RematchOffer | None = Field(None, description="This game's rematch, once offered.")
    rematch_of: str | None = Field(None, description="The game this one is the rematch of.")
    reveal: RevealPhase | None = Field(
        None,
        description="While the seats reveal their contributions (every seat taken, the "
        "game not started yet); null otherwise.",
    )


class RematchRequest(Strict):
    commitment: str | None = Field(
        None,
        pattern=SEAT_COMMITMENT_PATTERN,
        description="The SHA-256 of your secret random addition to the new game's seed (as "
        "for joining a seat); reveal it in the new game once every seat is taken.",
    )
    contribution: str | None = Field(
        None,
        max_length=CONTRIBUTION_MAX,
        description="Refused (400), as for joining a seat.",
        json_schema_extra={"deprecated": True},
    )


class RematchSeat(BaseModel):
    game_id: str = Field(description="The rematch's id.")
    old_seat: int = Field(description="Your seat in this (old) game.")
    seat: int = Field(description="Your seat in the rematch: (old_seat + 1) % num_seats.")
    token: str | None = Field(
        description="Shown once: your new seat's token; null when no seat was taken now."
    )
    host_token: str | None = Field(
        None, description="Shown once, to the offer that created the game: its host token."
    )
    created: bool = Field(False, description="This offer created the rematch.")


class Fairness(BaseModel):
    commitment: str | None = Field(
        description="SHA-256 (hex) of the server's secret seed and salt, published at "
        "creation (null: a game made before fair draws)."
    )
    commitments: list[str | None] = Field(
        default_factory=list,
        description="Each seat's commitment to its contribution, published at its join "
        "(null: none; always null in games made before contributions were committed).",
    )
    contributions: list[str | None] = Field(
        description="Each seat's contribution to the game seed, public once revealed "
        "(null: none, not revealed yet, or never revealed)."
    )


class Clock(BaseModel):
    model_config = ConfigDict(extra="allow")

    type: Literal["none", "correspondence", "live"]
    running: list[int] = Field(description="Seats whose clock runs now.")
    deadline: datetime | None = Field(
        description="When the first running clock runs out (null: none runs)."
    )


class GameSummary(TableFacts):
    id: str
    kind: str
    num_seats: int
    status: GameStatus
    version: int
    public: bool
    rated: bool = Field(
        description="Created rated: counts for the ratings if every seat is an account's "
        "at the end (docs/API.md, Ratings)."
    )
    allow_bots: bool = Field(
        True, description="Bot accounts may join its seats (docs/API.md, Bot accounts)."
    )
    created_at: datetime
    seats: list[Seat]
    options: dict[str, Any]
    fairness: Fairness
    clock: Clock | None = None


class Invite(BaseModel):
    seat: int
    key: str | None = Field(description="The seat's join secret (a new one after a release).")
    joined: bool
    path: str | None = Field(description="The invite link's path: /play/{id}?join=..&key=..")


class CreatedGame(GameSummary):
    host_token: str = Field(
        description="Shown once: the creator's token. Send it as Authorization: Bearer "
        "<host_token> to give a seat back (POST .../seats/{seat}/release) or to see the "
        "invites again (GET .../invites)."
    )
    invites: list[Invite] = Field(description="One per human seat; only for the host.")


class LabelledAction(BaseModel):
    action: dict[str, Any]
    label: str


class Result(BaseModel):
    scores: list[int] = Field(
        description="Each seat's points, as played (a resigned seat's are its bot's)."
    )
    winners: list[int] = Field(
        description="The seats that won: never one that resigned; empty if every seat "
        "resigned (docs/RULES.md TB-1)."
    )
    places: list[list[int]] = Field(
        description="Every seat ranked, best first, by the game's rules with every seat that "
        "resigned below every seat that did not; seats that tie share a place."
    )
    resigned: list[int] = Field(
        default_factory=list, description="Seats that resigned (the bot played them on)."
    )


class SeatState(TableFacts):
    game_id: str
    kind: str
    version: int
    seat: int | None
    status: GameStatus
    seats: list[Seat]
    view: dict[str, Any] = Field(
        description="State.view(seat) of the game's engine; once over, its `winners` are the "
        "table's (`result`)."
    )
    legal_actions: list[LabelledAction] = Field(
        description="What the seat may do now; empty unless it must act."
    )
    can_undo: bool = Field(
        False, description="Whether the seat may take back its last action now (POST .../undo)."
    )
    clock: Clock | None = None
    result: Result | None = Field(
        None, description="Once the game is over: as GET .../result (null before)."
    )


class Kind(BaseModel):
    id: str
    name: str
    min_players: int
    max_players: int
    options_schema: dict[str, Any]
    action_schema: dict[str, Any]


class Joined(BaseModel):
    seat: int
    token: str = Field(description="Shown once: send it as Authorization: Bearer <token>.")


class LegalActions(BaseModel):
    version: int
    seat: int
    actions: list[LabelledAction]
    can_undo: bool = Field(
        description="Whether the seat may take back its last action now (POST .../undo); "
        "also when it is not its turn, until another seat acts."
    )


class PostUndo(Strict):
    version: StrictInt = Field(
        ge=0, description="The version the take-back is based on (the game's current one)."
    )


class Applied(BaseModel):
    version: int
    events: list[dict[str, Any]] = Field(description="What the action caused, as you may see it.")


class LogEntry(BaseModel):
    seq: int
    seat: int
    by_server: bool = Field(
        description="The server's bot played it for the seat (its clock ran out, it timed "
        "out or resigned); false for a bot seat's own moves."
    )
    events: list[dict[str, Any]]


class TableEvent(BaseModel):
    model_config = ConfigDict(extra="allow")

    version: int = Field(description="The game's version when it happened.")
    type: str = Field(examples=["seat_released"])


class Log(BaseModel):
    version: int
    entries: list[LogEntry]
    table_events: list[TableEvent] = Field(
        description="What happened at the table (a seat released: {type, seat, by}), "
        "versions >= since; not actions, so they have no seq."
    )


class HistoryView(BaseModel):
    """One past position of a game, as one seat saw it (docs/API.md, "History")."""

    game_id: str
    kind: str
    version: int = Field(description="The position after this action (0: the start).")
    latest: int = Field(description="The game's version now: versions run from 0 to latest.")
    ended: bool = Field(
        description="The game has ended: every seat's views and the full reveal may be replayed."
    )
    seat: int | Literal["watcher", "all"] = Field(
        description="Whose view: a seat, the watcher's, or all (the full reveal)."
    )
    actor: int | None = Field(description="The seat that played action `version` (null at 0).")
    events: list[dict[str, Any]] = Field(
        description="What action `version` caused, as `seat` saw it then (all revealed for "
        "`all` and at the end)."
    )
    seats: list[Seat]
    view: dict[str, Any] = Field(
        description="State.view(seat) of the position (`all`: with every hidden part shown)."
    )


class RevealedAction(BaseModel):
    seq: int
    seat: int
    action: dict[str, Any] = Field(description="The raw action as the log stores it.")
    events: list[dict[str, Any]] = Field(description="What it caused, fully revealed.")


class Reveal(Fairness):
    game_id: str
    kind: str
    num_seats: int
    options: dict[str, Any]
    status: GameStatus
    version: int
    revealed: bool = Field(description="True once the game is over: the fields below are set.")
    server_seed: str | None = Field(None, description="Hex of the server's 32 secret bytes.")
    salt: str | None = Field(None, description="Hex of the commitment's 16 bytes.")
    game_seed: str | None = Field(
        None, description="Hex of the engine's key, SHA-256 of seed and contributions."
    )
    actions: list[RevealedAction] | None = None
    scores: list[int] | None = None
    winners: list[int] | None = Field(
        None, description="As `Result`: a seat that resigned never wins (docs/RULES.md TB-1)."
    )
    places: list[list[int]] | None = None
    resigned: list[int] | None = None


class ErrorDetail(BaseModel):
    code: str
    message: str


class Error(BaseModel):
    error: ErrorDetail


ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": Error, "description": text}
    for status, text in {
        400: "bad_request: malformed JSON or a field that does not fit",
        401: "unauthorized: missing or unknown seat token",
        403: "forbidden: a token of another game; a token that may not release this seat; "
        "invite_required: joining a private table's seat without its invite key; "
        "history_private: another seat's past views, or the full reveal, while the game runs",
        404: "unknown_kind, unknown_game, unknown_seat, unknown_version",
        409: "stale_version, not_your_turn, seat_taken, bot_seat, seat_in_use, "
        "game_not_started, game_over, game_not_over, not_undoable (the engine's reason), "
        "played_by_server, "
        "game_abandoned, no_rematch, rematch_expired, seat_reserved, already_resigned, "
        "not_stood_in",
        422: "illegal_action (the engine's reason), bad_action, bad_options, bad_player_count, "
        "bad_time_control",
    }.items()
}
"""The error answers every route may give (docs/API.md lists when)."""
