"""Ratings through the API (docs/API.md, "Ratings"): a rated game between accounts changes
their ratings once, at its end, by the table's places; loading the finished game again (in
this process or another app on the same database) changes nothing more. An unrated game, an
abandoned one and one with an anonymous seat change nobody's rating."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from sqlalchemy import Engine, select

from app.db.models import AccountRow, RatingHistoryRow, RatingRow, SeatRow
from app.services.ratings import DEFAULT, shown, updated
from bots.policies import random_policy
from tests.api.test_bots import wait_until_over
from tests.support.accounts import (
    PASSWORD,
    Player,
    anna,
    app_client,
    bert,
    error_code,
    player,
    signed_in,
)
from tests.support.play import auth, play_to_end
from tests.support.waiting import wait_for

__all__ = ["anna", "bert"]

KIND = "dolmengoetter"


def rated_table(
    http: Any, seated: list[Player | None], *, rated: bool = True
) -> tuple[str, dict[int, str]]:
    """A new game of ``len(seated)`` seats, ``rated`` or not, each seat joined by its
    player signed in (``None``: anonymously); the id and the seats' tokens."""
    r = http.post("/api/games", json={"kind": KIND, "num_seats": len(seated), "rated": rated})
    assert r.status_code == 201, r.text
    assert r.json()["rated"] is rated
    game_id, keys = r.json()["id"], {i["seat"]: i["key"] for i in r.json()["invites"]}
    tokens = {}
    for seat, who in enumerate(seated):
        body = {"name": who.name if who else f"Guest {seat}", "key": keys[seat]}
        path = f"/api/games/{game_id}/seats/{seat}/join"
        joined = who.post(path, body) if who else http.post(path, json=body)
        assert joined.status_code == 201, joined.text
        tokens[seat] = joined.json()["token"]
    return game_id, tokens


def ratings_rows(db: Engine) -> list[tuple[int, str, float, float, int]]:
    with db.connect() as conn:
        return [
            tuple(r)
            for r in conn.execute(
                select(
                    RatingRow.account_id,
                    RatingRow.kind,
                    RatingRow.mu,
                    RatingRow.sigma,
                    RatingRow.games,
                ).order_by(RatingRow.account_id)
            )
        ]


def history_rows(db: Engine) -> list[Any]:
    with db.connect() as conn:
        return list(conn.execute(select(RatingHistoryRow).order_by(RatingHistoryRow.id)))


def test_a_rated_game_between_accounts_counts_once(client, db, database_url, anna, bert):
    game_id, tokens = rated_table(client, [anna, bert])
    assert ratings_rows(db) == []  # nothing before the end
    play_to_end(client, game_id, tokens, random.Random(1))
    result = client.get(f"/api/games/{game_id}/result").json()
    expected = updated([DEFAULT, DEFAULT], result["places"])
    rows = ratings_rows(db)
    assert [(a, k, g) for a, k, _, _, g in rows] == [
        (anna.account_id, KIND, 1),
        (bert.account_id, KIND, 1),
    ]
    for (_, _, mu, sigma, _), want in zip(rows, expected, strict=True):
        assert (mu, sigma) == pytest.approx((want.mu, want.sigma))
    history = history_rows(db)
    assert [(h.game_id, h.account_id, h.seat) for h in history] == [
        (game_id, anna.account_id, 0),
        (game_id, bert.account_id, 1),
    ]
    places = {s: i + 1 for i, tied in enumerate(result["places"]) for s in tied}
    assert [h.place for h in history] == [places[0], places[1]]
    assert all((h.mu_before, h.sigma_before) == (DEFAULT.mu, DEFAULT.sigma) for h in history)

    # The route shows it to a signed-in caller, any account's.
    r = bert.get(f"/api/accounts/{anna.name.upper()}/ratings")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["name"] == "Anna"
    assert body["ratings"] == [
        {
            "kind": KIND,
            "rating": shown(expected[0].mu, expected[0].sigma),
            "mu": pytest.approx(expected[0].mu),
            "sigma": pytest.approx(expected[0].sigma),
            "games": 1,
        }
    ]
    [entry] = body["history"]
    assert (entry["game"], entry["seat"], entry["place"], entry["before"]) == (
        game_id,
        0,
        places[0],
        1000,
    )
    assert entry["after"] == body["ratings"][0]["rating"]

    # Loaded again (the game summary, its result, a move after the end) by this app and by
    # another one on the same database (a replay from the log): nothing changes.
    before = (ratings_rows(db), len(history_rows(db)))
    with app_client(database_url) as other:
        for http in (client, other):
            assert http.get(f"/api/games/{game_id}").json()["status"] == "over"
            assert http.get(f"/api/games/{game_id}/result").json() == result
            late = http.post(
                f"/api/games/{game_id}/actions",
                headers=auth(tokens[0]),
                json={"version": 0, "action": {"type": "pass"}},
            )
            assert late.status_code in (400, 409), late.text
    assert (ratings_rows(db), len(history_rows(db))) == before


def test_the_export_has_them_and_deleting_the_account_removes_them(client, db, anna, bert):
    game_id, tokens = rated_table(client, [anna, bert])
    play_to_end(client, game_id, tokens, random.Random(7))
    shown_to_bert = bert.get(f"/api/accounts/{anna.name}/ratings").json()
    export = anna.get("/api/me/export").json()["ratings"]
    assert export == {k: v for k, v in shown_to_bert.items() if k != "name"}
    assert [h["game"] for h in export["history"]] == [game_id]
    r = anna.http.request(
        "DELETE", "/api/me", json={"confirm": anna.name}, headers=signed_in(anna.cookie)
    )
    assert r.status_code in (200, 204), r.text
    assert [a for a, *_ in ratings_rows(db)] == [bert.account_id]
    assert [h.account_id for h in history_rows(db)] == [bert.account_id]


def test_a_second_rated_game_starts_from_the_first(client, db, anna, bert):
    for seed in (2, 3):
        game_id, tokens = rated_table(client, [bert, anna])  # seats the other way round
        play_to_end(client, game_id, tokens, random.Random(seed))
    history = history_rows(db)
    assert len(history) == 4
    first, second = history[:2], history[2:]
    after_first = {h.account_id: (h.mu_after, h.sigma_after) for h in first}
    for h in second:
        assert (h.mu_before, h.sigma_before) == after_first[h.account_id]
    assert {g for *_, g in ratings_rows(db)} == {2}
    # Its rematch is rated too.
    r = client.post(f"/api/games/{game_id}/rematch", headers=auth(tokens[0]))
    assert r.status_code == 200, r.text
    assert client.get(f"/api/games/{r.json()['game_id']}").json()["rated"] is True


def test_unrated_games_change_nothing(client, db, anna, bert):
    game_id, tokens = rated_table(client, [anna, bert], rated=False)
    play_to_end(client, game_id, tokens, random.Random(4))
    assert ratings_rows(db) == [] and history_rows(db) == []
    assert anna.get(f"/api/accounts/{anna.name}/ratings").json()["ratings"] == []


def test_an_anonymous_seat_makes_it_count_for_nobody(client, db, anna):
    game_id, tokens = rated_table(client, [anna, None])
    play_to_end(client, game_id, tokens, random.Random(5))
    assert client.get(f"/api/games/{game_id}").json()["status"] == "over"
    assert ratings_rows(db) == [] and history_rows(db) == []


def test_one_account_at_every_seat_counts_for_nobody(client, db, anna):
    """Playing against yourself (one account joined at both seats) rates nothing."""
    game_id, tokens = rated_table(client, [anna, anna])
    play_to_end(client, game_id, tokens, random.Random(8))
    assert ratings_rows(db) == [] and history_rows(db) == []


def test_an_abandoned_game_is_not_rated(client, db, anna, bert):
    r = client.post("/api/games", json={"kind": KIND, "num_seats": 2, "rated": True})
    created = r.json()
    keys = {i["seat"]: i["key"] for i in created["invites"]}
    tokens = {}
    for seat, who in enumerate((anna, bert)):
        joined = who.post(
            f"/api/games/{created['id']}/seats/{seat}/join", {"name": who.name, "key": keys[seat]}
        )
        tokens[seat] = joined.json()["token"]
    abandoned = client.post(
        f"/api/games/{created['id']}/abandon", headers=auth(created["host_token"])
    )
    assert abandoned.status_code == 200, abandoned.text
    assert abandoned.json()["status"] == "abandoned"
    assert ratings_rows(db) == [] and history_rows(db) == []


def test_a_resigned_seat_ranks_last_whatever_it_scored(client, db, anna, bert):
    """Anna resigns at once; the server's bot plays her seat to the end (TB-1)."""
    game_id, tokens = rated_table(client, [anna, bert])
    r = client.post(f"/api/games/{game_id}/seats/0/resign", headers=auth(tokens[0]))
    assert r.status_code == 200, r.text
    rng = random.Random(6)
    for _ in range(5000):
        state = client.get(f"/api/games/{game_id}/view").json()
        if state["status"] == "over":
            break
        if state["view"]["to_act"][0] == 0:  # the server's bot moves for Anna
            time.sleep(0.005)
            continue
        legal = client.get(f"/api/games/{game_id}/legal-actions", headers=auth(tokens[1])).json()
        r = client.post(
            f"/api/games/{game_id}/actions",
            headers=auth(tokens[1]),
            json={"version": legal["version"], "action": rng.choice(legal["actions"])["action"]},
        )
        assert r.status_code in (200, 409), r.text
    result = client.get(f"/api/games/{game_id}/result").json()
    assert result["places"] == [[1], [0]] and result["resigned"] == [0]
    history = {h.account_id: h for h in history_rows(db)}
    assert (history[anna.account_id].place, history[bert.account_id].place) == (2, 1)
    assert history[bert.account_id].mu_after > DEFAULT.mu > history[anna.account_id].mu_after


def test_the_server_bots_play_rated_games_as_their_levels_accounts(client, db):
    """A rated game of three server bots (one per level) rates the three bot accounts,
    "Bot · easy" to "Bot · hard"; a second such game rates the same three accounts."""
    client.app.state.bots.policy = random_policy  # fast: strength is not the point here
    seats = [{"bot": True, "level": level} for level in ("easy", "medium", "hard")]
    for _ in range(2):
        r = client.post(
            "/api/games", json={"kind": KIND, "num_seats": 3, "seats": seats, "rated": True}
        )
        assert r.status_code == 201, r.text
        wait_until_over(client, r.json()["id"])
    with db.connect() as conn:
        bots = conn.execute(
            select(AccountRow.name, AccountRow.bot, AccountRow.bot_level, RatingRow.games)
            .join(RatingRow, RatingRow.account_id == AccountRow.id)
            .order_by(AccountRow.id)
        ).all()
    assert [tuple(b) for b in bots] == [
        (f"Bot · {level}", "server", level, 2) for level in ("easy", "medium", "hard")
    ]


def test_a_rated_game_seats_each_bot_level_once(client, db):
    seats = [{"bot": False}, {"bot": True}, {"bot": True, "level": "medium"}]
    r = client.post(
        "/api/games", json={"kind": KIND, "num_seats": 3, "seats": seats, "rated": True}
    )
    assert r.status_code == 400, r.text
    assert error_code(r) == "bad_request" and "each account once" in r.text
    assert client.post("/api/games", json={"kind": KIND, "num_seats": 2}).json()["rated"] is False
    with db.connect() as conn:  # nothing made: no game, no bot account
        assert conn.execute(select(AccountRow.id)).all() == []


def test_nobody_takes_a_server_bots_name(client):
    for name in ("Bot · hard", "BOT · EASY", "bot ·  medium"):
        r = client.post("/api/auth/signup", json={"name": name, "password": PASSWORD})
        assert (r.status_code, error_code(r)) == (409, "name_taken"), name


def test_the_open_games_list_says_which_are_rated(client):
    made = {
        rated: client.post(
            "/api/games", json={"kind": KIND, "num_seats": 2, "public": True, "rated": rated}
        ).json()["id"]
        for rated in (True, False)
    }
    listed = client.get("/api/games")
    assert listed.status_code == 200, listed.text
    by_id = {game["id"]: game["rated"] for game in listed.json()}
    assert by_id[made[True]] is True and by_id[made[False]] is False


def test_the_ratings_route_refusals(client, db, anna):
    r = client.get(f"/api/accounts/{anna.name}/ratings")
    assert (r.status_code, error_code(r)) == (401, "not_signed_in")
    r = anna.get("/api/accounts/Nobody/ratings")
    assert (r.status_code, error_code(r)) == (404, "unknown_account")
    assert player(client, db, "Carl").get("/api/accounts/Anna/ratings").status_code == 200


def test_seats_the_bot_finished_after_their_clocks_ran_out_rank_by_score(database_url, db):
    """Both live clocks run out: the server's bot stands in for both seats and plays the
    game to its end; nobody resigned, so the places are the scores' (TB-1)."""
    with app_client(database_url, clock_min_seconds=1, clock_poll_seconds=0.1) as http:
        anna, bert = player(http, db, "Anna"), player(http, db, "Bert")
        r = http.post(
            "/api/games",
            json={
                "kind": KIND,
                "num_seats": 2,
                "rated": True,
                "time_control": {"type": "live", "seconds": 1, "increment": 0},
            },
        )
        assert r.status_code == 201, r.text
        game_id, keys = r.json()["id"], {i["seat"]: i["key"] for i in r.json()["invites"]}
        for seat, who in enumerate((anna, bert)):
            joined = who.post(
                f"/api/games/{game_id}/seats/{seat}/join", {"name": who.name, "key": keys[seat]}
            )
            assert joined.status_code == 201, joined.text
        wait_for(
            lambda: http.get(f"/api/games/{game_id}").json()["status"] == "over",
            "the server's bot finishing the game",
            seconds=120,
        )
        result = http.get(f"/api/games/{game_id}/result").json()
        seats = http.get(f"/api/games/{game_id}").json()["seats"]
    assert [s["stand_in"] for s in seats] == ["timeout", "timeout"]
    assert result["resigned"] == []
    places = {s: i + 1 for i, tied in enumerate(result["places"]) for s in tied}
    history = {h.seat: h.place for h in history_rows(db)}
    assert history == places
    scores = result["scores"]
    if scores[0] != scores[1]:  # equal scores: the game's tie-break decides (DG-10)
        assert (history[0] < history[1]) == (scores[0] > scores[1])


def test_a_person_against_a_server_bot_and_their_rematch(client, db, anna):
    """Anna against Bot · hard in a rated game: both ratings move; the rematch is rated and
    seats the same bot account again (it comes through the same creation)."""
    client.app.state.bots.policy = random_policy  # fast: strength is not the point here
    seats = [{"bot": False}, {"bot": True, "level": "hard"}]
    r = client.post(
        "/api/games", json={"kind": KIND, "num_seats": 2, "seats": seats, "rated": True}
    )
    game_id, key = r.json()["id"], r.json()["invites"][0]["key"]
    token = anna.post(f"/api/games/{game_id}/seats/0/join", {"name": anna.name, "key": key}).json()[
        "token"
    ]
    rng = random.Random(12)
    for _ in range(5000):
        state = client.get(f"/api/games/{game_id}/view").json()
        if state["status"] == "over":
            break
        if state["view"]["to_act"][0] != 0:  # the bot's turn
            time.sleep(0.005)
            continue
        legal = client.get(f"/api/games/{game_id}/legal-actions", headers=auth(token)).json()
        client.post(
            f"/api/games/{game_id}/actions",
            headers=auth(token),
            json={"version": legal["version"], "action": rng.choice(legal["actions"])["action"]},
        )
    with db.connect() as conn:
        bot = conn.execute(
            select(AccountRow.id).where(AccountRow.name == "Bot · hard")
        ).scalar_one()
    assert sorted(h.account_id for h in history_rows(db)) == sorted([anna.account_id, bot])
    r = client.post(f"/api/games/{game_id}/rematch", headers=auth(token))
    assert r.status_code == 200, r.text
    rematch = r.json()["game_id"]
    assert client.get(f"/api/games/{rematch}").json()["rated"] is True
    with db.connect() as conn:
        held = conn.execute(
            select(SeatRow.account_id).where(SeatRow.game_id == rematch, SeatRow.bot)
        ).scalar_one()
    assert held == bot
