// The score over the game: one point per position the engine analysed (South's view, in
// seeds, clamped), and the moves that lost most for the side that played them.
import { kMateScore, type Evaluation } from "./game.js";
import type { Side } from "./position.js";

const kClampCp = 1000; // the graph shows -10..+10 seeds; a won game sits at the edge
const kMistakeCp = 100; // a move losing a seed or more
const kBlunderCp = 300;
const kMarked = 3; // at most this many moves are marked as the ones that lost most

export type MoveMark = "blunder" | "mistake";

// The score in centi-seeds from South's view, mates at the edge.
export function southCp(e: Evaluation): number {
  if (e.mate !== null) return e.mate > 0 ? kMateScore : -kMateScore;
  return e.cp;
}

export function formatScore(e: Evaluation): string {
  if (e.mate !== null) return `#${e.mate}`;
  if (Math.abs(e.cp) >= kMateScore) return e.cp > 0 ? "South won" : "North won";
  const seeds = e.cp / 100;
  return `${seeds > 0 ? "+" : ""}${seeds.toFixed(2)}`;
}

// Each move's loss for its mover (centi-seeds, >= 0), where both positions are analysed.
export function moveLosses(
  evals: readonly (Evaluation | null)[],
  movers: readonly Side[],
): (number | null)[] {
  return movers.map((side, i) => {
    const before = evals[i];
    const after = evals[i + 1];
    if (!before || !after) return null;
    const sign = side === "S" ? 1 : -1;
    const clamp = (cp: number) => Math.max(-kClampCp * 3, Math.min(kClampCp * 3, cp));
    return Math.max(0, sign * (clamp(southCp(before)) - clamp(southCp(after))));
  });
}

// The moves that lost most: the largest losses above a seed, at most kMarked of them.
export function markMoves(losses: readonly (number | null)[]): Map<number, MoveMark> {
  const ranked = losses
    .map((loss, i) => ({ loss: loss ?? 0, i }))
    .filter((m) => m.loss >= kMistakeCp)
    .sort((a, b) => b.loss - a.loss)
    .slice(0, kMarked);
  return new Map(ranked.map((m) => [m.i, m.loss >= kBlunderCp ? "blunder" : "mistake"]));
}

export function renderGraph(
  evals: readonly (Evaluation | null)[],
  plies: number,
  current: number,
  marks: ReadonlyMap<number, MoveMark>,
  positionName: (ply: number) => string = (ply) => `position ${ply}`, // "after 2. A3L"
): string {
  const width = 1000; // wide and low: the graph runs under the board
  const height = 150;
  const x = (ply: number) => 8 + (plies > 0 ? (ply / plies) * (width - 16) : (width - 16) / 2);
  const y = (cp: number) =>
    height / 2 - (Math.max(-kClampCp, Math.min(kClampCp, cp)) / kClampCp) * (height / 2 - 8);
  const points: string[] = [];
  const dots: string[] = [];
  evals.forEach((e, ply) => {
    if (!e || ply > plies) return;
    const cp = southCp(e);
    points.push(`${x(ply).toFixed(1)},${y(cp).toFixed(1)}`);
    const mark = ply > 0 ? marks.get(ply - 1) : undefined; // the move that led here
    dots.push(
      `<circle class="point${mark ? " " + mark : ""}${ply === current ? " current" : ""}" data-ply="${ply}" ` +
        `cx="${x(ply).toFixed(1)}" cy="${y(cp).toFixed(1)}" r="${mark ? 7 : 4.5}">` +
        `<title>${positionName(ply)}: ${formatScore(e)} (depth ${e.depth})</title></circle>`,
    );
  });
  return (
    `<svg viewBox="0 0 ${width} ${height}" role="img" aria-label="score over the game, ${dots.length} positions analysed" data-points="${dots.length}">` +
    `<line class="axis" x1="0" y1="${height / 2}" x2="${width}" y2="${height / 2}"/>` +
    (points.length > 1 ? `<polyline class="line" points="${points.join(" ")}"/>` : "") +
    dots.join("") +
    `</svg>`
  );
}
