"""Passkeys (WebAuthn, with py_webauthn): sign up, sign in and add a passkey.

Each ceremony has two halves. The options half makes a challenge and stores it in
``webauthn_challenges``, keyed by the SHA-256 of a random ceremony id that only the client
holds, so any server process can answer the second half. The answer half takes the row
(deleted at once, whatever comes next: a ceremony is used once) and verifies the browser's
credential against it within ``CEREMONY_SECONDS``.

Passkeys are bound to the relying party's id, the host name players open (``PUBLIC_URL``
when set, else the request's ``Host``): serve the same passkeys under another host name and
none of them signs in any more.

Sign-up by passkey makes the account as the password sign-up does (``Accounts.check_new``
before the ceremony, ``Accounts.create`` after it): one name rule, ``SIGNUP`` open, invite or
closed, an invite code used once. Every sign-in is ``sessions.sign_in``.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import (
    base64url_to_bytes,
    bytes_to_base64url,
    options_to_json_dict,
    parse_authentication_credential_json,
    parse_registration_credential_json,
)
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    AuthenticatorTransport,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from app.core.errors import ApiError
from app.core.security import hash_token, new_token
from app.db.models import (
    AccountRow,
    PasskeyRow,
    WebAuthnChallengeRow,
    utcnow,
)
from app.db.session import Database
from app.services import sessions
from app.services.accounts import Accounts, account_passkeys
from app.services.snapshots import as_utc

CEREMONY_SECONDS = 300
"""A ceremony's answer must come within this many seconds of its options."""

RP_NAME = "Tafelrunde"

SIGNUP_PURPOSE, LOGIN_PURPOSE, ADD_PURPOSE = "signup", "login", "add"

_SELECTION = AuthenticatorSelectionCriteria(
    # A discoverable credential: signing in needs no name, the authenticator offers its
    # passkeys for this site.
    resident_key=ResidentKeyRequirement.REQUIRED,
    user_verification=UserVerificationRequirement.PREFERRED,
)

_MALFORMED = (WebAuthnException, ValueError, KeyError, TypeError, IndexError)
"""What py_webauthn raises for an answer that does not verify or does not parse."""

log = logging.getLogger(__name__)

LOGIN_FAILED = "the passkey did not sign you in: try again, or use another sign-in method"


@dataclass(frozen=True, slots=True)
class RelyingParty:
    """Whom a passkey belongs to: ``id`` (a host name; WebAuthn's RP id) and the
    ``origin`` the browser must report (scheme, host and a port other than the default)."""

    id: str
    origin: str

    @classmethod
    def serving(cls, public_url: str, request_url: str) -> RelyingParty:
        """From ``PUBLIC_URL`` when set, else from the request's own URL (its scheme and
        ``Host``)."""
        url = urlsplit(public_url.strip() or request_url)
        scheme = (url.scheme or "http").lower()
        host = (url.hostname or "localhost").lower()
        default = {"http": 80, "https": 443}.get(scheme)
        try:
            port = url.port
        except ValueError:  # a Host header with a port that is not a number
            port = None
        shown = f"[{host}]" if ":" in host else host
        netloc = shown if port in (None, default) else f"{shown}:{port}"
        return cls(id=host, origin=f"{scheme}://{netloc}")


@dataclass(frozen=True, slots=True)
class Ceremony:
    """The options half's answer: the ceremony id (for the answer half) and the
    ``publicKey`` options for ``navigator.credentials``, as JSON."""

    ceremony: str
    public_key: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"ceremony": self.ceremony, "publicKey": self.public_key}


@dataclass(frozen=True, slots=True)
class SignIn:
    """A sign-in by passkey: the account and the new session cookie's value."""

    account_id: int
    cookie: str


# ---- the ceremonies ----------------------------------------------------------------------


def _transports(names: list[str]) -> list[AuthenticatorTransport]:
    known = {t.value: t for t in AuthenticatorTransport}
    return [known[n] for n in names if n in known]


def _login_failed(why: str, *, warn: bool = False) -> ApiError:
    """The one answer to every failed sign-in; the reason goes to the log only (it names
    no secret: ids, origins, counters)."""
    log.log(logging.WARNING if warn else logging.INFO, "passkey sign-in refused: %s", why)
    return ApiError("login_failed", LOGIN_FAILED)


def _refused(message: str) -> ApiError:
    return ApiError("passkey_failed", message)


class Passkeys:
    """The passkey ceremonies against one database; accounts are made by ``accounts``;
    ``clock`` gives "now" (tests move it)."""

    def __init__(
        self, db: Database, accounts: Accounts, clock: Callable[[], datetime] = utcnow
    ) -> None:
        self.db = db
        self.accounts = accounts
        self.clock = clock

    # -- ceremony rows --

    def _begin(
        self,
        session: Session,
        purpose: str,
        options: Any,
        account_id: int | None = None,
        data: dict[str, Any] | None = None,
    ) -> Ceremony:
        """Store the challenge of a ceremony's ``options`` (and forget expired ones): the
        ceremony, for the browser."""
        ceremony = new_token()
        now = self.clock()
        with self.db.write(session):
            session.execute(
                delete(WebAuthnChallengeRow).where(
                    WebAuthnChallengeRow.created_at < now - timedelta(seconds=CEREMONY_SECONDS)
                )
            )
            session.add(
                WebAuthnChallengeRow(
                    id_hash=hash_token(ceremony),
                    purpose=purpose,
                    challenge=bytes_to_base64url(options.challenge),
                    account_id=account_id,
                    data=data or {},
                    created_at=now,
                )
            )
        return Ceremony(ceremony, options_to_json_dict(options))

    def _take(
        self, session: Session, ceremony: str, purpose: str, account_id: int | None = None
    ) -> WebAuthnChallengeRow | None:
        """The ceremony's row, deleted (used once, also when its answer fails); ``None``
        for an unknown, used or expired ceremony, or one begun for something else."""
        digest = hash_token(ceremony)
        row = session.get(WebAuthnChallengeRow, digest)
        if row is None:  # no write for a made-up ceremony
            return None
        with self.db.write(session):
            gone = session.execute(
                delete(WebAuthnChallengeRow).where(WebAuthnChallengeRow.id_hash == digest)
            )
            if getattr(gone, "rowcount", 0) != 1:  # another request took it meanwhile
                return None
        age = self.clock() - as_utc(row.created_at)
        if age > timedelta(seconds=CEREMONY_SECONDS) or row.purpose != purpose:
            return None
        if row.account_id != account_id:
            return None
        return row

    def _register(
        self, rp: RelyingParty, row: WebAuthnChallengeRow, credential: dict[str, Any]
    ) -> PasskeyRow:
        """The new passkey of a registration answer (not added to any session yet)."""
        try:
            parsed = parse_registration_credential_json(credential)
            verified = verify_registration_response(
                credential=parsed,
                expected_challenge=base64url_to_bytes(row.challenge),
                expected_rp_id=rp.id,
                expected_origin=rp.origin,
            )
        except _MALFORMED as exc:
            raise _refused(f"the browser's passkey did not verify: {exc}") from None
        transports = [t.value for t in parsed.response.transports or []]
        return PasskeyRow(
            credential_id=bytes_to_base64url(verified.credential_id),
            public_key=bytes_to_base64url(verified.credential_public_key),
            sign_count=verified.sign_count,
            transports=transports,
            created_at=self.clock(),
        )

    def _registration_options(
        self, rp: RelyingParty, name: str, exclude: Sequence[PasskeyRow] = ()
    ) -> Any:
        return generate_registration_options(
            rp_id=rp.id,
            rp_name=RP_NAME,
            user_name=name,
            user_display_name=name,
            # A random handle per passkey: nothing about the account is in it.
            user_id=secrets.token_bytes(16),
            timeout=CEREMONY_SECONDS * 1000,
            authenticator_selection=_SELECTION,
            exclude_credentials=[
                PublicKeyCredentialDescriptor(
                    id=base64url_to_bytes(p.credential_id), transports=_transports(p.transports)
                )
                for p in exclude
            ],
        )

    # -- sign up --

    def signup_options(
        self,
        session: Session,
        rp: RelyingParty,
        name: str,
        language: str,
        invite_code: str | None,
    ) -> Ceremony:
        """Begin a sign-up: the server must take sign-ups, the name must be one and free,
        the invite code (``SIGNUP=invite``) valid (``Accounts.check_new``); neither is
        taken before the answer."""
        new = self.accounts.check_new(session, name, invite_code)
        options = self._registration_options(rp, new.name)
        data = {"name": new.name, "language": language, "invite": new.invite_hash}
        return self._begin(session, SIGNUP_PURPOSE, options, data=data)

    def signup_verify(
        self,
        session: Session,
        rp: RelyingParty,
        ceremony: str,
        credential: dict[str, Any],
        label: str,
        user_agent: str,
        previous: str | None = None,
    ) -> SignIn:
        """Finish a sign-up: the account (``Accounts.create``: 409 ``name_taken``, 403
        ``invite_code_invalid`` when taken meanwhile), its first passkey and a sign-in,
        together (and the browser's ``previous`` sign-in, if any, ended)."""
        row = self._take(session, ceremony, SIGNUP_PURPOSE)
        if row is None:
            raise _refused("this sign-up expired or was finished already: start again")
        passkey = self._register(rp, row, credential)
        passkey.label = label
        try:
            with self.db.write(session):
                account = self.accounts.create(
                    session,
                    row.data["name"],
                    None,
                    row.data["language"],
                    invite_hash=row.data.get("invite"),
                )
                passkey.account_id = account.id
                passkey.last_used_at = self.clock()
                session.add(passkey)
                session.flush()
                cookie = sessions.sign_in(session, account.id, user_agent, previous)
        except IntegrityError:  # the same passkey, signed up at the same moment
            raise ApiError("passkey_exists", "this passkey is registered already") from None
        return SignIn(account.id, cookie)

    # -- sign in --

    def login_options(self, session: Session, rp: RelyingParty) -> Ceremony:
        """Begin a sign-in with any passkey of this site (discoverable: no name asked)."""
        options = generate_authentication_options(
            rp_id=rp.id,
            timeout=CEREMONY_SECONDS * 1000,
            user_verification=UserVerificationRequirement.PREFERRED,
        )
        return self._begin(session, LOGIN_PURPOSE, options)

    def login_verify(
        self,
        session: Session,
        rp: RelyingParty,
        ceremony: str,
        credential: dict[str, Any],
        user_agent: str,
        previous: str | None = None,
    ) -> SignIn:
        """Finish a sign-in (the browser's ``previous`` sign-in, if any, ended). Every
        failure is the same 401 ``login_failed``: an unknown passkey, a bad signature,
        another site's or origin's answer, a used or expired ceremony, a disabled account,
        a signature counter that went backwards (a cloned authenticator)."""
        row = self._take(session, ceremony, LOGIN_PURPOSE)
        if row is None:
            raise _login_failed("the ceremony is unknown, used, expired or not a sign-in's")
        try:
            parsed = parse_authentication_credential_json(credential)
        except _MALFORMED as exc:
            raise _login_failed(f"the credential does not parse: {exc}") from None
        found = session.execute(
            select(PasskeyRow, AccountRow)
            .join(AccountRow, AccountRow.id == PasskeyRow.account_id)
            .where(PasskeyRow.credential_id == bytes_to_base64url(parsed.raw_id))
        ).one_or_none()
        if found is None:
            raise _login_failed("no account has this passkey")
        passkey, account = found
        if account.disabled_at is not None:
            raise _login_failed(f"account {account.id} is disabled")
        try:
            verified = verify_authentication_response(
                credential=parsed,
                expected_challenge=base64url_to_bytes(row.challenge),
                expected_rp_id=rp.id,
                expected_origin=rp.origin,
                credential_public_key=base64url_to_bytes(passkey.public_key),
                credential_current_sign_count=passkey.sign_count,
            )
        except _MALFORMED as exc:
            # A wrong origin or host here is most often a proxy's doing: PUBLIC_URL fixes it.
            raise _login_failed(f"passkey {passkey.id} did not verify: {exc}", warn=True) from None
        count = verified.new_sign_count
        with self.db.write(session):
            moved = session.execute(
                update(PasskeyRow)
                .where(
                    PasskeyRow.id == passkey.id,
                    # Counters only go up (0: an authenticator that keeps none); another
                    # sign-in that got further meanwhile wins.
                    PasskeyRow.sign_count < count if count else PasskeyRow.sign_count == 0,
                )
                .values(sign_count=count, last_used_at=self.clock())
            )
            if getattr(moved, "rowcount", 0) != 1:
                raise _login_failed(f"passkey {passkey.id}: a sign-in with a later count won")
            cookie = sessions.sign_in(session, account.id, user_agent, previous)
        return SignIn(account.id, cookie)

    # -- an account's passkeys --

    def add_options(self, session: Session, rp: RelyingParty, account_id: int) -> Ceremony:
        """Begin adding a passkey to a signed-in account; the authenticators that hold one
        of its passkeys already are excluded."""
        account = session.get(AccountRow, account_id)
        if account is None:
            raise ApiError("not_signed_in", "sign in first")
        existing = account_passkeys(session, account_id)
        options = self._registration_options(rp, account.name, existing)
        return self._begin(session, ADD_PURPOSE, options, account_id=account_id)

    def add_verify(
        self,
        session: Session,
        rp: RelyingParty,
        account_id: int,
        ceremony: str,
        credential: dict[str, Any],
        label: str,
    ) -> PasskeyRow:
        """Finish adding a passkey: 400 ``passkey_failed`` for an answer that does not
        verify or a ceremony that is not this account's, or is used or expired; 409
        ``passkey_exists`` for a passkey registered already."""
        row = self._take(session, ceremony, ADD_PURPOSE, account_id)
        if row is None:
            raise _refused("adding this passkey expired or was finished already: start again")
        passkey = self._register(rp, row, credential)
        passkey.account_id = account_id
        passkey.label = label
        try:
            with self.db.write(session):
                session.add(passkey)
        except IntegrityError:
            raise ApiError("passkey_exists", "this passkey is registered already") from None
        return passkey

    def _own(self, session: Session, account_id: int, passkey_id: int) -> PasskeyRow:
        row = session.get(PasskeyRow, passkey_id)
        if row is None or row.account_id != account_id:
            raise ApiError("unknown_passkey", "this account has no such passkey")
        return row

    def rename(self, session: Session, account_id: int, passkey_id: int, label: str) -> PasskeyRow:
        with self.db.write(session):
            row = self._own(session, account_id, passkey_id)
            row.label = label
        return row

    def remove(self, session: Session, account_id: int, passkey_id: int) -> None:
        """Delete one of the account's passkeys; 409 ``last_sign_in_method`` when it is
        the account's only way in (no password, no other passkey)."""
        with self.db.write(session):
            # The account's row locked first: two removals at once cannot both see the
            # other's passkey left.
            account = session.scalar(
                select(AccountRow).where(AccountRow.id == account_id).with_for_update()
            )
            row = self._own(session, account_id, passkey_id)
            others = session.scalar(
                select(func.count())
                .select_from(PasskeyRow)
                .where(PasskeyRow.account_id == account_id, PasskeyRow.id != row.id)
            )
            if account is None or (account.password_hash is None and not others):
                raise ApiError(
                    "last_sign_in_method",
                    "this passkey is the account's only way to sign in: add a password or "
                    "another passkey first",
                )
            session.delete(row)
