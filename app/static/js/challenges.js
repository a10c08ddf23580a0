// Challenges on the home page (docs/API.md, "Challenges"), for a signed-in player: challenge
// friends (or anyone by name) to a game, answer the challenges to you, withdraw your own.
// The page listens on the account's event stream (GET /api/me/events, NDJSON), so an offer,
// a withdrawal and the game that every acceptance starts show at once, without a reload.
// When the game starts, this browser keeps the seat's token the stream sends, so "Open the
// game" (or the acceptance itself) goes straight to the table.

import { api, saveSeat } from "./api.js";
import { duration, errorText, t } from "./i18n.js";
import { markSeatForAccount } from "./me.js";
import { h } from "./svg.js";

const $ = (sel) => document.querySelector(sel);

// The create form's time limits, the same values (docs/API.md, Clocks).
export const TIMES = [
  ["", "home.time.none"],
  ['{"type":"correspondence","hours":24}', "home.time.day"],
  ['{"type":"correspondence","hours":72}', "home.time.days3"],
  ['{"type":"live","minutes":15,"increment":10}', "home.time.live15"],
];

let me = null; // the signed-in account
let kinds = []; // GET /api/kinds
let onGameStarted = () => {};
const started = new Map(); // challenge id -> {gameId, challenge}: games this page saw start
const made = new Map(); // challenge id -> the challenge as last listed (made by the account)

const kindName = (id) => kinds.find((k) => k.id === id)?.name || id;

/** A stored time control ({type: "none"}, correspondence {seconds} or live {seconds,
 * increment}: docs/API.md, Clocks) in words. */
function timeText(tc) {
  if (!tc || tc.type === "none") return t("challenge.noClock");
  if (tc.type === "correspondence") {
    const hours = tc.seconds / 3600;
    const per = hours % 24 === 0 ? duration(hours / 24, "day") : duration(hours, "hour");
    return t("challenge.perMove", per);
  }
  return t("challenge.liveEach", duration(Math.round(tc.seconds / 60), "minute"), tc.increment);
}

export function facts(c) {
  const parts = [kindName(c.kind), t("home.seats", c.num_seats), timeText(c.time_control)];
  parts.push(c.rated ? t("challenge.rated") : t("challenge.unrated"));
  return parts.join(" · ");
}

function showError(text) {
  $("#challenge-error").textContent = text;
  $("#challenge-error").hidden = !text;
}

function answerText(a) {
  if (a.answer === "accepted") return t("challenge.accepted", a.name);
  if (a.answer === "declined") return t("challenge.declined", a.name);
  return t("challenge.waitingFor", a.name);
}

async function act(button, path, method, done) {
  button.disabled = true;
  showError("");
  try {
    const answer = await api(path, { method });
    await done(answer);
  } catch (err) {
    button.disabled = false;
    showError(errorText(err));
  }
}

/** The game a challenge (or a seek) started: the seat's token kept in this browser, then
 * the table. */
export async function openGame(gameId) {
  const res = await api(`/api/me/games/${encodeURIComponent(gameId)}/access`, { method: "POST" });
  saveSeat(gameId, res.seat, res.token, me.name);
  markSeatForAccount(gameId, me.id);
  location.href = `/play/${encodeURIComponent(gameId)}`;
}

function offeredItem(c) {
  const others = c.to.filter((a) => a.name !== me.name).map((a) => a.name);
  const accept = h(
    "button",
    { type: "button", class: "primary", "data-action": "accept" },
    t("challenge.accept"),
  );
  const decline = h("button", { type: "button", "data-action": "decline" }, t("challenge.decline"));
  const id = encodeURIComponent(c.id);
  accept.addEventListener("click", () =>
    act(accept, `/api/challenges/${id}/accept`, "POST", async (answer) => {
      if (answer.game_id) await openGame(answer.game_id);
      else await refresh();
    }),
  );
  decline.addEventListener("click", () =>
    act(decline, `/api/challenges/${id}/decline`, "POST", refresh),
  );
  return h(
    "li",
    { class: "challenge", "data-challenge": c.id },
    h(
      "p",
      {},
      h(
        "strong",
        {},
        others.length ? t("challenge.fromWith", c.from, others) : t("challenge.from", c.from),
      ),
      h("br"),
      facts(c),
    ),
    h("div", { class: "button-row" }, accept, decline),
  );
}

function madeItem(c) {
  const withdraw = h(
    "button",
    { type: "button", "data-action": "withdraw" },
    t("challenge.withdraw"),
  );
  withdraw.addEventListener("click", () =>
    act(withdraw, `/api/challenges/${encodeURIComponent(c.id)}`, "DELETE", refresh),
  );
  return h(
    "li",
    { class: "challenge", "data-challenge": c.id },
    h(
      "p",
      {},
      h(
        "strong",
        {},
        t(
          "challenge.to",
          c.to.map((a) => a.name),
        ),
      ),
      h("br"),
      facts(c),
      h("br"),
      h("span", { class: "muted" }, c.to.map(answerText).join(" · ")),
    ),
    h("div", { class: "button-row" }, withdraw),
  );
}

/** The "started" entry of a challenge or seek whose game began: the seat's token is kept
 * already (from the stream's game_started), so "Open the game" is a plain link. */
export function startedEntry(attrs, gameId, ...lines) {
  return h(
    "li",
    { class: "challenge is-started", "data-game": gameId, ...attrs },
    h("p", {}, ...lines),
    h(
      "div",
      { class: "button-row" },
      h(
        "a",
        {
          class: "button primary",
          href: `/play/${encodeURIComponent(gameId)}`,
          "data-action": "open",
        },
        t("challenge.open"),
      ),
    ),
  );
}

function startedItem(challengeId, { gameId, challenge }) {
  const what = challenge
    ? t(
        "challenge.startedWith",
        kindName(challenge.kind),
        challenge.to.map((a) => a.name),
      )
    : "";
  return startedEntry(
    { "data-challenge": challengeId },
    gameId,
    h("strong", {}, t("challenge.started")),
    what ? h("br") : null,
    what,
  );
}

async function refresh() {
  let data;
  try {
    data = await api("/api/challenges");
  } catch (err) {
    showError(errorText(err));
    return;
  }
  for (const c of data.made) made.set(c.id, c);
  const offered = data.offered.map(offeredItem);
  const mine = [
    ...[...started].map(([cid, game]) => startedItem(cid, game)),
    ...data.made.map(madeItem),
  ];
  $("#challenges-offered").replaceChildren(...offered);
  $("#challenges-made").replaceChildren(...mine);
  $("#challenges-offered-box").hidden = offered.length === 0;
  $("#challenges-made-box").hidden = mine.length === 0;
  $("#challenges").dataset.loaded = "true";
}

// ---- the event stream --------------------------------------------------------------------

async function listen() {
  let wait = 2000;
  for (;;) {
    try {
      // ?seeks=true: also the public list's changes, for js/seeks.js.
      const res = await fetch("/api/me/events?seeks=true", {
        headers: { Accept: "application/x-ndjson" },
      });
      if (res.status === 401) return; // signed out meanwhile: nothing to listen to
      if (!res.ok || !res.body) throw new Error(String(res.status));
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      let ready = false;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf("\n");
        while (end >= 0) {
          const line = buffer.slice(0, end).trim();
          buffer = buffer.slice(end + 1);
          end = buffer.indexOf("\n");
          if (!line) continue;
          const msg = JSON.parse(line);
          // The seeks card (js/seeks.js) refreshes on the same stream's changes (not on the
          // state sent before ready: it reads the list itself).
          if (ready || msg.type === "ready") {
            document.dispatchEvent(new CustomEvent("account-event", { detail: msg }));
          }
          if (msg.type === "ready") {
            ready = true;
            wait = 2000;
            $("#challenges").dataset.live = "true";
            await refresh();
          } else if (msg.type === "closed") {
            return;
          } else if (
            ready &&
            (msg.type === "challenge_offered" || msg.type === "challenge_withdrawn")
          ) {
            await refresh();
          } else if (
            ready &&
            msg.type === "game_started" &&
            (msg.challenge_id != null || msg.seek_id != null)
          ) {
            // A game no page of this browser joined: keep its seat's token for the table.
            saveSeat(msg.game_id, msg.seat, msg.token, me.name);
            markSeatForAccount(msg.game_id, me.id);
            if (msg.challenge_id != null) {
              started.set(msg.challenge_id, {
                gameId: msg.game_id,
                challenge: made.get(msg.challenge_id),
              });
              await refresh();
            }
            onGameStarted();
          }
        }
      }
    } catch {
      /* the connection dropped: again after a pause */
    }
    delete $("#challenges").dataset.live;
    await new Promise((resolve) => setTimeout(resolve, wait));
    wait = Math.min(wait * 2, 60000);
  }
}

// ---- the form ----------------------------------------------------------------------------

function renderForm(friendNames) {
  $("#challenge-kind").replaceChildren(...kinds.map((k) => h("option", { value: k.id }, k.name)));
  $("#challenge-time").replaceChildren(
    ...TIMES.map(([v, key]) => h("option", { value: v }, t(key))),
  );
  const boxes = friendNames.map((name, i) =>
    h(
      "label",
      { class: "field check" },
      h("input", {
        type: "checkbox",
        id: `challenge-friend-${i}`,
        value: name,
        class: "challenge-friend",
      }),
      h("span", {}, name),
    ),
  );
  $("#challenge-friends").replaceChildren(...boxes);
  $("#challenge-friends-box").hidden = boxes.length === 0;
}

async function onChallenge(ev) {
  ev.preventDefault();
  showError("");
  const names = [...document.querySelectorAll(".challenge-friend:checked")].map((b) => b.value);
  const typed = $("#challenge-name").value.trim();
  if (typed && !names.includes(typed)) names.push(typed);
  if (names.length === 0) return showError(t("challenge.whom"));
  const kind = kinds.find((k) => k.id === $("#challenge-kind").value);
  const seats = names.length + 1;
  if (kind && (seats < kind.min_players || seats > kind.max_players)) {
    return showError(t("challenge.count", kind.name, kind.min_players, kind.max_players));
  }
  const body = { to: names, kind: kind.id, num_seats: seats, rated: $("#challenge-rated").checked };
  const time = $("#challenge-time").value;
  if (time) body.time_control = JSON.parse(time);
  const button = $("#challenge-send");
  button.disabled = true;
  try {
    await api("/api/challenges", { method: "POST", body });
    $("#challenge-name").value = "";
    for (const b of document.querySelectorAll(".challenge-friend:checked")) b.checked = false;
    $("#challenge-status").textContent = t("challenge.sent", names);
    await refresh();
  } catch (err) {
    showError(errorText(err));
  } finally {
    button.disabled = false;
  }
}

/** Show the card for `account` and start listening. `gameStarted`: called when a challenge
 * of the account turned into a game (My games has one more). */
export async function showChallenges(account, allKinds, friendNames, gameStarted) {
  me = account;
  kinds = allKinds;
  onGameStarted = gameStarted;
  renderForm(friendNames);
  $("#challenge-form").addEventListener("submit", onChallenge);
  $("#challenges").hidden = false;
  await refresh();
  listen();
}
