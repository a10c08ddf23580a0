"""Which hub a server uses: chosen from DATABASE_URL unless HUB says otherwise."""

from __future__ import annotations

import pytest

from app.core.config import Settings
from app.hub.choice import make_hub
from app.hub.memory import InProcessHub
from app.hub.postgres import PostgresHub

PG = "postgresql+psycopg://tafelrunde:secret@db:5432/tafelrunde"


@pytest.mark.parametrize(
    ("hub", "url", "expected"),
    [
        ("auto", "sqlite:///data/tafelrunde.db", InProcessHub),
        ("auto", PG, PostgresHub),
        ("memory", PG, InProcessHub),  # one process on Postgres: allowed, nothing to fan out
        ("postgres", PG, PostgresHub),
    ],
)
def test_hub_follows_the_database_url_and_the_hub_setting(hub, url, expected) -> None:
    assert type(make_hub(Settings(hub=hub, database_url=url))) is expected


def test_default_setting_is_auto(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HUB", raising=False)
    assert Settings(database_url=PG).hub == "auto"


def test_postgres_hub_on_sqlite_is_refused_at_start() -> None:
    with pytest.raises(ValueError, match="needs a PostgreSQL DATABASE_URL"):
        make_hub(Settings(hub="postgres", database_url="sqlite:///data/tafelrunde.db"))
