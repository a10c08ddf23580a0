"""Refused requests: one error format, fixed codes and statuses, and nothing changes.

After every refusal the game's version, its log, the action rows and the seats in the
database are exactly what they were before.
"""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import func, select

import engines
from app.db.models import ActionRow, GameRow, SeatRow


def db_state(db, game_id: str) -> tuple[Any, ...]:
    with db.connect() as conn:
        game = conn.execute(
            select(GameRow.version, GameRow.status, GameRow.seats_revision).where(
                GameRow.id == game_id
            )
        ).one()
        actions = conn.execute(
            select(ActionRow.seq, ActionRow.seat, ActionRow.action)
            .where(ActionRow.game_id == game_id)
            .order_by(ActionRow.seq)
        ).all()
        seats = conn.execute(
            select(SeatRow.seat, SeatRow.name, SeatRow.token_hash, SeatRow.joined_at)
            .where(SeatRow.game_id == game_id)
            .order_by(SeatRow.seat)
        ).all()
        games = conn.scalar(select(func.count()).select_from(GameRow))
    return tuple(game), [tuple(a) for a in actions], [tuple(s) for s in seats], games


def assert_refused(response, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}
    assert body["error"]["code"] == code
    assert body["error"]["message"]
    return body["error"]["message"]


@pytest.fixture
def started(client, kit, kind, rng):
    """A running 2-seat game after two random actions: (game id, tokens, kind)."""
    game_id, tokens = kit.new_game(client, kind, 2)
    for _ in range(2):
        view = client.get(f"/api/games/{game_id}/view").json()
        seat = view["view"]["to_act"][0]
        legal = client.get(
            f"/api/games/{game_id}/legal-actions", headers=kit.bearer(tokens[seat])
        ).json()
        r = client.post(
            f"/api/games/{game_id}/actions",
            headers=kit.bearer(tokens[seat]),
            json={"version": legal["version"], "action": rng.choice(legal["actions"])["action"]},
        )
        assert r.status_code == 200
    return game_id, tokens


def to_act(client, game_id: str) -> tuple[int, dict[str, Any]]:
    view = client.get(f"/api/games/{game_id}/view").json()
    return view["view"]["to_act"][0], view


def test_refused_actions_write_nothing(client, db, kit, kind, started):
    game_id, tokens = started
    url = f"/api/games/{game_id}/actions"
    before = db_state(db, game_id)
    seat, view = to_act(client, game_id)
    other = 1 - seat
    mine = kit.bearer(tokens[seat])
    legal = client.get(f"/api/games/{game_id}/legal-actions", headers=mine).json()
    good = legal["actions"][0]["action"]
    version = view["version"]

    # stale version: based on an older state
    msg = assert_refused(
        client.post(url, headers=mine, json={"version": version - 1, "action": good}),
        409,
        "stale_version",
    )
    assert str(version) in msg
    assert_refused(
        client.post(url, headers=mine, json={"version": version + 5, "action": good}),
        409,
        "stale_version",
    )
    # out of turn: the other seat plays what it would like to play
    assert_refused(
        client.post(
            url, headers=kit.bearer(tokens[other]), json={"version": version, "action": good}
        ),
        409,
        "not_your_turn",
    )
    # not an action of this game at all
    assert_refused(
        client.post(url, headers=mine, json={"version": version, "action": {"type": "nope"}}),
        422,
        "bad_action",
    )
    # a well-formed action the rules forbid now: the engine's message comes through
    legal_set = {str(a["action"]) for a in legal["actions"]}
    illegal = find_illegal_action(kind, legal_set)
    assert illegal is not None
    assert_refused(
        client.post(url, headers=mine, json={"version": version, "action": illegal}),
        422,
        "illegal_action",
    )
    # malformed JSON and schema errors
    assert_refused(
        client.post(url, headers={**mine, "content-type": "application/json"}, content=b"{x"),
        400,
        "bad_request",
    )
    assert "version" in assert_refused(
        client.post(url, headers=mine, json={"action": good}), 400, "bad_request"
    )
    assert_refused(
        client.post(url, headers=mine, json={"version": version, "action": good, "x": 1}),
        400,
        "bad_request",
    )
    # tokens: none, unknown, malformed header, another game's
    assert_refused(client.post(url, json={"version": version, "action": good}), 401, "unauthorized")
    assert_refused(
        client.post(
            url, headers=kit.bearer("not-a-token"), json={"version": version, "action": good}
        ),
        401,
        "unauthorized",
    )
    assert_refused(
        client.post(
            url,
            headers={"Authorization": f"Token {tokens[seat]}"},
            json={"version": version, "action": good},
        ),
        401,
        "unauthorized",
    )
    _, foreign = kit.new_game(client, kind, 2)
    before = (before[0], before[1], before[2], before[3] + 1)  # that game is the only change
    assert_refused(
        client.post(url, headers=kit.bearer(foreign[0]), json={"version": version, "action": good}),
        403,
        "forbidden",
    )
    # unknown game
    assert_refused(
        client.post(
            "/api/games/nosuchgame/actions", headers=mine, json={"version": 0, "action": good}
        ),
        404,
        "unknown_game",
    )
    assert db_state(db, game_id) == before
    assert client.get(f"/api/games/{game_id}/view").json()["version"] == version

    # and the seat can still play the move it was refused nothing for
    r = client.post(url, headers=mine, json={"version": version, "action": good})
    assert r.status_code == 200 and r.json()["version"] == version + 1


def find_illegal_action(kind: str, legal: set[str]) -> dict | None:
    """A well-formed action of ``kind`` that is not legal now (one legal elsewhere in a game)."""
    from engines.core import Rng

    game = engines.get(kind)
    for seed in range(5):
        state = game.new(2, seed)
        rng = Rng(seed)
        for _ in range(60):
            if state.is_over:
                break
            s = state.to_act()[0]
            for action in state.legal_actions(s):
                dumped = action.model_dump(mode="json")
                if str(dumped) not in legal:
                    return dumped
            state.apply(s, rng.choice(state.legal_actions(s)))
    return None


def test_reads_refuse_bad_tokens_and_unknown_games(client, db, kit, kind, started):
    game_id, _tokens = started
    before = db_state(db, game_id)
    for path in ("view", "log", "legal-actions"):
        assert_refused(
            client.get(f"/api/games/{game_id}/{path}", headers=kit.bearer("wrong")),
            401,
            "unauthorized",
        )
        assert_refused(client.get(f"/api/games/zzz/{path}"), 404, "unknown_game")
    assert_refused(client.get(f"/api/games/{game_id}/legal-actions"), 401, "unauthorized")
    assert_refused(client.get(f"/api/games/{game_id}/result"), 409, "game_not_over")
    assert_refused(client.get("/api/games/zzz"), 404, "unknown_game")
    assert db_state(db, game_id) == before


def test_joining_refuses_taken_unknown_and_bot_seats(client, db, kit, kind):
    r = client.post(
        "/api/games",
        json={
            "kind": kind,
            "num_seats": 2,
            "seats": [{"bot": False}, {"bot": True}],
            "options": {"start_player": 0},  # the bot waits for seat 0, so nothing moves
        },
    )
    game_id = r.json()["id"]
    key = kit.invite_keys(r.json())[0]
    first = client.post(f"/api/games/{game_id}/seats/0/join", json={"name": "Ann", "key": key})
    assert first.status_code == 201 and first.json()["seat"] == 0
    before = db_state(db, game_id)
    assert_refused(
        client.post(f"/api/games/{game_id}/seats/0/join", json={"name": "Bob", "key": key}),
        409,
        "seat_taken",
    )
    # A bot seat has no invite key: nobody can join it.
    assert_refused(
        client.post(f"/api/games/{game_id}/seats/1/join", json={"name": "Bob"}),
        403,
        "invite_required",
    )
    assert_refused(
        client.post(f"/api/games/{game_id}/seats/2/join", json={"name": "Bob"}), 404, "unknown_seat"
    )
    assert_refused(
        client.post(f"/api/games/{game_id}/seats/0/join", json={"name": ""}), 400, "bad_request"
    )
    assert_refused(
        client.post("/api/games/zzz/seats/0/join", json={"name": "Bob"}), 404, "unknown_game"
    )
    assert db_state(db, game_id) == before
    # the token is stored only as a hash
    token = first.json()["token"]
    assert token not in str(before[2]) and before[2][0][2] is not None


def test_creating_refuses_bad_kinds_counts_and_options(client, db, kind):
    game = engines.get(kind)
    cases = [
        ({"kind": "chess", "num_seats": 2}, 404, "unknown_kind"),
        ({"kind": kind, "num_seats": game.max_players + 1}, 422, "bad_player_count"),
        ({"kind": kind, "num_seats": 2, "options": {"start_player": 2}}, 422, "bad_options"),
        ({"kind": kind, "num_seats": 2, "options": {"no_such_option": 1}}, 422, "bad_options"),
        ({"kind": kind, "num_seats": 2, "seats": [{"bot": True}]}, 400, "bad_request"),
        ({"kind": kind}, 400, "bad_request"),
        ({"kind": kind, "num_seats": "two"}, 400, "bad_request"),
    ]
    for body, status, code in cases:
        assert_refused(client.post("/api/games", json=body), status, code)
    with db.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(GameRow)) == 0


def test_acting_before_every_seat_is_taken_is_refused(client, db, kit, kind):
    r = client.post(
        "/api/games", json={"kind": kind, "num_seats": 3, "options": {"start_player": 0}}
    )
    game_id = r.json()["id"]
    keys = kit.invite_keys(r.json())
    tokens = {}
    for seat in (0, 1):
        r = client.post(
            f"/api/games/{game_id}/seats/{seat}/join", json={"name": f"P{seat}", "key": keys[seat]}
        )
        tokens[seat] = r.json()["token"]
    assert client.get(f"/api/games/{game_id}").json()["status"] == "open"
    mine = kit.bearer(tokens[0])
    assert client.get(f"/api/games/{game_id}/legal-actions", headers=mine).json()["actions"] == []
    first = engines.get(kind).new(3, 1, {"start_player": 0}).legal_actions(0)[0]
    before = db_state(db, game_id)
    assert_refused(
        client.post(
            f"/api/games/{game_id}/actions",
            headers=mine,
            json={"version": 0, "action": first.model_dump(mode="json")},
        ),
        409,
        "game_not_started",
    )
    assert db_state(db, game_id) == before
    client.post(f"/api/games/{game_id}/seats/2/join", json={"name": "P2", "key": keys[2]})
    assert client.get(f"/api/games/{game_id}").json()["status"] == "running"
    assert client.get(f"/api/games/{game_id}/legal-actions", headers=mine).json()["actions"]


def test_unknown_paths_and_methods_use_the_error_format(client):
    assert_refused(client.get("/api/nothing-here"), 404, "not_found")
    assert_refused(client.delete("/api/games"), 405, "method_not_allowed")
