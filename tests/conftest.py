"""Fixtures shared by every suite under tests/ (the server suites use most of them).

Every test gets a fresh database: a temporary SQLite file, or — when
``TAFELRUNDE_TEST_DATABASE_URL`` is set (e.g. by ``python -m tests.support.postgres -- ...``)
— that database, emptied first, so the same suites run on Postgres. The app runs either
in-process (``client``: Starlette's httpx-based TestClient) or as a real server process
(``server_factory``: ``python -m app`` on a free 127.0.0.1 port, as the README serves it).

``replay`` rebuilds a game from the database (secret seed + action log) with the engine
itself, so tests can compare what the server sent with ``State.view(seat)``.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import Engine, create_engine, select, text

import engines
from app.core.config import Settings
from app.db.models import ActionRow, Base, GameRow
from app.services.snapshots import apply_entry, engine_seed
from engines.core import Event, State
from tests.support.server import ServerProcess

REPO = Path(__file__).resolve().parents[1]
ENV_URL = "TAFELRUNDE_TEST_DATABASE_URL"


KINDS = [game.id for game in engines.all_games()]
"""Every registered game kind. An engine that fails to import fails the whole run here
(``ImportError`` naming its module) instead of vanishing from the server suites."""


def seat_counts() -> list[tuple[str, int]]:
    """Every (kind, number of seats) from 2 to the kind's maximum."""
    return [
        (kind, n)
        for kind in KINDS
        for n in range(engines.get(kind).min_players, engines.get(kind).max_players + 1)
    ]


# ---- databases -------------------------------------------------------------------------


def _empty(url: str) -> None:
    engine = create_engine(url)
    with engine.begin() as conn:
        Base.metadata.drop_all(conn)
        conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    engine.dispose()


def _worker_database(url: str) -> str:
    """Under pytest-xdist (``-n 2``) each worker empties and fills a database of its own: the
    one named in ``TAFELRUNDE_TEST_DATABASE_URL`` with the worker's id appended, made once."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return url
    from sqlalchemy.engine import make_url

    base = make_url(url)
    name = f"{base.database}_{worker}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        found = conn.execute(text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name})
        if found.first() is None:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


def fresh_database_url(directory: Path) -> str:
    url = os.environ.get(ENV_URL)
    if not url:
        return f"sqlite:///{directory / 'tafelrunde.db'}"
    url = _worker_database(url)
    _empty(url)
    return url


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    return fresh_database_url(tmp_path)


@pytest.fixture
def db(database_url: str) -> Iterator[Engine]:
    """Direct access to the test database, to check what the server wrote."""
    engine = create_engine(database_url)
    yield engine
    engine.dispose()


def settings_for(url: str, **overrides: Any) -> Settings:
    return Settings(database_url=url, bot_delay=0, **overrides)


@pytest.fixture
def client(database_url: str):
    from fastapi.testclient import TestClient

    from app.main import create_app

    with TestClient(create_app(settings_for(database_url))) as c:
        yield c


# ---- a real server process -------------------------------------------------------------


@pytest.fixture
def server_factory(database_url: str, tmp_path: Path):
    """``server_factory(**env)`` starts a server on the test database; all stop at the end."""
    servers: list[ServerProcess] = []

    def start(**env: str) -> ServerProcess:
        server = ServerProcess(database_url, tmp_path / f"server{len(servers)}.log", **env)
        servers.append(server)
        return server.start()

    yield start
    for server in servers:
        server.stop()


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server process for a whole module (its tests each make their own games)."""
    directory = tmp_path_factory.mktemp("live")
    server = ServerProcess(fresh_database_url(directory), directory / "server.log").start()
    yield server
    server.stop()


# ---- playing and checking --------------------------------------------------------------


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def invite_keys(created: dict[str, Any]) -> dict[int, str]:
    """Each human seat's invite key, from the answer to creating a game."""
    return {i["seat"]: i["key"] for i in created["invites"]}


def new_game(
    http: httpx.Client,
    kind: str,
    num_seats: int,
    bots: tuple[int, ...] = (),
    names: Sequence[str] | None = None,
    **options: Any,
) -> tuple[str, dict[int, str]]:
    """Create a game, join every human seat (as ``names[seat]``, else "P<seat>"); returns the
    id and the seats' tokens."""
    seats = [{"bot": i in bots} for i in range(num_seats)]
    r = http.post(
        "/api/games",
        json={"kind": kind, "num_seats": num_seats, "seats": seats, "options": options},
    )
    assert r.status_code == 201, r.text
    game_id = r.json()["id"]
    keys = invite_keys(r.json())
    tokens = {}
    for seat in range(num_seats):
        if seat in bots:
            continue
        r = http.post(
            f"/api/games/{game_id}/seats/{seat}/join",
            json={"name": names[seat] if names else f"P{seat}", "key": keys[seat]},
        )
        assert r.status_code == 201, r.text
        tokens[seat] = r.json()["token"]
    return game_id, tokens


def jsonable(value: Any) -> Any:
    """What ``value`` looks like after a trip through JSON (tuples → lists, int keys → str)."""
    return json.loads(json.dumps(value))


@dataclass
class Replay:
    """A game rebuilt by the engine from the database: ``states[v]`` is the state at version v,
    ``events[v - 1]`` what action v caused."""

    kind: str
    num_seats: int
    states: list[State] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)

    @property
    def version(self) -> int:
        return len(self.events)

    def view(self, version: int, seat: int | None) -> Any:
        return jsonable(self.states[version].view(seat))

    def legal(self, version: int, seat: int) -> list[Any]:
        return jsonable(
            [a.model_dump(mode="json") for a in self.states[version].legal_actions(seat)]
        )

    def events_between(self, seat: int | None, after: int, upto: int) -> list[Any]:
        """Events of actions after..upto as ``seat`` sees them when the game is at ``upto``."""
        reveal = self.states[upto].is_over
        return jsonable(
            [e.view(seat, reveal=reveal) for batch in self.events[after:upto] for e in batch]
        )


def replay(db: Engine, game_id: str) -> Replay:
    with db.connect() as conn:
        game = conn.execute(select(GameRow).where(GameRow.id == game_id)).one()
        rows = conn.execute(
            select(ActionRow.seq, ActionRow.seat, ActionRow.action)
            .where(ActionRow.game_id == game_id)
            .order_by(ActionRow.seq)
        ).all()
    assert [r.seq for r in rows] == list(range(1, len(rows) + 1)), "the log has a gap"
    assert len(rows) == game.version
    state = engines.get(game.kind).new(game.num_seats, engine_seed(game), game.options)
    out = Replay(game.kind, game.num_seats, [state.clone()])
    for row in rows:
        out.events.append(apply_entry(state, row.seat, row.action))
        out.states.append(state.clone())
    return out


def next_move(
    http: httpx.Client, game_id: str, tokens: dict[int, str]
) -> tuple[int, dict[str, Any]]:
    """The seat the game waits for (the first, if several) and its first legal action, as
    that seat's token is told them."""
    seat = http.get(f"/api/games/{game_id}/view").json()["view"]["to_act"][0]
    legal = http.get(f"/api/games/{game_id}/legal-actions", headers=bearer(tokens[seat]))
    return seat, legal.json()["actions"][0]["action"]


@pytest.fixture
def rng(request: pytest.FixtureRequest) -> random.Random:
    """Seeded per test, so a failing random play-through can be repeated."""
    return random.Random(request.node.nodeid)


@pytest.fixture(scope="session")
def kit() -> Any:
    """The helpers above, for test modules (which cannot import conftest reliably)."""
    from types import SimpleNamespace

    return SimpleNamespace(
        new_game=new_game,
        next_move=next_move,
        replay=replay,
        bearer=bearer,
        jsonable=jsonable,
        kinds=KINDS,
        invite_keys=invite_keys,
    )


def pytest_configure(config: pytest.Config) -> None:
    # Starlette 1.x nags that its TestClient will move to httpx2; httpx is what we test with.
    config.addinivalue_line("filterwarnings", "ignore:.*httpx2.*")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """``kind``: every game kind; ``kind_seats``: every kind with 2 to its maximum seats
    (for the server suites only; other directories keep these names to themselves)."""
    if metafunc.definition.path.parent.name not in ("api", "ws"):
        return
    if "kind_seats" in metafunc.fixturenames:
        cases = seat_counts()
        metafunc.parametrize("kind_seats", cases, ids=[f"{k}-{n}" for k, n in cases])
    elif "kind" in metafunc.fixturenames:
        metafunc.parametrize("kind", KINDS)
