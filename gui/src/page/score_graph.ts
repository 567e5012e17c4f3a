// The score over the game: one point per position the engine analysed (South's view, in
// seeds, clamped), and the moves the review marked (move_marks.ts).
import { kMateScore, type Evaluation } from "./game.js";
import { describeMark, type MoveMark } from "./move_marks.js";

const kClampCp = 1000; // the graph shows -10..+10 seeds; a won game sits at the edge

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
      `<circle class="point${mark ? " " + mark.kind : ""}${ply === current ? " current" : ""}" data-ply="${ply}" ` +
        `cx="${x(ply).toFixed(1)}" cy="${y(cp).toFixed(1)}" r="${mark ? 7 : 4.5}">` +
        `<title>${positionName(ply)}: ${formatScore(e)} (depth ${e.depth})${mark ? `; ${mark.symbol} ${describeMark(mark)}` : ""}</title></circle>`,
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
