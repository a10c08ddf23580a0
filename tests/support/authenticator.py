"""A software passkey for API tests: ``soft_webauthn``'s device (one ES256 credential,
attestation ``none``), speaking the JSON that browsers' ``PublicKeyCredential.toJSON()``
and app/static/js/passkeys.js send (base64url without padding)."""

from __future__ import annotations

import base64
from typing import Any

from soft_webauthn import SoftWebauthnDevice


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class SoftPasskey:
    """One authenticator holding one passkey; ``origin`` is the page the browser would
    report (``clientDataJSON.origin``)."""

    def __init__(self, origin: str = "http://testserver") -> None:
        self.device = SoftWebauthnDevice()
        self.origin = origin

    @property
    def credential_id(self) -> str:
        return b64url(self.device.credential_id)

    @property
    def sign_count(self) -> int:
        return int(self.device.sign_count)

    def clone(self) -> SoftPasskey:
        """Another authenticator with the same key and counter, as a copied token would be."""
        twin = SoftPasskey(self.origin)
        twin.device.__dict__.update(self.device.__dict__)
        return twin

    def create(self, public_key: dict[str, Any], origin: str | None = None) -> dict[str, Any]:
        """``navigator.credentials.create({publicKey})``, answered as JSON."""
        options = {
            "publicKey": {
                **public_key,
                "challenge": unb64url(public_key["challenge"]),
                "user": {**public_key["user"], "id": unb64url(public_key["user"]["id"])},
            }
        }
        made = self.device.create(options, origin or self.origin)
        return {
            "id": b64url(made["rawId"]),
            "rawId": b64url(made["rawId"]),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64url(made["response"]["clientDataJSON"]),
                "attestationObject": b64url(made["response"]["attestationObject"]),
                "transports": ["internal"],
            },
            "clientExtensionResults": {},
        }

    def get(self, public_key: dict[str, Any], origin: str | None = None) -> dict[str, Any]:
        """``navigator.credentials.get({publicKey})``, answered as JSON."""
        options = {"publicKey": {**public_key, "challenge": unb64url(public_key["challenge"])}}
        got = self.device.get(options, origin or self.origin)
        response = got["response"]
        return {
            "id": b64url(got["rawId"]),
            "rawId": b64url(got["rawId"]),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64url(response["clientDataJSON"]),
                "authenticatorData": b64url(response["authenticatorData"]),
                "signature": b64url(response["signature"]),
                "userHandle": b64url(response["userHandle"]),
            },
            "clientExtensionResults": {},
        }


# ---- the ceremonies over the API ---------------------------------------------------------


def passkey_sign_up(
    http: Any,
    name: str,
    passkey: SoftPasskey | None = None,
    label: str | None = None,
    **extra: Any,
) -> tuple[SoftPasskey, Any]:
    """Sign up as ``name`` with ``passkey`` (default: a new one at the client's origin),
    labelled ``label``: the passkey and the verify answer (``extra``: more of the options'
    body)."""
    passkey = passkey or SoftPasskey(str(http.base_url).rstrip("/"))
    r = http.post("/api/auth/passkey/signup/options", json={"name": name, **extra})
    assert r.status_code == 200, r.text
    options = r.json()
    answer = http.post(
        "/api/auth/passkey/signup/verify",
        json={
            "ceremony": options["ceremony"],
            "credential": passkey.create(options["publicKey"]),
            **({"label": label} if label is not None else {}),
        },
    )
    return passkey, answer


def passkey_login_options(http: Any) -> dict[str, Any]:
    r = http.post("/api/auth/passkey/login/options", json={})
    assert r.status_code == 200, r.text
    return r.json()


def passkey_log_in(http: Any, passkey: SoftPasskey, origin: str | None = None) -> Any:
    """Sign in with ``passkey`` (as from ``origin``): the verify answer."""
    options = passkey_login_options(http)
    credential = passkey.get(options["publicKey"], origin)
    return http.post(
        "/api/auth/passkey/login/verify",
        json={"ceremony": options["ceremony"], "credential": credential},
    )
