"""Request and response bodies of the accounts' routes (docs/API.md, "Accounts")."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, Field, StrictStr
from pydantic_core import PydanticCustomError

from app.api.schemas import Error, Strict
from app.core.inputs import FreeText
from app.core.passwords import MAX_LENGTH
from app.services.account_names import NAME_MAX

Language = Literal["en", "de", "cs"]


def _encodable(value: str) -> str:
    # A lone surrogate is no character: no hash or database takes it. The message never
    # repeats the value (it is a password).
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise PydanticCustomError("password", "holds half of a surrogate pair") from None
    return value


Password = Annotated[StrictStr, Field(max_length=4 * MAX_LENGTH), AfterValidator(_encodable)]
"""A password as sent: any characters (a longer one than 4 × ``MAX_LENGTH`` is no
password: 400). The rules for a new one (app/core/passwords.py) are the service's, with
their own error codes (422 ``password_too_long`` above ``MAX_LENGTH``)."""

# Names are trimmed and checked by the service (app/services/account_names.py,
# ``clean_name``); the schema only keeps what cannot be a name out (a few spaces of slack
# around it).
AccountName = Annotated[FreeText, Field(min_length=1, max_length=NAME_MAX + 32)]


InviteCodeField = Annotated[
    StrictStr | None,
    Field(max_length=100, description="Needed when the server's SIGNUP is invite."),
]


class SignUp(Strict):
    name: AccountName
    password: Password
    invite_code: InviteCodeField = None
    language: Language | None = Field(
        None, description="en or de; default: from Accept-Language, else en."
    )


class LogIn(Strict):
    name: AccountName
    password: Password


class UpdateMe(Strict):
    name: AccountName | None = None
    language: Language | None = None


class SetPassword(Strict):
    password: Password
    current_password: Password | None = Field(
        None, description="Required when the account has a password already."
    )


class DeleteMe(Strict):
    confirm: StrictStr = Field(max_length=100, description="The account's name, as a check.")


class PasskeyInfo(BaseModel):
    id: int
    label: str
    created_at: str | None
    last_used_at: str | None


class SessionInfo(BaseModel):
    id: str = Field(description="Opaque: names the sign-in for DELETE /api/me/sessions/{id}.")
    created_at: str | None
    last_seen_at: str | None
    user_agent: str
    current: bool = Field(description="The sign-in of this request's cookie.")


class Account(BaseModel):
    id: int
    name: str
    language: Language
    is_admin: bool
    has_password: bool
    created_at: str | None
    passkeys: list[PasskeyInfo]
    sessions: list[SessionInfo]
    friend_link: str


class AccountAnswer(BaseModel):
    account: Account


class AuthConfig(BaseModel):
    signup: Literal["open", "invite", "closed"]
    accounts_required: bool
    password_min_length: int


class InviteCode(BaseModel):
    code: str = Field(description="Good for one sign-up; shown only now.")


class AdminAnswer(BaseModel):
    name: str
    disabled: bool
    sessions_ended: int = 0


Export = dict[str, Any]

ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": Error, "description": text}
    for status, text in {
        400: "bad_request: malformed JSON or a field that does not fit",
        401: "not_signed_in: no valid session cookie; login_failed: wrong name or password",
        403: "cross_site_request, signup_closed, invite_code_required, invite_code_invalid, "
        "account_disabled, wrong_password, admin_only",
        404: "unknown_session, unknown_account",
        409: "name_taken, own_account",
        422: "password_too_short, password_too_long, password_too_common, confirm_mismatch",
        429: "rate_limited (RATE_LOGIN per address and per account name)",
    }.items()
}
