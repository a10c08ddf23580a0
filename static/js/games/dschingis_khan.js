// Dschingis Khan: draws the board file and the server's view (engines/dschingis_khan/
// observer.py documents its shape) and turns each legal action into clicks.

import { BoardSvg, titled } from "../boardkit.js";
import { seatMark, seatStyle, seatSwatch } from "../palette.js";
import { h, points, s } from "../svg.js";

const U = 100; // board units -> SVG units

export const FACE = {
  chinese: { letter: "C", name: "Chinese" },
  mongolian: { letter: "M", name: "Mongolian" },
  farmer: { letter: "F", name: "farmer" },
  plague: { letter: "P", name: "plague" },
  ginseng: { letter: "G", name: "ginseng" },
};

const SIDE = {
  mongolia: { fill: "#f1e0b5", name: "Mongolia" },
  china: { fill: "url(#china)", name: "China" },
};

function faceName(f) {
  return FACE[f] ? FACE[f].name : String(f);
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
  const bv = new BoardSvg(
    [minX, minY, width, height],
    "Dschingis Khan board: villages, the Great Wall, stacks of tiles and scouts",
  );
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
      "▲ MONGOLIA (north)",
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
      "CHINA (south) ▼",
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
      const label = t.side === "west" ? "W" : "E";
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
          `${t.side} side tower ${t.id}`,
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
      `village ${v.id}`,
    );
  }
  for (const l of board.lines) {
    const gl = geo.line.get(l.id);
    // A band around the line, not a <line>: a target needs an area to be hit and seen.
    // Its hit area is wider (for fingers) but stops short of the towers, where lines meet.
    const hit = s("polygon", { points: points(band(gl.a, gl.b, 26, 24)) });
    const el = bv.addTarget(
      `line:${l.id}`,
      s("polygon", { points: points(band(gl.a, gl.b, 13, 10)) }),
      `line ${l.id}`,
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
        `${side} end of the Great Wall (tower ${tower})`,
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
  const text = `${great ? "Great Wall" : "branch"} piece on line ${piece.line}, ${piece.open ? "open" : "closed"}`;
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
    const f = known ? FACE[layer.face] : null;
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
              f ? f.letter : "?",
            ),
          ]
        : null,
    );
    const faceText = known
      ? `${faceName(layer.face)}${layer.remembered ? " (remembered)" : ""}`
      : "face hidden";
    g.append(titled(lg, `${ctx.nameOf(layer.owner)}'s tile, ${faceText}`));
  });
  const ctrl = v.controller;
  const ctrlText = ctrl === null || ctrl === undefined ? "" : `, controlled by ${ctx.nameOf(ctrl)}`;
  return titled(
    g,
    `Village ${v.id} (${SIDE[v.side] ? SIDE[v.side].name : v.side}): ${n} tile(s)${ctrlText}`,
  );
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
    `${ctx.nameOf(seat)}'s scout on village ${village}`,
  );
}

// ---- actions as clicks ----------------------------------------------------------------

function viaText(via) {
  if (!via || via.length === 0) return "straight across";
  if (via.length === 1) return `through the gate on line ${via[0]} (it closes)`;
  return `along the wall, up at line ${via[0]} and down at line ${via[1]} (both close)`;
}

/**
 * A scout step (DK-10) as clicks: the destination, then the wall pieces it uses, clicked on
 * the board (climb piece, then descend piece), then the tile. A route that is the only way
 * to the destination is taken for the player (`auto`) and shown as picked.
 */
function stepSteps(action, at) {
  const via = action.via || [];
  const to = action.to;
  const steps = [at(to, `Move your scout to village ${to}`)];
  const piece = (l, text) => ({ key: `line:${l}`, board: true, auto: true, text });
  if (via.length === 0) {
    steps.push({ key: "via:straight", text: `Straight across into village ${to}`, auto: true });
  } else if (via.length === 1) {
    steps.push(piece(via[0], `Use the open wall piece on line ${via[0]}`), {
      key: "via:gate",
      text: `Through this gate into village ${to}`,
      hint: [`line:${via[0]}`],
      auto: true,
    });
  } else {
    steps.push(
      piece(via[0], `Use the open wall piece on line ${via[0]}`),
      piece(via[1], `Climb down at the open piece on line ${via[1]} into village ${to}`),
    );
  }
  steps.push({ key: `tile:${action.tile}`, text: `Place a ${faceName(action.tile)} tile` });
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
          text: `${FACE[fa].name} on ${a}, ${FACE[fb].name} on ${b}`,
        },
        at(action.scout, `Put your scout on village ${action.scout}`),
      ];
      return [
        at(a, `Start tile on village ${a}`),
        at(b, `Second start tile on village ${b}`),
        ...tail,
      ];
    }
    case "take_wall":
      return [{ key: "take:wall", text: "Take a wall piece" }];
    case "take_tile":
      return [{ key: "take:tile", text: "Draw a tile" }];
    case "place_wall":
      return [
        { key: `line:${action.line}`, board: true, text: `Build a wall on line ${action.line}` },
      ];
    case "step":
      return stepSteps(action, at);
    case "place_scout":
      return [at(action.village, `Put your scout back on village ${action.village}`)];
    case "discard_tiles":
      return [{ key: "discard", text: "Discard my tiles (scout blocked)", decline: true }];
    case "rescue_scout":
      return [{ key: "rescue", text: "Take my scout off the board" }];
    case "pass":
      return [{ key: "pass", text: "Pass" }];
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
        { ...b, text: `Start tile on village ${b.key.split(":")[1]}` },
        { ...a, text: `Second start tile on village ${a.key.split(":")[1]}` },
        faces,
        scout,
      ],
    },
  ];
}

function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

function question(path, targets, choices, view, ctx) {
  const t = view.turn || {};
  const me = (view.players || [])[ctx.seat] || {};
  if (t.phase === "setup") {
    if (path.length === 0) return "Start: click a village for your first start tile.";
    if (path.length === 1) return "Click a neighbouring village for the second tile.";
    if (choices.some((c) => c.key.startsWith("faces:"))) return "Which tile goes where?";
    return "Click the village where your scout starts.";
  }
  if (t.phase === "scout")
    return "Your scout was taken off the board: click a highlighted village to put it back.";
  if (t.phase === "take") {
    const left = 2 - (t.takes || 0);
    return `Take ${left} more piece${left === 1 ? "" : "s"}: a wall piece from the common supply or a tile from your own supply.`;
  }
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
        if (!hasLines) return `Village ${to}: go straight across?`;
        return `Village ${to}: how does your scout get there? ${straight ? "Go straight across, or click" : "Click"} the highlighted open wall piece where it climbs onto the wall. Every piece it uses closes.`;
      }
      if (lines.length === 1 && (hasLines || gate)) {
        const l = lines[0].key.split(":")[1];
        if (!hasLines) return `Go through the gate on line ${l} into village ${to}?`;
        return `${gate ? `Go through the gate on line ${l}, or click` : "Now click"} the open wall piece where your scout climbs down into village ${to}.`;
      }
      const via = lines.map((st) => Number(st.key.split(":")[1]));
      if (choices.some((c) => c.key.startsWith("tile:"))) {
        return `Your scout goes to village ${to} ${viaText(via)}. Which of your tiles do you place there?`;
      }
    }
    const walls = me.walls ?? 0;
    const tiles = me.tiles ?? 0;
    if (t.committed === "walls")
      return `Build your next wall piece: click a highlighted line (${plural(walls, "wall piece")} left to place).`;
    if (t.committed === "tiles")
      return `Move your scout on: click a highlighted village (${plural(tiles, "tile")} left to place).`;
    const hasLines = [...targets.keys()].some((k) => k.startsWith("line:"));
    const hasVillages = [...targets.keys()].some((k) => k.startsWith("village:"));
    if (hasLines && hasVillages) {
      return `Place either all your walls (${walls}: click a highlighted line) or all your tiles (${tiles}: click a highlighted village to move your scout there).`;
    }
    if (hasLines)
      return `Build a wall piece: click a highlighted line (${plural(walls, "wall piece")} to place).`;
    if (hasVillages)
      return `Move your scout: click a highlighted village (${plural(tiles, "tile")} to place).`;
  }
  return "";
}

function phaseText(view, ctx) {
  const t = view.turn || {};
  const mine = t.seat === ctx.seat;
  const fin = view.final?.active ? " (final phase)" : "";
  const what = {
    setup: "placing the start tiles",
    scout: "putting the scout back",
    take: "taking supplies",
    place:
      t.committed === "walls"
        ? "building walls"
        : t.committed === "tiles"
          ? "moving the scout"
          : "placing pieces",
  }[t.phase];
  return what ? `${mine ? what.replace(/^the /, "") : what}${fin}` : fin.trim();
}

// ---- panels ---------------------------------------------------------------------------

function playerColumns(view) {
  const p = (seat) => (view.players || [])[seat] || {};
  const cols = [
    {
      id: "walls",
      label: "Walls",
      title: "Wall pieces in hand (active supply)",
      value: (seat) => p(seat).walls,
    },
    {
      id: "tiles",
      label: "Tiles",
      title: "Tiles in hand (active supply)",
      value: (seat) => p(seat).tiles,
    },
    {
      id: "passive",
      label: "Supply",
      title: "Tiles left in the own face-down supply",
      value: (seat) => p(seat).passive,
    },
    {
      id: "discards",
      label: "Out",
      title: "Tiles discarded, out of the game",
      value: (seat) => p(seat).discards,
    },
  ];
  if (view.is_over && view.scores)
    cols.unshift({
      id: "score",
      label: "Score",
      title: "Points",
      value: (seat) => view.scores[seat],
    });
  return cols;
}

function tableNote(view) {
  const w = view.walls || {};
  const fin = view.final?.active ? " · final phase" : "";
  return `Common wall supply: ${w.supply ?? "?"}${w.out_of_game ? ` · out of the game: ${w.out_of_game}` : ""}${fin}`;
}

function faceChip(face, extra = {}) {
  return h(
    "li",
    { class: `chip${extra.remembered ? " remembered" : ""}`, "data-face": face, ...extra.attrs },
    h("span", { class: "face-letter" }, FACE[face] ? FACE[face].letter : "?"),
    ` ${faceName(face)}`,
    extra.note ? h("small", {}, ` ${extra.note}`) : null,
  );
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
            note: `village ${v.id}, layer ${i + 1} (${ctx.nameOf(layer.owner)})`,
            attrs: { "data-village": v.id, "data-layer": i },
          }),
        );
      }
    });
  }
  return h(
    "div",
    {},
    h("p", {}, `Your tiles in hand (${me.faces.length}):`),
    me.faces.length
      ? h(
          "ul",
          { class: "chips", id: "my-tiles" },
          me.faces.map((f) => faceChip(f)),
        )
      : h("p", { class: "muted", id: "my-tiles" }, "none"),
    h(
      "p",
      {},
      `Wall pieces in hand: ${me.walls} · tiles left in your supply: ${me.passive} (order unknown, even to you)`,
    ),
    me.discarded?.length
      ? [
          h("p", {}, "Your discarded tiles:"),
          h(
            "ul",
            { class: "chips", id: "my-discards" },
            me.discarded.map((f) => faceChip(f)),
          ),
        ]
      : null,
    h("p", {}, "Faces you remember (villages you no longer control):"),
    remembered.length
      ? h("ul", { class: "chips", id: "my-remembered" }, remembered)
      : h("p", { class: "muted", id: "my-remembered" }, "none"),
  );
}

function resultPanel(view, ctx) {
  const sc = view.scoring;
  if (!sc) return h("p", {}, "Final scores are in the table of players.");
  const rows = sc.villages
    .filter((v) => v.controller !== null && v.controller !== undefined)
    .sort((a, b) => a.controller - b.controller || a.village - b.village)
    .map((v) =>
      h(
        "tr",
        { "data-village": v.village },
        h("td", {}, `${v.village}`),
        h("td", {}, SIDE[v.side] ? SIDE[v.side].name : v.side),
        h("td", { class: "owner" }, seatSwatch(v.controller, 14), ` ${ctx.nameOf(v.controller)}`),
        h("td", { class: "faces" }, v.faces.map((f) => (FACE[f] ? FACE[f].letter : "?")).join(" ")),
        h("td", {}, String(v.points)),
      ),
    );
  return h(
    "div",
    { class: "score-wrap" },
    h(
      "p",
      {},
      "Totals: ",
      sc.scores.map((p, i) =>
        h(
          "span",
          { class: "total", "data-seat": i },
          seatSwatch(i, 14),
          ` ${ctx.nameOf(i)} ${p}  `,
        ),
      ),
    ),
    h(
      "p",
      { class: "hint" },
      "C Chinese · M Mongolian · F farmer · P plague · G ginseng (bottom to top)",
    ),
    h(
      "table",
      { class: "score-table", id: "score-table" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", {}, "Village"),
          h("th", {}, "Side"),
          h("th", {}, "Owner"),
          h("th", {}, "Tiles"),
          h("th", {}, "Points"),
        ),
      ),
      h("tbody", {}, rows),
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
      "Mongolia",
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
      "China (hatched)",
    ),
    mk(piece(true, true), "Great Wall, open", "-22 -10 44 20"),
    mk(piece(true, false), "Great Wall, closed", "-22 -10 44 20"),
    mk(piece(false, true), "branch, open", "-22 -10 44 20"),
    mk(piece(false, false), "branch, closed", "-22 -10 44 20"),
    mk(
      s("path", {
        d: "M-9,12 L-4,-1 L4,-1 L9,12 Z M0,-8 m-6,0 a6,6 0 1,0 12,0 a6,6 0 1,0 -12,0",
        fill: seatStyle(0).colour,
        stroke: "#000",
        "stroke-width": 1.5,
      }),
      "scout",
    ),
    h(
      "span",
      {},
      "Tiles: C Chinese · M Mongolian · F farmer · P plague · G ginseng; italic = remembered",
    ),
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

function eventText(ev, ctx) {
  const who = ctx.who(ev.seat);
  switch (ev.type) {
    case "setup":
      return `${who} started on villages ${ev.villages.join(" and ")}${ev.faces ? ` (${faces(ev.faces)})` : ""}, scout on ${ev.scout}.`;
    case "take_walls":
      return `${who} took ${ev.count} wall piece${ev.count === 1 ? "" : "s"} (supply ${ev.supply}).`;
    case "take_tiles":
      return `${who} drew ${ev.count} tile${ev.count === 1 ? "" : "s"}${ev.faces ? `: ${faces(ev.faces)}` : ""}.`;
    case "place_scout":
      return `${who} put the scout back on village ${ev.village}.`;
    case "wall": {
      let text = `${who} built a wall on line ${ev.line}`;
      if (ev.kind === "loop")
        text += `, closing a loop: the ${ev.kept === "new" ? "new" : "old"} section stays`;
      if (ev.kind === "new_end")
        text += `, reaching a side tower: the ${ev.kept === "new" ? "new end" : "old end"} stays`;
      if (ev.removed?.length)
        text += `; ${ev.removed.length} piece${ev.removed.length === 1 ? "" : "s"} removed`;
      const changed = ev.sides_changed || [];
      if (changed.length)
        text += `; ${changed.length === 1 ? "village" : "villages"} ${changed.join(", ")} changed side`;
      return `${text}.`;
    }
    case "walls_kept":
      return `${who} ${who === "You" ? "keep" : "keeps"} ${ev.count} wall piece(s) that fit nowhere.`;
    case "step": {
      const how =
        !ev.via || ev.via.length === 0
          ? ""
          : ev.via.length === 1
            ? " through a gate"
            : " along the wall";
      return `${who}: scout ${ev.from} → ${ev.to}${how}${ev.tile ? `, placing ${faceName(ev.tile)}` : ""}.`;
    }
    case "discard":
      return `${who} discarded ${ev.count} tile${ev.count === 1 ? "" : "s"}${ev.faces ? ` (${faces(ev.faces)})` : ""}.`;
    case "rescue_scout":
      return `${who} took the scout off village ${ev.village}.`;
    case "final_phase":
      return "Two supplies are empty: the final phase begins.";
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
};
