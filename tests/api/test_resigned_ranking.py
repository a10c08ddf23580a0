"""A seat that resigned ranks below every seat that did not, and never wins (docs/RULES.md
TB-1), in every answer that names winners: the result, every seat's view, the served
``game_over`` event, the history's last position, the reveal and ``clients.verify``.

The games are played through the API (tests/support/resigned.py): the seat ahead on points
resigns just before the move that ends the game, and its points still count (the issue's
"seat B resigned; the bot played it to 33 points" and "B wins!").
"""

from __future__ import annotations

from app.services.results import table_result
from clients.verify import verify
from engines.core import Outcome
from tests.support.resigned import resigned_leader
from tests.support.waiting import wait_for

KIND = "dolmengoetter"


def test_the_resigned_leader_on_points_is_not_the_winner(client, kit, db, rng):
    played = resigned_leader(client, db, rng)
    game_id, winner, out = played.game_id, played.winner, played.resigned
    scores = played.engine.scores()
    assert scores[out] > scores[winner]  # by points alone the resigned seat wins

    result = client.get(f"/api/games/{game_id}/result").json()
    assert result == {
        "scores": scores,  # its points are still shown
        "winners": [winner],
        "places": [[winner], [out]],
        "resigned": [out],
    }
    # Every seat's state and a watcher's says so, in its result and its view.
    for headers in (kit.bearer(played.tokens[0]), kit.bearer(played.tokens[1]), {}):
        state = client.get(f"/api/games/{game_id}/view", headers=headers).json()
        assert state["result"] == result
        assert (state["view"]["winners"], state["view"]["scores"]) == ([winner], scores)
    # The game_over event as the ending move's answer, the log and the history tell it.
    [over] = [e for e in played.answer["events"] if e["type"] == "game_over"]
    assert over["winners"] == [winner] and over["scores"] == scores
    log = client.get(f"/api/games/{game_id}/log").json()
    [logged] = [e for entry in log["entries"] for e in entry["events"] if e["type"] == "game_over"]
    assert logged["winners"] == [winner]
    last = client.get(f"/api/games/{game_id}/history", params={"seat": "all"}).json()
    assert last["view"]["winners"] == [winner]
    assert [e["winners"] for e in last["events"] if e["type"] == "game_over"] == [[winner]]
    # The reveal names the same winners, and verify checks them against the replay.
    reveal = client.get(f"/api/games/{game_id}/fairness").json()
    assert (reveal["winners"], reveal["resigned"]) == ([winner], [out])
    verdict = verify(reveal)
    assert verdict.ok, verdict.checks
    # Claiming the engine's winner instead fails verify.
    assert not verify({**reveal, "winners": [out]}).ok


def test_when_every_seat_resigned_nobody_wins(client, kit):
    game_id, tokens = kit.new_game(client, KIND, 2)
    for seat in (0, 1):
        # Once seat 0 resigned, the server's bot may move for it while seat 1 resigns: a
        # resign the game moved under is refused (409 stale_version) and asked again.
        for _ in range(50):
            r = client.post(
                f"/api/games/{game_id}/seats/{seat}/resign", headers=kit.bearer(tokens[seat])
            )
            if r.status_code != 409 or r.json()["error"]["code"] != "stale_version":
                break
        assert r.status_code == 200, r.text
    # The server's bot plays both seats to the end.
    wait_for(
        lambda: client.get(f"/api/games/{game_id}").json()["status"] == "over",
        "the bots finishing the game",
        seconds=120,
    )
    result = client.get(f"/api/games/{game_id}/result").json()
    assert result["winners"] == [] and result["resigned"] == [0, 1]
    scores = result["scores"]
    assert sorted(s for place in result["places"] for s in place) == [0, 1]
    # Both resigned, so they rank by points among themselves; a tie shares a place.
    assert [scores[s] for place in result["places"] for s in place] == sorted(scores, reverse=True)
    assert all(len({scores[s] for s in place}) == 1 for place in result["places"])
    state = client.get(f"/api/games/{game_id}/view").json()
    assert state["view"]["winners"] == [] and state["result"] == result
    # Every move after both resigned was the server's bot's, and the log says so.
    entries = client.get(f"/api/games/{game_id}/log").json()["entries"]
    assert len(entries) > 1 and all(entry["by_server"] for entry in entries)


def test_the_ranking_rule_on_its_own():
    """TB-1 over outcomes no short game is sure to reach: ties, a tie-break, three seats."""
    # Dolmengötter-like: scores tie, the tie-break (dolmens placed) decides (DG-10).
    tied = Outcome((10, 12, 12), (2,), ((10, 5), (12, 3), (12, 4)))
    assert table_result(tied, []).places == [[2], [1], [0]]
    # The tie-break winner resigned: the next best that did not resign wins.
    assert table_result(tied, [2]).winners == [1]
    assert table_result(tied, [2]).places == [[1], [0], [2]]
    # A shared win among the seats that did not resign stays shared.
    shared = Outcome((7, 9, 7), (1,))
    assert table_result(shared, [1]).winners == [0, 2]
    assert table_result(shared, [1]).places == [[0, 2], [1]]
    # The resigned seats rank among themselves by points, below the others.
    assert table_result(Outcome((1, 9, 5), (1,)), [1, 2]).places == [[0], [1], [2]]
    assert table_result(Outcome((1, 9, 5), (1,)), [0, 1, 2]).winners == []
    # Every seat resigned on equal points: no winner, one shared place.
    both_out = table_result(Outcome((20, 20), (0, 1)), [0, 1])
    assert (both_out.winners, both_out.places) == ([], [[0, 1]])
