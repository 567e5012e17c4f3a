// The choices of one pit, in words: its direction, the kichwa of a namua capture, safari
// or stop at the house. Kujifunza's kichwa choices (KichwaRule choose) are not offered up
// front: the picker offers the direction, and the sowing pauses at each central capture
// to ask (renderKichwaChoice). Only the engine's legal moves are ever offered.
import type { BoardLayout } from "./board_view.js";
import type { KichwaOption } from "./kichwa_question.js";
import type { Letter, MoveToken } from "./move_token.js";
import { facingIndex, opponent, type Position } from "./position.js";

const kFlat: BoardLayout = { upright: false, flipped: false };

// L and R are as the mover sees the board; the board is drawn from South's side, so
// North's L points right on the screen (and the other way round when it is flipped).
// Upright (narrow screens), the screen's left is down.
export function arrow(letter: Letter, p: Position, layout: BoardLayout): string {
  const left = ((letter === "L") === (p.toMove === "S")) !== layout.flipped;
  if (layout.upright) return left ? "↓" : "↑";
  return left ? "←" : "→";
}

export function describeMove(
  move: MoveToken,
  p: Position,
  siblings: readonly MoveToken[],
  layout: BoardLayout = kFlat,
): string {
  if (p.variant === "kigogo") return "sow (anticlockwise)";
  const parts: string[] = [];
  const namua = p.variant === "kiswahili" && p.hands[p.toMove] > 0;
  const letter = move.letter ?? "L";
  const facing = p.rings[opponent(p.toMove)][facingIndex(move.pit.index, p.width)] ?? 0;
  if (namua && facing > 0 && move.pit.index < p.width) {
    parts.push(`capture, seeds enter the ${letter === "L" ? "left" : "right"} kichwa`);
  } else {
    parts.push(`${namua ? "takasa " : ""}${letter} ${arrow(letter, p, layout)}`);
  }
  if (move.kichwa.length)
    parts.push(`central captures enter kichwa ${move.kichwa.join(", then ")}`);
  if (move.safari) parts.push("safari at the house");
  else if (siblings.some((s) => s.safari && s.text === move.text + "+"))
    parts.push("stop at the house");
  return parts.join("; ");
}

// The token without its kichwa letters: `A3R:LRL` -> `A3R`.
export function directionOf(token: string): string {
  return token.split(":")[0]!;
}

// `says(token)`: what the move does, in words (move_summary.ts). Each choice has a
// button beside it that steps through its sowing seed by seed (sowing_steps.ts).
export function renderPicker(
  pit: string,
  moves: readonly MoveToken[],
  p: Position,
  layout: BoardLayout = kFlat,
  says: (token: string) => string = () => "",
): string {
  const seen = new Set<string>();
  const buttons: string[] = [];
  const step = (token: string) =>
    `<button type="button" class="move-step" data-step-move="${token}" aria-label="step through ${token} seed by seed">step</button>`;
  const effect = (token: string) => {
    const words = says(token);
    return words ? `<span class="move-says">${words}</span>` : "";
  };
  for (const m of moves) {
    if (m.kichwa.length) {
      // Kujifunza, choose: one button per direction; the kichwa is asked at each capture.
      const base = directionOf(m.text);
      if (seen.has(base)) continue;
      seen.add(base);
      const letter = m.letter ?? "L";
      buttons.push(
        `<div class="choice-row"><button type="button" class="move-choice" data-base="${base}">` +
          `<b>${base}</b> <span>${letter} ${arrow(letter, p, layout)}; captures: you choose each kichwa as it comes</span> ${effect(base)}</button>${step(base)}</div>`,
      );
      continue;
    }
    buttons.push(
      `<div class="choice-row"><button type="button" class="move-choice" data-move="${m.text}">` +
        `<b>${m.text}</b> <span>${describeMove(m, p, moves, layout)}</span> ${effect(m.text)}</button>${step(m.text)}</div>`,
    );
  }
  return (
    `<div class="picker-title">Moves from ${pit}:</div>${buttons.join("")}` +
    `<button type="button" class="move-cancel" data-cancel="1">cancel</button>`
  );
}

// The question at a central capture: which kichwa the captured seeds enter.
export function renderKichwaChoice(
  base: string,
  chosen: readonly Letter[],
  options: readonly KichwaOption[],
  captured: number,
): string {
  const buttons = options
    .map(
      (o) =>
        `<button type="button" class="kichwa-choice" data-kichwa="${o.letter}">` +
        `<b>${o.letter === "L" ? "left" : "right"} kichwa (${o.letter})</b> <span>${o.captured} more seed${o.captured === 1 ? "" : "s"} captured; ${o.ends}</span></button>`,
    )
    .join("");
  const so = chosen.length ? ` (chosen so far: ${chosen.join("")})` : "";
  return (
    `<div class="picker-title">${base}: ${captured} seed${captured === 1 ? "" : "s"} captured${so}. Which kichwa do they enter? ` +
    `Tap one to see where it ends, again to play it.</div>${buttons}` +
    `<button type="button" class="move-cancel" data-cancel="1">cancel the move</button>`
  );
}
