"""The ladder and the profiles (docs/API.md, "Ladder and profiles"), read from real rated
games played to their end through the API: who stands on a kind's ladder and in which
order, and what a profile says of an account's rated games, its chart and a head-to-head."""

from __future__ import annotations

import itertools
import random
from datetime import UTC, datetime

import pytest
from sqlalchemy import insert, update

from app.db.models import AccountRow, RatingRow
from bots.policies import random_policy
from tests.api.test_bots import wait_until_over
from tests.api.test_ratings_api import KIND, rated_table
from tests.support.accounts import anna, bert, error_code, player
from tests.support.play import play_to_end

__all__ = ["anna", "bert"]


def place_of(client, game_id: str, seat: int) -> int:
    places = client.get(f"/api/games/{game_id}/result").json()["places"]
    return next(i + 1 for i, tied in enumerate(places) if seat in tied)


@pytest.fixture
def season(client, db, anna, bert):
    """Anna and Bert play three rated games (seats alternating), Anna and Carl one; each
    game's (id, {name: place})."""
    carl = player(client, db, "Carl")
    games = []
    for i, pair in enumerate([(anna, bert), (bert, anna), (anna, bert), (carl, anna)]):
        game_id, tokens = rated_table(client, list(pair))
        play_to_end(client, game_id, tokens, random.Random(10 + i))
        games.append((game_id, {p.name: place_of(client, game_id, s) for s, p in enumerate(pair)}))
    return games


def test_the_ladder_lists_players_with_enough_games_best_first(client, anna, season):
    r = anna.get(f"/api/ladder/{KIND}")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["min_games"] == 3
    entries = body["players"]
    # Carl has one rated game: below the ladder's three.
    assert sorted(e["name"] for e in entries) == ["Anna", "Bert"]
    assert [e["rank"] for e in entries] == [1, 2]
    assert entries[0]["rating"] >= entries[1]["rating"]
    won = {name: sum(places.get(name) == 1 for _, places in season) for name in ("Anna", "Bert")}
    for e in entries:
        assert e["games"] == {"Anna": 4, "Bert": 3}[e["name"]]
        assert e["won"] == won[e["name"]]
        assert e["bot"] is None
    # Each entry's number is the one its ratings route shows.
    for e in entries:
        [mine] = anna.get(f"/api/accounts/{e['name']}/ratings").json()["ratings"]
        assert mine["rating"] == e["rating"]
    everyone = anna.get(f"/api/ladder/{KIND}?min_games=1").json()["players"]
    assert sorted(e["name"] for e in everyone) == ["Anna", "Bert", "Carl"]
    assert len(anna.get(f"/api/ladder/{KIND}?min_games=1&limit=1").json()["players"]) == 1
    assert anna.get("/api/ladder/dschingis_khan").json()["players"] == []


def test_a_profile_tells_an_accounts_rated_games(client, anna, bert, season):
    r = bert.get("/api/accounts/anna/profile?against=BERT")
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["name"], body["bot"], body["owner"]) == ("Anna", None, None)
    [kind] = body["kinds"]
    annas = [places["Anna"] for _, places in season]
    assert kind["kind"] == KIND and kind["played"] == 4
    assert kind["won"] == annas.count(1)
    assert kind["by_players"] == [{"players": 2, "played": 4, "won": annas.count(1)}]
    ladder = anna.get(f"/api/ladder/{KIND}").json()["players"]
    assert kind["rank"] == next(e["rank"] for e in ladder if e["name"] == "Anna")
    # The chart: one point per game, oldest first, each starting where the last ended.
    chart = kind["chart"]
    assert [p["game"] for p in chart] == [game_id for game_id, _ in season]
    assert chart[0]["before"] == 1000
    assert all(b["before"] == a["rating"] for a, b in itertools.pairwise(chart))
    assert chart[-1]["rating"] == kind["rating"]
    # The latest games, newest first, with every player and a link to the replay.
    recent = body["recent"]
    assert [g["game"] for g in recent] == [game_id for game_id, _ in season][::-1]
    for g, (game_id, places) in zip(recent, season[::-1], strict=True):
        assert {p["name"]: p["place"] for p in g["players"]} == places
        assert g["place"] == places["Anna"] and g["replay"] == f"/play/{game_id}"
        assert [p["place"] for p in g["players"]] == sorted(p["place"] for p in g["players"])
    # Head-to-head with Bert: the three games they played, from Anna's side.
    h2h = body["head_to_head"]
    assert h2h["against"]["name"] == "Bert"
    pairs = [(p["Anna"], p["Bert"]) for _, p in season if "Bert" in p]
    assert h2h["kinds"] == [
        {
            "kind": KIND,
            "games": 3,
            "ahead": sum(a < b for a, b in pairs),
            "behind": sum(a > b for a, b in pairs),
            "level": sum(a == b for a, b in pairs),
        }
    ]
    assert anna.get("/api/accounts/Anna/profile").json()["head_to_head"] is None


def test_a_newcomers_profile_is_empty(client, db, anna):
    player(client, db, "Dora")
    body = anna.get("/api/accounts/dora/profile").json()
    assert (body["name"], body["kinds"], body["recent"]) == ("Dora", [], [])


def test_the_server_bots_are_on_the_ladder_marked_as_bots(client, anna):
    client.app.state.bots.policy = random_policy  # fast: strength is not the point here
    seats = [{"bot": True, "level": "easy"}, {"bot": True, "level": "hard"}]
    r = client.post(
        "/api/games", json={"kind": KIND, "num_seats": 2, "seats": seats, "rated": True}
    )
    wait_until_over(client, r.json()["id"])
    entries = anna.get(f"/api/ladder/{KIND}?min_games=1").json()["players"]
    assert sorted((e["name"], e["bot"], e["bot_level"]) for e in entries) == [
        ("Bot · easy", "server", "easy"),
        ("Bot · hard", "server", "hard"),
    ]
    body = anna.get("/api/accounts/Bot · hard/profile").json()
    assert body["bot"] == "server" and body["kinds"][0]["played"] == 1


def test_the_refusals(client, anna):
    for path in (f"/api/ladder/{KIND}", "/api/accounts/Anna/profile"):
        r = client.get(path)
        assert (r.status_code, error_code(r)) == (401, "not_signed_in"), path
    for path, status, code in (
        ("/api/ladder/chess", 404, "unknown_kind"),
        (f"/api/ladder/{KIND}?min_games=0", 400, "bad_request"),
        (f"/api/ladder/{KIND}?limit=101", 400, "bad_request"),
        (f"/api/ladder/{KIND}?limit=+5", 400, "bad_request"),
        ("/api/accounts/Nobody/profile", 404, "unknown_account"),
        ("/api/accounts/Anna/profile?against=Nobody", 404, "unknown_account"),
    ):
        r = anna.get(path)
        assert (r.status_code, error_code(r)) == (status, code), path


def test_equal_ratings_share_a_rank_and_disabled_accounts_are_not_listed(client, db, anna):
    """Rows as rated games leave them (written here directly: the order is the point)."""
    names = ["Ina", "Jan", "Kai", "Lou"]
    ids = {name: player(client, db, name).account_id for name in names}
    with db.begin() as conn:
        for name, (mu, sigma) in zip(
            names, [(30.0, 4.0), (30.0, 4.0), (28.0, 4.0), (40.0, 2.0)], strict=True
        ):
            conn.execute(
                insert(RatingRow).values(
                    account_id=ids[name],
                    kind=KIND,
                    mu=mu,
                    sigma=sigma,
                    games=5,
                    updated_at=datetime.now(UTC),
                )
            )
        conn.execute(
            update(AccountRow)
            .where(AccountRow.id == ids["Lou"])
            .values(disabled_at=datetime.now(UTC))
        )
    entries = anna.get(f"/api/ladder/{KIND}").json()["players"]
    assert [(e["rank"], e["name"]) for e in entries] == [(1, "Ina"), (1, "Jan"), (3, "Kai")]
    assert anna.get("/api/accounts/Jan/profile").json()["kinds"][0]["rank"] == 1
    assert anna.get("/api/accounts/Kai/profile").json()["kinds"][0]["rank"] == 3
