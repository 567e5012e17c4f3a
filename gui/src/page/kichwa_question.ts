// Kujifunza under KichwaRule choose (rules.md section 5): the mover picks the kichwa of
// each central capture. The page asks when the sowing reaches the capture, not up front:
// a direction is sown as far as the letters chosen so far go, and at the next central
// capture the choices some legal move takes are offered, each with where it ends.
import type { Letter } from "./move_token.js";
import { parseMoveToken } from "./move_token.js";
import { opponent, seedsOnBoard, type Position } from "./position.js";
import { sowUntilChoice, type Frame } from "./sowing.js";

export interface KichwaOption {
  letter: Letter;
  captured: number; // the opponent's seeds this choice takes before it ends or asks again
  ends: string; // "the move ends at A2" or "then another capture to choose"
  end: Frame; // the board where it ends or asks again (the preview)
}

// Either the move is complete (`token`: the engine's token, or null when the choices
// lead to no legal move), or it stops at a capture (`frames` up to it) with its options.
export type KichwaStep = { token: string | null } | { frames: Frame[]; options: KichwaOption[] };

export function kichwaStep(
  before: Position,
  base: string,
  chosen: readonly Letter[],
  candidates: readonly string[],
): KichwaStep {
  const prefix = chosen.join("");
  const token = prefix ? `${base}:${prefix}` : base;
  const sown = sowUntilChoice(before, parseMoveToken(token, before.width)!, "choose");
  if (sown.final)
    return { token: candidates.find((t) => t.toUpperCase() === token.toUpperCase()) ?? null };
  const atCapture = sown.frames[sown.frames.length - 1]!;
  const victim = opponent(before.toMove);
  const letters = (["L", "R"] as Letter[]).filter((letter) =>
    candidates.some((t) => (t.split(":")[1] ?? "").toUpperCase().startsWith(prefix + letter)),
  );
  const options = letters.map((letter): KichwaOption => {
    const next = sowUntilChoice(
      before,
      parseMoveToken(`${base}:${prefix}${letter}`, before.width)!,
      "choose",
    );
    const end = next.frames[next.frames.length - 1]!;
    const lastSow = [...next.frames].reverse().find((f) => f.note === "sow");
    return {
      letter,
      captured: seedsOnBoard(atCapture.position, victim) - seedsOnBoard(end.position, victim),
      ends: next.final
        ? `the move ends at ${lastSow?.highlight[0] ?? "?"}`
        : "then another capture to choose",
      end,
    };
  });
  return { frames: sown.frames, options };
}
