// Small words the home and account pages share: "3 min ago", a date and time, a copy
// button's behaviour, and a server refusal in plain words.

import { errorText, has, locale, ago as relative, t } from "./i18n.js";

/** "3 min ago" (Intl.RelativeTimeFormat, in the page's language) for an ISO time. */
export function ago(iso, now = Date.now()) {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return "";
  const s = Math.max(0, Math.round((now - then) / 1000));
  return s < 60 ? t("home.justNow") : relative(s);
}

/** A date and time as the page's language writes it ("12 Mar 2026, 14:05"). */
export function when(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return d.toLocaleString(locale(), { dateStyle: "medium", timeStyle: "short" });
}

/** Copy the text of the input `sel` (a copy button's `data-copy`) and say so on `button`. */
export async function copyFrom(sel, button) {
  const input = document.querySelector(sel);
  input.select();
  let ok = false;
  try {
    await navigator.clipboard.writeText(input.value);
    ok = true;
  } catch {
    ok = document.execCommand?.("copy");
  }
  button.textContent = ok ? t("copy.copied") : t("copy.select");
  setTimeout(() => (button.textContent = t("copy.copy")), 2000);
}

/** A refusal in plain words: the tables' text for its code in either language (the
 * accounts' codes all have one), else the server's own message. */
export function plainError(err) {
  const code = err?.code;
  if (code && has(`error.${code}`)) return t(`error.${code}`);
  return errorText(err);
}
