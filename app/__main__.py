"""``python -m app``: serve on http://localhost:8000 (HOST, PORT, ...: app/core/config.py)."""

import uvicorn

from app.core.config import get_settings


def main() -> None:
    settings = get_settings()
    uvicorn.run(
        "app.main:app",
        host=settings.host,
        port=settings.port,
        ws_per_message_deflate=settings.ws_compression,
        access_log=settings.access_log,
    )


if __name__ == "__main__":
    main()
