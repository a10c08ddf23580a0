"""Server-side bots play their seats and see exactly what a remote bot would: the seat's
view and its legal actions, never the state."""

from __future__ import annotations

import time

import engines
from bots.policies import random_policy


def wait_until_over(client, game_id: str, seconds: float = 60) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        summary = client.get(f"/api/games/{game_id}").json()
        if summary["status"] == "over":
            return summary
        time.sleep(0.05)
    raise AssertionError(f"game {game_id} did not end: {summary}")


def test_a_game_of_bots_plays_itself_to_the_end(client, db, kit, kind):
    n = engines.get(kind).max_players
    r = client.post("/api/games", json={"kind": kind, "num_seats": n, "seats": [{"bot": True}] * n})
    assert r.status_code == 201 and r.json()["status"] == "running"
    summary = wait_until_over(client, r.json()["id"])
    game = kit.replay(db, summary["id"])
    assert game.states[-1].is_over and summary["version"] == game.version
    result = client.get(f"/api/games/{summary['id']}/result").json()
    assert result["scores"] == game.states[-1].scores()


def test_bots_fill_seats_next_to_a_human(client, kit, kind, rng):
    r = client.post(
        "/api/games",
        json={
            "kind": kind,
            "num_seats": 3,
            "seats": [{"bot": True}, {"bot": False}, {"bot": True}],
        },
    )
    game_id = r.json()["id"]
    assert r.json()["status"] == "open"
    assert [s["joined"] for s in r.json()["seats"]] == [True, False, True]
    key = kit.invite_keys(r.json())[1]
    joined = client.post(f"/api/games/{game_id}/seats/1/join", json={"name": "Ann", "key": key})
    token = joined.json()["token"]
    moves = 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        state = client.get(f"/api/games/{game_id}/view", headers=kit.bearer(token)).json()
        if state["status"] == "over":
            break
        if state["legal_actions"]:
            action = rng.choice(state["legal_actions"])["action"]
            r = client.post(
                f"/api/games/{game_id}/actions",
                headers=kit.bearer(token),
                json={"version": state["version"], "action": action},
            )
            moves += r.status_code == 200
        else:
            time.sleep(0.005)
    assert state["status"] == "over" and moves > 0
    assert state["version"] > moves  # the bots moved too


def test_a_bot_policy_is_given_its_seats_view_and_legal_actions_only(client, db, kit, kind):
    seen = []

    def recording_policy(view, legal, rng):
        seen.append((view, legal))
        return random_policy(view, legal, rng)

    client.app.state.bots.policy = recording_policy
    r = client.post(
        "/api/games", json={"kind": kind, "num_seats": 2, "seats": [{"bot": True}, {"bot": True}]}
    )
    game_id = r.json()["id"]
    wait_until_over(client, game_id)
    game = kit.replay(db, game_id)
    assert len(seen) == game.version
    for version, (view, legal) in enumerate(seen):
        seat = view["seat"]
        assert kit.jsonable(view) == game.view(version, seat)
        assert [a["action"] for a in legal] == game.legal(version, seat)
