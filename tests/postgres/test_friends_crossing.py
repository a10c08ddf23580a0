"""Two friend requests crossing on PostgreSQL (app/services/friends.py): while another
transaction changes a pair of accounts, a request between them waits for it and then sees
what it wrote, so Anna asking Bert while Bert asks Anna makes one friendship, not two
requests waiting on each other."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from sqlalchemy import create_engine, delete, func, insert, select

from app.core.errors import ApiError
from app.db.models import AccountRow, FriendshipRow, utcnow
from app.services.friends import Asked
from tests.postgres.harness import waiting_for_a_lock
from tests.support.accounts import app_client, make_account
from tests.support.waiting import wait_for

pytestmark = pytest.mark.postgres


def test_requests_crossing_make_one_friendship(pg_url: str) -> None:
    engine = create_engine(pg_url)
    with app_client(pg_url) as http:
        anna, bert = make_account(engine, "Anna"), make_account(engine, "Bert")
        friends, db = http.app.state.friends, http.app.state.service.db
        answer: dict[str, Any] = {}

        def bert_asks_anna() -> None:
            with db.session() as session:
                answer["asked"] = friends.ask(session, bert, name="Anna")

        with engine.connect() as other:  # Anna's request, under way
            with other.begin():
                other.execute(
                    select(AccountRow.id)
                    .where(AccountRow.id.in_([anna, bert]))
                    .order_by(AccountRow.id)
                    .with_for_update()
                )
                asking = threading.Thread(target=bert_asks_anna)
                asking.start()
                wait_for(lambda: waiting_for_a_lock(engine), "Bert's request to wait")
                other.execute(
                    insert(FriendshipRow).values(
                        requester_id=anna, addressee_id=bert, status="pending", created_at=utcnow()
                    )
                )
            asking.join(timeout=60)
    assert answer["asked"] == Asked("accepted", "Anna")
    with engine.connect() as conn:
        rows = conn.execute(select(FriendshipRow.requester_id, FriendshipRow.status)).all()
        assert rows == [(anna, "accepted")]
        assert conn.scalar(select(func.count()).select_from(FriendshipRow)) == 1
    engine.dispose()


def test_a_request_withdrawn_while_it_is_accepted_is_not_accepted(pg_url: str) -> None:
    engine = create_engine(pg_url)
    with app_client(pg_url) as http:
        anna, bert = make_account(engine, "Anna"), make_account(engine, "Bert")
        friends, db = http.app.state.friends, http.app.state.service.db
        with engine.begin() as conn:
            request_id = conn.execute(
                insert(FriendshipRow)
                .values(requester_id=anna, addressee_id=bert, status="pending", created_at=utcnow())
                .returning(FriendshipRow.id)
            ).scalar_one()
        answer: dict[str, Any] = {}

        def bert_accepts() -> None:
            with db.session() as session:
                try:
                    answer["asked"] = friends.accept(session, bert, request_id)
                except ApiError as refused:
                    answer["refused"] = refused.code

        with engine.connect() as other:  # Anna withdraws it, under way
            with other.begin():
                other.execute(
                    select(AccountRow.id)
                    .where(AccountRow.id.in_([anna, bert]))
                    .order_by(AccountRow.id)
                    .with_for_update()
                )
                accepting = threading.Thread(target=bert_accepts)
                accepting.start()
                wait_for(lambda: waiting_for_a_lock(engine), "Bert's answer to wait")
                other.execute(delete(FriendshipRow).where(FriendshipRow.id == request_id))
            accepting.join(timeout=60)
    assert answer == {"refused": "unknown_request"}
    with engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(FriendshipRow)) == 0
    engine.dispose()
