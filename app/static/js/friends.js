// The friend link's page /friends/add/{code}: someone handed this browser's player their
// friend link. Signed in, the player says yes with one button (POST /api/me/friends
// {"code"}: friends at once, docs/API.md "Friends"); never on opening alone, so no other
// site can make friends for anyone by opening the link. Not signed in: a link to sign in
// that comes back here (/?next=...).

import { api } from "./api.js";
import { errorText, t } from "./i18n.js";
import { showAccountControl } from "./me.js";

const $ = (sel) => document.querySelector(sel);

function show(text, { error = false } = {}) {
  $("#friend-status").textContent = error ? "" : text;
  $("#friend-error").textContent = error ? text : "";
  $("#friend-error").hidden = !error;
}

/** The code of this page's path, /friends/add/{code}. */
function pageCode() {
  const parts = location.pathname.split("/").filter(Boolean);
  try {
    return decodeURIComponent(parts[2] || "");
  } catch {
    return "";
  }
}

function refusal(err) {
  if (err?.code === "unknown_account") return t("friends.deadLink");
  return errorText(err);
}

async function add(code) {
  const button = $("#friend-add");
  button.disabled = true;
  show(t("friends.adding"));
  try {
    const answer = await api("/api/me/friends", { method: "POST", body: { code } });
    button.hidden = true;
    show(t("friends.added", answer.name));
  } catch (err) {
    if (err?.code === "already_friends" || err?.code === "unknown_account") button.hidden = true;
    button.disabled = false;
    show(refusal(err), { error: true });
  }
}

async function main() {
  const code = pageCode();
  let mine;
  try {
    mine = await api("/api/me/friends");
  } catch (err) {
    if (err?.code === "not_signed_in") {
      const signIn = $("#friend-sign-in");
      signIn.href = `/?next=${encodeURIComponent(location.pathname)}`;
      signIn.hidden = false;
      show(t("friends.signIn"));
      return;
    }
    show(errorText(err), { error: true });
    return;
  }
  if (String(mine.link || "").endsWith(`/friends/add/${code}`)) {
    show(t("friends.own"));
    return;
  }
  const button = $("#friend-add");
  button.hidden = false;
  button.addEventListener("click", () => add(code));
  show(t("friends.offer"));
}

showAccountControl();
main();
