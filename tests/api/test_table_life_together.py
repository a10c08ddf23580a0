"""Where the parts of a table's whole life meet (issue 10): a rematch plays under the same
time control as the game before it, and an abandoned game's clock stops."""

from __future__ import annotations

from tests.support.play import auth, play_to_end

LIVE = {"type": "live", "minutes": 5, "increment": 3}


def clocked_game(client, kit, time_control: dict) -> tuple[str, dict[int, str], str]:
    created = client.post(
        "/api/games",
        json={
            "kind": "dolmengoetter",
            "num_seats": 2,
            "seats": [{}, {}],
            "options": {"start_player": 0},
            "time_control": time_control,
        },
    )
    assert created.status_code == 201, created.text
    game_id, tokens = created.json()["id"], {}
    for seat, key in kit.invite_keys(created.json()).items():
        r = client.post(f"/api/games/{game_id}/seats/{seat}/join", json={"name": "P", "key": key})
        assert r.status_code == 201, r.text
        tokens[seat] = r.json()["token"]
    return game_id, tokens, created.json()["host_token"]


def test_a_rematch_keeps_the_time_control_of_the_game_before(client, kit, rng):
    game_id, tokens, _ = clocked_game(client, kit, LIVE)
    play_to_end(client, game_id, tokens, rng)
    offer = client.post(f"/api/games/{game_id}/rematch", headers=auth(tokens[0]))
    assert offer.status_code == 200, offer.text
    new_id = offer.json()["game_id"]
    joined = client.post(f"/api/games/{game_id}/rematch/join", headers=auth(tokens[1]))
    assert joined.status_code == 201, joined.text
    clock = client.get(f"/api/games/{new_id}").json()["clock"]
    assert clock["type"] == "live"
    assert clock["initial_ms"] == 5 * 60_000 and clock["increment_ms"] == 3000
    assert clock["running"] and clock["deadline"] is not None, "the rematch's clock runs"


def test_abandoning_a_game_stops_its_clock(client, kit):
    game_id, _, host = clocked_game(client, kit, {"type": "correspondence", "hours": 24})
    before = client.get(f"/api/games/{game_id}").json()["clock"]
    assert before["running"] == [0] and before["deadline"] is not None
    r = client.post(f"/api/games/{game_id}/abandon", headers=auth(host))
    assert r.status_code == 200, r.text
    after = client.get(f"/api/games/{game_id}").json()
    assert after["status"] == "abandoned"
    assert after["clock"]["running"] == [] and after["clock"]["deadline"] is None
