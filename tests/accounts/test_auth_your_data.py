"""Your data (issue 38, item 5): ``GET /api/me/export`` holds the account's own data and no
secret; ``DELETE /api/me`` removes the account, and its seats stay with their games as
"deleted player"."""

from __future__ import annotations

import json
from typing import Any

from app.core.security import hash_token
from tests.support.accounts import PASSWORD, cookie, log_in, sign_up, site, sql

WEBHOOK = "https://hooks.example.org/services/T000/B000/anna-webhook-secret"


def _table(s, kit, anna, bert) -> tuple[str, dict[int, str]]:
    """A game with Anna in seat 0 and Bert in seat 1 (their accounts holding the seats),
    where each wrote in the chat; a line by seat 0's earlier player comes first."""
    game_id, tokens = kit.new_game(anna, "dschingis_khan", 2)
    database_url = s.app.state.settings.database_url
    for seat, name in ((0, "Anna"), (1, "Bert")):
        sql(
            database_url,
            "UPDATE seats SET account_id = (SELECT id FROM accounts WHERE name = :n) "
            "WHERE game_id = :g AND seat = :s",
            n=name,
            g=game_id,
            s=seat,
        )
    sql(
        database_url,
        "INSERT INTO chat_messages (game_id, seat, name, text, created_at) "
        "VALUES (:g, 0, 'Earlier', 'a line from before Anna sat down', '2000-01-01 00:00:00')",
        g=game_id,
    )
    for seat, text in ((0, "Anna says hello"), (1, "Bert says hi")):
        r = anna.post(
            f"/api/games/{game_id}/chat", json={"text": text}, headers=kit.bearer(tokens[seat])
        )
        assert r.status_code == 201, r.text
    return game_id, tokens


def _people(s) -> tuple[Any, Any, dict[str, Any]]:
    anna, bert = s.browser(), s.browser()
    sign_up(anna, "Anna")
    sign_up(bert, "Bert")
    database_url = s.app.state.settings.database_url
    ids = dict(sql(database_url, "SELECT name, id FROM accounts"))
    sql(
        database_url,
        "UPDATE accounts SET notify = :n WHERE name = 'Anna'",
        n=json.dumps({"webhook_url": WEBHOOK, "push": True, "confirm_secret": "HUSH-1234"}),
    )
    sql(
        database_url,
        "INSERT INTO friendships (requester_id, addressee_id, status, created_at) "
        "VALUES (:a, :b, 'accepted', CURRENT_TIMESTAMP)",
        a=ids["Anna"],
        b=ids["Bert"],
    )
    sql(
        database_url,
        "INSERT INTO passkeys (account_id, credential_id, public_key, sign_count, transports,"
        " label, created_at) VALUES (:a, 'CRED-ID-ANNA', 'PUBLIC-KEY-ANNA', 0, '[]', 'Phone',"
        " CURRENT_TIMESTAMP)",
        a=ids["Anna"],
    )
    sql(
        database_url,
        "INSERT INTO push_subscriptions (account_id, endpoint, endpoint_hash, p256dh, auth,"
        " created_at) VALUES (:a, 'https://push.example/ENDPOINT-SECRET', 'h1', 'P256DH-KEY',"
        " 'AUTH-SECRET', CURRENT_TIMESTAMP)",
        a=ids["Anna"],
    )
    sql(
        database_url,
        "INSERT INTO deliveries (account_id, channel, dedupe_key, event, status, due_at,"
        " attempts, created_at) VALUES (:a, 'webhook', 'turn:x:0:1', '{}', 'pending',"
        " CURRENT_TIMESTAMP, 0, CURRENT_TIMESTAMP)",
        a=ids["Anna"],
    )
    return anna, bert, ids


def test_export_holds_your_data_and_no_secret(database_url, kit):
    with site(database_url) as s:
        anna, bert, _ = _people(s)
        root = s.browser()
        game_id, tokens = _table(s, kit, anna, bert)
        r = anna.get("/api/me/export")
        assert r.status_code == 200
        data = r.json()
        assert data["account"]["name"] == "Anna"
        assert data["notifications"]["webhook_url"] == WEBHOOK
        assert data["notifications"]["push"] is True
        assert data["friends"][0]["name"] == "Bert"
        assert data["passkeys"][0]["label"] == "Phone"
        assert len(data["sessions"]) == 1
        assert [(x["game_id"], x["seat"], x["name"]) for x in data["seats"]] == [(game_id, 0, "P0")]
        assert [line["text"] for line in data["chat"]] == ["Anna says hello"]
        text = r.text
        secrets = [
            PASSWORD,
            cookie(anna),
            hash_token(cookie(anna) or ""),
            *tokens.values(),
            *(hash_token(t) for t in tokens.values()),
            "PUBLIC-KEY-ANNA",
            "AUTH-SECRET",
            "P256DH-KEY",
            "ENDPOINT-SECRET",
            "HUSH-1234",
            "$argon2",
        ]
        for secret in secrets:
            assert secret and secret not in text, secret
        # Only Anna's own data: nothing of Bert's but his name as her friend.
        bert_data = bert.get("/api/me/export")
        assert "Bert says hi" not in text
        assert "a line from before Anna sat down" not in text
        bert_friend_code = bert.get("/api/me").json()["account"]["friend_link"]
        assert bert_friend_code not in text
        assert cookie(bert) not in text
        assert "Anna says hello" not in bert_data.text
        assert WEBHOOK not in bert_data.text
        assert bert_data.json()["account"]["name"] == "Bert"
        assert root.get("/api/me/export").status_code == 401


def test_delete_needs_the_name_and_removes_everything_of_the_account(database_url, kit):
    with site(database_url) as s:
        anna, bert, ids = _people(s)
        phone = s.browser()
        log_in(phone, "Anna")
        finished, _ = _table(s, kit, anna, bert)
        live, tokens = _table(s, kit, anna, bert)
        sql(database_url, "UPDATE games SET status = 'over' WHERE id = :g", g=finished)
        assert anna.get(f"/api/games/{finished}").json()["seats"][0]["name"] == "P0"  # cached

        r = anna.request("DELETE", "/api/me", json={"confirm": "Bert"})
        assert (r.status_code, r.json()["error"]["code"]) == (422, "confirm_mismatch")
        assert sql(database_url, "SELECT count(*) FROM accounts")[0][0] == 2

        r = anna.request("DELETE", "/api/me", json={"confirm": "anna"})
        assert r.status_code == 204
        assert anna.get("/api/me").status_code == 401
        assert phone.get("/api/me").status_code == 401
        anna_id = ids["Anna"]
        for table, column in [
            ("accounts", "id"),
            ("auth_sessions", "account_id"),
            ("passkeys", "account_id"),
            ("push_subscriptions", "account_id"),
            ("deliveries", "account_id"),
            ("friendships", "requester_id"),
            ("friendships", "addressee_id"),
            ("seats", "account_id"),
        ]:
            count = sql(
                database_url, f"SELECT count(*) FROM {table} WHERE {column} = :a", a=anna_id
            )
            assert count[0][0] == 0, table
        # Both games keep the seat, as "deleted player", and every page reads the new name.
        for game_id in (finished, live):
            seats = s.browser().get(f"/api/games/{game_id}").json()["seats"]
            assert [x["name"] for x in seats] == ["deleted player", "P1"]
            chat = s.browser().get(f"/api/games/{game_id}/chat").json()["messages"]
            names = {m["text"]: m["name"] for m in chat}
            assert names["Anna says hello"] == "deleted player"
            assert names["Bert says hi"] == "P1"
            assert names["a line from before Anna sat down"] == "Earlier"
        # In the live game the seat plays on for whoever holds its token.
        view = s.browser().get(f"/api/games/{live}/view", headers=kit.bearer(tokens[0]))
        assert view.status_code == 200 and view.json()["seat"] == 0
        # Bert keeps his account, without the friendship; the name is free again.
        assert bert.get("/api/me").status_code == 200
        assert bert.get("/api/me/export").json()["friends"] == []
        sign_up(s.browser(), "Anna")
        r = s.browser().post("/api/auth/login", json={"name": "Anna", "password": PASSWORD})
        assert r.status_code == 200
