// What the ladder (/ladder) and the profiles (/players/{name}) share: the games' names,
// a player's name with its bot mark, and the chart of a rating's history (docs/API.md,
// "Ladder and profiles").

import { api } from "./api.js";
import { locale, num, t } from "./i18n.js";
import { h, s } from "./svg.js";

let kindsAsked = null;

/** The server's kinds of game, [{id, name}], asked once per page. */
export function kinds() {
  if (!kindsAsked)
    kindsAsked = api("/api/kinds").then((list) => list.map(({ id, name }) => ({ id, name })));
  return kindsAsked;
}

export function playerHref(name) {
  return `/players/${encodeURIComponent(name)}`;
}

/** "Bot · hard" with a "bot" mark; a person's plain name; linked to the profile. */
export function playerLink(who, { link = true } = {}) {
  const label = link ? h("a", { href: playerHref(who.name) }, who.name) : h("span", {}, who.name);
  if (!who.bot) return label;
  return h(
    "span",
    { class: "player-with-mark" },
    label,
    " ",
    h("span", { class: "bot-mark", title: t(`ratings.botKind.${who.bot}`) }, t("ratings.bot")),
  );
}

export function date(iso) {
  return new Date(iso).toLocaleDateString(locale(), {
    year: "numeric",
    month: "short",
    day: "numeric",
  });
}

/** A rating change as "+12" / "−7" / "±0", for people and screen readers alike. */
export function change(before, after) {
  const d = after - before;
  if (d === 0) return "±0";
  return d > 0 ? `+${num(d)}` : `−${num(-d)}`;
}

// A round step for the value axis: 5, 10, 20, 25, 50, 100… lines, about four of them.
function step(span) {
  const raw = Math.max(span / 4, 1);
  const base = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 2.5, 5, 10].map((m) => m * base).find((v) => v >= raw);
}

/** The chart of a kind's rating over its rated games (`points`: [{game, at, before, rating}],
 * oldest first): one line from the rating before the first game through each game's. An
 * SVG `width` units wide (the space it gets: its letters keep their size on a phone); its
 * text alternative says where it began and where it is. */
export function ratingChart(points, kindName, width = 640) {
  const values = [points[0].before, ...points.map((p) => p.rating)];
  const W = Math.round(Math.min(640, Math.max(280, width)));
  const H = 240;
  const pad = { left: 52, right: 16, top: 14, bottom: 30 };
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  const every = step(Math.max(hi - lo, 20));
  lo = Math.floor(lo / every) * every;
  hi = Math.ceil(hi / every) * every;
  if (hi === lo) hi = lo + every;
  const x = (i) => pad.left + (i * (W - pad.left - pad.right)) / Math.max(values.length - 1, 1);
  const y = (v) => pad.top + ((hi - v) * (H - pad.top - pad.bottom)) / (hi - lo);
  const grid = [];
  for (let v = lo; v <= hi + 1e-9; v += every) {
    grid.push(
      s("line", { class: "grid", x1: pad.left, x2: W - pad.right, y1: y(v), y2: y(v) }),
      s("text", { class: "axis", x: pad.left - 8, y: y(v) + 4, "text-anchor": "end" }, num(v)),
    );
  }
  // The games along the bottom: the first, the last and a few between, as "game n".
  const ticks = new Set([0, values.length - 1]);
  const gap = Math.ceil((values.length - 1) / 5) || 1;
  for (let i = gap; i < values.length - 1; i += gap) ticks.add(i);
  for (const i of ticks) {
    grid.push(s("text", { class: "axis", x: x(i), y: H - 8, "text-anchor": "middle" }, num(i)));
  }
  const line = values
    .map((v, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`)
    .join("");
  const dots = points.map((p, i) =>
    s(
      "circle",
      { class: "dot", cx: x(i + 1), cy: y(p.rating), r: values.length > 60 ? 2 : 4 },
      s(
        "title",
        {},
        t("ratings.point", i + 1, date(p.at), num(p.rating), change(p.before, p.rating)),
      ),
    ),
  );
  const label = t(
    "ratings.chartLabel",
    kindName,
    num(values[0]),
    num(values.at(-1)),
    points.length,
  );
  return s(
    "svg",
    { class: "rating-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label },
    s("title", {}, label),
    ...grid,
    s("path", { class: "line", d: line }),
    ...dots,
  );
}
