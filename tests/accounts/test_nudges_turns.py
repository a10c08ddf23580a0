"""Your-turn nudges (issue 38, item 4): when a move passes the turn to a seat held by an
account, one nudge goes out ``NUDGE_DELAY`` seconds later, unless that player acted, or has a
page of the game open (a WebSocket with the seat's token), or chose "always". In the
account's language, naming the game, the other players and the link."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import update

from app.db.models import SeatRow, utcnow
from tests.support.accounts import link, set_notify
from tests.support.nudges import Nudging, nudged_account, nudging

__all__ = ["nudging"]

DELAY = 60  # NUDGE_DELAY's default


def table_with_two_accounts(n: Nudging, language: str = "en") -> tuple[str, dict, int, int]:
    game_id, tokens = n.game()
    anna, ben = nudged_account(n.db, "Anna"), nudged_account(n.db, "Ben", language)
    link(n.db, game_id, 0, anna)
    link(n.db, game_id, 1, ben)
    return game_id, tokens, anna, ben


def test_a_move_that_passes_the_turn_nudges_its_player_once_after_the_delay(nudging) -> None:
    n = nudging
    game_id, tokens, _, ben = table_with_two_accounts(n)
    n.pass_turn(game_id, tokens, to=1)

    n.tick(at=0)
    assert n.sender.sent == [], "nothing before NUDGE_DELAY"
    n.tick(at=DELAY - 20)
    assert n.sender.sent == []

    n.tick(at=DELAY + 1)
    assert len(n.sender.sent) == 1
    channel, recipient, message = n.sender.sent[0]
    assert (channel, recipient.account_id, message.kind) == ("webhook", ben, "your_turn")
    assert message.title == "Your turn in Die Dolmengötter"
    assert message.body == "It is your turn in Die Dolmengötter with P0."
    assert message.url == f"http://localhost:8000/play/{game_id}"
    assert message.game_id == game_id
    (row,) = n.rows("your_turn")
    assert row.status == "sent" and row.attempts == 1
    assert recipient.delivery_id == row.id, "the idempotency key is the delivery's id"

    n.tick(at=DELAY + 300)
    n.tick(at=DELAY + 3000)
    assert len(n.sender.sent) == 1, "exactly once"


def test_no_nudge_while_the_players_page_is_open(nudging) -> None:
    n = nudging
    game_id, tokens, _, _ = table_with_two_accounts(n)
    n.pass_turn(game_id, tokens, to=1)
    n.tick(at=0)
    with n.client.websocket_connect(f"/ws/games/{game_id}?token={tokens[1]}") as ws:
        assert ws.receive_json()["type"] == "state"
        n.tick(at=DELAY + 1)
    assert n.sender.sent == []
    (row,) = n.rows("your_turn")
    assert (row.status, row.last_error) == ("skipped", "a page of the game is open")


def test_always_nudges_even_with_the_page_open(nudging) -> None:
    n = nudging
    game_id, tokens, _, ben = table_with_two_accounts(n)
    set_notify(n.db, ben, always=True)
    n.pass_turn(game_id, tokens, to=1)
    n.tick(at=0)
    with n.client.websocket_connect(f"/ws/games/{game_id}?token={tokens[1]}") as ws:
        assert ws.receive_json()["type"] == "state"
        n.tick(at=DELAY + 1)
    assert [m.kind for m in n.sender.messages(to=ben)] == ["your_turn"]


def test_a_player_who_moved_meanwhile_is_not_nudged(nudging) -> None:
    n = nudging
    game_id, tokens, _, ben = table_with_two_accounts(n)
    n.pass_turn(game_id, tokens, to=1)
    n.tick(at=0)
    assert [r.event["seat"] for r in n.rows("your_turn")] == [1]
    n.move(game_id, tokens)  # Ben plays before the nudge is due
    n.tick(at=DELAY + 1)
    assert n.sender.messages(to=ben) == []
    ben_row = next(r for r in n.rows("your_turn") if r.account_id == ben)
    assert (ben_row.status, ben_row.last_error) == ("skipped", "the game moved on")


def test_a_player_who_looked_in_meanwhile_is_not_nudged(nudging) -> None:
    n = nudging
    game_id, tokens, _, _ = table_with_two_accounts(n)
    n.pass_turn(game_id, tokens, to=1)
    n.tick(at=0)
    with n.db.begin() as conn:  # Ben opened the game a while after the turn came, and left
        conn.execute(
            update(SeatRow)
            .where(SeatRow.game_id == game_id, SeatRow.seat == 1)
            .values(last_seen=utcnow() + timedelta(seconds=20))
        )
    n.tick(at=DELAY + 1)
    assert n.sender.sent == []
    (row,) = n.rows("your_turn")
    assert row.last_error == "the player was here since"


def test_an_anonymous_seat_and_an_account_without_channels_get_nothing(nudging) -> None:
    n = nudging
    game_id, tokens = n.game()
    quiet = nudged_account(n.db, "Quiet", webhook_url="")
    link(n.db, game_id, 0, quiet)  # seat 1 stays anonymous
    n.pass_turn(game_id, tokens, to=1)
    n.pass_turn(game_id, tokens, to=0)
    n.tick(at=DELAY + 1)
    assert n.rows() == [] and n.sender.sent == []


def test_a_german_account_is_nudged_in_german(nudging) -> None:
    n = nudging
    game_id, tokens, _, ben = table_with_two_accounts(n, language="de")
    n.pass_turn(game_id, tokens, to=1)
    n.tick(at=DELAY + 1)
    (message,) = n.sender.messages(to=ben)
    assert message.language == "de"
    assert message.title == "Du bist am Zug: Die Dolmengötter"
    assert message.body == "Du bist am Zug in Die Dolmengötter mit P0."
    assert message.url == f"http://localhost:8000/play/{game_id}"
