/**
 * The hand strip above the board on a laptop is one line that scrolls sideways (a second
 * line would shrink the board). When it is longer than its band, say so: its edges fade
 * where more is hidden and a "›"/"‹" button scrolls it; a vertical wheel scrolls it sideways.
 * The strip itself is focusable, so the arrow keys scroll it too (issue 37).
 */
import { t } from "./i18n.js";

const watched = new WeakSet();

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

/** Watch the hand strip inside `box` (called after every drawing of the private panel),
 * scrolled to `scrolled` px as the strip it replaces was. */
export function watchHandStrip(box, scrolled = 0) {
  const strip = box.querySelector(".hand-strip");
  if (!strip) return;
  strip.scrollLeft = scrolled;
  const update = () => {
    strip.dataset.hidden = hiddenEnds(strip);
  };
  // The panel was drawn anew (its old buttons with it): buttons for the new strip.
  box.append(scrollButton(strip, "start"), scrollButton(strip, "end"));
  if (!watched.has(strip)) {
    watched.add(strip);
    strip.addEventListener("scroll", update, { passive: true });
    strip.addEventListener(
      "wheel",
      (event) => {
        if (event.deltaX || !event.deltaY || !strip.dataset.hidden) return;
        const towardsEnd = event.deltaY > 0;
        if (!strip.dataset.hidden.includes(towardsEnd ? "end" : "start")) return;
        event.preventDefault();
        strip.scrollLeft += event.deltaY;
      },
      { passive: false },
    );
    new ResizeObserver(update).observe(strip);
  }
  update();
}
