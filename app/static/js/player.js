// A player's profile /players/{name} (docs/API.md, "Ladder and profiles"): per kind of game
// its rating, place on the ladder, rated games played and won (also by table size) and the
// chart of its rating; its latest rated games with links to their replays; a head-to-head
// against a name typed or picked from its opponents (?against= keeps it in the link).

import { api } from "./api.js";
import { errorText, num, t } from "./i18n.js";
import { showAccountControl, signInHref } from "./me.js";
import { change, date, kinds, playerLink, ratingChart } from "./ratings.js";
import { h } from "./svg.js";

const $ = (sel) => document.querySelector(sel);

/** The name in this page's path, /players/{name}. */
function pageName() {
  const part = location.pathname.split("/").filter(Boolean)[1] || "";
  try {
    return decodeURIComponent(part);
  } catch {
    return "";
  }
}

function status(text) {
  $("#player-status").textContent = text;
  $("#player-status").hidden = !text;
}

function fail(where, err) {
  $(where).textContent = errorText(err);
  $(where).hidden = false;
}

function about(p) {
  const parts = [];
  if (p.bot === "server") parts.push(t("player.serverBot", p.bot_level));
  else if (p.bot === "author") parts.push(t("player.authorBot", p.owner));
  parts.push(t("player.since", date(p.since)));
  return parts.join(" · ");
}

function kindCard(k, kindName) {
  const rank =
    k.rank === null
      ? t("player.unranked", k.played)
      : h("a", { href: `/ladder?kind=${encodeURIComponent(k.kind)}` }, t("player.rank", k.rank));
  return h(
    "section",
    { class: "card kind-card", "aria-labelledby": `kind-${k.kind}` },
    h("h2", { id: `kind-${k.kind}` }, kindName),
    h(
      "div",
      { class: "kind-figures" },
      h(
        "p",
        { class: "big-rating" },
        h("span", { class: "label" }, t("ladder.rating")),
        " ",
        h("strong", {}, num(k.rating)),
      ),
      h("p", {}, rank),
      h("p", {}, t("player.playedWon", k.played, k.won)),
    ),
    h(
      "ul",
      { class: "by-players" },
      k.by_players.map((b) => h("li", {}, t("player.byPlayers", b.players, b.played, b.won))),
    ),
    ratingChart(k.chart, kindName, $("#player-kinds").clientWidth - 34),
    h("p", { class: "chart-caption muted" }, t("player.chartCaption")),
  );
}

function recentItem(g, names) {
  const players = g.players.map((p) =>
    h(
      "li",
      {},
      t("player.placeShort", p.place),
      " ",
      playerLink(p),
      ` (${change(p.before, p.after)})`,
    ),
  );
  return h(
    "li",
    { class: "recent-game" },
    h(
      "p",
      { class: "recent-head" },
      h("strong", {}, names[g.kind] || g.kind),
      ` · ${date(g.at)} · `,
      t("player.placeOf", g.place, g.players.length),
      ` · ${num(g.after)} (${change(g.before, g.after)}) · `,
      h("a", { href: g.replay }, t("player.replay")),
    ),
    h("ol", { class: "recent-players" }, players),
  );
}

function headToHead(result, names, subject) {
  if (!result.kinds.length) return h("p", {}, t("player.h2hNone", subject, result.against.name));
  return h(
    "ul",
    { class: "h2h" },
    result.kinds.map((k) =>
      h(
        "li",
        {},
        h("strong", {}, names[k.kind] || k.kind),
        ": ",
        t("player.h2hLine", subject, result.against.name, k.games, k.ahead, k.behind, k.level),
      ),
    ),
  );
}

async function compare(name, against, names) {
  $("#player-h2h-error").hidden = true;
  try {
    const p = await api(
      `/api/accounts/${encodeURIComponent(name)}/profile?against=${encodeURIComponent(against)}`,
    );
    $("#player-h2h").replaceChildren(headToHead(p.head_to_head, names, p.name));
    const url = new URL(location.href);
    url.searchParams.set("against", p.head_to_head.against.name);
    history.replaceState(null, "", url);
  } catch (err) {
    $("#player-h2h").replaceChildren();
    fail("#player-h2h-error", err);
  }
}

async function main() {
  const name = pageName();
  $("#player-name").textContent = name;
  document.title = t("player.pageTitleOf", name);
  const account = await showAccountControl();
  if (!account) {
    status("");
    $("#player-about").replaceChildren(
      t("player.signIn"),
      " ",
      h("a", { class: "button primary", href: signInHref("signin") }, t("me.signIn")),
    );
    return;
  }
  let profile;
  let names = {};
  try {
    const [p, all] = await Promise.all([
      api(`/api/accounts/${encodeURIComponent(name)}/profile`),
      kinds(),
    ]);
    profile = p;
    names = Object.fromEntries(all.map((k) => [k.id, k.name]));
  } catch (err) {
    status("");
    fail("#player-error", err);
    return;
  }
  status("");
  $("#player-name").replaceChildren(playerLink(profile, { link: false }));
  document.title = t("player.pageTitleOf", profile.name);
  $("#player-about").textContent = about(profile);
  $("#player-kinds").replaceChildren(
    ...(profile.kinds.length
      ? profile.kinds.map((k) => kindCard(k, names[k.kind] || k.kind))
      : [
          h(
            "section",
            { class: "card" },
            h("p", { class: "muted" }, t("player.noGames", profile.name)),
          ),
        ]),
  );
  if (profile.recent.length) {
    $("#player-recent").replaceChildren(...profile.recent.map((g) => recentItem(g, names)));
    $("#player-recent-card").hidden = false;
  }
  // Head-to-head: anyone by name; the opponents of its latest games offered first.
  const opponents = new Set(
    profile.recent.flatMap((g) => g.players.map((p) => p.name)).filter((n) => n !== profile.name),
  );
  if (account.name !== profile.name) opponents.add(account.name);
  $("#player-h2h-names").replaceChildren(...[...opponents].map((n) => h("option", { value: n })));
  $("#player-h2h-card").hidden = false;
  $("#player-h2h-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const against = $("#player-h2h-name").value.trim();
    if (against) compare(profile.name, against, names);
  });
  const asked = new URLSearchParams(location.search).get("against");
  if (asked) {
    $("#player-h2h-name").value = asked;
    await compare(profile.name, asked, names);
  }
}

main();
