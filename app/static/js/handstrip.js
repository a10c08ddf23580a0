/**
 * The hand strip above the board on a laptop is one line that scrolls sideways (a second
 * line would shrink the board). When it is longer than its band, say so: its edges fade
 * where more is hidden and a "›"/"‹" button scrolls it; a vertical wheel scrolls it sideways.
 * The strip itself is focusable, so the arrow keys scroll it too (issue 37).
 */
import { t } from "./i18n.js";

/** Which ends of `strip` hide something: "", "start", "end" or "start end". */
function hiddenEnds(strip) {
  const left = strip.scrollLeft;
  const rest = strip.scrollWidth - strip.clientWidth - left;
  const ends = [];
  if (left > 1) ends.push("start");
  if (rest > 1) ends.push("end");
  return ends.join(" ");
}

function scrollButton(strip, end) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = `hand-more hand-more-${end}`;
  button.tabIndex = -1; // the strip itself takes the keyboard
  button.setAttribute("aria-hidden", "true");
  button.title = t(end === "end" ? "game.handMore" : "game.handBack");
  button.textContent = end === "end" ? "›" : "‹";
  button.addEventListener("click", () => {
    const by = Math.max(80, strip.clientWidth * 0.8);
    const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
    strip.scrollBy({ left: end === "end" ? by : -by, behavior: still ? "instant" : "smooth" });
  });
  return button;
}

/** Says which ends of a strip hide something (its `data-hidden`, which the CSS reads). */
function update(strip) {
  strip.dataset.hidden = hiddenEnds(strip);
}

// One observer for whichever strip is on the page: a strip drawn anew replaces the old one.
const resized = new ResizeObserver((entries) => {
  for (const entry of entries) update(entry.target);
});
let observed = null;

/** A vertical wheel over a strip that hides something that way scrolls it sideways. */
function wheelSideways(event) {
  const strip = event.currentTarget;
  if (event.deltaX || !event.deltaY || !strip.dataset.hidden) return;
  if (!strip.dataset.hidden.includes(event.deltaY > 0 ? "end" : "start")) return;
  event.preventDefault();
  strip.scrollLeft += event.deltaY;
}

/** Watch the hand strip inside `box` (called after every drawing of the private panel),
 * scrolled to `scrolled` px as the strip it replaces was. */
export function watchHandStrip(box, scrolled = 0) {
  const strip = box.querySelector(".hand-strip");
  if (!strip) return;
  strip.scrollLeft = scrolled;
  // The panel was drawn anew (its old buttons with it): buttons for the new strip.
  box.append(scrollButton(strip, "start"), scrollButton(strip, "end"));
  strip.addEventListener("scroll", () => update(strip), { passive: true });
  strip.addEventListener("wheel", wheelSideways, { passive: false });
  if (observed) resized.unobserve(observed);
  resized.observe(strip);
  observed = strip;
  update(strip);
}
