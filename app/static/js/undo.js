// Taking back one's last action (docs/API.md, "Take-backs"). The server decides when it is
// allowed (`can_undo` in every state message); this module only shows the button exactly
// then, answers the `z` key, and posts the take-back. The new state comes like after any
// move, over the socket.

import { ApiError, api } from "./api.js";
import { errorText, t } from "./i18n.js";
import { h } from "./svg.js";

// Texts: text/en.js and text/de.js, keys "undo.*".
const TEXT = {
  button: () => t("undo.button"),
  title: () => t("undo.title"),
  sending: () => t("undo.sending"),
  refused: (why) => t("undo.refused", why),
  event: (who) => t("undo.event", who),
};

/** The log line of an `undo` event (`c.who(seat)` names the seat as the log does). */
export function undoEventText(ev, c) {
  return TEXT.event(c.who(ev.seat));
}

function typing(target) {
  return !!target?.closest?.("input, textarea, select, [contenteditable]");
}

export class Undo {
  /**
   * `where`: the element the button goes after; `gameId`, `token()`: whose take-back;
   * `refresh()`: fetch the view when no socket brings it; `note(msg)`: show a refusal.
   */
  constructor({ where, gameId, token, refresh, note }) {
    this.gameId = gameId;
    this.token = token;
    this.refresh = refresh;
    this.note = note;
    this.state = null;
    this.busy = false;
    this.button = h(
      "button",
      { type: "button", id: "undo", class: "undo", title: TEXT.title(), hidden: "" },
      TEXT.button(),
    );
    this.button.addEventListener("click", () => this.take());
    where.after(this.button);
    document.addEventListener("keydown", (ev) => {
      if (ev.key !== "z" || ev.ctrlKey || ev.metaKey || ev.altKey || typing(ev.target)) return;
      if (this.allowed()) {
        ev.preventDefault();
        this.take();
      }
    });
  }

  allowed() {
    return !!this.state?.can_undo && this.state.seat !== null && !this.busy && !!this.token();
  }

  /** Called with every new state message. */
  update(state) {
    if (this.state && state.version !== this.state.version) this.busy = false;
    this.state = state;
    this.draw();
  }

  draw() {
    this.button.hidden = !this.allowed() && !this.busy;
    this.button.disabled = this.busy;
    this.button.textContent = this.busy ? TEXT.sending() : TEXT.button();
  }

  async take() {
    if (!this.allowed()) return;
    const version = this.state.version;
    this.busy = true;
    this.draw();
    try {
      await api(`/api/games/${encodeURIComponent(this.gameId)}/undo`, {
        method: "POST",
        token: this.token(),
        body: { version },
      });
      if (this.state.version <= version) await this.refresh();
    } catch (err) {
      this.note(TEXT.refused(err instanceof ApiError ? errorText(err) : String(err)));
      await this.refresh();
    } finally {
      if (this.state.version <= version) this.busy = false;
      this.draw();
    }
  }
}
