"""Commit and reveal leaks nothing before the end (issue 11.3): ``GET .../fairness`` and
every other answer are byte-identical whatever the server's seed, salt, game seed and the
hidden faces and values are, and none of those secrets appears in any answer."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import select, update

from app.db.models import GameRow

CASES = [("dschingis_khan", 0), ("dschingis_khan", 30), ("dolmengoetter", 0), ("dolmengoetter", 40)]


def answers(client, game_id: str, headers: dict[str, str]) -> list[tuple[str, int, bytes]]:
    out = []
    for name, path in (
        ("fairness", f"/api/games/{game_id}/fairness"),
        ("summary", f"/api/games/{game_id}"),
        ("list", "/api/games?limit=500"),
        ("view", f"/api/games/{game_id}/view"),
        ("log", f"/api/games/{game_id}/log"),
    ):
        r = client.get(path, headers=headers)
        out.append((name, r.status_code, r.content))
    return out


@contextmanager
def other_secrets(db, game_id: str) -> Iterator[None]:
    """The game's secret seed, salt and game seed replaced (its commitment kept)."""
    columns = (GameRow.server_seed, GameRow.salt, GameRow.game_seed)
    with db.begin() as conn:
        old = conn.execute(select(*columns).where(GameRow.id == game_id)).one()
        conn.execute(
            update(GameRow)
            .where(GameRow.id == game_id)
            .values(
                server_seed=secrets.token_hex(32),
                salt=secrets.token_hex(16),
                game_seed=secrets.token_hex(32),
            )
        )
    try:
        yield
    finally:
        with db.begin() as conn:
            conn.execute(
                update(GameRow)
                .where(GameRow.id == game_id)
                .values(server_seed=old[0], salt=old[1], game_seed=old[2])
            )


@pytest.mark.parametrize(("kind", "plies"), CASES)
def test_the_reveal_says_nothing_before_the_end(client, db, kit, sec, make_rng, kind, plies):
    game_id, tokens = kit.new_game(client, kind, 2)
    sec.play_randomly(client, kit, game_id, tokens, plies, make_rng("play"))
    with db.connect() as conn:
        row = conn.execute(select(GameRow.__table__).where(GameRow.id == game_id)).one()
    assert row.status == "running"
    for observer in (None, 0, 1):
        headers = kit.bearer(tokens[observer]) if observer is not None else {}
        real = answers(client, game_id, headers)
        for _, _, body in real:
            for secret in (row.server_seed, row.salt, row.game_seed):
                assert secret.encode() not in body
        for seed in (1, 2):
            with sec.twin_served(client, db, game_id, observer, seed), other_secrets(db, game_id):
                assert answers(client, game_id, headers) == real
