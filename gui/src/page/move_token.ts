// Move tokens (docs/interface.md section 1), read for the move picker and the animation.
import { parsePitName, pitName, type Pit } from "./position.js";

export type Letter = "L" | "R";

export interface MoveToken {
  text: string; // as the engine printed it
  pit: Pit; // the start pit, or in namua the pit that receives the hand seed
  letter: Letter | null; // direction, or in a namua capture the kichwa; none in kigogo
  kichwa: Letter[]; // kujifunza under KichwaRule=choose: one per central capture
  safari: boolean; // kiswahili: `+`, safari taken at the house
}

// A token's shape: pit, direction, kujifunza's kichwa letters, safari.
export const kMoveTokenPattern = /^([ABab]\d{1,2})([LRlr])?(?::([LRlr]+))?(\+)?$/;

export function parseMoveToken(text: string, width: number): MoveToken | null {
  const m = kMoveTokenPattern.exec(text);
  if (!m) return null;
  const pit = parsePitName(m[1]!, width);
  if (!pit) return null;
  return {
    text,
    pit,
    letter: m[2] ? (m[2].toUpperCase() as Letter) : null,
    kichwa: m[3] ? ([...m[3].toUpperCase()] as Letter[]) : [],
    safari: m[4] === "+",
  };
}

// The legal moves grouped by the pit a player clicks first.
export function movesByPit(tokens: readonly string[], width: number): Map<string, MoveToken[]> {
  const byPit = new Map<string, MoveToken[]>();
  for (const text of tokens) {
    const move = parseMoveToken(text, width);
    if (!move) continue;
    const name = pitName(move.pit, width);
    const list = byPit.get(name) ?? [];
    list.push(move);
    byPit.set(name, list);
  }
  return byPit;
}
