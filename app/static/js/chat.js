// The table chat (docs/API.md, "Table chat"): a panel under the log where the players and
// the watchers talk. Lines come live over the game's socket (`chat` messages); on every
// (re)connect the panel asks `GET .../chat?after=` for what it missed, page by page. A line is sent on
// the socket when it is live, else over REST. Texts are only ever put in the page with
// textContent: whatever looks like HTML is shown as typed.

import { ApiError, api } from "./api.js";
import { errorText, locale, t } from "./i18n.js";
import { seatStyle, seatSwatch } from "./palette.js";
import { h } from "./svg.js";

const MAX_TEXT = 500;
const MAX_SHOWN = 300;
const PAGE = 100; // messages GET .../chat answers at most
const NAME_KEY = "tafelrunde.chat.name";
const PHONE = "(max-width: 900px)";

/** Refusals of a chat line: shown under the input, not as the game's message. */
export function isChatRefusal(msg) {
  return typeof msg?.code === "string" && msg.code.startsWith("chat_");
}

function time(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ""
    : d.toLocaleTimeString(locale(), { hour: "2-digit", minute: "2-digit" });
}

function storedName() {
  try {
    return localStorage.getItem(NAME_KEY) || "";
  } catch {
    return "";
  }
}

export class Chat {
  /**
   * `before`: the element the panel goes before; `gameId`; `seat()`, `token()`: who writes
   * (a seat, or null: a watcher); `host()`: the host token on the host's page, else null;
   * `send(obj)`: send on the live socket (false when it is not live); `nameOf(seat)`.
   */
  constructor({ before, gameId, seat, token, host, send, nameOf }) {
    this.gameId = gameId;
    this.seat = seat;
    this.token = token;
    this.host = host;
    this.sendOnSocket = send;
    this.nameOf = nameOf;
    this.lastId = 0;
    this.shown = new Set();
    this.unread = 0;
    this.watchersMayWrite = true;
    this.pending = null; // the text last sent on the socket, until it comes back or is refused
    this.build(before);
    this.draw();
  }

  get path() {
    return `/api/games/${encodeURIComponent(this.gameId)}/chat`;
  }

  build(before) {
    this.count = h("span", { class: "chat-unread" });
    this.list = h("ol", {
      id: "chat-list",
      class: "chat-list",
      "aria-live": "polite",
      "aria-label": t("chat.messages"),
      "data-empty": t("chat.none"),
      tabindex: "0",
    });
    this.input = h("input", {
      id: "chat-input",
      type: "text",
      maxlength: String(MAX_TEXT),
      autocomplete: "off",
      "aria-label": t("chat.message"),
      title: t("chat.inputTitle", MAX_TEXT),
      enterkeyhint: "send",
    });
    this.error = h("p", { id: "chat-error", class: "error chat-error", role: "alert", hidden: "" });
    this.name = h("input", {
      id: "chat-name",
      type: "text",
      maxlength: "40",
      autocomplete: "nickname",
      placeholder: t("chat.namePlaceholder"),
      value: storedName(),
    });
    this.nameField = h("label", { class: "chat-name" }, t("chat.nameLabel"), " ", this.name);
    this.button = h("button", { type: "submit", class: "chat-send" }, t("chat.send"));
    this.form = h(
      "form",
      { id: "chat-form", class: "chat-form" },
      h("div", { class: "chat-row" }, this.input, this.button),
      this.error,
      this.nameField,
    );
    this.closedNote = h("p", { class: "chat-closed", hidden: "" }, t("chat.closed"));
    this.switch = h("input", { type: "checkbox", id: "chat-watchers", checked: true });
    this.switchField = h(
      "label",
      { class: "field check chat-switch", hidden: "" },
      this.switch,
      t("chat.hostSwitch"),
    );
    this.panel = h(
      "details",
      { id: "chat", class: "card chat" },
      h("summary", { class: "chat-title" }, h("h2", {}, t("chat.title"), this.count)),
      this.list,
      this.closedNote,
      this.form,
      this.switchField,
    );
    // Open under the log on a wide screen; folded above the log (its tab) on a phone.
    this.panel.open = !window.matchMedia(PHONE).matches;
    this.panel.addEventListener("toggle", () => {
      if (this.panel.open) {
        this.unread = 0;
        this.drawUnread();
        this.scrollDown();
      }
    });
    this.form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      this.submit();
    });
    this.input.addEventListener("input", () => this.showError(null));
    this.name.addEventListener("change", () => {
      try {
        localStorage.setItem(NAME_KEY, this.name.value.trim());
      } catch {
        /* private mode: the name lasts for this page only */
      }
    });
    this.switch.addEventListener("change", () => this.setWatchers(this.switch.checked));
    before.before(this.panel);
  }

  /**
   * Call when the socket is live (again): fetch the lines missed meanwhile. The first time
   * the chat's last page; after that the pages after the last line this page had, oldest
   * first, until one is not full (lines coming live meanwhile do not move that cursor).
   */
  async catchUp() {
    try {
      let from = this.lastId;
      for (;;) {
        const page = await api(from ? `${this.path}?after=${from}` : this.path);
        this.watchersMayWrite = page.watchers;
        for (const m of page.messages) this.add(m);
        const last = page.messages.at(-1)?.id ?? from;
        if (!from || page.messages.length < PAGE || last <= from) break;
        from = last;
      }
      this.draw();
    } catch {
      /* the next connect tries again */
    }
  }

  /** A `chat` or `chat_settings` message from the socket. */
  receive(msg) {
    if (msg.type === "chat_settings") {
      this.watchersMayWrite = !!msg.watchers;
      this.draw();
    } else if (msg.type === "chat" && msg.message) {
      const mine = this.isMine(msg.message);
      this.add(msg.message);
      if (mine) this.pending = null;
    }
  }

  /** A refused line (an `error` whose code starts with chat_): shown under the input. */
  refused(msg) {
    if (this.pending !== null && !this.input.value) this.input.value = this.pending;
    this.pending = null;
    this.showError(t("chat.sendFailed", msg.message ? errorText(msg) : t("chat.refused")));
  }

  isMine(m) {
    const seat = this.seat();
    return this.pending !== null && m.text === this.pending.trim() && m.seat === seat;
  }

  add(m) {
    if (this.shown.has(m.id)) return;
    this.shown.add(m.id);
    this.lastId = Math.max(this.lastId, m.id);
    const who = m.watcher
      ? h(
          "span",
          { class: "chat-who watcher" },
          h("span", { class: "chat-name-text" }, m.name),
          h("span", { class: "chat-tag" }, t("chat.watcherTag")),
        )
      : h(
          "span",
          { class: "chat-who", title: t("seat.seat", seatStyle(m.seat).letter) },
          seatSwatch(m.seat, 14),
          h("span", { class: "chat-name-text" }, m.seat === this.seat() ? t("you") : m.name),
        );
    const li = h(
      "li",
      { class: m.watcher ? "chat-line from-watcher" : "chat-line", "data-id": String(m.id) },
      who,
      h("time", { class: "chat-time", datetime: m.created_at }, time(m.created_at)),
      h("span", { class: "chat-text" }, m.text),
    );
    // In id order, even when a line arrives late.
    const later = [...this.list.children].find((el) => Number(el.dataset.id) > m.id);
    this.list.insertBefore(li, later || null);
    while (this.list.children.length > MAX_SHOWN) this.list.firstElementChild.remove();
    if (!this.panel.open) {
      this.unread += 1;
      this.drawUnread();
    }
    this.scrollDown();
  }

  scrollDown() {
    this.list.scrollTop = this.list.scrollHeight;
  }

  drawUnread() {
    this.count.textContent = this.unread ? t("chat.unread", this.unread) : "";
  }

  watching() {
    return this.seat() === null || !this.token();
  }

  draw() {
    const watching = this.watching();
    const closed = watching && !this.watchersMayWrite;
    this.closedNote.hidden = !closed;
    this.input.disabled = closed;
    this.button.disabled = closed;
    this.input.placeholder = closed
      ? t("chat.closedPlaceholder")
      : watching
        ? t("chat.watcherPlaceholder")
        : t("chat.placeholder");
    this.nameField.hidden = !watching || closed;
    this.switchField.hidden = !this.host();
    this.switch.checked = this.watchersMayWrite;
  }

  showError(text) {
    this.error.hidden = !text;
    this.error.textContent = text || "";
  }

  async submit() {
    const text = this.input.value;
    if (!text.trim()) {
      this.showError(t("chat.sendFailed", t("error.chat_empty")));
      return;
    }
    this.showError(null);
    const watching = this.watching();
    const name = watching ? this.name.value.trim() || null : null;
    const body = watching && name ? { text, name } : { text };
    this.input.value = "";
    if (this.sendOnSocket({ type: "chat", ...body })) {
      this.pending = text;
      return;
    }
    try {
      const m = await api(this.path, {
        method: "POST",
        body,
        token: watching ? null : this.token(),
      });
      this.add(m);
    } catch (err) {
      if (!this.input.value) this.input.value = text;
      this.showError(t("chat.sendFailed", err instanceof ApiError ? errorText(err) : String(err)));
    }
  }

  async setWatchers(open) {
    try {
      const answer = await api(`${this.path}/settings`, {
        method: "PUT",
        body: { watchers: open },
        token: this.host(),
      });
      this.watchersMayWrite = answer.watchers;
    } catch (err) {
      this.showError(err instanceof ApiError ? errorText(err) : String(err));
    }
    this.draw();
  }
}
