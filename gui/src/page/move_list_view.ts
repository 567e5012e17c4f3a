// The move list (numbered pairs, think times, the review's marks), the variations kept
// off the game's line, as nested lists, and the marked moves in words.
import { $ } from "./dom.js";
import type { Game, Variation } from "./game.js";
import { moveNumber, numberedLine } from "./move_numbers.js";
import { describeMark, type MoveMark } from "./move_marks.js";

export function drawMoveList(game: Game, viewPly: number, marks: Map<number, MoveMark>): void {
  const northFirst = game.toMove(0) === "N";
  const items = game.moves.map((move, i) => {
    const { number: n, south } = moveNumber(game, i);
    const number = south ? `${n}.` : i === 0 ? `${n}…` : "";
    const ms = game.thinkMs[i];
    const mark = marks.get(i);
    const classes = [south ? "south" : "north"];
    if (i === 0 && northFirst) classes.push("first-north");
    if (i + 1 === viewPly) classes.push("current");
    if (mark) classes.push(mark.kind);
    return (
      `<li data-ply="${i + 1}" data-token="${move}" class="${classes.join(" ")}"` +
      (mark
        ? ` data-mark="${mark.kind}" data-loss="${mark.loss}" title="${describeMark(mark)}"`
        : "") +
      ">" +
      (number ? `<span class="number">${number}</span>` : "") +
      move +
      (mark ? `<span class="mark">${mark.symbol}</span>` : "") +
      (ms !== null && ms !== undefined ? ` <small>${ms} ms</small>` : "") +
      `</li>`
    );
  });
  const list = $("moves");
  list.innerHTML = items.join("");
  list.dataset.plies = String(game.plies);
  // Keep the current move in sight inside the list (not by scrolling the page).
  const current = list.querySelector<HTMLElement>(".current");
  if (
    current &&
    (current.offsetTop < list.scrollTop ||
      current.offsetTop > list.scrollTop + list.clientHeight - 20)
  )
    list.scrollTop = current.offsetTop - list.clientHeight / 2;
  $("variations").innerHTML = variationsHtml(game, game.variations, "");
  drawMarkList(game, marks);
}

// The variations as nested lists: those left inside a variation under it, each named by
// the number of its first move and its moves numbered as in the list ("from move 2: 2…
// a6L 3. A7R"). `path` is the variation's place in the tree, as Game.switchTo takes it
// ("0.1": the second inside the first).
function variationsHtml(game: Game, list: readonly Variation[], path: string): string {
  return list
    .map((v, i) => {
      const at = path ? `${path}.${i}` : String(i);
      const inside = v.variations?.length
        ? `<ul>${variationsHtml(game, v.variations, at)}</ul>`
        : "";
      const line = numberedLine(game, v.ply, v.moves.slice(0, 8));
      return (
        `<li data-from="${v.ply}">from move ${moveNumber(game, v.ply).number}: <code>${line}${v.moves.length > 8 ? " …" : ""}</code> ` +
        `<button type="button" data-variation="${at}">switch to it</button>${inside}</li>`
      );
    })
    .join("");
}

// The marked moves in words, under the move list: "3. A4R ?? lost 30.46 seeds; best was
// A3R", each a button to that position.
function drawMarkList(game: Game, marks: Map<number, MoveMark>): void {
  const list = $("review-marks");
  list.innerHTML = [...marks.entries()]
    .map(([i, mark]) => {
      const { number: n, south } = moveNumber(game, i);
      return (
        `<li data-ply="${i + 1}" data-mark="${mark.kind}"><button type="button" data-ply="${i + 1}">` +
        `${n}${south ? "." : "…"} ${game.moves[i]}${mark.symbol}</button> ${describeMark(mark)}</li>`
      );
    })
    .join("");
  list.hidden = marks.size === 0;
}
