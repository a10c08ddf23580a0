"""OpenAPI: the action body documents every game's own action union, with examples.

The route validates ``action`` as a JSON object and lets the game's engine parse it (the
engine knows the kind; its message names the field). For the documentation each engine's
discriminated union goes into ``components/schemas`` under the kind's name, and the body's
``action`` is ``anyOf`` those unions (not ``oneOf``: ``{"type": "pass"}`` is an action of
both kinds; the game's kind decides which union its engine validates with). Examples come
from seeded random play, one per action type, so every action type of every kind is shown
with a real value."""

from __future__ import annotations

import typing
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import TypeAdapter, ValidationError

from engines.core import Game, Rng

ACTIONS_PATH = "/api/games/{game_id}/actions"


def prefix(kind: str) -> str:
    return "".join(part.capitalize() for part in kind.split("_"))


def union_members(game: Game) -> list[type]:
    """The action classes of the game's ``Annotated[A | B | ..., Field(discriminator=...)]``."""
    union = typing.get_args(game.action_type)[0] if typing.get_args(game.action_type) else None
    return [m for m in typing.get_args(union) if isinstance(m, type)]


def action_examples(game: Game, games: int = 6, max_plies: int = 5000) -> dict[str, Any]:
    """One legal action per action type, found by seeded random play (bounded); a type that
    play did not reach (a rare pass) is shown as its model with default fields, if it has
    no required ones."""
    found: dict[str, Any] = {}
    for seed in range(games):
        state = game.new(game.max_players if seed % 2 else game.min_players, seed)
        rng = Rng(seed + 7)
        for _ in range(max_plies):
            if state.is_over:
                break
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            for action in legal:
                found.setdefault(action.type, action)
            state.apply(seat, rng.choice(legal))
    for model in union_members(game):
        try:
            action = model()
        except ValidationError:
            continue
        found.setdefault(action.type, action)
    return {t: (a.model_dump(mode="json"), a.label()) for t, a in sorted(found.items())}


def build_openapi(app: FastAPI, games: Mapping[str, Game]) -> dict[str, Any]:
    schema = get_openapi(
        title=app.title,
        version=app.version,
        description=app.description,
        routes=app.routes,
    )
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    unions = []
    examples: dict[str, Any] = {}
    for kind, game in games.items():
        name = prefix(kind)
        union = TypeAdapter(game.action_type).json_schema(
            ref_template=f"#/components/schemas/{name}{{model}}"
        )
        for model, definition in union.pop("$defs", {}).items():
            components[f"{name}{model}"] = definition
        union["title"] = f"{name}Action"
        union["description"] = f"An action of {game.name} ({kind})."
        components[f"{name}Action"] = union
        unions.append({"$ref": f"#/components/schemas/{name}Action"})
        for action_type, (value, label) in action_examples(game).items():
            examples[f"{kind}.{action_type}"] = {
                "summary": f"{game.name}: {label}",
                "value": {"version": 12, "action": value},
            }
    body = components.get("PostAction")
    if body is not None and unions:
        body["properties"]["action"] = {
            "anyOf": unions,
            "description": "One action of the game's kind; get the legal ones from "
            "GET /api/games/{id}/legal-actions.",
        }
    operation = schema["paths"].get(ACTIONS_PATH, {}).get("post")
    if operation is not None:
        operation["requestBody"]["content"]["application/json"]["examples"] = examples
    return schema


def install_openapi(app: FastAPI, games: Mapping[str, Game]) -> None:
    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = build_openapi(app, games)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
