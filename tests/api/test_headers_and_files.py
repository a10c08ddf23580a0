"""Security headers on every answer, /docs without third-party assets, and a SQLite
database (with its WAL and SHM files) readable by its owner only (issue 15, item 8)."""

from __future__ import annotations

import re
import stat
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from app.db.session import Database


def csp_directives(value: str) -> dict[str, list[str]]:
    out = {}
    for part in value.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


def assert_hardened(response) -> None:
    h = response.headers
    assert h["x-frame-options"] == "DENY"
    assert h["x-content-type-options"] == "nosniff"
    assert h["referrer-policy"] == "no-referrer"
    csp = csp_directives(h["content-security-policy"])
    assert csp["default-src"] == ["'self'"]
    assert csp["script-src"] == ["'self'"], "only this origin's script files may run"
    assert csp["frame-ancestors"] == ["'none'"]
    for sources in csp.values():
        for source in sources:
            assert not re.match(r"(https?:|\*)", source), f"CSP admits {source}"


def test_every_kind_of_answer_carries_the_security_headers(client, kit):
    game_id, _ = kit.new_game(client, "dolmengoetter", 2)
    answers = [
        client.get("/api/kinds"),
        client.get(f"/api/games/{game_id}/view"),
        client.get("/api/games/nope"),  # an error answer
        client.post("/api/games", content=b"{"),  # malformed JSON
        client.get("/"),
        client.get(f"/play/{game_id}"),
        client.get("/static/js/game.js"),
        client.get("/docs"),
        client.get("/openapi.json"),
        client.get("/healthz"),
    ]
    for r in answers:
        assert_hardened(r)


def test_the_docs_page_loads_swagger_ui_from_this_server_only(client):
    page = client.get("/docs")
    assert page.status_code == 200
    assert "<script>" not in page.text, "no inline script: the CSP would refuse it"
    urls = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert urls and all(u.startswith("/") and not u.startswith("//") for u in urls), urls
    types = {}
    for url in urls:
        r = client.get(url)
        assert r.status_code == 200, url
        types[url.rsplit(".", 1)[-1]] = r.headers["content-type"]
    assert types["js"].startswith("text/javascript")
    assert types["css"].startswith("text/css")
    assert "SwaggerUIBundle" in client.get("/docs/start.js").text
    assert client.get("/redoc").status_code == 404


def _sqlite_file(database_url: str) -> Path:
    if make_url(database_url).get_backend_name() != "sqlite":
        pytest.skip("file modes are a SQLite matter")
    return Path(make_url(database_url).database)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_database_and_its_wal_and_shm_files_are_the_owners_only(client, kit, database_url):
    path = _sqlite_file(database_url)
    kit.new_game(client, "dschingis_khan", 2)  # writes: the WAL and SHM files exist now
    files = [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]
    for file in files:
        assert file.exists(), file
        assert _mode(file) == 0o600, f"{file.name} is {oct(_mode(file))}"


def test_files_left_readable_by_an_older_version_are_tightened(database_url):
    path = _sqlite_file(database_url)
    wal = path.with_name(path.name + "-wal")
    path.touch(mode=0o644)
    wal.touch(mode=0o644)
    path.chmod(0o644)
    wal.chmod(0o644)
    db = Database(database_url)
    try:
        db.prepare()
        assert (_mode(path), _mode(wal)) == (0o600, 0o600)
    finally:
        db.dispose()


def test_a_server_failure_is_a_plain_500_in_the_error_format_with_the_headers(client):
    from fastapi.testclient import TestClient

    app = client.app

    @app.get("/api/fails-for-this-test")
    def fails() -> None:
        raise RuntimeError("secret detail that must not reach the client")

    with TestClient(app, raise_server_exceptions=False) as broken:
        r = broken.get("/api/fails-for-this-test")
    assert r.status_code == 500
    assert r.json()["error"]["code"] == "internal_error"
    assert "secret detail" not in r.text and "Traceback" not in r.text
    assert_hardened(r)


def test_pages_answer_head_like_get_without_a_body(client, kit):
    game_id, _ = kit.new_game(client, "dolmengoetter", 2)
    for path in ("/", f"/play/{game_id}", f"/verify/{game_id}", "/account", "/account.html"):
        get, head = client.get(path), client.head(path)
        assert head.status_code == get.status_code == 200, path
        assert head.headers["content-type"] == get.headers["content-type"]
        assert head.content == b""


def test_client_files_and_json_are_sent_compressed_to_who_accepts_it(client, kit):
    game_id, _ = kit.new_game(client, "dschingis_khan", 4)
    gzip = {"accept-encoding": "gzip"}
    for path in ("/static/js/game.js", f"/api/games/{game_id}/view", "/"):
        r = client.get(path, headers=gzip)
        assert r.headers.get("content-encoding") == "gzip", path
        assert len(r.content) > 1000, "httpx decodes it: the body arrives whole"
        assert_hardened(r)
    plain = client.get("/static/js/game.js", headers={"accept-encoding": "identity"})
    assert "content-encoding" not in plain.headers
    small = client.get("/api/health", headers=gzip)
    assert "content-encoding" not in small.headers, "small answers are not worth compressing"
