"""The other nudges of a table (issue 38, item 4): a game over (to every account at the table),
a rematch offer (to every account but the one who offered), a clock with 10% of its time
left (once per turn), and the digest: an account that chose one gets, instead of a nudge per
correspondence turn, at most one message every ``digest_hours`` listing every correspondence
game that waits for it."""

from __future__ import annotations

import random

import pytest

from tests.support.accounts import link
from tests.support.nudges import nudged_account, nudging
from tests.support.play import auth, play_to_end

__all__ = ["nudging"]

DELAY = 60


def test_a_game_over_nudges_every_account_at_the_table_and_a_rematch_offer_the_others(
    nudging,
) -> None:
    n = nudging
    game_id, tokens = n.game()
    anna, ben = nudged_account(n.db, "Anna"), nudged_account(n.db, "Ben", language="de")
    link(n.db, game_id, 0, anna)
    link(n.db, game_id, 1, ben)
    play_to_end(n.client, game_id, tokens, random.Random(7))
    offer = n.client.post(f"/api/games/{game_id}/rematch", headers=auth(tokens[0]))
    assert offer.status_code == 200, offer.text

    n.tick(at=0)
    assert n.sender.sent == [], "the end and the offer wait NUDGE_DELAY too"
    n.tick(at=DELAY + 1)
    over = {r.account_id: m for _, r, m in n.sender.sent if m.kind == "game_over"}
    assert set(over) == {anna, ben}
    assert over[anna].title == "Game over: Die Dolmengötter"
    assert over[anna].body == (
        "Your game of Die Dolmengötter with P1 has ended. See how it came out."
    )
    assert over[ben].title == "Spiel vorbei: Die Dolmengötter"
    assert over[anna].url == f"http://localhost:8000/play/{game_id}"
    offers = n.sender.messages("rematch_offer")
    assert [(m.title, m.url) for m in offers] == [
        ("P0 bietet eine Revanche an", f"http://localhost:8000/play/{game_id}")
    ], "Ben hears of Anna's offer (in German), Anna does not; the link is the table's page"
    assert n.sender.messages("rematch_offer", to=ben) == offers

    n.tick(at=DELAY + 120)
    assert len(n.sender.sent) == 3, "each once"


def test_a_rematch_offer_taken_up_before_the_delay_is_not_nudged(nudging) -> None:
    n = nudging
    game_id, tokens = n.game()
    anna, ben = nudged_account(n.db, "Anna"), nudged_account(n.db, "Ben")
    link(n.db, game_id, 0, anna)
    link(n.db, game_id, 1, ben)
    play_to_end(n.client, game_id, tokens, random.Random(8))
    offered = n.client.post(f"/api/games/{game_id}/rematch", headers=auth(tokens[0]))
    assert offered.status_code == 200, offered.text
    n.tick(at=0)
    joined = n.client.post(f"/api/games/{game_id}/rematch/join", headers=auth(tokens[1]))
    assert joined.status_code == 201, joined.text
    n.tick(at=DELAY + 1)
    assert n.sender.messages("rematch_offer") == []
    (row,) = n.rows("rematch_offer")
    assert row.status == "skipped"


@pytest.mark.parametrize(
    ("time_control", "low_at", "left"),
    [
        ({"type": "correspondence", "hours": 1}, 3240, "about 6 minutes"),
        ({"type": "live", "minutes": 10}, 540, "less than a minute"),
    ],
    ids=["correspondence", "live"],
)
def test_a_clock_with_a_tenth_of_its_time_left_nudges_once_per_turn(
    nudging, time_control, low_at, left
) -> None:
    n = nudging
    game_id, _ = n.game(time_control=time_control)
    anna = nudged_account(n.db, "Anna")
    link(n.db, game_id, 0, anna)  # seat 0 is to act; its clock runs
    n.tick(at=0)
    n.tick(at=low_at - 30)
    assert n.sender.messages("time_low") == []
    n.tick(at=low_at + 5)
    (message,) = n.sender.messages("time_low", to=anna)
    assert message.title == "Time is running out in Die Dolmengötter"
    assert message.body == f"You have {left} left for your move in Die Dolmengötter with P1."
    n.tick(at=low_at + 20)
    assert len(n.sender.messages("time_low")) == 1, "once per turn"


def test_time_low_in_german(nudging) -> None:
    n = nudging
    game_id, _ = n.game(time_control={"type": "correspondence", "hours": 10})
    anna = nudged_account(n.db, "Anna", language="de")
    link(n.db, game_id, 0, anna)
    n.tick(at=0)
    n.tick(at=9 * 3600 + 1)
    (message,) = n.sender.messages("time_low")
    assert message.title == "Deine Zeit läuft ab: Die Dolmengötter"
    assert message.body == (
        "Dir bleiben noch etwa eine Stunde für deinen Zug in Die Dolmengötter mit P1."
    )


def test_a_digest_lists_every_waiting_correspondence_game_at_most_once_per_period(
    nudging,
) -> None:
    n = nudging
    per_move = {"type": "correspondence", "hours": 72}
    anna = nudged_account(n.db, "Anna", digest_hours=24)
    first, _ = n.game(time_control=per_move)
    second, _ = n.game(3, time_control=per_move)
    live, _ = n.game(time_control={"type": "live", "minutes": 30})
    for game_id in (first, second, live):
        link(n.db, game_id, 0, anna)  # seat 0 is to act in each

    n.tick(at=0)
    n.tick(at=DELAY + 1)
    digests = n.sender.messages("digest")
    assert len(digests) == 1
    assert digests[0].title == "Your turn in 2 games"
    assert digests[0].body.splitlines() == [
        "These tables are waiting for you:",
        f"- Die Dolmengötter with P1, about 3 days left: http://localhost:8000/play/{first}",
        f"- Die Dolmengötter with P1 and P2, about 3 days left: http://localhost:8000/play/{second}",
    ], "the most urgent first"
    assert digests[0].url == "http://localhost:8000/"
    your_turn = n.sender.messages("your_turn")
    assert [m.game_id for m in your_turn] == [live], "the live game is nudged on its own"

    for hours in (1, 6, 23):  # a day later at the earliest, however often it looks
        n.tick(at=hours * 3600)
    assert len(n.sender.messages("digest")) == 1
    n.tick(at=DELAY + 1 + 24 * 3600 + 60)
    n.tick(at=DELAY + 1 + 24 * 3600 + 120)
    assert len(n.sender.messages("digest")) == 2, "the tables still wait: reminded a day later"


def test_no_digest_when_no_game_waits(nudging) -> None:
    n = nudging
    game_id, tokens = n.game(time_control={"type": "correspondence", "hours": 72})
    anna = nudged_account(n.db, "Anna", digest_hours=6)
    link(n.db, game_id, 0, anna)
    n.tick(at=0)
    n.pass_turn(game_id, tokens, to=1)  # Anna played; the game waits for P1 now
    n.tick(at=DELAY + 1)
    assert n.sender.messages("digest") == []
    assert [r.status for r in n.rows("digest")] == ["skipped"]
