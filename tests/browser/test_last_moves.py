"""The last moves on the board (issue 9): two players and a watcher, in both games. After a
seat moves, every other page marks exactly the pieces that move changed (``data-last-move``
= the mover's seat and ``data-last-seq`` = the action on the board's targets), in the
mover's colour, until that page's seat acts; a watcher sees the last full round. Each action
is one log entry under its seat, and hovering or focusing an entry highlights its pieces
with their numbers.

The moves are sent over REST with the seats' tokens, so that the test knows exactly what
each one changed; the pages see them arrive live."""

from __future__ import annotations

import contextlib
import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.browser

DESKTOP_1366 = {"width": 1366, "height": 768}

# The actions that move pieces, tried first (so a few moves show walls, scouts, druids).
BOARD_ACTIONS = {
    "dschingis_khan": ["setup", "place_wall", "step", "place_scout", "rescue_scout"],
    "dolmengoetter": ["place_druid", "walk", "flight", "herbs", "place_dolmen"],
}


def changed_keys(kind: str, action: dict[str, Any], events: list[dict[str, Any]]) -> set[str]:
    """The board places an action changed, from the action sent and, for what it caused
    (the pieces a wall took off, where the scout came from), from its events."""
    t = action["type"]
    keys: set[str] = set()
    if kind == "dschingis_khan":
        if t == "setup":
            keys |= {f"village:{v}" for v in action["villages"]}
            keys.add(f"village:{action['scout']}")
        elif t == "place_scout":
            keys.add(f"village:{action['village']}")
        elif t == "place_wall":
            keys.add(f"line:{action['line']}")
            wall = next(e for e in events if e["type"] == "wall")
            keys |= {f"line:{line}" for line in wall["removed"]}
        elif t == "step":
            step = next(e for e in events if e["type"] == "step")
            keys |= {f"village:{step['from']}", f"village:{action['to']}"}
            keys |= {f"line:{line}" for line in action["via"]}
        elif t == "rescue_scout":
            rescue = next(e for e in events if e["type"] == "rescue_scout")
            keys.add(f"village:{rescue['village']}")
    else:
        if t in ("place_druid", "herbs"):
            keys.add(f"place:{action['place']}")
        elif t in ("walk", "flight"):
            keys |= {f"place:{action['from_place']}", f"place:{action['to']}"}
        elif t == "place_dolmen":
            keys.add(f"circle:{action['circle']}")
    return keys


def expected_marks(history: list[tuple[int, int, set[str]]], seat: int | None) -> dict:
    """What a page marks: for a seat, the actions after its last one; for a watcher, the
    last round (from the latest mover's previous turn on). ``history``: (seq, seat, keys)."""
    i = len(history) - 1
    if seat is None:
        latest = history[i][1]
        while i >= 0 and history[i][1] == latest:
            i -= 1
        while i >= 0 and history[i][1] != latest:
            i -= 1
    else:
        while i >= 0 and history[i][1] != seat:
            i -= 1
    marks: dict[str, list[int]] = {}
    for seq, mover, keys in history[i + 1 :]:
        for key in keys:
            marks[key] = [mover, seq]
    return marks


def page_marks(page) -> dict[str, list[int]]:
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll(
              '.layer-targets .tgt[data-last-move]')].map(e =>
              [e.dataset.key, [Number(e.dataset.lastMove), Number(e.dataset.lastSeq)]]))"""
    )


def wait_marks(player, version: int, expected: dict[str, list[int]]) -> None:
    page = player.page
    page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=version)
    with contextlib.suppress(PlaywrightTimeout):  # the assertion below says what differs
        page.wait_for_function(
            """want => {
                const got = [...document.querySelectorAll('.layer-targets .tgt[data-last-move]')]
                  .map(e => `${e.dataset.key}=${e.dataset.lastMove}@${e.dataset.lastSeq}`).sort();
                const exp = Object.entries(want).map(([k, [s, q]]) => `${k}=${s}@${q}`).sort();
                return JSON.stringify(got) === JSON.stringify(exp);
            }""",
            arg=expected,
            timeout=10000,
        )
    assert page_marks(page) == expected, f"{player.name}'s board at version {version}"
    # Each mark is drawn in the mover's colour with the mover's shape.
    drawn = page.evaluate(
        """() => [...document.querySelectorAll('.layer-marks .last-move')].map(g =>
              [g.dataset.key, Number(g.dataset.seat),
               g.querySelector('.last-move-line').getAttribute('stroke'),
               g.querySelectorAll('.seat-mark').length])"""
    )
    colours = player.page.evaluate(
        "async () => (await import('/static/js/palette.js')).SEATS.map(s => s.colour)"
    )
    assert sorted(d[0] for d in drawn) == sorted(expected)
    for key, seat, stroke, shapes in drawn:
        assert seat == expected[key][0] and stroke == colours[seat] and shapes == 1, key


def act(base: str, game_id: str, token: str, kind: str, rng: random.Random) -> tuple:
    """The seat plays one legal action, one that moves pieces when it can."""
    headers = {"Authorization": f"Bearer {token}"}
    legal = httpx.get(f"{base}/api/games/{game_id}/legal-actions", headers=headers).json()
    options = [a["action"] for a in legal["actions"]]
    assert options, "the seat to act has nothing to do"
    for wanted in BOARD_ACTIONS[kind]:
        picks = [a for a in options if a["type"] == wanted]
        if wanted == "step" and any(a["via"] for a in picks):
            picks = [a for a in picks if a["via"]]  # a gate or a wall walk, when there is one
        if picks:
            action = rng.choice(picks)
            break
    else:
        action = rng.choice(options)
    r = httpx.post(
        f"{base}/api/games/{game_id}/actions",
        headers=headers,
        json={"version": legal["version"], "action": action},
    )
    assert r.status_code == 200, r.text
    return action, r.json()


def to_act(table, game_id: str) -> int:
    return table.server_view(game_id, None)["view"]["to_act"][0]


@pytest.mark.parametrize("kind", ["dschingis_khan", "dolmengoetter"])
def test_the_last_moves_are_marked_until_the_seat_acts(contexts, table, rng, kind):
    devices = (DESKTOP_1366, table.PHONE, table.DESKTOP)
    anna_page = contexts(devices[0]).new_page()
    game_id, invites, spectator = table.create_game(
        anna_page, table.base, kind, ["you", "friend"], "Anna"
    )
    ben_page = contexts(devices[1]).new_page()
    table.join_by_link(ben_page, invites[1], "Ben")
    # The watcher asked for reduced motion: marks appear without the pulse.
    watcher_ctx = contexts(devices[2])
    watcher_page = watcher_ctx.new_page()
    watcher_page.emulate_media(reduced_motion="reduce")
    watcher_page.goto(spectator)
    anna = table.Player(anna_page, 0, "Anna")
    ben = table.Player(ben_page, 1, "Ben")
    watcher = table.Player(watcher_page, None, "watcher")
    pages = (anna, ben, watcher)
    table.live_at_table(*pages)
    tokens = {0: anna.token, 1: ben.token}
    assert not page_marks(anna.page) and not page_marks(watcher.page)

    history: list[tuple[int, int, set[str]]] = []
    cleared = {0: False, 1: False}  # a seat's page lost its marks by the seat's own move
    shots: set[int] = set()
    moves = 16 if kind == "dschingis_khan" else 10
    for _ in range(moves):
        mover = to_act(table, game_id)
        before = expected_marks(history, mover) if history else {}
        action, answer = act(table.base, game_id, tokens[mover], kind, rng)
        version = answer["version"]
        history.append((version, mover, changed_keys(kind, action, answer["events"])))
        for p in pages:
            wait_marks(p, version, expected_marks(history, p.seat))
        if before:
            cleared[mover] = True  # it had marks; after its move (checked above) it has none
        other = anna if mover == 1 else ben
        if history[-1][2] and other.seat not in shots:
            # A live move pulses on a page that allows motion, not on the watcher's.
            seq = f"[data-last-seq='{version}']"
            key = next(iter(history[-1][2]))
            anim = "(g) => getComputedStyle(g).animationName"
            mark = f".layer-marks .last-move[data-key='{key}']"
            assert other.page.eval_on_selector(mark, anim) == "last-move-in"
            assert watcher.page.eval_on_selector(mark, anim) == "none"
            assert other.page.locator(f".tgt{seq}").count() == len(history[-1][2])
            size = "desktop" if other.seat == 0 else "phone"
            table.shot(other.page, f"last-moves-{kind}-{size}")
            shots.add(other.seat)
    assert cleared == {0: True, 1: True}
    assert shots == {0, 1}
    # The watcher sees the last round: both seats' moves, each in its own colour.
    assert {seat for seat, _ in page_marks(watcher.page).values()} == {0, 1}
    table.shot(watcher.page, f"last-moves-{kind}-watcher-desktop")

    # The log: one entry per action, under the seat that took it.
    log = httpx.get(f"{table.base}/api/games/{game_id}/log?since=0").json()["entries"]
    seat_of = {e["seq"]: e["seat"] for e in log}
    for p in pages:
        entries = p.page.eval_on_selector_all(
            "#log li[data-seq]", "lis => lis.map(li => [li.dataset.seq, li.dataset.seat])"
        )
        seqs = [int(seq) for seq, _ in entries]
        assert len(seqs) == len(set(seqs)), "an action shows twice"
        assert {seq for seq, _, _ in history} <= set(seqs), "an action is missing"
        for seq, seat in entries:
            assert int(seat) == seat_of[int(seq)], f"entry {seq} is under the wrong seat"

    # Hovering an entry highlights its pieces and writes their numbers on the board.
    seq, _, keys = next(h for h in reversed(history) if h[2])
    prefer = "line:" if kind == "dschingis_khan" else "place:"
    for h_seq, _, h_keys in reversed(history):
        if any(k.startswith(prefer) for k in h_keys):
            seq, keys = h_seq, h_keys
            break
    for p in (anna, watcher):
        unfold(p.page, seq).hover()
        p.page.wait_for_selector(".tgt.is-log-hl")
        lit = p.page.eval_on_selector_all(".tgt.is-log-hl", "els => els.map(e => e.dataset.key)")
        assert set(lit) == keys
        labels = p.page.eval_on_selector_all("text.log-num", "els => els.map(e => e.textContent)")
        assert sorted(labels) == sorted(k.replace(":", " ") for k in keys)
        assert p.page.locator(f"#log li.is-log-hl[data-seq='{seq}']").count() == 1
        if p is anna:
            table.shot(p.page, f"last-moves-{kind}-log-hover-desktop")
        p.page.mouse.move(1, 1)
        p.page.wait_for_selector(".tgt.is-log-hl", state="detached", timeout=5000)

    # Focus works the same (entries are focusable: tabindex 0).
    unfold(ben.page, seq).focus()
    ben.page.wait_for_selector(".tgt.is-log-hl")
    lit = ben.page.eval_on_selector_all(".tgt.is-log-hl", "els => els.map(e => e.dataset.key)")
    assert set(lit) == keys
    for p in pages:
        assert not p.errors, p.errors


def unfold(page, seq: int):
    """The log's entry of action `seq`: a turn of that one action, or a step of a turn
    (logturns.js), unfolded by the turn's steps button."""
    li = page.locator(f"#log li[data-seq='{seq}']")
    if li.is_hidden():
        page.click(f"#log > li.log-turn:has(li[data-seq='{seq}']) > .log-main .log-more")
        page.evaluate("() => document.activeElement.blur()")  # the button lights its turn
    li.wait_for(state="visible")
    return li


def test_a_move_taken_back_is_no_longer_marked(contexts, table):
    """Anna's druid is marked on Ben's board; she takes it back: the mark goes (and her
    take-back marks nothing); her next druid is marked. The keyboard walks the log."""
    anna_page = contexts(table.DESKTOP).new_page()
    game_id, invites, _ = table.create_game(
        anna_page, table.base, "dolmengoetter", ["you", "friend"], "Anna", start_player=0
    )
    ben_page = contexts(table.DESKTOP).new_page()
    table.join_by_link(ben_page, invites[1], "Ben")
    anna = table.Player(anna_page, 0, "Anna")
    ben = table.Player(ben_page, 1, "Ben")
    table.live_at_table(anna, ben)
    headers = {"Authorization": f"Bearer {anna.token}"}
    legal = httpx.get(f"{table.base}/api/games/{game_id}/legal-actions", headers=headers).json()
    first, second = (a["action"] for a in legal["actions"][:2])

    def post(path: str, body: dict) -> int:
        r = httpx.post(f"{table.base}/api/games/{game_id}/{path}", headers=headers, json=body)
        assert r.status_code == 200, r.text
        return r.json()["version"]

    v1 = post("actions", {"version": legal["version"], "action": first})
    wait_marks(ben, v1, {f"place:{first['place']}": [0, v1]})
    v2 = post("undo", {"version": v1})
    for p in (anna, ben):
        wait_marks(p, v2, {})
    v3 = post("actions", {"version": v2, "action": second})
    wait_marks(ben, v3, {f"place:{second['place']}": [0, v3]})
    wait_marks(anna, v3, {})

    # The three are one turn of Anna's; its steps unfolded (oldest first, as they were
    # played), the arrow keys walk down them and the board follows.
    page = ben.page
    unfold(page, v1).focus()
    lit = "els => els.map(e => e.dataset.key)"
    page.wait_for_selector(".tgt.is-log-hl")
    assert page.eval_on_selector_all(".tgt.is-log-hl", lit) == [f"place:{first['place']}"]
    page.keyboard.press("ArrowDown")  # the take-back: no piece of its own
    page.wait_for_selector(f"#log li[data-seq='{v2}']:focus")
    assert page.eval_on_selector_all(".tgt.is-log-hl", lit) == []
    page.keyboard.press("ArrowDown")
    page.wait_for_selector(f"#log li[data-seq='{v3}']:focus")
    assert page.eval_on_selector_all(".tgt.is-log-hl", lit) == [f"place:{second['place']}"]
    assert not anna.errors and not ben.errors


def test_the_numbers_of_an_entry_never_cover_each_other(contexts, table):
    """Hovering an entry writes its places' numbers on the board: side by side they are
    moved apart, none covers another (issue 37, finding 12: "line 37" over "village 24").
    Seat A's start: two villages side by side in one row, whose labels are wider than a
    village at 1366×768."""
    board = json.loads(Path("seeds/boards/dschingis_khan.json").read_text())
    row = {v["id"]: (v["row"], v["col"]) for v in board["villages"]}
    r = httpx.post(
        f"{table.base}/api/games",
        json={"kind": "dschingis_khan", "num_seats": 2, "options": {"start_player": 0}},
    )
    game = r.json()
    tokens = {}
    for inv in game["invites"]:
        j = httpx.post(
            f"{table.base}/api/games/{game['id']}/seats/{inv['seat']}/join",
            json={"name": "AB"[inv["seat"]], "key": inv["key"]},
        )
        tokens[inv["seat"]] = j.json()["token"]
    headers = {"Authorization": f"Bearer {tokens[0]}"}
    legal = httpx.get(f"{table.base}/api/games/{game['id']}/legal-actions", headers=headers)
    side_by_side = [
        a["action"]
        for a in legal.json()["actions"]
        if a["action"]["type"] == "setup" and len({row[v][0] for v in a["action"]["villages"]}) == 1
    ]
    r = httpx.post(
        f"{table.base}/api/games/{game['id']}/actions",
        headers=headers,
        json={"version": legal.json()["version"], "action": side_by_side[0]},
    )
    assert r.status_code == 200, r.text
    ctx = contexts({"width": 1366, "height": 768})
    ctx.add_init_script(
        f"localStorage.setItem('tafelrunde.seat.{game['id']}', JSON.stringify("
        f"{{seat: 0, token: '{tokens[0]}', name: 'A'}}));"
    )
    page = ctx.new_page()
    page.goto(f"{table.base}/play/{game['id']}")
    # Hover only once the state has come and been drawn: the page laid out again after
    # the hover can move the entry from under the pointer, which then lights nothing.
    page.wait_for_function("() => Number(document.body.dataset.version) >= 1")
    page.hover("#log li[data-seq='1']")
    with contextlib.suppress(PlaywrightTimeout):  # the assertion below says what was drawn
        page.wait_for_function("() => document.querySelectorAll('.log-num-box rect').length >= 2")
    drawn = page.eval_on_selector_all(
        ".log-num-box rect",
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom]; })",
    )
    assert len(drawn) == 2
    a, b = drawn
    assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    table.shot(page, "log-numbers-apart-dk-1366")
