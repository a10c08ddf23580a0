"""Fair draws with account seats (docs/API.md "Fair draws"): the token a second device
takes up is the seat's, so it reveals like the first; a contribution lives only in the
browser that committed to it, so a device that lacks it cannot reveal, and the
``REVEAL_SECONDS`` rule starts the game without it. A claim in the middle of the reveal
keeps the seat's commitment: the rotated token reveals."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient

from app.main import create_app
from app.services.clocks import ClockRunner
from engines.core import fairness
from tests.conftest import settings_for
from tests.support.accounts import account_with_cookie, sign_in, signed_in
from tests.support.fair import reveal

KIND = "dolmengoetter"
REVEAL_SECONDS = 60


class FakeClock:
    def __init__(self) -> None:
        self.at = datetime(2026, 12, 4, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.at


def revealing_table(client: Any, anna: str) -> tuple[str, dict[int, str]]:
    """Anna (signed in) at seat 0, Bert (anonymous) at seat 1, both committed: the seats
    reveal now."""
    r = client.post("/api/games", json={"kind": KIND, "num_seats": 2})
    game = r.json()
    keys = {i["seat"]: i["key"] for i in game["invites"]}
    tokens = {}
    for seat, name, cookie in ((0, "Anna", anna), (1, "Bert", None)):
        headers = signed_in(cookie) if cookie else {}
        joined = client.post(
            f"/api/games/{game['id']}/seats/{seat}/join",
            json={"name": name, "key": keys[seat], "commitment": _commit(f"c{seat}")},
            headers=headers,
        )
        assert joined.status_code == 201, joined.text
        tokens[seat] = joined.json()["token"]
    assert client.get(f"/api/games/{game['id']}").json()["reveal"] is not None
    return game["id"], tokens


def _commit(contribution: str) -> str:
    return fairness.seat_commitment(contribution)


def test_a_second_device_reveals_with_the_seat_s_token(client) -> None:
    anna, laptop = account_with_cookie(client, "Anna")
    game_id, tokens = revealing_table(client, laptop)
    phone = sign_in(client, anna)
    taken = client.post(f"/api/me/games/{game_id}/access", headers=signed_in(phone)).json()
    assert taken == {"seat": 0, "token": tokens[0]}
    # Bert claims his seat mid-reveal (he signed up meanwhile): his commitment stays.
    _, bert = account_with_cookie(client, "Bert")
    claimed = client.post(
        "/api/me/claim", json={"game_id": game_id, "token": tokens[1]}, headers=signed_in(bert)
    ).json()
    assert reveal(client, game_id, 1, claimed["token"], "c1").status_code == 200
    # The phone, given the contribution, reveals with the token it took up.
    done = reveal(client, game_id, 0, taken["token"], "c0")
    assert done.status_code == 200, done.text
    summary = client.get(f"/api/games/{game_id}").json()
    assert summary["status"] == "running"
    assert summary["fairness"]["contributions"] == ["c0", "c1"]


def test_a_device_without_the_contribution_leaves_it_to_the_deadline(database_url) -> None:
    clock = FakeClock()
    with TestClient(
        create_app(settings_for(database_url, reveal_seconds=REVEAL_SECONDS))
    ) as client:
        service = client.app.state.service
        service.now = clock
        runner = ClockRunner(service.clocks, lambda *_: None, poll_seconds=1.0)
        anna, laptop = account_with_cookie(client, "Anna")
        game_id, tokens = revealing_table(client, laptop)
        assert reveal(client, game_id, 1, tokens[1], "c1").status_code == 200
        phone = sign_in(client, anna)
        taken = client.post(f"/api/me/games/{game_id}/access", headers=signed_in(phone)).json()
        # The phone's page never had the contribution: whatever it sends does not match.
        mismatch = reveal(client, game_id, 0, taken["token"], "guess")
        assert mismatch.status_code == 409 and mismatch.json()["error"]["code"] == "reveal_mismatch"
        clock.at += timedelta(seconds=REVEAL_SECONDS)
        runner.tick()
        summary = client.get(f"/api/games/{game_id}").json()
        assert summary["status"] == "running"
        assert summary["fairness"]["contributions"] == [None, "c1"]
        [entry] = client.get("/api/me/games", headers=signed_in(phone)).json()["games"]
        assert entry["status"] == "running" and entry["your_turn"] == (0 in summary["to_act"])
