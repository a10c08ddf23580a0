"""The one error format of the API: ``{"error": {"code": ..., "message": ...}}``.

Every refusal — ours, the engine's ``IllegalAction`` and FastAPI's own validation errors —
goes through here, so a client needs one parser and a fixed list of codes (docs/API.md).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy import exc as sa_exc
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from app.core.headers import CSP, HEADERS
from engines import IllegalAction

SECURITY_HEADERS = {**HEADERS, "content-security-policy": CSP}

STATUS: dict[str, int] = {
    "bad_request": 400,
    "unauthorized": 401,
    "not_signed_in": 401,
    "forbidden": 403,
    "invite_required": 403,
    "history_private": 403,
    "chat_closed": 403,
    "not_found": 404,
    "unknown_kind": 404,
    "unknown_game": 404,
    "unknown_seat": 404,
    "unknown_version": 404,
    "method_not_allowed": 405,
    "seat_taken": 409,
    "bot_seat": 409,
    "seat_in_use": 409,
    "stale_version": 409,
    "not_your_turn": 409,
    "game_not_started": 409,
    "game_over": 409,
    "game_not_over": 409,
    "not_undoable": 409,
    "played_by_server": 409,
    "game_abandoned": 409,
    "no_rematch": 409,
    "rematch_expired": 409,
    "seat_reserved": 409,
    "already_resigned": 409,
    "not_stood_in": 409,
    "not_revealing": 409,
    "nothing_to_reveal": 409,
    "reveal_mismatch": 409,
    "reveal_closed": 409,
    "revealing": 409,
    "illegal_action": 422,
    "bad_action": 422,
    "bad_options": 422,
    "bad_player_count": 422,
    "chat_empty": 422,
    "chat_too_long": 422,
    "bad_time_control": 422,
    "payload_too_large": 413,
    "rate_limited": 429,
    "too_many_bot_games": 429,
    "chat_too_fast": 429,
    "too_many_connections": 429,  # WebSocket only: sent before closing with 1008
    "database_unavailable": 503,
    "commit_unknown": 503,
    "internal_error": 500,
    # passkeys (issue 38, part PASSKEYS; signup_closed .. name_taken shared with AUTH's sign-up)
    "login_failed": 401,
    "signup_closed": 403,
    "invite_code_required": 403,
    "invite_code_invalid": 403,
    "name_taken": 409,
    "passkey_failed": 400,
    "unknown_passkey": 404,
    "passkey_exists": 409,
    "last_sign_in_method": 409,
    # ---- part FRIENDS (issue 38): app/services/friends.py ----
    "not_yourself": 400,
    "unknown_account": 404,
    "unknown_request": 404,
    "unknown_friend": 404,
    "already_friends": 409,
    "already_asked": 409,
    # issue 38, SEATS (seats belong to accounts; docs/API.md "My games")
    "not_a_friend": 400,
    "seat_kept": 403,
    "not_your_game": 404,
    "seat_has_account": 409,
    # ---- accounts (issue 38, part AUTH: app/services/accounts.py, app/core/csrf.py) ----
    "account_disabled": 403,
    "cross_site_request": 403,
    "wrong_password": 403,
    "admin_only": 403,
    "unknown_session": 404,
    "own_account": 409,
    "password_too_short": 422,
    "password_too_long": 422,
    "password_too_common": 422,
    "confirm_mismatch": 422,
    # ---- CHANNELS (issue 38): notification settings, push subscriptions ----
    "webhook_refused": 400,
    "bad_email": 400,
    "email_unavailable": 400,
    "push_refused": 400,
    "bad_subscription": 400,
    "no_email": 409,
    "email_confirmed": 409,
    # ---- bot accounts (issue 39): app/services/bot_accounts.py ----
    "bot_token_invalid": 401,
    "not_a_person": 403,
    "bots_not_allowed": 403,
    "unknown_bot": 404,
    "unknown_token": 404,
    "too_many_bots": 409,
    "too_many_tokens": 409,
    # ---- challenges (issue 39): app/services/challenges.py ----
    "unknown_challenge": 404,
    "challenge_closed": 409,
    "not_challengeable": 409,
    "too_many_challenges": 409,
    # ---- seeks (issue 39): app/services/seeks.py ----
    "unknown_seek": 404,
    "not_your_seek": 403,
    "seek_closed": 409,
    "already_in_seek": 409,
    "not_in_seek": 409,
    "too_many_seeks": 409,
    "fill_too_early": 409,
}
"""Error code → HTTP status. Codes are stable; clients should branch on them, not on text."""

DATABASE_ERRORS: tuple[type[Exception], ...] = (
    sa_exc.OperationalError,  # unreachable, restarting, "database is locked", read-only SQLite
    sa_exc.InterfaceError,  # the connection broke under us
    sa_exc.InternalError,  # PostgreSQL read-only transaction (25006), admin shutdown
    sa_exc.TimeoutError,  # no pooled connection came free
)
"""What the database raises while it is down or refuses writes: answered 503, not 500."""

DATABASE_RETRY_AFTER = 5
"""Seconds a client is asked to wait (``Retry-After``) while the database is unavailable."""

log = logging.getLogger(__name__)


class ApiError(Exception):
    """A refused request. Raised anywhere below a route; nothing has been written (except
    for ``CommitUnknown``, whose outcome is unknown)."""

    def __init__(self, code: str, message: str, *, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.retry_after = retry_after

    @property
    def headers(self) -> dict[str, str] | None:
        return {"Retry-After": str(self.retry_after)} if self.retry_after is not None else None

    @property
    def status(self) -> int:
        return STATUS.get(self.code, 400)

    @classmethod
    def from_illegal(cls, exc: IllegalAction) -> ApiError:
        """The engine's refusal, with its message (which names nothing the seat may not see)."""
        code = exc.code if exc.code in STATUS else "illegal_action"
        return cls(code, exc.message)

    def body(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message}}


class CommitUnknown(ApiError):
    """The connection to the database was lost during COMMIT: the write may have been
    applied or not, and this process cannot know which. Unlike every other ``ApiError``,
    something may have been written; the client reads the game again to find out."""

    def __init__(self) -> None:
        super().__init__(
            "commit_unknown",
            "the database connection was lost while saving: the change may or may not have"
            " been applied; read the game again before retrying",
            retry_after=DATABASE_RETRY_AFTER,
        )


DATABASE_FAILURES: tuple[type[Exception], ...] = (*DATABASE_ERRORS, CommitUnknown)
"""``DATABASE_ERRORS`` and a commit whose outcome is unknown: what a background write
(a bot's move, a clock's expiry) tries again, later."""


def error_response(
    code: str, message: str, status: int | None = None, *, retry_after: int | None = None
) -> JSONResponse:
    err = ApiError(code, message, retry_after=retry_after)
    return JSONResponse(err.body(), status_code=status or err.status, headers=err.headers)


_traced: set[str] = set()
"""The kinds of database failure logged with their traceback since the database last
worked (``database_works``)."""


def database_failed(logger: logging.Logger, what: str, exc: BaseException) -> None:
    """Log a database failure in one line; the first of its kind since the database last
    worked gets its traceback too. An outage fails every request: one traceback each
    buried the log. The engines hide the statements' parameters (app/db/session.py), which
    may hold a new game's seeds or a chat message."""
    kind = type(exc).__name__
    first = kind not in _traced
    _traced.add(kind)
    logger.warning("%s: %s: %s", what, kind, exc, exc_info=exc if first else None)


def database_works() -> None:
    """A write went through: the next failure of any kind gets its traceback again."""
    if _traced:
        _traced.clear()


def database_unavailable(exc: BaseException) -> ApiError:
    """The refusal for a database error. Only the error's class reaches the client; the
    driver's text (host, user, SQL) goes to the log."""
    database_failed(log, "database unavailable", exc)
    return ApiError(
        "database_unavailable",
        f"the database is not available ({type(exc).__name__}); try again shortly",
        retry_after=DATABASE_RETRY_AFTER,
    )


def _validation_message(exc: RequestValidationError) -> str:
    err = exc.errors()[0]
    loc = [str(p) for p in err.get("loc", ())]
    if err.get("type") == "json_invalid":
        return f"malformed JSON: {err.get('msg')}"
    # "body" / "query" / "path" prefix tells where; keep it, it names the field precisely.
    where = ".".join(loc) or "request"
    return f"{where}: {err.get('msg')}"


BeforeBody = Callable[[Request], Awaitable[None]]
"""Raises the ``ApiError`` of any check documented to come before the body's (unknown game,
token) for a request whose body could not be read."""

_BOUNDS = ("greater_than_equal", "less_than_equal")


def install_error_handlers(app: FastAPI, before_body: BeforeBody | None = None) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status, headers=exc.headers)

    async def _database(request: Request, exc: Exception) -> JSONResponse:
        err = database_unavailable(exc)
        return JSONResponse(err.body(), status_code=err.status, headers=err.headers)

    for cls in DATABASE_ERRORS:
        app.add_exception_handler(cls, _database)

    @app.exception_handler(Exception)
    async def _internal(request: Request, exc: Exception) -> JSONResponse:
        # Starlette answers these from its outermost middleware, outside SecurityHeaders:
        # the same headers go on here, and the client gets the error format, no traceback.
        # (Starlette logs the exception itself after this answer.)
        response = error_response("internal_error", "the server failed to answer this request")
        response.headers.update(SECURITY_HEADERS)
        return response

    @app.exception_handler(IllegalAction)
    async def _illegal(request: Request, exc: IllegalAction) -> JSONResponse:
        err = ApiError.from_illegal(exc)
        return JSONResponse(err.body(), status_code=err.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        err = exc.errors()[0]
        if err.get("type") == "json_invalid" and before_body is not None:
            # FastAPI reads the JSON before any dependency runs; the documented order has
            # the unknown game (404) and the token (401/403) first.
            try:
                await before_body(request)
            except ApiError as earlier:
                return JSONResponse(earlier.body(), status_code=earlier.status)
        if tuple(err.get("loc", ())) == ("body", "num_seats") and err.get("type") in _BOUNDS:
            # The schema's bounds are the union of the kinds' counts: outside them, as
            # outside the chosen kind's, the answer is the same.
            return error_response("bad_player_count", f"num_seats: {err.get('msg')}")
        return error_response("bad_request", _validation_message(exc), 400)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed", 401: "unauthorized"}.get(
            exc.status_code, "bad_request"
        )
        message = exc.detail if isinstance(exc.detail, str) else "request refused"
        if isinstance(exc.__cause__, RecursionError):  # FastAPI's body parsing gave up
            message = "malformed JSON: nested too deeply"
        response = error_response(code, message, exc.status_code)
        if exc.headers:
            response.headers.update(exc.headers)
        if exc.status_code == 405:
            response.headers["allow"] = ", ".join(_allowed_methods(request))
        return response


def _allowed_methods(request: Request) -> list[str]:
    """Every method some route answers at this path (Starlette's own ``Allow`` names only
    the first route that matched the path, e.g. POST of ``/api/games`` but not GET)."""
    routes = request.app.router.routes
    allowed = [
        method
        for method in METHODS
        if any(r.matches({**request.scope, "method": method})[0] is Match.FULL for r in routes)
    ]
    # Inside a mount the scope's path is the mount's; only StaticFiles refuses methods there.
    return allowed or ["GET", "HEAD"]


METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")
