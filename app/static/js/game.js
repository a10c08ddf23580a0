// The game table: draws the server's view for this browser's seat and offers exactly the
// server's legal actions. No rule of either game is implemented here; the game modules in
// ./games/ only know how to draw a view and how to describe an action as clicks.

import {
  ApiError,
  api,
  forgetSeat,
  loadHost,
  loadInvites,
  loadSeat,
  playUrl,
  rememberedName,
  rememberName,
  saveSeat,
} from "./api.js";
import { Chat, isChatRefusal } from "./chat.js";
import { CLOCK_TABLE_EVENTS, Clocks, clockEventText } from "./clocks.js";
import { Connection } from "./connection.js";
import { setupDescribe } from "./describe.js";
import { noteCommitment, revealIfAsked, verifyPath, withCommitment } from "./fairness.js";
import { watchHandStrip } from "./handstrip.js";
import { setupHistory } from "./history.js";
import { errorText, lang, num, t } from "./i18n.js";
import { setupLayout } from "./layout.js";
import { TurnLog, toggleSteps } from "./logturns.js";
import { setupMarks } from "./marks.js";
import { markSeatForAccount, me, showAccountControl } from "./me.js";
import { seatStyle, seatSwatch } from "./palette.js";
import { Picker } from "./picker.js";
import { Presence } from "./presence.js";
import { REMATCH_TABLE_EVENTS, Rematch, tableEventText } from "./rematch.js";
import { h } from "./svg.js";
import { setupTurnAlert } from "./turnalert.js";
import { Undo, undoEventText } from "./undo.js";

const $ = (sel) => document.querySelector(sel);
const STATE_BY_REST_AFTER_MS = 4000; // the socket's first state is late: fetch it by REST

const app = {
  gameId: null,
  kind: null,
  game: null, // the game module
  board: null, // the board file
  boardView: null, // what the module's createBoard returned
  seat: null, // our seat, or null when watching
  token: null,
  host: null, // the host token, in the browser that created the game
  summary: null,
  state: null, // the last SeatState
  picker: null,
  legalKey: null, // the legal actions the picker was made from, as JSON
  sending: false,
  moveRef: 0, // numbers the moves sent on the socket (their `ref`)
  pendingMove: null, // {ref, version} of the move sent on the socket and not yet answered
  drawn: 0, // how many times the choices were drawn (body's data-offer)
  conn: null,
  socketLive: false, // the last status the connection reported was "live"
  statusTicker: null, // the interval counting down to the next reconnection
  logVersion: 0, // the log shows the actions up to this version
  logBusy: null, // the log fetch in flight
  logAgain: false, // fetch the log once more when the one in flight ends
  logGen: 0, // bumped when the log is cleared, so a fetch begun before is dropped
  logRevealed: false, // the log was fetched after the game ended, so it shows every face
  lastKeyboard: false,
  lastChoice: null, // the text of the choice button last used (to focus it again if offered)
};

// ---- start-up -------------------------------------------------------------------------

function gameIdFromPath() {
  const m = location.pathname.match(/^\/play\/([^/]+)\/?$/);
  return m ? decodeURIComponent(m[1]) : null;
}

function fatal(msg) {
  const el = $("#fatal");
  el.replaceChildren(h("span", {}, msg, " "), h("a", { href: "/" }, t("game.backHome")));
  el.hidden = false;
  $("#table").hidden = true;
  $("#join").hidden = true;
  $("#conn").hidden = true; // nothing to connect to: no "Connecting…" beside the error
  document.body.dataset.status = "error";
}

async function init() {
  app.gameId = gameIdFromPath();
  if (!app.gameId) return fatal(t("game.noGameInAddress"));
  try {
    app.summary = await api(`/api/games/${encodeURIComponent(app.gameId)}`);
  } catch (err) {
    return fatal(
      err.code === "unknown_game" || err.status === 404 ? t("game.noSuchGame") : errorText(err),
    );
  }
  app.kind = app.summary.kind;
  noteCommitment(app.summary);
  try {
    app.game = (await import(`./games/${app.kind}.js`)).default;
  } catch {
    return fatal(t("game.cannotShowKind", app.kind));
  }
  app.host = loadHost(app.gameId);
  const signedIn = showAccountControl();
  const params = new URLSearchParams(location.search);
  let wanted = params.has("join") ? Number(params.get("join")) : null;
  // A seat of the signed-in account and no token for it on this device (a new phone, a
  // cleared browser): the server hands this device the seat's access, no link, no host.
  // A seat kept for the account (a friend's table): the join form offers it, no key asked.
  if (!loadSeat(app.gameId)) {
    const account = await signedIn;
    if (account && !(await takeUpAccountSeat(account)) && wanted === null)
      wanted = await keptSeat();
  }
  const held = loadSeat(app.gameId);
  const inviteKey = params.get("key"); // the seat's secret: only in the link the host sent

  if (held) {
    app.seat = held.seat;
    app.token = held.token;
    if (wanted !== null && wanted !== held.seat) {
      note(t("game.alreadyHold", seatStyle(held.seat).letter), "info");
    }
    cleanUrl();
  } else if (wanted !== null) {
    const s = app.summary.seats.find((x) => x.seat === wanted);
    if (!s) {
      note(t("game.noSeat", wanted), "info");
      cleanUrl();
    } else if (s.joined) {
      note(t("game.seatTaken", seatStyle(wanted).letter, s.name || t("seat.someone")), "info");
      cleanUrl();
    } else {
      const joined = await askToJoin(wanted, inviteKey);
      if (joined) {
        app.seat = joined.seat;
        app.token = joined.token;
      }
      cleanUrl();
    }
  }
  await start();
}

/** This device takes up the account's seat here (POST /api/me/games/{id}/access): whether
 * the account holds one. */
async function takeUpAccountSeat(account) {
  try {
    const res = await api(`/api/me/games/${encodeURIComponent(app.gameId)}/access`, {
      method: "POST",
    });
    const mine = (app.summary.seats || []).find((s) => s.seat === res.seat);
    saveSeat(app.gameId, res.seat, res.token, mine?.name || account.name);
    markSeatForAccount(app.gameId, account.id);
    return true;
  } catch {
    return false; // not a seat of this account (or no accounts here): watch or join as before
  }
}

/** The seat kept for the signed-in account in this game (My games' `invited`), or null. */
async function keptSeat() {
  try {
    const { games } = await api("/api/me/games");
    const g = (games || []).find((x) => x.game_id === app.gameId && x.invited);
    return g ? g.seat : null;
  } catch {
    return null;
  }
}

function cleanUrl() {
  if (location.search) history.replaceState(null, "", location.pathname);
}

function askToJoin(seat, key) {
  const st = seatStyle(seat);
  const panel = $("#join");
  panel.hidden = false;
  $("#conn").hidden = true; // nothing connects before the seat is taken or declined
  const names = app.summary.seats.filter((s) => s.joined && s.name).map((s) => s.name);
  $("#join-intro").replaceChildren(
    t("join.intro", gameName(), st.letter),
    seatSwatch(seat),
    ` (${st.colourName})`,
    t("join.introEnd", names.join(", ")),
  );
  const input = $("#join-name");
  input.value = rememberedName();
  me().then((account) => {
    if (account && !input.value) input.value = account.name;
  });
  input.focus();
  return new Promise((resolve) => {
    $("#join-watch").onclick = () => {
      panel.hidden = true;
      resolve(null);
    };
    $("#join-form").onsubmit = async (ev) => {
      ev.preventDefault();
      const name = input.value.trim();
      const err = $("#join-error");
      if (!name) {
        err.textContent = t("join.enterName");
        err.hidden = false;
        return;
      }
      $("#join-button").disabled = true;
      try {
        const res = await api(`/api/games/${encodeURIComponent(app.gameId)}/seats/${seat}/join`, {
          method: "POST",
          body: await withCommitment(app.gameId, seat, key ? { name, key } : { name }),
        });
        saveSeat(app.gameId, res.seat, res.token, name);
        const account = await me();
        if (account) markSeatForAccount(app.gameId, account.id); // joined signed in: linked
        rememberName(name);
        panel.hidden = true;
        resolve(res);
      } catch (e) {
        err.textContent = errorText(e);
        err.hidden = false;
        $("#join-button").disabled = false;
        if (e.code === "seat_taken" || e.code === "invite_required") {
          $("#join-button").hidden = true;
          $("#join-watch").textContent = t("join.watchInstead");
        }
      }
    };
  });
}

async function start() {
  try {
    app.board = await api(`/api/kinds/${encodeURIComponent(app.kind)}/board`);
  } catch (err) {
    return fatal(t("game.boardFailed", errorText(err)));
  }
  document.title = `${gameName()} — Tafelrunde`;
  $("#game-name").textContent = gameName();
  showWho();
  $("#table").hidden = false;
  app.boardView = app.game.createBoard(app.board, ctx());
  $("#board").replaceChildren(app.boardView.svg);
  $("#legend").replaceChildren(...app.game.legend(ctx()));
  app.layout = setupLayout({ svg: app.boardView.svg });
  app.history = setupHistory($("#history"), {
    gameId: app.gameId,
    kind: app.kind,
    numSeats: app.summary.num_seats,
    token: () => app.token,
    ownSeat: () => app.seat,
    nameOf,
    svg: () => app.boardView.svg,
    describe: (events) =>
      events
        .map((ev) => eventText(ev, ctx()))
        .filter(Boolean)
        .join(" "),
    drawLive: () => app.state && render(false),
    drawPast: (view, seat, turnLine) => {
      // A past position: its board, seen by `seat`, with nothing to choose.
      document.body.dataset.myTurn = "false";
      if (turnLine) $("#turn").replaceChildren(turnLine);
      app.boardView.update(view, { ...ctx(), seat });
      app.boardView.setTargets(new Map(), []);
      $("#prompt").replaceChildren();
      drawPlayers(view, view.is_over);
    },
  });
  app.marks = setupMarks({
    kind: app.kind,
    svg: () => app.boardView.svg,
    ownSeat: () => app.seat,
    log: $("#log"),
  });
  app.log = new TurnLog($("#log"), {
    game: () => app.game,
    ctx,
    eventText,
    // A move the server's bot made for a person (a clock run out, a resignation) names the
    // bot as its maker: "The server's bot for you: …", never read as the player's own move.
    entryCtx: (entry, c) => (entry.by_server ? botCtx(c, entry.seat) : c),
    onTurn: (text) => {
      // The live region (polite): each turn a line of its own, so that each is said once.
      const live = $("#log-live");
      live.append(h("p", {}, text));
      while (live.children.length > 3) live.firstElementChild.remove();
    },
  });
  setupDescribe($("#describe-open"), {
    game: () => app.game,
    view: () => app.state?.view ?? null,
    ctx,
  });
  // A turn's button unfolds its steps; tapping a turn or a step (on a phone's Log tab)
  // shows its pieces on the board, with a way back (issue 37).
  $("#log").addEventListener("click", (ev) => {
    const more = ev.target.closest(".log-more");
    if (more) {
      toggleSteps(more);
      return;
    }
    const li = ev.target.closest("li[data-seq], li[data-seqs]");
    if (!li || !app.layout.narrow() || document.body.dataset.tab !== "log") return;
    app.marks.pin(li);
    app.layout.showTab("board", {
      backTo: "log",
      onBack: () => {
        app.marks.pin(null);
        li.focus({ preventScroll: true });
        li.scrollIntoView({ block: "nearest" });
      },
    });
  });
  app.turnAlert = setupTurnAlert($("#turn"), { gameName, gameId: app.gameId });
  app.presence = new Presence({
    gameId: app.gameId,
    onChange: showPresence,
    live: () => app.conn?.isLive() ?? false,
  });
  app.presence.start();
  app.boardView.svg.addEventListener("click", onBoardClick);
  app.boardView.svg.addEventListener("keydown", onBoardKey);
  app.undo = new Undo({
    where: $("#prompt"),
    gameId: app.gameId,
    token: () => app.token,
    refresh: refreshView,
    note,
  });
  app.rematch = new Rematch({
    where: $("#players").closest("section"), // at the top of the side column; at the end in the result
    side: $("#players").parentElement,
    gameId: app.gameId,
    seat: () => app.seat,
    token: () => app.token,
    host: () => app.host,
    nameOf,
    note,
  });
  app.chat = new Chat({
    before: $("#log").closest("section"),
    gameId: app.gameId,
    seat: () => app.seat,
    token: () => app.token,
    host: () => app.host,
    send: (obj) => !!app.conn?.isLive() && app.conn.send(obj),
    nameOf,
  });
  app.clocks = new Clocks({
    where: $("#players"),
    gameId: app.gameId,
    token: () => app.token,
    seat: () => app.seat,
    refresh: refreshView,
    note,
  });
  app.layout.place(); // the panels just added, where they belong on this screen
  $("#result-close").addEventListener("click", closeResult);
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && !$("#result").hidden) {
      closeResult();
      return;
    }
    if (ev.key === "Escape" && app.picker && app.picker.started) {
      app.picker.reset();
      drawChoices();
    }
  });

  showWho();
  loadHostInvites();
  // History once from the log; from then on the socket's state messages carry the events
  // (and, asked with `since`, those missed while a connection was down). The state itself
  // comes only from the socket, which sends it on connecting (a refused token closes it).
  if (app.summary.status === "over") app.logRevealed = true; // this log already shows all
  await refreshLog(0, true);
  app.marks.ready(); // from now on a new action arrives live: its marks pulse
  app.log.live(); // ... and another seat's turn, once it ends, is said in the live region
  connect();
  // A socket that opens but never brings the state (a proxy that swallows WebSockets):
  // ask by REST once, so that the page still shows the game and can play by REST.
  setTimeout(() => {
    if (!app.state) refreshView();
  }, STATE_BY_REST_AFTER_MS);
}

function connect() {
  $("#conn").hidden = false;
  if (app.conn) app.conn.stop();
  app.conn = new Connection(app.gameId, app.token, {
    onMessage,
    onStatus,
    since: () => (app.logBusy ? null : app.logVersion),
  });
  app.conn.start();
}

function showWho() {
  if (app.seat !== null) {
    $("#you-are").replaceChildren(
      seatSwatch(app.seat),
      ` ${t("game.youAre", seatStyle(app.seat).letter)}`,
    );
  } else {
    $("#you-are").textContent = t("game.watching");
  }
}

// A seat token stops working only when the seat is given back (release: by the host once
// its player was away, or by the player, maybe on another device): say so, and go on
// watching, with a spectator's connection, instead of failing silently.
function seatLost(message = t("game.released")) {
  if (app.token === null) return;
  // The socket may hear of our own release before its answer arrives.
  if (app.givingBack) message = t("game.gaveBack");
  forgetSeat(app.gameId);
  app.seat = null;
  app.token = null;
  app.picker = null;
  app.sending = false;
  app.pendingMove = null;
  showWho();
  app.chat?.draw(); // now writing as a watcher
  app.marks?.refresh();
  note(message, "info");
  document.body.dataset.released = "true";
  refreshLog(app.logVersion, true); // the socket closed before it could say so
  refreshView();
  if (app.boardView) connect();
}

function gameName() {
  return app.game?.title ? app.game.title : app.kind || t("game.game");
}

// ---- context the game modules draw with ----------------------------------------------

function nameOf(seat) {
  if (!Number.isInteger(seat)) return t("seat.someone");
  const seats = app.state?.seats || app.summary?.seats || [];
  const s = seats.find((x) => x.seat === seat);
  const letter = seatStyle(seat).letter;
  if (!s?.name) return s?.bot ? t("seat.bot", letter) : t("seat.seat", letter);
  return s.name;
}

function ctx() {
  return {
    seat: app.seat,
    board: app.board,
    numPlayers: app.summary.num_seats,
    nameOf,
    you: (seat) => seat === app.seat,
    who: (seat) => (seat === app.seat ? t("you") : nameOf(seat)),
  };
}

// ---- receiving state ------------------------------------------------------------------

function onMessage(msg, meta) {
  if (msg.type === "state") receive(msg, meta);
  else if (msg.type === "ping") app.conn.send({ type: "pong" });
  else if (msg.type === "presence") app.presence?.receive(msg.seats);
  else if (msg.type === "chat" || msg.type === "chat_settings") app.chat.receive(msg);
  else if (msg.type === "error" && isChatRefusal(msg)) app.chat.refused(msg);
  else if (msg.type === "error" && msg.ref !== undefined) {
    // The answer to a move sent on this socket (an older one's answer is stale: ignored).
    if (app.pendingMove?.ref === msg.ref) moveRefused(new ApiError(0, msg.code, msg.message));
  } else if (msg.type === "error") {
    // The socket is closed right after this; the close says the seat is gone (seatLost).
    if (msg.code === "unauthorized" && app.token) return;
    // Full for now: the close follows and the connection tries again by itself.
    if (msg.code === "too_many_connections") return;
    note(errorText({ code: msg.code, message: msg.message || t("game.refused") }));
  }
}

function onStatus(status, detail) {
  clearInterval(app.statusTicker);
  if (status === "reconnecting" && detail.retryAt) {
    // Count the seconds down, so a player sees the page is still trying.
    app.statusTicker = setInterval(() => {
      if (Date.now() < detail.retryAt) showStatus(status, detail);
    }, 1000);
  }
  showStatus(status, detail);
  if (status === "live") app.chat?.catchUp(); // the lines missed while not connected
  // Live, the socket brings presence; without it, the page asks every few seconds.
  const wasLive = app.socketLive;
  app.socketLive = status === "live";
  if (app.socketLive) app.presence?.schedule();
  else if (wasLive) app.presence?.poll();
  if (status === "live" && $("#message").dataset.network === "true") clearNote();
  if (status === "offline" && detail.reason === "refused") seatLost();
  else if (status !== "live" && app.pendingMove) moveLostWithSocket();
}

function showStatus(status, detail) {
  const el = $("#conn");
  el.dataset.state = status;
  let text;
  if (status === "live") text = t("conn.live");
  else if (status === "connecting") text = t("conn.connecting");
  else if (status === "offline")
    text = detail.reason === "refused" ? t("conn.refused") : t("conn.offline");
  else {
    const secs = detail.retryAt
      ? Math.max(1, Math.round((detail.retryAt - Date.now()) / 1000))
      : null;
    text = secs ? t("conn.retrying", secs) : t("conn.reconnecting");
  }
  el.querySelector(".conn-text").textContent = text;
  el.title = text;
}

/** `meta.from`: for a socket message, the version its `events` follow (see connection.js). */
function receive(state, meta = null) {
  if (!state || typeof state.version !== "number") return;
  const over = state.status === "over";
  if (over && !app.logRevealed && app.logVersion > 0) {
    // At the end every face is public: fetch the whole log once more, now revealed.
    app.logRevealed = true;
    app.logVersion = 0;
    app.logGen += 1;
    app.log.clear();
  } else if (over) {
    app.logRevealed = true;
  }
  updateLog(state, meta);
  // A released seat has a new invite key: the host's page shows its new link.
  if (app.host && (state.events || []).some((ev) => ev.type === "seat_released")) loadHostInvites();
  if (app.state && state.version < app.state.version) return; // an older message arriving late
  const sameVersion = app.state && state.version === app.state.version;
  if (!sameVersion) {
    app.sending = false;
    app.pendingMove = null;
  }
  app.state = state;
  if (state.seats) app.summary.seats = state.seats;
  revealIfAsked(state, app.gameId, app.seat, app.token); // fair draws: our share, once asked
  render(sameVersion);
}

function render(sameVersion) {
  const st = app.state;
  if (app.history?.live(st)) return; // looking back: the past position stays on the board
  const view = st.view || {};
  const c = ctx();
  const over = st.status === "over" || view.is_over;
  const legal = st.legal_actions || [];
  const myTurn = app.seat !== null && legal.length > 0;
  document.body.dataset.status = over ? "over" : st.status;
  document.body.dataset.version = String(st.version);
  document.body.dataset.myTurn = String(myTurn);

  app.boardView.update(view, c);
  // A new picker only when the legal actions changed: a join or a repeated message must
  // not throw away a half-made choice.
  const legalKey = JSON.stringify(legal);
  if (!sameVersion || !app.picker || legalKey !== app.legalKey) {
    app.legalKey = legalKey;
    const expand = app.game.expand || ((o) => [o]);
    app.picker = new Picker(
      legal.flatMap((la) =>
        expand(labelled(la.action, la.label, app.game.steps(la.action, view, c))),
      ),
    );
  }
  drawTurn(view, over, myTurn);
  app.turnAlert.update(myTurn && !over, app.seat !== null);
  drawChoices();
  drawPlayers(view, over);
  drawPrivate(view);
  drawInvites();
  drawActionList(
    legal.map((la) => labelled(la.action, la.label, app.game.steps(la.action, view, c))),
  );
  drawResult(view, over);
  app.undo.update(st);
  app.rematch.update(st);
  app.clocks.update(st);
}

/**
 * A legal action as the picker's option. Its name: the server's (English) label, or in
 * another language the game module's own steps, one after the other.
 */
function labelled(action, label, steps) {
  if (lang() === "en" || !steps.length) return { action, label, steps };
  return { action, label: steps.map((st) => st.text || st.key).join(" · "), steps };
}

function toAct(view) {
  return Array.isArray(view.to_act) ? view.to_act : [];
}

function drawTurn(view, over, myTurn) {
  const el = $("#turn");
  const c = ctx();
  if (app.state.status === "open") {
    const waiting = app.state.reveal?.waiting || [];
    el.replaceChildren(
      waiting.length
        ? t("game.waitingReveal", waiting.map((s) => nameOf(s)).join(", "))
        : t("game.waitingSeats"),
    );
    return;
  }
  if (app.state.status === "abandoned") {
    el.replaceChildren(t("rematch.gameAbandoned"));
    return;
  }
  if (over) {
    // The table's winners: a seat that resigned is never one (docs/RULES.md TB-1).
    const winners = view.winners || [];
    const names = winners.map((s) => (s === app.seat ? t("youLower") : nameOf(s)));
    el.replaceChildren(
      ...winners.map((s) => seatSwatch(s)),
      h("span", {}, names.length ? t("game.overBanner", names) : t("game.overNoWinner")),
      // The result dialog, closed to look at the board, comes back from here.
      h(
        "button",
        { type: "button", id: "result-open", class: "small to-result", onclick: openResult },
        t("game.resultOpen"),
      ),
    );
    return;
  }
  const waiting = toAct(view);
  const what = app.game.phaseText ? app.game.phaseText(view, c) : "";
  if (myTurn) {
    el.replaceChildren(seatSwatch(app.seat), h("span", {}, t("game.yourTurn", what)));
  } else if (waiting.length) {
    el.replaceChildren(
      ...waiting.map((s) => seatSwatch(s)),
      h("span", {}, t("game.waitingFor", waiting.map((s) => nameOf(s)).join(", "), what)),
    );
  } else {
    el.replaceChildren(what || "");
  }
}

// ---- choosing a move ------------------------------------------------------------------

function drawChoices() {
  const picker = app.picker;
  const prompt = $("#prompt");
  const c = ctx();
  // For tests and assistive tools: which offer is on screen, and whether a move is in flight.
  app.drawn += 1;
  document.body.dataset.offer = `${app.state ? app.state.version : 0}.${app.drawn}`;
  document.body.dataset.sending = String(app.sending);
  document.body.dataset.depth = String(picker ? picker.path.length : 0);
  if (!picker || picker.all.length === 0 || app.sending) {
    app.boardView.setTargets(new Map(), []);
    prompt.replaceChildren(app.sending ? h("span", { class: "what" }, t("game.sending")) : "");
    return;
  }
  const { targets, choices, finals } = picker.offers();
  app.boardView.setTargets(targets, picker.picked());
  app.boardView.hint([]);
  const parts = [];
  const question = app.game.question
    ? app.game.question(picker.path, targets, choices, app.state.view, c)
    : "";
  if (question) parts.push(h("span", { class: "what" }, question));
  for (const ch of choices) {
    parts.push(
      h(
        "button",
        {
          type: "button",
          class: `choice${ch.decline ? " decline" : ""}`,
          "data-key": ch.key,
          "aria-label": ch.short ? ch.text : null,
          onclick: (ev) => {
            app.lastChoice = ev.currentTarget.textContent;
            choose(ch.key);
          },
          // A choice that names board places (the wall pieces a scout step uses) shows them.
          onpointerenter: ch.hint ? () => app.boardView.hint(ch.hint) : null,
          onpointerleave: ch.hint ? () => app.boardView.hint([]) : null,
          onfocus: ch.hint ? () => app.boardView.hint(ch.hint) : null,
          onblur: ch.hint ? () => app.boardView.hint([]) : null,
        },
        ch.short || ch.text || ch.key,
      ),
    );
  }
  for (const o of finals) {
    parts.push(
      h(
        "button",
        {
          type: "button",
          class: "choice",
          "data-final": "1",
          onclick: (ev) => {
            app.lastChoice = ev.currentTarget.textContent;
            submit(o);
          },
        },
        o.label,
      ),
    );
  }
  if (picker.started) {
    parts.push(
      h(
        "button",
        {
          type: "button",
          class: "small cancel",
          onclick: () => {
            picker.reset();
            drawChoices();
          },
        },
        t("game.startOver"),
      ),
    );
  }
  const focused = document.activeElement;
  // Was the keyboard on the turn's controls (or on the board, where a sent move leaves it)?
  const onControls =
    focused &&
    focused !== document.body &&
    (prompt.contains(focused) || $("#board").contains(focused) || focused === $("#board"));
  prompt.replaceChildren(...parts);
  // A place still offered keeps the keyboard (a redraw while one tabs through the board).
  const stays = focused?.isConnected && focused.matches?.(".tgt.is-target");
  if ((app.lastKeyboard || onControls) && !stays) focusNextControl(prompt);
  app.lastKeyboard = false;
}

/** After a step, the keyboard lands on the next sensible control: the button just used if it
 * is offered again ("Take a wall piece" once more), else the first place on the board, else
 * the first choice (issue 37, finding 10). */
function focusNextControl(prompt) {
  const again = app.lastChoice
    ? [...prompt.querySelectorAll("button.choice")].find((b) => b.textContent === app.lastChoice)
    : null;
  const next =
    again ||
    app.boardView.svg.querySelector(".tgt.is-target") ||
    prompt.querySelector("button.choice");
  if (next) next.focus({ preventScroll: true });
}

function choose(key) {
  if (!app.picker || app.sending) return;
  const done = app.picker.pick(key);
  if (done) submit(done);
  else drawChoices();
}

function onBoardClick(ev) {
  const t = ev.target.closest(".tgt.is-target, .hit.is-live");
  if (!t) return;
  choose(t.dataset.key);
}

function onBoardKey(ev) {
  if (ev.key !== "Enter" && ev.key !== " ") return;
  const t = ev.target.closest(".tgt.is-target");
  if (!t) return;
  ev.preventDefault();
  app.lastKeyboard = true;
  choose(t.dataset.key);
}

async function submit(option) {
  if (app.sending) return;
  app.sending = true;
  clearNote();
  drawChoices();
  app.layout.focusBoard(); // the button or target that sent it is gone
  const version = app.state.version;
  // On the live socket when there is one: the same checks as POST .../actions without an
  // HTTP request around the move (a third less work for the server, docs/API.md). The
  // answer is the next state, or an error carrying this move's `ref`.
  if (app.conn?.isLive()) {
    app.moveRef += 1;
    const ref = `move-${app.moveRef}`;
    if (app.conn.send({ type: "action", version, action: option.action, ref })) {
      app.pendingMove = { ref, version };
      awaitNewState(version);
      return;
    }
  }
  try {
    await api(`/api/games/${encodeURIComponent(app.gameId)}/actions`, {
      method: "POST",
      token: app.token,
      body: { version, action: option.action },
    });
    awaitNewState(version);
  } catch (err) {
    await moveRefused(err);
  }
}

/** Stay "sending" until the state after `version` is here: the socket brings it (it may
 *  already have); without a live socket, or if it is slow, ask for it. */
function awaitNewState(version) {
  if (app.state.version > version) {
    moveSettled();
    return;
  }
  if (!app.conn?.isLive()) refreshView();
  setTimeout(() => {
    if (app.sending && app.state.version <= version) refreshView();
  }, 3000);
  setTimeout(() => {
    if (app.sending && app.state.version <= version) moveSettled();
  }, 8000);
}

function moveSettled() {
  app.sending = false;
  app.pendingMove = null;
  drawChoices();
}

async function moveRefused(err) {
  if (err.code === "commit_unknown") {
    // Not a refusal: the move may have been saved. The state says which (a move that was
    // not may be made again; its version keeps it from counting twice).
    note(t("game.moveUnknown"), "info");
    if (app.picker) app.picker.reset();
    await refreshView();
    moveSettled();
    return;
  }
  app.sending = false;
  app.pendingMove = null;
  const why = err instanceof ApiError ? errorText(err) : String(err);
  // One sentence (issue 37): why, and what the board shows now.
  const text =
    {
      stale_version: t("game.refusedStale", why),
      not_your_turn: t("game.refusedNotYourTurn", why),
    }[err.code] || t("game.moveRefused", why);
  if (app.picker) app.picker.reset();
  if (err.status === 401 || err.status === 403) seatLost();
  else if (err.code === "network") note(why, "network");
  else note(text);
  await refreshView();
  drawChoices();
}

/** The socket dropped with a move on it: whether it arrived, the state says (by REST now,
 *  not when the socket is back); a move that did not may be made again, by REST or on the
 *  new socket (the version in it keeps a move from counting twice). */
async function moveLostWithSocket() {
  const pending = app.pendingMove;
  app.pendingMove = null;
  await refreshView();
  if (app.sending && app.state.version <= pending.version) moveSettled();
}

async function refreshView() {
  try {
    receive(await api(`/api/games/${encodeURIComponent(app.gameId)}/view`, { token: app.token }));
  } catch {
    /* the socket will bring it when the server is back */
  }
}

/** kind: "error", "info", or "network" (an error that ends when the connection is back). */
function note(msg, kind = "error") {
  const el = $("#message");
  el.className = `message${kind === "info" ? " info" : ""}`;
  el.dataset.network = String(kind === "network");
  el.replaceChildren(
    h("span", { class: "message-text" }, msg),
    h("button", { type: "button", "aria-label": t("game.dismiss"), onclick: clearNote }, "×"),
  );
  el.hidden = false;
}

function clearNote() {
  $("#message").hidden = true;
}

function drawActionList(legal) {
  const list = $("#action-list");
  const box = $("#actions");
  box.hidden = app.seat === null || app.state.status === "over";
  list.replaceChildren();
  if (legal.length === 0) {
    list.append(h("li", { class: "muted" }, t("game.nothingToDo")));
    return;
  }
  legal.forEach((o, i) => {
    list.append(
      h(
        "li",
        {},
        h("button", { type: "button", "data-index": i, onclick: () => submit(o) }, o.label),
      ),
    );
  });
}

// ---- panels ---------------------------------------------------------------------------

function drawPlayers(view, over) {
  const c = ctx();
  const cols = app.game.playerColumns(view, c);
  // Before the start (or while a seat is free again) nobody is waited for at the table.
  const waiting = new Set(app.state.status === "running" ? toAct(view) : []);
  const winners = new Set(view.winners || []);
  const n = app.summary.num_seats;
  const rows = [];
  for (let seat = 0; seat < n; seat++) {
    const st = seatStyle(seat);
    const info = (app.state.seats || []).find((x) => x.seat === seat) || {};
    const who = h(
      "span",
      { class: "who" },
      seatSwatch(seat),
      h(
        "span",
        { class: "name", title: t("game.nameTitle", nameOf(seat), st.letter, st.colourName) },
        `${nameOf(seat)}`,
      ),
      info.bot || info.joined === false
        ? h("span", { class: "bot-tag" }, info.bot ? t("game.tagBot") : t("game.tagFree"))
        : null,
      app.clocks ? app.clocks.seatTags(seat, info) : null,
      seat === app.seat ? h("span", { class: "you-tag" }, t("game.tagYou")) : null,
      h("span", { class: "presence-slot" }, app.presence?.tag(seat, seat === app.seat)),
      over && winners.has(seat) ? h("span", { class: "winner-tag" }, t("game.tagWinner")) : null,
      h("span", { class: "reinvite-slot" }, reinviteButton(seat, info, over)),
    );
    rows.push(
      h(
        "tr",
        {
          class: !over && waiting.has(seat) ? "to-act" : "",
          "data-seat": seat,
          "aria-current": !over && waiting.has(seat) ? "true" : null,
        },
        h("td", {}, who),
        cols.map((col) => h("td", { class: "num", "data-col": col.id }, num(col.value(seat)))),
      ),
    );
  }
  // "Give my seat back" on the heading's line, beside "Resign…": the rows stay one line.
  let slot = $("#give-back-slot");
  if (!slot) {
    slot = h("span", { id: "give-back-slot", class: "give-back-slot" });
    $(".players-card").append(slot);
  }
  slot.replaceChildren(app.seat === null ? "" : (giveBackButton(app.seat, over) ?? ""));
  const note = app.game.tableNote ? app.game.tableNote(view, c) : "";
  $("#players").replaceChildren(
    note ? h("p", { class: "hint", id: "table-note" }, note) : "",
    h(
      "div",
      // Scrolls sideways on narrow screens: reachable by keyboard (WCAG 2.1.1).
      { class: "table-scroll", tabindex: "0", role: "region", "aria-labelledby": "players-title" },
      h(
        "table",
        { class: "players-table" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", {}, t("game.player")),
            cols.map((col) => h("th", { class: "num", title: col.title || col.label }, col.label)),
          ),
        ),
        h("tbody", {}, rows),
      ),
    ),
  );
}

/** Presence changed: refill each seat row's mark in place (also under a past position). */
function showPresence() {
  const over = app.state?.status === "over";
  for (const row of document.querySelectorAll("#players tr[data-seat]")) {
    const seat = Number(row.dataset.seat);
    row
      .querySelector(".presence-slot")
      ?.replaceChildren(app.presence.tag(seat, seat === app.seat) ?? "");
    const info = (app.state?.seats || []).find((x) => x.seat === seat);
    if (info)
      row.querySelector(".reinvite-slot")?.replaceChildren(reinviteButton(seat, info, over) ?? "");
  }
}

// ---- the host: giving a seat back ------------------------------------------------------

/** For the host, on a joined friend's seat: release it and get its invite link again. */
function reinviteButton(seat, info, over) {
  if (
    !app.host ||
    over ||
    app.state.status === "abandoned" ||
    info.bot ||
    !info.joined ||
    seat === app.seat
  )
    return null;
  if (info.stand_in === "resigned") return null; // the bot plays it to the end
  // Only once it works: the player away RELEASE_AWAY_MINUTES (the presence's release_from);
  // the row is drawn again then.
  const p = app.presence?.seats.get(seat);
  if (p?.connected !== false || !p.release_from) return null;
  const wait = Date.parse(p.release_from) - Date.now();
  if (wait > 0) {
    wakeAt(Date.now() + wait + 500);
    return null;
  }
  return h(
    "button",
    {
      type: "button",
      class: "small reinvite",
      "data-release": seat,
      title: t("host.reinviteTitle"),
      onclick: () => reinvite(seat),
    },
    t("host.reinvite"),
  );
}

/** Draw the rows' "Invite again" again at `when` (the earliest seat's release_from). */
function wakeAt(when) {
  if (app.reinviteWake && app.reinviteWake.when <= when) return;
  clearTimeout(app.reinviteWake?.timer);
  const timer = setTimeout(
    () => {
      app.reinviteWake = null;
      showPresence();
    },
    Math.min(when - Date.now(), 2 ** 31 - 1),
  );
  app.reinviteWake = { when, timer };
}

async function reinvite(seat) {
  const letter = seatStyle(seat).letter;
  const ok = window.confirm(t("host.reinviteConfirm", letter, nameOf(seat)));
  if (!ok) return;
  try {
    const summary = await api(
      `/api/games/${encodeURIComponent(app.gameId)}/seats/${seat}/release`,
      {
        method: "POST",
        token: app.host,
      },
    );
    app.summary.seats = summary.seats;
  } catch (err) {
    // seat_in_use: the message says how long the player has to be away first.
    const text =
      err.code === "seat_in_use"
        ? t("host.notYet", letter, errorText(err))
        : t("host.failed", letter, errorText(err));
    note(text, err.code === "seat_in_use" ? "info" : undefined);
    document.body.dataset.releaseRefused = err.code || "error";
    return;
  }
  await loadHostInvites();
  await refreshView();
  note(t("host.freed", letter), "info");
  const input = document.querySelector(`#invite-links input[data-seat="${seat}"]`);
  if (input) {
    input.scrollIntoView({ block: "center" });
    input.focus();
    input.select();
  }
}

function drawPrivate(view) {
  const box = $("#private");
  if (app.seat === null) {
    box.hidden = true;
    return;
  }
  // At the end every face and value is on the board and in the scoring: nothing is private.
  const body =
    app.state.status === "over" || view.is_over ? null : app.game.privatePanel(view, ctx());
  box.hidden = !body;
  if (body) {
    // Drawn anew on every update: the hand strip keeps where its player scrolled it.
    const scrolled = $("#private-body .hand-strip")?.scrollLeft || 0;
    $("#private-body").replaceChildren(body);
    watchHandStrip($("#private-body"), scrolled);
  }
}

/** The player's own seat: give it back (they agree), and watch from then on. */
function giveBackButton(seat, over) {
  if (over || app.state.status === "abandoned" || seat !== app.seat || !app.token) return null;
  const info = (app.state?.seats || []).find((x) => x.seat === seat);
  if (info?.stand_in === "resigned") return null; // resigning is for good
  return h(
    "button",
    {
      type: "button",
      class: "small give-back",
      "data-give-back": seat,
      title: t("giveBack.title"),
      onclick: giveBack,
    },
    t("giveBack.button"),
  );
}

async function giveBack() {
  const ok = window.confirm(t("giveBack.confirm"));
  if (!ok) return;
  app.givingBack = true;
  try {
    await api(`/api/games/${encodeURIComponent(app.gameId)}/seats/${app.seat}/release`, {
      method: "POST",
      token: app.token,
    });
  } catch (err) {
    app.givingBack = false;
    note(t("giveBack.failed", errorText(err)));
    return;
  }
  seatLost(t("game.gaveBack"));
  app.givingBack = false;
}

/** The host's invite keys by seat (read with the host token; nobody else gets them). */
async function loadHostInvites() {
  if (!app.host) return;
  try {
    const invites = await loadInvites(app.gameId, app.host);
    app.inviteKeys = Object.fromEntries(invites.map((i) => [i.seat, i.key]));
  } catch {
    app.inviteKeys = null; // drawn without links; tried again after the next release
  }
  if (app.state) drawInvites();
}

function drawInvites() {
  const box = $("#invites");
  const seats = app.state.seats || [];
  const free = seats.filter((s) => !s.joined && !s.bot);
  box.hidden = app.state.status !== "open" || free.length === 0;
  if (box.hidden) return;
  const keys = app.inviteKeys || {};
  if (!app.host && !app.summary.public) {
    // Only the host holds a private table's links.
    $("#invites-intro").textContent = t("game.invitesHost");
    $("#invite-links").replaceChildren();
    return;
  }
  $("#invites-intro").textContent =
    app.state.version > 0 ? t("game.invitesAgain") : t("game.invitesStart");
  $("#invite-links").replaceChildren(
    ...free.map((s) =>
      h(
        "li",
        {},
        h(
          "span",
          { class: "invite-title" },
          seatSwatch(s.seat),
          ` ${t("seat.seat", seatStyle(s.seat).letter)}`,
        ),
        h(
          "div",
          { class: "link-row" },
          h("input", {
            readonly: true,
            value: playUrl(app.gameId, s.seat, keys[s.seat]),
            "data-seat": s.seat,
            "aria-label": t("game.inviteLinkFor", seatStyle(s.seat).letter),
          }),
          h("button", { type: "button", onclick: (ev) => copy(ev.target) }, t("copy.copy")),
        ),
        app.host ? keepForAccountForm(s.seat) : null,
      ),
    ),
  );
}

/** For the host, on a free seat: keep it for an account instead of sending a link (a
 * player whose seat was given back takes it up again from My games; a nudge tells them). */
function keepForAccountForm(seat) {
  const letter = seatStyle(seat).letter;
  const input = h("input", {
    type: "text",
    name: "account",
    maxlength: 64,
    autocomplete: "off",
    "data-keep-for": seat,
    "aria-label": t("host.keepForLabel", letter),
    placeholder: t("host.keepForPlaceholder"),
  });
  return h(
    "form",
    {
      class: "link-row keep-for",
      onsubmit: async (ev) => {
        ev.preventDefault();
        const name = input.value.trim();
        if (!name) return;
        try {
          await api(`/api/games/${encodeURIComponent(app.gameId)}/seats/${seat}/invite`, {
            method: "POST",
            token: app.host,
            body: { account: name },
          });
        } catch (err) {
          note(t("host.keepForFailed", letter, errorText(err)));
          return;
        }
        input.value = "";
        note(t("host.keptFor", letter, name), "info");
      },
    },
    input,
    h("button", { type: "submit", class: "small" }, t("host.keepFor")),
  );
}

async function copy(button) {
  const input = button.parentElement.querySelector("input");
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
    button.textContent = t("copy.copied");
  } catch {
    button.textContent = t("copy.select");
  }
  setTimeout(() => (button.textContent = t("copy.copy")), 2000);
}

/**
 * The end of a game is a moment: a dialog over the table with the ranking, every seat's
 * scoring, Play again (the rematch box, moved in) and the replay and verify links. It opens
 * once when the game ends; closed (its button or Esc) it leaves the final board in view, and
 * the turn banner's "Result" button brings it back.
 */
function drawResult(view, over) {
  const box = $("#result");
  if (!over) {
    box.hidden = true;
    // The rematch box (an abandoned game's note) back at the top of the side column.
    const side = $(".side-info");
    if (app.rematch && app.rematch.box.parentElement !== side) side.prepend(app.rematch.box);
    return;
  }
  const c = ctx();
  const winners = view.winners || [];
  const names = winners.map((s) => (s === app.seat ? t("youLower") : nameOf(s)));
  let headline;
  if (winners.length === 0) headline = t("game.noWinner");
  else if (winners.length === 1)
    headline = winners[0] === app.seat ? t("game.youWin") : t("game.wins", names[0]);
  else headline = t("game.sharedWin", names);
  const main = h(
    "div",
    { class: "result-main" },
    h(
      "p",
      { class: "winners", "data-winners": winners.join(",") },
      ...winners.map((s) => seatSwatch(s)),
      ` ${headline}`,
    ),
    ranking(app.state.result),
    resignedNote(app.state.result),
    app.rematch ? app.rematch.box : null,
    h(
      "p",
      { class: "result-links" },
      h(
        "button",
        { type: "button", class: "small", id: "replay-link", onclick: replay },
        t("game.replay"),
      ),
      " ",
      h("a", { href: verifyPath(app.gameId), id: "verify-link" }, t("game.checkDraws")),
    ),
  );
  $("#result-body").replaceChildren(
    main,
    h("div", { class: "result-scoring" }, app.game.resultPanel(view, c)),
  );
  if (app.resultClosed) return;
  if (box.hidden) openResult();
}

/** The server's places in order (docs/RULES.md TB-1: ties share a place, a seat that
 * resigned after every other). */
function ranking(result) {
  const { scores = [], places = [] } = result || {};
  const resigned = new Set(result?.resigned || []);
  let place = 1;
  const items = [];
  for (const group of places) {
    for (const s of group) {
      items.push(
        h(
          "li",
          { "data-seat": s, "data-place": place },
          h("span", { class: "place" }, `${place}.`),
          seatSwatch(s, 14),
          h("span", { class: "who" }, s === app.seat ? t("game.rankYou") : nameOf(s)),
          h("span", { class: "pts" }, scores[s] === undefined ? "" : num(scores[s])),
          resigned.has(s) ? h("span", { class: "muted" }, ` (${t("game.resignedTag")})`) : null,
        ),
      );
    }
    place += group.length;
  }
  return h("ol", { class: "ranking", id: "ranking", "aria-label": t("game.rankingTitle") }, items);
}

function openResult() {
  const box = $("#result");
  app.resultClosed = false;
  const back = document.activeElement;
  app.resultReturn = back && back !== document.body ? back : null;
  box.hidden = false;
  document.body.dataset.result = "open";
  $("#result-title").focus({ preventScroll: true });
}

function closeResult() {
  const box = $("#result");
  if (box.hidden) return;
  box.hidden = true;
  app.resultClosed = true;
  document.body.dataset.result = "closed";
  const back = app.resultReturn?.isConnected ? app.resultReturn : $("#result-open");
  (back || $("#board")).focus({ preventScroll: true });
}

/** Replay: the result closes and the history slider goes to the first position. */
function replay() {
  closeResult();
  $("#history").scrollIntoView({ block: "nearest" });
  app.history.go(0);
  $("#history-slider")?.focus({ preventScroll: true });
}

/** Who resigned ranks last whatever the bot scored for them (docs/RULES.md TB-1): say so
 * where the scores might suggest otherwise. */
function resignedNote(result) {
  const resigned = result?.resigned || [];
  if (!resigned.length) return null;
  const onlyMe = resigned.length === 1 && resigned[0] === app.seat;
  return h(
    "p",
    { class: "resigned-note muted", "data-resigned": resigned.join(",") },
    onlyMe
      ? t("game.resignedLastYou")
      : t(
          "game.resignedLast",
          resigned.map((s) => nameOf(s)),
        ),
  );
}

// ---- event log ------------------------------------------------------------------------

/** Things that happen at the table, not in the game: they come between actions. */
const TABLE_EVENTS = new Set([
  "seat_released",
  "reveal_missed",
  ...REMATCH_TABLE_EVENTS,
  ...CLOCK_TABLE_EVENTS,
]);

/** Extend the log from a state message's events, or fetch what it cannot tell. */
function updateLog(state, meta) {
  // Table events (a seat released) do not move the version: they join the log as they come.
  const events = Array.isArray(state.events) ? state.events : [];
  const table = events.filter((ev) => TABLE_EVENTS.has(ev.type));
  if (table.length) {
    appendLog(
      table.map((ev) => ({
        seq: `t${state.version}.${ev.seat}.${ev.by || ev.type}`,
        seat: ev.seat,
        // A clock's expiry comes with the bot's move it was written with (docs/API.md).
        events: [ev.type === "clock_expired" ? { version: state.version - 1, ...ev } : ev],
      })),
    );
    state = { ...state, events: events.filter((ev) => !TABLE_EVENTS.has(ev.type)) };
  }
  if (state.version <= app.logVersion) return;
  // A state fetched by REST carries no events. While the socket is live, its own state of
  // this version follows with them (or a reconnect asks for them with `since`): asking
  // /log as well would only fetch them twice.
  if (!meta && app.conn?.isLive()) return;
  // The socket's `actions`: one entry per action, as /log has them. Used when they follow
  // on from what the log shows; anything else is fetched.
  const from = meta ? meta.from : null;
  const actions = Array.isArray(state.actions)
    ? state.actions.filter((a) => a.seq > app.logVersion)
    : [];
  if (
    !app.logBusy &&
    from !== null &&
    actions.length === state.version - app.logVersion &&
    actions[0].seq === app.logVersion + 1
  ) {
    appendLog(actions);
    app.logVersion = state.version;
    return;
  }
  // A state by REST with no live socket, a socket opened without `since`, or a fetch in
  // flight.
  refreshLog(state.version);
}

/** `force`: fetch even with no new version, for table events (a seat released). */
function refreshLog(upTo = app.state ? app.state.version : 0, force = false) {
  if (upTo <= app.logVersion && !force) return Promise.resolve();
  if (app.logBusy) {
    app.logAgain = true;
    return app.logBusy;
  }
  const gen = app.logGen;
  app.logBusy = (async () => {
    try {
      const res = await api(
        `/api/games/${encodeURIComponent(app.gameId)}/log?since=${app.logVersion}`,
        { token: app.token },
      );
      if (gen !== app.logGen) {
        app.logAgain = true; // the log was reset meanwhile: this answer is stale
        return;
      }
      // Table events (seats released) go after the action of their version.
      const table = (res.table_events || []).map((ev) => ({
        seq: `t${ev.version}.${ev.seat}.${ev.by || ev.type}`,
        seat: ev.seat,
        events: [ev],
        at: ev.version + 0.5,
      }));
      appendLog(
        [...(res.entries || []).map((e) => ({ ...e, at: e.seq })), ...table].sort(
          (a, b) => a.at - b.at,
        ),
      );
      app.logVersion = Math.max(app.logVersion, res.version || 0);
    } catch {
      /* shown again on the next change */
    } finally {
      app.logBusy = null;
      if (app.logAgain) {
        app.logAgain = false;
        refreshLog();
      }
    }
  })();
  return app.logBusy;
}

/** Events both games share; a game's own eventText tells the rest. */
function sharedEventText(ev, c) {
  const who = c.who(ev.seat);
  switch (ev.type) {
    case "pass":
      return t("ev.pass", who);
    case "seat_released":
      return ev.by === "host"
        ? t("ev.releasedByHost", seatStyle(ev.seat).letter)
        : t("ev.releasedByPlayer", seatStyle(ev.seat).letter);
    case "game_over":
      // The server gives the table's winners (a seat that resigned is never one).
      return ev.winners?.length
        ? t(
            "ev.gameOver",
            ev.winners.map((w) => c.nameOf(w)),
          )
        : t("ev.gameOverNoWinner");
    case "turn":
      return "";
    case "undo":
      return undoEventText(ev, c);
    case "reveal_missed":
      return t("ev.revealMissed", (ev.seats || []).map((s) => c.nameOf(s)).join(", "));
    default:
      return tableEventText(ev, c) ?? clockEventText(ev, c) ?? ev.type.replace(/_/g, " ");
  }
}

function eventText(ev, c) {
  try {
    return app.game.eventText(ev, c) ?? sharedEventText(ev, c);
  } catch (err) {
    // One odd event must not stop the log: show it plainly and say so in the console.
    console.error("cannot describe event", ev, err);
    return String(ev.type || "event").replace(/_/g, " ");
  }
}

/** The context of a move the bot made for `seat`: that seat is "the bot for you/Ben". */
function botCtx(c, seat) {
  const name = seat === app.seat ? null : nameOf(seat);
  return {
    ...c,
    who: (s) =>
      s !== seat ? c.who(s) : name === null ? t("log.botForYou") : t("log.botFor", name),
  };
}

function appendLog(entries) {
  app.marks?.add(entries);
  app.log.append(entries);
}

init().catch((err) => fatal(t("game.failed", errorText(err))));
