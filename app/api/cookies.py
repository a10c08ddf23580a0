"""Signing a browser in and out, the same way for every sign-in (password or passkey): the
session cookie (app/services/sessions.py), the sign-in rate limits and the answer.

The cookie is HttpOnly (no script reads it), ``SameSite=Lax`` (no other site's form or fetch
sends it), ``Path=/``, ``Secure`` when served over HTTPS (the request's scheme, behind a
proxy as uvicorn's proxy headers say, or a ``PUBLIC_URL`` starting with https), and lasts
``SESSION_DAYS``; the server ends the sign-in after as many days unused, whatever the
browser keeps. ``GET /api/me`` sends it again, so a browser that is used keeps it.
"""

from __future__ import annotations

from typing import Any

from fastapi import Request, Response
from sqlalchemy.orm import Session

from app.api.deps import link_base
from app.core.limits import client_address
from app.core.security import hash_token
from app.services import sessions
from app.services.account_names import name_key
from app.services.accounts import LANGUAGES, Accounts

DAY_SECONDS = 86400


def _secure(request: Request) -> bool:
    public_url = request.app.state.settings.public_url.strip()
    return request.url.scheme == "https" or public_url.startswith("https:")


def set_session_cookie(request: Request, response: Response, value: str) -> None:
    """Hand the browser its sign-in's cookie (the module's docstring says how)."""
    response.set_cookie(
        sessions.COOKIE,
        value,
        max_age=int(request.app.state.settings.session_days * DAY_SECONDS),
        path="/",
        httponly=True,
        samesite="lax",
        secure=_secure(request),
    )


def clear_session_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(
        sessions.COOKIE, path="/", httponly=True, samesite="lax", secure=_secure(request)
    )


def check_login_rate(request: Request, name: str | None = None) -> None:
    """Spend a sign-in attempt of the client's address (every sign-up and sign-in, by
    password or passkey) and, given a typed name, of that name's (``RATE_LOGIN`` a minute
    each): 429 ``rate_limited`` with ``Retry-After``."""
    limiter = request.app.state.limiter
    limiter.check("login", client_address(request))
    if name is not None:
        limiter.check("login_name", name_key(name))


def previous_cookie(request: Request) -> str | None:
    """The session cookie the browser sent: its sign-in ends when it signs in anew."""
    return request.cookies.get(sessions.COOKIE)


def user_agent(request: Request) -> str:
    return request.headers.get("user-agent", "")


def signup_language(request: Request, chosen: str | None) -> str:
    """A new account's language: the one chosen, else the first of ``Accept-Language``
    the server speaks, else ``en``."""
    if chosen is not None:
        return chosen
    for part in request.headers.get("accept-language", "").split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGUAGES:
            return tag
    return "en"


def signed_in_answer(
    request: Request,
    response: Response,
    accounts: Accounts,
    session: Session,
    account_id: int,
    cookie: str,
) -> dict[str, Any]:
    """The answer to every sign-up and sign-in: the cookie set, ``{"account": ...}`` as
    ``GET /api/me`` shows it."""
    set_session_cookie(request, response, cookie)
    return accounts.view(session, account_id, hash_token(cookie), link_base(request))
