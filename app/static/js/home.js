// The home page: set up a game, hand out one link per seat, find open games.

import {
  ApiError,
  api,
  loadSeat,
  myGames,
  playUrl,
  rememberedName,
  rememberName,
  saveHost,
  saveSeat,
} from "./api.js";
import { noteCommitment, revealIfAsked, withCommitment } from "./fairness.js";
import { errorText, has, t } from "./i18n.js";
import { seatStyle, seatSwatch } from "./palette.js";
import { h } from "./svg.js";

// A game's blurb: the text "home.blurb.<kind>" (text/en.js, text/de.js), if there is one.
const blurb = (kind) => (has(`home.blurb.${kind}`) ? t(`home.blurb.${kind}`) : "");

const ROLES = ["you", "friend", "bot"]; // texts "home.role.<role>"

// The server's bot levels (docs/API.md, POST /api/games); medium is its default.
const LEVELS = ["easy", "medium", "hard"]; // texts "home.level.<level>"

const $ = (sel) => document.querySelector(sel);
let kinds = [];

function selectedKind() {
  const input = document.querySelector('input[name="kind"]:checked');
  return kinds.find((k) => k.id === input?.value) || null;
}

function renderKinds() {
  const list = $("#kind-list");
  list.replaceChildren();
  kinds.forEach((k, i) => {
    const id = `kind-${k.id}`;
    list.append(
      h(
        "label",
        { class: "kind", for: id },
        h("input", {
          type: "radio",
          name: "kind",
          id,
          value: k.id,
          checked: i === 0,
          onchange: renderSeats,
        }),
        h("span", { class: "kind-name" }, k.name),
        h("span", { class: "kind-meta" }, t("home.playersRange", k.min_players, k.max_players)),
        h("span", { class: "kind-blurb" }, blurb(k.id)),
      ),
    );
  });
  if (kinds.length === 0) list.append(h("p", { class: "error" }, t("home.noGames")));
  renderSeats();
}

function renderSeats() {
  const kind = selectedKind();
  const sel = $("#num-seats");
  if (!kind) return;
  const prev = Number(sel.value) || kind.min_players;
  sel.replaceChildren();
  for (let n = kind.min_players; n <= kind.max_players; n++) {
    sel.append(
      h(
        "option",
        { value: n, selected: n === Math.min(Math.max(prev, kind.min_players), kind.max_players) },
        String(n),
      ),
    );
  }
  renderSeatRows();
}

function renderSeatRows() {
  const n = Number($("#num-seats").value);
  const list = $("#seat-list");
  const old = [...list.querySelectorAll("select.seat-role")].map((s) => s.value);
  const oldLevels = [...list.querySelectorAll("select.seat-level")].map((s) => s.value);
  list.replaceChildren();
  for (let seat = 0; seat < n; seat++) {
    const st = seatStyle(seat);
    const role = old[seat] || (seat === 0 ? "you" : "friend");
    const select = h(
      "select",
      { id: `seat-role-${seat}`, class: "seat-role", "data-seat": seat, onchange: onRoleChange },
      ROLES.map((v) => h("option", { value: v, selected: v === role }, t(`home.role.${v}`))),
    );
    const level = oldLevels[seat] || "medium";
    const levelSelect = h(
      "select",
      {
        id: `seat-level-${seat}`,
        class: "seat-level",
        "aria-label": t("home.botLevel", st.letter),
      },
      LEVELS.map((v) => h("option", { value: v, selected: v === level }, t(`home.level.${v}`))),
    );
    list.append(
      h(
        "li",
        { class: "seat-row" },
        h(
          "label",
          { for: `seat-role-${seat}` },
          seatSwatch(seat),
          ` ${t("home.seatRow", st.letter, st.colourName)}`,
        ),
        select,
        levelSelect,
      ),
    );
  }
  ensureOneYou();
  const start = $("#start-player");
  const keep = start.value;
  start.replaceChildren(h("option", { value: "" }, t("home.random")));
  for (let seat = 0; seat < n; seat++) {
    start.append(
      h(
        "option",
        { value: seat, selected: String(seat) === keep },
        t("seat.seat", seatStyle(seat).letter),
      ),
    );
  }
}

function onRoleChange(ev) {
  // Exactly one seat is "you": choosing it for one seat gives the old one to a friend.
  if (ev.target.value === "you") {
    for (const s of document.querySelectorAll("#seat-list select.seat-role")) {
      if (s !== ev.target && s.value === "you") s.value = "friend";
    }
  }
  ensureOneYou();
}

function ensureOneYou() {
  const selects = [...document.querySelectorAll("#seat-list select.seat-role")];
  if (!selects.some((s) => s.value === "you")) {
    const free = selects.find((s) => s.value !== "bot") || selects[0];
    if (free) free.value = "you";
  }
  // A level is chosen only for bot seats.
  for (const s of selects) $(`#seat-level-${s.dataset.seat}`).hidden = s.value !== "bot";
}

function showError(msg) {
  const el = $("#create-error");
  el.textContent = msg;
  el.hidden = !msg;
}

async function onCreate(ev) {
  ev.preventDefault();
  showError("");
  const kind = selectedKind();
  const name = $("#your-name").value.trim();
  if (!kind) return showError(t("home.chooseFirst"));
  if (!name) {
    $("#your-name").focus();
    return showError(t("home.enterName"));
  }
  const roles = [...document.querySelectorAll("#seat-list select.seat-role")].map((s) => s.value);
  const levels = [...document.querySelectorAll("#seat-list select.seat-level")].map((s) => s.value);
  const mySeat = roles.indexOf("you");
  const body = {
    kind: kind.id,
    num_seats: roles.length,
    public: $("#public-table").checked,
    seats: roles.map((r, i) =>
      r === "bot"
        ? { bot: true, level: levels[i], name: t("seat.bot", seatStyle(i).letter) }
        : { bot: false },
    ),
  };
  const start = $("#start-player").value;
  if (start !== "") body.options = { start_player: Number(start) };
  const timeControl = $("#time-control")?.value; // docs/API.md, Clocks
  if (timeControl) body.time_control = JSON.parse(timeControl);
  const btn = $("#create");
  btn.disabled = true;
  btn.textContent = t("home.creating");
  try {
    const game = await api("/api/games", { method: "POST", body });
    if (game.host_token) saveHost(game.id, game.host_token); // before anything else can fail
    const myKey = (game.invites || []).find((i) => i.seat === mySeat)?.key;
    noteCommitment(game);
    const joined = await api(`/api/games/${game.id}/seats/${mySeat}/join`, {
      method: "POST",
      body: await withCommitment(game.id, mySeat, { name, key: myKey }),
    });
    saveSeat(game.id, joined.seat, joined.token, name);
    rememberName(name);
    showCreated(game, roles);
  } catch (err) {
    showError(err instanceof ApiError ? errorText(err) : String(err));
  } finally {
    btn.disabled = false;
    btn.textContent = t("home.create");
  }
}

function linkRow(id, url, label) {
  return h(
    "div",
    { class: "link-row" },
    h("input", { id, readonly: true, value: url, "aria-label": label }),
    h("button", { type: "button", class: "copy", "data-copy": `#${id}` }, t("copy.copy")),
  );
}

function showCreated(game, roles) {
  $("#new-game").hidden = true;
  $("#created").hidden = false;
  const keys = Object.fromEntries((game.invites || []).map((i) => [i.seat, i.key]));
  $("#created-privacy").textContent = game.public ? t("home.isPublic") : t("home.isPrivate");
  const list = $("#invite-list");
  list.replaceChildren();
  roles.forEach((role, seat) => {
    const st = seatStyle(seat);
    if (role === "friend") {
      list.append(
        h(
          "li",
          { class: "invite", "data-seat": seat },
          h(
            "span",
            { class: "invite-title" },
            seatSwatch(seat),
            ` ${t("home.inviteFor", st.letter)}`,
          ),
          linkRow(
            `invite-${seat}`,
            playUrl(game.id, seat, keys[seat]),
            t("game.inviteLinkFor", st.letter),
          ),
        ),
      );
    } else {
      const who = role === "you" ? t("youLower") : t("home.aBot");
      list.append(
        h(
          "li",
          { class: "invite", "data-seat": seat },
          seatSwatch(seat),
          ` ${t("home.seatIs", st.letter, who)}`,
        ),
      );
    }
  });
  $("#spectator-link").value = playUrl(game.id);
  $("#open-game").href = `/play/${game.id}`;
  $("#created-title").focus?.();
  $("#created").scrollIntoView({ block: "start" });
  loadLists();
}

async function copyFrom(sel, button) {
  const input = document.querySelector(sel);
  input.select();
  let ok = false;
  try {
    await navigator.clipboard.writeText(input.value);
    ok = true;
  } catch {
    ok = document.execCommand?.("copy");
  }
  button.textContent = ok ? t("copy.copied") : t("copy.select");
  setTimeout(() => (button.textContent = t("copy.copy")), 2000);
}

function kindName(id) {
  const k = kinds.find((x) => x.id === id);
  return k ? k.name : id;
}

function seatsText(g) {
  return g.seats
    .map(
      (s) =>
        `${seatStyle(s.seat).letter}: ${s.joined ? s.name || (s.bot ? t("game.tagBot") : t("home.player")) : t("game.tagFree")}`,
    )
    .join(" · ");
}

/** "3 min ago" for an ISO time (the last move's, from the server's summary). */
function ago(iso, now = Date.now()) {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return "";
  const s = Math.max(0, Math.round((now - then) / 1000));
  if (s < 60) return t("home.justNow");
  const steps = [
    [60, "home.minutesAgo"],
    [24, "home.hoursAgo"],
    [Number.POSITIVE_INFINITY, "home.daysAgo"],
  ];
  let value = Math.floor(s / 60);
  for (const [size, unit] of steps) {
    if (value < size) return t(unit, value);
    value = Math.floor(value / size);
  }
  return "";
}

/** Whose turn it is and how long ago the last move was (`to_act`, `last_move_at`). */
function turnLine(g, mySeat = null) {
  const names = (g.to_act || []).map((seat) => {
    if (seat === mySeat) return t("youLower");
    const s = g.seats.find((x) => x.seat === seat);
    return s?.name || t("seat.seat", seatStyle(seat).letter);
  });
  const parts = [];
  if ((g.to_act || []).includes(mySeat))
    parts.push(h("strong", { class: "your-turn" }, t("home.yourTurn")));
  else if (names.length) parts.push(t("home.toPlay", names.join(", ")));
  if (g.last_move_at) parts.push(t("home.lastMove", ago(g.last_move_at)));
  else if (g.status === "running") parts.push(t("home.noMoveYet"));
  if (parts.length === 0) return null;
  const line = [];
  for (const [i, p] of parts.entries()) line.push(...(i ? [" · ", p] : [p]));
  return h("div", { class: "game-turn" }, ...line);
}

function gameItem(g, links, mySeat = null) {
  return h(
    "li",
    { class: "game-item", "data-game": g.id },
    h(
      "div",
      { class: "game-title" },
      h("strong", {}, kindName(g.kind)),
      ` · ${t("home.seats", g.num_seats)} · `,
      h(
        "span",
        { class: `status status-${g.status}` },
        has(`status.${g.status}`) ? t(`status.${g.status}`) : g.status,
      ),
    ),
    h("div", { class: "game-seats" }, seatsText(g)),
    turnLine(g, mySeat),
    h("div", { class: "game-links" }, links),
  );
}

async function loadLists() {
  const openList = $("#open-games");
  const runList = $("#running-games");
  try {
    const [open, running] = await Promise.all([
      api("/api/games?status=open"),
      api("/api/games?status=running"),
    ]);
    openList.replaceChildren();
    for (const g of open) {
      const mine = loadSeat(g.id);
      const links = mine
        ? [h("a", { class: "button", href: `/play/${g.id}` }, t("home.backToSeat"))]
        : g.seats
            .filter((s) => !s.joined && !s.bot)
            .map((s) =>
              h(
                "a",
                { class: "button", href: `/play/${g.id}?join=${s.seat}` },
                t("home.joinAs", seatStyle(s.seat).letter),
              ),
            );
      links.push(h("a", { class: "button subtle", href: `/play/${g.id}` }, t("home.watch")));
      openList.append(gameItem(g, links));
    }
    if (open.length === 0) openList.append(h("li", { class: "muted" }, t("home.noOpen")));
    runList.replaceChildren();
    for (const g of running.slice(0, 30)) {
      const mine = loadSeat(g.id);
      runList.append(
        gameItem(g, [
          h(
            "a",
            { class: "button subtle", href: `/play/${g.id}` },
            mine ? t("home.play") : t("home.watch"),
          ),
        ]),
      );
    }
    if (running.length === 0) runList.append(h("li", { class: "muted" }, t("home.noneRunning")));
  } catch (err) {
    openList.replaceChildren(h("li", { class: "error" }, errorText(err)));
    runList.replaceChildren();
  }
  loadMine();
}

async function loadMine() {
  const ids = myGames();
  const list = $("#my-games");
  if (ids.length === 0) {
    $("#mine").hidden = true;
    return;
  }
  const items = [];
  for (const id of ids.slice(-20).reverse()) {
    try {
      const g = await api(`/api/games/${encodeURIComponent(id)}`);
      if (g.status === "abandoned") continue; // ended by its host: nothing to come back to
      const seat = loadSeat(id);
      revealIfAsked(g, id, seat.seat, seat.token); // its draws may be waiting for our share
      items.push(
        gameItem(
          g,
          [
            h(
              "a",
              { class: "button", href: `/play/${g.id}` },
              g.status === "over"
                ? t("home.result", seatStyle(seat.seat).letter)
                : t("home.playSeat", seatStyle(seat.seat).letter),
            ),
          ],
          seat.seat,
        ),
      );
    } catch {
      /* the game is gone from this server */
    }
  }
  list.replaceChildren(...items);
  $("#mine").hidden = items.length === 0;
}

async function init() {
  $("#your-name").value = rememberedName();
  $("#num-seats").addEventListener("change", renderSeatRows);
  $("#create-form").addEventListener("submit", onCreate);
  $("#refresh-open").addEventListener("click", loadLists);
  $("#another").addEventListener("click", () => {
    $("#created").hidden = true;
    $("#new-game").hidden = false;
  });
  document.addEventListener("click", (ev) => {
    const b = ev.target.closest("button.copy");
    if (b) copyFrom(b.dataset.copy, b);
  });
  try {
    kinds = await api("/api/kinds");
  } catch (err) {
    $("#kind-list").replaceChildren(h("p", { class: "error" }, errorText(err)));
    kinds = [];
  }
  renderKinds();
  loadLists();
}

init();
