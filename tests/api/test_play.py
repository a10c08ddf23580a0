"""Complete games through the REST API only, with random legal actions (seeded), for every
kind and every number of seats; what each seat was told is checked against the engine's own
``State.view(seat)`` and ``Event.view(seat)`` from a replay of the same seed and actions."""

from __future__ import annotations

from typing import Any

import engines

MAX_ACTIONS = 3000


def play_through_rest(client, kit, rng, kind: str, num_seats: int):
    """Play to the end; returns the game id and every answer each caller received."""
    game_id, tokens = kit.new_game(client, kind, num_seats)
    seen: list[tuple[str, int | None, Any]] = []
    for _ in range(MAX_ACTIONS):
        spectator = client.get(f"/api/games/{game_id}/view").json()
        seen.append(("view", None, spectator))
        for seat, token in tokens.items():
            r = client.get(f"/api/games/{game_id}/view", headers=kit.bearer(token))
            assert r.status_code == 200
            seen.append(("view", seat, r.json()))
        if spectator["status"] == "over":
            break
        assert spectator["status"] == "running"
        seat = spectator["view"]["to_act"][0]
        headers = kit.bearer(tokens[seat])
        legal = client.get(f"/api/games/{game_id}/legal-actions", headers=headers).json()
        seen.append(("legal", seat, legal))
        choice = rng.choice(legal["actions"])
        r = client.post(
            f"/api/games/{game_id}/actions",
            headers=headers,
            json={"version": legal["version"], "action": choice["action"]},
        )
        assert r.status_code == 200, r.text
        assert r.json()["version"] == legal["version"] + 1
        seen.append(("posted", seat, r.json()))
    else:
        raise AssertionError(f"{kind} did not end within {MAX_ACTIONS} actions")
    return game_id, tokens, seen


def test_complete_game_through_rest_shows_each_seat_only_its_engine_view(
    client, db, kit, rng, kind_seats
):
    kind, num_seats = kind_seats
    game_id, _tokens, seen = play_through_rest(client, kit, rng, kind, num_seats)
    game = kit.replay(db, game_id)
    assert game.states[-1].is_over
    checked = 0
    for what, seat, body in seen:
        version = body["version"]
        if what == "view":
            assert body["seat"] == seat
            assert body["view"] == game.view(version, seat)
            expected_legal = game.legal(version, seat) if seat is not None else []
            assert [a["action"] for a in body["legal_actions"]] == expected_legal
        elif what == "legal":
            assert body["seat"] == seat
            assert [a["action"] for a in body["actions"]] == game.legal(version, seat)
        else:
            assert body["events"] == game.events_between(seat, version - 1, version)
        checked += 1
    assert checked == len(seen) > game.version * (num_seats + 1)

    result = client.get(f"/api/games/{game_id}/result").json()
    final = game.states[-1]
    assert result == {
        "scores": final.scores(),
        "winners": final.winners(),
        "places": [list(p) for p in final.outcome().places()],
        "resigned": [],
    }
    summary = client.get(f"/api/games/{game_id}").json()
    assert summary["status"] == "over" and summary["version"] == game.version


def test_log_gives_each_caller_the_events_filtered_for_it_never_raw_actions(
    client, db, kit, rng, kind
):
    game_id, tokens = kit.new_game(client, kind, engines.get(kind).max_players)
    for _ in range(12):
        view = client.get(f"/api/games/{game_id}/view").json()
        seat = view["view"]["to_act"][0]
        headers = kit.bearer(tokens[seat])
        legal = client.get(f"/api/games/{game_id}/legal-actions", headers=headers).json()
        client.post(
            f"/api/games/{game_id}/actions",
            headers=headers,
            json={"version": legal["version"], "action": rng.choice(legal["actions"])["action"]},
        )
    game = kit.replay(db, game_id)
    assert game.version == 12 and not game.states[-1].is_over
    callers: dict[int | None, dict[str, str]] = {None: {}}
    callers.update({seat: kit.bearer(token) for seat, token in tokens.items()})
    for seat, headers in callers.items():
        log = client.get(f"/api/games/{game_id}/log", headers=headers).json()
        assert log["version"] == 12
        assert [e["seq"] for e in log["entries"]] == list(range(1, 13))
        for entry in log["entries"]:
            assert set(entry) == {"seq", "seat", "by_server", "events"}  # no action JSON
            assert entry["events"] == game.events_between(seat, entry["seq"] - 1, entry["seq"])
        later = client.get(f"/api/games/{game_id}/log?since=9", headers=headers).json()
        assert [e["seq"] for e in later["entries"]] == [10, 11, 12]
