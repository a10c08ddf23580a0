"""Time controls through the API: chosen at creation (``time_control``), shown in every
view and summary (``clock``), enforced by the server's clock poller.

Correspondence: when a seat's time per move runs out, the server's bot plays that one move
for it and the clock restarts for whoever acts next. Live: when a seat's time runs out the
bot takes the seat over (``stand_in`` "timeout") until its player acts again or posts
``.../back``. Clocks here are seconds long (``clock_min_seconds=1``, the testing setting);
the tests wait for what the server does with a bounded poll, never a fixed sleep.

Die Dolmengötter with two seats, seat 0 first: one action per turn, turns alternate.
"""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import func, select

from app.db.models import ActionRow, GameRow
from tests.conftest import settings_for
from tests.support.waiting import wait_for

KIND = "dolmengoetter"


def make_client(database_url: str, **overrides: Any):
    from fastapi.testclient import TestClient

    from app.main import create_app

    settings = settings_for(database_url, clock_min_seconds=1, clock_poll_seconds=0.1).model_copy(
        update=overrides
    )
    return TestClient(create_app(settings))


@pytest.fixture
def client(database_url: str):
    with make_client(database_url) as c:
        yield c


def create(client, time_control: Any, bots: tuple[int, ...] = ()) -> Any:
    body: dict[str, Any] = {
        "kind": KIND,
        "num_seats": 2,
        "seats": [{"bot": i in bots} for i in range(2)],
        "options": {"start_player": 0},
    }
    if time_control is not None:
        body["time_control"] = time_control
    return client.post("/api/games", json=body)


def start(client, kit, time_control: Any, bots: tuple[int, ...] = ()) -> tuple[str, dict]:
    r = create(client, time_control, bots)
    assert r.status_code == 201, r.text
    game_id, tokens = r.json()["id"], {}
    for seat, key in kit.invite_keys(r.json()).items():
        j = client.post(f"/api/games/{game_id}/seats/{seat}/join", json={"name": "P", "key": key})
        assert j.status_code == 201, j.text
        tokens[seat] = j.json()["token"]
    return game_id, tokens


def view(client, kit, game_id: str, token: str | None = None) -> dict[str, Any]:
    headers = kit.bearer(token) if token else {}
    r = client.get(f"/api/games/{game_id}/view", headers=headers)
    assert r.status_code == 200, r.text
    return r.json()


def play_first(client, kit, game_id: str, token: str) -> dict[str, Any]:
    legal = client.get(f"/api/games/{game_id}/legal-actions", headers=kit.bearer(token)).json()
    r = client.post(
        f"/api/games/{game_id}/actions",
        headers=kit.bearer(token),
        json={"version": legal["version"], "action": legal["actions"][0]["action"]},
    )
    assert r.status_code == 200, r.text
    return r.json()


def action_seats(db, game_id: str) -> list[int]:
    with db.connect() as conn:
        return list(
            conn.scalars(
                select(ActionRow.seat).where(ActionRow.game_id == game_id).order_by(ActionRow.seq)
            )
        )


def game_count(db) -> int:
    with db.connect() as conn:
        return conn.scalar(select(func.count()).select_from(GameRow)) or 0


@pytest.mark.parametrize(
    ("time_control", "code"),
    [
        ({"type": "correspondence", "hours": 0}, "bad_request"),
        ({"type": "correspondence", "hours": 721}, "bad_request"),
        ({"type": "correspondence"}, "bad_request"),
        ({"type": "correspondence", "hours": 2, "seconds": 7200}, "bad_request"),
        ({"type": "live", "minutes": 0, "increment": 0}, "bad_request"),
        ({"type": "live", "minutes": 181, "increment": 0}, "bad_request"),
        ({"type": "live", "minutes": 5, "increment": 61}, "bad_request"),
        ({"type": "live", "minutes": 5, "increment": -1}, "bad_request"),
        ({"type": "blitz", "minutes": 5}, "bad_request"),
        ({"type": "correspondence", "seconds": 1}, "bad_time_control"),
        ({"type": "live", "seconds": 2, "increment": 0}, "bad_time_control"),
    ],
)
def test_a_clock_setting_out_of_range_is_refused_and_nothing_is_created(
    database_url, db, time_control, code
):
    # This server takes clocks given in seconds only from 3 seconds on.
    with make_client(database_url, clock_min_seconds=3) as client:
        r = create(client, time_control)
        assert r.status_code == (422 if code == "bad_time_control" else 400), r.text
        error = r.json()["error"]
        assert error["code"] == code
        assert "time_control" in error["message"]
        assert game_count(db) == 0
        # The same server takes the settings in range.
        assert create(client, {"type": "correspondence", "hours": 720}).status_code == 201
        assert create(client, {"type": "live", "minutes": 180, "increment": 60}).status_code == 201
        assert create(client, {"type": "correspondence", "seconds": 3}).status_code == 201


def test_no_time_control_is_the_default_and_shows_no_clock(client, kit):
    game_id, tokens = start(client, kit, None)
    assert view(client, kit, game_id, tokens[0])["clock"] == {
        "type": "none",
        "running": [],
        "deadline": None,
    }
    assert client.get(f"/api/games/{game_id}").json()["clock"]["type"] == "none"


def test_a_correspondence_clock_runs_only_for_the_seat_to_act_from_the_start(client, kit):
    r = create(client, {"type": "correspondence", "hours": 24})
    game_id, keys = r.json()["id"], kit.invite_keys(r.json())
    assert r.json()["clock"]["running"] == [] and r.json()["clock"]["deadline"] is None
    client.post(f"/api/games/{game_id}/seats/0/join", json={"name": "A", "key": keys[0]})
    assert view(client, kit, game_id)["clock"]["deadline"] is None  # not started yet
    token = client.post(
        f"/api/games/{game_id}/seats/1/join", json={"name": "B", "key": keys[1]}
    ).json()["token"]
    clock = view(client, kit, game_id, token)["clock"]
    assert clock["type"] == "correspondence" and clock["per_move_ms"] == 24 * 3600 * 1000
    assert clock["running"] == [0]
    assert clock["deadline"] == clock["deadlines"][0] and clock["deadlines"][1] is None


def test_a_correspondence_expiry_makes_the_bot_play_that_one_move(client, kit, db):
    game_id, tokens = start(client, kit, {"type": "correspondence", "seconds": 1})
    # Seat 0's second runs out: the bot plays its move, then seat 1's clock runs.
    wait_for(lambda: view(client, kit, game_id)["version"] >= 1, "the bot's move for seat 0")
    assert action_seats(db, game_id)[:1] == [0]
    state = view(client, kit, game_id, tokens[0])
    assert state["seats"][0]["stand_in"] is None  # one move, not the seat
    assert 1 in state["clock"]["running"] or state["version"] > 1
    # Nobody answers: each expiry gives exactly one bot move, seat after seat.
    wait_for(lambda: view(client, kit, game_id)["version"] >= 3, "two more expiries")
    log = client.get(f"/api/games/{game_id}/log").json()
    done = log["version"]
    expired = [e for e in log["table_events"] if e["type"] == "clock_expired"]
    assert [e["version"] for e in expired if e["version"] < done] == list(range(done))
    assert [e["seat"] for e in expired if e["version"] < done] == [v % 2 for v in range(done)]
    assert action_seats(db, game_id)[:done] == [v % 2 for v in range(done)]


def test_a_live_timeout_hands_the_seat_to_the_bot_until_its_player_acts(database_url, kit, db):
    # The stand-in waits a while before moving, so the player can come back first.
    with make_client(database_url, bot_delay=30) as client:
        game_id, tokens = start(client, kit, {"type": "live", "seconds": 1, "increment": 0})
        clock = view(client, kit, game_id)["clock"]
        assert clock["type"] == "live" and clock["remaining_ms"] == [1000, 1000]
        assert clock["running"] == [0]
        # Nothing to take back yet.
        r = client.post(f"/api/games/{game_id}/seats/0/back", headers=kit.bearer(tokens[0]))
        assert r.status_code == 409 and r.json()["error"]["code"] == "not_stood_in"

        def timed_out() -> dict[str, Any] | None:
            state = view(client, kit, game_id)
            return state if state["seats"][0]["stand_in"] == "timeout" else None

        state = wait_for(timed_out, "seat 0's flag to fall")
        assert state["clock"]["remaining_ms"][0] == 0
        assert state["clock"]["running"] == []  # the bot's move is not timed
        assert state["version"] == 0
        log = client.get(f"/api/games/{game_id}/log").json()
        assert {"type": "seat_timeout", "seat": 0, "version": 0} in log["table_events"]
        # The player acts again: accepted, and the seat is theirs again.
        play_first(client, kit, game_id, tokens[0])
        state = view(client, kit, game_id)
        assert state["seats"][0]["stand_in"] is None
        assert state["clock"]["running"] == [1]
        assert state["clock"]["remaining_ms"][0] >= 1000  # given time again to play on
        log = client.get(f"/api/games/{game_id}/log").json()
        assert {"type": "seat_back", "seat": 0, "version": 1} in log["table_events"]
        assert action_seats(db, game_id) == [0]


def test_a_live_seat_is_taken_back_before_its_turn_with_back(database_url, kit, db):
    with make_client(database_url, bot_delay=30) as client:
        game_id, tokens = start(client, kit, {"type": "live", "seconds": 1, "increment": 0})
        wait_for(
            lambda: view(client, kit, game_id)["seats"][0]["stand_in"] == "timeout",
            "seat 0's flag to fall",
        )
        other = client.post(f"/api/games/{game_id}/seats/0/back", headers=kit.bearer(tokens[1]))
        assert other.status_code == 403 and other.json()["error"]["code"] == "forbidden"
        r = client.post(f"/api/games/{game_id}/seats/0/back", headers=kit.bearer(tokens[0]))
        assert r.status_code == 200, r.text
        assert r.json()["seats"][0]["stand_in"] is None
        assert r.json()["clock"]["running"] == [0]
        assert r.json()["clock"]["remaining_ms"][0] == 1000
        assert action_seats(db, game_id) == []


def test_undo_gives_the_clock_back_to_the_seat_that_takes_back(client, kit, db):
    game_id, tokens = start(client, kit, {"type": "live", "minutes": 1, "increment": 10})
    before = view(client, kit, game_id)["clock"]
    assert before["running"] == [0]
    applied = play_first(client, kit, game_id, tokens[0])
    after = view(client, kit, game_id)["clock"]
    assert after["running"] == [1]
    assert after["remaining_ms"][0] > 60_000  # the increment, less the time it took
    with db.connect() as conn:
        deadline_moving = conn.scalar(select(GameRow.deadline).where(GameRow.id == game_id))
    r = client.post(
        f"/api/games/{game_id}/undo",
        headers=kit.bearer(tokens[0]),
        json={"version": applied["version"]},
    )
    assert r.status_code == 200, r.text
    undone = view(client, kit, game_id)["clock"]
    assert undone["running"] == [0]
    assert undone["remaining_ms"][0] <= 60_000  # the increment is taken back too
    assert undone["remaining_ms"][1] <= 60_000
    with db.connect() as conn:
        deadline_undone = conn.scalar(select(GameRow.deadline).where(GameRow.id == game_id))
    assert deadline_undone is not None and deadline_undone != deadline_moving
