"""Seat A at a table of server bots, in the browser (issue 37's measures, shared by the
table's browser tests): positions reached through the API (seat A's random legal moves, the
bots moving in between), seat A's page opened in a language and at a screen size, and what
part of an element a player sees (the visible fraction: its box inside the viewport and
inside every scrolling panel around it) or what is drawn over it.
"""

from __future__ import annotations

import random

import httpx

from tests.support.play import auth
from tests.support.waiting import wait_for

SCREENS = {
    "1280x720": {"width": 1280, "height": 720},
    "1366x768": {"width": 1366, "height": 768},
    "1920x1080": {"width": 1920, "height": 1080},
}
PHONE = {"width": 390, "height": 844}
SEATS = [("dschingis_khan", n) for n in (2, 3, 4)] + [("dolmengoetter", n) for n in (2, 3, 4, 5)]
# Moves of your own (seat A) to reach the middle of a game; the bots move in between.
MY_MOVES = {"dschingis_khan": 24, "dolmengoetter": 8}

# The share of an element the player can see: inside the window and every clipping parent.
VISIBLE = """(el) => {
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) return 0;
  let [l, t, rt, b] = [Math.max(r.left, 0), Math.max(r.top, 0),
                       Math.min(r.right, innerWidth), Math.min(r.bottom, innerHeight)];
  for (let p = el.parentElement; p; p = p.parentElement) {
    const cs = getComputedStyle(p);
    if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
    const q = p.getBoundingClientRect();
    l = Math.max(l, q.left); t = Math.max(t, q.top);
    rt = Math.min(rt, q.right); b = Math.min(b, q.bottom);
  }
  // A cut under half a pixel is never drawn (layout is fractional, scrolling whole pixels).
  if (l - r.left < 0.5) l = r.left;
  if (t - r.top < 0.5) t = r.top;
  if (r.right - rt < 0.5) rt = r.right;
  if (r.bottom - b < 0.5) b = r.bottom;
  return Math.max(0, rt - l) * Math.max(0, b - t) / (r.width * r.height);
}"""


def with_bots(base: str, kind: str, seats: int, my_moves: int, seed: str) -> tuple[str, str]:
    """A game of `seats`: you at seat A (joined over the API), server bots at the others,
    after `my_moves` random legal moves of yours. Returns (game id, your token)."""
    rng = random.Random(seed)
    with httpx.Client(base_url=base, timeout=20) as http:
        r = http.post(
            "/api/games",
            json={
                "kind": kind,
                "num_seats": seats,
                "options": {"start_player": 0},
                "seats": [{}] + [{"bot": True}] * (seats - 1),
            },
        )
        r.raise_for_status()
        g = r.json()
        key = next(i["key"] for i in g["invites"] if i["seat"] == 0)
        j = http.post(f"/api/games/{g['id']}/seats/0/join", json={"name": "Anna", "key": key})
        j.raise_for_status()
        token = j.json()["token"]

        def my_turn() -> dict | None:
            legal = http.get(f"/api/games/{g['id']}/legal-actions", headers=auth(token)).json()
            return legal if legal["actions"] else None

        for _ in range(my_moves):
            legal = wait_for(my_turn, "the bots to play to seat A's turn")
            play_one_of(http, g["id"], token, legal, rng)
        wait_for(my_turn, "the bots to play to seat A's turn")
    return g["id"], token


def play_one_of(http: httpx.Client, game_id: str, token: str, legal: dict, rng) -> None:
    """Seat A plays one of its `legal` actions, chosen by `rng`."""
    action = rng.choice(legal["actions"])["action"]
    r = http.post(
        f"/api/games/{game_id}/actions",
        headers=auth(token),
        json={"version": legal["version"], "action": action},
    )
    assert r.status_code == 200, r.text


def reach(base: str, kind: str, seats: int, seed: str, wanted, moves: int) -> tuple[str, str]:
    """A game with server bots (`with_bots`) in which seat A's legal action types satisfy
    `wanted(types)`, reached by seat A's random moves (at most `moves` a game; a game that
    ends first is replaced by a new one, three at most). Returns (game id, token)."""
    rng = random.Random(seed)
    for attempt in range(3):
        game_id, token = with_bots(base, kind, seats, 0, f"{seed}-{attempt}")
        with httpx.Client(base_url=base, timeout=20) as http:

            def my_turn_or_end(game_id: str = game_id, token: str = token) -> dict | None:
                if http.get(f"/api/games/{game_id}").json()["status"] == "over":
                    return {"actions": []}
                legal = http.get(f"/api/games/{game_id}/legal-actions", headers=auth(token))
                return legal.json() if legal.json()["actions"] else None

            for _ in range(moves):
                legal = wait_for(my_turn_or_end, "the bots to play to seat A's turn")
                types = {a["action"]["type"] for a in legal["actions"]}
                if not types:
                    break  # the game is over
                if wanted(types):
                    return game_id, token
                play_one_of(http, game_id, token, legal, rng)
    raise AssertionError(f"seat A never reached the position wanted in 3 {kind} games")


def page_at(contexts, base: str, game_id: str, token: str | None, size, lang: str = "en"):
    """The game's page in `lang`: seat A's with `token`, a watcher's without. Returns the
    page and the list its script errors are collected in."""
    ctx = contexts(size)
    script = f"localStorage.setItem('tafelrunde.lang', '{lang}');"
    if token:
        script += (
            f"localStorage.setItem('tafelrunde.seat.{game_id}', JSON.stringify("
            f"{{seat: 0, token: '{token}', name: 'Anna'}}));"
        )
    ctx.add_init_script(script)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{base}/play/{game_id}")
    return page, errors


def open_table(contexts, base: str, game_id: str, token: str, size, lang: str = "en"):
    """Seat A's page once it is live and its turn, with a log."""
    page, errors = page_at(contexts, base, game_id, token, size, lang)
    page.wait_for_selector("#conn[data-state=live]")
    page.wait_for_selector("body[data-my-turn=true]")
    page.wait_for_function("() => document.querySelector('#log').children.length > 0")
    return page, errors


# The distinct line tops of an element's text.
LINES = """el => { const r = document.createRange(); r.selectNodeContents(el);
  return new Set([...r.getClientRects()].filter(q => q.width > 0)
                 .map(q => Math.round(q.top))).size; }"""


def visible(page, selector: str) -> list[float]:
    return page.eval_on_selector_all(selector, f"els => els.map({VISIBLE})")


def covered(page, selector: str) -> list[str]:
    """The elements matching `selector` that something else is drawn over (tested at their
    centre and near both ends): their texts."""
    return page.eval_on_selector_all(
        selector,
        """els => els.filter(el => { const r = el.getBoundingClientRect();
            return [0.1, 0.5, 0.9].some(f => { const x = r.left + f * r.width;
              const y = r.top + r.height / 2; const top = document.elementFromPoint(x, y);
              return !top || !(el.contains(top) || top.contains(el)); }); })
          .map(el => el.innerText)""",
    )
