// The choices of one pit, in words: its direction, the kichwa of a namua capture or of
// each central capture (kujifunza), safari or stop at the house. Only the engine's legal
// moves are ever offered.
import type { Letter, MoveToken } from "./move_token.js";
import { facingIndex, opponent, type Position } from "./position.js";

// L and R are as the mover sees the board; the board is drawn from South's side, so
// North's L points right on the screen.
function arrow(letter: Letter, p: Position): string {
  const left = (letter === "L") === (p.toMove === "S");
  return left ? "←" : "→";
}

export function describeMove(move: MoveToken, p: Position, siblings: readonly MoveToken[]): string {
  if (p.variant === "kigogo") return "sow (anticlockwise)";
  const parts: string[] = [];
  const namua = p.variant === "kiswahili" && p.hands[p.toMove] > 0;
  const letter = move.letter ?? "L";
  const facing = p.rings[opponent(p.toMove)][facingIndex(move.pit.index, p.width)] ?? 0;
  if (namua && facing > 0 && move.pit.index < p.width) {
    parts.push(`capture, seeds enter the ${letter === "L" ? "left" : "right"} kichwa`);
  } else {
    parts.push(`${namua ? "takasa " : ""}${letter} ${arrow(letter, p)}`);
  }
  if (move.kichwa.length)
    parts.push(`central captures enter kichwa ${move.kichwa.join(", then ")}`);
  if (move.safari) parts.push("safari at the house");
  else if (siblings.some((s) => s.safari && s.text === move.text + "+"))
    parts.push("stop at the house");
  return parts.join("; ");
}

export function renderPicker(pit: string, moves: readonly MoveToken[], p: Position): string {
  const buttons = moves
    .map(
      (m) =>
        `<button type="button" class="move-choice" data-move="${m.text}">` +
        `<b>${m.text}</b> <span>${describeMove(m, p, moves)}</span></button>`,
    )
    .join("");
  return (
    `<div class="picker-title">Moves from ${pit}:</div>${buttons}` +
    `<button type="button" class="move-cancel" data-cancel="1">cancel</button>`
  );
}
