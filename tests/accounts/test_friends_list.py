"""``GET /api/me/friends``: what the list holds and in which order (docs/API.md, "Friends")."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy.orm import Session

from app.db.models import AccountRow, FriendshipRow
from tests.support.accounts import make_account, player

T0 = datetime(2030, 1, 1, 12, tzinfo=UTC)


def friendship(db, a: int, b: int, *, minutes: int, accepted: bool) -> int:
    """A row from ``a`` to ``b`` made ``minutes`` after T0 (accepted a minute later)."""
    with Session(db) as session:
        row = FriendshipRow(
            requester_id=a,
            addressee_id=b,
            status="accepted" if accepted else "pending",
            created_at=T0 + timedelta(minutes=minutes),
            accepted_at=T0 + timedelta(minutes=minutes + 1) if accepted else None,
        )
        session.add(row)
        session.commit()
        return row.id


def at(minutes: int) -> str:
    return (T0 + timedelta(minutes=minutes)).isoformat().replace("+00:00", "Z")


def test_friends_by_name_requests_newest_first(client, db) -> None:
    me = player(client, db, "Mia")
    ids = {n: make_account(db, n) for n in ("zoë", "Bert", "anna", "Émile", "Carl", "dora", "Eve")}
    # Friends, made in an order unlike their names'; one asked me, the others I asked.
    friendship(db, ids["zoë"], me.account_id, minutes=1, accepted=True)
    friendship(db, me.account_id, ids["Bert"], minutes=2, accepted=True)
    friendship(db, me.account_id, ids["anna"], minutes=3, accepted=True)
    # Requests to me and from me.
    older_in = friendship(db, ids["Carl"], me.account_id, minutes=10, accepted=False)
    newer_in = friendship(db, ids["dora"], me.account_id, minutes=20, accepted=False)
    out_early = friendship(db, me.account_id, ids["Émile"], minutes=5, accepted=False)
    out_late = friendship(db, me.account_id, ids["Eve"], minutes=30, accepted=False)
    # Other people's friendships and requests are not mine.
    friendship(db, ids["Carl"], ids["dora"], minutes=40, accepted=True)
    friendship(db, ids["Eve"], ids["anna"], minutes=41, accepted=False)

    assert me.friends() == {
        "friends": [
            {"name": "anna", "since": at(4)},
            {"name": "Bert", "since": at(3)},
            {"name": "zoë", "since": at(2)},
        ],
        "incoming": [
            {"id": newer_in, "name": "dora", "at": at(20)},
            {"id": older_in, "name": "Carl", "at": at(10)},
        ],
        "outgoing": [
            {"id": out_late, "name": "Eve", "at": at(30)},
            {"id": out_early, "name": "Émile", "at": at(5)},
        ],
        "link": me.friends()["link"],
    }


def test_a_new_account_has_nothing_but_its_link(client, db) -> None:
    me = player(client, db, "Mia")
    listed = me.friends()
    assert listed["friends"] == [] and listed["incoming"] == [] and listed["outgoing"] == []
    with Session(db) as session:
        code = session.get(AccountRow, me.account_id).friend_code
    assert listed["link"] == f"http://testserver/friends/add/{code}"


def test_disabled_accounts_are_left_out(client, db) -> None:
    me = player(client, db, "Mia")
    gone = make_account(db, "Gone")
    asker = make_account(db, "Asker")
    friendship(db, me.account_id, gone, minutes=1, accepted=True)
    request_id = friendship(db, asker, me.account_id, minutes=2, accepted=False)
    with Session(db) as session:
        for account_id in (gone, asker):
            session.get(AccountRow, account_id).disabled_at = T0
        session.commit()
    listed = me.friends()
    assert listed["friends"] == [] and listed["incoming"] == []
    # Nor can their request be accepted meanwhile.
    assert me.post(f"/api/me/friends/requests/{request_id}/accept").status_code == 404
