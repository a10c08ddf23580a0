// The verification page /verify/{id}: the commitment and contributions of a game and, once
// it is over, the check that its revealed seed and salt give that commitment, that each
// revealed contribution gives its seat's commitment, and that the game seed is the hash of
// seed and contributions (engines/core/fairness.py: the same
// encoding, recomputed here with crypto.subtle). Replaying every move needs the engine:
// the page shows the command that does it.

import { api } from "./api.js";
import { concat, notedCommitment, part, seatCommitmentOf, sha256Hex } from "./fairness.js";
import { errorText, t } from "./i18n.js";
import { showAccountControl } from "./me.js";
import { h } from "./svg.js";

const $ = (sel) => document.querySelector(sel);
const enc = new TextEncoder();

function fromHex(hex) {
  if (typeof hex !== "string" || !/^([0-9a-f]{2})*$/.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g) || [], (b) => Number.parseInt(b, 16));
}

/** engines/core/fairness.py: commitment(server_seed, salt). */
export function commitmentOf(seed, salt) {
  return sha256Hex(concat([part(enc.encode("tafelrunde/commitment/v1")), part(seed), part(salt)]));
}

/** engines/core/fairness.py: game_seed_bytes(server_seed, contributions), as hex. */
export function gameSeedOf(seed, contributions) {
  const count = new Uint8Array(4);
  new DataView(count.buffer).setUint32(0, contributions.length);
  const chunks = [part(enc.encode("tafelrunde/game-seed/v1")), part(seed), count];
  for (const c of contributions) {
    chunks.push(c === null ? Uint8Array.of(0) : concat([Uint8Array.of(1), part(enc.encode(c))]));
  }
  return sha256Hex(concat(chunks));
}

function fact(term, value) {
  return [h("dt", {}, term), h("dd", {}, h("code", {}, value))];
}

function verdict(kind, text) {
  const el = $("#verify-verdict");
  el.dataset.verdict = kind;
  el.textContent = text;
}

async function main() {
  verdict("loading", t("verify.loading"));
  const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
  $("#verify-back").href = `/play/${encodeURIComponent(gameId)}`;
  $("#verify-back").textContent = t("verify.back");
  let reveal;
  try {
    reveal = await api(`/api/games/${encodeURIComponent(gameId)}/fairness`);
  } catch (e) {
    verdict("error", errorText(e));
    return;
  }
  const contributions = reveal.contributions || [];
  const facts = [
    ...fact(t("verify.commitment"), reveal.commitment || t("verify.none")),
    ...fact(
      t("verify.contributions"),
      contributions.map((c, seat) => `${seat}: ${c === null ? t("verify.none") : c}`).join(" · "),
    ),
  ];
  if (reveal.revealed) {
    facts.push(
      ...fact(t("verify.seed"), reveal.server_seed),
      ...fact(t("verify.salt"), reveal.salt),
    );
    facts.push(...fact(t("verify.gameSeed"), reveal.game_seed));
  }
  $("#verify-facts").replaceChildren(...facts);
  $("#verify-command-intro").textContent = t("verify.commandIntro");
  $("#verify-command-text").textContent =
    `python -m clients.verify ${location.origin}/play/${gameId}` +
    (reveal.commitment ? ` --commitment ${notedCommitment(gameId) || reveal.commitment}` : "");
  if (!reveal.commitment) return verdict("old", t("verify.old"));
  if (!reveal.revealed) return verdict("running", t("verify.running"));
  $("#verify-command").hidden = false;
  if (!globalThis.crypto?.subtle) return verdict("unchecked", t("verify.noCrypto"));
  const seed = fromHex(reveal.server_seed);
  const salt = fromHex(reveal.salt);
  const noted = notedCommitment(gameId);
  const checks = [
    [
      t("verify.checkCommitment"),
      seed && salt && (await commitmentOf(seed, salt)) === reveal.commitment,
    ],
    [
      t("verify.checkGameSeed"),
      seed && (await gameSeedOf(seed, contributions)) === reveal.game_seed,
    ],
  ];
  if (noted) checks.splice(1, 0, [t("verify.checkNoted"), noted === reveal.commitment]);
  // Games from before committed contributions have no seat commitments: nothing to check.
  const seatCommitments = reveal.commitments || [];
  if (seatCommitments.some((c) => c !== null)) {
    let matched = seatCommitments.length === contributions.length;
    for (const [seat, committed] of seatCommitments.entries()) {
      const revealed = contributions[seat];
      if (matched && committed !== null && revealed !== null) {
        matched = (await seatCommitmentOf(revealed)) === committed;
      }
    }
    checks.splice(checks.length - 1, 0, [t("verify.checkSeatCommitments"), matched]);
  }
  $("#verify-checks").replaceChildren(
    ...checks.map(([what, ok]) =>
      h("li", { "data-ok": ok ? "yes" : "no" }, `${ok ? "✓" : "✗"} ${what}`),
    ),
  );
  const ok = checks.every(([, passed]) => passed);
  verdict(ok ? "verified" : "failed", ok ? t("verify.verified") : t("verify.failed"));
}

showAccountControl();
main();
