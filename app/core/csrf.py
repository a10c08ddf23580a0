"""Cross-site requests that would use the session cookie are refused (issue 38).

A browser sends cookies with a request another site makes it send (a form posted from
anywhere, a ``fetch`` from a sibling subdomain that ``SameSite=Lax`` lets through). Every
state-changing request (POST, PUT, PATCH, DELETE) that carries the session cookie, and
every one to ``/api/auth/`` (a sign-in forced from elsewhere would sign the browser into
someone else's account), is refused with 403 ``cross_site_request`` when the browser says
it came from elsewhere:

- ``Sec-Fetch-Site`` (every current browser sends it) other than ``same-origin`` or
  ``none`` (typed or bookmarked), or, without it,
- an ``Origin`` other than the request's own (``scheme://host[:port]`` as it reached the
  server: the scheme after uvicorn's proxy headers, the ``Host`` header) or ``PUBLIC_URL``'s.

A request without either header (curl, bots, the tests' clients) passes: only a browser
can be tricked into sending one, and browsers send them. Requests that carry only a seat
token (``Authorization: Bearer``) pass untouched: a browser never adds that header by
itself. Pure ASGI and header look-ups only: a move costs one loop over its headers.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from app.core.errors import error_response

CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
SAFE_SITES = frozenset({b"same-origin", b"none"})
AUTH_PREFIX = "/api/auth/"
DEFAULT_PORTS = {"http": "80", "https": "443", "ws": "80", "wss": "443"}


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of ``url``, lower case, without the scheme's default port;
    ``""`` for something that is no origin (``null``, garbage)."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return ""
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    if not scheme or not host:
        return ""
    if ":" in host:  # IPv6
        host = f"[{host}]"
    shown = "" if port is None or str(port) == DEFAULT_PORTS.get(scheme) else f":{port}"
    return f"{scheme}://{host}{shown}"


class CrossSiteGuard:
    """The middleware (see the module's docstring). ``cookie``: the session cookie's name;
    ``public_url``: ``PUBLIC_URL``, whose origin is the request's own too."""

    def __init__(self, app: ASGIApp, cookie: str, public_url: str = "") -> None:
        self.app = app
        self.cookie = cookie.encode("latin-1") + b"="
        self.public_origin = origin_of(public_url) if public_url else ""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in CHANGING and self._refused(scope):
            response = error_response(
                "cross_site_request",
                "this request came from another site: it may not use your sign-in here",
            )
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def _refused(self, scope: Scope) -> bool:
        cookie = site = origin = host = None
        for name, value in scope["headers"]:
            if name == b"cookie":
                cookie = value if cookie is None else cookie + b"; " + value
            elif name == b"sec-fetch-site":
                site = value
            elif name == b"origin":
                origin = value
            elif name == b"host":
                host = value
        if site is None and origin is None:
            return False  # not a browser, or a same-origin GET-like request of an old one
        if not (self._has_session(cookie) or scope["path"].startswith(AUTH_PREFIX)):
            return False
        if site is not None:
            return site.strip().lower() not in SAFE_SITES
        sent = origin_of((origin or b"").decode("latin-1"))
        if not sent:
            return True  # "null" (a sandboxed frame, a redirect across sites) or garbage
        own = origin_of(f"{scope.get('scheme', 'http')}://{(host or b'').decode('latin-1')}")
        return sent not in (own, self.public_origin)

    def _has_session(self, cookie: bytes | None) -> bool:
        if cookie is None or self.cookie not in cookie:
            return False
        return any(part.strip().startswith(self.cookie) for part in cookie.split(b";"))
