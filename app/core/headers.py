"""Security headers on every HTTP answer, as one pure ASGI middleware.

The browser keeps seat and host tokens in this origin's storage, so no script from
anywhere else may run here (CSP ``script-src 'self'``; the API docs' assets are served
locally), no other site may frame the pages (clickjacking), no response is sniffed into
another type, and no URL (invite links carry secrets) leaks through ``Referer``.
Pure ASGI rather than ``BaseHTTPMiddleware``: it only appends prepared bytes to the
response start, which costs next to nothing on the hot path; WebSockets pass untouched.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
"""The pages have no inline scripts or styles (static/*.html; the client sets styles only
through the DOM, which CSP allows). ``data:`` images: Swagger UI's icons."""

DOCS_CSP = CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
"""/docs only: Swagger UI renders some inline ``<style>``; scripts stay 'self' only."""

HEADERS: dict[str, str] = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
}


def _encoded(csp: str) -> list[tuple[bytes, bytes]]:
    pairs = {**HEADERS, "content-security-policy": csp}
    return [(k.encode("latin-1"), v.encode("latin-1")) for k, v in pairs.items()]


class SecurityHeaders:
    def __init__(self, app: ASGIApp, docs_path: str = "/docs") -> None:
        self.app = app
        self.docs_path = docs_path
        self._plain = _encoded(CSP)
        self._docs = _encoded(DOCS_CSP)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = self._docs if scope["path"] == self.docs_path else self._plain

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)
