// A table's whole life (docs/API.md, "A table's whole life"): at the end, "Play again" for
// seated players and, once someone offered, "X offers a rematch — Take your seat" (one
// click: the old seat token takes the kept seat, the new token is stored, the page goes to
// the new game); for the host, "Abandon game" while the game is not over. The server
// decides everything; this module only reads `rematch` and `status` from each state.

import { ApiError, api, loadSeat, rememberedName, saveHost, saveSeat } from "./api.js";
import { keepContribution, newContribution, seatCommitmentOf } from "./fairness.js";
import { errorText, locale, t } from "./i18n.js";
import { seatStyle } from "./palette.js";
import { h } from "./svg.js";

/** The log line of a table event of this module, or null for any other event. */
export function tableEventText(ev, c) {
  switch (ev.type) {
    case "rematch_offered":
      return t("rematch.ev.offered", c.who(ev.by));
    case "rematch_joined":
      return t("rematch.ev.joined", c.who(ev.seat));
    case "game_abandoned":
      return t("rematch.ev.abandoned");
    default:
      return null;
  }
}

export const REMATCH_TABLE_EVENTS = new Set([
  "rematch_offered",
  "rematch_joined",
  "game_abandoned",
]);

const refusal = (what, why) => `${what}: ${why}`;

const play = (gameId) => `/play/${encodeURIComponent(gameId)}`;

function clock(iso) {
  const at = new Date(iso);
  return Number.isNaN(at.getTime())
    ? iso
    : at.toLocaleTimeString(locale(), { hour: "2-digit", minute: "2-digit" });
}

export class Rematch {
  /**
   * `where`: the element the offer box goes before; `side`: where the host's Abandon
   * button goes; `gameId`; `seat()`, `token()`, `host()`: this page's seat, its token and
   * the host token; `nameOf(seat)`; `note(msg)`: show a refusal.
   */
  constructor({ where, side, gameId, seat, token, host, nameOf, note }) {
    Object.assign(this, { gameId, seat, token, host, nameOf, note });
    this.state = null;
    this.busy = false;
    this.box = h("section", {
      id: "rematch",
      class: "card rematch",
      "aria-live": "polite",
      hidden: "",
    });
    where.before(this.box);
    this.abandonButton = h(
      "button",
      { type: "button", id: "abandon", class: "small abandon", hidden: "" },
      t("rematch.abandon"),
    );
    this.abandonButton.addEventListener("click", () => this.abandon());
    side.append(this.abandonButton);
  }

  /** Called with every new state message. */
  update(state) {
    this.state = state;
    this.draw();
  }

  draw() {
    const st = this.state;
    if (!st) return;
    const running = st.status === "open" || st.status === "running";
    this.abandonButton.hidden = !(this.host() && running);
    this.abandonButton.disabled = this.busy;
    const body = this.body(st);
    this.box.hidden = body.length === 0;
    this.box.dataset.offer = st.rematch ? st.rematch.game : "";
    this.box.replaceChildren(...body);
  }

  body(st) {
    if (st.status === "abandoned") return [h("p", { class: "abandoned" }, t("rematch.abandoned"))];
    if (st.status !== "over") return [];
    const seat = this.seat();
    const offer = st.rematch;
    if (!offer) {
      if (seat === null || !this.token()) return [];
      return [
        h("h2", {}, t("rematch.againTitle")),
        h("p", { class: "hint" }, t("rematch.againHint")),
        h(
          "button",
          {
            type: "button",
            id: "play-again",
            class: "primary",
            disabled: this.busy,
            onclick: () => this.offer(),
          },
          this.busy ? t("rematch.offering") : t("rematch.again"),
        ),
      ];
    }
    const by =
      offer.by === seat
        ? t("rematch.youOffered")
        : `${t("rematch.offers", this.nameOf(offer.by))}.`;
    const names = offer.seats.map((s) => (s === seat ? t("youLower") : this.nameOf(s))).join(", ");
    const out = [h("h2", {}, t("rematch.title")), h("p", { class: "offer" }, by)];
    const mine = seat !== null && offer.seats.includes(seat);
    const kept = Date.now() < new Date(offer.until).getTime();
    const canTake = seat !== null && !mine && kept && !!this.token();
    if (canTake) {
      out[1] = h(
        "p",
        { class: "offer" },
        `${t("rematch.offers", this.nameOf(offer.by))} — `,
        h(
          "button",
          {
            type: "button",
            id: "take-seat",
            class: "primary",
            disabled: this.busy,
            onclick: () => this.take(),
          },
          this.busy ? t("rematch.taking") : t("rematch.take"),
        ),
      );
      out.push(
        h("p", { class: "hint" }, t("rematch.yourSeat", seatStyle(this.newSeat(seat)).letter)),
      );
    } else if (seat !== null && !mine) {
      out.push(h("p", { class: "hint" }, t("rematch.expired", clock(offer.until))));
    }
    out.push(h("p", { class: "hint" }, t("rematch.waiting", names)));
    if (canTake) return out;
    const held = loadSeat(offer.game);
    out.push(
      h(
        "p",
        {},
        h(
          "a",
          { href: play(offer.game), id: "rematch-link", class: mine || held ? "button" : "" },
          mine || held ? t("rematch.go") : t("rematch.watch"),
        ),
      ),
    );
    return out;
  }

  /** Where an old seat sits in the rematch (docs/API.md: old seat s → (s + 1) % n). */
  newSeat(seat) {
    return (seat + 1) % (this.state.seats || []).length;
  }

  /** Keep what the server answered (`RematchSeat`) and go to the new game. */
  enter(res, contribution) {
    const name = this.nameOf(this.seat()) || rememberedName();
    if (res.token) saveSeat(res.game_id, res.seat, res.token, name);
    if (res.token) keepContribution(res.game_id, res.seat, contribution); // revealed there
    if (res.host_token) saveHost(res.game_id, res.host_token);
    location.assign(play(res.game_id));
  }

  async post(path, what) {
    if (this.busy) return;
    this.busy = true;
    this.draw();
    try {
      const contribution = newContribution(); // fair draws: committed now, revealed later
      const res = await api(`/api/games/${encodeURIComponent(this.gameId)}${path}`, {
        method: "POST",
        token: this.token(),
        body: { commitment: await seatCommitmentOf(contribution) },
      });
      this.enter(res, contribution);
    } catch (err) {
      this.busy = false;
      this.note(refusal(what, err instanceof ApiError ? errorText(err) : String(err)));
      this.draw();
    }
  }

  offer() {
    return this.post("/rematch", t("rematch.noRematch"));
  }

  take() {
    return this.post("/rematch/join", t("rematch.notTaken"));
  }

  async abandon() {
    if (!this.host() || this.busy || !window.confirm(t("rematch.abandonConfirm"))) return;
    this.busy = true;
    this.draw();
    try {
      await api(`/api/games/${encodeURIComponent(this.gameId)}/abandon`, {
        method: "POST",
        token: this.host(),
      });
    } catch (err) {
      this.note(
        refusal(t("rematch.notAbandoned"), err instanceof ApiError ? errorText(err) : String(err)),
      );
    } finally {
      this.busy = false;
      this.draw();
    }
  }
}
