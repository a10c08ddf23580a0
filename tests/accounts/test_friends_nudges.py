"""A friend request nudges its addressee (a ``friend_request`` delivery row per channel the
addressee switched on, app/services/nudges); an answer nudges nobody."""

from __future__ import annotations

from tests.support.accounts import deliveries, player

WEBHOOK = {"webhook_url": "https://hooks.example.org/anna-secret-123"}


def test_a_request_is_delivered_to_the_addressees_webhook(client, db) -> None:
    anna = player(client, db, "Anna", notify=WEBHOOK)
    bert = player(client, db, "Bert")
    assert bert.ask("Anna").status_code == 201
    [row] = deliveries(db)
    request_id = anna.friends()["incoming"][0]["id"]
    assert row.account_id == anna.account_id
    assert row.channel == "webhook"
    assert row.status == "pending"
    assert row.event == {"kind": "friend_request", "by": "Bert", "request_id": request_id}
    assert row.dedupe_key.startswith(f"friend_request:{bert.account_id}:{anna.account_id}:")


def test_no_channel_no_delivery(client, db) -> None:
    player(client, db, "Anna")
    bert = player(client, db, "Bert", notify=WEBHOOK)  # the requester's channels are not used
    assert bert.ask("Anna").status_code == 201
    assert deliveries(db) == []


def test_answers_links_and_refusals_nudge_nobody(client, db) -> None:
    anna = player(client, db, "Anna", notify=WEBHOOK)
    bert = player(client, db, "Bert", notify=WEBHOOK)
    carl = player(client, db, "Carl", notify=WEBHOOK)
    assert anna.ask("Bert").status_code == 201
    assert len(deliveries(db)) == 1
    assert bert.ask("Anna").json()["status"] == "accepted"  # a yes: Anna is not nudged
    assert anna.ask("Bert").status_code == 409  # already friends
    code = carl.friends()["link"].rpartition("/")[2]
    assert anna.post("/api/me/friends", {"code": code}).status_code == 200  # by link
    assert [r.account_id for r in deliveries(db)] == [bert.account_id]


def test_asking_again_the_same_day_does_not_nudge_again(client, db) -> None:
    anna = player(client, db, "Anna", notify=WEBHOOK)
    bert = player(client, db, "Bert")
    for _ in range(3):  # ask, withdraw, ask again: one nudge, not three
        assert bert.ask("Anna").status_code == 201
        request_id = bert.friends()["outgoing"][0]["id"]
        assert bert.delete(f"/api/me/friends/requests/{request_id}").status_code == 204
    assert len(deliveries(db)) == 1
    assert anna.friends()["incoming"] == []
