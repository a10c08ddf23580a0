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

/** A list of `items` (<li>s): the description's lists, the games' ones too. */
export const list = (items, attrs = {}) => h("ul", attrs, items);

/** The description's content for `view` (a seat's own view or the public one). */
export function describePosition(view, game, c) {
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
  // The seat's own hidden things, which its view shows it; then the game's places.
  const me = Number.isInteger(c.seat) ? (view.players || [])[c.seat] : null;
  const hand = me ? game.describeHand(me) : null;
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
    ...game.describePlaces(view, c),
  ];
}

/** The button and its dialog. `hooks`: {game() (the game's module: its `describeHand(player)`
 * and `describePlaces(view, c)`), view() (the live view), ctx()}. */
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
    body.replaceChildren(...describePosition(view, hooks.game(), hooks.ctx()));
    dialog.showModal();
    close.focus();
  });
  return dialog;
}
