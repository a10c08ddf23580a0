// Dschingis Khan told in words: a turn's clauses for the log ("took 2 wall pieces, built
// walls on lines 5 and 15, scout 7 → 29": logturns.js) and the position described village by
// village ("Describe the position": describe.js), from the page's own view only.

import { list } from "../describe.js";
import { t } from "../i18n.js";
import { h } from "../svg.js";

const faceList = (faces) =>
  faces?.length ? faces.map((f) => t(`dk.face.${f}`) ?? String(f)).join(", ") : null;

/** An event of the seat whose turn it is as a clause (logturns.js's `turnClause` hook). */
export function turnClause(ev, you, prev) {
  switch (ev.type) {
    case "setup":
      return {
        text: () => t("dk.turn.setup", you, ev.villages, faceList(ev.faces), ev.scout),
      };
    case "take_walls":
    case "take_tiles":
    case "discard": {
      const key = { take_walls: "takeWalls", take_tiles: "takeTiles", discard: "discard" };
      if (prev?.type === ev.type) {
        prev.n += ev.count || 0;
        prev.faces = prev.faces && ev.faces ? [...prev.faces, ...ev.faces] : null;
        return prev;
      }
      const c = { type: ev.type, n: ev.count || 0, faces: ev.faces ? [...ev.faces] : null };
      c.text = () => t(`dk.turn.${key[ev.type]}`, you, c.n, faceList(c.faces));
      return c;
    }
    case "wall": {
      const c = prev?.type === "wall" ? prev : { type: "wall", lines: [], changed: [], removed: 0 };
      c.lines.push(ev.line);
      c.removed += (ev.removed || []).length;
      for (const v of ev.sides_changed || []) if (!c.changed.includes(v)) c.changed.push(v);
      c.text = () => t("dk.turn.walls", you, c.lines, c.removed, c.changed);
      return c;
    }
    case "walls_kept":
      return { text: () => t("dk.turn.wallsKept", you, ev.count) };
    case "step": {
      const how =
        !ev.via || ev.via.length === 0 ? "straight" : ev.via.length === 1 ? "gate" : "wall";
      const c = prev?.type === "step" ? prev : { type: "step", path: `${ev.from}`, tiles: [] };
      c.path += ` → ${ev.to}${how === "straight" ? "" : ` (${t(`dk.turn.${how}`)})`}`;
      c.tiles = c.tiles && ev.tile ? [...c.tiles, ev.tile] : null;
      c.text = () => t("dk.turn.scout", you, c.path, faceList(c.tiles));
      return c;
    }
    case "place_scout":
      return { text: () => t("dk.turn.placeScout", you, ev.village) };
    case "rescue_scout":
      return { text: () => t("dk.turn.rescue", you, ev.village) };
    default:
      return null;
  }
}

const faceName = (face) => t(`dk.face.${face}`);

/** Every village: who holds it, its tiles (faces where the view shows them), the scout and
 * the wall pieces on its lines. */
export function describePlaces(view, c) {
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

/** The seat's own tiles in hand, which its view shows it. */
export function describeHand(me) {
  return me.faces
    ? t(
        "describe.dk.hand",
        me.faces.map((f) => faceName(f)),
      )
    : null;
}
