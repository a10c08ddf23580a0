"""Choosing a scout's way along the wall by clicking the wall pieces (DK-10), stone places a
finger can hit on a phone, and the event log kept up to date from the live connection."""

from __future__ import annotations

import random
import re
from collections import defaultdict
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

pytestmark = pytest.mark.browser


def _join(base: str, game_id: str, seat: int, name: str, link: str) -> str:
    """Take the seat by REST with the key of its invite link."""
    key = parse_qs(urlsplit(link).query)["key"][0]
    r = httpx.post(f"{base}/api/games/{game_id}/seats/{seat}/join", json={"name": name, "key": key})
    assert r.status_code == 201, r.text
    return r.json()["token"]


def _legal(base: str, game_id: str, token: str) -> dict[str, Any]:
    r = httpx.get(
        f"{base}/api/games/{game_id}/legal-actions", headers={"Authorization": f"Bearer {token}"}
    )
    r.raise_for_status()
    return r.json()


def _post(base: str, game_id: str, token: str, version: int, action: dict) -> None:
    r = httpx.post(
        f"{base}/api/games/{game_id}/actions",
        headers={"Authorization": f"Bearer {token}"},
        json={"version": version, "action": action},
    )
    assert r.status_code == 200, r.text


def _routes(actions: list[dict]) -> dict[int, set[tuple[int, ...]]]:
    """Scout steps by destination: the sets of wall pieces each may use (DK-10)."""
    out: dict[int, set[tuple[int, ...]]] = defaultdict(set)
    for a in actions:
        if a["action"]["type"] == "step":
            out[a["action"]["to"]].add(tuple(a["action"]["via"]))
    return out


def _wall_choice(actions: list[dict]) -> tuple[int, tuple[int, int]] | None:
    """A destination reached along the wall from a climb piece with two or more pieces to
    climb down at, and another first step, so that the player must click both pieces (a
    step all the ways there share is taken for the player)."""
    for to, routes in sorted(_routes(actions).items()):
        if len({r[0] if r else None for r in routes}) < 2:
            continue
        along = sorted(r for r in routes if len(r) == 2)
        for climb, descend in along:
            if sum(1 for r in along if r[0] == climb) >= 2:
                return to, (climb, descend)
    return None


def _offered(page) -> dict[str, set[str]]:
    return page.evaluate(
        """() => ({
            lines: [...document.querySelectorAll('.tgt.is-target')].map(e => e.dataset.key),
            buttons: [...document.querySelectorAll('#prompt button.choice')]
                .map(e => e.dataset.key),
        })"""
    )


def _log_stream(page) -> str:
    """The log's text, oldest first, whatever entries it is grouped into."""
    texts = page.eval_on_selector_all("#log li", "lis => lis.map(li => li.innerText)")
    return " ".join(" ".join(reversed(texts)).split())


def test_a_step_along_the_wall_is_chosen_by_clicking_its_two_wall_pieces(contexts, table):
    """DK-10 (c): after the destination, the page highlights the open pieces the scout may
    climb at; after one is clicked, those it may climb down at; only the server's routes.
    The log follows from the socket's events, without asking /log again."""
    base = table.base
    page = contexts(table.DESKTOP).new_page()
    log_requests: list[str] = []
    page.on("request", lambda r: log_requests.append(r.url) if "/log" in r.url else None)
    rng = random.Random(11)
    # Both seats play random legal moves by REST until Anna may walk along the wall. About
    # one game in ten (the server deals the tiles) ends without such a step: then a new one.
    found = None
    for _attempt in range(12):
        game_id, invites, _ = table.create_game(
            page, base, "dschingis_khan", ["you", "friend"], "Anna", start_player=0
        )
        anna = table.Player(page, 0, "Anna")
        tokens = {0: anna.token, 1: _join(base, game_id, 1, "Ben", invites[1])}
        page.wait_for_selector("body[data-status=running]")
        page.wait_for_selector("#conn[data-state=live]")
        log_requests.clear()  # the page's first load of this game's log is expected
        for _ in range(800):
            legal = {s: _legal(base, game_id, t) for s, t in tokens.items()}
            if legal[0]["actions"] and (found := _wall_choice(legal[0]["actions"])):
                break
            movers = [s for s, la in legal.items() if la["actions"]]
            if not movers:
                break  # the game is over
            action = rng.choice(legal[movers[0]]["actions"])["action"]
            _post(base, game_id, tokens[movers[0]], legal[movers[0]]["version"], action)
        if found:
            break
    assert found, "no step along the wall came up in twelve games"
    to, (climb, descend) = found
    version = legal[0]["version"]
    routes = _routes(legal[0]["actions"])[to]
    page.wait_for_function("v => document.body.dataset.version === String(v)", arg=version)
    page.wait_for_selector("body[data-my-turn=true]")

    page.click(f".tgt.is-target[data-key='village:{to}']")
    offered = _offered(page)
    assert set(offered["lines"]) == {f"line:{r[0]}" for r in routes if r}
    assert ("via:straight" in offered["buttons"]) == (() in routes)
    assert "climbs onto the wall" in page.inner_text("#prompt")
    table.shot(page, "dschingis_khan-wall-climb-desktop")

    page.click(f".tgt.is-target[data-key='line:{climb}']")
    offered = _offered(page)
    assert set(offered["lines"]) == {
        f"line:{r[1]}" for r in routes if len(r) == 2 and r[0] == climb
    }
    assert ("via:gate" in offered["buttons"]) == ((climb,) in routes)
    assert page.locator(f".tgt.is-picked[data-key='line:{climb}']").count() == 1
    # The descend piece from the keyboard: focus it and press Enter.
    page.focus(f".tgt.is-target[data-key='line:{descend}']")
    page.keyboard.press("Enter")
    page.wait_for_selector("#prompt button.choice[data-key^='tile:']")
    assert "along the wall" in page.inner_text("#prompt")
    tile = page.get_attribute("#prompt button.choice[data-key^='tile:']", "data-key")
    page.click(f"#prompt button.choice[data-key='{tile}']")
    page.wait_for_function("v => document.body.dataset.version === String(v)", arg=version + 1)

    r = httpx.get(
        f"{base}/api/games/{game_id}/log?since={version}",
        headers={"Authorization": f"Bearer {tokens[0]}"},
    )
    (entry,) = r.json()["entries"]
    (step,) = [e for e in entry["events"] if e["type"] == "step"]
    assert (step["to"], step["via"], step["tile"]) == (to, [climb, descend], tile.split(":")[1])
    for line in (climb, descend):
        page.wait_for_selector(f".wall-piece.closed[data-line='{line}']")
    page.wait_for_function(
        "() => document.querySelector('#log li').innerText.includes('along the wall')"
    )

    # Every change came with its events over the socket: the page never asked /log again,
    # and its log reads as a fresh page's (which loads the history from /log).
    assert log_requests == []
    fresh = page.context.new_page()
    fresh.goto(f"{base}/play/{game_id}")
    fresh.wait_for_function("v => document.body.dataset.version === String(v)", arg=version + 1)
    fresh.wait_for_selector("#log li")
    assert _log_stream(page) == _log_stream(fresh)
    assert len(re.findall(r"→", _log_stream(page))) >= 1
    assert not anna.errors


def test_a_state_fetched_while_the_socket_is_live_leaves_the_log_to_the_socket(
    contexts, table, rng
):
    """A move's state can reach the page by REST before the live socket brings it (the
    page asks once its own move is slow to come back). The log then waits for the socket's
    state, which carries the move's events: the page does not ask /log for them as well,
    and the move is in the log once."""
    base = table.base
    page = contexts(table.DESKTOP).new_page()
    relay = table.SocketRelay(page)
    game_id, invites, _ = table.create_game(
        page, base, "dolmengoetter", ["you", "friend"], "Anna", start_player=0
    )
    _join(base, game_id, 1, "Ben", invites[1])
    anna = table.Player(page, 0, "Anna")
    page.wait_for_selector("body[data-my-turn=true]")
    page.wait_for_selector("#conn[data-state=live]")
    log_requests: list[str] = []
    page.on("request", lambda r: log_requests.append(r.url) if "/log" in r.url else None)

    relay.holding = True
    with page.expect_request(lambda r: r.url.endswith(f"/api/games/{game_id}/view")):
        table.click_one(anna, rng)  # on the live socket; its state is held back
    page.wait_for_function("() => document.body.dataset.version === '1'")
    assert page.get_attribute("#conn", "data-state") == "live"
    assert relay.held, "the socket's state of the move is held back"
    relay.release()
    # The move's entry comes from the socket: the log reads as a fresh page's, which loads
    # the history from /log.
    fresh = page.context.new_page()
    fresh.goto(f"{base}/play/{game_id}")
    fresh.wait_for_function("() => document.body.dataset.version === '1'")
    fresh.wait_for_selector("#log li")
    page.wait_for_function(
        "n => document.querySelectorAll('#log li').length === n",
        arg=fresh.locator("#log li").count(),
    )
    assert _log_stream(page) == _log_stream(fresh)
    assert log_requests == []
    assert not anna.errors


def test_stone_places_are_a_finger_wide_on_a_phone(contexts, table):
    """Die Dolmengötter at 390 px, one tap on "+" from the whole board: every highlighted
    stone place takes taps in a circle at least 32 px across, and a tap beside the drawn
    ring still chooses that place."""
    base = table.base
    page = contexts(table.PHONE).new_page()
    game_id, invites, _ = table.create_game(
        page, base, "dolmengoetter", ["you", "friend"], "Anna", start_player=0
    )
    _join(base, game_id, 1, "Ben", invites[1])
    anna = table.Player(page, 0, "Anna")
    page.wait_for_selector("body[data-my-turn=true]")
    page.click("#zoom-in")  # the whole board fits the width at first: places 27 px apart
    hits = page.locator(".hit.is-live")
    legal = _legal(base, game_id, anna.token)["actions"]
    assert hits.count() == len(legal) > 10
    sizes = [b["width"] for b in (hits.nth(i).bounding_box() for i in range(hits.count()))]
    assert min(sizes) >= 32, sizes
    table.shot(page, "dolmengoetter-start-phone")

    # A place in the middle of the board; tap between its ring and the edge of its hit area.
    place = sorted(a["action"]["place"] for a in legal)[len(legal) // 2]
    ring = page.locator(f".tgt.is-target[data-key='place:{place}']")
    ring.scroll_into_view_if_needed()
    rb = ring.bounding_box()
    hb = page.locator(f".hit.is-live[data-key='place:{place}']").bounding_box()
    x = rb["x"] + rb["width"] / 2 + (rb["width"] / 2 + hb["width"] / 2) / 2
    y = rb["y"] + rb["height"] / 2
    assert hb["width"] > rb["width"]
    page.mouse.click(x, y)
    page.wait_for_selector(f".druid[data-place='{place}'][data-owner='0']")
    places = table.server_view(game_id, anna.token)["view"]["places"]
    assert [p["id"] for p in places if p["druid"] == 0] == [place]
    assert not anna.errors
