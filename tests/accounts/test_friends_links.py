"""Friend links (/friends/add/{code}): whoever opens one and says yes is its owner's friend
at once; a renewed link names nobody any more (docs/API.md, "Friends")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.db.models import AccountRow, FriendshipRow
from tests.support.accounts import Player, anna, app_client, bert, error_code, player

__all__ = ["anna", "bert"]  # fixtures


def code_of(link: str) -> str:
    prefix, _, code = link.rpartition("/friends/add/")
    assert prefix and code, link
    return code


def by_link(opener: Player, owner: Player):
    return opener.post("/api/me/friends", {"code": code_of(owner.friends()["link"])})


def rows(db) -> int:
    with Session(db) as session:
        return session.scalar(select(func.count()).select_from(FriendshipRow)) or 0


def test_the_link_is_the_accounts_own_on_this_server(anna, bert) -> None:
    link = anna.friends()["link"]
    assert link.startswith("http://testserver/friends/add/")
    assert anna.friends()["link"] == link  # the same until renewed
    assert bert.friends()["link"] != link


def test_the_link_names_the_public_url(database_url, db) -> None:
    with app_client(database_url, public_url="https://games.example.org/") as http:
        anna = player(http, db, "Anna")
        assert anna.friends()["link"].startswith("https://games.example.org/friends/add/")
        renewed = anna.post("/api/me/friend-link").json()["link"]
        assert renewed.startswith("https://games.example.org/friends/add/")


def test_opening_a_friend_link_makes_friends_at_once(anna, bert, db) -> None:
    r = by_link(bert, anna)
    assert r.status_code == 200
    assert r.json() == {"status": "accepted", "name": "Anna"}
    assert [f["name"] for f in anna.friends()["friends"]] == ["Bert"]
    assert [f["name"] for f in bert.friends()["friends"]] == ["Anna"]
    assert anna.friends()["incoming"] == [] and bert.friends()["outgoing"] == []
    r = by_link(bert, anna)
    assert (r.status_code, error_code(r)) == (409, "already_friends")
    assert rows(db) == 1


@pytest.mark.parametrize("who_asked", ["opener", "owner"])
def test_a_link_settles_a_waiting_request_either_way(anna, bert, db, who_asked) -> None:
    if who_asked == "opener":
        assert bert.ask("Anna").status_code == 201
    else:
        assert anna.ask("Bert").status_code == 201
    r = by_link(bert, anna)
    assert r.json() == {"status": "accepted", "name": "Anna"}
    assert [f["name"] for f in bert.friends()["friends"]] == ["Anna"]
    for me in (anna, bert):
        assert me.friends()["incoming"] == [] and me.friends()["outgoing"] == []
    assert rows(db) == 1


def test_your_own_link_is_not_a_friend(anna) -> None:
    r = by_link(anna, anna)
    assert (r.status_code, error_code(r)) == (400, "not_yourself")
    assert anna.friends()["friends"] == []


def test_a_renewed_link_is_refused_and_the_new_one_works(anna, bert, client, db) -> None:
    old = anna.friends()["link"]
    assert by_link(bert, anna).status_code == 200  # a friend made with the old link
    r = anna.post("/api/me/friend-link")
    assert r.status_code == 200
    new = r.json()["link"]
    assert new != old and anna.friends()["link"] == new
    carl = player(client, db, "Carl")
    r = carl.post("/api/me/friends", {"code": code_of(old)})
    assert (r.status_code, error_code(r)) == (404, "unknown_account")
    assert carl.friends()["friends"] == [] and carl.friends()["outgoing"] == []
    assert [f["name"] for f in anna.friends()["friends"]] == ["Bert"]  # friends stay
    r = carl.post("/api/me/friends", {"code": code_of(new)})
    assert r.json() == {"status": "accepted", "name": "Anna"}


@pytest.mark.parametrize("code", ["nonsense", "", "x" * 200, "%", "A" * 22])
def test_an_unknown_code_is_an_unknown_account(anna, code) -> None:
    r = anna.post("/api/me/friends", {"code": code})
    assert (r.status_code, error_code(r)) == (404, "unknown_account")


def test_a_disabled_accounts_link_names_nobody(anna, client, db) -> None:
    dora = player(client, db, "Dora")
    link = dora.friends()["link"]
    with Session(db) as session:
        session.get(AccountRow, dora.account_id).disabled_at = datetime.now(UTC)
        session.commit()
    r = anna.post("/api/me/friends", {"code": code_of(link)})
    assert (r.status_code, error_code(r)) == (404, "unknown_account")
