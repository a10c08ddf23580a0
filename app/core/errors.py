"""The one error format of the API: ``{"error": {"code": ..., "message": ...}}``.

Every refusal — ours, the engine's ``IllegalAction`` and FastAPI's own validation errors —
goes through here, so a client needs one parser and a fixed list of codes (docs/API.md).
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from engines import IllegalAction

STATUS: dict[str, int] = {
    "bad_request": 400,
    "unauthorized": 401,
    "forbidden": 403,
    "invite_required": 403,
    "not_found": 404,
    "unknown_kind": 404,
    "unknown_game": 404,
    "unknown_seat": 404,
    "method_not_allowed": 405,
    "seat_taken": 409,
    "bot_seat": 409,
    "seat_in_use": 409,
    "stale_version": 409,
    "not_your_turn": 409,
    "game_not_started": 409,
    "game_over": 409,
    "game_not_over": 409,
    "illegal_action": 422,
    "bad_action": 422,
    "bad_options": 422,
    "bad_player_count": 422,
}
"""Error code → HTTP status. Codes are stable; clients should branch on them, not on text."""


class ApiError(Exception):
    """A refused request. Raised anywhere below a route; nothing has been written."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

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


def error_response(code: str, message: str, status: int | None = None) -> JSONResponse:
    err = ApiError(code, message)
    return JSONResponse(err.body(), status_code=status or err.status)


def _validation_message(exc: RequestValidationError) -> str:
    err = exc.errors()[0]
    loc = [str(p) for p in err.get("loc", ())]
    if err.get("type") == "json_invalid":
        return f"malformed JSON: {err.get('msg')}"
    # "body" / "query" / "path" prefix tells where; keep it, it names the field precisely.
    where = ".".join(loc) or "request"
    return f"{where}: {err.get('msg')}"


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status)

    @app.exception_handler(IllegalAction)
    async def _illegal(request: Request, exc: IllegalAction) -> JSONResponse:
        err = ApiError.from_illegal(exc)
        return JSONResponse(err.body(), status_code=err.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return error_response("bad_request", _validation_message(exc), 400)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed", 401: "unauthorized"}.get(
            exc.status_code, "bad_request"
        )
        message = exc.detail if isinstance(exc.detail, str) else "request refused"
        return error_response(code, message, exc.status_code)
