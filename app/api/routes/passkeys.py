"""Passkeys: sign up and sign in with one (``/api/auth/passkey/...``), and an account's
own (``/api/me/passkeys``). Every ceremony is two requests: ``options`` (give its
``publicKey`` to ``navigator.credentials``) and the answer with the browser's credential.
The browser's side is ``app/static/js/passkeys.js``."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response
from pydantic import BaseModel, Field

from app.api.account_schemas import (
    AccountAnswer,
    AccountName,
    InviteCodeField,
    Language,
    PasskeyInfo,
)
from app.api.cookies import (
    check_login_rate,
    previous_cookie,
    signed_in_answer,
    signup_language,
    user_agent,
)
from app.api.deps import AccountDep, AccountsDep, PlainDigits, SessionDep
from app.api.schemas import ERRORS, Strict
from app.core.inputs import FreeText
from app.services.accounts import account_passkeys, passkey_view
from app.services.passkeys import Passkeys, RelyingParty

router = APIRouter(tags=["passkeys"], responses=ERRORS)

CREDENTIAL = (
    "The browser's PublicKeyCredential as JSON (its toJSON(): id, rawId, type, response "
    "with base64url fields; app/static/js/passkeys.js sends it)."
)


class PasskeySignup(Strict):
    name: AccountName = Field(description="The account's name (docs/API.md, Accounts: Names).")
    invite_code: InviteCodeField = None
    language: Language | None = Field(
        None, description="en or de; default: from Accept-Language, else en."
    )


class LoginStart(Strict):
    pass


class CeremonyAnswer(Strict):
    ceremony: str = Field(min_length=1, max_length=100, description="From the options' answer.")
    credential: dict[str, Any] = Field(description=CREDENTIAL)


class NewPasskey(CeremonyAnswer):
    label: FreeText | None = Field(
        None, min_length=1, max_length=64, description="Shown in the account's passkey list."
    )


class PasskeyLabel(Strict):
    label: FreeText = Field(min_length=1, max_length=64)


class CeremonyOptions(BaseModel):
    ceremony: str = Field(description="Send it back with the browser's credential.")
    publicKey: dict[str, Any] = Field(  # WebAuthn's own name
        description="WebAuthn options as JSON (PublicKeyCredential.parse...OptionsFromJSON)."
    )


class PasskeyList(BaseModel):
    passkeys: list[PasskeyInfo]


PasskeyId = Annotated[int, Path(ge=1, description="The passkey's id"), PlainDigits]


def _passkeys(request: Request) -> Passkeys:
    return request.app.state.passkeys


def _relying_party(request: Request) -> RelyingParty:
    return RelyingParty.serving(request.app.state.settings.public_url, str(request.url))


# ---- signing up and in -------------------------------------------------------------------


@router.post("/api/auth/passkey/signup/options", response_model=CeremonyOptions)
def passkey_signup_options(
    request: Request, body: PasskeySignup, session: SessionDep
) -> dict[str, Any]:
    """Begin signing up with a passkey: the refusals of ``POST /api/auth/signup`` in its
    order, but the password's (429 ``rate_limited``, 403 ``signup_closed``,
    ``invite_code_required``, 400 for the name, 409 ``name_taken``, 403
    ``invite_code_invalid``). Nothing is kept but the ceremony, for five minutes. Spends
    the address's ``RATE_LOGIN``, as every sign-up."""
    check_login_rate(request)
    language = signup_language(request, body.language)
    ceremony = _passkeys(request).signup_options(
        session, _relying_party(request), body.name, language, body.invite_code
    )
    return ceremony.to_json()


@router.post("/api/auth/passkey/signup/verify", status_code=201, response_model=AccountAnswer)
def passkey_signup_verify(
    request: Request,
    response: Response,
    body: NewPasskey,
    accounts: AccountsDep,
    session: SessionDep,
) -> dict[str, Any]:
    """Finish signing up: the account with this passkey, signed in (the session cookie),
    ``{"account"}`` as ``GET /api/me``. 400 ``passkey_failed`` when the credential does not
    verify or the ceremony expired or was used; 409 ``name_taken`` when someone took the
    name meanwhile."""
    done = _passkeys(request).signup_verify(
        session,
        _relying_party(request),
        body.ceremony,
        body.credential,
        body.label or "",
        user_agent(request),
        previous_cookie(request),
    )
    return signed_in_answer(request, response, accounts, session, done.account_id, done.cookie)


@router.post("/api/auth/passkey/login/options", response_model=CeremonyOptions)
def passkey_login_options(
    request: Request, session: SessionDep, body: LoginStart | None = None
) -> dict[str, Any]:
    """Begin signing in with a passkey: no name needed, the browser offers this site's
    passkeys. Spends the address's ``RATE_LOGIN``, as every sign-in."""
    check_login_rate(request)
    return _passkeys(request).login_options(session, _relying_party(request)).to_json()


@router.post("/api/auth/passkey/login/verify", response_model=AccountAnswer)
def passkey_login_verify(
    request: Request,
    response: Response,
    body: CeremonyAnswer,
    accounts: AccountsDep,
    session: SessionDep,
) -> dict[str, Any]:
    """Finish signing in: the session cookie and ``{"account"}`` as ``GET /api/me``. Any
    failure is 401 ``login_failed``."""
    done = _passkeys(request).login_verify(
        session,
        _relying_party(request),
        body.ceremony,
        body.credential,
        user_agent(request),
        previous_cookie(request),
    )
    return signed_in_answer(request, response, accounts, session, done.account_id, done.cookie)


# ---- the account's passkeys --------------------------------------------------------------


@router.get("/api/me/passkeys", response_model=PasskeyList)
def list_passkeys(request: Request, account: AccountDep, session: SessionDep) -> dict[str, Any]:
    """The signed-in account's passkeys, oldest first."""
    return {
        "passkeys": [passkey_view(row) for row in account_passkeys(session, account.account_id)]
    }


@router.post("/api/me/passkeys/options", response_model=CeremonyOptions)
def add_passkey_options(
    request: Request, account: AccountDep, session: SessionDep
) -> dict[str, Any]:
    """Begin adding a passkey to the signed-in account (another device, a security key)."""
    passkeys = _passkeys(request)
    return passkeys.add_options(session, _relying_party(request), account.account_id).to_json()


@router.post("/api/me/passkeys", status_code=201, response_model=PasskeyInfo)
def add_passkey(
    request: Request, body: NewPasskey, account: AccountDep, session: SessionDep
) -> dict[str, Any]:
    """Finish adding a passkey. 400 ``passkey_failed`` (did not verify, expired, used, or
    begun by another account), 409 ``passkey_exists``."""
    row = _passkeys(request).add_verify(
        session,
        _relying_party(request),
        account.account_id,
        body.ceremony,
        body.credential,
        body.label or "",
    )
    return passkey_view(row)


@router.patch("/api/me/passkeys/{passkey_id}", response_model=PasskeyInfo)
def rename_passkey(
    request: Request,
    passkey_id: PasskeyId,
    body: PasskeyLabel,
    account: AccountDep,
    session: SessionDep,
) -> dict[str, Any]:
    """Rename one of the account's passkeys (404 ``unknown_passkey``)."""
    row = _passkeys(request).rename(session, account.account_id, passkey_id, body.label)
    return passkey_view(row)


@router.delete("/api/me/passkeys/{passkey_id}", status_code=204)
def delete_passkey(
    request: Request, passkey_id: PasskeyId, account: AccountDep, session: SessionDep
) -> Response:
    """Remove one of the account's passkeys: 404 ``unknown_passkey``, 409
    ``last_sign_in_method`` when it is the only way in (no password, no other passkey)."""
    _passkeys(request).remove(session, account.account_id, passkey_id)
    return Response(status_code=204)
