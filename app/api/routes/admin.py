"""Admins (accounts made with ``tafelrunde admin create``): invite codes, disabling and
enabling an account, revoking its sign-ins. The same as the ``tafelrunde admin`` command."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path

from app.api.account_schemas import ERRORS, AdminAnswer, InviteCode
from app.api.deps import AccountsDep, AdminDep, SessionDep
from app.core.errors import ApiError
from app.services.account_names import name_key

router = APIRouter(prefix="/api/admin", tags=["admin"], responses=ERRORS)

AccountName = Annotated[str, Path(max_length=100, description="The account's name")]


@router.post("/invite-codes", status_code=201, response_model=InviteCode)
def make_invite_code(admin: AdminDep, accounts: AccountsDep, session: SessionDep) -> dict[str, Any]:
    """A new invite code, good for one sign-up (``SIGNUP=invite``); shown only now."""
    return {"code": accounts.make_invite_code(session, admin.account_id)}


@router.post("/accounts/{name}/disable", response_model=AdminAnswer)
def disable(
    name: AccountName, admin: AdminDep, accounts: AccountsDep, session: SessionDep
) -> dict[str, Any]:
    """Disable an account: every sign-in ends at once and none is accepted (403
    ``account_disabled`` after a right password). Not the admin's own (409 ``own_account``)."""
    if name_key(name) == name_key(admin.name):
        raise ApiError("own_account", "an admin cannot disable their own account here")
    account = accounts.set_disabled(session, name, True)
    return {"name": account.name, "disabled": True}


@router.post("/accounts/{name}/enable", response_model=AdminAnswer)
def enable(
    name: AccountName, admin: AdminDep, accounts: AccountsDep, session: SessionDep
) -> dict[str, Any]:
    """Let a disabled account sign in again."""
    account = accounts.set_disabled(session, name, False)
    return {"name": account.name, "disabled": False}


@router.post("/accounts/{name}/revoke", response_model=AdminAnswer)
def revoke(
    name: AccountName, admin: AdminDep, accounts: AccountsDep, session: SessionDep
) -> dict[str, Any]:
    """End every sign-in of an account (it may sign in again)."""
    ended = accounts.revoke(session, name)
    account = accounts.find(session, name)
    disabled = account.disabled_at is not None
    return {"name": account.name, "disabled": disabled, "sessions_ended": ended}
