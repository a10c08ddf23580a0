"""Kinds and board files, the OpenAPI document at /docs, the browser pages, and the tables
(which come from Alembic only)."""

from __future__ import annotations

import typing

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect

import engines
from app.db.models import Base
from app.main import create_app


def action_types(kind: str) -> set[str]:
    """Every ``type`` tag of the kind's action union."""
    union = typing.get_args(engines.get(kind).action_type)[0]
    return {typing.get_args(m.model_fields["type"].annotation)[0] for m in typing.get_args(union)}


def test_kinds_list_both_games_with_their_schemas(client):
    kinds = {k["id"]: k for k in client.get("/api/kinds").json()}
    assert set(kinds) == {"dschingis_khan", "dolmengoetter"}
    for kind, info in kinds.items():
        game = engines.get(kind)
        assert (info["min_players"], info["max_players"]) == (game.min_players, game.max_players)
        assert "start_player" in info["options_schema"]["properties"]
        assert info["action_schema"] == game.action_schema()


def test_board_file_per_kind(client, kind):
    board = client.get(f"/api/kinds/{kind}/board")
    assert board.status_code == 200 and board.json()["game"] == kind
    assert client.get("/api/kinds/chess/board").json()["error"]["code"] == "unknown_kind"


def test_openapi_documents_every_action_type_of_every_kind_with_an_example(client, kind):
    schema = client.get("/openapi.json").json()
    components = schema["components"]["schemas"]
    body = schema["paths"]["/api/games/{game_id}/actions"]["post"]["requestBody"]
    json_body = body["content"]["application/json"]
    ref = json_body["schema"]["$ref"].rsplit("/", 1)[1]
    union_refs = {
        r["$ref"].rsplit("/", 1)[1] for r in components[ref]["properties"]["action"]["anyOf"]
    }
    prefix = "".join(p.capitalize() for p in kind.split("_"))
    assert f"{prefix}Action" in union_refs
    union = components[f"{prefix}Action"]
    documented = set(union["discriminator"]["mapping"])
    assert documented == action_types(kind)
    examples = {
        name.split(".", 1)[1]: ex["value"]
        for name, ex in json_body["examples"].items()
        if name.startswith(f"{kind}.")
    }
    assert set(examples) == documented
    game = engines.get(kind)
    for action_type, example in examples.items():
        assert example["action"]["type"] == action_type
        assert game.parse_action(example["action"]).type == action_type  # a valid action
    assert client.get("/docs").status_code == 200


def test_pages_serve_the_static_client_or_a_clean_404(database_url, tmp_path):
    from app.core.config import Settings

    static = tmp_path / "static"
    with TestClient(create_app(Settings(database_url=database_url, static_dir=static))) as c:
        for path in ("/", "/play/abc", "/static/js/app.js"):
            r = c.get(path)
            assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
        (static / "js").mkdir(parents=True)
        (static / "index.html").write_text("<h1>home</h1>")
        (static / "game.html").write_text("<h1>game</h1>")
        (static / "js" / "app.js").write_text("let x = 1;")
        assert c.get("/").text == "<h1>home</h1>"
        assert c.get("/play/abc?join=1").text == "<h1>game</h1>"
        assert c.get("/static/js/app.js").text == "let x = 1;"
        assert c.get("/static/../index.html").status_code == 404


@pytest.fixture
def migrated(client, database_url):
    engine = create_engine(database_url)
    yield engine
    engine.dispose()


def test_tables_come_from_alembic_and_match_the_models(migrated):
    names = set(inspect(migrated).get_table_names())
    assert {"games", "seats", "actions", "alembic_version"} <= names
    with migrated.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == []
    uniques = inspect(migrated).get_unique_constraints("actions")
    assert {"column_names": ["game_id", "seq"], "name": "uq_actions_game_seq"} in [
        {"column_names": u["column_names"], "name": u["name"]} for u in uniques
    ]
