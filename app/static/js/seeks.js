// Seeks on the home page (docs/API.md, "Seeks"), for a signed-in player: the public list of
// games waiting for players, with Join or Leave; your own with Withdraw and, once the wait
// is over, "Fill with bots"; a form that puts a new one in the list.
// The list is read again on every message of the account's stream (js/challenges.js opens
// it with ?seeks=true, so anyone's change of the list is one, seeks_changed, and forwards
// them), and every 30 s while the page is visible, in case the stream was down.

import { api } from "./api.js";
import { facts, openGame, startedEntry, TIMES } from "./challenges.js";
import { errorText, t } from "./i18n.js";
import { h } from "./svg.js";
import { when } from "./words.js";

const $ = (sel) => document.querySelector(sel);

const EVERY = 30000;
const LEVELS = ["medium", "hard", "easy"]; // the fill's first choices, in this order

let me = null;
let kinds = [];
const started = new Map(); // seek id -> game id: games of seeks this page saw start
let filling = null; // the seek whose fill form is open, kept open across refreshes

function showError(text) {
  $("#seek-error").textContent = text;
  $("#seek-error").hidden = !text;
}

async function act(button, path, options, done) {
  button.disabled = true;
  showError("");
  try {
    const answer = await api(path, options);
    await done(answer);
  } catch (err) {
    button.disabled = false;
    showError(errorText(err));
  }
}

function button(label, action, primary = false) {
  return h(
    "button",
    { type: "button", class: primary ? "primary" : null, "data-action": action },
    label,
  );
}

/** The creator's choice of a bot level for each free place. */
function fillForm(s) {
  const selects = Array.from({ length: s.free }, (_, i) =>
    h(
      "label",
      { class: "field" },
      h("span", {}, t("seek.place", s.players.length + i + 1)),
      h(
        "select",
        { class: "seek-level", "data-place": i },
        ...LEVELS.map((level) =>
          h(
            "option",
            { value: level, selected: level === LEVELS[i % LEVELS.length] || null },
            t(`home.level.${level}`),
          ),
        ),
      ),
    ),
  );
  const start = button(t("seek.fillStart"), "fill-start", true);
  const form = h(
    "div",
    { class: "seek-fill" },
    ...selects,
    s.rated && s.free > 1 ? h("p", { class: "muted" }, t("seek.levelsTwice")) : null,
    h("div", { class: "button-row" }, start),
  );
  start.addEventListener("click", () => {
    const levels = [...form.querySelectorAll(".seek-level")].map((el) => el.value);
    act(
      start,
      `/api/seeks/${encodeURIComponent(s.id)}/fill`,
      { method: "POST", body: { levels } },
      async (answer) => {
        filling = null;
        if (answer.game_id) await openGame(answer.game_id);
        else await refresh();
      },
    );
  });
  return form;
}

function seekItem(s) {
  const id = encodeURIComponent(s.id);
  const mine = s.from === me.name;
  const joined = s.players.includes(me.name);
  const buttons = [];
  let note = null;
  if (mine) {
    const withdraw = button(t("challenge.withdraw"), "withdraw");
    withdraw.addEventListener("click", () =>
      act(withdraw, `/api/seeks/${id}`, { method: "DELETE" }, refresh),
    );
    if (Date.now() >= new Date(s.fill_at).getTime()) {
      const fill = button(t("seek.fill"), "fill");
      fill.setAttribute("aria-expanded", String(filling === s.id));
      fill.addEventListener("click", () => {
        filling = filling === s.id ? null : s.id;
        refresh();
      });
      buttons.push(fill);
    } else {
      note = h("span", { class: "muted" }, t("seek.fillFrom", when(s.fill_at)));
    }
    buttons.push(withdraw);
  } else if (joined) {
    const leave = button(t("seek.leave"), "leave");
    leave.addEventListener("click", () =>
      act(leave, `/api/seeks/${id}/leave`, { method: "POST" }, refresh),
    );
    buttons.push(leave);
  } else {
    const join = button(t("seek.join"), "join", true);
    join.addEventListener("click", () =>
      act(join, `/api/seeks/${id}/join`, { method: "POST" }, async (answer) => {
        if (answer.game_id) await openGame(answer.game_id);
        else await refresh();
      }),
    );
    buttons.push(join);
  }
  return h(
    "li",
    { class: `challenge${mine ? " is-mine" : ""}`, "data-seek": s.id },
    h(
      "p",
      {},
      h("strong", {}, mine ? t("seek.yours") : t("seek.by", s.from)),
      h("br"),
      facts(s),
      h("br"),
      h("span", { class: "muted" }, `${t("seek.in", s.players)} · ${t("seek.free", s.free)}`),
      note ? h("br") : null,
      note,
    ),
    h("div", { class: "button-row" }, ...buttons),
    mine && filling === s.id ? fillForm(s) : null,
  );
}

function startedItem(seekId, gameId) {
  return startedEntry({ "data-seek": seekId }, gameId, h("strong", {}, t("seek.started")));
}

async function refresh() {
  let seeks;
  try {
    seeks = await api("/api/seeks");
  } catch (err) {
    showError(errorText(err));
    return;
  }
  // Yours first, then those you joined, then everyone else's, each oldest first.
  const rank = (s) => (s.from === me.name ? 0 : s.players.includes(me.name) ? 1 : 2);
  seeks.sort((a, b) => rank(a) - rank(b) || a.id - b.id);
  if (filling !== null && !seeks.some((s) => s.id === filling)) filling = null;
  const items = [
    ...[...started].map(([sid, gameId]) => startedItem(sid, gameId)),
    ...seeks.map(seekItem),
  ];
  $("#seeks-list").replaceChildren(...items);
  $("#seeks-none").hidden = items.length > 0;
  $("#seeks").dataset.loaded = "true";
}

function renderSeats() {
  const kind = kinds.find((k) => k.id === $("#seek-kind").value);
  if (!kind) return;
  const counts = [];
  for (let n = kind.min_players; n <= kind.max_players; n++) counts.push(n);
  $("#seek-seats").replaceChildren(
    ...counts.map((n) => h("option", { value: n }, t("home.seats", n))),
  );
}

async function onSeek(ev) {
  ev.preventDefault();
  showError("");
  const body = {
    kind: $("#seek-kind").value,
    num_seats: Number($("#seek-seats").value),
    rated: $("#seek-rated").checked,
  };
  const time = $("#seek-time").value;
  if (time) body.time_control = JSON.parse(time);
  const send = $("#seek-send");
  send.disabled = true;
  try {
    await api("/api/seeks", { method: "POST", body });
    $("#seek-status").textContent = t("seek.sent");
    await refresh();
  } catch (err) {
    showError(errorText(err));
  } finally {
    send.disabled = false;
  }
}

function onStream(ev) {
  const msg = ev.detail;
  // Its seat's token is kept and My games reloaded by js/challenges.js already.
  if (msg.type === "game_started" && msg.seek_id != null) started.set(msg.seek_id, msg.game_id);
  if (msg.type !== "keep_alive") refresh();
}

/** Show the card for `account` (after `showChallenges`, whose stream it listens to). */
export async function showSeeks(account, allKinds) {
  me = account;
  kinds = allKinds;
  $("#seek-kind").replaceChildren(...kinds.map((k) => h("option", { value: k.id }, k.name)));
  $("#seek-time").replaceChildren(...TIMES.map(([v, key]) => h("option", { value: v }, t(key))));
  renderSeats();
  $("#seek-kind").addEventListener("change", renderSeats);
  $("#seek-form").addEventListener("submit", onSeek);
  document.addEventListener("account-event", onStream);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refresh();
  });
  setInterval(() => {
    if (document.visibilityState === "visible") refresh();
  }, EVERY);
  $("#seeks").hidden = false;
  await refresh();
}
