// "Describe the position" (issue 37, finding 11): the whole position as structured text in a
// dialog, for a screen reader or anyone who would rather read than look: whose turn, every
// seat's score and public supply, and per village (Dschingis Khan) or per stone circle
// (Die Dolmengötter) who holds it and what stands there.
//
// It is built from this page's view only (GET /view and the socket give a seat its own view,
// a watcher the public one), so it can say nothing the seat may not know: another seat's
// tile is "face down", another seat's dolmen "value hidden", unless the view shows them.

import { t } from "./i18n.js";
import { seatStyle } from "./palette.js";
import { h } from "./svg.js";

const list = (items, attrs = {}) => h("ul", attrs, items);

const faceName = (face) => t(`dk.face.${face}`);

function dkVillages(view, c) {
  const pieces = new Map((view.walls?.pieces || []).map((p) => [p.line, p]));
  const linesOf = new Map();
  for (const line of c.board?.lines || []) {
    for (const v of line.villages || []) {
      if (!linesOf.has(v)) linesOf.set(v, []);
      linesOf.get(v).push(line.id);
    }
  }
  const items = (view.villages || []).map((v) => {
    const stack = v.stack || [];
    const walls = (linesOf.get(v.id) || [])
      .filter((id) => pieces.has(id))
      .map((id) => t("describe.dk.wall", id, pieces.get(id).open, pieces.get(id).great_wall));
    const facts = [
      Number.isInteger(v.controller)
        ? t("describe.dk.controller", c.nameOf(v.controller))
        : t("describe.dk.noController"),
      stack.length
        ? t(
            "describe.dk.tiles",
            stack.map((tile) =>
              t("describe.dk.tile", c.nameOf(tile.owner), tile.face ? faceName(tile.face) : null),
            ),
          )
        : t("describe.dk.noTiles"),
      Number.isInteger(v.scout) ? t("describe.dk.scout", c.nameOf(v.scout)) : null,
      walls.length ? t("describe.dk.walls", walls) : null,
    ].filter(Boolean);
    return h(
      "li",
      {
        "data-village": v.id,
        "data-controller": Number.isInteger(v.controller) ? v.controller : null,
        "data-tiles": stack.map((tile) => `${tile.owner}:${tile.face || "?"}`).join(" "),
      },
      h("strong", {}, t("describe.dk.village", v.id, t(`dk.side.${v.side}`))),
      `: ${facts.join("; ")}.`,
    );
  });
  return [h("h3", {}, t("describe.dk.villages")), list(items, { class: "describe-places" })];
}

function dgCircles(view, c) {
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

/** The seat's own hidden things, which its view shows it. */
function ownHand(kind, view, c) {
  if (!Number.isInteger(c.seat)) return null;
  const me = (view.players || [])[c.seat] || {};
  if (kind === "dschingis_khan" && me.faces)
    return t(
      "describe.dk.hand",
      me.faces.map((f) => faceName(f)),
    );
  if (kind === "dolmengoetter" && me.hand)
    return t(
      "describe.dg.hand",
      [1, 2, 3, 4].map((v) => [v, me.hand[String(v)] ?? 0]),
    );
  return null;
}

/** The description's content for `view` (a seat's own view or the public one). */
export function describePosition(kind, view, game, c) {
  const toAct = view.is_over ? [] : view.to_act || [];
  const cols = game.playerColumns(view, c);
  const seats = [];
  for (let seat = 0; seat < (c.numPlayers || (view.players || []).length); seat++) {
    const st = seatStyle(seat);
    seats.push(
      h(
        "li",
        { "data-seat": seat },
        h("strong", {}, t("describe.seat", c.nameOf(seat), st.letter, st.colourName, c.you(seat))),
        `: ${cols.map((col) => `${col.title || col.label} ${col.value(seat) ?? "–"}`).join(", ")}.`,
      ),
    );
  }
  const note = game.tableNote ? game.tableNote(view, c) : "";
  const hand = ownHand(kind, view, c);
  return [
    h(
      "p",
      { class: "describe-turn" },
      view.is_over
        ? t("describe.over")
        : t(
            "describe.toMove",
            toAct.map((s) => c.nameOf(s)),
            toAct.includes(c.seat),
          ),
    ),
    h("h3", {}, t("describe.players")),
    list(seats),
    note ? h("p", {}, note) : null,
    hand ? h("p", { class: "describe-hand" }, hand) : null,
    ...(kind === "dschingis_khan" ? dkVillages(view, c) : dgCircles(view, c)),
  ];
}

/** The button and its dialog. `hooks`: {kind, game, view() (the live view), ctx()}. */
export function setupDescribe(button, hooks) {
  const body = h("div", { class: "describe-body" });
  const close = h(
    "button",
    { type: "button", class: "describe-close", onclick: () => dialog.close() },
    t("describe.close"),
  );
  const dialog = h(
    "dialog",
    { id: "describe", class: "describe card", "aria-labelledby": "describe-title" },
    h(
      "div",
      { class: "describe-head" },
      h("h2", { id: "describe-title" }, t("describe.title")),
      close,
    ),
    body,
  );
  document.body.append(dialog);
  button.addEventListener("click", () => {
    const view = hooks.view();
    if (!view) return;
    body.replaceChildren(...describePosition(hooks.kind, view, hooks.game(), hooks.ctx()));
    dialog.showModal();
    close.focus();
  });
  return dialog;
}
