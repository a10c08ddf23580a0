"""Giving a seat back. The host's "Invite again" shows only once the seat's player has been
away 3 minutes (the server refuses it before), so the host cannot take a friend's seat over
to read its hand; the player may give the seat back on their own page. Either way the old link
dies, the host's page shows the seat's new link, and someone else takes the seat with it and
plays on from the same position."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from sqlalchemy import create_engine, select, update

from app.db.models import SeatRow, utcnow

pytestmark = pytest.mark.browser


def test_the_player_gives_the_seat_back_and_a_new_player_takes_it(contexts, table, rng):
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

    # Only the host's page offers "Invite again", on the others' seats; only Ben's offers
    # him to give his own seat back.
    assert ben.page.locator("button[data-release]").count() == 0
    assert anna.page.locator("button[data-release='0']").count() == 0
    assert anna.page.locator("button[data-give-back='1']").count() == 0
    assert ben.page.locator("button[data-give-back='0']").count() == 0

    # Ben is here: the host's "Invite again" would be refused, so the page does not offer it.
    anna.page.wait_for_selector("#players tr[data-seat='1'] [data-presence=here]")
    assert anna.page.locator("button[data-release]").count() == 0
    table.shot(anna.page, "release-not-offered-desktop")

    # Ben first changes his mind (nothing happens), then gives his seat back.
    ben.page.once("dialog", lambda dialog: dialog.dismiss())
    ben.page.click("button[data-give-back='1']")
    assert table.server_view(game_id, None)["seats"][1]["joined"] is True
    ben.page.once("dialog", lambda dialog: dialog.accept())
    ben.page.click("button[data-give-back='1']")
    ben.page.wait_for_selector("body[data-released=true]")
    assert "You gave your seat back" in ben.page.inner_text("#message")
    assert ben.page.inner_text("#you-are") == "Watching"
    ben.page.wait_for_selector("body[data-status=open]")
    assert ben.page.locator("#private").is_hidden()
    table.shot(ben.page, "release-by-player-phone")

    # Every page logs the release; the host's shows the seat's new link.
    for page in (anna.page, ben.page):
        page.wait_for_function(
            "() => document.querySelector('#log').innerText.includes('gave the seat back')"
        )
    anna.page.wait_for_selector("#invites:not([hidden])")
    anna.page.wait_for_function(
        "old => { const i = document.querySelector(\"#invite-links input[data-seat='1']\");"
        " return i && i.value.includes('key=') && i.value !== old; }",
        arg=invites[1],
    )
    link = anna.page.input_value("#invite-links input[data-seat='1']")

    # The old link is dead; Carl takes seat B with the new one and moves where Ben would have.
    dora = contexts(table.DESKTOP).new_page()
    dora.goto(invites[1])
    dora.wait_for_selector("#join:not([hidden])")
    dora.fill("#join-name", "Dora")
    dora.click("#join-button")
    dora.wait_for_selector("#join-error:not([hidden])")
    carl = table.Player(contexts(table.DESKTOP).new_page(), 1, "Carl")
    table.join_by_link(carl.page, link, "Carl")
    carl.page.wait_for_selector("body[data-my-turn=true]")
    assert carl.version() == at
    table.click_one(carl, rng)
    carl.page.wait_for_function(f"() => Number(document.body.dataset.version) > {at}")
    for page in (anna.page, ben.page):
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {at}")
        assert "Carl" in page.inner_text("#players")
    for player in (anna, ben, carl):
        assert player.errors == [], player.errors


def test_the_host_invites_again_once_the_player_has_been_away(contexts, table, web):
    anna = table.Player(contexts(table.DESKTOP).new_page(), 0, "Anna")
    game_id, invites, _ = table.create_game(
        anna.page, table.base, "dschingis_khan", ["you", "friend"], "Anna", start_player=0
    )
    ben_context = contexts(table.PHONE)
    ben = table.Player(ben_context.new_page(), 1, "Ben")
    table.join_by_link(ben.page, invites[1], "Ben")
    anna.page.wait_for_selector("body[data-status=running]")
    ben_context.close()  # Ben's phone is gone (lost, cleared): his page closes
    engine = create_engine(web.database_url)
    seat = (SeatRow.game_id == game_id) & (SeatRow.seat == 1)
    try:
        deadline = time.monotonic() + 30
        with engine.connect() as conn:
            while conn.execute(select(SeatRow.connections).where(seat)).scalar_one():
                assert time.monotonic() < deadline, "the server did not see Ben's page close"
                conn.rollback()
                time.sleep(0.1)
        # Ben away less than 3 minutes: no "Invite again" yet. Read before his last sight
        # is moved back: the page may hear of his absence only after that.
        anna.page.wait_for_selector("#players tr[data-seat='1'] [data-presence=away]")
        assert anna.page.locator("button[data-release]").count() == 0
        # Instead of waiting three minutes: Ben was last seen four minutes ago.
        with engine.begin() as conn:
            conn.execute(
                update(SeatRow).where(seat).values(last_seen=utcnow() - timedelta(minutes=4))
            )
    finally:
        engine.dispose()
    # Four minutes: there it is.
    anna.page.reload()
    anna.page.wait_for_selector("button[data-release='1']")
    anna.page.once("dialog", lambda dialog: dialog.accept())
    anna.page.click("button[data-release='1']")
    anna.page.wait_for_function(
        "() => document.querySelector('#message').innerText.includes('Seat B is free again')"
    )
    anna.page.wait_for_selector("#invites:not([hidden])")
    anna.page.wait_for_function(
        "() => document.querySelector('#log').innerText.includes('The host gave seat B back')"
    )
    link = anna.page.input_value("#invite-links input[data-seat='1']")
    assert "key=" in link and link != invites[1]
    table.shot(anna.page, "release-host-desktop")
    assert anna.errors == [], anna.errors
