// The ladder page /ladder (docs/API.md, "Ladder and profiles"): one ladder per kind of
// game, chosen by tabs (?kind= keeps the choice in the link). Signed in only, like the
// ratings; a visitor is asked to sign in.

import { api } from "./api.js";
import { errorText, num, t } from "./i18n.js";
import { showAccountControl, signInHref } from "./me.js";
import { kinds, playerLink } from "./ratings.js";
import { h } from "./svg.js";

const $ = (sel) => document.querySelector(sel);

function status(text) {
  $("#ladder-status").textContent = text;
  $("#ladder-status").hidden = !text;
}

function fail(err) {
  status("");
  $("#ladder-error").textContent = errorText(err);
  $("#ladder-error").hidden = false;
}

function table(ladder) {
  return h(
    "table",
    { class: "ladder" },
    h("caption", { class: "sr-only" }, t("ladder.caption", ladder.min_games)),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col", class: "num" }, t("ladder.rank")),
        h("th", { scope: "col" }, t("ladder.player")),
        h("th", { scope: "col", class: "num" }, t("ladder.rating")),
        h("th", { scope: "col", class: "num" }, t("ladder.games")),
        h("th", { scope: "col", class: "num" }, t("ladder.won")),
      ),
    ),
    h(
      "tbody",
      {},
      ladder.players.map((p) =>
        h(
          "tr",
          {},
          h("td", { class: "num" }, num(p.rank)),
          h("th", { scope: "row" }, playerLink(p)),
          h("td", { class: "num rating" }, num(p.rating)),
          h("td", { class: "num" }, num(p.games)),
          h("td", { class: "num" }, num(p.won)),
        ),
      ),
    ),
  );
}

async function show(kind) {
  for (const tab of document.querySelectorAll("#ladder-kinds [role=tab]")) {
    const on = tab.dataset.kind === kind.id;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
  }
  $("#ladder-body").setAttribute("aria-labelledby", `tab-${kind.id}`);
  status(t("loading"));
  $("#ladder-error").hidden = true;
  try {
    const ladder = await api(`/api/ladder/${encodeURIComponent(kind.id)}`);
    status("");
    $("#ladder-body").replaceChildren(
      ladder.players.length
        ? table(ladder)
        : h("p", { class: "muted" }, t("ladder.empty", kind.name, ladder.min_games)),
    );
  } catch (err) {
    $("#ladder-body").replaceChildren();
    fail(err);
  }
  const url = new URL(location.href);
  url.searchParams.set("kind", kind.id);
  history.replaceState(null, "", url);
}

async function main() {
  const account = await showAccountControl();
  if (!account) {
    status("");
    $("#ladder-body").replaceChildren(
      h(
        "p",
        {},
        t("ladder.signIn"),
        " ",
        h("a", { class: "button primary", href: signInHref("signin") }, t("me.signIn")),
      ),
    );
    return;
  }
  let all;
  try {
    all = await kinds();
  } catch (err) {
    fail(err);
    return;
  }
  const wanted = new URLSearchParams(location.search).get("kind");
  const first = all.find((k) => k.id === wanted) || all[0];
  const tabs = all.map((k) =>
    h(
      "button",
      {
        type: "button",
        role: "tab",
        id: `tab-${k.id}`,
        "data-kind": k.id,
        "aria-controls": "ladder-body",
        onclick: () => show(k),
      },
      k.name,
    ),
  );
  $("#ladder-kinds").replaceChildren(...tabs);
  $("#ladder-kinds").addEventListener("keydown", (ev) => {
    const i = tabs.indexOf(document.activeElement);
    if (i < 0 || !["ArrowLeft", "ArrowRight"].includes(ev.key)) return;
    const next = tabs[(i + (ev.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length];
    next.focus();
    next.click();
  });
  await show(first);
}

main();
