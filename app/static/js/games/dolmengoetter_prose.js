// Die Dolmengötter told in words: a turn's clauses for the log ("flew a druid from 71 to 76,
// left a stone on 71": logturns.js) and the position described circle by circle ("Describe
// the position": describe.js), from the page's own view only.

import { list } from "../describe.js";
import { t } from "../i18n.js";
import { h } from "../svg.js";

/** An event of the seat whose turn it is as a clause (logturns.js's `turnClause` hook). */
export function turnClause(ev, you, _prev, later) {
  switch (ev.type) {
    case "druid_placed":
      return { text: () => t("dg.turn.druid", you, ev.place) };
    case "walk":
      return { text: () => t("dg.turn.walk", you, ev.from, ev.to) };
    case "flight":
      return { text: () => t("dg.turn.flight", you, ev.from, ev.to) };
    case "herbs":
      return { text: () => t("dg.turn.herbs", you, ev.place) };
    case "stone_placed":
      return { text: () => t("dg.turn.stone", you, ev.place) };
    case "stone_declined":
      return { text: () => t("dg.turn.noStone", you, ev.penalty || 0) };
    case "dolmen_right":
      // Said by the dolmen raised (or not) later in the same turn.
      if (
        later.some(
          (e) =>
            (e.type === "dolmen_placed" || e.type === "dolmen_declined") &&
            e.seat === ev.seat &&
            e.circle === ev.circle,
        )
      )
        return { skip: true };
      return { text: () => t("dg.turn.right", you, ev.position === "top", ev.circle) };
    case "dolmen_placed":
      return {
        text: () => t("dg.turn.dolmen", you, ev.value || null, ev.circle, ev.position === "top"),
      };
    case "dolmen_declined":
      return { text: () => t("dg.turn.noDolmen", you, ev.circle) };
    default:
      return null;
  }
}

/** Every stone circle: its stones, majority, druids and dolmens (values where the view
 * shows them); then the druids outside the circles. */
export function describePlaces(view, c) {
  const places = new Map((view.places || []).map((p) => [p.id, p]));
  const inCircle = new Set();
  const druidsOn = (ids) =>
    ids
      .map((id) => places.get(id))
      .filter((p) => p && Number.isInteger(p.druid))
      .map((p) => t("describe.dg.druid", c.nameOf(p.druid), p.id, Boolean(p.lying)));
  const items = (view.circles || []).map((circle) => {
    const ids = c.board?.circles?.[circle.id]?.places || [];
    for (const id of ids) inCircle.add(id);
    const stones = (circle.stones || [])
      .map((n, seat) => (n ? `${c.nameOf(seat)} ${n}` : null))
      .filter(Boolean);
    const druids = druidsOn(ids);
    const dolmens = (circle.stack || []).map((d) =>
      t("describe.dg.dolmen", c.nameOf(d.owner), d.value ?? null),
    );
    const facts = [
      t("describe.dg.stones", stones, circle.filled ?? 0, circle.size ?? ids.length),
      Number.isInteger(circle.majority)
        ? t("describe.dg.majority", c.nameOf(circle.majority))
        : t("describe.dg.noMajority"),
      druids.length ? t("describe.dg.druids", druids) : t("describe.dg.noDruids"),
      dolmens.length ? t("describe.dg.dolmens", dolmens) : t("describe.dg.noDolmens"),
      circle.scored ? t("describe.dg.scored") : null,
    ].filter(Boolean);
    return h(
      "li",
      {
        "data-circle": circle.id,
        "data-majority": Number.isInteger(circle.majority) ? circle.majority : null,
        "data-dolmens": (circle.stack || []).map((d) => `${d.owner}:${d.value ?? "?"}`).join(" "),
      },
      h("strong", {}, t("describe.dg.circle", circle.id)),
      `: ${facts.join("; ")}.`,
    );
  });
  const elsewhere = druidsOn([...places.keys()].filter((id) => !inCircle.has(id)));
  return [
    h("h3", {}, t("describe.dg.circles")),
    list(items, { class: "describe-places" }),
    elsewhere.length ? h("p", {}, t("describe.dg.elsewhere", elsewhere)) : null,
  ];
}

/** The seat's own dolmens in hand by value, which its view shows it. */
export function describeHand(me) {
  return me.hand
    ? t(
        "describe.dg.hand",
        [1, 2, 3, 4].map((v) => [v, me.hand[String(v)] ?? 0]),
      )
    : null;
}
