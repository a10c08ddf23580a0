// The signed-in account (docs/API.md "Accounts": GET /api/me), asked once per page, and the
// header's account control on every page: "Sign in", or the account's name opening a small
// menu (My account, Friends, Sign out).
//
// Accounts are an offer: a page works the same without one. A server without the accounts'
// routes (404) or an answer that does not come counts as "not signed in".

import { ApiError, api, forgetSeat, loadSeat, myGames } from "./api.js";
import { t } from "./i18n.js";
import { h } from "./svg.js";

let asked = null;

// The session cookie is HttpOnly, so the page cannot see it; this browser notes (no secret,
// only "yes") that it signed in, and only then asks the server who it is. A visitor who
// never signed in costs the server nothing and the anonymous pages stay as they were. The
// account page always asks (a cookie without the note, e.g. after clearing site storage).
const HINT = "tafelrunde.signedIn";

export function noteSignedIn(yes) {
  try {
    if (yes) localStorage.setItem(HINT, "1");
    else localStorage.removeItem(HINT);
  } catch {
    /* storage refused: the account page still asks */
  }
}

function hinted() {
  try {
    return localStorage.getItem(HINT) === "1";
  } catch {
    return false;
  }
}

/** The account ({id, name, language, ...}) or null when nobody is signed in here.
 * `always`: ask the server even if this browser has no note of a sign-in. */
export function me({ always = false } = {}) {
  if (!asked) asked = always || hinted() ? fetchMe() : Promise.resolve(null);
  return asked;
}

async function fetchMe() {
  try {
    const data = await api("/api/me");
    const account = data?.account ?? data;
    const ok = account && typeof account.name === "string";
    noteSignedIn(ok);
    return ok ? account : null;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 404)) noteSignedIn(false);
    else console.info("account unknown:", err.message);
    return null;
  }
}

/** Ask GET /api/me again (after a sign-in, a rename). */
export function refreshMe() {
  asked = fetchMe();
  return asked;
}

// Seats this browser holds for the account (taken up, joined or claimed while signed in)
// carry its id in their local entry: signing out forgets them, so the next person at a
// shared computer does not play them. Signing in again brings them back (My games).

/** The account id an entry of this browser's seats was kept for, or null. */
export function seatAccount(gameId) {
  return loadSeat(gameId)?.account ?? null;
}

/** Mark this browser's seat in `gameId` as the account's (kept with the token). */
export function markSeatForAccount(gameId, accountId) {
  const held = loadSeat(gameId);
  if (!held) return;
  localStorage.setItem(
    `tafelrunde.seat.${gameId}`,
    JSON.stringify({ ...held, account: accountId }),
  );
}

/** Forget every seat this browser holds for `accountId` (signing out). */
export function forgetAccountSeats(accountId) {
  for (const id of myGames()) if (seatAccount(id) === accountId) forgetSeat(id);
}

/** Sign out this browser: the session ends, the account's seats here are forgotten. */
export async function signOut(account) {
  try {
    await api("/api/auth/logout", { method: "POST" });
  } finally {
    noteSignedIn(false);
    if (account) forgetAccountSeats(account.id);
  }
}

/** A path of this site to go to after signing in (`?next=`), never another site. */
export function safeNext(value) {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return null;
  if (value.includes("\\")) return null;
  return value;
}

/** The link to the account page that comes back to this page after signing in. */
export function signInHref(tab = "signin") {
  const here = location.pathname + location.search;
  const q = new URLSearchParams({ tab });
  // Back here afterwards; from the home page (where a sign-in ends anyway) and the account
  // page itself no `next`, so a new account first sees its welcome and reminder settings.
  if (!["/", "/account", "/account.html"].includes(location.pathname)) q.set("next", here);
  return `/account?${q}`;
}

function closeMenus(except = null) {
  for (const d of document.querySelectorAll("details.account-menu[open]")) {
    if (d !== except) d.open = false;
  }
}

function accountMenu(account) {
  const out = h("button", { type: "button", class: "menu-item", "data-action": "sign-out" });
  out.textContent = t("me.signOut");
  const menu = h(
    "details",
    { class: "account-menu" },
    h(
      "summary",
      { class: "account-name", "aria-label": t("me.menuFor", account.name) },
      h("span", { class: "account-icon", "aria-hidden": "true" }, "●"),
      h("span", { class: "account-label" }, account.name),
    ),
    h(
      "div",
      { class: "menu" },
      h("a", { class: "menu-item", href: "/" }, t("me.myGames")),
      h("a", { class: "menu-item", href: "/account" }, t("me.myAccount")),
      h("a", { class: "menu-item", href: "/account#friends" }, t("me.friends")),
      h("a", { class: "menu-item", href: "/account#notifications" }, t("me.reminders")),
      h("a", { class: "menu-item", href: "/ladder" }, t("me.ladder")),
      out,
    ),
  );
  out.addEventListener("click", async () => {
    out.disabled = true;
    try {
      await signOut(account);
    } catch {
      /* the session may be gone already: the page below shows the truth */
    }
    location.href = "/";
  });
  menu.addEventListener("toggle", () => {
    if (menu.open) closeMenus(menu);
  });
  menu.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && menu.open) {
      menu.open = false;
      menu.querySelector("summary").focus();
    }
  });
  return menu;
}

/** Put the account control into the page's header (before the language switch).
 * `always`: ask the server even without a note of a sign-in (the account page). */
export async function showAccountControl({ always = false } = {}) {
  const header = document.querySelector("header.top");
  if (!header) return null;
  const slot = h("div", { class: "account-slot", "data-state": "loading" });
  const lang = header.querySelector(".lang-switch");
  header.insertBefore(slot, lang);
  const account = await me({ always });
  if (account) {
    slot.replaceChildren(accountMenu(account));
    slot.dataset.state = "signed-in";
  } else {
    slot.replaceChildren(
      h("a", { class: "sign-in-link", href: signInHref("signin") }, t("me.signIn")),
    );
    slot.dataset.state = "signed-out";
  }
  return account;
}

if (typeof document !== "undefined") {
  document.addEventListener("click", (ev) => {
    if (!ev.target.closest?.("details.account-menu")) closeMenus();
  });
}
