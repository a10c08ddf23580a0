"""Taking a misclick back in the browser: Anna puts a druid on the wrong place (DG-2), takes
it back with the Undo button, then with the `z` key, and puts it where she meant. The button
shows exactly when the server says the take-back is allowed (``can_undo``), and both pages
see the druid move and the take-back in "What happened"."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

GAME = "dolmengoetter"


def druids(table, game_id: str) -> list[int]:
    view = table.server_view(game_id, None)["view"]
    return sorted(p["id"] for p in view["places"] if p.get("druid") is not None)


def click_place(player, place: int) -> None:
    before = player.version()
    player.page.locator(f".tgt.is-target[data-key='place:{place}']").click()
    player.page.wait_for_function(
        "v => Number(document.body.dataset.version) > v", arg=before, timeout=15000
    )


def undo_shown(player) -> bool:
    return player.page.locator("#undo:not([hidden])").count() == 1


def test_a_misclicked_druid_is_taken_back_and_placed_elsewhere(contexts, table):
    game_id, _, anna, ben = table.two_friends(contexts, GAME, (table.DESKTOP, table.DESKTOP))
    anna.page.wait_for_selector("body[data-my-turn=true]")
    assert not undo_shown(anna) and not undo_shown(ben)  # nothing played yet

    keys = table.offered_keys(anna.page)["targets"]
    wrong, meant, also_wrong = (int(k.split(":")[1]) for k in keys[:3])

    # The misclick: the druid lands, the turn passes to Ben, and Anna may take it back.
    click_place(anna, wrong)
    assert druids(table, game_id) == [wrong]
    anna.page.wait_for_selector("#undo:not([hidden])")
    ben.page.wait_for_function(
        "v => Number(document.body.dataset.version) >= v", arg=anna.version()
    )
    assert not undo_shown(ben)  # not Ben's action
    table.shot(anna.page, "undo-offered-desktop")

    version = anna.version()
    anna.page.click("#undo")
    anna.page.wait_for_function(
        "v => Number(document.body.dataset.version) > v", arg=version, timeout=15000
    )
    anna.page.wait_for_selector("body[data-my-turn=true]")
    assert druids(table, game_id) == []
    anna.page.wait_for_selector("#undo[hidden]", state="attached")
    for p in (anna, ben):
        p.page.wait_for_function(
            "() => document.querySelector('#log').innerText.includes('took') "
            "&& document.querySelector('#log').innerText.includes('took back a move')"
        )

    # Once more, with the z key.
    click_place(anna, also_wrong)
    anna.page.wait_for_selector("#undo:not([hidden])")
    version = anna.version()
    anna.page.locator("body").press("z")
    anna.page.wait_for_function(
        "v => Number(document.body.dataset.version) > v", arg=version, timeout=15000
    )
    assert druids(table, game_id) == []

    # The move she meant; then Ben answers, and her take-back is gone.
    anna.page.wait_for_selector("body[data-my-turn=true]")
    click_place(anna, meant)
    assert druids(table, game_id) == [meant]
    ben.page.wait_for_selector("body[data-my-turn=true]")
    ben_place = int(table.offered_keys(ben.page)["targets"][0].split(":")[1])
    click_place(ben, ben_place)
    anna.page.wait_for_function(
        "v => Number(document.body.dataset.version) >= v", arg=ben.version()
    )
    assert not undo_shown(anna)
    assert druids(table, game_id) == sorted([meant, ben_place])
    assert anna.page.locator("#message.message:not([hidden])").count() == 0
    assert not anna.errors and not ben.errors
