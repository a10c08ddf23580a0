"""Requests another site makes a browser send are refused when they would use its sign-in
(issue 38: "protected against cross-site requests"; app/core/csrf.py; docs/API.md,
"Accounts"). Bearer-token requests, and browsers' own same-origin requests, pass."""

from __future__ import annotations

import pytest

from app.core.csrf import origin_of
from tests.support.accounts import PASSWORD, sign_up, site, sql

EVIL = "https://evil.example"

CROSS_SITE = [
    {"Origin": EVIL},
    {"Origin": "null"},
    {"Origin": "http://testserver:8080"},  # another port is another origin
    {"Origin": "https://testserver"},  # another scheme too
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},  # a sibling subdomain
    {"Sec-Fetch-Site": "cross-site", "Origin": "http://testserver"},  # the browser's word wins
]
SAME_ORIGIN = [
    {},
    {"Origin": "http://testserver"},
    {"Origin": "HTTP://TestServer:80"},
    {"Sec-Fetch-Site": "same-origin"},
    {"Sec-Fetch-Site": "none"},
    {"Sec-Fetch-Site": "same-origin", "Origin": "http://testserver"},
]


def _ids(headers: dict[str, str]) -> str:
    return ",".join(f"{k}={v}" for k, v in headers.items()) or "no-headers"


@pytest.mark.parametrize("headers", CROSS_SITE, ids=_ids)
def test_cookie_requests_that_change_state_are_refused_cross_site(database_url, headers):
    with site(database_url) as s:
        anna = s.browser()
        sign_up(anna, "Anna")
        attempts = [
            anna.patch("/api/me", json={"name": "Pwned"}, headers=headers),
            anna.post("/api/auth/logout-everywhere", headers=headers),
            anna.post("/api/auth/logout", headers=headers),
            anna.put(
                "/api/me/password",
                json={"password": "the attacker's own one", "current_password": PASSWORD},
                headers=headers,
            ),
            anna.request("DELETE", "/api/me", json={"confirm": "Anna"}, headers=headers),
        ]
        for r in attempts:
            assert r.status_code == 403, r.request.url
            assert r.json()["error"]["code"] == "cross_site_request"
            assert r.headers["x-frame-options"] == "DENY"  # answered inside the headers
        # Nothing changed: the same name, still signed in, the same password.
        me = anna.get("/api/me", headers=headers)  # reading is not refused
        assert me.status_code == 200
        assert me.json()["account"]["name"] == "Anna"
        assert sql(database_url, "SELECT count(*) FROM auth_sessions")[0][0] == 1


@pytest.mark.parametrize("headers", SAME_ORIGIN, ids=_ids)
def test_the_same_requests_pass_from_the_own_origin(database_url, headers):
    with site(database_url) as s:
        anna = s.browser()
        sign_up(anna, "Anna")
        r = anna.patch("/api/me", json={"language": "de"}, headers=headers)
        assert r.status_code == 200
        assert anna.post("/api/auth/logout", headers=headers).status_code == 204


def test_public_url_is_an_own_origin_too(database_url):
    with site(database_url, public_url="https://games.example.org/") as s:
        # Served over HTTPS (the cookie is Secure), at another name than PUBLIC_URL's.
        anna = s.browser(base_url="https://testserver")
        sign_up(anna, "Anna")
        r = anna.patch("/api/me", json={"language": "de"}, headers={"Origin": EVIL})
        assert r.status_code == 403
        ok = anna.patch(
            "/api/me", json={"language": "de"}, headers={"Origin": "https://games.example.org"}
        )
        assert ok.status_code == 200


def test_a_sign_in_forced_from_another_site_is_refused_without_any_cookie(database_url):
    """Login CSRF: another site signing the browser into the attacker's account."""
    with site(database_url) as s:
        sign_up(s.browser(), "Mallory")
        victim = s.browser()
        for path, body in [
            ("/api/auth/login", {"name": "Mallory", "password": PASSWORD}),
            ("/api/auth/signup", {"name": "Victim", "password": PASSWORD}),
        ]:
            r = victim.post(path, json=body, headers={"Origin": EVIL})
            assert r.status_code == 403
            assert r.json()["error"]["code"] == "cross_site_request"
            assert "set-cookie" not in r.headers
        assert victim.get("/api/me").status_code == 401


def test_requests_with_a_seat_token_only_are_unaffected(database_url, kit):
    """A bot, or a page of another origin holding a seat token: no cookie, no refusal."""
    with site(database_url) as s:
        bot = s.browser()
        cross = {"Origin": EVIL, "Sec-Fetch-Site": "cross-site"}
        r = bot.post(
            "/api/games",
            json={"kind": "dschingis_khan", "num_seats": 2},
            headers=cross,
        )
        assert r.status_code == 201
        game_id, keys = r.json()["id"], kit.invite_keys(r.json())
        tokens = {}
        for seat in (0, 1):
            r = bot.post(
                f"/api/games/{game_id}/seats/{seat}/join",
                json={"name": f"P{seat}", "key": keys[seat]},
                headers=cross,
            )
            assert r.status_code == 201
            tokens[seat] = r.json()["token"]
        seat, action = kit.next_move(bot, game_id, tokens)
        version = bot.get(f"/api/games/{game_id}").json()["version"]
        r = bot.post(
            f"/api/games/{game_id}/actions",
            json={"version": version, "action": action},
            headers={**kit.bearer(tokens[seat]), **cross},
        )
        assert r.status_code == 200, r.text


def test_a_signed_in_browser_plays_from_its_own_pages(database_url, kit):
    """The browser's own requests (Sec-Fetch-Site: same-origin) with the cookie pass,
    the move's POST included."""
    with site(database_url) as s:
        anna = s.browser(headers={"Sec-Fetch-Site": "same-origin"})
        sign_up(anna, "Anna")
        game_id, tokens = kit.new_game(anna, "dschingis_khan", 2)
        seat, action = kit.next_move(anna, game_id, tokens)
        version = anna.get(f"/api/games/{game_id}").json()["version"]
        r = anna.post(
            f"/api/games/{game_id}/actions",
            json={"version": version, "action": action},
            headers=kit.bearer(tokens[seat]),
        )
        assert r.status_code == 200, r.text


@pytest.mark.parametrize(
    ("url", "origin"),
    [
        ("http://Example.org:80", "http://example.org"),
        ("https://example.org:443/path?q=1", "https://example.org"),
        ("https://example.org:8443", "https://example.org:8443"),
        ("http://[::1]:8000", "http://[::1]:8000"),
        ("null", ""),
        ("http://", ""),
        ("http://example.org:99999", ""),
    ],
)
def test_origin_of(url, origin):
    assert origin_of(url) == origin
