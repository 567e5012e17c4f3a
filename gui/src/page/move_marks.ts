// The review's judgement of each move (issue #31, Review): what it lost for the side that
// played it, by the engine's scores of the positions before and after it, and the mark
// that loss earns: `?!` half a seed, `?` a seed, `??` three seeds or more; with the move
// the engine found best instead. Every move past the threshold is marked, not only the
// worst few. Two kinds of difference are the search's noise, not the player's loss: the
// move the engine itself chose, and a mate score the search did not see to its end.
import { kMateScore, type Evaluation } from "./game.js";
import type { Side } from "./position.js";

const kInaccuracyCp = 50; // ?!
const kMistakeCp = 100; // ?
const kBlunderCp = 300; // ??
// A won or lost game counts as kMateScore, 100 seeds: more than any lead (kigogo's board
// holds 96), so that a loss is seen however far ahead or behind the game already is.
const kLossClampCp = kMateScore;

export type MoveMarkKind = "inaccuracy" | "mistake" | "blunder";

export interface MoveMark {
  kind: MoveMarkKind;
  symbol: "?!" | "?" | "??";
  loss: number; // centi-seeds, for the side that played the move
  best: string | null; // the engine's move there, when it was another
}

// The score in centi-seeds from South's view, a mate or a finished game at the clamp.
function southValue(e: Evaluation): number {
  const cp = e.mate !== null ? Math.sign(e.mate) * kMateScore : e.cp;
  return Math.max(-kLossClampCp, Math.min(kLossClampCp, cp));
}

// A mate in N moves takes 2N-1 plies; reported by a search shallower than that, it was
// found past the search's horizon (its extensions, its pruning) and may be gone, or turn
// into the other side's mate, one move later at the same depth.
function seenToItsEnd(e: Evaluation): boolean {
  return e.mate === null || 2 * Math.abs(e.mate) - 1 <= e.depth;
}

// The mark of the move `played` by `side` between the scores `before` and `after` (null:
// no mark, or not both analysed).
export function markMove(
  before: Evaluation | null | undefined,
  after: Evaluation | null | undefined,
  side: Side,
  played: string,
): MoveMark | null {
  if (!before || !after || !seenToItsEnd(before) || !seenToItsEnd(after)) return null;
  const best = before.pv[0] ?? null;
  if (best !== null && best.toLowerCase() === played.toLowerCase()) return null;
  const sign = side === "S" ? 1 : -1;
  const loss = Math.max(0, sign * (southValue(before) - southValue(after)));
  if (loss < kInaccuracyCp) return null;
  const kind = loss >= kBlunderCp ? "blunder" : loss >= kMistakeCp ? "mistake" : "inaccuracy";
  const symbol = kind === "blunder" ? "??" : kind === "mistake" ? "?" : "?!";
  return { kind, symbol, loss, best };
}

// Every move's mark, by its index in the game.
export function markMoves(
  evals: readonly (Evaluation | null)[],
  movers: readonly Side[],
  moves: readonly string[],
): Map<number, MoveMark> {
  const marks = new Map<number, MoveMark>();
  moves.forEach((move, i) => {
    const mark = markMove(evals[i], evals[i + 1], movers[i]!, move);
    if (mark) marks.set(i, mark);
  });
  return marks;
}

// "lost 3.40 seeds; best was A7L"
export function describeMark(mark: MoveMark): string {
  const seeds = (mark.loss / 100).toFixed(2);
  return `lost ${seeds} seeds${mark.best ? `; best was ${mark.best}` : ""}`;
}
