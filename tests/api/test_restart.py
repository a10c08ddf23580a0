"""Nothing is lost when the server restarts: play half a game, stop the process, start it
again on the same database, and every seat sees exactly what it saw before; then finish."""

from __future__ import annotations

import time

import httpx

import engines


def views(http: httpx.Client, game_id: str, tokens: dict[int, str], kit) -> dict:
    out = {None: http.get(f"/api/games/{game_id}/view").json()}
    for seat, token in tokens.items():
        out[seat] = http.get(f"/api/games/{game_id}/view", headers=kit.bearer(token)).json()
        out[("log", seat)] = http.get(f"/api/games/{game_id}/log", headers=kit.bearer(token)).json()
    return out


def step(http: httpx.Client, game_id: str, tokens: dict[int, str], kit, rng) -> dict:
    view = http.get(f"/api/games/{game_id}/view").json()
    seat = view["view"]["to_act"][0]
    legal = http.get(f"/api/games/{game_id}/legal-actions", headers=kit.bearer(tokens[seat]))
    r = http.post(
        f"/api/games/{game_id}/actions",
        headers=kit.bearer(tokens[seat]),
        json={"version": view["version"], "action": rng.choice(legal.json()["actions"])["action"]},
    )
    assert r.status_code == 200, r.text
    return r.json()


def test_restart_in_the_middle_of_a_game_loses_nothing(server_factory, kit, kind, rng):
    num_seats = engines.get(kind).max_players
    server = server_factory()
    with httpx.Client(base_url=server.url) as http:
        game_id, tokens = kit.new_game(http, kind, num_seats)
        for _ in range(25):
            step(http, game_id, tokens, kit, rng)
        before = views(http, game_id, tokens, kit)
    server.stop()
    server.start()
    with httpx.Client(base_url=server.url) as http:
        assert views(http, game_id, tokens, kit) == before
        for _ in range(3000):
            if http.get(f"/api/games/{game_id}").json()["status"] == "over":
                break
            step(http, game_id, tokens, kit, rng)
        result = http.get(f"/api/games/{game_id}/result")
        assert result.status_code == 200 and len(result.json()["scores"]) == num_seats


def test_a_bot_whose_turn_was_pending_moves_after_a_restart(server_factory, kit, kind):
    # The first server's bots wait a long time, so the bot's turn is pending when it stops.
    server = server_factory(BOT_DELAY="60")
    with httpx.Client(base_url=server.url) as http:
        r = http.post(
            "/api/games",
            json={
                "kind": kind,
                "num_seats": 2,
                "seats": [{"bot": True}, {"bot": False}],
                "options": {"start_player": 0},
            },
        )
        game_id = r.json()["id"]
        key = r.json()["invites"][0]["key"]
        http.post(f"/api/games/{game_id}/seats/1/join", json={"name": "Ann", "key": key})
        # The bot's turn is pending (it waits a minute): the move below is the restart's.
        assert http.get(f"/api/games/{game_id}").json()["version"] == 0
    server.stop()
    server.env["BOT_DELAY"] = "0"
    server.start()
    with httpx.Client(base_url=server.url) as http:
        deadline = time.monotonic() + 20
        while http.get(f"/api/games/{game_id}").json()["version"] == 0:
            assert time.monotonic() < deadline, "the bot never moved after the restart"
            time.sleep(0.1)
