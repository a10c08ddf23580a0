"""Contributions are committed at the join and revealed only once every seat has committed
(issue 36, finding 7; docs/API.md "Fair draws").

Whoever runs the server knows its seed. Were contributions public at the join, an operator
who also plays could join last, try contributions offline until the draws suit them, and
join with that one. With commit, then reveal, every seat fixes its contribution before
anyone's is known, so nobody (the operator included) can aim; the only choice left to a
seat is to withhold its reveal, which the deadline turns into a public, two-way choice.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

import engines
from app.db.models import GameRow, SeatRow
from app.main import create_app
from app.services.clocks import ClockRunner
from engines.core import fairness
from tests.conftest import settings_for
from tests.support.fair import join_all, join_committed, reveal
from tests.support.play import auth

REVEAL_SECONDS = 90


class FakeClock:
    """The service's clock for the reveal deadline, moved by hand."""

    def __init__(self) -> None:
        self.at = datetime(2026, 12, 4, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.at


def create(http: Any, kind: str, num_seats: int = 2) -> dict[str, Any]:
    r = http.post("/api/games", json={"kind": kind, "num_seats": num_seats})
    assert r.status_code == 201, r.text
    return r.json()


def key(created: dict[str, Any], seat: int) -> str:
    return {i["seat"]: i["key"] for i in created["invites"]}[seat]


def rows(db: Any, game_id: str) -> tuple[Any, list[Any]]:
    with db.connect() as conn:
        game = conn.execute(select(GameRow.__table__).where(GameRow.id == game_id)).one()
        seats = conn.execute(
            select(SeatRow.__table__).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
        ).all()
    return game, seats


def test_an_operator_who_knows_the_server_seed_and_joins_last_cannot_choose_the_draws(
    client, db, kind
) -> None:
    created = create(client, kind)
    game_id, game = created["id"], engines.get(kind)
    # The honest player joins first, as the browser does: a secret contribution, committed.
    honest = secrets.token_hex(16)
    honest_token = join_committed(
        client, game_id, 0, honest, name="Honest", key=key(created, 0)
    ).json()["token"]

    # The operator reads everything the database holds and tries contributions offline
    # until the game it predicts lets it (seat 1) move first.
    row, seats = rows(db, game_id)
    server_seed = bytes.fromhex(row.server_seed)
    known = [s.contribution for s in seats]
    chosen = predicted = None
    for attempt in range(3000):
        candidate = f"grind{attempt}"
        contributions = [*known[:1], candidate]
        seed = fairness.game_seed(server_seed, contributions)
        if game.new(2, seed, created["options"]).to_act() == [1]:
            chosen, predicted = candidate, fairness.game_seed_bytes(server_seed, contributions)
            break
    assert chosen is not None and predicted is not None

    # It joins last with its choice: in the clear if the server takes that (it no longer
    # does), else committed and revealed like everyone.
    clear = client.post(
        f"/api/games/{game_id}/seats/1/join",
        json={"name": "Operator", "key": key(created, 1), "contribution": chosen},
    )
    if clear.status_code == 201:
        operator_token = clear.json()["token"]
    else:
        assert clear.status_code == 400 and clear.json()["error"]["code"] == "bad_request"
        operator_token = join_committed(
            client, game_id, 1, chosen, name="Operator", key=key(created, 1)
        ).json()["token"]
        assert reveal(client, game_id, 1, operator_token, chosen).status_code == 200
        assert reveal(client, game_id, 0, honest_token, honest).status_code == 200

    row, _ = rows(db, game_id)
    assert row.status == "running"
    # The draws are not the ones the operator picked: they depend on the honest secret it
    # could not know when it fixed its own contribution.
    assert row.game_seed != predicted.hex()
    assert row.game_seed == fairness.game_seed_bytes(server_seed, [honest, chosen]).hex()


def test_a_contribution_in_the_clear_is_refused_and_changes_nothing(client, db, kind) -> None:
    created = create(client, kind)
    before = rows(db, created["id"])
    r = client.post(
        f"/api/games/{created['id']}/seats/0/join",
        json={"name": "Old client", "key": key(created, 0), "contribution": "abc"},
    )
    assert r.status_code == 400
    assert r.json()["error"]["code"] == "bad_request"
    assert "commitment" in r.json()["error"]["message"]
    assert rows(db, created["id"]) == before


def test_nobody_reveals_before_every_seat_has_committed(client, kind) -> None:
    created = create(client, kind, 3)
    game_id = created["id"]
    token = join_committed(client, game_id, 0, "mine", name="A", key=key(created, 0))
    r = reveal(client, game_id, 0, token.json()["token"], "mine")
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_revealing"
    summary = client.get(f"/api/games/{game_id}").json()
    assert summary["fairness"]["contributions"] == [None, None, None]
    assert summary["reveal"] is None


def test_the_seats_reveal_after_the_last_join_and_the_last_reveal_starts_the_game(
    database_url, db, kind
) -> None:
    clock = FakeClock()
    settings = settings_for(database_url, reveal_seconds=REVEAL_SECONDS)
    with TestClient(create_app(settings)) as client:
        client.app.state.service.now = clock
        created = create(client, kind, 3)
        game_id = created["id"]
        tokens = {}
        for seat, contribution in ((0, "a0"), (1, None), (2, "c2")):
            r = join_committed(
                client, game_id, seat, contribution, name=f"P{seat}", key=key(created, seat)
            )
            tokens[seat] = r.json()["token"]
        # Every seat is taken: the game waits for the two that committed.
        summary = client.get(f"/api/games/{game_id}").json()
        assert summary["status"] == "open"
        deadline = clock.at + timedelta(seconds=REVEAL_SECONDS)
        assert summary["reveal"]["waiting"] == [0, 2]
        assert datetime.fromisoformat(summary["reveal"]["deadline"]) == deadline
        state = client.get(f"/api/games/{game_id}/view", headers=auth(tokens[0])).json()
        assert state["reveal"] == summary["reveal"]
        assert state["legal_actions"] == []

        # A wrong contribution, or another seat's token: refused, nothing changes.
        wrong = reveal(client, game_id, 0, tokens[0], "not-a0")
        assert wrong.status_code == 409 and wrong.json()["error"]["code"] == "reveal_mismatch"
        other = reveal(client, game_id, 0, tokens[2], "a0")
        assert other.status_code == 403
        nothing = reveal(client, game_id, 1, tokens[1], "x")
        assert nothing.status_code == 409
        assert nothing.json()["error"]["code"] == "nothing_to_reveal"
        # Nobody can swap a seat while the contributions are revealed.
        release = client.post(f"/api/games/{game_id}/seats/2/release", headers=auth(tokens[2]))
        assert release.status_code == 409 and release.json()["error"]["code"] == "revealing"

        first = reveal(client, game_id, 0, tokens[0], "a0").json()
        assert first["status"] == "open" and first["reveal"]["waiting"] == [2]
        assert first["fairness"]["contributions"] == ["a0", None, None]
        clock.at = deadline - timedelta(seconds=1)
        started = reveal(client, game_id, 2, tokens[2], "c2").json()
        assert started["status"] == "running" and started["reveal"] is None
        row, _ = rows(db, game_id)
        server_seed = bytes.fromhex(row.server_seed)
        assert row.game_seed == fairness.game_seed_bytes(server_seed, ["a0", None, "c2"]).hex()
        # Revealing again changes nothing.
        assert reveal(client, game_id, 2, tokens[2], "c2").status_code == 200
        assert rows(db, game_id)[0] == row


def test_a_seat_that_never_reveals_counts_as_having_no_contribution(database_url, db, kind) -> None:
    clock = FakeClock()
    settings = settings_for(database_url, reveal_seconds=REVEAL_SECONDS)
    with TestClient(create_app(settings)) as client:
        service = client.app.state.service
        service.now = clock
        runner = ClockRunner(service.clocks, lambda *_: None, poll_seconds=1.0)
        created = create(client, kind)
        game_id = created["id"]
        tokens = {
            seat: join_committed(
                client, game_id, seat, f"s{seat}", name=f"P{seat}", key=key(created, seat)
            ).json()["token"]
            for seat in (0, 1)
        }
        assert reveal(client, game_id, 0, tokens[0], "s0").status_code == 200
        # Seat 1 has seen seat 0's contribution and withholds its own.
        clock.at += timedelta(seconds=REVEAL_SECONDS - 1)
        runner.tick()
        assert client.get(f"/api/games/{game_id}").json()["status"] == "open"

        clock.at += timedelta(seconds=1)
        runner.tick()  # the clock poll of every server process applies the rule
        summary = client.get(f"/api/games/{game_id}").json()
        assert summary["status"] == "running"
        assert summary["fairness"]["contributions"] == ["s0", None]
        row, _ = rows(db, game_id)
        server_seed = bytes.fromhex(row.server_seed)
        assert row.game_seed == fairness.game_seed_bytes(server_seed, ["s0", None]).hex()
        # Everyone is told, and the late reveal is refused.
        log = client.get(f"/api/games/{game_id}/log").json()
        assert {"version": 0, "type": "reveal_missed", "seats": [1]} in log["table_events"]
        late = reveal(client, game_id, 1, tokens[1], "s1")
        assert late.status_code == 409 and late.json()["error"]["code"] == "reveal_closed"
        assert rows(db, game_id)[0] == row
        # Withholding gave seat 1 a choice between two seeds, no more: this one, or the one
        # with its committed contribution.
        assert row.game_seed in {
            fairness.game_seed_bytes(server_seed, ["s0", None]).hex(),
            fairness.game_seed_bytes(server_seed, ["s0", "s1"]).hex(),
        }


def test_a_reveal_after_the_deadline_is_refused_before_the_poll_runs(
    database_url, db, kind
) -> None:
    clock = FakeClock()
    settings = settings_for(database_url, reveal_seconds=REVEAL_SECONDS)
    with TestClient(create_app(settings)) as client:
        client.app.state.service.now = clock
        created = create(client, kind)
        tokens = join_all(client, created, {0: None})
        tokens[1] = join_committed(
            client, created["id"], 1, "late", name="P1", key=key(created, 1)
        ).json()["token"]
        clock.at += timedelta(seconds=REVEAL_SECONDS)
        r = reveal(client, created["id"], 1, tokens[1], "late")
        assert r.status_code == 409 and r.json()["error"]["code"] == "reveal_closed"
        assert client.get(f"/api/games/{created['id']}").json()["fairness"]["contributions"] == [
            None,
            None,
        ]


def test_a_game_abandoned_while_its_seats_reveal_never_starts(database_url, kind) -> None:
    clock = FakeClock()
    settings = settings_for(database_url, reveal_seconds=REVEAL_SECONDS)
    with TestClient(create_app(settings)) as client:
        service = client.app.state.service
        service.now = clock
        created = create(client, kind)
        game_id = created["id"]
        tokens = {
            seat: join_committed(
                client, game_id, seat, f"s{seat}", name=f"P{seat}", key=key(created, seat)
            ).json()["token"]
            for seat in (0, 1)
        }
        r = client.post(f"/api/games/{game_id}/abandon", headers=auth(created["host_token"]))
        assert r.status_code == 200, r.text
        assert r.json()["reveal"] is None
        clock.at += timedelta(seconds=REVEAL_SECONDS)
        assert service.expire_reveals() == []
        late = reveal(client, game_id, 0, tokens[0], "s0")
        assert late.status_code == 409 and late.json()["error"]["code"] == "game_abandoned"
        assert client.get(f"/api/games/{game_id}").json()["status"] == "abandoned"
