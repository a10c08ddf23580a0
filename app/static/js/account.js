// The account page /account: sign in or create an account (a passkey or a password), and,
// once signed in, the account's settings: name and language, reminders (push on this
// device, e-mail, a webhook, when), friends and the friend link, passkeys and password,
// the devices signed in, the data download and deleting the account (docs/API.md
// "Accounts", "Passkeys", "Friends", "Nudges").
//
// `?next=/path` (a page of this site): where to go once signed in; `?tab=signup`: the
// sign-up form first.

import { api } from "./api.js";
import { LANGUAGES, lang, setLang, t } from "./i18n.js";
import { forgetAccountSeats, noteSignedIn, safeNext, showAccountControl, signOut } from "./me.js";
import { h } from "./svg.js";
import { ago, copyFrom, plainError, when } from "./words.js";

const $ = (sel) => document.querySelector(sel);
const params = new URLSearchParams(location.search);
let minPassword = 10; // GET /api/auth/config's password_min_length, when it says

let account = null;

// ---- small helpers -----------------------------------------------------------------------

function say(sel, text) {
  const el = $(sel);
  el.textContent = text || "";
  el.hidden = !text;
}

function status(sel, text) {
  const el = $(sel);
  el.textContent = text || "";
}

/** Run `work` with `button` disabled, so a double click sends nothing twice. */
async function busy(button, work) {
  button.disabled = true;
  try {
    return await work();
  } finally {
    button.disabled = false;
  }
}

/** The passkey ceremonies (js/passkeys.js): loaded when asked for, so a server or browser
 * without them still shows the rest of the page. */
async function passkeys() {
  if (!window.PublicKeyCredential) {
    throw Object.assign(new Error(t("acct.noPasskeyBrowser")), { code: "no_passkeys" });
  }
  try {
    return await import("./passkeys.js");
  } catch {
    throw Object.assign(new Error(t("acct.noPasskeyServer")), { code: "no_passkeys" });
  }
}

/** A passkey ceremony's failure in plain words (passkeys.js gives the browser's refusals
 * codes of their own: passkey_cancelled, passkey_exists, passkey_unsupported). */
function passkeyError(err) {
  if (err?.code === "no_passkeys") return err.message;
  return plainError(err);
}

/** Where to go once signed in: `?next=` (this site only; e.g. a friend link's page), the
 * account page's welcome after a sign-up, else My games on the home page. */
function afterSignIn(created) {
  noteSignedIn(true);
  const next = safeNext(params.get("next"));
  if (next) location.href = next;
  else if (created) location.href = "/account?welcome=1";
  else location.href = "/";
}

// ---- signed out: sign in, create an account --------------------------------------------

function selectTab(which, focus = false) {
  for (const name of ["signin", "signup"]) {
    const tab = $(`#tab-${name}`);
    const on = name === which;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    $(`#panel-${name}`).hidden = !on;
    if (on && focus) tab.focus();
  }
}

function showInviteField(message) {
  $("#invite-code-box").hidden = false;
  if (message) say("#signup-error", message);
  $("#signup-invite").focus();
}

function showSignupClosed() {
  $("#signup-closed").hidden = false;
  for (const b of document.querySelectorAll("#signup-form button, #signup-form input"))
    b.disabled = true;
}

function signupRefused(err) {
  if (err?.code === "invite_code_required" || err?.code === "invite_code_invalid")
    return showInviteField(plainError(err));
  if (err?.code === "signup_closed") {
    showSignupClosed();
    return say("#signup-error", "");
  }
  say("#signup-error", passkeyError(err));
}

/** What the server says about sign-ups (GET /api/auth/config), when it says it; else the
 * refusals tell (403 signup_closed, invite_code_required). */
async function signupMode() {
  try {
    const cfg = await api("/api/auth/config");
    if (Number.isInteger(cfg?.password_min_length)) minPassword = cfg.password_min_length;
    const mode = cfg?.signup;
    if (mode === "invite") $("#invite-code-box").hidden = false;
    if (mode === "closed") showSignupClosed();
  } catch {
    /* no such route: the sign-up's refusal will say */
  }
}

/** What a sign-up sends besides the name: the invite code when there is one, and the
 * page's language (the reminders' language until the account changes it). */
function signupExtra() {
  const extra = { language: lang() };
  const code = $("#signup-invite").value.trim();
  if (code) extra.invite_code = code;
  return extra;
}

function setupSignedOut() {
  $("#signed-out").hidden = false;
  const tabs = [$("#tab-signin"), $("#tab-signup")];
  for (const tab of tabs) {
    tab.addEventListener("click", () => selectTab(tab.id.slice(4)));
    tab.addEventListener("keydown", (ev) => {
      if (ev.key !== "ArrowRight" && ev.key !== "ArrowLeft") return;
      ev.preventDefault();
      selectTab(tab.id === "tab-signin" ? "signup" : "signin", true);
    });
  }
  for (const b of document.querySelectorAll("[data-goto-tab]"))
    b.addEventListener("click", () => selectTab(b.dataset.gotoTab, true));
  const wanted = params.get("tab") || location.hash.slice(1);
  selectTab(wanted === "signup" ? "signup" : "signin");
  if (!window.PublicKeyCredential) {
    for (const id of ["#passkey-signin", "#passkey-signup"]) $(id).disabled = true;
    for (const el of document.querySelectorAll(".passkey-box .hint, .method .hint"))
      el.textContent = t("acct.noPasskeyBrowser");
  }
  signupMode();

  $("#signin-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    say("#signin-error", "");
    const name = $("#signin-name").value.trim();
    const password = $("#signin-password").value;
    if (!name) {
      $("#signin-name").focus();
      return say("#signin-error", t("acct.enterName"));
    }
    if (!password) {
      $("#signin-password").focus();
      return say("#signin-error", t("acct.enterPassword"));
    }
    try {
      await busy($("#signin-submit"), () =>
        api("/api/auth/login", { method: "POST", body: { name, password } }),
      );
      afterSignIn(false);
    } catch (err) {
      say("#signin-error", plainError(err));
      $("#signin-password").select();
    }
  });

  $("#passkey-signin").addEventListener("click", async () => {
    say("#signin-error", "");
    try {
      const module = await passkeys();
      await busy($("#passkey-signin"), () => module.signInWithPasskey());
      afterSignIn(false);
    } catch (err) {
      say("#signin-error", passkeyError(err));
    }
  });

  const signupName = () => {
    const name = $("#signup-name").value.trim();
    if (!name) {
      $("#signup-name").focus();
      say("#signup-error", t("acct.enterDisplayName"));
    }
    return name;
  };

  $("#signup-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    say("#signup-error", "");
    const name = signupName();
    if (!name) return;
    const password = $("#signup-password").value;
    if (password.length < minPassword) {
      $("#signup-password").focus();
      return say(
        "#signup-error",
        password ? t("acct.passwordShort", minPassword) : t("acct.choosePassword"),
      );
    }
    try {
      await busy($("#signup-submit"), () =>
        api("/api/auth/signup", { method: "POST", body: { name, password, ...signupExtra() } }),
      );
      afterSignIn(true);
    } catch (err) {
      signupRefused(err);
    }
  });

  $("#passkey-signup").addEventListener("click", async () => {
    say("#signup-error", "");
    const name = signupName();
    if (!name) return;
    try {
      const module = await passkeys();
      await busy($("#passkey-signup"), () => module.signUpWithPasskey(name, signupExtra()));
      afterSignIn(true);
    } catch (err) {
      signupRefused(err);
    }
  });
}

// ---- signed in: profile ------------------------------------------------------------------

function setupProfile() {
  $("#rename-name").value = account.name;
  $("#account-language").value = LANGUAGES.includes(account.language) ? account.language : "en";
  $("#rename-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    status("#rename-status", "");
    const name = $("#rename-name").value.trim();
    if (!name) {
      $("#rename-name").focus();
      return status("#rename-status", t("acct.enterDisplayName"));
    }
    try {
      await busy($("#rename-submit"), () => api("/api/me", { method: "PATCH", body: { name } }));
      account.name = name;
      for (const el of document.querySelectorAll(".account-label")) el.textContent = name;
      fillDeleteLabel();
      status("#rename-status", t("acct.saved"));
    } catch (err) {
      status("#rename-status", plainError(err));
    }
  });
  $("#language-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const language = $("#account-language").value;
    try {
      await busy($("#language-submit"), () =>
        api("/api/me", { method: "PATCH", body: { language } }),
      );
      account.language = language;
      status("#language-status", t("acct.saved"));
      setLang(language); // this page too (reloads when it changes)
    } catch (err) {
      status("#language-status", plainError(err));
    }
  });
  $("#sign-out").addEventListener("click", async () => {
    try {
      await signOut(account);
    } finally {
      location.href = "/";
    }
  });
}

// ---- signed in: reminders ----------------------------------------------------------------

let notify = null;

/** js/push.js (part CHANNELS), when this browser can use Web Push here at all. */
async function pushModule() {
  try {
    const push = await import("./push.js");
    return push.pushSupported() ? push : null;
  } catch {
    return null;
  }
}

/** Whether this device has a push subscription (its service worker's). */
async function pushedHere() {
  try {
    const reg = await navigator.serviceWorker?.getRegistration?.("/");
    return Boolean(await reg?.pushManager?.getSubscription());
  } catch {
    return false;
  }
}

function showEmailState() {
  const email = notify?.email;
  let text = t("acct.emailNone");
  if (email && notify.email_confirmed) text = t("acct.emailConfirmed", email);
  else if (email) text = t("acct.emailWaiting", email);
  const el = $("#email-state");
  el.textContent = text;
  el.dataset.state = !email ? "none" : notify.email_confirmed ? "confirmed" : "waiting";
  $("#email-resend").hidden = !email || Boolean(notify.email_confirmed);
  // No mail server: the address cannot be used; one kept from before can be removed.
  const off = notify.email_available === false;
  $("#notify-email").disabled = off && !email;
  if (off && !email) el.textContent = t("acct.emailUnavailable");
}

function fillNotify() {
  $("#notify-email").value = notify.email || "";
  $("#notify-webhook").value = notify.webhook_url || "";
  $("#notify-always").checked = Boolean(notify.always);
  const hours = String(notify.digest_hours || 0);
  const select = $("#notify-digest");
  if (![...select.options].some((o) => o.value === hours))
    select.append(h("option", { value: hours }, t("acct.digestN", Number(hours))));
  select.value = hours;
  showEmailState();
}

async function showPushState(push) {
  const box = $("#notify-push");
  const here = await pushedHere();
  box.checked = Boolean(notify?.push) && here;
  const others = Math.max(0, (notify?.push_devices || 0) - (here ? 1 : 0));
  let text;
  if (!push) {
    box.disabled = true;
    text = t("acct.pushUnsupported");
  } else if (Notification.permission === "denied") {
    box.disabled = true;
    text = t("acct.pushBlocked");
  } else {
    box.disabled = false;
    text = box.checked ? t("acct.pushOn") : t("acct.pushOff");
  }
  if (notify?.push && others > 0) text += ` ${t("acct.pushOthers", others)}`;
  $("#push-state").textContent = text;
}

/** This device's push switch: subscribe (or not) this browser, and the account's "push"
 * follows (on with this device; off once no device of the account gets pushes). */
async function togglePush(push, on) {
  if (on) {
    await push.enablePush();
    if (!notify.push) await api("/api/me/notifications", { method: "PUT", body: { push: true } });
  } else {
    await push.disablePush();
    const now = await api("/api/me/notifications");
    if (now.push && !now.push_devices)
      await api("/api/me/notifications", { method: "PUT", body: { push: false } });
  }
}

async function setupNotifications() {
  try {
    notify = await api("/api/me/notifications");
  } catch (err) {
    $("#notify-loading").textContent =
      err?.status === 404 ? t("acct.notifyUnavailable") : plainError(err);
    return;
  }
  $("#notify-loading").hidden = true;
  $("#notify-form").hidden = false;
  fillNotify();
  const push = await pushModule();
  await showPushState(push);
  $("#notify-push").addEventListener("change", async (ev) => {
    const box = ev.target;
    say("#notify-error", "");
    box.disabled = true;
    try {
      await togglePush(push, box.checked);
    } catch (err) {
      say("#notify-error", plainError(err));
    }
    notify = await api("/api/me/notifications").catch(() => notify);
    await showPushState(push);
  });
  $("#email-resend").addEventListener("click", async (ev) => {
    say("#notify-error", "");
    try {
      await busy(ev.target, () =>
        api("/api/me/notifications/email-confirmation", { method: "POST" }),
      );
      status("#notify-status", t("acct.confirmationSent", notify.email));
    } catch (err) {
      say("#notify-error", plainError(err));
    }
  });
  $("#notify-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    say("#notify-error", "");
    status("#notify-status", "");
    const email = $("#notify-email").value.trim();
    const webhook = $("#notify-webhook").value.trim();
    if (email && !$("#notify-email").checkValidity()) {
      $("#notify-email").focus();
      return say("#notify-error", t("acct.badEmail"));
    }
    if (webhook && !/^https?:\/\/\S+$/i.test(webhook)) {
      $("#notify-webhook").focus();
      return say("#notify-error", t("acct.badWebhook"));
    }
    const body = {
      webhook_url: webhook || null,
      always: $("#notify-always").checked,
      digest_hours: Number($("#notify-digest").value) || 0,
    };
    if (!$("#notify-email").disabled) body.email = email || null;
    try {
      const answer = await busy($("#notify-save"), () =>
        api("/api/me/notifications", { method: "PUT", body }),
      );
      notify = answer && typeof answer === "object" ? answer : await api("/api/me/notifications");
      fillNotify();
      status(
        "#notify-status",
        answer?.confirmation_sent ? t("acct.confirmationSent", notify.email) : t("acct.saved"),
      );
    } catch (err) {
      say("#notify-error", plainError(err));
      const field = { webhook_refused: "#notify-webhook", bad_email: "#notify-email" }[err?.code];
      if (field) $(field).focus();
    }
  });
}

// ---- signed in: friends ------------------------------------------------------------------

function friendRow(name, ...rest) {
  return h("li", { class: "row", "data-name": name }, h("span", { class: "row-main" }, ...rest));
}

/** A button that asks once more before it acts ("Remove" → "Really remove Ben?"). */
function twoStep(label, confirmLabel, act) {
  const b = h("button", { type: "button", class: "small" }, label);
  let armed = false;
  b.addEventListener("click", async () => {
    if (!armed) {
      armed = true;
      b.textContent = confirmLabel;
      b.classList.add("danger");
      return;
    }
    await busy(b, act);
  });
  b.addEventListener("blur", () => {
    armed = false;
    b.textContent = label;
    b.classList.remove("danger");
  });
  return b;
}

async function loadFriends() {
  let data;
  try {
    data = await api("/api/me/friends");
  } catch (err) {
    $("#friends-list").replaceChildren(
      h("li", { class: "muted" }, err?.status === 404 ? t("acct.friendsUnavailable") : ""),
    );
    if (err?.status !== 404) say("#friends-error", plainError(err));
    return;
  }
  say("#friends-error", "");
  const act =
    (path, method = "POST") =>
    async () => {
      try {
        await api(path, { method });
        await loadFriends();
      } catch (err) {
        say("#friends-error", plainError(err));
      }
    };
  const incoming = data.incoming || [];
  $("#friends-incoming-box").hidden = incoming.length === 0;
  $("#friends-incoming").replaceChildren(
    ...incoming.map((r) =>
      h(
        "li",
        { class: "row", "data-name": r.name },
        h(
          "span",
          { class: "row-main" },
          h("strong", {}, r.name),
          h("span", { class: "detail" }, t("acct.asked", ago(r.at))),
        ),
        h(
          "span",
          { class: "row-actions" },
          h(
            "button",
            {
              type: "button",
              class: "small primary",
              "data-action": "accept",
              onclick: act(`/api/me/friends/requests/${encodeURIComponent(r.id)}/accept`),
            },
            t("acct.accept"),
          ),
          h(
            "button",
            {
              type: "button",
              class: "small",
              "data-action": "decline",
              onclick: act(`/api/me/friends/requests/${encodeURIComponent(r.id)}/decline`),
            },
            t("acct.decline"),
          ),
        ),
      ),
    ),
  );
  const friends = data.friends || [];
  $("#friends-list").replaceChildren(
    ...friends.map((f) => {
      const li = friendRow(
        f.name,
        h("strong", {}, f.name),
        f.since ? h("span", { class: "detail" }, t("acct.friendsSince", when(f.since))) : "",
      );
      li.append(
        h(
          "span",
          { class: "row-actions" },
          twoStep(
            t("acct.removeFriend"),
            t("acct.reallyRemove", f.name),
            act(`/api/me/friends/${encodeURIComponent(f.name)}`, "DELETE"),
          ),
        ),
      );
      return li;
    }),
  );
  if (friends.length === 0)
    $("#friends-list").append(h("li", { class: "muted" }, t("acct.noFriends")));
  const outgoing = data.outgoing || [];
  $("#friends-outgoing-box").hidden = outgoing.length === 0;
  $("#friends-outgoing").replaceChildren(
    ...outgoing.map((r) => {
      const li = friendRow(
        r.name,
        h("strong", {}, r.name),
        " ",
        h("span", { class: "detail" }, t("acct.asked", ago(r.at))),
      );
      li.append(
        h(
          "span",
          { class: "row-actions" },
          h(
            "button",
            {
              type: "button",
              class: "small",
              "data-action": "withdraw",
              onclick: act(`/api/me/friends/requests/${encodeURIComponent(r.id)}`, "DELETE"),
            },
            t("acct.withdraw"),
          ),
        ),
      );
      return li;
    }),
  );
  const link = data.link || account.friend_link || "";
  $("#friend-link").value = link ? new URL(link, location.origin).href : "";
}

function setupFriends() {
  $("#friend-add-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    status("#friend-add-status", "");
    say("#friends-error", "");
    const name = $("#friend-add-name").value.trim();
    if (!name) {
      $("#friend-add-name").focus();
      return status("#friend-add-status", t("acct.enterFriendName"));
    }
    try {
      const res = await busy($("#friend-add-submit"), () =>
        api("/api/me/friends", { method: "POST", body: { name } }),
      );
      $("#friend-add-name").value = "";
      status("#friend-add-status", friendAnswer(res, name));
      await loadFriends();
    } catch (err) {
      say("#friends-error", plainError(err));
    }
  });
  $("#friend-link-renew").addEventListener("click", async (ev) => {
    try {
      await busy(ev.target, () => api("/api/me/friend-link", { method: "POST" }));
      await loadFriends();
      status("#friend-add-status", t("acct.linkRenewed"));
    } catch (err) {
      say("#friends-error", plainError(err));
    }
  });
  loadFriends();
}

/** "Friend request sent to Ben" or "You and Ben are friends now" (the other had asked). */
function friendAnswer(res, name) {
  const who = res?.name || name;
  return res?.status === "accepted" ? t("acct.nowFriends", who) : t("acct.requestSent", who);
}

// ---- signed in: passkeys and password ----------------------------------------------------

function renderPasskeys() {
  const list = $("#passkey-list");
  const keys = account.passkeys || [];
  const methods = keys.length + (account.has_password ? 1 : 0);
  list.replaceChildren(
    ...keys.map((k) => {
      const used = k.last_used_at ? t("acct.lastUsed", ago(k.last_used_at)) : "";
      const made = k.created_at ? t("acct.added", when(k.created_at)) : "";
      const remove = twoStep(t("acct.remove"), t("acct.reallyRemovePasskey"), async () => {
        say("#passkey-error", "");
        try {
          await api(`/api/me/passkeys/${encodeURIComponent(k.id)}`, { method: "DELETE" });
          await reloadAccount();
          renderPasskeys();
          status("#passkey-status", t("acct.passkeyRemoved"));
        } catch (err) {
          say("#passkey-error", plainError(err));
        }
      });
      // The last way to sign in stays: the server refuses too, the page says why first.
      if (methods <= 1) {
        remove.disabled = true;
        remove.title = t("acct.lastMethod");
      }
      return h(
        "li",
        { class: "row", "data-passkey": k.id },
        h(
          "span",
          { class: "row-main" },
          h("strong", {}, k.label || t("acct.passkey")),
          h("span", { class: "detail" }, [made, used].filter(Boolean).join(" · ")),
        ),
        h("span", { class: "row-actions" }, remove),
      );
    }),
  );
  if (keys.length === 0) list.append(h("li", { class: "muted" }, t("acct.noPasskeys")));
}

function renderPassword() {
  const has = Boolean(account.has_password);
  $("#current-password-field").hidden = !has;
  $("#password-title").textContent = has ? t("acct.passwordTitle") : t("acct.addPasswordTitle");
  $("#password-submit").textContent = has ? t("acct.changePassword") : t("acct.addPassword");
}

async function reloadAccount() {
  const data = await api("/api/me");
  account = data?.account ?? data;
}

function setupSecurity() {
  renderPasskeys();
  renderPassword();
  if (!window.PublicKeyCredential) {
    $("#passkey-add").disabled = true;
    status("#passkey-status", t("acct.noPasskeyBrowser"));
  }
  $("#passkey-add-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    say("#passkey-error", "");
    status("#passkey-status", "");
    const label = $("#passkey-label").value.trim() || deviceName(navigator.userAgent);
    try {
      const module = await passkeys();
      await busy($("#passkey-add"), () => module.addPasskey(label));
      $("#passkey-label").value = "";
      await reloadAccount();
      renderPasskeys();
      status("#passkey-status", t("acct.passkeyAdded"));
    } catch (err) {
      say("#passkey-error", passkeyError(err));
    }
  });
  $("#password-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    say("#password-error", "");
    status("#password-status", "");
    const password = $("#new-password").value;
    const current = $("#current-password").value;
    if (account.has_password && !current) {
      $("#current-password").focus();
      return say("#password-error", t("acct.enterCurrent"));
    }
    if (password.length < minPassword) {
      $("#new-password").focus();
      return say("#password-error", t("acct.passwordShort", minPassword));
    }
    const body = account.has_password ? { password, current_password: current } : { password };
    try {
      await busy($("#password-submit"), () => api("/api/me/password", { method: "PUT", body }));
      $("#new-password").value = "";
      $("#current-password").value = "";
      const added = !account.has_password;
      // A changed password ends the account's other sign-ins (docs/API.md): the list shows it.
      await reloadAccount();
      renderPassword();
      renderPasskeys();
      renderSessions();
      status("#password-status", added ? t("acct.passwordAdded") : t("acct.passwordChanged"));
    } catch (err) {
      say("#password-error", plainError(err));
    }
  });
}

// ---- signed in: devices -----------------------------------------------------------------

/** "Firefox on Android" from a user agent, roughly: enough to tell one's devices apart. */
export function deviceName(ua) {
  const s = String(ua || "");
  const browser = [
    [/Edg\//, "Edge"],
    [/OPR\/|Opera/, "Opera"],
    [/Firefox\//, "Firefox"],
    [/Chrom(e|ium)\//, "Chrome"],
    [/Safari\//, "Safari"],
  ].find(([re]) => re.test(s))?.[1];
  const system = [
    [/iPhone/, "iPhone"],
    [/iPad/, "iPad"],
    [/Android/, "Android"],
    [/Windows/, "Windows"],
    [/Mac OS X|Macintosh/, "macOS"],
    [/CrOS/, "ChromeOS"],
    [/Linux/, "Linux"],
  ].find(([re]) => re.test(s))?.[1];
  if (browser && system) return t("acct.browserOn", browser, system);
  return browser || system || t("acct.someBrowser");
}

function renderSessions() {
  const list = $("#session-list");
  const sessions = account.sessions || [];
  list.replaceChildren(
    ...sessions.map((s) => {
      const here = Boolean(s.current);
      const out = h("button", { type: "button", class: "small" }, t("me.signOut"));
      out.addEventListener("click", async () => {
        say("#sessions-error", "");
        try {
          if (here) {
            await busy(out, () => signOut(account));
            location.href = "/";
            return;
          }
          await busy(out, () =>
            api(`/api/me/sessions/${encodeURIComponent(s.id)}`, { method: "DELETE" }),
          );
          await reloadAccount();
          renderSessions();
        } catch (err) {
          say("#sessions-error", plainError(err));
        }
      });
      const seen = s.last_seen_at ? t("acct.lastActive", ago(s.last_seen_at)) : "";
      const since = s.created_at ? t("acct.signedInSince", when(s.created_at)) : "";
      return h(
        "li",
        { class: here ? "row current" : "row", "data-session": s.id },
        h(
          "span",
          { class: "row-main" },
          h("strong", {}, deviceName(s.user_agent)),
          here ? h("span", { class: "badge" }, t("acct.thisDevice")) : "",
          h("span", { class: "detail" }, [since, seen].filter(Boolean).join(" · ")),
        ),
        h("span", { class: "row-actions" }, out),
      );
    }),
  );
}

function setupSessions() {
  renderSessions();
  $("#sign-out-everywhere").addEventListener("click", async (ev) => {
    say("#sessions-error", "");
    try {
      await busy(ev.target, () => api("/api/auth/logout-everywhere", { method: "POST" }));
      noteSignedIn(false);
      forgetAccountSeats(account.id);
      location.href = "/";
    } catch (err) {
      say("#sessions-error", plainError(err));
    }
  });
}

// ---- signed in: your data ---------------------------------------------------------------

function fillDeleteLabel() {
  $("#delete-label").textContent = t("acct.deleteConfirm", account.name);
  $("#delete-submit").disabled = $("#delete-confirm").value.trim() !== account.name;
}

function setupData() {
  fillDeleteLabel();
  $("#delete-confirm").addEventListener("input", fillDeleteLabel);
  $("#delete-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    say("#delete-error", "");
    if ($("#delete-confirm").value.trim() !== account.name) {
      $("#delete-confirm").focus();
      return say("#delete-error", t("acct.deleteMismatch", account.name));
    }
    try {
      await busy($("#delete-submit"), () =>
        api("/api/me", { method: "DELETE", body: { confirm: account.name } }),
      );
      noteSignedIn(false);
      forgetAccountSeats(account.id);
      location.href = "/?deleted=1";
    } catch (err) {
      say("#delete-error", plainError(err));
    }
  });
}

// ---- start -------------------------------------------------------------------------------

function setupSignedIn() {
  $("#signed-in").hidden = false;
  if (params.get("welcome")) {
    $("#welcome").hidden = false;
    history.replaceState(null, "", location.pathname + location.hash);
  }
  setupProfile();
  setupNotifications();
  setupFriends();
  setupSecurity();
  setupSessions();
  setupData();
  // Opened at a part (#friends from the header's menu): show it once it is drawn.
  if (location.hash) document.querySelector(location.hash)?.scrollIntoView({ block: "start" });
}

async function init() {
  document.addEventListener("click", (ev) => {
    const b = ev.target.closest("button.copy");
    if (b) copyFrom(b.dataset.copy, b);
  });
  account = await showAccountControl({ always: true });
  if (account) await reloadAccount().catch(() => {});
  // Signed in already and sent here to sign in first: straight on.
  const next = safeNext(params.get("next"));
  if (account && next) {
    location.replace(next);
    return;
  }
  $("#account-loading").hidden = true;
  if (account) setupSignedIn();
  else setupSignedOut();
  document.body.dataset.state = account ? "signed-in" : "signed-out";
}

init();
