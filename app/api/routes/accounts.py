"""Accounts: sign up, sign in and out (``/api/auth/...``), and the signed-in account's own
page (``/api/me...``): its name, language, password, sign-ins, its data and deleting it.

The session cookie (``tafelrunde_session``) is HttpOnly, ``SameSite=Lax``, ``Path=/``,
``Secure`` when the request came over HTTPS (behind a proxy: as uvicorn's proxy headers
say), and lasts ``SESSION_DAYS``; ``GET /api/me`` sends it again, so a browser that is used
keeps it. Cross-site requests that carry it are refused (app/core/csrf.py).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from starlette.concurrency import run_in_threadpool

from app.api.account_schemas import (
    ERRORS,
    AccountAnswer,
    AuthConfig,
    DeleteMe,
    Export,
    LogIn,
    SetPassword,
    SignUp,
    UpdateMe,
)
from app.api.deps import AccountDep, AccountsDep, SessionDep
from app.core.limits import client_address
from app.core.passwords import MIN_LENGTH
from app.core.security import hash_token
from app.services.accounts import LANGUAGES, name_key
from app.services.sessions import COOKIE

router = APIRouter(tags=["accounts"], responses=ERRORS)

DAY = 86400


def set_session_cookie(request: Request, response: Response, value: str) -> None:
    """The session cookie, with the attributes the module's docstring names."""
    response.set_cookie(
        COOKIE,
        value,
        max_age=int(request.app.state.settings.session_days * DAY),
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def clear_session_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(
        COOKIE,
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def check_login_rate(request: Request, name: str | None = None) -> None:
    """Spend a sign-in attempt of the client's address and, given one, of the account
    name's (``RATE_LOGIN`` a minute each): 429 ``rate_limited`` with ``Retry-After``."""
    limiter = request.app.state.limiter
    limiter.check("login", client_address(request))
    if name is not None:
        limiter.check("login_name", name_key(name))


def _user_agent(request: Request) -> str:
    return request.headers.get("user-agent", "")


def _language(request: Request, chosen: str | None) -> str:
    """The language chosen, else the first of ``Accept-Language`` the server speaks."""
    if chosen is not None:
        return chosen
    for part in request.headers.get("accept-language", "").split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGUAGES:
            return tag
    return "en"


def _no_content() -> Response:
    return Response(status_code=204)


# ---- /api/auth ---------------------------------------------------------------------------


@router.get("/api/auth/config", response_model=AuthConfig)
async def auth_config(request: Request) -> dict[str, Any]:
    """What this server's sign-up asks for (the sign-up page reads it)."""
    settings = request.app.state.settings
    return {
        "signup": settings.signup,
        "accounts_required": settings.accounts_required,
        "password_min_length": MIN_LENGTH,
    }


@router.post("/api/auth/signup", status_code=201, response_model=AccountAnswer)
async def sign_up(
    request: Request, body: SignUp, response: Response, accounts: AccountsDep, session: SessionDep
) -> dict[str, Any]:
    """Make an account with a password and sign this browser in (the session cookie).
    Sign-ups count against the address's ``RATE_LOGIN``."""
    check_login_rate(request)
    made = await run_in_threadpool(
        accounts.sign_up,
        session,
        body.name,
        body.password,
        _language(request, body.language),
        body.invite_code,
        _user_agent(request),
        request.cookies.get(COOKIE),
    )
    set_session_cookie(request, response, made.cookie)
    view = await run_in_threadpool(accounts.view, session, made.account_id, hash_token(made.cookie))
    return {"account": view}


@router.post("/api/auth/login", response_model=AccountAnswer)
async def log_in(
    request: Request, body: LogIn, response: Response, accounts: AccountsDep, session: SessionDep
) -> dict[str, Any]:
    """Sign in with name and password: a new session cookie (never the one the browser
    sent). 401 ``login_failed`` whether the name is unknown or the password wrong."""
    check_login_rate(request, body.name)
    made = await run_in_threadpool(
        accounts.log_in,
        session,
        body.name,
        body.password,
        _user_agent(request),
        request.cookies.get(COOKIE),
    )
    set_session_cookie(request, response, made.cookie)
    view = await run_in_threadpool(accounts.view, session, made.account_id, hash_token(made.cookie))
    return {"account": view}


@router.post("/api/auth/logout", status_code=204, response_class=Response)
def log_out(request: Request, accounts: AccountsDep, session: SessionDep) -> Response:
    """Sign this browser out: its sign-in ends on the server, the cookie is cleared.
    Without a sign-in it answers the same."""
    accounts.log_out(session, request.cookies.get(COOKIE))
    response = _no_content()
    clear_session_cookie(request, response)
    return response


@router.post("/api/auth/logout-everywhere", status_code=204, response_class=Response)
def log_out_everywhere(
    request: Request, signed: AccountDep, accounts: AccountsDep, session: SessionDep
) -> Response:
    """End every sign-in of the account, this one included."""
    accounts.log_out_everywhere(session, signed.account_id)
    response = _no_content()
    clear_session_cookie(request, response)
    return response


# ---- /api/me -----------------------------------------------------------------------------


@router.get("/api/me", response_model=AccountAnswer)
def me(
    request: Request,
    response: Response,
    signed: AccountDep,
    accounts: AccountsDep,
    session: SessionDep,
) -> dict[str, Any]:
    """The signed-in account: name, language, passkeys, sign-ins, friend link. The
    session cookie is sent again with a fresh ``Max-Age``."""
    value = request.cookies.get(COOKIE)
    if value:
        set_session_cookie(request, response, value)
    return {"account": accounts.view(session, signed.account_id, signed.session_hash)}


@router.patch("/api/me", response_model=AccountAnswer)
def update_me(
    body: UpdateMe, signed: AccountDep, accounts: AccountsDep, session: SessionDep
) -> dict[str, Any]:
    """Rename the account (409 ``name_taken``) or change its language (the nudges')."""
    accounts.update(session, signed.account_id, body.name, body.language)
    return {"account": accounts.view(session, signed.account_id, signed.session_hash)}


@router.put("/api/me/password", response_model=AccountAnswer)
async def set_password(
    request: Request,
    body: SetPassword,
    signed: AccountDep,
    accounts: AccountsDep,
    session: SessionDep,
) -> dict[str, Any]:
    """Add a password (an account with passkeys only) or change it with
    ``current_password`` (403 ``wrong_password``); a change signs every other browser
    out. Counts against the account name's ``RATE_LOGIN``."""
    request.app.state.limiter.check("login_name", name_key(signed.name))
    await run_in_threadpool(
        accounts.set_password, session, signed, body.password, body.current_password
    )
    view = await run_in_threadpool(accounts.view, session, signed.account_id, signed.session_hash)
    return {"account": view}


@router.delete("/api/me/sessions/{session_id}", status_code=204, response_class=Response)
def end_session(
    request: Request,
    session_id: str,
    signed: AccountDep,
    accounts: AccountsDep,
    session: SessionDep,
) -> Response:
    """End one sign-in of the account (its ``id`` from ``GET /api/me``); 404
    ``unknown_session``. Ending this browser's own clears its cookie too."""
    own = accounts.end_sign_in(session, signed, session_id)
    response = _no_content()
    if own:
        clear_session_cookie(request, response)
    return response


@router.get("/api/me/export", response_model=Export)
def export(signed: AccountDep, accounts: AccountsDep, session: SessionDep) -> dict[str, Any]:
    """Everything the server keeps about the account, as JSON (no secrets)."""
    return accounts.export(session, signed.account_id)


@router.delete("/api/me", status_code=204, response_class=Response)
def delete_me(
    request: Request,
    body: DeleteMe,
    signed: AccountDep,
    accounts: AccountsDep,
    session: SessionDep,
) -> Response:
    """Delete the account for good (``confirm``: its name). Its seats stay with their
    games as "deleted player"; see docs/API.md."""
    accounts.delete(session, signed.account_id, body.confirm)
    response = _no_content()
    clear_session_cookie(request, response)
    return response
