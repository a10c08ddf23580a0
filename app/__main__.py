"""``python -m app``: serve on http://localhost:8000 (HOST, PORT, ...: app/core/config.py)."""

import uvicorn

from app.core.config import get_settings
from app.core.serving import with_request_timeout


def main() -> None:
    settings = get_settings()
    uvicorn.run(
        "app.main:app",
        host=settings.host,
        port=settings.port,
        http=with_request_timeout(settings.request_timeout),
        ws_max_size=settings.ws_max_message_bytes,
        ws_per_message_deflate=settings.ws_compression,
        timeout_keep_alive=settings.timeout_keep_alive,
        access_log=settings.access_log,
    )


if __name__ == "__main__":
    main()
