"""My games in order: the games that wait for the account first, then the most recently
changed; finished games after them as they come, bounded (issue 38, item 2)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from app.services import account_seats
from tests.support.accounts import account_with_cookie, signed_in
from tests.support.play import auth

KIND = "dolmengoetter"


def table(client: Any, anna: str, anna_seat: int, **extra: Any) -> tuple[str, dict[int, str], str]:
    """A two-seat game, seat 0 moving first, Anna (signed in) at ``anna_seat`` and Bert
    (anonymous) at the other: its id, the tokens and the host token."""
    r = client.post(
        "/api/games",
        json={"kind": KIND, "num_seats": 2, "options": {"start_player": 0}, **extra},
    )
    assert r.status_code == 201, r.text
    game = r.json()
    tokens = {}
    for seat in (0, 1):
        headers = signed_in(anna) if seat == anna_seat else {}
        name = "Anna" if seat == anna_seat else "Bert"
        key = game["invites"][seat]["key"]
        joined = client.post(
            f"/api/games/{game['id']}/seats/{seat}/join",
            json={"name": name, "key": key},
            headers=headers,
        )
        assert joined.status_code == 201, joined.text
        tokens[seat] = joined.json()["token"]
    return game["id"], tokens, game["host_token"]


def move(client: Any, game_id: str, token: str) -> None:
    legal = client.get(f"/api/games/{game_id}/legal-actions", headers=auth(token)).json()
    r = client.post(
        f"/api/games/{game_id}/actions",
        headers=auth(token),
        json={"version": legal["version"], "action": legal["actions"][0]["action"]},
    )
    assert r.status_code == 200, r.text


def my_games(client: Any, cookie: str) -> list[dict[str, Any]]:
    r = client.get("/api/me/games", headers=signed_in(cookie))
    assert r.status_code == 200, r.text
    return r.json()["games"]


def test_games_waiting_for_the_account_come_first_then_the_newest(client) -> None:
    _, anna = account_with_cookie(client, "Anna")
    waits_for_bert, tokens_1, _ = table(client, anna, anna_seat=1)
    anna_to_move, _, _ = table(client, anna, anna_seat=0)
    newest, _, _ = table(client, anna, anna_seat=1)

    order = [(g["game_id"], g["your_turn"]) for g in my_games(client, anna)]
    assert order == [(anna_to_move, True), (newest, False), (waits_for_bert, False)]

    # Bert moves in the oldest game: now it waits for Anna, and it changed last.
    move(client, waits_for_bert, tokens_1[0])
    order = [(g["game_id"], g["your_turn"]) for g in my_games(client, anna)]
    assert order == [(waits_for_bert, True), (anna_to_move, True), (newest, False)]


def test_clocks_and_abandoned_games_are_listed_as_every_player_sees_them(client) -> None:
    _, anna = account_with_cookie(client, "Anna")
    daily, _, _ = table(
        client, anna, anna_seat=0, time_control={"type": "correspondence", "hours": 24}
    )
    gone, _, host = table(client, anna, anna_seat=1)
    assert client.post(f"/api/games/{gone}/abandon", headers=auth(host)).status_code == 200

    listed = {g["game_id"]: g for g in my_games(client, anna)}
    clock = client.get(f"/api/games/{daily}").json()["clock"]
    assert listed[daily]["time_control"] == {"type": "correspondence", "seconds": 86400}
    assert datetime.fromisoformat(listed[daily]["deadline"]) == datetime.fromisoformat(
        clock["deadline"]
    )
    assert listed[gone]["status"] == "abandoned" and listed[gone]["your_turn"] is False
    assert listed[gone]["deadline"] is None


def test_every_live_game_and_only_the_newest_finished_ones(client, monkeypatch) -> None:
    monkeypatch.setattr(account_seats, "FINISHED_LISTED", 2)
    _, anna = account_with_cookie(client, "Anna")
    live = [table(client, anna, anna_seat=1)[0] for _ in range(3)]
    finished = []
    for _ in range(3):
        game_id, _, host = table(client, anna, anna_seat=0)
        assert client.post(f"/api/games/{game_id}/abandon", headers=auth(host)).status_code == 200
        finished.append(game_id)
    listed = [g["game_id"] for g in my_games(client, anna)]
    assert sorted(listed) == sorted(live + finished[1:])
    assert listed[:2] == [finished[2], finished[1]]  # changed last


@pytest.mark.parametrize("seat", [0, 1])
def test_another_account_never_sees_these_games(client, seat: int) -> None:
    _, anna = account_with_cookie(client, "Anna")
    _, carl = account_with_cookie(client, "Carl")
    table(client, anna, anna_seat=seat)
    assert my_games(client, carl) == []
    assert len(my_games(client, anna)) == 1


def test_a_resigned_seat_is_never_the_account_s_turn(client) -> None:
    """The server's bot plays a resigned seat to the end: it stays in My games, never as
    the account's turn, and its token still opens the game."""
    _, anna = account_with_cookie(client, "Anna")
    game_id, tokens, _ = table(client, anna, anna_seat=0)
    assert [g["your_turn"] for g in my_games(client, anna)] == [True]
    r = client.post(f"/api/games/{game_id}/seats/0/resign", headers=auth(tokens[0]))
    assert r.status_code == 200, r.text
    [entry] = my_games(client, anna)
    assert entry["game_id"] == game_id and entry["your_turn"] is False
    taken = client.post(f"/api/me/games/{game_id}/access", headers=signed_in(anna)).json()
    assert taken == {"seat": 0, "token": tokens[0]}
