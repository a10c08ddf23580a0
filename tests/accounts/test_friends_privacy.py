"""What the friends' routes show of other accounts (their names, nothing else), who may call
them (a signed-in account only: 401 ``not_signed_in`` otherwise, nothing changed), and the
rate of friend requests (``RATE_FRIEND_REQUESTS`` an hour per account)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.db.models import AccountRow, FriendshipRow
from app.services import sessions
from app.services.friends import Friends
from tests.support.accounts import app_client, error_code, player

SECRET_HOOK = "https://hooks.example.org/bert-secret-hook"
EMAIL = "bert@example.org"


def test_others_are_shown_by_name_only(client, db) -> None:
    anna = player(client, db, "Anna")
    bert = player(
        client,
        db,
        "Bert",
        notify={"webhook_url": SECRET_HOOK, "email": EMAIL, "email_confirmed": True},
    )
    player(client, db, "Carl")
    dora = player(client, db, "Dora")
    bert.ask("Anna")
    anna.ask("Carl")
    dora.post("/api/me/friends", {"code": anna.friends()["link"].rpartition("/")[2]})
    answers = [
        anna.get("/api/me/friends"),
        anna.ask("Bert"),  # accepted: Bert asked first
        anna.ask("Carl"),  # refused: already asked
        anna.post("/api/me/friend-link"),
    ]
    with Session(db) as session:
        others = session.scalars(select(AccountRow).where(AccountRow.id != anna.account_id))
        secrets = [SECRET_HOOK, EMAIL, bert.cookie, *(a.friend_code for a in others)]
    for answer in answers:
        for secret in secrets:
            assert secret not in answer.text, (answer.request.url, secret)
        assert _keys(answer.json()) <= SHOWN, answer.text
    listed = anna.friends()
    assert set(listed) == {"friends", "incoming", "outgoing", "link"}
    assert all(set(f) == {"name", "since"} for f in listed["friends"])
    assert all(set(r) == {"id", "name", "at"} for r in listed["outgoing"])
    assert [f["name"] for f in listed["friends"]] == ["Bert", "Dora"]
    assert [r["name"] for r in listed["outgoing"]] == ["Carl"]
    request_ids = {r["id"] for r in listed["outgoing"]}
    with Session(db) as session:  # the one id shown is the request's, no account's
        assert request_ids == set(
            session.scalars(select(FriendshipRow.id).where(FriendshipRow.status == "pending"))
        )


SHOWN = {
    *("friends", "incoming", "outgoing", "link", "name", "since", "id", "at", "status"),
    *("error", "code", "message"),
}
"""Every key the answers have: no account id, e-mail, notification setting or code."""


def _keys(value: object) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


ROUTES = [
    ("GET", "/api/me/friends", None),
    ("POST", "/api/me/friends", {"name": "Bert"}),
    ("POST", "/api/me/friends/requests/1/accept", None),
    ("POST", "/api/me/friends/requests/1/decline", None),
    ("DELETE", "/api/me/friends/requests/1", None),
    ("DELETE", "/api/me/friends/Bert", None),
    ("POST", "/api/me/friend-link", None),
]


@pytest.mark.parametrize(("method", "path", "body"), ROUTES)
@pytest.mark.parametrize("cookie", ["none", "unknown", "disabled", "bearer"])
def test_every_route_needs_a_signed_in_account(client, db, method, path, body, cookie) -> None:
    """A request without a valid session cookie (a cross-site form, a script with a seat
    token, a revoked or disabled account's browser) changes nothing."""
    anna = player(client, db, "Anna")
    bert = player(client, db, "Bert")
    assert bert.ask("Anna").status_code == 201  # request 1
    headers = {
        "none": {},
        "unknown": {"Cookie": f"{sessions.COOKIE}=not-a-session"},
        "disabled": {"Cookie": f"{sessions.COOKIE}={anna.cookie}"},
        "bearer": {"Authorization": f"Bearer {anna.cookie}"},
    }[cookie]
    if cookie == "disabled":
        with Session(db) as session:
            session.get(AccountRow, anna.account_id).disabled_at = datetime.now(UTC)
            session.commit()
    before = _state(db)
    r = client.request(method, path, json=body, headers=headers)
    assert (r.status_code, error_code(r)) == (401, "not_signed_in")
    assert _state(db) == before


def _state(db) -> tuple:
    with Session(db) as session:
        friendships = session.execute(
            select(FriendshipRow.requester_id, FriendshipRow.addressee_id, FriendshipRow.status)
        ).all()
        codes = session.scalars(select(AccountRow.friend_code).order_by(AccountRow.id)).all()
        return (sorted(friendships), codes)


def test_friend_requests_are_rate_limited_per_account(database_url, db) -> None:
    now = [1000.0]
    with app_client(database_url, rate_friend_requests=3) as http:
        http.app.state.friends = Friends(http.app.state.service.db, 3, clock=lambda: now[0])
        anna = player(http, db, "Anna")
        carl = player(http, db, "Carl")
        for name in ("B1", "B2", "B3", "B4"):
            player(http, db, name)
        assert anna.ask("B1").status_code == 201
        assert anna.ask("Nobody").status_code == 404  # a refused attempt counts too
        assert anna.ask("B2").status_code == 201
        r = anna.ask("B3")
        assert (r.status_code, error_code(r)) == (429, "rate_limited")
        assert int(r.headers["Retry-After"]) == 3600
        with Session(db) as session:
            assert session.scalar(select(func.count()).select_from(FriendshipRow)) == 2
        assert carl.ask("B3").status_code == 201  # another account's budget is its own
        now[0] += 3600
        assert anna.ask("B3").status_code == 201
