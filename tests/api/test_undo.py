"""Take-backs through the API: ``POST /api/games/{id}/undo`` with the version, the seat's
token, and the engine's judgement (``can_undo`` in legal-actions). The action log stays
append-only: a take-back is a row and a version of its own, ``/log`` shows the action and
its take-back, every seat and the WebSocket get the new state. A refusal writes nothing.

Dschingis Khan, two seats, seat 0 first: taking a wall (DK-8) may be taken back, drawing a
tile (DK-8) may not.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import select

from app.db.models import ActionRow, GameRow


def db_rows(db, game_id: str) -> tuple[Any, ...]:
    with db.connect() as conn:
        game = conn.execute(select(GameRow.__table__).where(GameRow.id == game_id)).one()
        actions = conn.execute(
            select(ActionRow.__table__).where(ActionRow.game_id == game_id).order_by(ActionRow.seq)
        ).all()
    return tuple(game), [tuple(a) for a in actions]


def legal(client, kit, game_id: str, token: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{game_id}/legal-actions", headers=kit.bearer(token))
    assert r.status_code == 200
    return r.json()


def play(client, kit, game_id: str, token: str, action_type: str | None = None) -> int:
    """Post the seat's first legal action (of ``action_type``); returns the new version."""
    options = legal(client, kit, game_id, token)
    action = next(
        a["action"] for a in options["actions"] if action_type in (None, a["action"]["type"])
    )
    r = client.post(
        f"/api/games/{game_id}/actions",
        headers=kit.bearer(token),
        json={"version": options["version"], "action": action},
    )
    assert r.status_code == 200, r.text
    return r.json()["version"]


def undo(client, kit, game_id: str, token: str | None, version: int):
    headers = kit.bearer(token) if token else {}
    return client.post(f"/api/games/{game_id}/undo", headers=headers, json={"version": version})


def in_take_phase(client, kit) -> tuple[str, dict[int, str]]:
    """Both seats have placed their starting tiles (DK-7): seat 0 takes supplies."""
    game_id, tokens = kit.new_game(client, "dschingis_khan", 2, start_player=0)
    play(client, kit, game_id, tokens[0])
    play(client, kit, game_id, tokens[1])
    return game_id, tokens


def test_a_wall_taken_is_taken_back_as_an_entry_of_its_own(client, db, kit):
    game_id, tokens = in_take_phase(client, kit)
    before = legal(client, kit, game_id, tokens[0])
    assert before["can_undo"] is False  # seat 1 acted last (and its setup drew tiles)
    view_before = client.get(f"/api/games/{game_id}/view", headers=kit.bearer(tokens[0])).json()

    version = play(client, kit, game_id, tokens[0], "take_wall")
    assert legal(client, kit, game_id, tokens[0])["can_undo"] is True
    assert legal(client, kit, game_id, tokens[1])["can_undo"] is False

    r = undo(client, kit, game_id, tokens[0], version)
    assert r.status_code == 200, r.text
    assert r.json()["version"] == version + 1
    assert [e["type"] for e in r.json()["events"]] == ["undo"]
    assert r.json()["events"][0]["seat"] == 0

    # The position is the one before the wall was taken; only the version moved on.
    view = client.get(f"/api/games/{game_id}/view", headers=kit.bearer(tokens[0])).json()
    assert view["version"] == version + 1
    assert view["view"] == view_before["view"]
    assert view["legal_actions"] == view_before["legal_actions"]
    assert view["can_undo"] is False

    # The log keeps both, in order; the stored row is the take-back marker, nothing more.
    log = client.get(f"/api/games/{game_id}/log", params={"since": version - 1}).json()
    assert [(e["seq"], e["seat"]) for e in log["entries"]] == [(version, 0), (version + 1, 0)]
    assert [e["type"] for e in log["entries"][0]["events"]] == ["take_walls"]
    assert [e["type"] for e in log["entries"][1]["events"]] == ["undo"]
    with db.connect() as conn:
        last = conn.execute(
            select(ActionRow.seq, ActionRow.seat, ActionRow.action)
            .where(ActionRow.game_id == game_id)
            .order_by(ActionRow.seq.desc())
        ).first()
    assert tuple(last) == (version + 1, 0, {"type": "undo"})

    # A different move instead, and the replay of the whole log agrees with the server.
    after = play(client, kit, game_id, tokens[0], "take_tile")
    assert after == version + 2
    replayed = kit.replay(db, game_id)
    assert replayed.version == after
    seat0 = client.get(f"/api/games/{game_id}/view", headers=kit.bearer(tokens[0])).json()
    assert seat0["view"] == replayed.view(after, 0)


def test_refusals_change_nothing(client, db, kit):
    game_id, tokens = in_take_phase(client, kit)
    version = play(client, kit, game_id, tokens[0], "take_wall")
    stored = db_rows(db, game_id)

    stale = undo(client, kit, game_id, tokens[0], version - 1)
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "stale_version"

    theirs = undo(client, kit, game_id, tokens[1], version)
    assert theirs.status_code == 409
    assert theirs.json()["error"]["code"] == "not_undoable"
    assert "seat 0 played it" in theirs.json()["error"]["message"]

    anonymous = undo(client, kit, game_id, None, version)
    assert anonymous.status_code == 401

    bad = client.post(
        f"/api/games/{game_id}/undo", headers=kit.bearer(tokens[0]), json={"version": "1"}
    )
    assert bad.status_code == 400
    assert db_rows(db, game_id) == stored

    # One take-back per action: the one before it is seat 1's setup.
    assert undo(client, kit, game_id, tokens[0], version).status_code == 200
    again = undo(client, kit, game_id, tokens[0], version + 1)
    assert again.status_code == 409 and again.json()["error"]["code"] == "not_undoable"

    # A drawn tile cannot be taken back (DK-8: it was seen at once).
    drawn = play(client, kit, game_id, tokens[0], "take_tile")
    stored = db_rows(db, game_id)
    r = undo(client, kit, game_id, tokens[0], drawn)
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_undoable"
    assert "drew at random" in r.json()["error"]["message"]
    assert legal(client, kit, game_id, tokens[0])["can_undo"] is False
    assert db_rows(db, game_id) == stored


def test_the_take_back_reaches_every_websocket_with_its_event(client, kit):
    game_id, tokens = in_take_phase(client, kit)
    with client.websocket_connect(f"/ws/games/{game_id}?token={tokens[1]}") as ws:
        first = ws.receive_json()
        assert first["type"] == "state" and first["can_undo"] is False
        version = play(client, kit, game_id, tokens[0], "take_wall")
        assert undo(client, kit, game_id, tokens[0], version).status_code == 200
        events: list[dict[str, Any]] = []
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            msg = ws.receive_json()
            if msg["type"] != "state":
                continue
            events += msg["events"]
            if msg["version"] == version + 1:
                break
        assert msg["version"] == version + 1
        assert msg["can_undo"] is False  # seat 1's view: it is not its action
        assert [e["type"] for e in events][-1] == "undo"
        assert events[-1]["seat"] == 0


def test_bots_play_on_from_the_position_after_a_take_back(client, kit):
    r = client.post(
        "/api/games",
        json={
            "kind": "dschingis_khan",
            "num_seats": 2,
            "seats": [{"bot": False}, {"bot": True}],
            "options": {"start_player": 0},
        },
    )
    game_id = r.json()["id"]
    key = kit.invite_keys(r.json())[0]
    token = client.post(
        f"/api/games/{game_id}/seats/0/join", json={"name": "Ann", "key": key}
    ).json()["token"]

    def my_turn() -> dict[str, Any]:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            state = client.get(f"/api/games/{game_id}/view", headers=kit.bearer(token)).json()
            if state["legal_actions"]:
                return state
            time.sleep(0.05)
        raise AssertionError("the bot did not move")

    my_turn()
    play(client, kit, game_id, token)  # setup; the bot sets up next
    state = my_turn()
    version = play(client, kit, game_id, token, "take_wall")
    assert undo(client, kit, game_id, token, version).status_code == 200
    # Finish the turn with walls only; the bot then moves on from the taken-back position.
    while True:
        state = client.get(f"/api/games/{game_id}/view", headers=kit.bearer(token)).json()
        types = {a["action"]["type"] for a in state["legal_actions"]}
        if not types:
            break
        play(client, kit, game_id, token, "take_wall" if "take_wall" in types else None)
    state = my_turn()
    assert state["view"]["to_act"] == [0]
    assert state["version"] > version + 1
    # The bot seat's moves are its own, not the server's for a person: the log marks none.
    entries = client.get(f"/api/games/{game_id}/log").json()["entries"]
    assert {entry["seat"] for entry in entries} == {0, 1}
    assert not any(entry["by_server"] for entry in entries)
