"""Seat tokens, invite keys and hidden information never reach a log (DESIGN.md "Quality bars").

A token in a log is as good as the seat: whoever reads the log can play it and see its
hidden tiles or dolmens. Browsers and bots connect the WebSocket with ``?token=`` (docs/API.md),
and uvicorn logs a WebSocket's path *with its query string* even with the access log off.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from app.core.errors import ApiError
from app.core.logs import redact

REPO = Path(__file__).resolve().parents[2]


def _play_a_little(server, kit) -> tuple[str, dict[int, str], list[str]]:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        game_id, tokens = kit.new_game(http, "dschingis_khan", 2)
        # A friend opens an invite link (the page request carries the seat's key) and joins.
        created = http.post("/api/games", json={"kind": "dschingis_khan", "num_seats": 2})
        keys = [i["key"] for i in created.json()["invites"]]
        for invite in created.json()["invites"]:
            assert http.get(invite["path"]).status_code == 200
        other = created.json()["id"]
        r = http.post(f"/api/games/{other}/seats/1/join", json={"name": "B", "key": keys[1]})
        assert r.status_code == 201
        # A REST call with the token (header) and with a token-looking query parameter.
        http.get(f"/api/games/{game_id}/view", headers=kit.bearer(tokens[0]))
        http.get(f"/api/games/{game_id}/log", params={"token": tokens[1]})
    for seat, token in tokens.items():
        url = f"{server.ws_url}/ws/games/{game_id}?token={token}&since=0"
        with connect(url, open_timeout=10) as ws:
            assert json.loads(ws.recv(timeout=10))["seat"] == seat
    # A refused token is logged too (uvicorn's "403"/close line).
    with connect(f"{server.ws_url}/ws/games/{game_id}?token=not-{tokens[0]}") as ws:
        assert json.loads(ws.recv(timeout=10))["code"] == "unauthorized"
    return game_id, tokens, keys


@pytest.mark.parametrize("access_log", ["0", "1"], ids=["access-log-off", "access-log-on"])
def test_no_seat_token_in_the_server_log(server_factory, kit, access_log):
    server = server_factory(ACCESS_LOG=access_log)
    _, tokens, keys = _play_a_little(server, kit)
    server.stop()  # waits for the process to exit: every line it wrote is in the file
    log = server.log_path.read_text(errors="replace")
    assert "/ws/games/" in log, "the test should see uvicorn's WebSocket log lines"
    for secret in [*tokens.values(), *keys]:
        assert secret not in log
    assert "token=[redacted]" in log
    if access_log == "1":  # the invite pages were logged, without their keys
        assert "key=[redacted]" in log


def test_redact_hides_every_token_parameter_and_keeps_the_rest():
    line = '127.0.0.1:5 - "WebSocket /ws/games/ab12?since=3&token=Zx-_9a%2B&x=1" [accepted]'
    assert redact(line) == (
        '127.0.0.1:5 - "WebSocket /ws/games/ab12?since=3&token=[redacted]&x=1" [accepted]'
    )
    assert redact("/ws/games/ab12?TOKEN=abc") == "/ws/games/ab12?TOKEN=[redacted]"
    assert redact('"GET /play/ab12?join=1&key=Qw-3_x HTTP/1.1" 200') == (
        '"GET /play/ab12?join=1&key=[redacted] HTTP/1.1" 200'
    )
    assert redact("no query here") == "no query here"


def test_a_refused_bot_action_is_logged_without_the_engines_message(client, kit, caplog):
    """The engine's refusal names the bot's own tiles ("you hold no 'plague' tile ... (chinese,
    farmer)"); that is for the seat, not for the server log."""
    from app.bots.runner import BotRunner

    secret = "you hold no 'plague' tile in your active supply (chinese, farmer)"

    class Refusing:
        def act(self, caller, version, action):
            raise ApiError("illegal_action", secret)

        def snapshot(self, game_id):
            raise AssertionError("not used")

    runner = BotRunner(Refusing(), client.app.state.hub, 0)  # type: ignore[arg-type]
    runner._seeds["g1"] = 12345  # the game's secret seed, which Refusing has no table for

    class Snap:
        game_id = "g1"
        version = 3

        def must_act(self, seat):
            return True

        def bot_level(self, seat):
            return "easy"

        def view(self, seat):
            return {}

        def legal_actions(self, seat):
            return [{"action": {"type": "pass"}, "label": "pass"}]

    runner.service.snapshot = lambda game_id: Snap()  # type: ignore[method-assign]
    with caplog.at_level(logging.DEBUG):
        runner._decide_and_post("g1", 0, 3)
    assert caplog.records, "the refusal should still be logged"
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "illegal_action" in text
    assert "plague" not in text and "chinese" not in text


def test_the_proxy_access_log_does_not_write_query_strings():
    """deploy/nginx.conf: the default ``combined`` format logs ``$request`` with its query
    string, i.e. every WebSocket ``?token=``. Every access_log must use a format without it."""
    conf = (REPO / "deploy" / "nginx.conf").read_text()
    formats = dict(re.findall(r"log_format\s+(\w+)\s+((?:'[^']*'\s*)+);", conf))
    logs = re.findall(r"^\s*access_log\s+([^;]+);", conf, flags=re.M)
    assert logs
    for spec in logs:
        parts = spec.split()
        if parts[0] == "off":
            continue
        assert len(parts) > 1, f"access_log {spec!r} uses nginx's combined format ($request)"
        fmt = formats[parts[1]]
        for variable in ("$request ", '$request"', "$request_uri", "$args", "$query_string"):
            assert variable not in fmt, f"log format {parts[1]} writes {variable.strip()}"
        assert "$uri" in fmt
