"""A challenge or seek whose game a server process left half made (it stopped between the
commits of the start: a crash, a kill): once ``STARTING_GRACE`` passed, the clocks' poll
of any process finishes it as the start would have, and everyone is seated once."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy.orm import Session

from app.db.models import utcnow
from app.services.challenges import STARTING_GRACE
from app.services.sessions import SignedIn
from tests.accounts.test_challenges import challenge
from tests.accounts.test_challenges import rows as challenges
from tests.accounts.test_seeks import post, seated, seek
from tests.accounts.test_seeks import rows as seeks
from tests.support.accounts import account_with_cookie, signed_in, sql
from tests.support.waiting import wait_for


class ProcessStopped(BaseException):
    """The process stops here: not an ``Exception``, so no handler of the start runs."""


def stop_in(
    monkeypatch: pytest.MonkeyPatch,
    client: Any,
    step: str,
    error: type[BaseException] = ProcessStopped,
) -> None:
    """The process stops at its first call of the game service's ``step`` (or, with an
    ``Exception`` for ``error``, the call fails and the start's handlers run)."""

    def stopped(*args: Any, **kwargs: Any) -> None:
        raise error(step)

    monkeypatch.setattr(client.app.state.service, step, stopped)


def as_account(client: Any, name: str) -> SignedIn:
    url = client.app.state.settings.database_url
    [(account_id,)] = sql(url, "SELECT id FROM accounts WHERE name = :n", n=name)
    return SignedIn(account_id, name, is_admin=False, language="en", session_hash="")


def stopped_during(client: Any, answer: Callable[[Session], Any]) -> None:
    """``answer`` called as its route would, in a process that stops in it: the service is
    called directly, as an exception that is not one would stop the test's client too."""
    with client.app.state.service.db.session() as session, pytest.raises(ProcessStopped):
        answer(session)


def poll_later(client: Any, minutes: float) -> None:
    """The clocks' poll, as if ``minutes`` had passed (the background poll sees it too)."""
    clocks = client.app.state.service.clocks
    clocks.now = lambda: utcnow() + timedelta(minutes=minutes)
    client.app.state.clock_runner.tick()


def games(client: Any) -> list[Any]:
    return sql(client.app.state.settings.database_url, "SELECT id, status FROM games")


# "load" runs once the game is made and committed: the game is named on the challenge in
# that transaction, or the poll would make a second game beside it.
@pytest.mark.parametrize("step", ["create", "load", "join"])
def test_a_challenge_left_starting_is_finished_by_the_next_poll(
    client, monkeypatch, step: str
) -> None:
    _, anna = account_with_cookie(client, "Anna")
    _, bert = account_with_cookie(client, "Bert")
    made = challenge(client, signed_in(anna), ["Bert"]).json()["id"]
    stop_in(monkeypatch, client, step)
    bert_in = as_account(client, "Bert")
    stopped_during(client, lambda s: client.app.state.challenges.accept(s, bert_in, made))
    monkeypatch.undo()
    assert challenges(client) == [(made, "starting")]
    left = games(client)
    assert left == ([] if step == "create" else [(left[0][0], "open")])

    poll_later(client, minutes=STARTING_GRACE.total_seconds() / 60 / 2)
    assert challenges(client) == [(made, "starting")], "a start still under way was taken"

    poll_later(client, minutes=2 * STARTING_GRACE.total_seconds() / 60)
    wait_for(lambda: challenges(client) == [(made, "accepted")], "the start to be finished")
    [(game_id, status)] = games(client)
    assert status == "running"
    assert sorted(seated(client, game_id)) == ["Anna", "Bert"]
    for cookie in (anna, bert):
        mine = client.get("/api/me/games", headers=signed_in(cookie)).json()["games"]
        assert [g["game_id"] for g in mine] == [game_id]
        listed = client.get("/api/challenges", headers=signed_in(cookie)).json()
        assert listed == {"offered": [], "made": []}


def test_a_start_that_fails_once_its_game_is_made_keeps_the_game_for_the_poll(
    client, monkeypatch
) -> None:
    _, anna = account_with_cookie(client, "Anna")
    account_with_cookie(client, "Bert")
    made = challenge(client, signed_in(anna), ["Bert"]).json()["id"]
    stop_in(monkeypatch, client, "load", RuntimeError)
    with client.app.state.service.db.session() as session, pytest.raises(RuntimeError):
        client.app.state.challenges.accept(session, as_account(client, "Bert"), made)
    monkeypatch.undo()
    [(game_id, status)] = games(client)
    assert status == "open"
    assert challenges(client) == [(made, "starting")], "opened again beside its game"

    poll_later(client, minutes=2 * STARTING_GRACE.total_seconds() / 60)
    wait_for(lambda: challenges(client) == [(made, "accepted")], "the start to be finished")
    assert games(client) == [(game_id, "running")]
    assert sorted(seated(client, game_id)) == ["Anna", "Bert"]


def test_a_seek_filled_with_bots_whose_game_was_made_starts_with_them(client, monkeypatch) -> None:
    _, cleo = account_with_cookie(client, "Cleo")
    filled = seek(client, signed_in(cleo), num_seats=3).json()["id"]
    client.app.state.seeks.now = lambda: utcnow() + timedelta(minutes=30)  # may fill now
    stop_in(monkeypatch, client, "load")
    cleo_in = as_account(client, "Cleo")
    levels = ["easy", "medium"]
    stopped_during(client, lambda s: client.app.state.seeks.fill(s, cleo_in, filled, levels))
    monkeypatch.undo()

    poll_later(client, minutes=2 * STARTING_GRACE.total_seconds() / 60)
    wait_for(lambda: seeks(client) == [(filled, "started", 1)], "the start to be finished")
    [(game_id, status)] = games(client)
    assert status == "running"
    # A rated seek's bots sit as their levels' accounts: the ones Cleo chose, not lost.
    assert sorted(seated(client, game_id)) == ["Bot · easy", "Bot · medium", "Cleo"]


def test_a_seek_full_by_a_join_is_started_and_one_filled_with_bots_opens_again(
    client, monkeypatch
) -> None:
    _, anna = account_with_cookie(client, "Anna")
    account_with_cookie(client, "Bert")
    _, cleo = account_with_cookie(client, "Cleo")
    joined = seek(client, signed_in(anna), num_seats=2).json()["id"]
    filled = seek(client, signed_in(cleo), num_seats=3).json()["id"]
    client.app.state.seeks.now = lambda: utcnow() + timedelta(minutes=30)  # may fill now

    stop_in(monkeypatch, client, "join")
    bert_in, cleo_in = as_account(client, "Bert"), as_account(client, "Cleo")
    stopped_during(client, lambda s: client.app.state.seeks.join(s, bert_in, joined))
    stop_in(monkeypatch, client, "create")
    levels = ["easy", "medium"]
    stopped_during(client, lambda s: client.app.state.seeks.fill(s, cleo_in, filled, levels))
    monkeypatch.undo()
    assert seeks(client) == [(joined, "starting", 2), (filled, "starting", 1)]

    poll_later(client, minutes=2 * STARTING_GRACE.total_seconds() / 60)
    wait_for(
        lambda: seeks(client) == [(joined, "started", 2), (filled, "open", 1)],
        "the starts to be finished",
    )
    [(game_id, status)] = games(client)
    assert status == "running" and sorted(seated(client, game_id)) == ["Anna", "Bert"]
    # Which bots Cleo chose was lost with the process: she fills again, at the time it is
    # (two minutes on, the background poll would take her start under way for a stale one).
    client.app.state.service.clocks.now = utcnow
    r = post(client, filled, "fill", signed_in(cleo), levels=["easy", "medium"])
    assert r.status_code == 200 and r.json()["status"] == "started", r.text
