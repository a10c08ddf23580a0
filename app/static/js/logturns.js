// "What happened", grouped by turn (issue 37, finding 3).
//
// The server logs one entry per action ({seq, seat, events}, GET /api/games/{id}/log and the
// socket's `actions`); Dschingis Khan takes several actions per turn (take, take, build,
// step, …). A turn is the run of actions from one seat's first up to the action that hands
// the move to another seat (its `turn` or `game_over` event): consecutive actions of that
// seat, and the answers of seats its actions gave a right to (the game's `rightTo` hook: Die
// Dolmengötter's dolmen rights, DG-7: answering a right is not a turn), told under the
// answering seat's mark. Anything else another seat does begins a turn of its own. The log
// shows one line per turn, "Ben: took 2 wall pieces, built walls on lines 5 and 15, scout
// 7 → 29.", with a button that unfolds the turn's steps (the per-action texts, as before).
// Hovering, focusing or tapping a turn lights all its pieces; a step, its own (marks.js).
// What an action did for another seat (its draw as its turn begins, a right to answer) is
// said under that seat's mark; events of nobody's (a circle scored, the final phase) after
// the sentence. Table events (a seat given back, a clock run out, a resignation) keep lines
// of their own.
//
// `onTurn(text, group)`: a turn of another seat is complete (for the live region); called
// only for turns that complete after `live()` is called, never for the history loaded.

import { t } from "./i18n.js";
import { seatSwatch } from "./palette.js";
import { h } from "./svg.js";

const MAX_TURNS = 300;

/** Events that end a seat's turn: another seat is to move, or nobody. */
const ENDS_TURN = new Set(["turn", "game_over"]);

const isAction = (e) => Number.isInteger(e.seq);
/** The group's latest action handed the move on. */
const ended = (g) => (g.entries.at(-1).events || []).some((ev) => ENDS_TURN.has(ev.type));

/** Does `next` continue the turn of `group` ({seat, entries}, its actions so far)? Yes if the
 * turn has not handed the move on and `next` is its seat's, or the turn gave `next`'s seat a
 * right to answer (the game's `rightTo(ev)` hook: the seat an event gives a right to). */
export function continuesTurn(group, next, game) {
  if (!isAction(group.entries.at(-1)) || !isAction(next) || !Number.isInteger(group.seat)) {
    return false;
  }
  if (ended(group)) return false;
  if (next.seat === group.seat) return true;
  const rightTo = game?.rightTo;
  return (
    Boolean(rightTo) &&
    group.entries.some((e) => (e.events || []).some((ev) => rightTo(ev) === next.seat))
  );
}

/** Entries (in order) grouped into turns: [{seat, entries}]; `game`: the game's module. */
export function groupTurns(entries, game) {
  const groups = [];
  for (const e of entries) {
    const last = groups.at(-1);
    if (last && continuesTurn(last, e, game)) last.entries.push(e);
    else groups.push({ seat: e.seat, entries: [e] });
  }
  return groups;
}

/**
 * The short clause of an event for the seat whose turn it is: a pass or an undo here, the
 * game's own events by its `turnClause(ev, you, prev, later)` hook, which may merge a run of
 * the same kind into `prev` ("took 1 wall piece" twice: "took 2 wall pieces") or skip an
 * event a `later` one says. `null`: not a clause.
 */
function clauseOf(game, ev, you, prev, later) {
  if (ev.type === "pass") return { text: () => t("log.pass", you) };
  if (ev.type === "undo") return { text: () => t("log.undo", you) };
  return game.turnClause?.(ev, you, prev, later) ?? null;
}

/**
 * A turn told in one sentence: {main: "Ben: …", parts: [{seat, texts}]} where `parts` are
 * what it did for other seats (under their marks) and events of nobody's (seat null).
 * `eventText(ev, c)`: an event's own log line.
 */
export function turnParts(game, group, c, eventText) {
  const seat = group.seat;
  const events = group.entries.flatMap((e) => e.events || []);
  const clauses = [];
  const parts = [];
  let prev = null;
  events.forEach((ev, i) => {
    if (ev.type === "turn") return;
    const evSeat = Number.isInteger(ev.seat) ? ev.seat : seat;
    const own = isAction(group.entries[0]) && evSeat === seat;
    const clause = clauseOf(
      game,
      ev,
      own && seat === c.seat,
      own ? prev : null,
      events.slice(i + 1),
    );
    // Said by a later event, whoever's it is (a right, by its answer).
    if (clause?.skip) return;
    if (own && clause) {
      if (clause !== prev) clauses.push(clause);
      prev = clause;
      return;
    }
    prev = null;
    const text = eventText(ev, c);
    if (!text) return;
    const partSeat = evSeat === seat && clauses.length ? null : evSeat;
    const last = parts.at(-1);
    if (last && last.seat === partSeat) last.texts.push(text);
    else parts.push({ seat: partSeat, texts: [text] });
  });
  const main = clauses.length
    ? t(
        "log.turn",
        c.who(seat),
        clauses.map((cl) => cl.text()),
      )
    : null;
  if (!main) {
    const first = parts.shift();
    return { main: first ? first.texts.join(" ") : "", mainSeat: first?.seat ?? seat, parts };
  }
  return { main, mainSeat: seat, parts };
}

/** The texts of one action (a step of a turn), by seat, as the log always showed them. */
function stepParts(entry, c, eventText) {
  const parts = [];
  for (const ev of entry.events || []) {
    const text = eventText(ev, c);
    if (!text) continue;
    const seat = Number.isInteger(ev.seat) ? ev.seat : entry.seat;
    const last = parts.at(-1);
    if (last && last.seat === seat) last.texts.push(text);
    else parts.push({ seat, texts: [text] });
  }
  return parts;
}

function lines(parts, mainSize) {
  return parts.map((p, i) =>
    h(
      "span",
      { class: i === 0 && mainSize ? "log-main" : "log-sub", "data-seat": p.seat ?? null },
      Number.isInteger(p.seat) ? seatSwatch(p.seat, i === 0 && mainSize ? 14 : 12) : null,
      h("span", { class: "log-text" }, p.texts.join(" ")),
    ),
  );
}

/**
 * The log list `list` (an <ol>): `append(entries)` with every batch (in order; duplicates
 * are dropped), `clear()`, `live()` once the history is shown.
 * `hooks`: {game() (the game's module), ctx(), eventText(ev, c), onTurn(text, group)} and optionally
 * `entryCtx(entry, c)`: the context an action is told in (a move the server's bot made for a
 * seat names the bot).
 */
export class TurnLog {
  constructor(list, hooks) {
    this.list = list;
    this.hooks = hooks;
    this.groups = []; // oldest first: {seat, entries, li, key, told}
    this.seen = new Set();
    this.told = new Set(); // turns announced (by their first action), kept over a clear()
    this.isLive = false;
    this.ids = 0;
  }

  clear() {
    this.groups = [];
    this.seen.clear();
    this.list.replaceChildren();
  }

  live() {
    this.isLive = true;
    // What was loaded is history; a turn still going on is told when it ends.
    const last = this.groups.at(-1);
    for (const g of this.groups) if (g !== last || ended(g)) this.told.add(g.key);
  }

  append(entries) {
    const c = this.hooks.ctx();
    const touched = new Set();
    for (const e of entries) {
      const key = String(e.seq);
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      const last = this.groups.at(-1);
      if (last && continuesTurn(last, e, this.hooks.game())) {
        last.entries.push(e);
        touched.add(last);
      } else {
        if (last) this.complete(last, c);
        const g = { seat: e.seat, entries: [e], key, li: null };
        this.groups.push(g);
        touched.add(g);
      }
    }
    for (const g of touched) this.render(g, c);
    const last = this.groups.at(-1);
    if (last && ended(last)) this.complete(last, c);
    while (this.groups.length > MAX_TURNS) {
      const g = this.groups.shift();
      g.li?.remove();
    }
  }

  /** A turn is over: tell it (another seat's, seen live, once). */
  complete(g, c) {
    if (this.told.has(g.key)) return;
    this.told.add(g.key);
    if (!this.isLive || !isAction(g.entries[0])) return;
    if (Number.isInteger(c.seat) && g.seat === c.seat) return;
    const { main, parts } = turnParts(
      this.hooks.game(),
      g,
      this.ctxOf(g.entries[0], c),
      this.hooks.eventText,
    );
    const text = [main, ...parts.map((p) => p.texts.join(" "))].filter(Boolean).join(" ");
    if (text) this.hooks.onTurn?.(text, g);
  }

  ctxOf(entry, c) {
    return this.hooks.entryCtx ? this.hooks.entryCtx(entry, c) : c;
  }

  render(g, c) {
    const { game, eventText } = this.hooks;
    const { main, mainSeat, parts } = turnParts(game(), g, this.ctxOf(g.entries[0], c), eventText);
    if (!main && !parts.length) {
      g.li?.remove();
      g.li = null;
      return;
    }
    const head = lines([{ seat: mainSeat, texts: [main] }, ...parts], true);
    const seqs = g.entries.filter(isAction).map((e) => e.seq);
    let li = g.li;
    if (!li) {
      li = h("li", { class: "log-turn", tabindex: "0", "data-turn": g.key });
      g.li = li;
      this.list.prepend(li); // newest first
    }
    li.dataset.seat = Number.isInteger(g.seat) ? String(g.seat) : "";
    li.dataset.seqs = seqs.join(" ");
    // The sentence (and what it did for others) replaced; the steps kept, new ones added.
    for (const old of li.querySelectorAll(":scope > .log-main, :scope > .log-sub")) old.remove();
    li.prepend(...head);
    if (g.entries.length === 1) {
      li.dataset.seq = String(g.entries[0].seq);
      return;
    }
    delete li.dataset.seq;
    let steps = li.querySelector(":scope > .log-steps");
    if (!steps) {
      this.ids += 1;
      steps = h("ol", { class: "log-steps", id: `log-steps-${this.ids}`, hidden: true });
      li.append(steps);
    }
    // "4 steps" at the end of the sentence's line: it unfolds the steps under it.
    const more = h("button", {
      type: "button",
      class: "log-more",
      "aria-expanded": steps.hidden ? "false" : "true",
      "aria-controls": steps.id,
    });
    li.querySelector(":scope > .log-main")?.append(more);
    // Compact on the line ("▸ 4"), named in full: "4 steps".
    more.textContent = String(g.entries.length);
    more.setAttribute("aria-label", t("log.steps", g.entries.length));
    more.title = t("log.steps", g.entries.length);
    const shown = new Set([...steps.children].map((s) => s.dataset.seq));
    for (const e of g.entries) {
      if (shown.has(String(e.seq))) continue;
      const sp = stepParts(e, this.ctxOf(e, c), eventText);
      steps.append(
        h(
          "li",
          { "data-seq": e.seq, "data-seat": e.seat ?? null, tabindex: "0" },
          lines(sp.length ? sp : [{ seat: e.seat, texts: ["…"] }], true),
        ),
      );
    }
  }
}

/** The step list's button: fold or unfold a turn's steps. */
export function toggleSteps(button) {
  const steps = button.closest("li.log-turn")?.querySelector(":scope > .log-steps");
  const open = button.getAttribute("aria-expanded") !== "true";
  button.setAttribute("aria-expanded", open ? "true" : "false");
  if (steps) steps.hidden = !open;
}
