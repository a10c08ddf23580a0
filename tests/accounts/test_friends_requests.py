"""Friend requests by name: ask, accept, decline, withdraw, unfriend, and every refusal
(docs/API.md, "Friends"). Each refusal changes nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.support.accounts import Player, anna, bert, error_code, player

__all__ = ["anna", "bert"]  # fixtures


def names(entries: list[dict]) -> list[str]:
    return [e["name"] for e in entries]


def asked(requester: Player, addressee: Player) -> int:
    """``requester`` asks ``addressee``; the request's id, as the addressee sees it."""
    r = requester.ask(addressee.name)
    assert r.status_code == 201, r.text
    assert r.json() == {"status": "pending", "name": addressee.name}
    return addressee.friends()["incoming"][0]["id"]


def test_a_request_waits_in_both_lists_until_it_is_answered(anna, bert) -> None:
    r = anna.ask("Bert")
    assert r.status_code == 201
    assert r.json() == {"status": "pending", "name": "Bert"}
    mine, theirs = anna.friends(), bert.friends()
    assert mine["friends"] == [] and theirs["friends"] == []
    assert names(mine["outgoing"]) == ["Bert"] and mine["incoming"] == []
    assert names(theirs["incoming"]) == ["Anna"] and theirs["outgoing"] == []
    assert mine["outgoing"][0]["id"] == theirs["incoming"][0]["id"]


def test_names_are_looked_up_whatever_their_case_and_width(anna, client, db) -> None:
    player(client, db, "Ödön")
    r = anna.ask("  ÖDÖN ")
    assert r.status_code == 201
    assert r.json()["name"] == "Ödön"  # the name as its owner wrote it
    fullwidth = player(client, db, "Zed")
    assert anna.ask("Ｚｅｄ").json() == {"status": "pending", "name": fullwidth.name}


def test_the_addressee_accepts_and_both_are_friends(anna, bert) -> None:
    request_id = asked(anna, bert)
    r = bert.post(f"/api/me/friends/requests/{request_id}/accept")
    assert r.status_code == 200
    assert r.json() == {"status": "accepted", "name": "Anna"}
    for me, friend in ((anna, "Bert"), (bert, "Anna")):
        listed = me.friends()
        assert names(listed["friends"]) == [friend]
        assert listed["incoming"] == [] and listed["outgoing"] == []
        since = datetime.fromisoformat(listed["friends"][0]["since"])
        assert since.tzinfo is not None and since <= datetime.now(UTC)


def test_asking_someone_who_asked_you_is_a_yes(anna, bert) -> None:
    asked(anna, bert)
    r = bert.ask("anna")
    assert r.status_code == 200
    assert r.json() == {"status": "accepted", "name": "Anna"}
    assert names(anna.friends()["friends"]) == ["Bert"]
    assert bert.friends()["incoming"] == [] and bert.friends()["outgoing"] == []


def test_only_the_addressee_may_accept_or_decline(anna, bert, client, db) -> None:
    request_id = asked(anna, bert)
    carl = player(client, db, "Carl")
    for who in (anna, carl):
        for answer in ("accept", "decline"):
            r = who.post(f"/api/me/friends/requests/{request_id}/{answer}")
            assert r.status_code == 404, (who.name, answer)
            assert error_code(r) == "unknown_request"
    for ghost in (request_id + 1, 0, 99999999999999999999):
        r = bert.post(f"/api/me/friends/requests/{ghost}/accept")
        assert (r.status_code, error_code(r)) == (404, "unknown_request")
    assert names(bert.friends()["incoming"]) == ["Anna"]  # still waiting
    assert anna.friends()["friends"] == []


def test_a_request_cannot_be_accepted_twice(anna, bert) -> None:
    request_id = asked(anna, bert)
    assert bert.post(f"/api/me/friends/requests/{request_id}/accept").status_code == 200
    r = bert.post(f"/api/me/friends/requests/{request_id}/accept")
    assert (r.status_code, error_code(r)) == (404, "unknown_request")


def test_a_declined_request_is_gone_and_may_be_made_again(anna, bert) -> None:
    request_id = asked(anna, bert)
    r = bert.post(f"/api/me/friends/requests/{request_id}/decline")
    assert r.status_code == 204
    assert anna.friends()["outgoing"] == [] and bert.friends()["incoming"] == []
    assert anna.friends()["friends"] == []
    assert anna.ask("Bert").status_code == 201


def test_the_requester_withdraws_a_request(anna, bert) -> None:
    request_id = asked(anna, bert)
    r = bert.delete(f"/api/me/friends/requests/{request_id}")  # not bert's to withdraw
    assert (r.status_code, error_code(r)) == (404, "unknown_request")
    assert anna.delete(f"/api/me/friends/requests/{request_id}").status_code == 204
    assert anna.friends()["outgoing"] == [] and bert.friends()["incoming"] == []
    r = bert.post(f"/api/me/friends/requests/{request_id}/accept")
    assert (r.status_code, error_code(r)) == (404, "unknown_request")


def test_a_friendship_is_not_a_request_to_withdraw(anna, bert) -> None:
    request_id = asked(anna, bert)
    bert.post(f"/api/me/friends/requests/{request_id}/accept")
    r = anna.delete(f"/api/me/friends/requests/{request_id}")
    assert (r.status_code, error_code(r)) == (404, "unknown_request")
    assert names(anna.friends()["friends"]) == ["Bert"]


def test_either_friend_may_end_the_friendship(anna, bert) -> None:
    bert.post(f"/api/me/friends/requests/{asked(anna, bert)}/accept")
    assert bert.delete("/api/me/friends/ANNA").status_code == 204
    assert anna.friends()["friends"] == [] and bert.friends()["friends"] == []
    r = bert.delete("/api/me/friends/Anna")
    assert (r.status_code, error_code(r)) == (404, "unknown_friend")
    assert anna.ask("Bert").status_code == 201  # strangers again: a new request


def test_unfriending_a_name_that_is_no_friend(anna, bert) -> None:
    asked(anna, bert)  # a request is not a friendship
    for name in ("Bert", "Nobody", "a/b"):
        r = anna.delete(f"/api/me/friends/{name}")
        assert (r.status_code, error_code(r)) == (404, "unknown_friend"), name
    assert names(bert.friends()["incoming"]) == ["Anna"]


def test_a_friend_with_a_slash_in_the_name(anna, client, db) -> None:
    slash = player(client, db, "AC/DC")
    assert anna.ask("AC/DC").status_code == 201
    slash.post(f"/api/me/friends/requests/{slash.friends()['incoming'][0]['id']}/accept")
    assert names(anna.friends()["friends"]) == ["AC/DC"]
    assert anna.delete("/api/me/friends/AC%2FDC").status_code == 204
    assert anna.friends()["friends"] == []


def test_not_yourself(anna) -> None:
    for name in ("Anna", "anna", "ＡＮＮＡ"):
        r = anna.ask(name)
        assert (r.status_code, error_code(r)) == (400, "not_yourself")
    assert anna.friends()["outgoing"] == []


def test_already_friends(anna, bert) -> None:
    bert.post(f"/api/me/friends/requests/{asked(anna, bert)}/accept")
    for me, other in ((anna, "Bert"), (bert, "Anna")):
        r = me.ask(other)
        assert (r.status_code, error_code(r)) == (409, "already_friends")
    assert len(anna.friends()["friends"]) == 1


def test_already_asked(anna, bert) -> None:
    asked(anna, bert)
    r = anna.ask("bert")
    assert (r.status_code, error_code(r)) == (409, "already_asked")
    assert len(bert.friends()["incoming"]) == 1


def test_unknown_and_disabled_accounts_are_unknown(anna, client, db) -> None:
    player(client, db, "Dora", disabled_at=datetime.now(UTC))
    for name in ("Nobody", "Dora", "x" * 200):
        r = anna.ask(name)
        assert (r.status_code, error_code(r)) == (404, "unknown_account"), name
    assert anna.friends()["outgoing"] == []


@pytest.mark.parametrize(
    "body",
    [{}, {"name": "Bert", "code": "abc"}, {"name": 3}, {"name": None}, {"friend": "Bert"}],
)
def test_a_body_naming_nobody_is_refused(anna, bert, body) -> None:
    r = anna.post("/api/me/friends", body)
    assert (r.status_code, error_code(r)) == (400, "bad_request")
    assert bert.friends()["incoming"] == []
