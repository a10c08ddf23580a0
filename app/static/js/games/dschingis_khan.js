// Dschingis Khan: draws the board file and the server's view (engines/dschingis_khan/
// observer.py documents its shape) and turns each legal action into clicks.

import { BoardSvg, titled } from "../boardkit.js";
import { num, t } from "../i18n.js";
import { seatMark, seatStyle, seatSwatch } from "../palette.js";
import { h, points, s } from "../svg.js";
import { describeHand, describePlaces, turnClause } from "./dschingis_khan_prose.js";

const U = 100; // board units -> SVG units
const tr = t; // the texts, in functions where `t` names a tower or the turn

// The tile faces; their names and letters are the texts "dk.face.<face>", "dk.letter.<face>".
export const FACES = ["chinese", "mongolian", "farmer", "plague", "ginseng"];

const SIDE = {
  mongolia: { fill: "#f1e0b5" },
  china: { fill: "url(#china)" },
};

function faceName(f) {
  return FACES.includes(f) ? t(`dk.face.${f}`) : String(f);
}

function faceLetter(f) {
  return FACES.includes(f) ? t(`dk.letter.${f}`) : "?";
}

function sideName(side) {
  return SIDE[side] ? t(`dk.side.${side}`) : String(side);
}

// ---- geometry ---------------------------------------------------------------------------

function geometry(board) {
  const skew = board.draw_skew || 0;
  // RULES.md: screen x = x + draw_skew × (6 − y); north is up.
  const tower = new Map(board.towers.map((t) => [t.id, [(t.x + skew * (6 - t.y)) * U, t.y * U]]));
  const village = new Map();
  for (const v of board.villages) {
    const pts = v.corners.map((id) => tower.get(id));
    const cx = pts.reduce((a, p) => a + p[0], 0) / pts.length;
    const cy = pts.reduce((a, p) => a + p[1], 0) / pts.length;
    village.set(v.id, { pts, c: [cx, cy] });
  }
  const line = new Map(
    board.lines.map((l) => [
      l.id,
      { a: tower.get(l.towers[0]), b: tower.get(l.towers[1]), villages: l.villages },
    ]),
  );
  return { tower, village, line };
}

/** A rectangle of half-width `w` along a→b, shortened by `inset` at both ends. */
function band([x1, y1], [x2, y2], w, inset) {
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const ux = (x2 - x1) / len;
  const uy = (y2 - y1) / len;
  const ax = x1 + ux * inset;
  const ay = y1 + uy * inset;
  const bx = x2 - ux * inset;
  const by = y2 - uy * inset;
  const nx = -uy * w;
  const ny = ux * w;
  return [
    [ax + nx, ay + ny],
    [bx + nx, by + ny],
    [bx - nx, by - ny],
    [ax - nx, ay - ny],
  ];
}

function shrink(pts, [cx, cy], k) {
  return pts.map(([x, y]) => [cx + (x - cx) * k, cy + (y - cy) * k]);
}

// ---- the board --------------------------------------------------------------------------

function createBoard(board) {
  const geo = geometry(board);
  const xs = [...geo.tower.values()].map((p) => p[0]);
  const ys = [...geo.tower.values()].map((p) => p[1]);
  const pad = 55;
  const minX = Math.min(...xs) - pad;
  const minY = Math.min(...ys) - pad;
  const width = Math.max(...xs) - minX + pad;
  const height = Math.max(...ys) - minY + pad;
  const bv = new BoardSvg([minX, minY, width, height], t("dk.boardTitle"));
  bv.svg.classList.add("board-dk");

  bv.defs.append(
    s(
      "pattern",
      {
        id: "china",
        width: 12,
        height: 12,
        patternUnits: "userSpaceOnUse",
        patternTransform: "rotate(45)",
      },
      s("rect", { width: 12, height: 12, fill: "#cfe0ea" }),
      s("line", { x1: 0, y1: 0, x2: 0, y2: 12, stroke: "#9db8c9", "stroke-width": 4 }),
    ),
  );

  // Compass captions: Mongolia is north of the Great Wall, China south (DK-6).
  const midX = (Math.min(...xs) + Math.max(...xs)) / 2;
  bv.base.append(
    s(
      "text",
      {
        x: midX,
        y: minY + 30,
        "text-anchor": "middle",
        "font-size": 24,
        "font-weight": 700,
        fill: "#7a5a12",
        "letter-spacing": 6,
      },
      t("dk.captionNorth"),
    ),
    s(
      "text",
      {
        x: midX,
        y: minY + height - 14,
        "text-anchor": "middle",
        "font-size": 24,
        "font-weight": 700,
        fill: "#2f5870",
        "letter-spacing": 6,
      },
      t("dk.captionSouth"),
    ),
  );

  const villageEls = new Map();
  // Village numbers lie above the targets, so a highlighted village keeps its number legible.
  const numbers = s("g", { class: "layer-labels" });
  for (const v of board.villages) {
    const g = geo.village.get(v.id);
    const poly = s("polygon", {
      points: points(g.pts),
      fill: SIDE.mongolia.fill,
      stroke: "#b7ab8c",
      "stroke-width": 1.5,
      class: "village",
      "data-village": v.id,
    });
    villageEls.set(v.id, poly);
    bv.base.append(poly);
    const [x0, y0] = g.pts[0];
    numbers.append(
      s("text", { x: x0 + 12, y: y0 + 17, "font-size": 13, fill: "#6b5d3a" }, String(v.id)),
    );
  }

  // The board's edge (no walls stand there) as one thick outline.
  const edge = (board.boundary_cycle || []).map((id) => geo.tower.get(id));
  if (edge.length)
    bv.base.append(
      s("polygon", {
        points: points(edge),
        fill: "none",
        stroke: "#5b4a26",
        "stroke-width": 5,
        "stroke-linejoin": "round",
      }),
    );

  // Lines where a wall piece may stand, faint.
  for (const [, l] of geo.line) {
    bv.base.append(
      s("line", {
        x1: l.a[0],
        y1: l.a[1],
        x2: l.b[0],
        y2: l.b[1],
        stroke: "#b7ab8c",
        "stroke-width": 2,
      }),
    );
  }

  // Towers; the side towers (where the Great Wall may end) are larger and lettered.
  for (const t of board.towers) {
    const [x, y] = geo.tower.get(t.id);
    if (t.side) {
      const label = t.side === "west" ? tr("dk.letterWest") : tr("dk.letterEast");
      bv.base.append(
        titled(
          s(
            "g",
            { class: "side-tower" },
            s("rect", {
              x: x - 10,
              y: y - 10,
              width: 20,
              height: 20,
              rx: 3,
              fill: "#fff",
              stroke: "#3a3a3a",
              "stroke-width": 2.5,
            }),
            s(
              "text",
              {
                x: x + (t.side === "west" ? -24 : 24),
                y: y + 6,
                "text-anchor": "middle",
                "font-size": 16,
                "font-weight": 700,
                fill: "#3a3a3a",
              },
              label,
            ),
          ),
          tr("dk.sideTower", t.side, t.id),
        ),
      );
    } else {
      bv.base.append(
        s("rect", {
          x: x - 5,
          y: y - 5,
          width: 10,
          height: 10,
          fill: "#8a7d5e",
          stroke: "#4d4330",
        }),
      );
    }
  }

  // Targets: villages (scout steps, setup, scout back) and lines (wall pieces).
  for (const v of board.villages) {
    const g = geo.village.get(v.id);
    bv.addTarget(
      `village:${v.id}`,
      s("polygon", { points: points(shrink(g.pts, g.c, 0.86)) }),
      t("dk.village", v.id),
    );
  }
  for (const l of board.lines) {
    const gl = geo.line.get(l.id);
    // A band around the line, not a <line>: a target needs an area to be hit and seen.
    // Its hit area is wider (for fingers) but stops short of the towers, where lines meet.
    const hit = s("polygon", { points: points(band(gl.a, gl.b, 36, 24)) });
    const el = bv.addTarget(
      `line:${l.id}`,
      s("polygon", { points: points(band(gl.a, gl.b, 13, 10)) }),
      t("dk.line", l.id),
      hit,
    );
    el.classList.add("line-tgt");
  }
  bv.svg.append(numbers);

  return {
    svg: bv.svg,
    setTargets: (live, picked) => bv.setTargets(live, picked),
    hint: (keys) => bv.hint(keys),
    update: (view, ctx) => drawPieces(bv, geo, villageEls, view, ctx),
  };
}

function drawPieces(bv, geo, villageEls, view, ctx) {
  const layer = s("g", { class: "pieces" });
  const villages = view.villages || [];
  for (const v of villages) {
    const el = villageEls.get(v.id);
    if (!el) continue;
    const side = SIDE[v.side] || SIDE.mongolia;
    el.setAttribute("fill", side.fill);
    el.dataset.side = v.side;
  }
  const walls = view.walls || {};
  for (const piece of walls.pieces || []) {
    const gl = geo.line.get(piece.line);
    if (gl) layer.append(wallPiece(piece, gl));
  }
  for (const [side, tower] of Object.entries(walls.ends || {})) {
    const p = geo.tower.get(tower);
    if (!p) continue;
    layer.append(
      titled(
        s(
          "g",
          { class: "wall-end" },
          s("polygon", {
            points: points([
              [p[0], p[1] - 13],
              [p[0] + 13, p[1]],
              [p[0], p[1] + 13],
              [p[0] - 13, p[1]],
            ]),
            fill: "#222",
            stroke: "#fff",
            "stroke-width": 2,
          }),
        ),
        t("dk.wallEnd", side, tower),
      ),
    );
  }
  for (const v of villages) {
    const g = geo.village.get(v.id);
    if (!g) continue;
    if (v.stack?.length) layer.append(stackShape(v, g.c, ctx));
    if (v.scout !== null && v.scout !== undefined)
      layer.append(scoutShape(v.scout, g.c, v.id, ctx));
  }
  const old = bv.pieces.firstChild;
  if (old) old.replaceWith(layer);
  else bv.pieces.append(layer);
}

function wallPiece(piece, gl) {
  const [x1, y1] = gl.a;
  const [x2, y2] = gl.b;
  const len = Math.hypot(x2 - x1, y2 - y1);
  const ang = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI;
  const great = piece.great_wall;
  const w = great ? 16 : 11;
  const fill = great ? "#3b3b3b" : "#8c5a2b";
  const inset = 9;
  const L = len - 2 * inset;
  const parts = [];
  if (piece.open) {
    // An open piece shows its gate: a light gap in the middle of the wall.
    const gap = 22;
    const half = (L - gap) / 2;
    parts.push(
      s("rect", {
        x: inset,
        y: -w / 2,
        width: half,
        height: w,
        fill,
        stroke: "#000",
        "stroke-width": 1.5,
      }),
      s("rect", {
        x: inset + half + gap,
        y: -w / 2,
        width: half,
        height: w,
        fill,
        stroke: "#000",
        "stroke-width": 1.5,
      }),
      s("rect", {
        x: inset + half,
        y: -w / 2 + 2,
        width: gap,
        height: w - 4,
        fill: "#fffbe6",
        stroke: fill,
        "stroke-width": 1.5,
        "stroke-dasharray": "3 2",
      }),
    );
  } else {
    parts.push(
      s("rect", {
        x: inset,
        y: -w / 2,
        width: L,
        height: w,
        fill,
        stroke: "#000",
        "stroke-width": 1.5,
      }),
    );
  }
  if (!great) {
    // Branches carry a light centre stripe, so they differ from the Great Wall by more than colour.
    parts.push(
      s("line", {
        x1: inset + 3,
        y1: 0,
        x2: inset + L - 3,
        y2: 0,
        stroke: "#f3dfb8",
        "stroke-width": 2,
        "stroke-dasharray": piece.open ? "6 4" : null,
      }),
    );
  }
  const text = t("dk.wallPiece", great, piece.line, piece.open);
  return titled(
    s(
      "g",
      {
        class: `wall-piece ${great ? "great" : "branch"} ${piece.open ? "open" : "closed"}`,
        "data-line": piece.line,
        transform: `translate(${x1} ${y1}) rotate(${ang})`,
      },
      parts,
    ),
    text,
  );
}

function stackShape(v, [cx, cy], ctx) {
  const n = v.stack.length;
  const bh = Math.min(14, 64 / n);
  const bw = 50;
  const x = cx - bw / 2 + 8;
  const bottom = cy + 34;
  const g = s("g", { class: "stack", "data-village": v.id, "data-height": n });
  v.stack.forEach((layer, i) => {
    const y = bottom - (i + 1) * bh;
    const st = seatStyle(layer.owner);
    const top = i === n - 1;
    const known = layer.face !== null && layer.face !== undefined;
    const lg = s(
      "g",
      {
        class: `tile${top ? " top" : ""}${layer.remembered ? " remembered" : ""}`,
        "data-owner": layer.owner,
        "data-layer": i,
        "data-face": known ? layer.face : null,
      },
      s("rect", {
        x,
        y,
        width: bw,
        height: bh - 1,
        rx: 2,
        fill: st.colour,
        stroke: "#000",
        "stroke-width": top ? 2.2 : 1,
      }),
      bh >= 8 ? seatMark(layer.owner, x + 8, y + bh / 2 - 0.5, Math.min(5, bh / 2 - 1)) : null,
      known && bh >= 8
        ? [
            s("rect", {
              x: x + bw - 19,
              y: y + 1,
              width: 17,
              height: bh - 3,
              rx: 2,
              fill: layer.remembered ? "#eeeeee" : "#ffffff",
              stroke: layer.remembered ? "#555" : "none",
              "stroke-dasharray": layer.remembered ? "2 1" : null,
            }),
            s(
              "text",
              {
                x: x + bw - 10.5,
                y: y + bh / 2 + Math.min(4.5, bh / 3),
                "text-anchor": "middle",
                "font-size": Math.min(13, bh - 2),
                "font-weight": 700,
                "font-style": layer.remembered ? "italic" : null,
                fill: "#000",
              },
              faceLetter(layer.face),
            ),
          ]
        : null,
    );
    const face = known ? faceName(layer.face) : null;
    g.append(titled(lg, t("dk.tileTitle", ctx.nameOf(layer.owner), face, layer.remembered)));
  });
  const ctrl = v.controller;
  const ctrlName = ctrl === null || ctrl === undefined ? null : ctx.nameOf(ctrl);
  return titled(g, t("dk.villageTitle", v.id, sideName(v.side), n, ctrlName));
}

function scoutShape(seat, [cx, cy], village, ctx) {
  const st = seatStyle(seat);
  const x = cx - 30;
  const y = cy - 20;
  return titled(
    s(
      "g",
      { class: "scout", "data-owner": seat, "data-village": village },
      s("path", {
        d: `M${x - 13},${y + 16} L${x - 5},${y - 2} L${x + 5},${y - 2} L${x + 13},${y + 16} Z`,
        fill: st.colour,
        stroke: "#000",
        "stroke-width": 2.2,
        "stroke-linejoin": "round",
      }),
      s("circle", { cx: x, cy: y - 9, r: 8, fill: st.colour, stroke: "#000", "stroke-width": 2.2 }),
      seatMark(seat, x, y + 8, 5),
    ),
    t("dk.scoutTitle", ctx.nameOf(seat), village),
  );
}

// ---- actions as clicks ----------------------------------------------------------------

function viaText(via) {
  return t("dk.via", via || []);
}

/**
 * A scout step (DK-10) as clicks: the destination, then the wall pieces it uses, clicked on
 * the board (climb piece, then descend piece), then the tile. A route that is the only way
 * to the destination is taken for the player (`auto`) and shown as picked.
 */
function stepSteps(action, at) {
  const via = action.via || [];
  const to = action.to;
  const steps = [at(to, t("dk.step.moveTo", to))];
  const piece = (l, text) => ({ key: `line:${l}`, board: true, auto: true, text });
  if (via.length === 0) {
    steps.push({ key: "via:straight", text: t("dk.step.straight", to), auto: true });
  } else if (via.length === 1) {
    steps.push(piece(via[0], t("dk.step.usePiece", via[0])), {
      key: "via:gate",
      text: t("dk.step.gate", to),
      hint: [`line:${via[0]}`],
      auto: true,
    });
  } else {
    steps.push(
      piece(via[0], t("dk.step.usePiece", via[0])),
      piece(via[1], t("dk.step.climbDown", via[1], to)),
    );
  }
  // On its button the face alone, as the question asks which tile ("Chinese"): three faces
  // and Start over fit one row beside Undo; the full words are the button's name.
  steps.push({
    key: `tile:${action.tile}`,
    text: t("dk.step.placeTile", faceName(action.tile)),
    short: faceName(action.tile),
  });
  return steps;
}

function steps(action) {
  const at = (v, text) => ({ key: `village:${v}`, board: true, text });
  switch (action.type) {
    case "setup": {
      const [a, b] = action.villages;
      const [fa, fb] = action.faces;
      const tail = [
        {
          key: `faces:${a}=${fa},${b}=${fb}`,
          text: t("dk.step.faces", faceName(fa), a, faceName(fb), b),
        },
        at(action.scout, t("dk.step.scoutStart", action.scout)),
      ];
      return [at(a, t("dk.step.startTile", a)), at(b, t("dk.step.secondTile", b)), ...tail];
    }
    case "take_wall":
      return [{ key: "take:wall", text: t("dk.step.takeWall") }];
    case "take_tile":
      return [{ key: "take:tile", text: t("dk.step.drawTile") }];
    case "place_wall":
      return [{ key: `line:${action.line}`, board: true, text: t("dk.step.build", action.line) }];
    case "step":
      return stepSteps(action, at);
    case "place_scout":
      return [at(action.village, t("dk.step.scoutBack", action.village))];
    case "discard_tiles":
      return [{ key: "discard", text: t("dk.step.discard"), decline: true }];
    case "rescue_scout":
      return [{ key: "rescue", text: t("dk.step.rescue") }];
    case "pass":
      return [{ key: "pass", text: t("step.pass") }];
    default:
      return [{ key: `other:${JSON.stringify(action)}`, text: action.type }];
  }
}

/** Setup may start with either village: offer both orders (the same server action). */
function expand(option) {
  if (option.action.type !== "setup") return [option];
  const [a, b, faces, scout] = option.steps;
  return [
    option,
    {
      ...option,
      steps: [
        { ...b, text: t("dk.step.startTile", b.key.split(":")[1]) },
        { ...a, text: t("dk.step.secondTile", a.key.split(":")[1]) },
        faces,
        scout,
      ],
    },
  ];
}

function question(path, targets, choices, view, ctx) {
  const t = view.turn || {};
  const me = (view.players || [])[ctx.seat] || {};
  if (t.phase === "setup") {
    if (path.length === 0) return tr("dk.q.setupFirst");
    if (path.length === 1) return tr("dk.q.setupSecond");
    if (choices.some((c) => c.key.startsWith("faces:"))) return tr("dk.q.setupFaces");
    return tr("dk.q.setupScout");
  }
  if (t.phase === "scout") return tr("dk.q.scoutBack");
  if (t.phase === "take") return tr("dk.q.take", 2 - (t.takes || 0));
  if (t.phase === "place") {
    const village = [...path].reverse().find((st) => st.key.startsWith("village:"));
    if (village) {
      const to = village.key.split(":")[1];
      const lines = path
        .slice(path.indexOf(village) + 1)
        .filter((st) => st.key.startsWith("line:"));
      const hasLines = [...targets.keys()].some((k) => k.startsWith("line:"));
      const straight = choices.some((c) => c.key === "via:straight");
      const gate = choices.some((c) => c.key === "via:gate");
      if (lines.length === 0 && (hasLines || straight)) {
        if (!hasLines) return tr("dk.q.straight", to);
        return tr("dk.q.how", to, straight);
      }
      if (lines.length === 1 && (hasLines || gate)) {
        const l = lines[0].key.split(":")[1];
        if (!hasLines) return tr("dk.q.gate", l, to);
        return tr("dk.q.climbDown", gate, l, to);
      }
      const via = lines.map((st) => Number(st.key.split(":")[1]));
      if (choices.some((c) => c.key.startsWith("tile:"))) {
        return tr("dk.q.whichTile", to, viaText(via));
      }
    }
    const walls = me.walls ?? 0;
    const tiles = me.tiles ?? 0;
    if (t.committed === "walls") return tr("dk.q.nextWall", walls);
    if (t.committed === "tiles") return tr("dk.q.nextTile", tiles);
    const hasLines = [...targets.keys()].some((k) => k.startsWith("line:"));
    const hasVillages = [...targets.keys()].some((k) => k.startsWith("village:"));
    if (hasLines && hasVillages) return tr("dk.q.either", walls, tiles);
    if (hasLines) return tr("dk.q.wall", walls);
    if (hasVillages) return tr("dk.q.tile", tiles);
  }
  return "";
}

function phaseText(view, ctx) {
  const t = view.turn || {};
  const mine = t.seat === ctx.seat;
  const fin = view.final?.active ? tr("dk.phase.final") : "";
  const key =
    t.phase === "place"
      ? t.committed === "walls" || t.committed === "tiles"
        ? t.committed
        : "place"
      : t.phase;
  const what = ["setup", "scout", "take", "walls", "tiles", "place"].includes(key)
    ? tr(`dk.phase.${key}`, mine)
    : "";
  return what ? (fin ? `${what} (${fin})` : what) : fin;
}

// ---- panels ---------------------------------------------------------------------------

function playerColumns(view) {
  const p = (seat) => (view.players || [])[seat] || {};
  const cols = [
    {
      id: "walls",
      label: t("dk.col.walls"),
      title: t("dk.col.wallsTitle"),
      value: (seat) => p(seat).walls,
    },
    {
      id: "tiles",
      label: t("dk.col.tiles"),
      title: t("dk.col.tilesTitle"),
      value: (seat) => p(seat).tiles,
    },
    {
      id: "passive",
      label: t("dk.col.supply"),
      title: t("dk.col.supplyTitle"),
      value: (seat) => p(seat).passive,
    },
    {
      id: "discards",
      label: t("dk.col.out"),
      title: t("dk.col.outTitle"),
      value: (seat) => p(seat).discards,
    },
  ];
  if (view.is_over && view.scores)
    cols.unshift({
      id: "score",
      label: t("col.score"),
      title: t("col.scoreTitle"),
      value: (seat) => view.scores[seat],
    });
  return cols;
}

function tableNote(view) {
  const w = view.walls || {};
  return t("dk.tableNote", w.supply ?? "?", w.out_of_game || 0, Boolean(view.final?.active));
}

function faceChip(face, extra = {}) {
  return h(
    "li",
    {
      class: `chip${extra.remembered ? " remembered" : ""}`,
      "data-face": face,
      title: extra.note || null,
      ...extra.attrs,
    },
    h("span", { class: "face-letter" }, faceLetter(face)),
    extra.short ? h("small", {}, ` ${extra.short}`) : ` ${faceName(face)}`,
    extra.note ? h("span", { class: "sr-only" }, ` ${faceName(face)}, ${extra.note}`) : null,
  );
}

/** One part of the hand strip: its label and what it lists (issue 37: a compact strip). */
function handPart(label, body) {
  return h("span", { class: "hand-part" }, h("span", { class: "hand-label" }, label), body);
}

function privatePanel(view, ctx) {
  if (ctx.seat === null) return null;
  const me = (view.players || [])[ctx.seat];
  if (!me?.faces) return null;
  const remembered = [];
  for (const v of view.villages || []) {
    v.stack.forEach((layer, i) => {
      if (layer.remembered && layer.face) {
        remembered.push(
          faceChip(layer.face, {
            remembered: true,
            short: t("dk.priv.rememberedShort", v.id, i + 1),
            note: t("dk.priv.rememberedAt", v.id, i + 1, ctx.nameOf(layer.owner)),
            attrs: { "data-village": v.id, "data-layer": i },
          }),
        );
      }
    });
  }
  return h(
    "div",
    // One line on a desktop (scrolling sideways when long), so the band above the board
    // keeps its height and the board never moves or shrinks as the hand changes.
    { class: "hand-strip", tabindex: "0", role: "region", "aria-labelledby": "private-title" },
    handPart(
      t("dk.priv.inHand", me.faces.length),
      me.faces.length
        ? h(
            "ul",
            { class: "chips", id: "my-tiles" },
            me.faces.map((f) => faceChip(f)),
          )
        : h("span", { class: "muted", id: "my-tiles" }, t("none")),
    ),
    h(
      "span",
      { class: "hand-part", title: t("dk.priv.walls", me.walls, me.passive) },
      t("dk.priv.wallsShort", me.walls, me.passive),
    ),
    me.discarded?.length
      ? handPart(
          t("dk.priv.discarded"),
          h(
            "ul",
            { class: "chips", id: "my-discards" },
            me.discarded.map((f) => faceChip(f)),
          ),
        )
      : null,
    remembered.length
      ? handPart(
          t("dk.priv.remembered"),
          h("ul", { class: "chips", id: "my-remembered" }, remembered),
        )
      : null,
  );
}

function resultPanel(view, ctx) {
  const sc = view.scoring;
  if (!sc) return h("p", {}, t("dk.res.inTable"));
  const rows = sc.villages
    .filter((v) => v.controller !== null && v.controller !== undefined)
    .sort((a, b) => a.controller - b.controller || a.village - b.village)
    .map((v) =>
      h(
        "tr",
        { "data-village": v.village },
        h("td", {}, `${v.village}`),
        h("td", {}, sideName(v.side)),
        h("td", { class: "owner" }, seatSwatch(v.controller, 14), ` ${ctx.nameOf(v.controller)}`),
        h("td", { class: "faces" }, v.faces.map(faceLetter).join(" ")),
        h("td", {}, num(v.points)),
      ),
    );
  // Per seat: its villages with their points, and its total; every village's side and
  // tiles in the table below, folded (the result must fit a laptop screen unscrolled).
  const bySeat = sc.scores.map((total, i) =>
    h(
      "tr",
      { "data-seat": i },
      h("th", { scope: "row" }, seatSwatch(i, 14), ` ${ctx.nameOf(i)}`),
      h(
        "td",
        { class: "villages" },
        sc.villages
          .filter((v) => v.controller === i)
          .sort((a, b) => a.village - b.village)
          .map((v) =>
            h(
              "span",
              {
                class: "vpts",
                "data-village": v.village,
                title: `${sideName(v.side)} · ${v.faces.map(faceLetter).join(" ")}`,
              },
              `${v.village}: ${num(v.points)}`,
            ),
          ),
      ),
      h("td", { class: "total", "data-seat": i }, num(total)),
    ),
  );
  return h(
    "div",
    // May scroll: reachable by keyboard (WCAG 2.1.1), named by the result's heading.
    { class: "score-wrap", tabindex: "0", role: "region", "aria-labelledby": "result-title" },
    h(
      "table",
      { class: "score-table score-seats", id: "score-seats" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", {}, t("dk.res.owner")),
          h("th", {}, t("game.villagesOf")),
          h("th", {}, t("dk.res.points")),
        ),
      ),
      h("tbody", {}, bySeat),
    ),
    h(
      "details",
      { class: "score-details" },
      h("summary", {}, t("game.everyVillage")),
      h("p", { class: "hint" }, `${faceKey()} ${t("dk.res.bottomToTop")}`),
      h(
        "table",
        { class: "score-table", id: "score-table" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", {}, t("dk.res.village")),
            h("th", {}, t("dk.res.side")),
            h("th", {}, t("dk.res.owner")),
            h("th", {}, t("dk.res.tiles")),
            h("th", {}, t("dk.res.points")),
          ),
        ),
        h("tbody", {}, rows),
      ),
    ),
  );
}

function legend() {
  const mk = (el, text, vb = "-22 -14 44 28") =>
    h(
      "span",
      {},
      s("svg", { width: 40, height: 26, viewBox: vb, "aria-hidden": "true" }, el),
      text,
    );
  const piece = (great, open) => {
    const g = wallPiece({ line: 0, great_wall: great, open }, { a: [-30, 0], b: [30, 0] });
    return g;
  };
  return [
    mk(
      s("rect", {
        x: -20,
        y: -12,
        width: 40,
        height: 24,
        fill: SIDE.mongolia.fill,
        stroke: "#b7ab8c",
      }),
      t("dk.side.mongolia"),
    ),
    mk(
      s("rect", {
        x: -20,
        y: -12,
        width: 40,
        height: 24,
        fill: "url(#china-legend)",
        stroke: "#b7ab8c",
      }),
      t("dk.legend.china"),
    ),
    mk(piece(true, true), t("dk.legend.greatOpen"), "-22 -10 44 20"),
    mk(piece(true, false), t("dk.legend.greatClosed"), "-22 -10 44 20"),
    mk(piece(false, true), t("dk.legend.branchOpen"), "-22 -10 44 20"),
    mk(piece(false, false), t("dk.legend.branchClosed"), "-22 -10 44 20"),
    mk(
      s("path", {
        d: "M-9,12 L-4,-1 L4,-1 L9,12 Z M0,-8 m-6,0 a6,6 0 1,0 12,0 a6,6 0 1,0 -12,0",
        fill: seatStyle(0).colour,
        stroke: "#000",
        "stroke-width": 1.5,
      }),
      t("dk.legend.scout"),
    ),
    h("span", {}, t("dk.legend.tiles", faceKey())),
    s(
      "svg",
      { width: 0, height: 0, "aria-hidden": "true", class: "pattern-defs" },
      s(
        "defs",
        {},
        s(
          "pattern",
          {
            id: "china-legend",
            width: 12,
            height: 12,
            patternUnits: "userSpaceOnUse",
            patternTransform: "rotate(45)",
          },
          s("rect", { width: 12, height: 12, fill: "#cfe0ea" }),
          s("line", { x1: 0, y1: 0, x2: 0, y2: 12, stroke: "#9db8c9", "stroke-width": 4 }),
        ),
      ),
    ),
  ];
}

function faces(list) {
  return (list || []).map(faceName).join(", ");
}

/** "C Chinese · M Mongolian · …": what the tile letters mean. */
function faceKey() {
  return FACES.map((f) => `${faceLetter(f)} ${faceName(f)}`).join(" · ");
}

function eventText(ev, ctx) {
  const who = ctx.who(ev.seat);
  switch (ev.type) {
    case "setup":
      return t("dk.ev.setup", who, ev.villages, ev.faces ? faces(ev.faces) : null, ev.scout);
    case "take_walls":
      return t("dk.ev.takeWalls", who, ev.count, ev.supply);
    case "take_tiles":
      return t("dk.ev.takeTiles", who, ev.count, ev.faces ? faces(ev.faces) : null);
    case "place_scout":
      return t("dk.ev.placeScout", who, ev.village);
    case "wall":
      return t("dk.ev.wall", who, ev);
    case "walls_kept":
      return t("dk.ev.wallsKept", who, ev.count);
    case "step": {
      const how =
        !ev.via || ev.via.length === 0 ? "straight" : ev.via.length === 1 ? "gate" : "wall";
      return t("dk.ev.step", who, ev.from, ev.to, how, ev.tile ? faceName(ev.tile) : null);
    }
    case "discard":
      return t("dk.ev.discard", who, ev.count, ev.faces ? faces(ev.faces) : null);
    case "rescue_scout":
      return t("dk.ev.rescue", who, ev.village);
    case "final_phase":
      return t("dk.ev.finalPhase");
    default:
      return undefined; // events both games share are told by game.js
  }
}

export default {
  title: "Dschingis Khan",
  createBoard,
  steps,
  expand,
  question,
  phaseText,
  playerColumns,
  tableNote,
  privatePanel,
  resultPanel,
  legend,
  eventText,
  turnClause,
  describeHand,
  describePlaces,
};
