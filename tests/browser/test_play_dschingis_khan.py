"""Dschingis Khan in the browser: two friends play to the end by clicking; each page shows
the faces its seat may know (DK-15) and no others; at the end every face is shown."""

from __future__ import annotations

from typing import Any

import pytest
from offers import check_offers

pytestmark = pytest.mark.browser

GAME = "dschingis_khan"


def dom_tiles(page) -> dict[str, Any]:
    return page.evaluate(
        """() => ({
            hand: [...document.querySelectorAll('#my-tiles li[data-face]')]
                .map(li => li.dataset.face),
            layers: [...document.querySelectorAll('.board .stack .tile')].map(t => ({
                village: Number(t.closest('.stack').dataset.village),
                layer: Number(t.dataset.layer), owner: Number(t.dataset.owner),
                face: t.dataset.face === undefined ? null : t.dataset.face,
                remembered: t.classList.contains('remembered')})),
            remembered: [...document.querySelectorAll('#my-remembered li')].map(li =>
                [Number(li.dataset.village), Number(li.dataset.layer), li.dataset.face]),
            privatePanel: !document.querySelector('#private').hidden,
        })"""
    )


def check_sees_only_known_faces(table, player, views_by_seat: dict[int, dict]) -> tuple[int, int]:
    """The page shows exactly the faces its seat's view holds (own tiles, villages it
    controls, remembered ones) and no face that only another seat knows.

    Returns (faces another seat knows that this page must not show, remembered faces shown).
    """
    own = table.server_view(player.game_id, player.token)
    assert own["version"] == player.version(), "the page is behind the server"
    view = own["view"]
    dom = dom_tiles(player.page)
    expected = [
        {
            "village": v["id"],
            "layer": i,
            "owner": layer["owner"],
            "face": layer["face"],
            "remembered": layer["remembered"],
        }
        for v in view["villages"]
        for i, layer in enumerate(v["stack"])
    ]
    key = lambda d: (d["village"], d["layer"])  # noqa: E731
    assert sorted(dom["layers"], key=key) == sorted(expected, key=key)
    if player.seat is None:
        assert not dom["privatePanel"]
        assert all(d["face"] is None for d in dom["layers"])
        return 0, 0
    assert dom["hand"] == view["players"][player.seat]["faces"]
    assert sorted(dom["remembered"]) == sorted(
        [d["village"], d["layer"], d["face"]] for d in expected if d["remembered"]
    )
    hidden_here = 0
    for other_seat, other in views_by_seat.items():
        if other_seat == player.seat:
            continue
        for v in other["view"]["villages"]:
            for i, layer in enumerate(v["stack"]):
                mine = view["villages"][v["id"]]["stack"][i]
                if layer["face"] is not None and mine["face"] is None:
                    hidden_here += 1
    return hidden_here, len(dom["remembered"])


def test_two_friends_play_dschingis_khan_to_the_end_by_clicking(contexts, table, rng):
    game_id, _, (anna, ben, watcher) = table.friends_and_watcher(
        contexts, GAME, ["you", "friend"], (table.PHONE, table.DESKTOP, table.PHONE)
    )

    hidden_checked = 0
    remembered_seen = 0
    kinds_of_offer: set[str] = set()

    def on_turn(player) -> None:
        # The game waits for this player's click: nothing changes while we look.
        nonlocal hidden_checked, remembered_seen
        check_offers(table, player, GAME)
        views = {p.seat: table.server_view(game_id, p.token) for p in (anna, ben)}
        hidden, remembered = check_sees_only_known_faces(table, player, views)
        hidden_checked += hidden
        remembered_seen += remembered
        for k in table.offered_keys(player.page)["targets"]:
            kinds_of_offer.add(k.split(":")[0])

    def take_over(player) -> set[str]:
        # Half the time, step onto a village the other seat controls when one is offered:
        # the other seat then remembers the faces it saw there (DK-15), which this test must
        # see drawn; uniformly random play leaves that out in about one game in fourteen.
        if rng.random() < 0.5:
            return set()
        villages = table.server_view(game_id, player.token)["view"]["villages"]
        return {
            f"village:{v['id']}"
            for v in villages
            if v["controller"] is not None and v["controller"] != player.seat
        }

    table.play(
        [anna, ben], rng, until=lambda: anna.version() >= 50, on_turn=on_turn, prefer=take_over
    )
    for p in (anna, ben):
        table.wait_idle(p)  # no move in flight: the game now waits for a click
    views = {p.seat: table.server_view(game_id, p.token) for p in (anna, ben)}
    for p in (anna, ben, watcher):
        p.page.wait_for_function(
            "v => Number(document.body.dataset.version) === v", arg=views[0]["version"]
        )
        check_sees_only_known_faces(table, p, views)
    table.shot(anna.page, "dschingis_khan-mid-phone")
    table.shot(ben.page, "dschingis_khan-mid-desktop")
    table.shot(watcher.page, "dschingis_khan-mid-spectator-phone")

    table.play([anna, ben], rng, on_turn=on_turn, prefer=take_over)
    for p in (anna, ben, watcher):
        p.page.wait_for_selector("body[data-status=over]")
        p.page.wait_for_selector("#result:not([hidden])")
    # Walls were built and scouts moved by clicking lines and villages on the board.
    assert {"line", "village"} <= kinds_of_offer
    assert hidden_checked > 0, "no face known only to the other seat was ever checked"
    assert remembered_seen > 0, "no remembered face was ever shown"

    final = table.server_view(game_id, None)["view"]
    winners = final["winners"]
    for p in (anna, ben, watcher):
        assert p.page.get_attribute("#result .winners", "data-winners") == ",".join(
            str(w) for w in winners
        )
        headline = p.page.inner_text("#result .winners")
        for w in winners:
            name = {0: "Anna", 1: "Ben"}[w]
            assert name in headline or (w == p.seat and "you" in headline.lower())
        # Every face is revealed on the board, and every controlled village is scored.
        faces = p.page.evaluate(
            "() => [...document.querySelectorAll('.board .stack .tile')]"
            ".map(t => t.dataset.face ?? null)"
        )
        assert faces and all(f is not None for f in faces)
        assert len(faces) == sum(len(v["stack"]) for v in final["villages"])
        scored = [v for v in final["scoring"]["villages"] if v["controller"] is not None]
        assert p.page.locator("#score-table tbody tr[data-village]").count() == len(scored)
        for seat, total in enumerate(final["scoring"]["scores"]):
            assert f"{total}" in p.page.inner_text(f"#result .total[data-seat='{seat}']")
        p.page.wait_for_function(
            "() => document.querySelector('#log').innerText.includes('Game over')"
        )
        assert p.page.locator("#message.message:not([hidden])").count() == 0, "a move was refused"
        assert not p.errors
    table.shot(anna.page, "dschingis_khan-end-phone")
    table.shot(ben.page, "dschingis_khan-end-desktop")
