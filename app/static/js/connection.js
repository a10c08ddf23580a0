// The live connection to /ws/games/{id}: one socket, reconnecting by itself with
// exponential backoff (plus jitter, so a restarted server is not hit by every client at
// once). The server sends the current state on every connect; with `since` (the last
// version whose events the page has) that first message also carries the events missed
// while away, so a reconnect needs no catch-up logic here.
//
// Only 4401 and 4403 mean "this token is no good" (the seat was given back, or never was
// this game's): then, and only then, the page lets its seat go. 1013 (too many
// connections, the database away, fell behind reading) and every other code retry later.

const PING_EVERY_MS = 20000;
const SILENT_LIMIT_MS = 50000; // no message for this long: the socket is dead, replace it
const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 15000;
const OFFLINE_RETRY_MS = 30000;

export class Connection {
  /**
   * @param {string} gameId
   * @param {string|null} token  seat token, or null for a spectator
   * @param {{onMessage: Function, onStatus: Function, since?: Function}} handlers
   *   onStatus(status, detail): status is "connecting" | "live" | "reconnecting" | "offline"
   *   onMessage(msg, meta): for a state message, meta.from is the version after which its
   *     `events` start (null when the message carries no events to rely on)
   *   since(): the version to ask events after when (re)connecting, or null
   */
  constructor(gameId, token, { onMessage, onStatus, since = () => null }) {
    this.gameId = gameId;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.since = since;
    this.eventsFrom = null; // per socket: the version its next state message's events follow
    this.ws = null;
    this.attempt = 0;
    this.retryTimer = null;
    this.pingTimer = null;
    this.lastHeard = 0;
    this.stopped = false;
    this.status = null;
    this.retryAt = 0;
    window.addEventListener("online", () => this.reconnectNow());
    window.addEventListener("offline", () => this.dropped("offline"));
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && !this.isLive()) this.reconnectNow();
    });
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    // `presence=1`: the server sends who is at the table whenever it changes (presence.js).
    const q = new URLSearchParams({ presence: "1" });
    // The token goes in the first message, not the URL: URLs end up in proxies' logs.
    const since = this.since();
    this.eventsFrom = Number.isInteger(since) ? since : null;
    if (this.eventsFrom !== null) q.set("since", String(this.eventsFrom));
    return `${proto}//${location.host}/ws/games/${encodeURIComponent(this.gameId)}?${q}`;
  }

  isLive() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN && this.status === "live";
  }

  setStatus(status, detail = {}) {
    this.status = status;
    this.onStatus(status, detail);
  }

  start() {
    this.stopped = false;
    this.open();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    if (this.ws) this.ws.close(1000, "bye");
    this.ws = null;
  }

  open() {
    clearTimeout(this.retryTimer);
    if (this.stopped) return;
    this.setStatus(this.attempt === 0 ? "connecting" : "reconnecting", { attempt: this.attempt });
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.lastHeard = Date.now();
      if (this.token) ws.send(JSON.stringify({ type: "auth", token: this.token }));
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.keepAlive(), PING_EVERY_MS / 2);
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      this.lastHeard = Date.now();
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      // Until the server has read our token it shows the spectator's view: skip that one.
      if (msg.type === "state" && this.token && msg.seat === null) return;
      if (msg.type === "state" && this.status !== "live") {
        // Live only once the server has sent the state: then the page is current.
        this.attempt = 0;
        this.setStatus("live");
      }
      let meta = {};
      if (msg.type === "state") {
        meta = { from: this.eventsFrom };
        if (typeof msg.version === "number") this.eventsFrom = msg.version;
      }
      this.onMessage(msg, meta);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.pingTimer);
      if (this.stopped) return;
      if (ev.code === 4401 || ev.code === 4403) {
        // The server refused our token: retrying the same one cannot help.
        this.setStatus("offline", { reason: "refused", code: ev.code });
        return;
      }
      if (ev.code === 1008) {
        // No such game: nothing to retry, but no word about our token either.
        this.setStatus("offline", { reason: "closed", code: ev.code });
        return;
      }
      // Any other code retries with `since`, after a backoff: 1013 included.
      this.scheduleRetry();
    };
    ws.onerror = () => {
      /* onclose follows and schedules the retry */
    };
  }

  keepAlive() {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    if (Date.now() - this.lastHeard > SILENT_LIMIT_MS) {
      this.dropped("silent");
      return;
    }
    if (Date.now() - this.lastHeard > PING_EVERY_MS) this.send({ type: "ping" });
  }

  /** The socket is gone (or must be replaced): close it and retry with backoff. */
  dropped(reason) {
    const ws = this.ws;
    this.ws = null;
    clearInterval(this.pingTimer);
    if (ws) {
      try {
        ws.close(4000, reason);
      } catch {
        /* already closing */
      }
    }
    if (!this.stopped) this.scheduleRetry();
  }

  scheduleRetry() {
    clearTimeout(this.retryTimer);
    if (navigator.onLine === false) {
      // No network at all: wait for the "online" event instead of knocking in vain (a slow
      // retry stays, in case the browser's idea of being offline is wrong).
      this.retryAt = Date.now() + OFFLINE_RETRY_MS;
      this.setStatus("offline", { attempt: this.attempt });
      this.retryTimer = setTimeout(() => this.open(), OFFLINE_RETRY_MS);
      return;
    }
    const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** this.attempt);
    const delay = Math.round(base * (0.8 + Math.random() * 0.4));
    this.attempt += 1;
    this.retryAt = Date.now() + delay;
    this.setStatus("reconnecting", { attempt: this.attempt, retryAt: this.retryAt });
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  reconnectNow() {
    if (this.stopped || this.isLive()) return;
    this.attempt = 0;
    if (this.ws && this.ws.readyState === WebSocket.CONNECTING) return;
    clearTimeout(this.retryTimer);
    this.open();
  }

  send(obj) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(obj));
    return true;
  }
}
