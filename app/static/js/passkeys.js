// Passkeys in the browser (docs/API.md, "Passkeys"): sign up, sign in and add a passkey.
//
// Each ceremony is two requests around the browser's own dialog: the server's options
// (`{ceremony, publicKey}`), `navigator.credentials.create/get` with them, and the answer
// (`{ceremony, credential}`) with the credential as JSON (base64url without padding). The
// session cookie is HttpOnly: fetch sends and keeps it (same origin), no script sees it.
//
// Every function returns the server's parsed JSON answer or throws an Error whose `.code` is
// the API's error code (`login_failed`, `name_taken`, ...) or one of the browser's:
// `passkey_unsupported` (no WebAuthn here: passkeys need HTTPS, or http://localhost),
// `passkey_cancelled` (the person closed the dialog or it timed out), `passkey_exists` (this
// authenticator holds a passkey of the account already), `passkey_failed` (anything else).

import { ApiError, api } from "./api.js";
import { t } from "./i18n.js";

/** Whether this page can use passkeys at all (WebAuthn in a secure context). */
export function passkeysAvailable() {
  return Boolean(window.isSecureContext && window.PublicKeyCredential && navigator.credentials);
}

function refused(code, detail) {
  const err = new ApiError(0, code, t(`error.${code}`));
  if (detail) err.cause = detail;
  return err;
}

function requireAvailable() {
  if (!passkeysAvailable()) throw refused("passkey_unsupported");
}

// ---- base64url <-> bytes -------------------------------------------------------------------

function toBase64url(buffer) {
  const bytes = new Uint8Array(buffer);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

const descriptors = (list) => (list || []).map((c) => ({ ...c, id: fromBase64url(c.id) }));

function creationOptions(json) {
  if (typeof PublicKeyCredential.parseCreationOptionsFromJSON === "function") {
    return PublicKeyCredential.parseCreationOptionsFromJSON(json);
  }
  return {
    ...json,
    challenge: fromBase64url(json.challenge),
    user: { ...json.user, id: fromBase64url(json.user.id) },
    excludeCredentials: descriptors(json.excludeCredentials),
  };
}

function requestOptions(json) {
  if (typeof PublicKeyCredential.parseRequestOptionsFromJSON === "function") {
    return PublicKeyCredential.parseRequestOptionsFromJSON(json);
  }
  return {
    ...json,
    challenge: fromBase64url(json.challenge),
    allowCredentials: descriptors(json.allowCredentials),
  };
}

/** The credential as the server reads it (what `toJSON()` gives where browsers have it;
 * spelled out here, so password managers' stand-ins without it work too). */
function credentialJSON(credential) {
  const r = credential.response;
  const response = { clientDataJSON: toBase64url(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = toBase64url(r.attestationObject);
    response.transports = typeof r.getTransports === "function" ? r.getTransports() : [];
  } else {
    response.authenticatorData = toBase64url(r.authenticatorData);
    response.signature = toBase64url(r.signature);
    if (r.userHandle) response.userHandle = toBase64url(r.userHandle);
  }
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    clientExtensionResults: credential.getClientExtensionResults?.() ?? {},
    response,
  };
}

/** `navigator.credentials.create/get`, its refusals as errors with a code. */
async function ask(kind, publicKey) {
  try {
    const credential = await navigator.credentials[kind]({ publicKey });
    if (!credential) throw refused("passkey_cancelled");
    return credentialJSON(credential);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const name = err?.name;
    if (name === "NotAllowedError" || name === "AbortError") throw refused("passkey_cancelled");
    if (name === "InvalidStateError") throw refused("passkey_exists");
    if (name === "SecurityError" || name === "NotSupportedError") {
      throw refused("passkey_unsupported", err);
    }
    throw refused("passkey_failed", err);
  }
}

// ---- the ceremonies ------------------------------------------------------------------------

/**
 * Make an account with a passkey and sign this browser in.
 * `extra`: `{invite_code, language, label}` (all optional; `language` "en", "de" or "cs").
 * Returns `{account}`.
 */
export async function signUpWithPasskey(name, extra = {}) {
  requireAvailable();
  const { label, ...rest } = extra;
  const options = await api("/api/auth/passkey/signup/options", {
    method: "POST",
    body: { name, ...rest },
  });
  const credential = await ask("create", creationOptions(options.publicKey));
  const body = { ceremony: options.ceremony, credential };
  if (label) body.label = label;
  return api("/api/auth/passkey/signup/verify", { method: "POST", body });
}

/** Sign this browser in with any passkey of this site (no name asked). Returns `{account}`. */
export async function signInWithPasskey() {
  requireAvailable();
  const options = await api("/api/auth/passkey/login/options", { method: "POST", body: {} });
  const credential = await ask("get", requestOptions(options.publicKey));
  return api("/api/auth/passkey/login/verify", {
    method: "POST",
    body: { ceremony: options.ceremony, credential },
  });
}

/** Add a passkey (this device, a phone, a security key) to the signed-in account.
 * Returns the new passkey `{id, label, created_at, last_used_at}`. */
export async function addPasskey(label) {
  requireAvailable();
  const options = await api("/api/me/passkeys/options", { method: "POST" });
  const credential = await ask("create", creationOptions(options.publicKey));
  const body = { ceremony: options.ceremony, credential };
  if (label) body.label = label;
  return api("/api/me/passkeys", { method: "POST", body });
}

/** The signed-in account's passkeys: `{passkeys: [{id, label, created_at, last_used_at}]}`. */
export function listPasskeys() {
  return api("/api/me/passkeys");
}

/** Rename one of the account's passkeys. */
export function renamePasskey(id, label) {
  return api(`/api/me/passkeys/${encodeURIComponent(id)}`, { method: "PATCH", body: { label } });
}

/** Remove one of the account's passkeys (refused with `last_sign_in_method` for the last
 * way in). */
export function removePasskey(id) {
  return api(`/api/me/passkeys/${encodeURIComponent(id)}`, { method: "DELETE" });
}
