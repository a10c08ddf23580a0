// Die Dolmengötter: draws the board file and the server's view (engines/dolmengoetter/
// observer.py documents its shape) and turns each legal action into clicks.

import { BoardSvg, titled } from "../boardkit.js";
import { num, t } from "../i18n.js";
import { seatMark, seatStyle, seatSwatch } from "../palette.js";
import { CORNER_RUNE, runeGlyph } from "../runes.js";
import { h, points, regular, s } from "../svg.js";
import { describeHand, describePlaces, turnClause } from "./dolmengoetter_prose.js";

const K = 10; // board units -> SVG units
const STONE_R = 9;
const SLOT = 13; // a dolmen square
const LABEL = 11.5; // place numbers and ladder factors: 11 px or more on a 1366×768 screen
// A live stone place is hit within this radius (SVG units), less where another live place
// is nearer than twice it: neighbouring places are 40 units apart, the ring is 13.
const HIT_MAX = 34;

const px = (p) => [p.x * K, p.y * K];

function placeLabel(id) {
  return t("dg.place", id);
}

// ---- the board ------------------------------------------------------------------------

function createBoard(board) {
  const xs = board.places.map((p) => p.x * K);
  const ys = board.places.map((p) => p.y * K);
  const pad = 45;
  const minX = Math.min(...xs) - pad;
  const minY = Math.min(...ys) - pad;
  const bv = new BoardSvg(
    [minX, minY, Math.max(...xs) - minX + pad, Math.max(...ys) - minY + pad],
    t("dg.boardTitle"),
  );
  bv.svg.classList.add("board-dg");
  const places = new Map(board.places.map((p) => [p.id, p]));

  bv.base.append(
    s("rect", {
      x: minX + 6,
      y: minY + 6,
      width: Math.max(...xs) - minX + pad - 12,
      height: Math.max(...ys) - minY + pad - 12,
      rx: 18,
      fill: "#e4ecd4",
      stroke: "#7d8a62",
      "stroke-width": 3,
    }),
  );

  // Stone circles: their outline through the places, and the factor ladder in the middle.
  const circleGroups = new Map();
  for (const c of board.circles) {
    const pts = c.places.map((id) => px(places.get(id)));
    const fill =
      { octagon: "#cfdcb4", hexagon: "#d9e4c3", square: "#e9dfc2" }[c.shape] || "#dde6c8";
    const g = s(
      "g",
      { class: "circle", "data-circle": c.id },
      s("polygon", {
        points: points(pts),
        fill,
        stroke: "#6f7f52",
        "stroke-width": 2.5,
        "stroke-linejoin": "round",
      }),
    );
    bv.base.append(g);
    circleGroups.set(c.id, g);
    const [cx, cy] = [c.center[0] * K, c.center[1] * K];
    bv.addTarget(
      `circle:${c.id}`,
      s("polygon", { points: points(shrink(pts, [cx, cy], 0.72)) }),
      t("dg.circle", c.id),
    );
  }

  // Paths between places and rune links (drawn faintly: they are how druids walk).
  for (const [a, b] of board.paths) {
    const [x1, y1] = px(places.get(a));
    const [x2, y2] = px(places.get(b));
    bv.base.append(
      s("line", {
        x1,
        y1,
        x2,
        y2,
        stroke: "#6f7f52",
        "stroke-width": 1.2,
        "stroke-dasharray": "2 3",
      }),
    );
  }

  // Runes on the border: a druid may step to the place with the same rune on the far side.
  const partners = new Map();
  for (const [a, b] of board.rune_links) {
    if (!partners.has(a)) partners.set(a, []);
    if (!partners.has(b)) partners.set(b, []);
    partners.get(a).push(b);
    partners.get(b).push(a);
  }
  for (const p of board.places) {
    if (p.rune === null || p.rune === undefined) continue;
    const mates = (partners.get(p.id) || []).map((id) => places.get(id));
    if (mates.length === 0) continue;
    const mx = mates.reduce((a, m) => a + m.x, 0) / mates.length;
    const my = mates.reduce((a, m) => a + m.y, 0) / mates.length;
    let dx = p.x - mx;
    let dy = p.y - my;
    const len = Math.hypot(dx, dy) || 1;
    dx /= len;
    dy /= len;
    const [x, y] = px(p);
    const rx = x + dx * 24;
    const ry = y + dy * 24;
    const corner = p.rune === 0;
    const n = corner ? CORNER_RUNE : p.rune;
    const text = corner
      ? t("dg.cornerRune", p.id)
      : t("dg.rune", p.rune, p.id, mates.map((m) => m.id).join(", "));
    const g = titled(
      s(
        "g",
        {
          class: "rune-mark",
          "data-rune": p.rune,
          "data-place": p.id,
          color: corner ? "#5a1f6e" : "#3d2a10",
        },
        s("circle", {
          cx: rx,
          cy: ry,
          r: 11,
          fill: "#fbf6e6",
          stroke: "currentColor",
          "stroke-width": 1.2,
        }),
        runeGlyph(n, rx, ry, 1.45),
      ),
      text,
    );
    bv.base.append(g);
  }

  // Stone places, with their ids small (the move list names places by id).
  for (const p of board.places) {
    const [x, y] = px(p);
    bv.base.append(
      s("circle", {
        cx: x,
        cy: y,
        r: STONE_R + 1,
        fill: "#f4f1e4",
        stroke: "#6f7f52",
        "stroke-width": 1.5,
      }),
      s(
        "text",
        {
          x: x + 9,
          y: y + 21,
          "font-size": LABEL,
          fill: "#4d5636",
          "text-anchor": "middle",
          "data-optional": "", // the place is named by its tap target's label too
        },
        String(p.id),
      ),
    );
    bv.addTarget(
      `place:${p.id}`,
      s("circle", { cx: x, cy: y, r: STONE_R + 4 }),
      placeLabel(p.id),
      s("circle", { cx: x, cy: y, r: STONE_R + 4 }),
    );
  }

  const handle = {
    svg: bv.svg,
    setTargets: (live, picked) => {
      bv.setTargets(live, picked);
      sizeHits(bv, places, live);
    },
    hint: (keys) => bv.hint(keys),
    update: (view, ctx) => drawPieces(bv, board, places, circleGroups, view, ctx),
  };
  return handle;
}

/** Each live place's hit area: as large as it can be without reaching another live place's. */
function sizeHits(bv, places, live) {
  const ids = [...live.keys()]
    .filter((k) => k.startsWith("place:"))
    .map((k) => Number(k.split(":")[1]));
  for (const id of ids) {
    const [x, y] = px(places.get(id));
    let r = HIT_MAX;
    for (const other of ids) {
      if (other === id) continue;
      const [ox, oy] = px(places.get(other));
      r = Math.min(r, Math.hypot(ox - x, oy - y) / 2);
    }
    bv.targets.get(`place:${id}`).hit.setAttribute("r", String(Math.max(STONE_R + 4, r)));
  }
}

function shrink(pts, [cx, cy], k) {
  return pts.map(([x, y]) => [cx + (x - cx) * k, cy + (y - cy) * k]);
}

function stoneShape(seat, x, y) {
  const st = seatStyle(seat);
  return s(
    "g",
    { class: "stone", "data-owner": seat },
    s("polygon", {
      points: points(regular(x, y, STONE_R, 8, Math.PI / 8)),
      fill: st.colour,
      stroke: "#1b1b1b",
      "stroke-width": 1.4,
    }),
    seatMark(seat, x, y, 4.2),
  );
}

function druidShape(seat, x, y, lying) {
  const st = seatStyle(seat);
  const body = lying
    ? [
        s("rect", {
          x: x - 12,
          y: y - 5.5,
          width: 24,
          height: 11,
          rx: 5.5,
          fill: st.colour,
          stroke: "#000",
          "stroke-width": 1.6,
        }),
        s("circle", {
          cx: x - 12,
          cy: y,
          r: 4.5,
          fill: st.colour,
          stroke: "#000",
          "stroke-width": 1.6,
        }),
        seatMark(seat, x + 3, y, 3.6),
      ]
    : [
        s("path", {
          d: `M${x - 8},${y + 10} L${x - 3.5},${y - 5} L${x + 3.5},${y - 5} L${x + 8},${y + 10} Z`,
          fill: st.colour,
          stroke: "#000",
          "stroke-width": 1.6,
          "stroke-linejoin": "round",
        }),
        s("circle", {
          cx: x,
          cy: y - 9,
          r: 5,
          fill: st.colour,
          stroke: "#000",
          "stroke-width": 1.6,
        }),
        seatMark(seat, x, y + 3.5, 3.4),
      ];
  return s(
    "g",
    {
      class: `druid ${lying ? "lying" : "standing"}`,
      "data-owner": seat,
      "data-lying": String(lying),
    },
    body,
  );
}

function drawPieces(bv, board, places, circleGroups, view, ctx) {
  const layer = s("g", { class: "pieces" });
  const rightNow = (view.rights || [])[0];
  for (const c of view.circles || []) {
    const g = circleGroups.get(c.id);
    if (g) {
      g.classList.toggle("scored", Boolean(c.scored));
      g.classList.toggle("has-right", Boolean(rightNow && rightNow.circle === c.id));
    }
  }
  for (const pv of view.places || []) {
    const p = places.get(pv.id);
    if (!p) continue;
    const [x, y] = px(p);
    if (pv.stone !== null && pv.stone !== undefined) {
      layer.append(
        titled(
          stoneShape(pv.stone, x, y),
          t("dg.stoneTitle", ctx.nameOf(pv.stone), placeLabel(pv.id)),
        ),
      );
    }
    if (pv.druid !== null && pv.druid !== undefined) {
      const el = druidShape(pv.druid, x, y, pv.lying);
      el.dataset.place = pv.id;
      layer.append(
        titled(el, t("dg.druidTitle", ctx.nameOf(pv.druid), pv.lying, placeLabel(pv.id))),
      );
    }
  }
  for (const c of view.circles || []) {
    const bc = board.circles[c.id];
    if (!bc) continue;
    layer.append(dolmenLadder(c, bc.center[0] * K, bc.center[1] * K, rightNow, ctx));
  }
  const old = bv.pieces.firstChild;
  if (old) old.replaceWith(layer);
  else bv.pieces.append(layer);
}

/** The factor ladder of a circle with its dolmen stack on it (position 0 = top). */
function dolmenLadder(c, cx, cy, rightNow, ctx) {
  const n = c.max_dolmens;
  const top = cy - (n * SLOT) / 2;
  const x = cx - SLOT / 2 - 3;
  const g = s("g", { class: "ladder", "data-circle": c.id });
  // Once a circle has scored its dolmens leave the board (DG-8); they are still drawn,
  // faded and with their now public values, so the scoring can be read off the board.
  const scored = !c.stack?.length && c.scored && c.scored.length ? c.scored : null;
  const stack = scored || c.stack || [];
  if (scored) g.classList.add("scored");
  for (let k = 0; k < n; k++) {
    const y = top + k * SLOT;
    const d = stack[k];
    g.append(
      s(
        "text",
        {
          x: x + SLOT + 2.5,
          y: y + SLOT * 0.74,
          "font-size": LABEL,
          "font-weight": 700,
          fill: d ? "#1f2a10" : "#6b7a4c",
          // Where the board is drawn small only the next slot's factor stays (boardkit.js):
          // the ladder's digits enlarged to 11 px would run into each other.
          "data-optional": k === stack.length ? null : "",
        },
        String(c.factors[k]),
      ),
    );
    if (!d) {
      // An empty slot is only hinted at, so that an empty board stays calm to look at.
      g.append(
        s("rect", {
          x: x + 3,
          y: y + 3,
          width: SLOT - 6,
          height: SLOT - 6,
          rx: 1.5,
          fill: "none",
          stroke: "#9aa77c",
          "stroke-width": 0.8,
        }),
      );
      continue;
    }
    const st = seatStyle(d.owner);
    const known = d.value !== null && d.value !== undefined;
    const dg = s(
      "g",
      {
        class: scored ? "dolmen scored" : "dolmen",
        opacity: scored ? 0.7 : null,
        "data-owner": d.owner,
        "data-circle": c.id,
        "data-position": k,
        "data-value": known ? d.value : null,
      },
      s("rect", {
        x: x + 0.5,
        y: y + 0.5,
        width: SLOT - 1,
        height: SLOT - 1,
        rx: 2,
        fill: st.colour,
        stroke: "#000",
        "stroke-width": 1.3,
      }),
      known
        ? [
            s("rect", {
              x: x + 1.8,
              y: y + 1.8,
              width: SLOT - 3.6,
              height: SLOT - 3.6,
              rx: 1.5,
              fill: "#fff",
            }),
            s(
              "text",
              {
                x: x + SLOT / 2,
                y: y + SLOT * 0.82,
                "font-size": LABEL,
                "font-weight": 700,
                "text-anchor": "middle",
                fill: "#000",
              },
              String(d.value),
            ),
          ]
        : seatMark(d.owner, x + SLOT / 2, y + SLOT / 2, 3.6),
    );
    g.append(
      titled(
        dg,
        t("dg.dolmenTitle", {
          name: ctx.nameOf(d.owner),
          value: known ? d.value : null,
          points: scored ? d.points : null,
          position: k + 1,
          factor: c.factors[k],
          circle: c.id,
        }),
      ),
    );
  }
  if (rightNow && rightNow.circle === c.id) {
    const y = rightNow.position === "top" ? top - 7 : top + n * SLOT + 7;
    g.append(
      s("polygon", {
        points: points(
          rightNow.position === "top"
            ? [
                [x - 9, y - 5],
                [x - 2, y],
                [x - 9, y + 5],
              ]
            : [
                [x - 9, y - 5],
                [x - 2, y],
                [x - 9, y + 5],
              ],
        ),
        fill: seatStyle(rightNow.seat).colour,
        stroke: "#000",
      }),
    );
  }
  return titled(
    g,
    t("dg.circleTitle", c.id, c.shape, c.factors.join(", "), stack.length, Boolean(c.scored)),
  );
}

// ---- actions as clicks ----------------------------------------------------------------

function stoneStep(stone, from, view, seat) {
  if (stone) return { key: "stone:yes", text: t("dg.step.stone", from) };
  const me = (view.players || [])[seat];
  const free = me && me.stones_left === 0;
  return {
    key: "stone:no",
    text: free ? t("dg.step.noStoneFree") : t("dg.step.noStone"),
    decline: true,
  };
}

function steps(action, view, ctx) {
  const at = (p, text) => ({ key: `place:${p}`, board: true, text });
  switch (action.type) {
    case "place_druid":
      return [at(action.place, t("dg.step.placeDruid", placeLabel(action.place)))];
    case "walk":
    case "flight":
      return [
        at(action.from_place, t("dg.step.yourDruid", placeLabel(action.from_place))),
        at(action.to, t("dg.step.moveTo", placeLabel(action.to))),
        action.type === "walk"
          ? { key: "how:walk", text: t("dg.step.walk") }
          : { key: "how:fly", text: t("dg.step.fly") },
        stoneStep(action.stone, action.from_place, view, ctx.seat),
      ];
    case "herbs":
      return [
        at(action.place, t("dg.step.yourDruid", placeLabel(action.place))),
        { key: "herbs", text: t("dg.step.herbs") },
      ];
    case "place_dolmen":
      return [
        { key: `circle:${action.circle}`, board: true, text: t("dg.step.circle", action.circle) },
        { key: `value:${action.value}`, text: t("dg.step.value", action.value) },
      ];
    case "decline_dolmen":
      return [
        { key: `circle:${action.circle}`, board: true, text: t("dg.step.circle", action.circle) },
        { key: "value:none", text: t("dg.step.noDolmen"), decline: true },
      ];
    case "pass":
      return [{ key: "pass", text: t("dg.step.pass") }];
    default:
      return [{ key: `other:${JSON.stringify(action)}`, text: action.type }];
  }
}

function question(path, targets, choices, view, ctx) {
  const last = path[path.length - 1];
  if (view.phase === "druids") {
    const left = (view.players || [])[ctx.seat]?.druids_to_place;
    return t("dg.q.druids", Number.isInteger(left) ? left : null);
  }
  if (view.phase === "rights") {
    const r = (view.rights || [])[0];
    if (!r) return "";
    return t("dg.q.right", r.position === "top", r.circle);
  }
  if (!last) return t("dg.q.move");
  if (last.key.startsWith("place:") && path.length === 1) {
    return targets.size ? t("dg.q.where") : t("dg.q.choose");
  }
  if (choices.some((c) => c.key.startsWith("how:"))) return t("dg.q.how");
  if (choices.some((c) => c.key.startsWith("stone:"))) return t("dg.q.stone");
  return "";
}

function phaseText(view, ctx) {
  const to = (view.to_act || [])[0];
  const mine = to === ctx.seat;
  if (view.phase === "druids") {
    const left = (view.players || [])[to]?.druids_to_place;
    return mine ? t("dg.phase.placeDruid", left) : t("dg.phase.placingDruids");
  }
  if (view.phase === "rights") {
    const r = (view.rights || [])[0];
    return r ? t("dg.phase.right", r.circle, r.position === "top") : "";
  }
  const fr = view.final_round;
  if (fr) return t("dg.phase.finalRound", mine);
  return mine ? t("dg.phase.move") : "";
}

// ---- panels ---------------------------------------------------------------------------

function playerColumns(view) {
  const p = (seat) => (view.players || [])[seat] || {};
  return [
    {
      id: "score",
      label: t("col.score"),
      title: t("col.scoreTitle"),
      value: (seat) => p(seat).score,
    },
    {
      id: "stones",
      label: t("dg.col.stones"),
      title: t("dg.col.stonesTitle"),
      value: (seat) => p(seat).stones_left,
    },
    {
      id: "dolmens",
      label: t("dg.col.dolmens"),
      title: t("dg.col.dolmensTitle"),
      value: (seat) => p(seat).dolmens_left,
    },
  ];
}

function privatePanel(view, ctx) {
  if (ctx.seat === null) return null;
  const me = (view.players || [])[ctx.seat];
  if (!me?.hand) return null;
  const hand = h(
    "ul",
    { class: "chips", id: "my-hand", "aria-label": t("dg.priv.hand") },
    [1, 2, 3, 4].map((v) =>
      h(
        "li",
        { class: "chip", "data-value": v, "data-count": me.hand[String(v)] },
        h("strong", {}, `${me.hand[String(v)]}×`),
        ` ${t("dg.priv.value", v)}`,
      ),
    ),
  );
  const mine = [];
  for (const c of view.circles || []) {
    (c.stack || []).forEach((d, k) => {
      if (d.owner === ctx.seat && d.value !== null && d.value !== undefined) {
        mine.push(
          h(
            "li",
            {
              class: "chip",
              "data-circle": c.id,
              "data-value": d.value,
              title: t("dg.priv.onBoard", c.id, d.value, c.factors[k]),
              "aria-label": t("dg.priv.onBoard", c.id, d.value, c.factors[k]),
            },
            t("dg.priv.onBoardShort", c.id, d.value, c.factors[k]),
          ),
        );
      }
    });
  }
  // A compact strip (issue 37): the hand, then the dolmens on the board.
  const part = (label, body) =>
    h("span", { class: "hand-part" }, h("span", { class: "hand-label" }, `${label}:`), body);
  return h(
    "div",
    // One line on a desktop (scrolling sideways when long), so the band above the board
    // keeps its height and the board never moves or shrinks as the hand changes.
    { class: "hand-strip", tabindex: "0", role: "region", "aria-labelledby": "private-title" },
    part(t("dg.priv.hand"), hand),
    part(
      t("dg.priv.board"),
      mine.length
        ? h("ul", { class: "chips", id: "my-board-dolmens" }, mine)
        : h(
            "span",
            { class: "muted", id: "my-board-dolmens" },
            view.is_over ? t("dg.priv.noneScored") : t("dg.priv.noneYet"),
          ),
    ),
  );
}

function resultPanel(view, ctx) {
  const n = (view.players || []).length;
  const rows = [];
  const fromDolmens = new Array(n).fill(0);
  for (const c of view.circles || []) {
    if (!c.scored || c.scored.length === 0) continue;
    const per = new Array(n).fill(0);
    const detail = [];
    for (const d of c.scored) {
      per[d.owner] += d.points;
      fromDolmens[d.owner] += d.points;
      detail.push(`${ctx.nameOf(d.owner)} ${d.value}×${d.factor}`);
    }
    rows.push(
      h(
        "tr",
        { "data-circle": c.id },
        h(
          "td",
          {},
          t("dg.step.circle", c.id),
          " ",
          h("small", { class: "muted" }, detail.join(", ")),
        ),
        per.map((v) => h("td", {}, v ? num(v) : "·")),
      ),
    );
  }
  const scores = view.scores || [];
  const rest = scores.map((sc, i) => sc - fromDolmens[i]);
  const head = h(
    "tr",
    {},
    h("th", {}, t("dg.res.circle")),
    [...Array(n).keys()].map((i) =>
      h("th", { title: ctx.nameOf(i) }, seatSwatch(i, 14), ` ${ctx.nameOf(i)}`),
    ),
  );
  return h(
    "div",
    // May scroll: reachable by keyboard (WCAG 2.1.1), named by the result's heading.
    { class: "score-wrap", tabindex: "0", role: "region", "aria-labelledby": "result-title" },
    h(
      "p",
      {},
      view.end_reason === "stones_used_up" ? t("dg.res.stonesUsedUp") : t("dg.res.finalRoundOver"),
    ),
    h(
      "table",
      { class: "score-table", id: "score-table" },
      h("thead", {}, head),
      h(
        "tbody",
        {},
        rows,
        h(
          "tr",
          {},
          h("td", {}, t("dg.res.rest")),
          rest.map((v) => h("td", {}, num(v))),
        ),
        h(
          "tr",
          { class: "total" },
          h("th", {}, t("dg.res.total")),
          scores.map((v) => h("th", {}, num(v))),
        ),
      ),
    ),
  );
}

function legend() {
  const mk = (el, text, w = 30, hgt = 26, vb = "-15 -13 30 26") =>
    h(
      "span",
      {},
      s("svg", { width: w, height: hgt, viewBox: vb, "aria-hidden": "true" }, el),
      text,
    );
  return [
    mk(stoneShape(0, 0, 0), t("dg.legend.stone")),
    mk(druidShape(0, 0, 2, false), t("dg.legend.standing")),
    mk(druidShape(0, 2, 0, true), t("dg.legend.lying")),
    mk(
      s(
        "g",
        {},
        s("rect", {
          x: -6.5,
          y: -6.5,
          width: 13,
          height: 13,
          rx: 2,
          fill: seatStyle(1).colour,
          stroke: "#000",
        }),
        seatMark(1, 0, 0, 3.6),
      ),
      t("dg.legend.dolmen"),
    ),
    mk(
      s("text", { x: 0, y: 4, "font-size": 11, "font-weight": 700, "text-anchor": "middle" }, "5"),
      t("dg.legend.factor"),
    ),
    mk(s("g", { color: "#3d2a10" }, runeGlyph(1, 0, 0, 1.6)), t("dg.legend.rune")),
  ];
}

function eventText(ev, ctx) {
  const who = ctx.who(ev.seat);
  switch (ev.type) {
    case "druid_placed":
      return t("dg.ev.druidPlaced", who, ev.place);
    case "walk":
      return t("dg.ev.walk", who, ev.from, ev.to);
    case "flight":
      return t("dg.ev.flight", who, ev.from, ev.to);
    case "herbs":
      return t("dg.ev.herbs", who, ev.place);
    case "stone_placed":
      return t("dg.ev.stonePlaced", ev.place);
    case "stone_declined":
      return ev.penalty
        ? t("dg.ev.stoneDeclinedPenalty", ev.penalty, ev.score)
        : t("dg.ev.stoneDeclined");
    case "dolmen_right":
      return t("dg.ev.right", who, ev.position === "top", ev.circle);
    case "dolmen_placed":
      return t("dg.ev.dolmenPlaced", who, ev.value || null, ev.circle, ev.position === "top");
    case "dolmen_declined":
      return t("dg.ev.dolmenDeclined", who, ev.circle);
    case "dolmen_right_lapsed":
      return t(
        "dg.ev.lapsed",
        ctx.nameOf(ev.seat),
        ev.circle,
        ev.reason === "stack_full",
        ev.seat === ctx.seat,
      );
    case "circle_scored": {
      const parts = (ev.dolmens || []).map(
        (d) => `${ctx.nameOf(d.owner)} ${d.value}×${d.factor}=${d.points}`,
      );
      return t("dg.ev.circleScored", ev.circle, Boolean(ev.final), parts.join(", "));
    }
    case "final_round":
      return t("dg.ev.finalRound", ctx.who(ev.started_by));
    default:
      return undefined; // events both games share are told by game.js
  }
}

export default {
  title: "Die Dolmengötter",
  createBoard,
  steps,
  question,
  phaseText,
  playerColumns,
  privatePanel,
  resultPanel,
  legend,
  eventText,
  turnClause,
  // DG-7: a dolmen right is answered by its seat inside the turn that gave it (logturns.js).
  rightTo: (ev) => (ev.type === "dolmen_right" ? ev.seat : null),
  describeHand,
  describePlaces,
};
