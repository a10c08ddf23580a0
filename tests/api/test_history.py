"""Replays: ``GET /api/games/{id}/history`` (docs/API.md, "History").

Games are played through the REST API while every seat's and the watcher's ``/view`` is
recorded at each version; the history must give back exactly those views afterwards, to
exactly the callers allowed to see them: during the game a seat its own and anyone the
watcher's; after the end anyone any seat's and the full reveal.
"""

from __future__ import annotations

from typing import Any

MAX_ACTIONS = 3000
FACES = ("chinese", "mongolian", "farmer", "plague", "ginseng")


def url(game_id: str, **params: Any) -> str:
    query = "&".join(f"{k}={v}" for k, v in params.items())
    return f"/api/games/{game_id}/history" + (f"?{query}" if query else "")


class Table:
    """A game played with random legal actions, every seat's view recorded per version."""

    def __init__(self, client, kit, rng, kind: str, num_seats: int) -> None:
        self.client, self.kit, self.rng = client, kit, rng
        self.kind, self.num_seats = kind, num_seats
        self.game_id, self.tokens = kit.new_game(client, kind, num_seats)
        self.views: dict[tuple[int, int | None], dict[str, Any]] = {}
        self.actors: list[int] = []
        self.version = 0
        self.over = False
        self._record()

    def headers(self, seat: int) -> dict[str, str]:
        return self.kit.bearer(self.tokens[seat])

    def _record(self) -> None:
        for seat in [None, *range(self.num_seats)]:
            headers = self.headers(seat) if seat is not None else {}
            body = self.client.get(f"/api/games/{self.game_id}/view", headers=headers).json()
            assert body["version"] == self.version
            self.views[(self.version, seat)] = body["view"]
            self.over = body["status"] == "over"

    def play(self, actions: int = MAX_ACTIONS) -> None:
        for _ in range(actions):
            if self.over:
                return
            seat = self.views[(self.version, None)]["to_act"][0]
            legal = self.client.get(
                f"/api/games/{self.game_id}/legal-actions", headers=self.headers(seat)
            ).json()
            r = self.client.post(
                f"/api/games/{self.game_id}/actions",
                headers=self.headers(seat),
                json={
                    "version": self.version,
                    "action": self.rng.choice(legal["actions"])["action"],
                },
            )
            assert r.status_code == 200, r.text
            self.version += 1
            self.actors.append(seat)
            self._record()
        assert self.over or actions < MAX_ACTIONS, "the game did not end"

    def history(self, caller: int | None = None, **params: Any) -> Any:
        """GET the history with ``caller``'s token (``None``: no token)."""
        headers = self.headers(caller) if caller is not None else {}
        return self.client.get(url(self.game_id, **params), headers=headers)


def hidden_parts(kind: str, view: dict[str, Any]) -> list[Any]:
    """Every field of ``view`` that holds a hidden tile face or dolmen value."""
    if kind == "dschingis_khan":
        return [
            *(layer["face"] for v in view["villages"] for layer in v["stack"]),
            *(p["faces"] for p in view["players"]),
            *(p["discarded"] for p in view["players"]),
        ]
    return [
        *(d["value"] for c in view["circles"] for d in c["stack"]),
        *(p["hand"] for p in view["players"]),
    ]


def others_parts(kind: str, view: dict[str, Any], seat: int) -> list[Any]:
    """What of ``view`` is hidden in the other seats' hands (never shown to ``seat``)."""
    if kind == "dschingis_khan":
        return [
            part
            for p in view["players"]
            if p["seat"] != seat
            for part in (p["faces"], p["discarded"])
        ]
    return [p["hand"] for p in view["players"] if p["seat"] != seat]


def assert_error(r: Any, status: int, code: str) -> None:
    assert r.status_code == status, r.text
    assert r.json()["error"]["code"] == code
    message = r.json()["error"]["message"].lower()
    assert not any(face in message for face in FACES), message


# ---- during the game ---------------------------------------------------------------------


def test_during_the_game_a_seat_replays_its_own_views_exactly_as_it_saw_them(
    client, kit, rng, kind
):
    table = Table(client, kit, rng, kind, 2)
    table.play(24)
    assert not table.over
    for seat in range(2):
        log = client.get(f"/api/games/{table.game_id}/log", headers=table.headers(seat)).json()[
            "entries"
        ]
        for version in range(table.version + 1):
            r = table.history(seat, seat=seat, version=version)
            assert r.status_code == 200, r.text
            body = r.json()
            assert body["view"] == table.views[(version, seat)]
            assert (body["version"], body["latest"], body["seat"]) == (version, table.version, seat)
            assert body["ended"] is False
            if version:
                assert body["actor"] == table.actors[version - 1]
                assert body["events"] == log[version - 1]["events"]
            else:
                assert (body["actor"], body["events"]) == (None, [])


def test_during_the_game_anyone_replays_the_watchers_views_which_hide_every_face(
    client, kit, rng, kind
):
    table = Table(client, kit, rng, kind, 2)
    table.play(30)
    assert not table.over
    hid = 0
    for version in range(table.version + 1):
        for caller in (None, 0, 1):
            r = table.history(caller, seat="watcher", version=version)
            assert r.status_code == 200, r.text
            body = r.json()
            assert body["view"] == table.views[(version, None)]
            assert body["seat"] == "watcher"
            assert set(hidden_parts(kind, body["view"])) <= {None}
            for event in body["events"]:
                assert not {"faces", "value"} & set(event), event
        hid += len(hidden_parts(kind, table.views[(version, None)]))
    assert hid, "nothing was hidden: the test would prove nothing"


def test_during_the_game_other_seats_views_and_the_reveal_are_refused(client, kit, rng, kind):
    table = Table(client, kit, rng, kind, 3 if kind == "dschingis_khan" else 2)
    table.play(10)
    assert_error(table.history(0, seat=1, version=3), 403, "history_private")
    assert_error(table.history(1, seat=0), 403, "history_private")
    assert_error(table.history(None, seat=0, version=0), 401, "unauthorized")
    for caller in (None, 0, 1):
        assert_error(table.history(caller, seat="all", version=2), 403, "history_private")
    # A seat's own views stay its own: the others' hands are never in them.
    body = table.history(0, seat=0, version=table.version).json()
    assert set(others_parts(kind, body["view"], 0)) == {None}
    # Refused requests change nothing.
    summary = client.get(f"/api/games/{table.game_id}").json()
    assert summary["version"] == table.version and summary["status"] == "running"


def test_bad_parameters_get_clear_errors(client, kit, rng):
    table = Table(client, kit, rng, "dolmengoetter", 2)
    table.play(4)
    assert_error(table.history(0, seat=2), 404, "unknown_seat")
    assert_error(table.history(None, seat="watcher", version=5), 404, "unknown_version")
    assert_error(table.history(0, seat=0, version=99), 404, "unknown_version")
    for bad in ("x", "-1", "01", "1.0", "+1", "%201"):
        assert_error(table.history(None, seat=bad), 400, "bad_request")
    assert_error(table.history(None, version=-1), 400, "bad_request")
    assert_error(table.history(None, version="two"), 400, "bad_request")
    assert_error(client.get(url("nosuchgame", seat="watcher")), 404, "unknown_game")
    r = client.get(url(table.game_id, seat=0), headers=kit.bearer("not-a-token"))
    assert_error(r, 401, "unauthorized")
    # Another game's token is refused, not read as a seat of this one.
    _, other_tokens = kit.new_game(client, "dolmengoetter", 2)
    r = client.get(url(table.game_id, seat=0), headers=kit.bearer(other_tokens[0]))
    assert_error(r, 403, "forbidden")


def test_without_parameters_the_caller_gets_its_own_view_now(client, kit, rng):
    table = Table(client, kit, rng, "dschingis_khan", 2)
    table.play(6)
    mine = table.history(1).json()
    assert (mine["seat"], mine["version"]) == (1, table.version)
    assert mine["view"] == table.views[(table.version, 1)]
    watcher = table.history(None).json()
    assert (watcher["seat"], watcher["version"]) == ("watcher", table.version)
    assert watcher["view"] == table.views[(table.version, None)]


# ---- after the end ---------------------------------------------------------------------


def test_after_the_end_anyone_replays_every_seat_and_the_full_reveal(client, db, kit, rng, kind):
    table = Table(client, kit, rng, kind, 2)
    table.play()
    assert table.over
    engine = kit.replay(db, table.game_id)
    revealed_any = False
    # Every version, stepping backwards (so the replay cannot lean on the order asked).
    for version in range(table.version, -1, -1):
        for seat in (None, 0, 1):
            r = table.history(None, seat="watcher" if seat is None else seat, version=version)
            assert r.status_code == 200, r.text
            assert r.json()["view"] == table.views[(version, seat)]
            assert r.json()["ended"] is True
        r = table.history(None, seat="all", version=version)
        assert r.status_code == 200, r.text
        body = r.json()
        assert None not in hidden_parts(kind, body["view"]), version
        assert body["view"] == kit.jsonable(engine.states[version].view(None, reveal=True))
        # The reveal is the seat's and the watcher's view with the hidden parts filled in.
        watcher = table.views[(version, None)]
        assert body["view"]["ply"] == watcher["ply"]
        assert body["view"]["to_act"] == watcher["to_act"]
        revealed_any |= hidden_parts(kind, body["view"]) != hidden_parts(kind, watcher)
        if version:
            assert body["actor"] == table.actors[version - 1]
    assert revealed_any


def test_after_the_end_events_are_shown_as_the_seat_saw_them_or_all_revealed(client, kit, rng):
    table = Table(client, kit, rng, "dschingis_khan", 2)
    table.play()
    # A discard or a take names its faces only to its seat; the reveal names them for all.
    checked = 0
    for version in range(1, table.version):
        revealed = table.history(None, seat="all", version=version).json()["events"]
        seen_by = [table.history(None, seat=s, version=version).json()["events"] for s in (0, 1)]
        for i, event in enumerate(revealed):
            if event["type"] in ("take_tiles", "discard") and event.get("faces"):
                owner = event["seat"]
                assert seen_by[owner][i] == event
                assert "faces" not in seen_by[1 - owner][i]
                checked += 1
        if checked >= 3:
            break
    assert checked >= 3
