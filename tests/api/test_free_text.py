"""Free text a client sends (issue 36, finding 9): seat names on create and join, chat texts
and watchers' names, over REST and the WebSocket, are refused with 400 when a person could
not read them as they are: control characters (NUL, which PostgreSQL cannot store, among
them), lone surrogates, bidi overrides and isolates, and nothing but white space and
invisible characters. Nothing is stored, and PostgreSQL answers as SQLite does (no 500)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from app.db.models import ChatMessageRow, GameRow
from app.main import create_app
from tests.conftest import settings_for

UNREADABLE = {
    "nul": "a\x00b",
    "bell": "Ann\x07",
    "tab": "Ann\tBen",
    "newline": "Ann\nBen",
    "c1": "Ann\x85",
    "line separator": "Ann\u2028",
    "override": "Ann\u202egnp.exe",
    "isolate": "\u2066Ann\u2069",
    "empty": "",
    "spaces": "   ",
    "zero width": "\u200b\u200c\u200d",
    "word joiner and bom": "\u2060\ufeff",
    "hangul filler": "\u3164",
}
READABLE = ["Ann", "Zoë", "אנה", "👨\u200d👩\u200d👧", "Ann 2"]


@pytest.fixture
def http(database_url: str):
    """Server errors come back as answers (a 500 is what this file checks for)."""
    app = create_app(settings_for(database_url, chat_rate=0))
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def count(db, table: Any) -> int:
    with db.connect() as conn:
        return conn.scalar(select(func.count()).select_from(table))


def refused(r, field: str) -> None:
    assert (r.status_code, r.json()["error"]["code"]) == (400, "bad_request"), r.text
    assert r.json()["error"]["message"].startswith(f"{field}: "), r.text


def create(http, name: str | None):
    seat = {"bot": True} if name is None else {"bot": True, "name": name}
    return http.post(
        "/api/games", json={"kind": "dschingis_khan", "num_seats": 2, "seats": [seat, {}]}
    )


@pytest.mark.parametrize("name", UNREADABLE.values(), ids=UNREADABLE.keys())
def test_a_seat_name_nobody_can_read_is_refused_on_create_and_join(http, kit, db, name):
    refused(create(http, name), "body.seats.0.name")
    assert count(db, GameRow) == 0

    game = create(http, None).json()
    key = kit.invite_keys(game)[1]
    r = http.post(f"/api/games/{game['id']}/seats/1/join", json={"name": name, "key": key})
    refused(r, "body.name")
    assert not http.get(f"/api/games/{game['id']}").json()["seats"][1]["joined"]


def test_a_lone_surrogate_in_a_name_is_refused(http, db):
    seats = b'[{"bot": true, "name": "\\ud800"}, {}]'  # JSON's escape: httpx cannot send one
    body = b'{"kind": "dschingis_khan", "num_seats": 2, "seats": ' + seats + b"}"
    r = http.post("/api/games", content=body, headers={"content-type": "application/json"})
    refused(r, "body.seats.0.name")
    assert "U+D800" in r.json()["error"]["message"]
    assert count(db, GameRow) == 0


@pytest.mark.parametrize("name", READABLE)
def test_names_in_any_script_are_kept_as_typed(http, kit, name):
    game = create(http, name).json()
    assert game["seats"][0]["name"] == name
    key = kit.invite_keys(game)[1]
    r = http.post(f"/api/games/{game['id']}/seats/1/join", json={"name": name, "key": key})
    assert r.status_code == 201, r.text
    assert http.get(f"/api/games/{game['id']}").json()["seats"][1]["name"] == name


# ---- chat --------------------------------------------------------------------------------


def chat_table(http, kit) -> tuple[str, str]:
    game_id, tokens = kit.new_game(http, "dschingis_khan", 2)
    return game_id, tokens[0]


CHAT_UNREADABLE = {k: v for k, v in UNREADABLE.items() if k not in ("tab", "newline")}
BLANK = {"empty", "spaces", "zero width", "word joiner and bom", "hangul filler"}


@pytest.mark.parametrize("key", CHAT_UNREADABLE)
def test_a_chat_text_nobody_can_read_is_refused_over_rest_and_the_websocket(http, kit, db, key):
    game_id, token = chat_table(http, kit)
    text = CHAT_UNREADABLE[key]
    # Nothing visible is the chat's own refusal (the page shows it under its input).
    status, code = (422, "chat_empty") if key in BLANK else (400, "bad_request")
    r = http.post(f"/api/games/{game_id}/chat", headers=kit.bearer(token), json={"text": text})
    assert (r.status_code, r.json()["error"]["code"]) == (status, code), r.text
    with http.websocket_connect(f"/ws/games/{game_id}?token={token}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "chat", "text": text})
        error = ws.receive_json()
        assert (error["type"], error["code"]) == ("error", code)
        if code == "bad_request":
            assert error["message"].startswith("text: ")
    assert count(db, ChatMessageRow) == 0


@pytest.mark.parametrize("name", UNREADABLE.values(), ids=UNREADABLE.keys())
def test_a_watchers_name_nobody_can_read_is_refused_over_rest_and_the_websocket(
    http, kit, db, name
):
    game_id, _ = chat_table(http, kit)
    r = http.post(f"/api/games/{game_id}/chat", json={"text": "hi", "name": name})
    refused(r, "name")
    with http.websocket_connect(f"/ws/games/{game_id}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "chat", "text": "hi", "name": name})
        error = ws.receive_json()
        assert (error["type"], error["code"]) == ("error", "bad_request")
        assert error["message"].startswith("name: ")
    assert count(db, ChatMessageRow) == 0


def test_chat_keeps_line_breaks_and_any_script(http, kit):
    game_id, token = chat_table(http, kit)
    for text in ["gg\nwell played", "a\tb", *READABLE]:
        r = http.post(f"/api/games/{game_id}/chat", headers=kit.bearer(token), json={"text": text})
        assert (r.status_code, r.json()["text"]) == (201, text)
    r = http.post(f"/api/games/{game_id}/chat", json={"text": "hi", "name": "  Zoë  "})
    assert r.json()["name"] == "Zoë"


def test_a_game_id_with_nul_is_an_unknown_game(http):
    for path in ("/api/games/a%00b", "/api/games/a%00b/chat", "/api/games/a%00b/view"):
        r = http.get(path)
        assert (r.status_code, r.json()["error"]["code"]) == (404, "unknown_game"), path
