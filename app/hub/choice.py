"""Which hub a server runs: the ``HUB`` setting, ``auto`` deciding from ``DATABASE_URL``."""

from __future__ import annotations

from app.core.config import Settings
from app.hub.base import Hub
from app.hub.memory import InProcessHub


def make_hub(settings: Settings) -> Hub:
    kind = settings.hub
    if kind == "auto":
        sqlite = settings.database_url.startswith("sqlite")
        kind = "memory" if sqlite else "postgres"
    if kind == "memory":
        return InProcessHub()
    if kind == "postgres":
        from app.hub.postgres import PostgresHub  # psycopg is the optional [postgres] extra

        return PostgresHub(settings.database_url)
    raise ValueError(f"unknown hub {settings.hub!r}")
