// The engine's thinking as a live table: the newest line of each MultiPV rank on top,
// then every info line of the search, newest first; and the search's progress between
// its reports (time, nodes, the move being searched). Each PV move can be clicked to
// preview the line up to it.
import { parseInfoLine, type InfoLine } from "./info_line.js";

const kLogRows = 200;

// Each cell names its column (class), so that a narrow screen can lay a row out as a
// line of labelled numbers with the PV wrapped under it (style.css).
function cell(column: string, value: number | string | null): string {
  return `<td class="${column}">${value === null ? "" : typeof value === "number" ? value.toLocaleString("en-US") : value}</td>`;
}

function row(info: InfoLine, clickable: boolean): string {
  const score =
    info.score === null
      ? null
      : info.score + (info.bound === "lowerbound" ? " ≥" : info.bound === "upperbound" ? " ≤" : "");
  const pv = info.pv
    .map(
      (m, i) =>
        `<span class="pv-move"${clickable ? ` tabindex="0" role="button" data-rank="${info.multipv}" data-index="${i}"` : ""}>${m}</span>`,
    )
    .join(" ");
  return (
    `<tr class="info-row" data-depth="${info.depth ?? ""}" data-multipv="${info.multipv}">` +
    cell("rank", info.multipv) +
    cell(
      "depth",
      info.depth === null
        ? null
        : `${info.depth}${info.seldepth !== null ? "/" + info.seldepth : ""}`,
    ) +
    cell("score", score) +
    cell("nodes", info.nodes) +
    cell("nps", info.nps) +
    cell("time", info.time === null ? null : (info.time / 1000).toFixed(2)) +
    `<td class="pv">${pv}</td></tr>`
  );
}

const kHeader =
  "<thead><tr><th>pv</th><th>depth</th><th>score</th><th>nodes</th><th>nps</th><th>time s</th><th>moves</th></tr></thead>";

export class AnalysisView {
  private best = new Map<number, InfoLine>();
  private log: InfoLine[] = [];
  private scheduled = false;
  private started = 0; // when the search started (performance.now()), 0: none running
  private lastNodes: number | null = null;
  private currmove: string | null = null;
  // The newest report of rank 1 (for the evaluation bar and the game's scores).
  onBest: (info: InfoLine) => void = () => {};

  constructor(
    private readonly summary: HTMLElement,
    private readonly history: HTMLElement,
    private readonly caption: HTMLElement,
    private readonly progress: HTMLElement,
  ) {
    this.clear("");
    setInterval(() => this.drawProgress(), 250);
  }

  clear(caption: string): void {
    this.best.clear();
    this.log = [];
    this.caption.textContent = caption;
    this.lastNodes = null;
    this.currmove = null;
    this.draw();
  }

  setCaption(caption: string): void {
    this.caption.textContent = caption;
  }

  // A search starts (live progress) or ends (null).
  searching(on: boolean): void {
    this.started = on ? performance.now() : 0;
    this.drawProgress();
  }

  add(line: string): void {
    const info = parseInfoLine(line);
    if (!info) return;
    if (info.nodes !== null) this.lastNodes = info.nodes;
    if (info.currmove !== null) this.currmove = info.currmove;
    if (info.depth === null) return; // progress only
    this.best.set(info.multipv, info);
    this.log.unshift(info);
    if (this.log.length > kLogRows) this.log.pop();
    if (info.multipv === 1) this.onBest(info);
    // Many lines can arrive in one frame: draw once per frame.
    if (!this.scheduled) {
      this.scheduled = true;
      requestAnimationFrame(() => {
        this.scheduled = false;
        this.draw();
      });
    }
  }

  private drawProgress(): void {
    if (!this.started) {
      this.progress.textContent = "";
      this.progress.dataset.running = "false";
      return;
    }
    const seconds = ((performance.now() - this.started) / 1000).toFixed(1);
    const top = this.best.get(1);
    const parts = [`searching ${seconds} s`];
    if (top?.depth) parts.push(`depth ${top.depth} done`);
    if (this.lastNodes !== null) parts.push(`${this.lastNodes.toLocaleString("en-US")} nodes`);
    const move = this.currmove ?? top?.pv[0];
    if (move) parts.push(`${this.currmove ? "searching" : "best so far"} ${move}`);
    this.progress.textContent = parts.join(" · ");
    this.progress.dataset.running = "true";
  }

  private draw(): void {
    const ranks = [...this.best.keys()].sort((a, b) => a - b);
    this.summary.innerHTML = `<table class="info">${kHeader}<tbody>${ranks.map((k) => row(this.best.get(k)!, true)).join("")}</tbody></table>`;
    this.history.innerHTML = `<table class="info">${kHeader}<tbody>${this.log.map((i) => row(i, false)).join("")}</tbody></table>`;
    this.summary.dataset.lines = String(this.log.length);
  }
}
