// Fair draws (docs/API.md "Fair draws"): this browser's random contribution to a game's
// seed, sent when it joins a seat, and the commitment it saw before the game started,
// which the verification page compares with the one revealed after the end.

const COMMITMENT_KEY = (gameId) => `tafelrunde.commitment.${gameId}`;

/** 128 random bits as hex: letters and digits only, as the server asks. */
export function newContribution() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A join request's body with this browser's contribution added. */
export function withContribution(body) {
  return { ...body, contribution: newContribution() };
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
