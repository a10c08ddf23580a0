"""Fair draws in the browser: both pages commit to a contribution when they take their seat
and reveal it by themselves once both seats are taken, which starts the game (issue 36,
finding 7), and a finished game's page links to its verification page, which checks the
revealed seed in the browser (crypto.subtle) and says "verified" (issue 11.3)."""

from __future__ import annotations

import random

import httpx
import pytest

from engines.core import fairness
from tests.support.play import play_to_end

pytestmark = pytest.mark.browser


def test_a_finished_game_is_verified_in_the_browser(contexts, table) -> None:
    anna = table.Player(contexts(table.DESKTOP).new_page(), 0, "Anna")
    game_id, invites, _ = table.create_game(
        anna.page, table.base, "dolmengoetter", ["you", "friend"], "Anna"
    )
    ben = table.Player(contexts(table.PHONE).new_page(), 1, "Ben")
    table.join_by_link(ben.page, invites[1], "Ben")
    # Nobody clicks anything: both pages reveal their share, and the game starts.
    anna.page.wait_for_selector("body[data-status=running]")
    ben.page.wait_for_selector("body[data-status=running]")

    with httpx.Client(base_url=table.base, timeout=30) as http:
        summary = http.get(f"/api/games/{game_id}").json()
        contributions = summary["fairness"]["contributions"]
        assert all(isinstance(c, str) and len(c) == 32 for c in contributions), contributions
        assert contributions[0] != contributions[1]  # each browser drew its own
        # Each was committed to at the join, before the other seat's was known.
        assert summary["fairness"]["commitments"] == [
            fairness.seat_commitment(c) for c in contributions
        ]
        assert summary["reveal"] is None
        for player in (anna, ben):  # kept only until revealed
            kept = player.page.evaluate(
                "Object.keys(localStorage).filter((k) => k.startsWith('tafelrunde.contribution.'))"
            )
            assert kept == []
        play_to_end(http, game_id, {0: anna.token, 1: ben.token}, random.Random(3))

    anna.page.wait_for_selector("body[data-status=over]")
    anna.page.click("#verify-link")
    anna.page.wait_for_selector("#verify-verdict[data-verdict=verified]")
    assert anna.page.inner_text("#verify-verdict").startswith("Verified")
    checks = anna.page.locator("#verify-checks li")
    # The commitment, the one Anna saw before the end, each seat's commitment, the game seed.
    assert checks.count() == 4
    assert all(checks.nth(i).get_attribute("data-ok") == "yes" for i in range(4))
    command = anna.page.inner_text("#verify-command-text")
    assert command.startswith(f"python -m clients.verify {table.base}/play/{game_id}")
    assert summary["fairness"]["commitment"] in command
    table.shot(anna.page, "verify-verified")

    # A browser that noted another commitment before the end is told the draws are not proven.
    other = contexts(table.DESKTOP).new_page()
    other.goto(f"{table.base}/")
    other.evaluate(f"localStorage.setItem('tafelrunde.commitment.{game_id}', '{'0' * 64}')")
    other.goto(f"{table.base}/verify/{game_id}")
    other.wait_for_selector("#verify-verdict[data-verdict=failed]")
    assert anna.errors == [] and ben.errors == []


def test_a_running_game_keeps_its_seed_secret(contexts, table) -> None:
    page = contexts(table.DESKTOP).new_page()
    with httpx.Client(base_url=table.base, timeout=30) as http:
        game_id = http.post("/api/games", json={"kind": "dschingis_khan", "num_seats": 2}).json()[
            "id"
        ]
    page.goto(f"{table.base}/verify/{game_id}")
    page.wait_for_selector("#verify-verdict[data-verdict=running]")
    assert page.locator("#verify-checks li").count() == 0
