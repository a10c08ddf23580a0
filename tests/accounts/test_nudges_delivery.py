"""Sending nudges (issue 38, item 4): a channel that fails is tried again later (30 s, then
doubling), a failure that will not pass ends the delivery at once, and a delivery claimed by
a process that died is sent by another once the claim's lease ran out: once. No secret of a
webhook URL reaches the stored error."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import ClassVar

import pytest

from app.core.config import Settings
from app.db.session import Database
from app.services.nudges import KINDS, texts
from app.services.nudges.channels import DeliveryFailed
from app.services.nudges.delivery import Recipient, backoff
from app.services.nudges.runner import default_senders
from app.services.nudges.texts import BUILDERS, Message
from tests.support.accounts import link
from tests.support.nudges import Nudging, nudged_account, nudging

__all__ = ["nudging"]

DELAY = 60
LEASE = 120  # NUDGE_LEASE_SECONDS' default


def ben_waits(n: Nudging) -> int:
    """A table where the turn just passed to Ben's seat; the nudge is recorded."""
    game_id, tokens = n.game()
    ben = nudged_account(n.db, "Ben")
    link(n.db, game_id, 1, ben)
    n.pass_turn(game_id, tokens, to=1)
    n.tick(at=0)
    return ben


def test_backoff_doubles_from_30_seconds_to_an_hour() -> None:
    assert [backoff(a).total_seconds() for a in range(1, 10)] == [
        30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]  # fmt: skip


def test_a_failing_channel_is_tried_again_later_until_it_works(nudging) -> None:
    n = nudging
    ben_waits(n)
    n.sender.failures = [
        DeliveryFailed("POST https://hooks.example.org/secret-part timed out"),
        DeliveryFailed("the webhook answered 503"),
    ]
    n.tick(at=DELAY + 1)
    (row,) = n.rows()
    assert (row.status, row.attempts) == ("pending", 1)
    assert row.last_error == "POST <url> timed out", "no URL (nor its secret) is stored"
    n.tick(at=DELAY + 1 + 20)
    assert n.rows()[0].attempts == 1, "not before 30 s"
    n.tick(at=DELAY + 1 + 35)
    (row,) = n.rows()
    assert (row.status, row.attempts, row.last_error) == ("pending", 2, "the webhook answered 503")
    n.tick(at=DELAY + 1 + 35 + 45)
    assert n.rows()[0].attempts == 2, "the second wait is 60 s"
    n.tick(at=DELAY + 1 + 35 + 70)
    (row,) = n.rows()
    assert (row.status, row.attempts) == ("sent", 3)
    assert [m.kind for m in n.sender.messages()] == ["your_turn"]


def test_a_failure_that_will_not_pass_ends_the_delivery(nudging) -> None:
    n = nudging
    ben_waits(n)
    n.sender.failures = [DeliveryFailed("the webhook answered 404", retry=False)]
    n.tick(at=DELAY + 1)
    n.tick(at=DELAY + 4000)
    (row,) = n.rows()
    assert (row.status, row.attempts, row.last_error) == ("failed", 1, "the webhook answered 404")
    assert n.sender.sent == []


def test_a_channel_that_keeps_failing_is_given_up_after_ten_tries(nudging) -> None:
    n = nudging
    ben_waits(n)
    n.sender.failures = [RuntimeError("https://hooks.example.org/secret") for _ in range(10)]
    at = DELAY + 1
    for attempt in range(1, 11):
        n.tick(at=at)
        assert n.rows()[0].attempts == attempt
        at += backoff(attempt).total_seconds() + 10
    n.tick(at=at)
    (row,) = n.rows()
    assert (row.status, row.attempts) == ("failed", 10)
    assert row.last_error == "RuntimeError", "a foreign error's text may quote the URL"
    assert n.sender.sent == []


def test_a_delivery_claimed_by_a_process_that_died_is_sent_once_after_its_lease(nudging) -> None:
    n = nudging
    ben = ben_waits(n)
    n.clock.by = timedelta(seconds=DELAY + 1)
    dead = n.runner.deliveries.claim(8)  # claimed, committed, then the process died
    assert [c.account_id for c in dead] == [ben]
    assert n.rows()[0].status == "sending"

    n.tick(at=DELAY + 1 + LEASE - 30)
    assert n.sender.sent == [], "its lease still holds it"
    n.tick(at=DELAY + 1 + LEASE + 5)
    assert [m.kind for m in n.sender.messages(to=ben)] == ["your_turn"]
    (row,) = n.rows()
    assert (row.status, row.attempts) == ("sent", 2)
    assert row.claimed_by != dead[0].claimed_by

    # A process that was only stalled (not dead) and wakes up now does not send it again.
    assert n.runner.deliveries.deliver(dead[0]) == "left"
    n.tick(at=DELAY + 1 + 3 * LEASE)
    assert len(n.sender.sent) == 1
    assert n.rows()[0].status == "sent"


def test_every_kind_is_worded_in_english_german_and_czech() -> None:
    assert set(BUILDERS) == set(KINDS)
    others = (texts.Seat(1, "Ben"), texts.Seat(2, None, True))
    table = texts.Table("g1", "Dschingis Khan", others, "u")
    worded: dict[str, list[str]] = {}
    for language in ("en", "de", "cs"):
        made = [
            texts.your_turn(language, table),
            texts.time_low(language, table, timedelta(hours=5)),
            texts.game_over(language, table),
            texts.rematch_offer(language, table, "Anna"),
            texts.digest(language, [(table, None)], "home"),
            texts.friend_request(language, "Anna", "home"),
            texts.seat_given(language, table, "Anna"),
            texts.challenge(language, "Anna", "Dschingis Khan", 3, "home"),
        ]
        assert {m.kind for m in made} == set(KINDS)
        assert all(m.language == language for m in made)
        worded[language] = [m.title for m in made] + [m.body for m in made]
    for language in ("de", "cs"):  # each text its own, none left in English
        assert not set(worded[language]) & set(worded["en"]), language
    assert texts.your_turn("de", table).body == (
        "Du bist am Zug in Dschingis Khan mit Ben und Bot C."
    )
    assert texts.your_turn("cs", table).body == (
        "Jsi na tahu ve hře Dschingis Khan (spoluhráči: Ben a Bot C)."
    )
    assert texts.your_turn("fr", table).language == "en", "an unknown language reads English"


def test_czech_nudges_count_in_its_three_plural_forms() -> None:
    """Czech: 1 "one", 2-4 "few", 5 and more "other" (CLDR, as Intl.PluralRules)."""
    left = {h: texts.time_left(timedelta(hours=h), "cs") for h in (1, 2, 4, 5, 22)}
    assert left == {
        1: "asi 1 hodina",
        2: "asi 2 hodiny",
        4: "asi 4 hodiny",
        5: "asi 5 hodin",
        22: "asi 22 hodin",
    }
    assert texts.time_left(timedelta(days=3), "cs") == "asi 3 dny"
    assert texts.time_left(timedelta(days=6), "cs") == "asi 6 dní"
    assert texts.time_left(timedelta(seconds=30), "cs") == "méně než minuta"
    table = texts.Table("g1", "Die Dolmengötter", (texts.Seat(1, "Ben"),), "u")
    titles = [texts.digest("cs", [(table, None)] * n, "home").title for n in (1, 3, 5)]
    assert titles == ["Jsi na tahu v 1 hře", "Jsi na tahu v 3 hrách", "Jsi na tahu v 5 hrách"]
    assert texts.seat_name(texts.Seat(0, None), "cs") == "Místo A"
    assert texts.your_turn("cs", table).body == (
        "Jsi na tahu ve hře Die Dolmengötter (spoluhráč: Ben)."
    )


# ---- the stand-in webhook sender (until channels.py's send_webhook is merged) -----------


class Hook(BaseHTTPRequestHandler):
    got: ClassVar[list[tuple[dict[str, str], dict]]] = []

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        Hook.got.append((dict(self.headers), json.loads(body)))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def hook() -> Iterator[str]:
    Hook.got = []
    server = HTTPServer(("127.0.0.1", 0), Hook)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/hook"
    server.shutdown()
    thread.join()


def test_the_runner_sends_a_webhook_through_the_channel_with_the_delivery_id(
    hook: str, tmp_path: Path
) -> None:
    """The runner's senders hand its message to channels.py with the delivery's id as the
    idempotency key; a loopback webhook is refused unless the operator allows it."""
    message = Message("your_turn", "Your turn", "It is your turn.", "http://x/play/g", "g")
    recipient = Recipient(1, "Ben", "en", {"webhook_url": hook}, 42)
    db = Database(f"sqlite:///{tmp_path / 'unused.db'}")  # e-mail and push would read it
    with pytest.raises(DeliveryFailed) as refused:
        default_senders(db, Settings(allow_private_webhooks=False))("webhook", recipient, message)
    assert refused.value.retry is False and Hook.got == [], "a loopback address is refused"
    default_senders(db, Settings(allow_private_webhooks=True))("webhook", recipient, message)
    ((headers, body),) = Hook.got
    assert headers["X-Tafelrunde-Delivery"] == "42"
    assert body["title"] == "Your turn" and body["url"] == "http://x/play/g"
    assert body["kind"] == "your_turn" and body["game_id"] == "g"
