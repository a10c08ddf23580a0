"""The session cookie (app/services/sessions.py), set the same way by every sign-in."""

from __future__ import annotations

from fastapi import Request, Response

from app.services import sessions

DAY_SECONDS = 86400


def set_session_cookie(request: Request, response: Response, value: str) -> None:
    """Hand the browser its new sign-in: HttpOnly (no script reads it), SameSite=Lax (no
    other site's form or fetch sends it), ``Secure`` when served over HTTPS (the request's
    scheme, or a ``PUBLIC_URL`` starting with https). It is kept ``SESSION_DAYS``; the
    server ends the sign-in after as many days unused, whatever the browser keeps."""
    settings = request.app.state.settings
    secure = request.url.scheme == "https" or settings.public_url.strip().startswith("https:")
    response.set_cookie(
        sessions.COOKIE,
        value,
        max_age=int(settings.session_days * DAY_SECONDS),
        path="/",
        httponly=True,
        samesite="lax",
        secure=secure,
    )
