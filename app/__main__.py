"""``python -m app``: serve on http://localhost:8000 (HOST, PORT, ...: app/core/config.py)."""

import uvicorn

from app.core.config import get_settings
from app.core.serving import uvicorn_options


def main() -> None:
    settings = get_settings()
    uvicorn.run(
        "app.main:app",
        host=settings.host,
        port=settings.port,
        **uvicorn_options(settings),
    )


if __name__ == "__main__":
    main()
