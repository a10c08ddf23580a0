"""Accounts: sign up, sign in and out (``/api/auth/...``), and the signed-in account's own
page (``/api/me...``): its name, language, password, sign-ins, its data and deleting it.

The session cookie (``tafelrunde_session``, app/api/cookies.py) is set as every sign-in
sets it; ``GET /api/me`` sends it again, so a browser that is used keeps it. Cross-site
requests that carry it are refused (app/core/csrf.py).
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
from app.api.cookies import (
    check_login_rate,
    clear_session_cookie,
    previous_cookie,
    set_session_cookie,
    signed_in_answer,
    signup_language,
    user_agent,
)
from app.api.deps import AccountDep, AccountsDep, SessionDep, link_base
from app.core.passwords import MIN_LENGTH
from app.services.account_names import name_key

router = APIRouter(tags=["accounts"], responses=ERRORS)


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
        signup_language(request, body.language),
        body.invite_code,
        user_agent(request),
        previous_cookie(request),
    )
    return await run_in_threadpool(
        signed_in_answer, request, response, accounts, session, made.account_id, made.cookie
    )


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
        user_agent(request),
        previous_cookie(request),
    )
    return await run_in_threadpool(
        signed_in_answer, request, response, accounts, session, made.account_id, made.cookie
    )


@router.post("/api/auth/logout", status_code=204, response_class=Response)
def log_out(request: Request, accounts: AccountsDep, session: SessionDep) -> Response:
    """Sign this browser out: its sign-in ends on the server, the cookie is cleared.
    Without a sign-in it answers the same."""
    accounts.log_out(session, previous_cookie(request))
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
    value = previous_cookie(request)
    if value:
        set_session_cookie(request, response, value)
    return accounts.view(session, signed.account_id, signed.session_hash, link_base(request))


@router.patch("/api/me", response_model=AccountAnswer)
def update_me(
    request: Request,
    body: UpdateMe,
    signed: AccountDep,
    accounts: AccountsDep,
    session: SessionDep,
) -> dict[str, Any]:
    """Rename the account (409 ``name_taken``) or change its language (the nudges')."""
    accounts.update(session, signed.account_id, body.name, body.language)
    return accounts.view(session, signed.account_id, signed.session_hash, link_base(request))


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
    return await run_in_threadpool(
        accounts.view, session, signed.account_id, signed.session_hash, link_base(request)
    )


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
def export(
    request: Request, signed: AccountDep, accounts: AccountsDep, session: SessionDep
) -> dict[str, Any]:
    """Everything the server keeps about the account, as JSON (no secrets)."""
    return accounts.export(session, signed.account_id, link_base(request))


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
