"""Nudges in tests: the nudge runner's clock moved by hand, a sender that records what it is
given instead of sending, and accounts a nudge reaches (``nudged_account``: a webhook
switched on, so ``emit`` records a row; tests/support/accounts.py has the rest).

The app's own runner polls once an hour here: a test calls ``Nudging.tick(at)``, which sets
the runner's clock ``at`` seconds ahead of now and runs one poll.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select

from app.core.config import Settings
from app.db.models import DeliveryRow, utcnow
from app.main import create_app
from app.services.nudges.delivery import Recipient
from app.services.nudges.runner import NudgeRunner
from app.services.nudges.texts import Message
from tests.support.accounts import make_account
from tests.support.play import auth

HOOK = "https://hooks.example.org/secret-part-of-the-url"


@dataclass
class Recorder:
    """A sender: keeps what it is given; raises the exceptions in ``failures`` first."""

    sent: list[tuple[str, Recipient, Message]] = field(default_factory=list)
    failures: list[Exception] = field(default_factory=list)

    def __call__(self, channel: str, recipient: Recipient, message: Message) -> None:
        if self.failures:
            raise self.failures.pop(0)
        self.sent.append((channel, recipient, message))

    def messages(self, kind: str | None = None, to: int | None = None) -> list[Message]:
        return [
            m
            for _, r, m in self.sent
            if (kind is None or m.kind == kind) and (to is None or r.account_id == to)
        ]


@dataclass
class Shift:
    """The runner's clock: now, ``by`` ahead."""

    by: timedelta = timedelta(0)

    def __call__(self) -> datetime:
        return utcnow() + self.by


def nudged_account(db: Engine, name: str, language: str = "en", **notify: Any) -> int:
    """An account with a webhook switched on (and ``notify``'s other choices)."""
    return make_account(db, name, language=language, notify={"webhook_url": HOOK, **notify})


@dataclass
class Nudging:
    client: TestClient
    runner: NudgeRunner
    sender: Recorder
    clock: Shift
    db: Engine
    hosts: dict[str, str] = field(default_factory=dict)
    """Game -> its host token, for the games ``game`` made."""

    def tick(self, at: float = 0) -> int:
        """One poll of the runner with its clock ``at`` seconds ahead of now."""
        self.clock.by = timedelta(seconds=at)
        return self.runner.tick()

    def rows(self, kind: str | None = None) -> list[Any]:
        with self.db.connect() as conn:
            rows = conn.execute(select(DeliveryRow).order_by(DeliveryRow.id)).all()
        return [r for r in rows if kind is None or r.event["kind"] == kind]

    # ---- playing ------------------------------------------------------------------------

    def game(
        self, seats: int = 2, *, time_control: dict[str, Any] | None = None
    ) -> tuple[str, dict[int, str]]:
        """Die Dolmengötter, seat 0 first, every seat joined as P<seat>."""
        body: dict[str, Any] = {
            "kind": "dolmengoetter",
            "num_seats": seats,
            "options": {"start_player": 0},
        }
        if time_control is not None:
            body["time_control"] = time_control
        r = self.client.post("/api/games", json=body)
        assert r.status_code == 201, r.text
        game_id = r.json()["id"]
        self.hosts[game_id] = r.json()["host_token"]
        tokens = {}
        for invite in r.json()["invites"]:
            seat = invite["seat"]
            j = self.client.post(
                f"/api/games/{game_id}/seats/{seat}/join",
                json={"name": f"P{seat}", "key": invite["key"]},
            )
            assert j.status_code == 201, j.text
            tokens[seat] = j.json()["token"]
        return game_id, tokens

    def to_act(self, game_id: str) -> list[int]:
        return list(self.client.get(f"/api/games/{game_id}/view").json()["view"]["to_act"])

    def move(self, game_id: str, tokens: dict[int, str]) -> int:
        """The seat to act plays its first legal action; returns that seat."""
        seat = self.to_act(game_id)[0]
        legal = self.client.get(
            f"/api/games/{game_id}/legal-actions", headers=auth(tokens[seat])
        ).json()
        r = self.client.post(
            f"/api/games/{game_id}/actions",
            headers=auth(tokens[seat]),
            json={"version": legal["version"], "action": legal["actions"][0]["action"]},
        )
        assert r.status_code == 200, r.text
        return seat

    def pass_turn(self, game_id: str, tokens: dict[int, str], to: int) -> None:
        """Play until the game waits for seat ``to`` (after someone else's move)."""
        for _ in range(50):
            self.move(game_id, tokens)
            if self.to_act(game_id) == [to]:
                return
        raise AssertionError(f"the turn never passed to seat {to}")


@pytest.fixture
def nudging(database_url: str, db: Engine) -> Iterator[Nudging]:
    settings = Settings(database_url=database_url, bot_delay=0, nudge_poll_seconds=3600)
    app = create_app(settings)
    runner: NudgeRunner = app.state.nudges
    sender, clock = Recorder(), Shift()
    runner.deliveries.send = sender
    runner.now = clock
    with TestClient(app) as client:
        yield Nudging(client, runner, sender, clock, db)
