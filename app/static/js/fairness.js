// Fair draws (docs/API.md "Fair draws"): this browser's random contribution to a game's
// seed, committed to (its hash sent) when it joins a seat and revealed once every seat has
// committed, and the commitment it saw before the game started, which the verification page
// compares with the one revealed after the end. The hashes use the encoding of
// engines/core/fairness.py, recomputed with crypto.subtle.

import { api } from "./api.js";

const COMMITMENT_KEY = (gameId) => `tafelrunde.commitment.${gameId}`;
const CONTRIBUTION_KEY = (gameId, seat) => `tafelrunde.contribution.${gameId}.${seat}`;
const enc = new TextEncoder();

/** A hashed part: its 4-byte big-endian length, then its bytes. */
export function part(bytes) {
  const out = new Uint8Array(4 + bytes.length);
  new DataView(out.buffer).setUint32(0, bytes.length);
  out.set(bytes, 4);
  return out;
}

export function concat(chunks) {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

export async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** engines/core/fairness.py: seat_commitment(contribution). */
export function seatCommitmentOf(contribution) {
  return sha256Hex(
    concat([part(enc.encode("tafelrunde/contribution/v1")), part(enc.encode(contribution))]),
  );
}

/** 128 random bits as hex: letters and digits only, as the server asks. */
export function newContribution() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// Contributions not revealed yet, also kept here: a browser that refuses storage (private
// mode) can still reveal from the page that joined.
const kept = new Map();
const revealing = new Set();

/** A join request's body with the commitment to a new contribution of this browser, which
 * is kept (local storage) until the game asks for it: the seat reveals it by itself. */
export async function withCommitment(gameId, seat, body) {
  const contribution = newContribution();
  keepContribution(gameId, seat, contribution);
  return { ...body, commitment: await seatCommitmentOf(contribution) };
}

/** Keep a contribution until its seat reveals it (a rematch learns its seat only from the
 * answer to the request that carried the commitment). */
export function keepContribution(gameId, seat, contribution) {
  kept.set(CONTRIBUTION_KEY(gameId, seat), contribution);
  try {
    localStorage.setItem(CONTRIBUTION_KEY(gameId, seat), contribution);
  } catch {
    /* storage refused: this page keeps it */
  }
}

function keptContribution(gameId, seat) {
  const key = CONTRIBUTION_KEY(gameId, seat);
  try {
    return localStorage.getItem(key) || kept.get(key) || null;
  } catch {
    return kept.get(key) || null;
  }
}

function forget(gameId, seat) {
  const key = CONTRIBUTION_KEY(gameId, seat);
  kept.delete(key);
  try {
    localStorage.removeItem(key);
  } catch {
    /* nothing kept there */
  }
}

/** Reveal this seat's contribution when a state (REST view or WebSocket message) names the
 * seat among those the game waits for (`reveal.waiting`); at most one request at a time.
 * Forgotten once revealed, or once it is too late (the seat then counts as having none). */
export async function revealIfAsked(state, gameId, seat, token) {
  if (seat === null || !token || !state?.reveal?.waiting?.includes(seat)) return;
  const contribution = keptContribution(gameId, seat);
  const key = CONTRIBUTION_KEY(gameId, seat);
  if (!contribution || revealing.has(key)) return;
  revealing.add(key);
  try {
    await api(`/api/games/${encodeURIComponent(gameId)}/seats/${seat}/reveal`, {
      method: "POST",
      token,
      body: { contribution },
    });
    forget(gameId, seat);
  } catch (err) {
    if (err?.code === "reveal_closed" || err?.code === "reveal_mismatch") forget(gameId, seat);
  } finally {
    revealing.delete(key);
  }
}

/** Keep the first commitment this browser saw for a game (before its end, it cannot change). */
export function noteCommitment(summary) {
  const commitment = summary?.fairness?.commitment;
  if (!commitment || summary.status === "over") return;
  try {
    if (!localStorage.getItem(COMMITMENT_KEY(summary.id))) {
      localStorage.setItem(COMMITMENT_KEY(summary.id), commitment);
    }
  } catch {
    /* storage refused (private mode): the page then checks the revealed commitment only */
  }
}

export function notedCommitment(gameId) {
  try {
    return localStorage.getItem(COMMITMENT_KEY(gameId));
  } catch {
    return null;
  }
}

export const verifyPath = (gameId) => `/verify/${encodeURIComponent(gameId)}`;
