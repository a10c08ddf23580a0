"""Commit and reveal through the API (issue 11.3, docs/API.md "Fair draws").

The server publishes a commitment at creation, records each player's commitment at join and
contribution once revealed, fixes the game seed when the last one is revealed, and reveals
seed, salt and the raw log only after the end (the reveal phase itself:
tests/api/test_reveal_api.py).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

import engines
from app.db.models import GameRow, SeatRow
from engines.core import fairness
from tests.support.fair import join_all, join_committed, reveal
from tests.support.play import auth, play_to_end

HEX64 = set("0123456789abcdef")


def create(client, kind: str, seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"kind": kind, "num_seats": len(seats) if seats else 2}
    if seats:
        body["seats"] = seats
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def join(client, created: dict[str, Any], seat: int, contribution: str | None = None):
    key = {i["seat"]: i["key"] for i in created["invites"]}[seat]
    return join_committed(client, created["id"], seat, contribution, name=f"P{seat}", key=key)


def stored(db, game_id: str) -> tuple[Any, ...]:
    with db.connect() as conn:
        game = conn.execute(select(GameRow.__table__).where(GameRow.id == game_id)).one()
        seats = conn.execute(
            select(SeatRow.__table__).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
        ).all()
    return tuple(game), [tuple(s) for s in seats]


def game_row(db, game_id: str) -> Any:
    with db.connect() as conn:
        return conn.execute(select(GameRow.__table__).where(GameRow.id == game_id)).one()


def test_the_commitment_is_published_at_creation_and_the_seed_is_not(client, db, kind) -> None:
    created = create(client, kind)
    commitment = created["fairness"]["commitment"]
    assert len(commitment) == 64 and set(commitment) <= HEX64
    assert created["fairness"]["contributions"] == [None, None]
    assert client.get(f"/api/games/{created['id']}").json()["fairness"] == created["fairness"]
    with db.connect() as conn:
        row = conn.execute(select(GameRow.__table__).where(GameRow.id == created["id"])).one()
    assert fairness.commitment(bytes.fromhex(row.server_seed), bytes.fromhex(row.salt)) == (
        commitment
    )
    assert row.server_seed not in str(created) and row.salt not in str(created)
    # Two games never share a seed (a cryptographic generator per game).
    other = create(client, kind)
    assert other["fairness"]["commitment"] != commitment


def test_a_commitment_is_recorded_publicly_at_join_and_its_contribution_at_reveal(
    client, kind
) -> None:
    created = create(client, kind)
    r = join(client, created, 1, "Zq-8_x")
    assert r.status_code == 201
    summary = client.get(f"/api/games/{created['id']}").json()
    assert summary["fairness"]["commitments"] == [None, fairness.seat_commitment("Zq-8_x")]
    assert summary["fairness"]["contributions"] == [None, None]
    assert join(client, created, 0).status_code == 201  # a contribution is optional
    assert reveal(client, created["id"], 1, r.json()["token"], "Zq-8_x").status_code == 200
    shown = client.get(f"/api/games/{created['id']}/fairness").json()
    assert shown["contributions"] == [None, "Zq-8_x"]


def test_public_games_list_their_commitment(client, kind) -> None:
    r = client.post("/api/games", json={"kind": kind, "num_seats": 2, "public": True})
    listed = {g["id"]: g for g in client.get("/api/games").json()}
    assert listed[r.json()["id"]]["fairness"] == r.json()["fairness"]


def test_a_bad_contribution_is_refused_and_changes_nothing(client, db, kind) -> None:
    created = create(client, kind)
    before = stored(db, created["id"])
    for bad in ("", "x" * 65, "a" * 63, "A" * 64, "two words", "<script>", 42, ["a"]):
        key = created["invites"][0]["key"]
        r = client.post(
            f"/api/games/{created['id']}/seats/0/join",
            json={"name": "P0", "key": key, "commitment": bad},
        )
        assert r.status_code == 400, r.text
        assert r.json()["error"]["code"] == "bad_request"
        assert "commitment" in r.json()["error"]["message"]
    assert stored(db, created["id"]) == before


def test_the_game_seed_is_fixed_from_every_contribution_when_the_game_starts(
    client, db, kit, kind
) -> None:
    created = create(client, kind)
    game_id = created["id"]
    first = join(client, created, 0, "first").json()["token"]
    early = reveal(client, game_id, 0, first, "first")  # refused: a seat is still free
    assert early.status_code == 409 and early.json()["error"]["code"] == "not_revealing"
    with db.connect() as conn:
        assert conn.scalar(select(GameRow.game_seed).where(GameRow.id == game_id)) is None
    # Before the start nobody sees a private draw: the table shows a placeholder setup,
    # the same to a joined seat as to a spectator.
    mine = client.get(f"/api/games/{game_id}/view", headers=auth(first)).json()
    assert mine["status"] == "open"
    assert mine["view"] == client.get(f"/api/games/{game_id}/view").json()["view"]
    second = join(client, created, 1, "second").json()["token"]
    for seat, token, contribution in ((0, first, "first"), (1, second, "second")):
        assert client.get(f"/api/games/{game_id}").json()["status"] == "open"
        assert reveal(client, game_id, seat, token, contribution).status_code == 200
    with db.connect() as conn:
        row = conn.execute(select(GameRow.__table__).where(GameRow.id == game_id)).one()
    expected = fairness.game_seed_bytes(bytes.fromhex(row.server_seed), ["first", "second"])
    assert row.game_seed == expected.hex()
    # From now on the seats play the game of that seed (replayed independently).
    seed = fairness.game_seed(bytes.fromhex(row.server_seed), ["first", "second"])
    replayed = engines.get(kind).new(2, seed, created["options"])
    for seat, token in ((0, first), (1, second)):
        view = client.get(f"/api/games/{game_id}/view", headers=auth(token)).json()
        assert view["status"] == "running"
        assert view["view"] == kit.jsonable(replayed.view(seat))


def test_a_seat_taken_again_after_the_start_changes_no_draw(client, db, kind) -> None:
    created = create(client, kind)
    game_id = created["id"]
    token = join_all(client, created, {0: "first", 1: "second"})[1]
    before = game_row(db, game_id)
    view = client.get(f"/api/games/{game_id}/view", headers=auth(token)).json()["view"]
    r = client.post(f"/api/games/{game_id}/seats/1/release", headers=auth(token))
    assert r.status_code == 200, r.text
    invites = client.get(
        f"/api/games/{game_id}/invites", headers=auth(created["host_token"])
    ).json()
    key = invites[1]["key"]
    r = client.post(
        f"/api/games/{game_id}/seats/1/join",
        json={"name": "Late", "key": key, "commitment": fairness.seat_commitment("late")},
    )
    assert r.status_code == 201, r.text
    after = game_row(db, game_id)
    assert after.game_seed == before.game_seed
    summary = client.get(f"/api/games/{game_id}").json()
    assert summary["fairness"]["contributions"] == ["first", "second"]
    again = client.get(f"/api/games/{game_id}/view", headers=auth(r.json()["token"])).json()
    assert again["view"] == view


def test_the_reveal_comes_only_after_the_end_and_matches_the_commitment(
    client, db, kind, rng
) -> None:
    created = create(client, kind)
    game_id = created["id"]
    tokens = join_all(client, created, {0: "c0", 1: "c1"})
    early = client.get(f"/api/games/{game_id}/fairness")
    assert early.status_code == 200
    assert early.json()["revealed"] is False
    for secret in ("server_seed", "salt", "game_seed", "actions", "scores"):
        assert early.json()[secret] is None
    with db.connect() as conn:
        row = conn.execute(select(GameRow.__table__).where(GameRow.id == game_id)).one()
    for secret in (row.server_seed, row.salt, row.game_seed):
        assert secret not in early.text

    play_to_end(client, game_id, tokens, rng)

    reveal = client.get(f"/api/games/{game_id}/fairness").json()
    assert reveal["revealed"] is True
    seed, salt = bytes.fromhex(reveal["server_seed"]), bytes.fromhex(reveal["salt"])
    assert fairness.commitment(seed, salt) == created["fairness"]["commitment"]
    assert reveal["game_seed"] == fairness.game_seed_bytes(seed, ["c0", "c1"]).hex()
    assert [a["seq"] for a in reveal["actions"]] == list(range(1, reveal["version"] + 1))
    result = client.get(f"/api/games/{game_id}/result").json()
    assert (reveal["scores"], reveal["winners"]) == (result["scores"], result["winners"])


def test_a_game_of_bots_alone_starts_at_creation_with_no_contributions(client, db, kind) -> None:
    created = create(client, kind, [{"bot": True}, {"bot": True}])
    assert created["status"] == "running"
    with db.connect() as conn:
        row = conn.execute(select(GameRow.__table__).where(GameRow.id == created["id"])).one()
    assert (
        row.game_seed
        == fairness.game_seed_bytes(bytes.fromhex(row.server_seed), [None, None]).hex()
    )


def test_an_unknown_game_has_no_fairness(client) -> None:
    r = client.get("/api/games/nosuchgame/fairness")
    assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_game"
