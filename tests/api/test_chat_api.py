"""Table chat over REST: ``GET/POST /api/games/{id}/chat`` and the host's switch
``PUT .../chat/settings``. Players write under their seat's name, watchers under the name
they give (or "Watcher") and marked as watchers; refusals (empty, too long, too fast,
closed to watchers) answer with their code and store nothing."""

from __future__ import annotations

import contextlib
import logging
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import exc as sa_exc
from sqlalchemy import func, select

from app.db.models import ChatMessageRow
from app.main import create_app
from tests.conftest import settings_for
from tests.support.play import play_to_end


@pytest.fixture
def chat_client(database_url: str):
    """A server whose chat allows 3 messages per minute (per token or watcher address)."""
    with TestClient(create_app(settings_for(database_url, chat_rate=3, chat_window=60))) as c:
        yield c


def table(http, kit) -> tuple[str, dict[int, str], str]:
    """A two-seat game with both seats joined (P0, P1): id, seat tokens, host token."""
    r = http.post("/api/games", json={"kind": "dschingis_khan", "num_seats": 2})
    assert r.status_code == 201, r.text
    game_id, keys = r.json()["id"], kit.invite_keys(r.json())
    tokens = {}
    for seat in (0, 1):
        j = http.post(
            f"/api/games/{game_id}/seats/{seat}/join", json={"name": f"P{seat}", "key": keys[seat]}
        )
        tokens[seat] = j.json()["token"]
    return game_id, tokens, r.json()["host_token"]


def say(http, kit, game_id: str, text: str, token: str | None = None, **extra: Any):
    headers = kit.bearer(token) if token else {}
    return http.post(f"/api/games/{game_id}/chat", headers=headers, json={"text": text, **extra})


def chat(http, game_id: str, after: int | None = None) -> dict[str, Any]:
    query = f"?after={after}" if after is not None else ""
    r = http.get(f"/api/games/{game_id}/chat{query}")
    assert r.status_code == 200, r.text
    return r.json()


def stored(db, game_id: str) -> int:
    with db.connect() as conn:
        return conn.scalar(
            select(func.count())
            .select_from(ChatMessageRow)
            .where(ChatMessageRow.game_id == game_id)
        )


def test_players_and_watchers_write_and_everyone_reads_in_order(chat_client, kit):
    game_id, tokens, _ = table(chat_client, kit)
    assert chat(chat_client, game_id) == {"game_id": game_id, "watchers": True, "messages": []}

    r = say(chat_client, kit, game_id, "  good luck!  ", tokens[1])
    assert r.status_code == 201, r.text
    first = r.json()
    assert first["text"] == "good luck!"  # trimmed
    assert (first["seat"], first["watcher"], first["name"]) == (1, False, "P1")
    # A name in the body does not rename a seated player.
    assert say(chat_client, kit, game_id, "hi", tokens[0], name="Mallory").json()["name"] == "P0"
    named = say(chat_client, kit, game_id, "go P1", name="  Ada  ").json()
    anonymous = say(chat_client, kit, game_id, "hello").json()
    assert (named["seat"], named["watcher"], named["name"]) == (None, True, "Ada")
    assert (anonymous["watcher"], anonymous["name"]) == (True, "Watcher")

    page = chat(chat_client, game_id)
    assert [m["text"] for m in page["messages"]] == ["good luck!", "hi", "go P1", "hello"]
    assert page["messages"][0] == first
    after = chat(chat_client, game_id, after=page["messages"][1]["id"])
    assert [m["text"] for m in after["messages"]] == ["go P1", "hello"]


def test_html_is_stored_as_the_text_it_is(chat_client, kit):
    game_id, tokens, _ = table(chat_client, kit)
    text = '<script>alert("x")</script> & <b>bold</b>'
    assert say(chat_client, kit, game_id, text, tokens[0]).json()["text"] == text
    assert chat(chat_client, game_id)["messages"][0]["text"] == text


@pytest.mark.parametrize(
    ("text", "code", "status"),
    [
        ("", "chat_empty", 422),
        (" \n\t ", "chat_empty", 422),
        ("x" * 501, "chat_too_long", 422),
        ("nul \x00 byte", "bad_request", 400),
    ],
)
def test_empty_too_long_or_control_text_is_refused_and_not_stored(
    chat_client, kit, db, text, code, status
):
    game_id, tokens, _ = table(chat_client, kit)
    r = say(chat_client, kit, game_id, text, tokens[0])
    assert r.status_code == status, r.text
    assert r.json()["error"]["code"] == code
    assert stored(db, game_id) == 0
    # A refusal costs nothing of the rate budget: three messages still go through.
    for i in range(3):
        assert say(chat_client, kit, game_id, f"m{i}", tokens[0]).status_code == 201


def test_five_hundred_characters_after_trimming_are_fine(chat_client, kit):
    game_id, tokens, _ = table(chat_client, kit)
    text = "é" * 500
    r = say(chat_client, kit, game_id, f"   {text}   ", tokens[0])
    assert r.status_code == 201, r.text
    assert r.json()["text"] == text


def test_too_fast_is_refused_with_retry_after_per_token_and_per_watcher(chat_client, kit, db):
    game_id, tokens, _ = table(chat_client, kit)
    for i in range(3):
        assert say(chat_client, kit, game_id, f"a{i}", tokens[0]).status_code == 201
    r = say(chat_client, kit, game_id, "one too many", tokens[0])
    assert r.status_code == 429
    assert r.json()["error"]["code"] == "chat_too_fast"
    assert "at most 3 messages in 60 seconds" in r.json()["error"]["message"]
    assert 1 <= int(r.headers["retry-after"]) <= 60
    assert stored(db, game_id) == 3
    # The other seat and the watchers have budgets of their own.
    assert say(chat_client, kit, game_id, "my turn to talk", tokens[1]).status_code == 201
    for i in range(3):
        assert say(chat_client, kit, game_id, f"w{i}").status_code == 201
    r = say(chat_client, kit, game_id, "watcher, one too many")
    assert r.status_code == 429 and r.json()["error"]["code"] == "chat_too_fast"
    assert [m["text"] for m in chat(chat_client, game_id)["messages"]][-1] == "w2"


def test_host_closes_chat_to_watchers_players_still_talk(chat_client, kit, db):
    game_id, tokens, host = table(chat_client, kit)
    settings = f"/api/games/{game_id}/chat/settings"
    # Only the host token may switch it.
    r = chat_client.put(settings, json={"watchers": False})
    assert r.status_code == 401 and r.json()["error"]["code"] == "unauthorized"
    r = chat_client.put(settings, headers=kit.bearer(tokens[1]), json={"watchers": False})
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
    r = chat_client.put(settings, headers=kit.bearer(host), json={"watchers": "no"})
    assert r.status_code == 400
    assert chat(chat_client, game_id)["watchers"] is True

    r = chat_client.put(settings, headers=kit.bearer(host), json={"watchers": False})
    assert r.status_code == 200 and r.json() == {"watchers": False}
    assert chat(chat_client, game_id)["watchers"] is False
    r = say(chat_client, kit, game_id, "let me in", name="Ada")
    assert r.status_code == 403 and r.json()["error"]["code"] == "chat_closed"
    assert stored(db, game_id) == 0
    assert say(chat_client, kit, game_id, "just us now", tokens[0]).status_code == 201

    chat_client.put(settings, headers=kit.bearer(host), json={"watchers": True})
    assert say(chat_client, kit, game_id, "back again", name="Ada").status_code == 201


def test_unknown_game_and_bad_tokens_are_refused(chat_client, kit):
    game_id, _, _ = table(chat_client, kit)
    assert chat_client.get("/api/games/nope/chat").json()["error"]["code"] == "unknown_game"
    assert say(chat_client, kit, "nope", "hi").json()["error"]["code"] == "unknown_game"
    r = say(chat_client, kit, game_id, "hi", "not-a-token")
    assert r.status_code == 401
    _, other_tokens, _ = table(chat_client, kit)
    r = say(chat_client, kit, game_id, "hi", other_tokens[0])
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
    r = chat_client.post(f"/api/games/{game_id}/chat", json={"text": 5})
    assert r.status_code == 400
    r = chat_client.get(f"/api/games/{game_id}/chat?after=-1")
    assert r.status_code == 400
    assert chat(chat_client, game_id)["messages"] == []


def test_a_released_seat_token_cannot_write(chat_client, kit):
    game_id, tokens, _ = table(chat_client, kit)
    r = chat_client.post(f"/api/games/{game_id}/seats/1/release", headers=kit.bearer(tokens[1]))
    assert r.status_code == 200, r.text
    r = say(chat_client, kit, game_id, "still here?", tokens[1])
    assert r.status_code == 401
    assert chat(chat_client, game_id)["messages"] == []


def test_the_last_hundred_first_then_page_on_with_after(database_url, kit):
    with TestClient(create_app(settings_for(database_url, chat_rate=0))) as http:  # no limit
        game_id, tokens, _ = table(http, kit)
        for i in range(250):
            assert say(http, kit, game_id, f"m{i}", tokens[i % 2]).status_code == 201
        last = chat(http, game_id)["messages"]  # what a chat panel shows first
        assert [m["text"] for m in last] == [f"m{i}" for i in range(150, 250)]
        assert chat(http, game_id, after=last[-1]["id"])["messages"] == []
        newer = chat(http, game_id, after=last[2]["id"])["messages"]  # after m152
        assert [m["text"] for m in newer] == [f"m{i}" for i in range(153, 250)]
        # A client that missed more than a page reads every message, a page at a time.
        texts: list[str] = []
        after = 0
        for _ in range(4):
            page = chat(http, game_id, after=after)["messages"]
            texts += [m["text"] for m in page]
            if len(page) < 100:
                break
            after = page[-1]["id"]
        assert texts == [f"m{i}" for i in range(250)]


def test_chat_stays_after_the_end_and_players_say_gg(client, kit):
    game_id, tokens, _ = table(client, kit)
    assert say(client, kit, game_id, "glhf", tokens[0]).status_code == 201
    play_to_end(client, game_id, tokens, random.Random(3))
    assert client.get(f"/api/games/{game_id}/view").json()["status"] == "over"
    assert say(client, kit, game_id, "gg", tokens[1]).status_code == 201
    assert say(client, kit, game_id, "well played", name="Ada").status_code == 201
    assert [m["text"] for m in chat(client, game_id)["messages"]] == ["glhf", "gg", "well played"]


def test_message_texts_never_reach_the_logs(chat_client, kit, caplog):
    game_id, tokens, _ = table(chat_client, kit)
    with caplog.at_level(logging.DEBUG):
        say(chat_client, kit, game_id, "secret-plan-xyzzy", tokens[0])
        say(chat_client, kit, game_id, "x" * 600 + "secret-plan-xyzzy", tokens[0])
        chat(chat_client, game_id)
    assert "secret-plan-xyzzy" not in caplog.text


def test_a_database_error_answers_503_and_keeps_the_text_out_of_the_logs(
    chat_client, kit, caplog, monkeypatch
):
    game_id, tokens, _ = table(chat_client, kit)
    db = chat_client.app.state.chat.db

    @contextlib.contextmanager
    def locked(session):
        # What SQLAlchemy raises carries the statement and its parameters: the text.
        raise sa_exc.OperationalError(
            "INSERT INTO chat_messages ...", {"text": "secret-plan-xyzzy"}, Exception("locked")
        )
        yield session

    monkeypatch.setattr(db, "write", locked)
    with caplog.at_level(logging.DEBUG):
        r = say(chat_client, kit, game_id, "secret-plan-xyzzy", tokens[0])
    assert r.status_code == 503 and r.json()["error"]["code"] == "database_unavailable"
    assert "secret-plan-xyzzy" not in caplog.text and "secret-plan-xyzzy" not in r.text
