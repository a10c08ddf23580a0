"""Seat tokens and invite keys never reach a log.

Browsers and bots open the WebSocket with ``?token=`` (docs/API.md), and uvicorn writes a
WebSocket's path with its query string to the ``uvicorn.error`` log on every connect (even
with the access log off); the access log does the same for HTTP requests. Whoever reads a
token can play that seat and see its hidden tiles or dolmens, so the filter below rewrites
any ``token=`` query parameter in those records before a handler formats them. Invite links
(``/play/{id}?join=<seat>&key=<secret>``) are requested the same way, and a key is as good
as the seat until it is taken: ``key=`` is rewritten too.
"""

from __future__ import annotations

import logging
import re
from typing import Any

SECRET_PARAMETERS = (
    "token",
    "key",
    "invite",
    "invite_code",
    "code",
    "password",
    "tafelrunde_session",
)
"""Query parameters (and cookie-like pairs) whose values are secrets."""
_TOKEN = re.compile(r"(?i)((?:^|[?&;\s])(?:" + "|".join(SECRET_PARAMETERS) + r")=)[^&;\s\"'#]*")
_FRIEND_LINK = re.compile(r"(?i)(/friends/add/)[^/?&\s\"'#]+")

LOGGERS = ("uvicorn.error", "uvicorn.access", "uvicorn")
"""The loggers uvicorn writes request paths to (``uvicorn.error`` has the WebSocket lines)."""


def redact(text: str) -> str:
    """``text`` with the value of every secret query parameter (``SECRET_PARAMETERS``)
    and every friend link's code replaced."""
    return _FRIEND_LINK.sub(r"\1[redacted]", _TOKEN.sub(r"\1[redacted]", text))


def _clean(value: Any) -> Any:
    if isinstance(value, str) and ("=" in value or "/friends/add/" in value.lower()):
        return redact(value)
    return value


class RedactTokens(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = _clean(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_clean(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _clean(v) for k, v in record.args.items()}
        return True


def install_token_redaction() -> None:
    """Add the filter to uvicorn's loggers once (logging config keeps a logger's filters)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())
