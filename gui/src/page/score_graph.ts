// The score over the game: one point per position the engine analysed (in seeds, clamped,
// from the player's view in Play and South's elsewhere), with its axes and their labels,
// and the moves the review marked (move_marks.ts).
import { kMateScore, type Evaluation } from "./game.js";
import { describeMark, type MoveMark } from "./move_marks.js";
import { sideName, type Side } from "./position.js";

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

// How the graph is drawn: the side whose score it shows (up: that side ahead), and the
// move number of each position (ply) for the x axis.
export interface GraphView {
  side: Side;
  positionName: (ply: number) => string; // "after 2. A3L"
  moveNumber: (ply: number) => number; // the number of the move that led to `ply`
  width: number; // of the drawing: the box's width in px, so that its texts keep their size
}

const kDefaultView: GraphView = {
  side: "S",
  positionName: (ply) => `position ${ply}`,
  moveNumber: (ply) => Math.ceil(ply / 2),
  width: 1000,
};

// The graph as an SVG drawing: a y axis in seeds (-10..+10, from `view.side`'s view) with
// its title, an x axis of move numbers, the line of the scores and a point per position
// (marked moves coloured, the position shown ringed).
export function renderGraph(
  evals: readonly (Evaluation | null)[],
  plies: number,
  current: number,
  marks: ReadonlyMap<number, MoveMark>,
  view: GraphView = kDefaultView,
): string {
  const width = Math.max(300, Math.round(view.width)); // wide and low, under the board
  const height = 190;
  const left = 64; // the y axis's labels and title
  const right = 12;
  const top = 10;
  const bottom = 36; // the x axis's labels and title
  const plot = height - top - bottom;
  const sign = view.side === "S" ? 1 : -1;
  const x = (ply: number) =>
    left + (plies > 0 ? (ply / plies) * (width - left - right) : (width - left - right) / 2);
  const y = (cp: number) =>
    top + plot / 2 - (Math.max(-kClampCp, Math.min(kClampCp, cp)) / kClampCp) * (plot / 2);
  const axes: string[] = [];
  for (const seeds of [-10, -5, 0, 5, 10]) {
    const at = y(seeds * 100).toFixed(1);
    axes.push(
      `<line class="${seeds === 0 ? "axis" : "grid"}" x1="${left}" y1="${at}" x2="${width - right}" y2="${at}"/>`,
      `<text class="axis-label y-label" x="${left - 6}" y="${at}">${seeds > 0 ? "+" : ""}${seeds}</text>`,
    );
  }
  axes.push(
    `<line class="axis" x1="${left}" y1="${top}" x2="${left}" y2="${top + plot}"/>`,
    `<text class="axis-title" transform="translate(14 ${top + plot / 2}) rotate(-90)">${sideName(view.side)} ahead (seeds)</text>`,
  );
  for (const ply of xTicks(plies, view.moveNumber, Math.max(3, Math.floor(width / 90)))) {
    const at = x(ply).toFixed(1);
    axes.push(
      `<line class="grid" x1="${at}" y1="${top}" x2="${at}" y2="${top + plot}"/>`,
      `<text class="axis-label x-label" x="${at}" y="${top + plot + 14}">${view.moveNumber(ply)}</text>`,
    );
  }
  axes.push(
    `<text class="axis-title" x="${left + (width - left - right) / 2}" y="${height - 4}">move</text>`,
  );
  const points: string[] = [];
  const dots: string[] = [];
  evals.forEach((e, ply) => {
    if (!e || ply > plies) return;
    const cp = sign * southCp(e);
    points.push(`${x(ply).toFixed(1)},${y(cp).toFixed(1)}`);
    const mark = ply > 0 ? marks.get(ply - 1) : undefined; // the move that led here
    dots.push(
      `<circle class="point${mark ? " " + mark.kind : ""}${ply === current ? " current" : ""}" data-ply="${ply}" data-score="${cp}" ` +
        `cx="${x(ply).toFixed(1)}" cy="${y(cp).toFixed(1)}" r="${mark ? 7 : 4.5}">` +
        `<title>${view.positionName(ply)}: ${formatScore(e)} (depth ${e.depth})${mark ? `; ${mark.symbol} ${describeMark(mark)}` : ""}</title></circle>`,
    );
  });
  return (
    `<svg viewBox="0 0 ${width} ${height}" role="img" data-side="${view.side}" ` +
    `aria-label="score over the game from ${sideName(view.side)}'s view, ${dots.length} positions analysed" data-points="${dots.length}">` +
    axes.join("") +
    (points.length > 1 ? `<polyline class="line" points="${points.join(" ")}"/>` : "") +
    dots.join("") +
    `</svg>`
  );
}

// The positions whose move numbers label the x axis: after South's moves (or North's in a
// game that starts with North), at most about `count` of them.
function xTicks(plies: number, moveNumber: (ply: number) => number, count: number): number[] {
  const last = moveNumber(plies);
  const step = [1, 2, 5, 10, 20, 50, 100].find((s) => last / s <= count) ?? 200;
  const ticks: number[] = [];
  let labelled = 0;
  for (let ply = 1; ply <= plies; ++ply) {
    const n = moveNumber(ply);
    if (n !== labelled && (n === 1 || n % step === 0)) {
      ticks.push(ply);
      labelled = n;
    }
  }
  return ticks;
}
