// The board page's link to the rules page (rules.html) of the variant on the board: its
// address is set whenever it may be followed, so a variant changed by a record or a
// setting is the one opened.
import { $ } from "./dom.js";

export function wireRulesLink(variant: () => string): void {
  const link = $<HTMLAnchorElement>("rules-link");
  const update = () => link.setAttribute("href", `rules.html#${encodeURIComponent(variant())}`);
  for (const event of ["pointerdown", "mouseenter", "focus", "click"])
    link.addEventListener(event, update);
  update();
}
