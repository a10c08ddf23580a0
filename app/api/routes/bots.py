"""A person's bot identities and their API tokens (docs/API.md, "Bot accounts"). A bot
calls with its token (``MeDep``) and is refused here (403 ``not_a_person``): only its
owner, signed in, makes and deletes bots and tokens."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Response
from pydantic import BaseModel, Field

from app.api.account_schemas import AccountName
from app.api.deps import AccountsDep, BotAccountsDep, MeDep, PlainDigits, SessionDep
from app.api.schemas import ERRORS, Strict
from app.core.inputs import FreeText
from app.services.bot_accounts import LABEL_MAX

router = APIRouter(prefix="/api/me/bots", tags=["bots"], responses=ERRORS)

BotName = Annotated[str, Path(max_length=200, description="The bot's name (any spelling).")]
TokenId = Annotated[int, Path(ge=1, description="The token's id (from the list)."), PlainDigits]


class NewBot(Strict):
    name: AccountName


class Bot(BaseModel):
    name: str
    created_at: str | None


class Bots(BaseModel):
    bots: list[Bot]


class NewToken(Strict):
    label: FreeText = Field(min_length=1, max_length=LABEL_MAX, description="To tell tokens apart.")


class TokenInfo(BaseModel):
    id: int
    label: str
    created_at: str | None
    last_used_at: str | None = Field(description="Written at most once a minute.")
    revoked: bool


class MadeToken(TokenInfo):
    token: str = Field(description="Shown only now: the server keeps only its SHA-256.")


class Tokens(BaseModel):
    tokens: list[TokenInfo]


@router.post("", status_code=201, response_model=Bot)
def make_bot(body: NewBot, signed: MeDep, bots: BotAccountsDep, session: SessionDep) -> Any:
    """A new bot identity of the signed-in person: an account named by the same rule as
    people's (409 ``name_taken``), at most ``MAX_BOTS`` (5) per person (409
    ``too_many_bots``)."""
    return bots.create(session, signed, body.name)


@router.get("", response_model=Bots)
def list_bots(signed: MeDep, bots: BotAccountsDep, session: SessionDep) -> Any:
    return {"bots": bots.listed(session, signed)}


@router.delete("/{name}", status_code=204, response_class=Response)
def delete_bot(
    name: BotName, signed: MeDep, accounts: AccountsDep, session: SessionDep
) -> Response:
    """Delete the bot as an account is deleted: its tokens stop working at once, its seats
    stay with their games as "deleted player". 404 ``unknown_bot``."""
    accounts.delete_bot(session, signed, name)
    return Response(status_code=204)


@router.post("/{name}/tokens", status_code=201, response_model=MadeToken)
def make_token(
    name: BotName, signed: MeDep, bots: BotAccountsDep, session: SessionDep, body: NewToken
) -> Any:
    """A new API token of the bot, shown only now (409 ``too_many_tokens`` beyond 10 not
    revoked)."""
    return bots.make_token(session, signed, name, body.label)


@router.get("/{name}/tokens", response_model=Tokens)
def list_tokens(name: BotName, signed: MeDep, bots: BotAccountsDep, session: SessionDep) -> Any:
    return {"tokens": bots.tokens(session, signed, name)}


@router.delete("/{name}/tokens/{token_id}", status_code=204, response_class=Response)
def revoke_token(
    name: BotName, token_id: TokenId, signed: MeDep, bots: BotAccountsDep, session: SessionDep
) -> Response:
    """Revoke the token at once (404 ``unknown_token``); it stays listed as revoked."""
    bots.revoke_token(session, signed, name, token_id)
    return Response(status_code=204)
