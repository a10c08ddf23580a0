"""Friends: the signed-in account's friends, its friend requests and its friend link
(docs/API.md, "Friends"; the logic is app/services/friends.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Request, Response
from pydantic import BaseModel, Field, StrictStr, model_validator

from app.api.deps import AccountDep, PlainDigits, SessionDep, link_base
from app.api.schemas import ERRORS, Error, Strict
from app.services.friends import Friends, friend_link

router = APIRouter(
    prefix="/api/me",
    tags=["friends"],
    responses={
        **ERRORS,
        401: {"model": Error, "description": "not_signed_in: no valid session cookie"},
    },
)

RequestId = Annotated[
    int, Path(ge=0, description="A friend request's id (from GET /api/me/friends)"), PlainDigits
]


# ---- bodies --------------------------------------------------------------------------------


class FriendOut(BaseModel):
    name: str
    since: datetime = Field(description="When the two became friends.")


class RequestOut(BaseModel):
    id: int = Field(description="The request's id, for accept, decline and withdraw.")
    name: str = Field(description="The other account's name.")
    at: datetime = Field(description="When the request was made.")


class FriendsOut(BaseModel):
    friends: list[FriendOut] = Field(description="By name.")
    incoming: list[RequestOut] = Field(description="Requests to you, newest first.")
    outgoing: list[RequestOut] = Field(description="Your requests, newest first.")
    link: str = Field(description="Your friend link: whoever opens it and says yes is your friend.")


class AskFriend(Strict):
    name: StrictStr | None = Field(
        None, max_length=200, description="An account's name (case and width do not matter)."
    )
    code: StrictStr | None = Field(
        None, max_length=200, description="The code of a friend link (/friends/add/{code})."
    )

    @model_validator(mode="after")
    def _one_of(self) -> AskFriend:
        if (self.name is None) == (self.code is None):
            raise ValueError("give either name or code")
        return self


class Asked(BaseModel):
    status: Literal["pending", "accepted"]
    name: str = Field(description="The other account's name.")


class LinkOut(BaseModel):
    link: str


# ---- routes --------------------------------------------------------------------------------


def friends_service(request: Request) -> Friends:
    return request.app.state.friends


FriendsDep = Annotated[Friends, Depends(friends_service)]


@router.get("/friends", response_model=FriendsOut)
def list_friends(
    request: Request, account: AccountDep, friends: FriendsDep, session: SessionDep
) -> dict[str, Any]:
    """Your friends, the friend requests you received and sent, and your friend link."""
    overview = friends.overview(session, account.account_id)
    return {
        "friends": [{"name": f.name, "since": f.since} for f in overview.friends],
        "incoming": [{"id": r.id, "name": r.name, "at": r.at} for r in overview.incoming],
        "outgoing": [{"id": r.id, "name": r.name, "at": r.at} for r in overview.outgoing],
        "link": friend_link(link_base(request), overview.code),
    }


@router.post(
    "/friends",
    status_code=201,
    response_model=Asked,
    responses={
        200: {"model": Asked, "description": "accepted: you are friends now"},
        429: {"model": Error, "description": "rate_limited (with Retry-After)"},
    },
)
def ask_friend(
    body: AskFriend,
    response: Response,
    account: AccountDep,
    friends: FriendsDep,
    session: SessionDep,
) -> dict[str, Any]:
    """Ask an account to be your friend, by its name (201 ``pending``; 200 ``accepted``
    when it had asked you already) or by its friend link's code (200 ``accepted``: the
    link's owner gave it to you). 404 ``unknown_account``, 400 ``not_yourself``, 409
    ``already_friends``, 409 ``already_asked``, 429 ``rate_limited``."""
    asked = friends.ask(session, account.account_id, name=body.name, code=body.code)
    if asked.status == "accepted":
        response.status_code = 200
    return {"status": asked.status, "name": asked.name}


@router.post("/friends/requests/{request_id}/accept", response_model=Asked)
def accept_request(
    request_id: RequestId, account: AccountDep, friends: FriendsDep, session: SessionDep
) -> dict[str, Any]:
    """Accept a friend request made to you (404 ``unknown_request`` for any other)."""
    asked = friends.accept(session, account.account_id, request_id)
    return {"status": asked.status, "name": asked.name}


@router.post("/friends/requests/{request_id}/decline", status_code=204)
def decline_request(
    request_id: RequestId, account: AccountDep, friends: FriendsDep, session: SessionDep
) -> Response:
    """Decline a friend request made to you; its requester is not told."""
    friends.decline(session, account.account_id, request_id)
    return Response(status_code=204)


@router.delete("/friends/requests/{request_id}", status_code=204)
def withdraw_request(
    request_id: RequestId, account: AccountDep, friends: FriendsDep, session: SessionDep
) -> Response:
    """Withdraw a friend request you made that is still unanswered."""
    friends.withdraw(session, account.account_id, request_id)
    return Response(status_code=204)


@router.delete("/friends/{name:path}", status_code=204)
def unfriend(
    name: Annotated[str, Path(description="The friend's name (URL-encoded)")],
    account: AccountDep,
    friends: FriendsDep,
    session: SessionDep,
) -> Response:
    """End a friendship (404 ``unknown_friend`` when you have no friend of that name)."""
    friends.unfriend(session, account.account_id, name)
    return Response(status_code=204)


@router.post("/friend-link", response_model=LinkOut)
def renew_friend_link(
    request: Request, account: AccountDep, friends: FriendsDep, session: SessionDep
) -> dict[str, Any]:
    """A new friend link; the old one names nobody any more (friends stay friends)."""
    code = friends.renew_link(session, account.account_id)
    return {"link": friend_link(link_base(request), code)}
