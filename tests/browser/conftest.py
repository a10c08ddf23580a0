"""Browser tests: Chromium (driven by Playwright) against a real uvicorn server process.

``web`` is one server for the whole browser suite: ``uvicorn app.main:app`` on 127.0.0.1 and
a free port, on a temporary SQLite file (``DATABASE_URL``). ``chromium`` is one browser;
each test opens its own contexts (one per player: separate storage, so separate seats).

The helpers in ``Table`` drive the pages the way a player does: create a game on the home
page, open the invite link, and click highlighted board targets or offered choices. Every
state check compares the page with what the server says to that page's seat.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from tests.support.server import ServerProcess

REPO = Path(__file__).resolve().parents[2]
SHOTS = REPO / "test-artifacts" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


class Uvicorn(ServerProcess):
    """The app on a temporary SQLite file; ``stop``/``start`` keep port and database, so a
    restart looks to a browser like a server that went away and came back."""

    def __init__(self, directory: Path, port: int | None = None) -> None:
        super().__init__(
            f"sqlite:///{directory / 'browser.db'}",
            directory / "server.log",
            port=port,
            BOT_DELAY="0.05",
            # Every browser signs in from 127.0.0.1: the suite's sign-ups and sign-ins
            # would spend one address's budget (RATE_LOGIN, 10 a minute) within a run.
            RATE_LOGIN="0",
        )


@pytest.fixture(scope="session")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Uvicorn]:
    server = Uvicorn(tmp_path_factory.mktemp("browser-server")).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")  # sync_playwright runs an event loop in the main thread
def chromium() -> Iterator[Browser]:  # while open: later asyncio.run() calls (tests/ws) fail
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def contexts(chromium: Browser) -> Iterator[Callable[..., BrowserContext]]:
    """``contexts(size)`` opens a fresh browser profile (one player); all close afterwards."""
    opened: list[BrowserContext] = []

    def open_context(size: dict[str, int] = DESKTOP) -> BrowserContext:
        ctx = chromium.new_context(viewport=size)
        ctx.set_default_timeout(15000)
        opened.append(ctx)
        return ctx

    yield open_context
    for ctx in opened:
        ctx.close()


def shot(page: Page, name: str) -> Path:
    """A full-page screenshot into test-artifacts/screenshots/ (looked at by people)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


# ---- a player at the table ----------------------------------------------------------------


NETWORK_NOISE = ("WebSocket connection", "Failed to load resource", "net::ERR_")


@dataclass
class Player:
    """One browser page holding one seat (or watching, ``seat`` None)."""

    page: Page
    seat: int | None
    name: str
    errors: list[str] = field(default_factory=list)
    sockets: list[str] = field(default_factory=list)
    """URLs of the WebSockets the page opened."""

    def __post_init__(self) -> None:
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("websocket", lambda ws: self.sockets.append(ws.url))
        self.page.on("console", self._console)

    def _console(self, msg: Any) -> None:
        # A dropped connection is logged by the browser itself; that is expected here.
        text = msg.text
        if msg.type == "error" and not any(n in text for n in NETWORK_NOISE):
            self.errors.append(text)

    @property
    def token(self) -> str | None:
        if self.seat is None:
            return None
        return self.page.evaluate(
            "id => JSON.parse(localStorage.getItem('tafelrunde.seat.' + id)).token",
            self.game_id,
        )

    @property
    def game_id(self) -> str:
        return self.page.url.rstrip("/").split("/play/")[1].split("?")[0]

    def dataset(self) -> dict[str, str]:
        return self.page.evaluate("() => ({...document.body.dataset})")

    def version(self) -> int:
        return int(self.dataset().get("version", "-1"))


def create_game(
    page: Page,
    base: str,
    game: str,
    roles: list[str],
    name: str,
    start_player: int | None = None,
    public: bool = False,
    screenshot: str | None = None,
) -> tuple[str, dict[int, str], str]:
    """On the home page: choose the game, seats (you/friend/bot), name, a public table or
    not (the default: private, joined only through the secret invite links); create it.

    Returns the game id, the invite link per friend seat and the spectator link, all read
    from the page as the creator would copy them.
    """
    page.goto(f"{base}/")
    page.locator(f"#kind-{game}").check()
    page.select_option("#num-seats", str(len(roles)))
    for seat, role in enumerate(roles):
        page.select_option(f"#seat-role-{seat}", role)
    page.fill("#your-name", name)
    if start_player is not None:
        page.select_option("#start-player", str(start_player))
    if public:
        page.check("#public-table")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    invites = {
        seat: page.input_value(f"#invite-{seat}")
        for seat, role in enumerate(roles)
        if role == "friend"
    }
    spectator = page.input_value("#spectator-link")
    game_id = spectator.rstrip("/").split("/play/")[1]
    if screenshot is not None:  # the home page as the creator sees it, with the links to send
        shot(page, screenshot)
    page.click("#open-game")
    page.wait_for_selector("body[data-version]")
    return game_id, invites, spectator


def join_by_link(page: Page, link: str, name: str) -> None:
    """A friend opens their invite link and takes the seat with their name."""
    page.goto(link)
    page.wait_for_selector("#join:not([hidden])")
    page.fill("#join-name", name)
    page.click("#join-button")
    page.wait_for_selector("body[data-version]")


def live_at_table(*players: Player) -> None:
    """Wait until every player's page shows the running game over a live connection."""
    for p in players:
        p.page.wait_for_selector("body[data-status=running]")
        p.page.wait_for_selector("#conn[data-state=live]")


def two_friends(
    contexts: Callable[..., BrowserContext],
    base: str,
    game: str,
    devices: tuple[dict[str, Any], dict[str, Any]],
    start_player: int | None = 0,
) -> tuple[str, dict[int, str], Player, Player]:
    """Anna creates a two-seat game (seat 0, starting unless told otherwise) and Ben takes
    seat 1 by his invite link, each on their own device; returns once both pages are live:
    the game id, the invite links and the two players."""
    anna_page = contexts(devices[0]).new_page()
    game_id, invites, _ = create_game(
        anna_page, base, game, ["you", "friend"], "Anna", start_player=start_player
    )
    ben_page = contexts(devices[1]).new_page()
    join_by_link(ben_page, invites[1], "Ben")
    anna, ben = Player(anna_page, 0, "Anna"), Player(ben_page, 1, "Ben")
    live_at_table(anna, ben)
    return game_id, invites, anna, ben


def friends_and_watcher(
    contexts: Callable[..., BrowserContext],
    base: str,
    game: str,
    roles: list[str],
    devices: tuple[dict[str, Any], dict[str, Any], dict[str, Any]],
) -> tuple[str, dict[int, str], tuple[Player, Player, Player]]:
    """Anna creates the game (seat 0), Ben joins seat 1 by his invite link, a watcher opens
    the spectator link, each on their own device; returns once every page runs and is live:
    the game id, the invite links and the three players."""
    anna_page = contexts(devices[0]).new_page()
    game_id, invites, spectator_link = create_game(anna_page, base, game, roles, "Anna")
    ben_page = contexts(devices[1]).new_page()
    join_by_link(ben_page, invites[1], "Ben")
    watcher_page = contexts(devices[2]).new_page()
    watcher_page.goto(spectator_link)
    anna = Player(anna_page, 0, "Anna")
    ben = Player(ben_page, 1, "Ben")
    watcher = Player(watcher_page, None, "watcher")
    live_at_table(anna, ben, watcher)
    return game_id, invites, (anna, ben, watcher)


def server_view(base: str, game_id: str, token: str | None) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = httpx.get(f"{base}/api/games/{game_id}/view", headers=headers, timeout=10)
    r.raise_for_status()
    return r.json()


OFFERS = ".tgt.is-target, #prompt button.choice, #prompt button[data-final]"


def offered_keys(page: Page) -> dict[str, list[str]]:
    return page.evaluate(
        """() => ({
            targets: [...document.querySelectorAll('.tgt.is-target')].map(e => e.dataset.key),
            choices: [...document.querySelectorAll('#prompt button.choice')]
                .map(e => e.dataset.key).filter(Boolean),
        })"""
    )


def click_one(player: Player, rng: random.Random, prefer: Iterable[str] = ()) -> str:
    """Click one of the offered targets or choices (seeded), one whose key is in ``prefer``
    when there is one; wait until the page reacts."""
    page = player.page
    before = player.dataset().get("offer")
    offers = page.locator(OFFERS)
    count = offers.count()
    assert count > 0, "the page says it is our turn but offers nothing to click"
    wanted = set(prefer)
    keys = offers.evaluate_all("els => els.map(e => e.dataset.key || '')") if wanted else []
    preferred = [i for i, key in enumerate(keys) if key in wanted]
    target = offers.nth(rng.choice(preferred) if preferred else rng.randrange(count))
    what = target.get_attribute("data-key") or target.inner_text()
    target.click()
    page.wait_for_function(
        "before => document.body.dataset.offer !== before", arg=before, timeout=15000
    )
    return what


class SocketRelay:
    """A page's game sockets through Playwright's relay, to stand between page and server:
    while ``holding``, the server's ``state`` messages wait (``release`` sends them on);
    every ``error`` message is kept in ``errors``. Set up before the page opens a socket."""

    def __init__(self, page: Page) -> None:
        self.holding = False
        self.held: list[str] = []
        self.errors: list[dict[str, Any]] = []
        self._sockets: list[Any] = []
        page.route_web_socket(re.compile(r".*/ws/games/.*"), self._relay)

    def _relay(self, ws: Any) -> None:
        server = ws.connect_to_server()

        def to_page(message: str) -> None:
            data = json.loads(message)
            if data.get("type") == "error":
                self.errors.append(data)
            if self.holding and data.get("type") == "state":
                self.held.append(message)
            else:
                ws.send(message)

        server.on_message(to_page)
        self._sockets.append(ws)

    def release(self) -> None:
        """Stop holding; send what was held to the newest socket."""
        self.holding = False
        for message in self.held:
            self._sockets[-1].send(message)
        self.held.clear()


def wait_idle(player: Player) -> dict[str, str]:
    """Until the page has no move in flight; returns its dataset."""
    player.page.wait_for_function("() => document.body.dataset.sending !== 'true'")
    return player.dataset()


def play(
    players: list[Player],
    rng: random.Random,
    *,
    until: Callable[[], bool] | None = None,
    on_turn: Callable[[Player], None] | None = None,
    prefer: Callable[[Player], Iterable[str]] | None = None,
    max_clicks: int = 3000,
    patience: float = 30.0,
) -> int:
    """Each page clicks whenever it is its seat's turn, until the game is over (or ``until``).

    ``on_turn(player)`` runs at the start of each decision (nothing picked yet), where the
    page must offer exactly what the server allows. ``prefer(player)``, asked there too,
    names offer keys to click when offered (steering play towards what a test must see).
    Returns the number of clicks.
    """
    clicks = 0
    idle_since = time.monotonic()
    while clicks < max_clicks:
        if until is not None and until():
            return clicks
        acted = False
        statuses = []
        for player in players:
            if player.seat is None:
                continue
            data = player.dataset()
            statuses.append(data.get("status"))
            if data.get("status") == "over":
                continue
            if data.get("myTurn") == "true" and data.get("sending") == "false":
                wanted: Iterable[str] = ()
                if data.get("depth") == "0":
                    if on_turn is not None:
                        on_turn(player)
                    if prefer is not None:
                        wanted = prefer(player)
                click_one(player, rng, wanted)
                clicks += 1
                acted = True
        if statuses and all(s == "over" for s in statuses):
            return clicks
        if acted:
            idle_since = time.monotonic()
        else:
            if time.monotonic() - idle_since > patience:
                raise AssertionError(f"nobody could move for {patience}s: {statuses}")
            time.sleep(0.03)
    raise AssertionError(f"the game did not end within {max_clicks} clicks")


@pytest.fixture
def table(web: Uvicorn) -> Any:
    """The helpers above, for the test modules."""
    from types import SimpleNamespace

    return SimpleNamespace(
        base=web.url,
        Player=Player,
        Uvicorn=Uvicorn,
        create_game=create_game,
        join_by_link=join_by_link,
        live_at_table=live_at_table,
        two_friends=lambda contexts, game, devices, start_player=0: two_friends(
            contexts, web.url, game, devices, start_player
        ),
        friends_and_watcher=lambda contexts, game, roles, devices: friends_and_watcher(
            contexts, web.url, game, roles, devices
        ),
        server_view=lambda game_id, token: server_view(web.url, game_id, token),
        offered_keys=offered_keys,
        click_one=click_one,
        wait_idle=wait_idle,
        SocketRelay=SocketRelay,
        play=play,
        shot=shot,
        DESKTOP=DESKTOP,
        PHONE=PHONE,
    )


@pytest.fixture
def rng(request: pytest.FixtureRequest) -> random.Random:
    """Seeded per test, so a failing play-through can be repeated click for click."""
    return random.Random(request.node.name)
