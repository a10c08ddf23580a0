"""The table fits the screen (issue 9, "Fit", and the small things of item 7).

Both games, on a laptop (1366×768), a large screen (1920×1080) and a phone (390×844), at the
start, in the middle and at the end (games brought there quickly by random legal moves over
the API, then opened in the browser with the seat's token, as a reload would):

- desktop: the board and the turn banner lie inside the viewport and the page does not
  scroll at all; the newest "What happened" entry is visible beside the board;
- phone: the board fits the width and its whole height is on screen at the default zoom,
  the turn banner is on screen, and one tap on the "Log" tab shows the newest entry without
  scrolling the page;
- the page fetches the state once (from the socket), never GET /view on loading.

Then: the board does not move when choices appear (desktop), zooming on the phone says
when part of the board is off-screen, and the small things of item 7.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import timedelta

import httpx
import pytest
from sqlalchemy import create_engine, update

from app.db.models import SeatRow, utcnow
from tests.support.play import auth

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
FULL_HD = {"width": 1920, "height": 1080}
GAMES = ("dschingis_khan", "dolmengoetter")
NAMES = {"dschingis_khan": "Dschingis Khan", "dolmengoetter": "Die Dolmengötter"}


@dataclass
class Game:
    id: str
    tokens: dict[int, str]
    host: str
    invites: dict[int, str]


def new_game(base: str, kind: str, join: tuple[int, ...] = (0, 1)) -> Game:
    """A two-seat game of humans, Anna (seat 0) moving first; the seats in `join` taken."""
    with httpx.Client(base_url=base, timeout=20) as http:
        r = http.post(
            "/api/games",
            json={"kind": kind, "num_seats": 2, "options": {"start_player": 0}, "seats": [{}, {}]},
        )
        r.raise_for_status()
        g = r.json()
        keys = {i["seat"]: i["key"] for i in g["invites"]}
        tokens = {}
        for seat in join:
            name = ["Anna", "Ben"][seat]
            j = http.post(
                f"/api/games/{g['id']}/seats/{seat}/join", json={"name": name, "key": keys[seat]}
            )
            j.raise_for_status()
            tokens[seat] = j.json()["token"]
    return Game(g["id"], tokens, g["host_token"], keys)


def play_moves(base: str, game: Game, moves: int | None, rng: random.Random) -> int:
    """Random legal moves over the API: `moves` of them, or (None) to the end; how many."""
    done = 0
    with httpx.Client(base_url=base, timeout=20) as http:
        while moves is None or done < moves:
            st = http.get(f"/api/games/{game.id}/view").json()
            if st["status"] == "over":
                break
            seat = st["view"]["to_act"][0]
            legal = http.get(
                f"/api/games/{game.id}/legal-actions", headers=auth(game.tokens[seat])
            ).json()
            r = http.post(
                f"/api/games/{game.id}/actions",
                headers=auth(game.tokens[seat]),
                json={
                    "version": legal["version"],
                    "action": rng.choice(legal["actions"])["action"],
                },
            )
            assert r.status_code == 200, r.text
            done += 1
    return done


_STAGES: dict[tuple[str, str, str], Game] = {}


def staged(base: str, kind: str, stage: str) -> Game:
    """One game per kind and stage (start, middle, end) for the whole module."""
    key = (base, kind, stage)
    if key not in _STAGES:
        rng = random.Random(f"{kind}-{stage}")
        if stage == "middle":
            total = play_moves(base, new_game(base, kind), None, random.Random(kind))
            game = new_game(base, kind)
            play_moves(base, game, total // 2, rng)
        else:
            game = new_game(base, kind)
            if stage == "end":
                play_moves(base, game, None, rng)
        _STAGES[key] = game
    return _STAGES[key]


def open_seat(contexts, size, base: str, game: Game, seat: int | None = 0, host: bool = False):
    """A page holding `seat` (its token in localStorage, as after joining), live."""
    ctx = contexts(size)
    script = ""
    if seat is not None:
        script += (
            f"localStorage.setItem('tafelrunde.seat.{game.id}', JSON.stringify("
            f"{{seat: {seat}, token: '{game.tokens[seat]}', name: 'X'}}));"
        )
    if host:
        script += f"localStorage.setItem('tafelrunde.host.{game.id}', '{game.host}');"
    if script:
        ctx.add_init_script(script)
    page = ctx.new_page()
    views: list[str] = []
    page.on("request", lambda req: views.append(req.url) if "/view" in req.url else None)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{base}/play/{game.id}")
    page.wait_for_selector("#conn[data-state=live]")
    page.wait_for_selector("body[data-version]")
    page.wait_for_function(
        "() => document.querySelector('#log').children.length > 0 "
        "|| document.body.dataset.version === '0'"
    )
    return page, views, errors


def box(page, selector: str) -> dict[str, float]:
    b = page.locator(selector).first.bounding_box()
    assert b is not None, f"{selector} is not shown"
    return b


def inside(b: dict[str, float], width: float, height: float, slack: float = 0.5) -> bool:
    return (
        b["x"] >= -slack
        and b["y"] >= -slack
        and b["x"] + b["width"] <= width + slack
        and b["y"] + b["height"] <= height + slack
    )


def page_scroll(page) -> dict[str, float]:
    return page.evaluate(
        "() => ({y: scrollY, x: scrollX, h: document.documentElement.scrollHeight,"
        " w: document.documentElement.scrollWidth, vh: innerHeight, vw: innerWidth})"
    )


# ---- fit: both games, both sizes, three stages -------------------------------------------


@pytest.mark.parametrize("screen", ["desktop", "hd"])
@pytest.mark.parametrize("stage", ["start", "middle", "end"])
@pytest.mark.parametrize("kind", GAMES)
def test_board_banner_and_newest_log_entry_fit_the_laptop_screen(
    contexts, table, kind, stage, screen
):
    size = {"desktop": LAPTOP, "hd": FULL_HD}[screen]
    game = staged(table.base, kind, stage)
    page, views, errors = open_seat(contexts, size, table.base, game)
    w, h = size["width"], size["height"]

    board = box(page, "#board svg")
    assert inside(board, w, h), board
    assert inside(box(page, "#turn"), w, h)
    s = page_scroll(page)
    assert s["h"] <= s["vh"] and s["w"] <= s["vw"], "the page scrolls"
    if stage != "start":
        newest = box(page, "#log li:first-child")
        assert inside(newest, w, h), newest
        # The log scrolls inside its panel; its first (newest) entry is in the panel's view.
        panel = box(page, "#log")
        assert newest["y"] >= panel["y"] - 0.5
        assert newest["y"] + newest["height"] <= panel["y"] + panel["height"] + 0.5
    # The board uses the screen: at least 70% of the height under the header.
    assert board["height"] >= 0.7 * (h - box(page, ".top")["height"])
    if kind == "dolmengoetter":
        # Place numbers and ladder factors are legible: 11 px or more.
        sizes = page.evaluate(
            """() => [...document.querySelectorAll('#board svg text')]
                .filter(t => /^\\d+$/.test(t.textContent))
                .map(t => Number(t.getAttribute('font-size')) * t.getScreenCTM().a)"""
        )
        assert sizes and min(sizes) >= 11, min(sizes)
    if stage == "end":
        assert page.locator("#actions").is_hidden()  # no move list after the end
        assert page.locator("#players tr.to-act").count() == 0
    assert views == [], "the page fetched the state by REST as well as from the socket"
    assert not errors
    table.shot(page, f"fit-{kind}-{stage}-{screen}")


@pytest.mark.parametrize("stage", ["start", "middle", "end"])
@pytest.mark.parametrize("kind", GAMES)
def test_board_fits_the_phone_width_and_the_log_is_one_tap_away(contexts, table, kind, stage):
    game = staged(table.base, kind, stage)
    page, views, errors = open_seat(contexts, PHONE, table.base, game)
    w, h = PHONE["width"], PHONE["height"]

    # The whole board at the default zoom: its width fits, and so does its height.
    board = box(page, "#board svg")
    assert inside(board, w, h), board
    assert board["width"] >= 0.9 * w
    assert inside(box(page, "#turn"), w, h)
    table.shot(page, f"fit-{kind}-{stage}-phone")

    if stage == "end":
        # The result opens over the table, wholly in view (tests/browser/test_result_overlay.py);
        # closed, the tabs are what they were.
        page.wait_for_selector("#result:not([hidden]) #ranking li")
        assert inside(box(page, "#result"), w, h)
        page.keyboard.press("Escape")
        page.wait_for_selector("#result", state="hidden")

    # Players and log: one tap, no scrolling.
    page.click("#tabs [data-tab=players]")
    top = box(page, "#players table")
    assert top["y"] < h - 100, top
    assert page.locator("#board").is_hidden()

    # The turn banner stays at the top while the page scrolls.
    top = box(page, "#turn")["y"]  # under the page's header, before scrolling
    page.mouse.wheel(0, 1500)
    scrolled, turn_y = page.evaluate(
        "() => [scrollY, document.querySelector('#turn').getBoundingClientRect().y]"
    )
    if scrolled > 0:
        turn = box(page, "#turn")
        assert inside(turn, w, h), turn
        # Stuck at the top; unless the page scrolls less than the header above the banner
        # is high (a short "Players"), when it has simply moved up with the page.
        stuck = turn_y < 20
        assert stuck or (scrolled < top - 20 and abs(turn_y - (top - scrolled)) < 1), (
            scrolled,
            turn_y,
            top,
        )
        # What the screen shows (a full-page capture would draw the sticky banner mid-page).
        page.screenshot(path=str(table.shot(page, f"fit-{kind}-{stage}-phone-scrolled")))
    page.click("#tabs [data-tab=log]")
    assert page_scroll(page)["y"] == 0
    if stage != "start":
        newest = box(page, "#log li:first-child")
        assert inside(newest, w, h), newest
    if stage == "end":
        table.shot(page, f"fit-{kind}-{stage}-phone-log")
    page.click("#tabs [data-tab=board]")
    assert page.locator("#board").is_visible()
    assert views == []
    assert not errors


def test_dschingis_khan_setup_outlines_villages_and_keeps_their_numbers_on_top(contexts, table):
    game = staged(table.base, "dschingis_khan", "start")
    page, _, _ = open_seat(contexts, PHONE, table.base, game)
    page.wait_for_selector("body[data-my-turn=true]")
    assert page.locator(".tgt.is-target[data-key^='village:']").count() > 10
    # The numbers are drawn after (above) the targets, and a target's tint is light.
    above = page.evaluate(
        """() => {
            const svg = document.querySelector('#board svg');
            const layers = [...svg.children].map(el => el.getAttribute('class'));
            const tgt = document.querySelector(".tgt.is-target[data-key^='village:']");
            const fill = getComputedStyle(tgt).fill;
            return {layers, alpha: Number((fill.match(/rgba\\(.*,\\s*([\\d.]+)\\)/) || [0, 1])[1])};
        }"""
    )
    assert above["layers"].index("layer-labels") > above["layers"].index("layer-targets")
    assert above["alpha"] <= 0.15


# ---- no layout shift -------------------------------------------------------------------


@pytest.mark.parametrize("kind", GAMES)
def test_the_board_does_not_move_when_choices_appear(contexts, table, kind, rng):
    fresh = new_game(table.base, kind)
    play_moves(table.base, fresh, 24, random.Random(kind))  # past the setup
    anna_page, _, _ = open_seat(contexts, LAPTOP, table.base, fresh, 0)
    ben_page, _, _ = open_seat(contexts, LAPTOP, table.base, fresh, 1)
    anna = table.Player(anna_page, 0, "Anna")
    ben = table.Player(ben_page, 1, "Ben")
    first = box(anna_page, "#board svg")
    seen = {"choices": 0, "nothing": 0, "deeper": 0}
    for _ in range(40):
        for p in (anna, ben):
            data = table.wait_idle(p)
            if data.get("status") == "over":
                break
            b = box(anna_page, "#board svg")
            if b != first:
                table.shot(anna_page, "fit-board-moved")
            assert b == first, f"the board moved: {first} -> {b}"
            if p is anna:
                if anna_page.locator("#prompt button").count():
                    seen["choices"] += 1
                if anna_page.locator("#prompt").inner_text().strip() == "":
                    seen["nothing"] += 1
            if data.get("myTurn") == "true":
                table.click_one(p, rng)
                if p is anna and anna.dataset().get("depth") not in (None, "0"):
                    seen["deeper"] += 1
    assert seen["choices"] and seen["nothing"], seen  # both shown, the board stayed put


# ---- zoom on the phone -----------------------------------------------------------------


def test_zooming_on_the_phone_says_where_the_rest_of_the_board_is(contexts, table):
    game = staged(table.base, "dschingis_khan", "middle")
    page, _, _ = open_seat(contexts, PHONE, table.base, game)
    assert page.locator("#zoom-hint").is_hidden()
    assert page.locator("#zoom-out").is_disabled()
    width = box(page, "#board svg")["width"]
    page.click("#zoom-in")
    assert box(page, "#board svg")["width"] > 1.4 * width
    page.wait_for_selector("#zoom-hint:not([hidden])")
    assert "left" in page.inner_text("#zoom-hint") and "right" in page.inner_text("#zoom-hint")
    page.screenshot(path=str(table.shot(page, "fit-dschingis_khan-middle-phone-zoomed")))
    page.eval_on_selector(
        "#board", "b => { b.scrollLeft = 0; b.dispatchEvent(new Event('scroll')); }"
    )
    page.wait_for_function(
        "() => !document.querySelector('#zoom-hint').textContent.includes('left')"
    )
    page.click("#zoom-out")
    page.wait_for_selector("#zoom-hint[hidden]", state="attached")
    assert abs(box(page, "#board svg")["width"] - width) < 1


# ---- item 7: the small things ----------------------------------------------------------


@pytest.mark.parametrize("kind", GAMES)
def test_the_join_page_names_the_game_and_does_not_say_connecting(contexts, table, kind):
    game = new_game(table.base, kind, join=(0,))
    page = contexts(PHONE).new_page()
    page.goto(f"{table.base}/play/{game.id}?join=1&key={game.invites[1]}")
    page.wait_for_selector("#join:not([hidden])")
    intro = page.inner_text("#join-intro")
    assert NAMES[kind] in intro and kind not in intro
    assert "Connecting" not in page.inner_text("body")
    table.shot(page, f"fit-join-{kind}-phone")


def test_a_free_seat_is_not_the_one_to_act_before_the_start(contexts, table):
    game = new_game(table.base, "dolmengoetter", join=(0,))
    page, _, _ = open_seat(contexts, LAPTOP, table.base, game, 0, host=True)
    page.wait_for_selector("#invites:not([hidden])")
    assert page.locator("#players tr[data-seat]").count() == 2
    assert page.locator("#players tr.to-act").count() == 0
    assert page.locator("#players tr[aria-current]").count() == 0


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["desktop", "phone"])
def test_invite_again_buttons_leave_the_score_columns_in_view(contexts, table, web, size):
    game = staged(table.base, "dschingis_khan", "middle")
    # "Invite again" shows once it works: the other seats' players away for 3 minutes.
    engine = create_engine(web.database_url)
    with engine.begin() as conn:
        conn.execute(
            update(SeatRow)
            .where((SeatRow.game_id == game.id) & (SeatRow.seat != 0))
            .values(last_seen=utcnow() - timedelta(minutes=4))
        )
    engine.dispose()
    page, _, _ = open_seat(contexts, size, table.base, game, 0, host=True)
    if size is PHONE:
        page.click("#tabs [data-tab=players]")
    page.wait_for_selector("#players button.reinvite")
    scroll = page.eval_on_selector(
        "#players .table-scroll", "el => ({sw: el.scrollWidth, cw: el.clientWidth})"
    )
    assert scroll["sw"] <= scroll["cw"], scroll  # no column pushed out of the card
    card = box(page, "#players")
    last = box(page, "#players thead th:last-child")
    assert last["x"] + last["width"] <= card["x"] + card["width"] + 0.5
    assert inside(last, size["width"], size["height"])
    table.shot(page, f"fit-invite-again-{'phone' if size is PHONE else 'desktop'}")


def test_keyboard_focus_returns_to_the_board_and_arrows_move_by_position(contexts, table):
    game = new_game(table.base, "dolmengoetter")
    page, _, _ = open_seat(contexts, LAPTOP, table.base, game, 0)
    page.wait_for_selector("body[data-my-turn=true]")

    # Arrow keys from the board go to a target; then each arrow goes that way on the board.
    page.focus("#board")
    page.keyboard.press("ArrowRight")
    centre = (
        "() => { const a = document.activeElement; const r = a.getBoundingClientRect();"
        " return [r.x + r.width / 2, r.y + r.height / 2, a.dataset.key]; }"
    )
    start = page.evaluate(centre)
    assert start[2] and start[2].startswith("place:")
    for key, axis, sign in (
        ("ArrowRight", 0, 1),
        ("ArrowDown", 1, 1),
        ("ArrowLeft", 0, -1),
        ("ArrowUp", 1, -1),
    ):
        before = page.evaluate(centre)
        page.keyboard.press(key)
        after = page.evaluate(centre)
        assert after[2] != before[2], f"{key} did not move"
        moved = (after[axis] - before[axis]) * sign
        across = abs(after[1 - axis] - before[1 - axis])
        assert moved > 0 and across <= moved * 1.8, (key, before, after)

    # Enter sends the move (Die Dolmengötter's start: a druid on a place); the keyboard
    # stays on the board, ready for the next turn.
    version = int(page.evaluate("() => document.body.dataset.version"))
    page.keyboard.press("Enter")
    page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=version)
    assert page.evaluate("() => document.querySelector('#board').contains(document.activeElement)")


def test_cannot_reach_the_server_clears_when_the_connection_is_back(contexts, table):
    game = new_game(table.base, "dolmengoetter")
    page, _, _ = open_seat(contexts, LAPTOP, table.base, game, 0)
    page.wait_for_selector("body[data-my-turn=true]")
    page.context.set_offline(True)
    page.locator(".tgt.is-target").first.click()
    page.wait_for_selector("#message:not([hidden])")
    assert "Cannot reach the server" in page.inner_text("#message")
    page.context.set_offline(False)
    page.wait_for_selector("#conn[data-state=live]")
    page.wait_for_selector("#message[hidden]", state="attached")


def test_two_fingers_spread_on_the_phone_enlarge_the_board(chromium, table):
    game = staged(table.base, "dolmengoetter", "middle")
    ctx = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        ctx.add_init_script(
            f"localStorage.setItem('tafelrunde.seat.{game.id}', JSON.stringify("
            f"{{seat: 0, token: '{game.tokens[0]}', name: 'Anna'}}));"
        )
        page = ctx.new_page()
        page.goto(f"{table.base}/play/{game.id}")
        page.wait_for_selector("#conn[data-state=live]")
        b = box(page, "#board")
        width = box(page, "#board svg")["width"]
        cx, cy = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
        cdp = ctx.new_cdp_session(page)

        def fingers(kind: str, d: float) -> None:
            points = [{"x": cx - d, "y": cy, "id": 0}, {"x": cx + d, "y": cy, "id": 1}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        fingers("touchStart", 30)
        for d in (45, 60, 75, 90):
            fingers("touchMove", d)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.wait_for_selector("#zoom-hint:not([hidden])")
        assert box(page, "#board svg")["width"] > 2.5 * width  # spread threefold
        assert page.evaluate("() => visualViewport.scale") == 1  # the page kept its scale
    finally:
        ctx.close()
