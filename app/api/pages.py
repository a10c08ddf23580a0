"""The browser pages: the client in ``static_dir`` (the repository's ``static/``).

A server whose ``static_dir`` holds no client (an API-only install, a directory moved
away) still starts: its pages answer 404 ``not_found`` like any unknown path.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, Response
from starlette.staticfiles import StaticFiles

from app.core.errors import error_response


class OptionalStaticFiles(StaticFiles):
    """Static files from a directory that may be missing: 404 then, never a crash."""

    async def check_config(self) -> None:
        if self.directory is not None and Path(self.directory).is_dir():
            await super().check_config()


def install_pages(app: FastAPI, static_dir: Path) -> None:
    router = APIRouter(include_in_schema=False)

    def page(name: str) -> Response:
        path = static_dir / name
        if not path.is_file():
            return error_response("not_found", f"this server has no browser page {name}")
        return FileResponse(path, media_type="text/html")

    @router.api_route("/", methods=["GET", "HEAD"])
    def home() -> Response:
        return page("index.html")

    @router.api_route("/play/{game_id}", methods=["GET", "HEAD"])
    def play(game_id: str) -> Response:
        return page("game.html")

    @router.api_route("/account", methods=["GET", "HEAD"])
    @router.api_route("/account.html", methods=["GET", "HEAD"])
    def account() -> Response:
        return page("account.html")

    @router.api_route("/verify/{game_id}", methods=["GET", "HEAD"])
    def verify(game_id: str) -> Response:
        return page("verify.html")

    @router.api_route("/ladder", methods=["GET", "HEAD"])
    def ladder() -> Response:
        return page("ladder.html")

    @router.api_route("/players/{name}", methods=["GET", "HEAD"])
    def player(name: str) -> Response:
        return page("player.html")

    @router.api_route("/friends/add/{code}", methods=["GET", "HEAD"])
    def add_friend(code: str) -> Response:
        return page("friends.html")

    @router.api_route("/sw.js", methods=["GET", "HEAD"])
    def service_worker() -> Response:
        """Web Push's service worker, at the root so that its scope is the whole site."""
        path = static_dir / "sw.js"
        if not path.is_file():
            return error_response("not_found", "this server has no service worker")
        return FileResponse(
            path,
            media_type="text/javascript",
            headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"},
        )

    app.include_router(router)
    app.mount("/static", OptionalStaticFiles(directory=static_dir, check_dir=False), name="static")
