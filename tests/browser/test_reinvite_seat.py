"""The host gives a seat back ("Invite again"): the player who lost it is told and watches,
and someone else takes the seat through the invite link and plays on from the same position."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_host_invites_a_seat_again_and_a_new_player_takes_it(contexts, table, rng):
    anna = table.Player(contexts(table.DESKTOP).new_page(), 0, "Anna")
    game_id, invites, _ = table.create_game(
        anna.page, table.base, "dolmengoetter", ["you", "friend"], "Anna", start_player=0
    )
    ben = table.Player(contexts(table.PHONE).new_page(), 1, "Ben")
    table.join_by_link(ben.page, invites[1], "Ben")
    anna.page.wait_for_selector("body[data-my-turn=true]")
    table.click_one(anna, rng)  # Anna's druid; now the game waits for Ben
    ben.page.wait_for_selector("body[data-my-turn=true]")
    at = ben.version()
    assert at > 0 and ben.page.locator("#private").is_visible()

    # Ben's own page offers him no such control; only the host's does, on the others' seats.
    assert ben.page.locator("button[data-release]").count() == 0
    assert anna.page.locator("button[data-release='0']").count() == 0
    # Anna first changes her mind (nothing happens), then confirms.
    anna.page.once("dialog", lambda dialog: dialog.dismiss())
    anna.page.click("button[data-release='1']")
    assert table.server_view(game_id, None)["seats"][1]["joined"] is True
    anna.page.once("dialog", lambda dialog: dialog.accept())
    anna.page.click("button[data-release='1']")
    anna.page.wait_for_selector("#invites:not([hidden])")
    link = anna.page.input_value("#invite-links input[data-seat='1']")
    assert link == invites[1]
    assert "Seat B is free again" in anna.page.inner_text("#message")
    table.shot(anna.page, "release-host-desktop")

    # Ben's page says what happened and shows the spectator's view: nothing private.
    ben.page.wait_for_selector("body[data-released=true]")
    ben.page.wait_for_function(
        "() => document.querySelector('#message').innerText.includes('given back by the host')"
    )
    assert "you are now watching" in ben.page.inner_text("#message")
    assert ben.page.inner_text("#you-are") == "Watching"
    ben.page.wait_for_selector("body[data-status=open]")
    assert ben.page.locator("#private").is_hidden()
    table.shot(ben.page, "release-released-phone")

    # Carl takes seat B with the link and moves where Ben would have.
    carl = table.Player(contexts(table.DESKTOP).new_page(), 1, "Carl")
    table.join_by_link(carl.page, link, "Carl")
    carl.page.wait_for_selector("body[data-my-turn=true]")
    assert carl.version() == at
    table.click_one(carl, rng)
    carl.page.wait_for_function(f"() => Number(document.body.dataset.version) > {at}")
    for page in (anna.page, ben.page):
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {at}")
        assert "Carl" in page.inner_text("#players")
    assert carl.token != ben.page.evaluate(
        "id => localStorage.getItem('tafelrunde.seat.' + id)", game_id
    )
    for player in (anna, ben, carl):
        assert player.errors == [], player.errors
