// German, English and Czech: every word the pages show comes from one table per language
// (./text/en.js, ./text/de.js, ./text/cs.js, with the same keys). `t(key, ...args)` gives the
// text of the page's language (a table value is a text or a function of the args; plural
// forms come from Intl.PluralRules, ./text/plural.js). The language follows the browser (the
// first German, English or Czech one in `navigator.languages`) unless the player chose one
// with the "DE | EN | CS" switch in the header: that choice is kept in localStorage and
// applied by reloading the page.
//
// Static HTML texts carry `data-i18n="key"` (the element's text) and/or
// `data-i18n-attr="attr:key attr:key"` (attributes such as aria-label, placeholder, title);
// they are filled in when this module loads (module scripts run after the page is parsed).

import cs from "./text/cs.js";
import de from "./text/de.js";
import en from "./text/en.js";

const TABLES = { en, de, cs };
/** The languages in the switch's order, and the locale each writes dates and numbers in. */
export const LANGUAGES = ["de", "en", "cs"];
const LOCALES = { de: "de-DE", en: "en-GB", cs: "cs-CZ" };
const known = (l) => LANGUAGES.includes(l);
const KEY = "tafelrunde.lang";

function stored() {
  try {
    const v = localStorage.getItem(KEY);
    return known(v) ? v : null;
  } catch {
    return null;
  }
}

function fromBrowser() {
  const langs = navigator.languages?.length ? navigator.languages : [navigator.language || ""];
  for (const l of langs) {
    const base = String(l).toLowerCase().split("-")[0];
    if (known(base)) return base;
  }
  return "en";
}

const current = stored() || fromBrowser();

/** The page's language: "de", "en" or "cs". */
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
  if (!known(l)) return;
  try {
    localStorage.setItem(KEY, l);
  } catch {
    /* storage refused (private mode): the choice lasts for this page only */
  }
  if (l !== current) location.reload();
}

/** The locale for dates and numbers in the page's language. */
export function locale() {
  return LOCALES[current];
}

/** "3 min ago", "vor 3 Min.", "před 3 min": a past time `seconds` ago (at least a minute),
 * in the page's language (Intl.RelativeTimeFormat). */
export function ago(seconds) {
  const rtf = new Intl.RelativeTimeFormat(locale(), { style: "short", numeric: "auto" });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return rtf.format(-minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return rtf.format(-hours, "hour");
  return rtf.format(-Math.floor(hours / 24), "day");
}

/** "4 mins", "2 Std.", "3 dny": an amount of a time unit ("minute", "hour", "day") in the
 * page's language (Intl.NumberFormat's units, with their plural forms). */
export function duration(n, unit) {
  return new Intl.NumberFormat(locale(), { style: "unit", unit, unitDisplay: "short" }).format(n);
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

/** The "DE | EN | CS" switch: each button shows its language's code; its accessible name
 * starts with that code and adds the language's own name ("CS (Čeština)"). */
export function langSwitch() {
  const nav = document.createElement("nav");
  nav.className = "lang-switch";
  nav.setAttribute("aria-label", t("lang.switch"));
  LANGUAGES.forEach((l, i) => {
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
    // Each language's name is written in that language, whatever the page's language.
    const name = TABLES[l][`lang.${l}`];
    b.textContent = l.toUpperCase();
    b.title = name;
    b.setAttribute("aria-label", `${l.toUpperCase()} (${name})`);
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
