// The move picker sticks to the bottom of the window (a phone's thumb reaches it), so it
// can lie over the board's lowest pits. Whenever it appears or changes, the page is
// scrolled just enough that the pits its choice is about are above it: the pit tapped,
// or at a kujifunza kichwa question the mover's two kichwa (issue #31, Broken 2).
import type { Position } from "./position.js";

const kGapPx = 6; // between a pit kept in view and the picker's top

// The pits the picker's question is about: the pit selected, or both kichwa of the side
// to move (its front row's first and last pits, rules.md section 5).
export function pitsInQuestion(position: Position, selected: string | null, kichwa: boolean) {
  if (!kichwa) return selected ? [selected] : [];
  const front = position.toMove === "S" ? "A" : "a";
  return [`${front}1`, `${front}${position.width}`];
}

// Scrolls the window down until `pits` (names) are all above `picker`, as far as the
// window's height allows; the lowest pit wins when they do not all fit.
export function keepAbovePicker(board: HTMLElement, picker: HTMLElement, pits: readonly string[]) {
  if (picker.hidden || !pits.length) return;
  const boxes = pits
    .map((p) => board.querySelector(`[data-pit="${p}"] .hit`)?.getBoundingClientRect())
    .filter((r): r is DOMRect => !!r);
  if (!boxes.length) return;
  const top = Math.min(...boxes.map((r) => r.top));
  const bottom = Math.max(...boxes.map((r) => r.bottom));
  const covered = bottom + kGapPx - picker.getBoundingClientRect().top;
  if (covered > 0) window.scrollBy({ top: covered, behavior: "instant" });
  else if (top < 0) window.scrollBy({ top: Math.max(top - kGapPx, covered), behavior: "instant" });
}

// The kichwa choice whose end the board shows, marked as pressed (null: none).
export function markPreviewed(picker: HTMLElement, letter: string | null): void {
  for (const button of picker.querySelectorAll<HTMLElement>("[data-kichwa]"))
    button.setAttribute("aria-pressed", String(button.dataset.kichwa === letter));
}
