// REST calls (docs/API.md) and the seat tokens this browser holds.

import { t } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** fetch + JSON; a refused request becomes an ApiError carrying the server's own message. */
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    throw new ApiError(0, "network", t("error.network"));
  }
  const text = await res.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    const err = data?.error;
    if (err?.message) throw new ApiError(res.status, err.code || "error", err.message);
    const detail = data?.detail;
    const msg = typeof detail === "string" ? detail : t("error.status", res.status);
    throw new ApiError(res.status, "error", msg);
  }
  return data;
}

// Tokens are kept per game in localStorage so a reload keeps the seat; the server only
// ever stores their hashes, so losing one means losing the seat: it is never sent anywhere
// but this server.
const KEY = (gameId) => `tafelrunde.seat.${gameId}`;

export function loadSeat(gameId) {
  try {
    const raw = localStorage.getItem(KEY(gameId));
    if (!raw) return null;
    const v = JSON.parse(raw);
    if (typeof v.token === "string" && Number.isInteger(v.seat)) return v;
  } catch {
    /* unreadable entry: treat as no seat */
  }
  return null;
}

export function saveSeat(gameId, seat, token, name) {
  localStorage.setItem(KEY(gameId), JSON.stringify({ seat, token, name }));
}

export function forgetSeat(gameId) {
  localStorage.removeItem(KEY(gameId));
}

// The host token (returned once when this browser created the game) may give a seat back
// (release): kept per game like a seat token, and likewise only ever sent to this server.
const HOST_KEY = (gameId) => `tafelrunde.host.${gameId}`;

export function saveHost(gameId, token) {
  localStorage.setItem(HOST_KEY(gameId), token);
}

export function loadHost(gameId) {
  return localStorage.getItem(HOST_KEY(gameId));
}

export function myGames() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k?.startsWith("tafelrunde.seat.")) out.push(k.slice("tafelrunde.seat.".length));
  }
  return out;
}

export function rememberName(name) {
  localStorage.setItem("tafelrunde.name", name);
}

export function rememberedName() {
  return localStorage.getItem("tafelrunde.name") || "";
}

/** A seat's invite link (with its secret key, for a private table) or the spectator link. */
export function playUrl(gameId, seat = null, key = null) {
  const base = `${location.origin}/play/${encodeURIComponent(gameId)}`;
  if (seat === null) return base;
  return key ? `${base}?join=${seat}&key=${encodeURIComponent(key)}` : `${base}?join=${seat}`;
}

/** The host's view of the invites: every human seat's key (host token only). */
export async function loadInvites(gameId, hostToken) {
  return api(`/api/games/${encodeURIComponent(gameId)}/invites`, { token: hostToken });
}
