// German and English: every word the pages show comes from one table per language
// (./text/en.js, ./text/de.js, with the same keys). `t(key, ...args)` gives the text of the
// page's language (a table value is a text or a function of the args). The language
// follows the browser (the first German or English one in `navigator.languages`) unless the
// player chose one with the "Deutsch | English" switch in the header: that choice is kept
// in localStorage and applied by reloading the page.
//
// Static HTML texts carry `data-i18n="key"` (the element's text) and/or
// `data-i18n-attr="attr:key attr:key"` (attributes such as aria-label, placeholder, title);
// they are filled in when this module loads (module scripts run after the page is parsed).

import de from "./text/de.js";
import en from "./text/en.js";

const TABLES = { en, de };
const KEY = "tafelrunde.lang";

function stored() {
  try {
    const v = localStorage.getItem(KEY);
    return v === "de" || v === "en" ? v : null;
  } catch {
    return null;
  }
}

function fromBrowser() {
  const langs = navigator.languages?.length ? navigator.languages : [navigator.language || ""];
  for (const l of langs) {
    const base = String(l).toLowerCase().split("-")[0];
    if (base === "de" || base === "en") return base;
  }
  return "en";
}

const current = stored() || fromBrowser();

/** The page's language: "de" or "en". */
export function lang() {
  return current;
}

/** The text for `key` in the page's language (English if the key is missing there). */
export function t(key, ...args) {
  let v = TABLES[current][key];
  if (v === undefined) v = en[key];
  if (v === undefined) {
    console.warn("no text for", key);
    return key;
  }
  return typeof v === "function" ? v(...args) : v;
}

/** Whether the tables have `key` (for texts chosen by a server code). */
export function has(key) {
  return TABLES[current][key] !== undefined;
}

/** Choose the language (remembered on this device) and show the page in it. */
export function setLang(l) {
  if (l !== "de" && l !== "en") return;
  try {
    localStorage.setItem(KEY, l);
  } catch {
    /* storage refused (private mode): the choice lasts for this page only */
  }
  if (l !== current) location.reload();
}

/** The locale for dates and numbers in the page's language. */
export function locale() {
  return current === "de" ? "de-DE" : "en-GB";
}

/** A number as the language writes it (1.234 / 1,234; −3). */
export function num(n) {
  if (typeof n !== "number" || !Number.isFinite(n))
    return n === null || n === undefined ? "" : String(n);
  return n.toLocaleString(locale());
}

/** A server refusal in the page's language: its `code`'s text; the server's own (English)
 * message only for a code the tables do not know. */
export function errorText(err) {
  const code = err?.code;
  if (current !== "en" && code && has(`error.${code}`)) return t(`error.${code}`);
  return err?.message ? String(err.message) : String(err);
}

/** Fill the static texts of `root` (see the top of this file). */
export function translate(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(/\s+/).filter(Boolean)) {
      const [attr, key] = pair.split(":");
      el.setAttribute(attr, t(key));
    }
  }
}

/** The "Deutsch | English" switch. */
export function langSwitch() {
  const nav = document.createElement("nav");
  nav.className = "lang-switch";
  nav.setAttribute("aria-label", t("lang.switch"));
  ["de", "en"].forEach((l, i) => {
    if (i > 0) {
      const bar = document.createElement("span");
      bar.setAttribute("aria-hidden", "true");
      bar.textContent = " | ";
      nav.append(bar);
    }
    const b = document.createElement("button");
    b.type = "button";
    b.className = "link-button";
    b.lang = l;
    b.dataset.lang = l;
    // The full name, and on a narrow screen (CSS) its code, so the header stays small.
    const long = document.createElement("span");
    long.className = "lang-long";
    long.textContent = t(`lang.${l}`);
    const short = document.createElement("span");
    short.className = "lang-short";
    short.setAttribute("aria-hidden", "true");
    short.textContent = l.toUpperCase();
    b.append(long, short);
    b.title = t(`lang.${l}`);
    b.setAttribute("aria-label", t(`lang.${l}`));
    b.setAttribute("aria-pressed", String(l === current));
    b.addEventListener("click", () => setLang(l));
    nav.append(b);
  });
  return nav;
}

function start() {
  document.documentElement.lang = current;
  translate();
  const header = document.querySelector("header.top");
  if (header && !header.querySelector(".lang-switch")) header.append(langSwitch());
}

if (typeof document !== "undefined") start();
