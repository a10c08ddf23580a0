// The home page: set up a game, hand out one link per seat, find open games; signed in,
// "My games" first (every device's), friends seated directly from the create form, and the
// offer to keep this browser's anonymous seats in the account.

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
import { showChallenges } from "./challenges.js";
import { noteCommitment, revealIfAsked, withCommitment } from "./fairness.js";
import { errorText, has, t } from "./i18n.js";
import { markSeatForAccount, safeNext, showAccountControl, signInHref } from "./me.js";
import { seatStyle, seatSwatch } from "./palette.js";
import { showSeeks } from "./seeks.js";
import { h } from "./svg.js";
import { ago, copyFrom, plainError, when } from "./words.js";

// A game's blurb: the text "home.blurb.<kind>" (text/en.js, text/de.js), if there is one.
const blurb = (kind) => (has(`home.blurb.${kind}`) ? t(`home.blurb.${kind}`) : "");

const ROLES = ["you", "friend", "bot"]; // texts "home.role.<role>"
// Signed in, each accepted friend is a role too: "account:<name>" (seats: [{friend: name}]).
const ACCOUNT_ROLE = "account:";
const friendOf = (role) => (role.startsWith(ACCOUNT_ROLE) ? role.slice(ACCOUNT_ROLE.length) : null);

// The server's bot levels (docs/API.md, POST /api/games); medium is its default.
const LEVELS = ["easy", "medium", "hard"]; // texts "home.level.<level>"

const $ = (sel) => document.querySelector(sel);
let kinds = [];
let account = null; // the signed-in account (me.js), or null
let friendNames = []; // its accepted friends, for the seats of the create form
let accountGames = null; // GET /api/me/games's games, once known

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
    const options = ROLES.map((v) =>
      h("option", { value: v, selected: v === role }, t(`home.role.${v}`)),
    );
    // "A friend: Ben" for each friend of the account, after "A friend (gets a link)".
    options.splice(
      2,
      0,
      ...friendNames.map((name) =>
        h(
          "option",
          { value: ACCOUNT_ROLE + name, selected: ACCOUNT_ROLE + name === role },
          t("home.role.account", name),
        ),
      ),
    );
    const select = h(
      "select",
      { id: `seat-role-${seat}`, class: "seat-role", "data-seat": seat, onchange: onRoleChange },
      options,
    );
    const level = oldLevels[seat] || "medium";
    const levelSelect = h(
      "select",
      {
        id: `seat-level-${seat}`,
        class: "seat-level",
        "aria-label": t("home.botLevel", st.letter),
        onchange: updateRated,
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
  // Exactly one seat is "you", and a friend of the account has one seat at most: choosing
  // either for one seat gives the seat it had before to a friend with a link.
  const v = ev.target.value;
  if (v === "you" || friendOf(v)) {
    for (const s of document.querySelectorAll("#seat-list select.seat-role")) {
      if (s !== ev.target && s.value === v) s.value = "friend";
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
  updateRated();
}

// "Rated" (docs/API.md, Ratings): offered to a signed-in creator, on by default when every
// seat will be an account's (you, friends of the account, the server's bots, each level
// once), until the player sets it. A seat for a friend with a link may be anyone, so the
// game counts only if they join signed in: the hint says so.
let ratedTouched = false;

function updateRated() {
  const box = $("#rated-game");
  if (!box) return;
  $("#rated-field").hidden = !account;
  if (!account) {
    box.checked = false;
    $("#rated-hint").hidden = true;
    return;
  }
  const roles = [...document.querySelectorAll("#seat-list select.seat-role")].map((s) => s.value);
  const levels = roles
    .map((r, i) => (r === "bot" ? $(`#seat-level-${i}`).value : null))
    .filter(Boolean);
  const levelTwice = new Set(levels).size !== levels.length;
  const linked = roles.some((r) => r === "friend");
  box.disabled = levelTwice;
  if (levelTwice) box.checked = false;
  else if (!ratedTouched) box.checked = !linked;
  const hint = levelTwice ? "home.ratedLevelTwice" : linked ? "home.ratedLinked" : null;
  $("#rated-hint").textContent = hint ? t(hint) : "";
  $("#rated-hint").hidden = !hint;
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
    rated: $("#rated-game").checked,
    seats: roles.map((r, i) => {
      if (r === "bot")
        return { bot: true, level: levels[i], name: t("seat.bot", seatStyle(i).letter) };
      if (friendOf(r)) return { friend: friendOf(r) };
      return { bot: false };
    }),
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
    if (account) markSeatForAccount(game.id, account.id); // joined signed in: the account's
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
  $("#created-privacy").textContent = [
    game.public ? t("home.isPublic") : t("home.isPrivate"),
    game.rated ? t("home.isRated") : "",
  ]
    .filter(Boolean)
    .join(" ");
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
    } else if (friendOf(role)) {
      list.append(
        h(
          "li",
          { class: "invite", "data-seat": seat },
          seatSwatch(seat),
          ` ${t("home.seatKept", st.letter, friendOf(role))}`,
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

async function loadLists(withAccount = true) {
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
  if (account && withAccount) await loadAccountGames();
  loadMine();
}

// ---- signed in: My games ------------------------------------------------------------------

function accountSeatsText(g) {
  return (g.seats || [])
    .map((s) => {
      const who = s.you ? t("youLower") : s.name || (s.bot ? t("game.tagBot") : t("game.tagFree"));
      return `${seatStyle(s.seat).letter}: ${who}`;
    })
    .join(" · ");
}

/** The words under an account game's title: your turn, a deadline, the last change. */
function accountTurnLine(g) {
  const parts = [];
  if (g.invited) parts.push(h("strong", { class: "kept" }, t("home.keptForYou")));
  else if (g.your_turn && g.status === "running")
    parts.push(h("strong", { class: "your-turn" }, t("home.yourTurn")));
  if (g.deadline && g.status === "running") parts.push(t("home.moveBy", when(g.deadline)));
  if (g.updated_at) parts.push(t("home.updated", ago(g.updated_at)));
  if (parts.length === 0) return null;
  const line = [];
  for (const [i, p] of parts.entries()) line.push(...(i ? [" · ", p] : [p]));
  return h("div", { class: "game-turn" }, ...line);
}

function itemError(li, err) {
  let p = li.querySelector(".item-error");
  if (!p) {
    p = h("p", { class: "error item-error", role: "alert" });
    li.append(p);
  }
  p.textContent = plainError(err);
}

/** This device's token for the account's seat in `g`: the one kept here, or a new one the
 * server hands the account (POST /api/me/games/{id}/access), kept where the game page
 * looks for it. */
async function ensureSeatHere(g) {
  const held = loadSeat(g.game_id);
  if (held && held.seat === g.seat) return;
  const res = await api(`/api/me/games/${encodeURIComponent(g.game_id)}/access`, {
    method: "POST",
  });
  const mine = (g.seats || []).find((s) => s.you);
  saveSeat(g.game_id, res.seat, res.token, mine?.name || account.name);
  markSeatForAccount(g.game_id, account.id);
}

async function openAccountGame(ev, g) {
  ev.preventDefault();
  const li = ev.target.closest("li");
  try {
    await ensureSeatHere(g);
    location.href = `/play/${encodeURIComponent(g.game_id)}`;
  } catch (err) {
    itemError(li, err);
  }
}

/** A seat kept for the account (a friend gave it, or the host invited the account): take it. */
async function takeKeptSeat(ev, g) {
  const button = ev.target;
  const li = button.closest("li");
  button.disabled = true;
  try {
    const id = encodeURIComponent(g.game_id);
    const res = await api(`/api/me/games/${id}/join`, {
      method: "POST",
      body: await withCommitment(g.game_id, g.seat, { seat: g.seat, name: account.name }),
    });
    saveSeat(g.game_id, res.seat, res.token, account.name);
    markSeatForAccount(g.game_id, account.id);
    location.href = `/play/${id}`;
  } catch (err) {
    button.disabled = false;
    itemError(li, err);
  }
}

function accountGameItem(g) {
  const letter = seatStyle(g.seat ?? 0).letter;
  let button;
  if (g.invited) {
    button = h(
      "button",
      { type: "button", class: "primary", "data-action": "take-seat" },
      t("home.takeSeat", letter),
    );
    button.addEventListener("click", (ev) => takeKeptSeat(ev, g));
  } else {
    const over = g.status === "over" || g.status === "abandoned";
    const turn = g.your_turn && g.status === "running";
    button = h(
      "a",
      {
        class: turn ? "button primary" : "button",
        href: `/play/${encodeURIComponent(g.game_id)}`,
        "data-action": "open",
      },
      over ? t("home.result", letter) : turn ? t("home.playNow") : t("home.open"),
    );
    button.addEventListener("click", (ev) => openAccountGame(ev, g));
  }
  const cls = ["game-item", "account-game"];
  if (g.your_turn && g.status === "running" && !g.invited) cls.push("is-your-turn");
  if (g.invited) cls.push("is-kept");
  return h(
    "li",
    {
      class: cls.join(" "),
      "data-game": g.game_id,
      "data-your-turn": String(Boolean(g.your_turn)),
      "data-invited": String(Boolean(g.invited)),
    },
    h(
      "div",
      { class: "game-title" },
      h("strong", {}, kindName(g.kind)),
      ` · ${t("home.seats", (g.seats || []).length)} · `,
      h(
        "span",
        { class: `status status-${g.status}` },
        has(`status.${g.status}`) ? t(`status.${g.status}`) : g.status,
      ),
    ),
    h("div", { class: "game-seats" }, accountSeatsText(g)),
    accountTurnLine(g),
    h("div", { class: "game-links" }, button),
  );
}

const GROUPS = [
  ["turn", "home.groupTurn", (g) => !g.invited && g.your_turn && g.status === "running"],
  ["kept", "home.groupKept", (g) => g.invited],
  ["waiting", "home.groupWaiting", (g) => g.status === "running" || g.status === "open"],
  ["over", "home.groupOver", () => true],
];
const SHOW_OVER = 5; // finished games shown before "Show all"

function renderAccountGames() {
  const body = $("#account-games-body");
  const games = accountGames || [];
  const left = [...games];
  const parts = [];
  for (const [id, title, test] of GROUPS) {
    const mine = left.filter(test);
    for (const g of mine) left.splice(left.indexOf(g), 1);
    if (mine.length === 0) continue;
    const items = mine.map(accountGameItem);
    const list = h("ul", { class: "game-list", id: `my-games-${id}` }, items);
    const section = [h("h3", { class: `group-title group-${id}` }, t(title, mine.length)), list];
    if (id === "over" && items.length > SHOW_OVER) {
      for (const li of items.slice(SHOW_OVER)) li.hidden = true;
      const more = h("button", { type: "button", class: "link-button" }, t("home.showAll"));
      more.addEventListener("click", () => {
        for (const li of items) li.hidden = false;
        more.remove();
      });
      section.push(more);
    }
    parts.push(h("div", { class: `game-group group-${id}` }, section));
  }
  if (games.length === 0) parts.push(h("p", { class: "muted" }, t("home.noAccountGames")));
  body.replaceChildren(...parts);
}

async function loadAccountGames() {
  if (!account) return;
  $("#account-games").hidden = false;
  try {
    const data = await api("/api/me/games");
    accountGames = data?.games || [];
    $("#account-games-error").hidden = true;
  } catch (err) {
    accountGames = accountGames || [];
    $("#account-games-error").textContent = plainError(err);
    $("#account-games-error").hidden = false;
  }
  renderAccountGames();
  $("#account-games").dataset.loaded = "true";
}

// ---- this browser's seats ------------------------------------------------------------------

const DECLINED = () => `tafelrunde.claimDeclined.${account?.id}`;

function declinedClaims() {
  try {
    const v = JSON.parse(localStorage.getItem(DECLINED()) || "[]");
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/** Keep this browser's seat in `gameId` in the account (POST /api/me/claim): its token is
 * replaced by the account's, which this browser keeps from now on. */
async function claim(gameId) {
  const held = loadSeat(gameId);
  const res = await api("/api/me/claim", {
    method: "POST",
    body: { game_id: gameId, token: held.token },
  });
  saveSeat(gameId, res.seat, res.token, held.name);
  markSeatForAccount(gameId, account.id);
}

/** Signed in with seats in this browser that the account lacks: ask once whether to keep
 * them in it (never done unasked: at a shared computer they may be someone else's). */
function offerClaims(unlinked) {
  const declined = new Set(declinedClaims());
  const fresh = unlinked.filter((id) => !declined.has(id));
  const box = $("#claim-offer");
  box.hidden = fresh.length === 0;
  if (box.hidden) return;
  $("#claim-text").textContent = t("home.claimText", fresh.length);
  $("#claim-all").onclick = async () => {
    $("#claim-all").disabled = true;
    const failed = [];
    for (const id of fresh) {
      try {
        await claim(id);
      } catch (err) {
        failed.push(plainError(err));
      }
    }
    $("#claim-all").disabled = false;
    if (failed.length) {
      $("#claim-error").textContent = t("home.claimFailed", failed.length, failed[0]);
      $("#claim-error").hidden = false;
      localStorage.setItem(DECLINED(), JSON.stringify([...declined, ...fresh]));
    } else {
      box.hidden = true;
    }
    await loadAccountGames();
    loadMine();
  };
  $("#claim-later").onclick = () => {
    localStorage.setItem(DECLINED(), JSON.stringify([...declined, ...fresh]));
    box.hidden = true;
  };
}

async function loadMine() {
  const linked = new Set((accountGames || []).map((g) => g.game_id));
  // Signed in: the account's games are in "My games"; here only the ones it lacks.
  const ids = myGames().filter((id) => !linked.has(id));
  const list = $("#my-games");
  const hint = $("#mine-hint");
  const items = [];
  const unlinked = [];
  for (const id of ids.slice(-20).reverse()) {
    try {
      const g = await api(`/api/games/${encodeURIComponent(id)}`);
      if (g.status === "abandoned") continue; // ended by its host: nothing to come back to
      const seat = loadSeat(id);
      revealIfAsked(g, id, seat.seat, seat.token); // its draws may be waiting for our share
      const links = [
        h(
          "a",
          { class: "button", href: `/play/${g.id}` },
          g.status === "over"
            ? t("home.result", seatStyle(seat.seat).letter)
            : t("home.playSeat", seatStyle(seat.seat).letter),
        ),
      ];
      if (account) {
        unlinked.push(id);
        const keep = h(
          "button",
          { type: "button", class: "subtle", "data-action": "claim" },
          t("home.claimOne"),
        );
        keep.addEventListener("click", async () => {
          keep.disabled = true;
          try {
            await claim(id);
            await loadAccountGames();
            loadMine();
          } catch (err) {
            keep.disabled = false;
            itemError(keep.closest("li"), err);
          }
        });
        links.push(keep);
      }
      items.push(gameItem(g, links, seat.seat));
    } catch {
      /* the game is gone from this server */
    }
  }
  list.replaceChildren(...items);
  $("#mine").hidden = items.length === 0;
  $("#mine-title").textContent = account ? t("home.onlyHere") : t("home.mine");
  hint.replaceChildren();
  if (account) {
    hint.append(t("home.onlyHereHint"));
    offerClaims(unlinked);
  } else {
    // Accounts are an offer: a word of what one would give, with the way to it.
    hint.append(
      t("home.accountTeaser"),
      " ",
      h("a", { href: signInHref("signup") }, t("home.accountTeaserLink")),
    );
  }
  hint.hidden = items.length === 0;
}

async function loadFriends() {
  try {
    const data = await api("/api/me/friends");
    friendNames = (data?.friends || []).map((f) => f.name);
  } catch {
    friendNames = [];
  }
  if (friendNames.length) {
    renderSeatRows();
    $("#seat-hint").textContent = t("home.seatHintFriends");
  }
}

async function init() {
  // `/?next=/path` (a page that asked to sign in first, e.g. a friend link's): the account
  // page signs in and comes back there.
  const next = safeNext(new URLSearchParams(location.search).get("next"));
  if (next) {
    location.replace(`/account?${new URLSearchParams({ next })}`);
    return;
  }
  $("#your-name").value = rememberedName();
  $("#num-seats").addEventListener("change", renderSeatRows);
  $("#create-form").addEventListener("submit", onCreate);
  $("#rated-game").addEventListener("change", () => {
    ratedTouched = true;
  });
  $("#refresh-open").addEventListener("click", loadLists);
  $("#refresh-account-games").addEventListener("click", loadAccountGames);
  $("#another").addEventListener("click", () => {
    $("#created").hidden = true;
    $("#new-game").hidden = false;
  });
  document.addEventListener("click", (ev) => {
    const b = ev.target.closest("button.copy");
    if (b) copyFrom(b.dataset.copy, b);
  });
  if (new URLSearchParams(location.search).get("deleted")) {
    $("#home-note").textContent = t("home.accountDeleted");
    $("#home-note").hidden = false;
    history.replaceState(null, "", "/");
  }
  const signedIn = showAccountControl();
  try {
    kinds = await api("/api/kinds");
  } catch (err) {
    $("#kind-list").replaceChildren(h("p", { class: "error" }, errorText(err)));
    kinds = [];
  }
  renderKinds();
  account = await signedIn;
  document.body.dataset.account = account ? "signed-in" : "signed-out";
  updateRated();
  if (account) {
    $("#your-name").value = account.name;
    await Promise.all([loadAccountGames(), loadFriends()]);
    showChallenges(account, kinds, friendNames, loadAccountGames);
    showSeeks(account, kinds);
  }
  loadLists(false);
}

init();
