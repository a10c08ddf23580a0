"""Die Dolmengötter in the browser: friends set up, play to the end by clicking, and each
sees only its own dolmen values (DG-11)."""

from __future__ import annotations

from typing import Any

import pytest
from offers import check_offers

pytestmark = pytest.mark.browser

GAME = "dolmengoetter"


def dom_dolmens(page) -> dict[str, Any]:
    return page.evaluate(
        """() => ({
            hand: Object.fromEntries([...document.querySelectorAll('#my-hand li')]
                .map(li => [li.dataset.value, Number(li.dataset.count)])),
            board: [...document.querySelectorAll('.board .dolmen:not(.scored)')].map(d => ({
                circle: Number(d.dataset.circle), position: Number(d.dataset.position),
                owner: Number(d.dataset.owner),
                value: d.dataset.value === undefined ? null : Number(d.dataset.value)})),
            privatePanel: !document.querySelector('#private').hidden,
        })"""
    )


def check_sees_only_own_values(table, player, views_by_seat: dict[int, dict]) -> int:
    """The page shows exactly its seat's view: own hand and own dolmen values, no others'.

    Returns how many dolmens of other seats are on the board with a value this page must not
    show (so a caller can make sure the check was not empty).
    """
    own = table.server_view(player.game_id, player.token)
    assert own["version"] == player.version(), "the page is behind the server"
    dom = dom_dolmens(player.page)
    view = own["view"]
    expected_board = [
        {"circle": c["id"], "position": k, "owner": d["owner"], "value": d["value"]}
        for c in view["circles"]
        for k, d in enumerate(c["stack"])
    ]
    assert sorted(dom["board"], key=str) == sorted(expected_board, key=str)
    if player.seat is None:
        assert not dom["privatePanel"]
        assert all(d["value"] is None for d in dom["board"])
    else:
        assert dom["hand"] == view["players"][player.seat]["hand"]
        for d in dom["board"]:
            assert (d["value"] is not None) == (d["owner"] == player.seat), d
    hidden_here = 0
    for other_seat, other in views_by_seat.items():
        if other_seat == player.seat:
            continue
        for c in other["view"]["circles"]:
            for d in c["stack"]:
                if d["owner"] == other_seat and d["value"] is not None:
                    hidden_here += 1
    return hidden_here


def test_two_friends_and_a_bot_play_dolmengoetter_to_the_end_by_clicking(contexts, table, rng):
    game_id, invites, (anna, ben, watcher) = table.friends_and_watcher(
        contexts, GAME, ["you", "friend", "bot"], (table.DESKTOP, table.PHONE, table.DESKTOP)
    )
    assert set(invites) == {1}
    # Everyone's names reached every page.
    for p in (anna, ben, watcher):
        text = p.page.inner_text("#players")
        assert "Anna" in text and "Ben" in text

    seen_hidden = 0
    decisions = 0

    def on_turn(player) -> None:
        # The game waits for this player's click: nothing changes while we look.
        nonlocal decisions, seen_hidden
        decisions += 1
        check_offers(table, player, GAME)
        views = {p.seat: table.server_view(game_id, p.token) for p in (anna, ben)}
        seen_hidden += check_sees_only_own_values(table, player, views)

    def mid_game() -> bool:
        return anna.version() >= 45

    table.play([anna, ben], rng, until=mid_game, on_turn=on_turn)
    _settle(table, anna, ben)
    views = {p.seat: table.server_view(game_id, p.token) for p in (anna, ben)}
    for p in (anna, ben, watcher):
        p.page.wait_for_function(
            "v => Number(document.body.dataset.version) === v", arg=views[0]["version"]
        )
        seen_hidden += check_sees_only_own_values(table, p, views)
    table.shot(anna.page, "dolmengoetter-mid-desktop")
    table.shot(ben.page, "dolmengoetter-mid-phone")
    table.shot(watcher.page, "dolmengoetter-mid-spectator-desktop")

    table.play([anna, ben], rng, on_turn=on_turn)
    for p in (anna, ben, watcher):
        p.page.wait_for_selector("body[data-status=over]")
        p.page.wait_for_selector("#result:not([hidden])")
    assert decisions > 20
    assert seen_hidden > 0, "no other seat's dolmen value was ever there to be hidden"

    result = table.server_view(game_id, None)["view"]
    winners = result["winners"]
    for p in (anna, ben, watcher):
        shown = p.page.get_attribute("#result .winners", "data-winners")
        assert shown == ",".join(str(w) for w in winners)
        names = {0: "Anna", 1: "Ben", 2: "Bot C"}
        headline = p.page.inner_text("#result .winners")
        for w in winners:
            assert names[w] in headline or (w == p.seat and "you" in headline.lower())
        # The end: every circle that scored is listed, every dolmen's value is shown.
        rows = p.page.locator("#score-table tbody tr[data-circle]").count()
        assert rows == sum(1 for c in result["circles"] if c["scored"])
        values = p.page.evaluate(
            "() => [...document.querySelectorAll('.board .dolmen')].map(d => d.dataset.value)"
        )
        assert all(v is not None for v in values)
        assert len(values) == sum(len(c["scored"] or []) for c in result["circles"])
        p.page.wait_for_function(
            "() => document.querySelector('#log').innerText.includes('Game over')"
        )
        assert p.page.locator("#message.message:not([hidden])").count() == 0, "a move was refused"
        assert not p.errors
    table.shot(anna.page, "dolmengoetter-end-desktop")
    table.shot(ben.page, "dolmengoetter-end-phone")


def _settle(table, anna, ben) -> None:
    """Until the game waits for a human's click: no move in flight, the bot not to move."""
    for _ in range(200):
        for p in (anna, ben):
            table.wait_idle(p)
        view = table.server_view(anna.game_id, None)["view"]
        if view["is_over"] or view["to_act"][0] in (anna.seat, ben.seat):
            return
        anna.page.wait_for_timeout(50)  # the bot is thinking
    raise AssertionError("the bot did not move")


def test_board_targets_work_from_the_keyboard_and_moves_from_the_list(contexts, table):
    anna_page = contexts(table.DESKTOP).new_page()
    game_id, invites, _ = table.create_game(
        anna_page, table.base, GAME, ["you", "friend"], "Anna", start_player=0
    )
    ben_page = contexts(table.DESKTOP).new_page()
    table.join_by_link(ben_page, invites[1], "Ben")
    anna_page.wait_for_selector("body[data-my-turn=true]")
    # Tab from the top of the page until a board target has the focus.
    for _ in range(40):
        anna_page.keyboard.press("Tab")
        if anna_page.evaluate("() => document.activeElement.classList.contains('tgt')"):
            break
    focused = anna_page.evaluate(
        """() => ({key: document.activeElement.dataset.key,
                   label: document.activeElement.getAttribute('aria-label'),
                   role: document.activeElement.getAttribute('role')})"""
    )
    assert focused["key"] and focused["key"].startswith("place:"), focused
    assert focused["role"] == "button"
    assert focused["label"].startswith("Put a druid on stone place")
    table.shot(anna_page, "dolmengoetter-keyboard-focus-desktop")
    anna_page.keyboard.press("Enter")
    place = int(focused["key"].split(":")[1])
    for page in (anna_page, ben_page):
        page.wait_for_selector(f".druid[data-place='{place}'][data-owner='0']")
        page.wait_for_function("() => document.body.dataset.version === '1'")

    # Ben uses the list of moves by name instead of the board.
    ben_page.wait_for_selector("body[data-my-turn=true]")
    ben_page.click("#actions summary")
    buttons = ben_page.locator("#action-list button")
    ben = table.Player(ben_page, 1, "Ben")
    legal = table.server_view(game_id, ben.token)["legal_actions"]
    assert [b.strip() for b in buttons.all_inner_texts()] == [a["label"] for a in legal]
    label = buttons.nth(0).inner_text()
    assert label.startswith("druid on ")
    buttons.nth(0).click()
    ben_druid = int(label.split()[-1])
    anna_page.wait_for_selector(f".druid[data-place='{ben_druid}'][data-owner='1']")
