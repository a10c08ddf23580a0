"""POSTed moves take the lane past FastAPI's routing and dependencies (app/api/lane.py,
issue 16), and every answer stays the route's own.

The lane answers a move itself only when the game is held in this process, the token is
one this process has checked and the body is JSON the schema accepts. Everything else goes
to the router. Refusals from the lane, and the router's answer to the very same request,
must be the same bytes.
"""

from __future__ import annotations

from typing import Any

import fastapi.routing
import pytest
from fastapi.testclient import TestClient

from app.api.lane import ActionLane
from app.main import create_app
from tests.conftest import settings_for


@pytest.fixture
def routed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths of the requests FastAPI solved dependencies for (the router's work)."""
    paths: list[str] = []
    solve = fastapi.routing.solve_dependencies

    async def recording(*args: Any, **kwargs: Any) -> Any:
        paths.append(kwargs["request"].url.path)
        return await solve(*args, **kwargs)

    monkeypatch.setattr(fastapi.routing, "solve_dependencies", recording)
    return paths


def post(http: TestClient, game_id: str, token: str | None, body: Any, **headers: str):
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    return http.post(f"/api/games/{game_id}/actions", json=body, headers=headers)


def test_a_known_seats_move_skips_the_router_and_is_applied(
    database_url, kit, kind, routed
) -> None:
    with TestClient(create_app(settings_for(database_url))) as http:
        game_id, tokens = kit.new_game(http, kind, 2)
        for _ in range(3):
            seat, action = kit.next_move(http, game_id, tokens)
            version = http.get(f"/api/games/{game_id}/view").json()["version"]
            r = post(http, game_id, tokens[seat], {"version": version, "action": action})
            assert r.status_code == 200, r.text
            assert r.json()["version"] == version + 1
            assert r.headers["content-type"] == "application/json"
            assert r.headers["x-content-type-options"] == "nosniff"  # the middleware's
        assert f"/api/games/{game_id}/actions" not in routed
        assert f"/api/games/{game_id}/view" in routed  # the recorder does see the router

        # A token this process has not seen goes to the router, which refuses it.
        r = post(http, game_id, "not-a-token", {"version": 3, "action": action})
        assert r.status_code == 401, r.text
        assert routed.count(f"/api/games/{game_id}/actions") == 1


def test_a_game_this_process_does_not_hold_is_routed_first(database_url, kit, kind, routed) -> None:
    settings = settings_for(database_url)
    with TestClient(create_app(settings)) as a, TestClient(create_app(settings)) as b:
        game_id, tokens = kit.new_game(a, kind, 2)
        seat, action = kit.next_move(a, game_id, tokens)
        routed.clear()
        # Process b holds neither the game nor the token: the router loads both.
        r = post(b, game_id, tokens[seat], {"version": 0, "action": action})
        assert r.status_code == 200, r.text
        assert routed == [f"/api/games/{game_id}/actions"]
        # Now b holds them, and b's next move takes the lane.
        seat, action = kit.next_move(b, game_id, tokens)
        routed.clear()
        r = post(b, game_id, tokens[seat], {"version": 1, "action": action})
        assert r.status_code == 200, r.text
        assert routed == []


RATE = 30
"""Moves one client may post a minute in the refusals' test: more than its refusals."""


def answer(r) -> tuple[int, list[tuple[str, str]], bytes]:
    return r.status_code, r.headers.multi_items(), r.content


def test_refusals_are_the_routers_to_the_byte_and_change_nothing(
    database_url, kit, kind, monkeypatch
) -> None:
    with TestClient(create_app(settings_for(database_url, rate_action=RATE))) as http:
        game_id, tokens = kit.new_game(http, kind, 2)
        other_game, other_tokens = kit.new_game(http, kind, 2)
        seat, action = kit.next_move(http, game_id, tokens)
        other = 1 - seat
        to_act = http.get(f"/api/games/{game_id}/view").json()["view"]["to_act"]
        refused: list[tuple[str, str | None, Any, dict[str, str]]] = [
            ("stale version", tokens[seat], {"version": 5, "action": action}, {}),
            ("not a legal action", tokens[seat], {"version": 0, "action": {"type": "x"}}, {}),
            ("an unknown field", tokens[seat], {"version": 0, "action": action, "x": 1}, {}),
            ("a string version", tokens[seat], {"version": "0", "action": action}, {}),
            ("no token", None, {"version": 0, "action": action}, {}),
            ("another game's token", other_tokens[0], {"version": 0, "action": action}, {}),
            (
                "the action as text",
                tokens[seat],
                {"version": 0, "action": action},
                {"content-type": "text/plain"},
            ),
        ]
        if other not in to_act:
            refused.append(("not its turn", tokens[other], {"version": 0, "action": action}, {}))
        for name, token, body, headers in refused:
            via_lane = post(http, game_id, token, body, **headers)
            with monkeypatch.context() as m:
                m.setattr(ActionLane, "takes", lambda *args: None)
                via_router = post(http, game_id, token, body, **headers)
            assert via_lane.status_code >= 400, name
            assert answer(via_lane) == answer(via_router), name

        # The rate limit counts the lane's requests too, and refuses as the router does.
        budget_left = RATE - 2 * len(refused)
        assert budget_left > 0
        for _ in range(budget_left):
            assert (
                post(http, game_id, tokens[seat], {"version": 9, "action": action}).status_code
                == 409
            )
        limited = post(http, game_id, tokens[seat], {"version": 0, "action": action})
        assert limited.status_code == 429, limited.text
        assert limited.headers["retry-after"]
        with monkeypatch.context() as m:
            m.setattr(ActionLane, "takes", lambda *args: None)
            assert answer(post(http, game_id, tokens[seat], {"version": 0, "action": action})) == (
                answer(limited)
            )

        view = http.get(f"/api/games/{game_id}/view").json()
        assert view["version"] == 0
        assert http.get(f"/api/games/{other_game}/view").json()["version"] == 0
