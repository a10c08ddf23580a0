// Small helpers to build SVG and HTML without a framework.

export const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element with attributes; children may be elements or strings. */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === "string" || typeof c === "number" ? String(c) : c);
  }
  return el;
}

/** An HTML element; attrs starting with "on" become listeners, "class"/"text" are shortcuts. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else if (k in el && typeof v !== "string") el[k] = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === "string" || typeof c === "number" ? String(c) : c);
  }
  return el;
}

export function fmt(n) {
  return Math.round(n * 100) / 100;
}

/** "x1,y1 x2,y2 ..." for polygon/polyline points. */
export function points(pts) {
  return pts.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(" ");
}

/** A regular polygon's corner points (first corner at angle `rot` radians). */
export function regular(cx, cy, r, n, rot = -Math.PI / 2) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const a = rot + (2 * Math.PI * i) / n;
    out.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return out;
}
