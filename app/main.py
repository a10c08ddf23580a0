"""Builds the ASGI app: ``app.main:app`` (``create_app`` for tests and benchmarks)."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from typing import Any

from anyio import to_thread
from fastapi import FastAPI, WebSocket
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send

from app.api import routes
from app.api.deps import check_before_body
from app.api.docs import install_docs
from app.api.lane import ActionLane
from app.api.openapi import install_openapi
from app.api.pages import install_pages
from app.api.routes import health as health_probes
from app.bots.runner import BotRunner
from app.core import collector, threads
from app.core.config import Settings, get_settings
from app.core.csrf import CrossSiteGuard
from app.core.errors import install_error_handlers
from app.core.headers import SecurityHeaders
from app.core.limits import BodyLimit, RateLimiter, SocketCounter
from app.core.logs import install_token_redaction
from app.db.migrate import upgrade
from app.db.session import Database
from app.hub.choice import make_hub
from app.services import sessions
from app.services.accounts import Accounts
from app.services.bot_accounts import BotAccounts
from app.services.challenges import Challenges, finish_stale_starts
from app.services.chat import ChatService
from app.services.clocks import ClockRunner
from app.services.friends import Friends
from app.services.games import GameService
from app.services.history import History
from app.services.nudges.keys import vapid_keys
from app.services.nudges.runner import NudgeRunner
from app.services.passkeys import Passkeys
from app.services.registry import available_games
from app.services.rematch import Rematches
from app.services.seeks import Seeks
from app.ws.chat import chat_feed_factory
from app.ws.endpoint import GameSocket
from app.ws.rooms import Rooms
from engines.core import Game

DESCRIPTION = """Play Dschingis Khan and Die Dolmengötter with friends and bots.

Create a game, join a seat (the answer holds the seat's token, shown once) and send the
token as `Authorization: Bearer <token>`. Without a token you see what a spectator sees.
Every refusal has the body `{"error": {"code", "message"}}`. Live updates:
WebSocket `/ws/games/{id}?token=...`. The full contract is docs/API.md.
"""


GZIP_MIN_BYTES = 1024
"""Answers at least this large are sent gzip-compressed to clients that accept it."""


class GZipReads(GZipMiddleware):
    """``GZipMiddleware`` for the answers worth compressing: those of GET requests (views,
    legal-action lists, logs, the client's files). Every other request passes straight
    through: the answers to POSTs (an action's events, a seat's token) are small, and the
    middleware's own work (parsing the headers twice, a responder watching every message)
    cost a few percent of a move's CPU for nothing (issue 16)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD"):
            await super().__call__(scope, receive, send)
        else:
            await self.app(scope, receive, send)


class Tafelrunde(FastAPI):
    """FastAPI, with the game sockets served before the middleware and the router.

    Every middleware here passes WebSockets through untouched, yet a socket routed through
    them keeps the whole chain suspended for its life: a coroutine frame per middleware,
    FastAPI's exit stacks and exception wrappers, about a fifth of the memory a live game's
    two sockets hold (``benchmarks/memory.py``), walked by every full garbage collection.
    A game socket's path is matched here and its endpoint called at once; any other
    WebSocket path still goes through the router (and is refused there).
    """

    game_socket: Callable[[WebSocket], Awaitable[None]] | None = None
    lane: Callable[[ASGIApp], ASGIApp] | None = None
    """Wraps the router, inside every middleware (app/api/lane.py)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and self.game_socket is not None:
            game_id = game_socket_id(scope["path"])
            if game_id is not None:
                scope["app"] = self
                scope["path_params"] = {"game_id": game_id}
                await self.game_socket(WebSocket(scope, receive, send))
                return
        await super().__call__(scope, receive, send)

    def build_middleware_stack(self) -> ASGIApp:
        """FastAPI's stack, with ``lane`` put between its innermost middleware and the
        router: the lane's requests pass every middleware and exception handler as the
        router's do."""
        stack = super().build_middleware_stack()
        if self.lane is None:
            return stack
        inner: Any = stack
        while getattr(inner, "app", None) is not self.router:
            inner = getattr(inner, "app", None)
            if inner is None:
                raise RuntimeError("the router is not at the bottom of the middleware stack")
        inner.app = self.lane(self.router)
        return stack


SOCKET_PREFIX = "/ws/games/"


def game_socket_id(path: str) -> str | None:
    """The game id of a game socket's path (``/ws/games/{game_id}``, as the router would
    match it: one non-empty path segment), or ``None``."""
    if not path.startswith(SOCKET_PREFIX):
        return None
    game_id = path[len(SOCKET_PREFIX) :]
    return game_id if game_id and "/" not in game_id else None


def create_app(
    settings: Settings | None = None, games: Mapping[str, Game[Any]] | None = None
) -> Tafelrunde:
    settings = settings or get_settings()
    install_token_redaction()
    threads.configure(settings.threads)
    games = dict(games) if games is not None else available_games()
    db = Database(settings.database_url)
    hub = make_hub(settings)
    service = GameService(
        db,
        games,
        hub,
        settings.cache_size,
        away_minutes=settings.release_away_minutes,
        # Live WebSockets refresh presence at least every heartbeat; a few missed
        # refreshes mean the process holding them is gone.
        stale_seconds=max(300.0, 3 * settings.ws_heartbeat),
        rematch_minutes=settings.rematch_minutes,
        idle_days=settings.idle_days,
        clock_min_seconds=settings.clock_min_seconds,
        reveal_seconds=settings.reveal_seconds,
    )
    chat = ChatService(db, hub, settings.chat_rate, settings.chat_window)
    rooms = Rooms(service, hub, chat_feed_factory(chat, hub))
    bots = BotRunner(
        service,
        hub,
        settings.bot_delay,
        concurrency=settings.bot_concurrency,
        think_ms=settings.bot_think_ms,
        workers=settings.bot_workers,
    )
    clock_runner = ClockRunner(
        service.clocks,
        bots.choose_for,
        settings.clock_poll_seconds,
        # A challenge or seek whose game a stopped process left half made.
        deadlines=[functools.partial(finish_stale_starts, service)],
    )
    nudges = NudgeRunner(service, settings)  # reminders when no page is open (issue 38)
    limiter = RateLimiter(
        {
            "create": settings.rate_create,
            "join": settings.rate_join,
            "action": settings.rate_action,
            "ws": settings.rate_ws_messages,
            "login": settings.rate_login,  # sign-ins and sign-ups per address
            "login_name": settings.rate_login,  # sign-ins per account name
        }
    )
    sockets = SocketCounter(settings.ws_per_game, settings.ws_per_client, settings.ws_per_seat)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        to_thread.current_default_thread_limiter().total_tokens = settings.threads
        if settings.migrate_on_start:
            await run_in_threadpool(upgrade, db)
        await run_in_threadpool(vapid_keys, db)  # Web Push's key pair, made on first start
        await hub.start()
        await bots.start()
        await clock_runner.start()
        await nudges.start()
        collector.settle_startup()
        pacer = asyncio.create_task(collector.pace())
        try:
            yield
        finally:
            pacer.cancel()
            await asyncio.gather(pacer, return_exceptions=True)
            await nudges.stop()
            await clock_runner.stop()
            await bots.stop()
            rooms.close_all()
            await hub.stop()
            db.dispose()

    app = Tafelrunde(
        title="Tafelrunde",
        version="0.1.0",
        description=DESCRIPTION,
        lifespan=lifespan,
        docs_url=None,  # install_docs: Swagger UI from this server, not a CDN
        redoc_url=None,
    )
    app.state.settings = settings
    app.state.service = service
    app.state.history = History(service.games)  # replays (GET .../history)
    app.state.rematches = Rematches(service)  # rematch and abandon
    app.state.hub = hub
    app.state.rooms = rooms
    app.state.bots = bots
    app.state.clock_runner = clock_runner
    app.state.nudges = nudges
    app.state.limiter = limiter
    app.state.chat = chat
    app.state.friends = Friends(db, settings.rate_friend_requests)  # friends (issue 38)

    def seats_renamed(session: Session, game_ids: list[str]) -> None:
        """A deleted account's seats: every page of those games gets the new names."""
        for game_id in game_ids:
            hub.publish(game_id, service.load(session, game_id).version)

    accounts = Accounts(db, settings.signup, seats_changed=seats_renamed)
    app.state.accounts = accounts
    app.state.passkeys = Passkeys(db, accounts)  # passkey ceremonies (app/api/routes/passkeys.py)
    app.state.bot_accounts = BotAccounts(db)  # bot identities and their tokens (issue 39)
    app.state.challenges = Challenges(service)  # challenges between accounts (issue 39)
    app.state.seeks = Seeks(service, settings.seek_fill_minutes)  # the public list (issue 39)
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    # Outside the body limit: a cross-site request is refused before its body is read.
    app.add_middleware(CrossSiteGuard, cookie=sessions.COOKIE, public_url=settings.public_url)
    # Views, legal-action lists and the client's files shrink 4-8x; small answers are not
    # worth the CPU. Level 6 costs a third of level 9's time for nearly the same size.
    app.add_middleware(GZipReads, minimum_size=GZIP_MIN_BYTES, compresslevel=6)
    # Added last, so outermost: a 413 from the body limit carries the headers too.
    app.add_middleware(SecurityHeaders)
    install_error_handlers(app, check_before_body)
    for module in (
        health_probes,  # first: probes answer before any other route is tried
        routes.kinds,
        routes.games,
        routes.seats,
        routes.actions,
        routes.history,
        routes.rematch,
        routes.chat,
        routes.clocks,
        routes.passkeys,
        routes.friends,
        routes.ratings,  # issue 39
        routes.me_games,  # issue 38, SEATS: My games
        routes.bots,  # issue 39: bot identities and their tokens
        routes.events,  # issue 39: an account's event stream
        routes.challenges,  # issue 39
        routes.seeks,  # issue 39
        routes.accounts,
        routes.admin,
        routes.notifications,
    ):
        app.include_router(module.router)

    def game_socket(websocket: WebSocket) -> Awaitable[None]:
        """Live state for one seat (``?token=``) or a spectator; see docs/API.md."""
        # The socket's coroutine itself, not one awaiting it: a suspended coroutine is
        # about 0.4 KB, held for as long as the socket is open (benchmarks/memory.py).
        return GameSocket(
            websocket,
            service,
            rooms,
            settings.ws_heartbeat,
            settings.ws_send_queue,
            limiter,
            sockets,
            chat,
            settings.ws_auth_seconds,
        ).run()

    app.game_socket = game_socket
    app.lane = lambda router: ActionLane(router, service)

    install_pages(app, settings.static_dir)
    install_docs(app)
    install_openapi(app, games)
    return app


app = create_app()
