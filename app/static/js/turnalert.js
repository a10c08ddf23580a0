// "Your turn", also in a background tab: when it becomes this seat's turn while the page is
// hidden, the title and the favicon change, a short tone plays (WebAudio, if the browser lets
// the page play sound: after any click on it), and, once the player allowed it with the
// "Notify me" button, a system notification appears. Title and favicon come back when the
// page is visible again or the turn passes.
//
// One setting switches all of it off; it is remembered in this browser (localStorage
// "tafelrunde.turnAlert": "off", anything else is on). The toggle sits beside the turn banner
// (in the Players card on a phone: layout.js places it).

import { t } from "./i18n.js";
import { h } from "./svg.js";

const KEY = "tafelrunde.turnAlert";
const ICON = "/static/favicon.svg";
const TURN_ICON = "/static/favicon-turn.svg";

function enabled() {
  try {
    return localStorage.getItem(KEY) !== "off";
  } catch {
    return true;
  }
}

function remember(on) {
  try {
    localStorage.setItem(KEY, on ? "on" : "off");
  } catch {
    /* private mode: the setting lasts as long as the page */
  }
}

/** `hooks`: {gameName(), gameId}. `where`: the element the toggle goes after (the banner). */
export function setupTurnAlert(where, hooks) {
  const st = { on: enabled(), myTurn: false, alerted: false, baseTitle: null, audio: null };
  const box = h("div", { class: "turn-alert", id: "turn-alert-box" });
  const check = h("input", { type: "checkbox", id: "turn-alert" });
  check.checked = st.on;
  const notify = h(
    "button",
    { type: "button", class: "small", id: "turn-notify", title: t("alert.notifyTitle") },
    t("alert.notify"),
  );
  box.append(
    h(
      "label",
      { class: "turn-alert-toggle", title: t("alert.toggle") },
      check,
      ` ${t("alert.toggleShort")}`,
    ),
    notify,
  );
  where.after(box);

  const canNotify = () => "Notification" in window;
  function drawControls() {
    check.checked = st.on;
    notify.hidden = !st.on || !canNotify() || Notification.permission !== "default";
    document.body.dataset.turnAlert = st.on ? "on" : "off";
  }

  check.addEventListener("change", () => {
    st.on = check.checked;
    remember(st.on);
    if (!st.on) restore();
    drawControls();
  });
  notify.addEventListener("click", async () => {
    unlockAudio();
    if (!canNotify()) return;
    try {
      const answer = await Notification.requestPermission();
      if (answer === "denied") notify.title = t("alert.notifyDenied");
    } catch {
      /* an old browser without the promise form */
    }
    drawControls();
  });

  // A page may play sound only after the player touched it: open the audio then.
  function unlockAudio() {
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      if (!st.audio) st.audio = new Ctx();
      if (st.audio.state === "suspended") st.audio.resume();
    } catch {
      st.audio = null;
    }
  }
  document.addEventListener("pointerdown", unlockAudio, { capture: true, passive: true });
  document.addEventListener("keydown", unlockAudio, { capture: true });

  function tone() {
    const ctx = st.audio;
    if (ctx?.state !== "running") return;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    const at = ctx.currentTime;
    osc.frequency.setValueAtTime(660, at);
    osc.frequency.setValueAtTime(880, at + 0.12);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + 0.32);
  }

  function icon(href) {
    const link = document.querySelector("link[rel~='icon']");
    if (link) link.setAttribute("href", href);
  }

  function alert() {
    if (st.alerted) return;
    st.alerted = true;
    st.baseTitle = document.title;
    document.title = t("alert.title", st.baseTitle);
    icon(TURN_ICON);
    document.body.dataset.turnAlerted = "true";
    tone();
    if (canNotify() && Notification.permission === "granted") {
      try {
        const n = new Notification(t("alert.notification", hooks.gameName()), {
          body: t("alert.notificationBody"),
          tag: `tafelrunde-turn-${hooks.gameId}`,
          icon: TURN_ICON,
        });
        n.onclick = () => {
          window.focus();
          n.close();
        };
      } catch {
        /* phones show notifications only from a service worker: title and icon suffice */
      }
    }
  }

  function restore() {
    if (!st.alerted) return;
    st.alerted = false;
    // The page may have renamed itself meanwhile (its language): keep that name.
    if (document.title === t("alert.title", st.baseTitle)) document.title = st.baseTitle;
    icon(ICON);
    document.body.dataset.turnAlerted = "false";
  }

  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) restore();
  });

  drawControls();
  return {
    /** The page's state was drawn: `myTurn` says whether this seat must act now. */
    update(myTurn, seated) {
      box.hidden = !seated; // a watcher has no turn
      const began = myTurn && !st.myTurn;
      st.myTurn = myTurn;
      if (!myTurn) restore();
      else if (began && st.on && document.hidden) alert();
    },
  };
}
